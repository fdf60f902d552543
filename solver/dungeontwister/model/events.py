"""What a rule says when it acts (an :class:`Event`, citing the aid) and when it refuses (:class:`Illegal`)."""

from __future__ import annotations

from dataclasses import dataclass

from solver.dungeontwister.model.aid import RULES, Citation


@dataclass(frozen=True)
class Event:
    text: str
    citation: Citation
    ruling: str | None = None
    """The ruling whose reading decided this step (DT-...), if any."""

    def as_json(self) -> dict[str, object]:
        return {"text": self.text, "rule": self.citation.key, "line": self.citation.line, "french": self.citation.french,
                "english": self.citation.english, "reordered": self.citation.reordered, "ruling": self.ruling}


def event(text: str, key: str, ruling: str | None = None) -> Event:
    """An event citing the aid's rule ``key``."""
    return Event(text, RULES[key], ruling)


class Illegal(ValueError):
    """An action the rules refuse; the message says why, and ``citation`` the aid's line that decides it."""

    def __init__(self, reason: str, key: str | None = None, ruling: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.citation = RULES[key] if key is not None else None
        self.ruling = ruling
