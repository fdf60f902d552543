"""What happened while a step ran: the text, the rulebook line that decides it, the ruling followed."""

from __future__ import annotations

from typing import NamedTuple

from solver.deadcells.model.rulebook import cite


class Event(NamedTuple):
    code: str
    """Machine-readable kind: ``play``, ``damage``, ``kill``, ``death``, ``state``, ``advance``…"""
    text: str
    cite: str | None = None
    """A key of ``model.rulebook.CITATIONS``."""
    ruling: str | None = None
    round: int = -1

    def citation(self) -> str | None:
        return cite(self.cite).text() if self.cite else None

    def as_json(self) -> dict[str, object]:
        document: dict[str, object] = {"code": self.code, "text": self.text, "round": self.round}
        if self.cite:
            c = cite(self.cite)
            document["cite"] = {"key": self.cite, "where": c.where, "french": c.original, "english": c.english}
        if self.ruling:
            document["ruling"] = self.ruling
        return document


class Log:
    """The events of one step being run, stamped with the round."""

    def __init__(self, round_: int) -> None:
        self.round = round_
        self.events: list[Event] = []

    def add(self, code: str, text: str, cite_key: str | None = None, ruling: str | None = None) -> None:
        self.events.append(Event(code, text, cite_key, ruling, self.round))
