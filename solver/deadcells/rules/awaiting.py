"""What a combat waits for: a decision of the group, or a chance outcome (a card revealed or drawn)."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple


class Awaiting(NamedTuple):
    kind: str
    """``decision`` (the group chooses, the First Player having the last word) or ``chance``."""
    question: str
    options: tuple[str, ...]
    """Every choice, as the text that makes it (``target R2``, ``to Diane``, ``play Diane st-04``)."""
    weights: tuple[Fraction, ...] = ()
    """For a chance: each outcome's exact probability."""
    cite: str | None = None

    @property
    def is_chance(self) -> bool:
        return self.kind == "chance"

    def as_json(self) -> dict[str, object]:
        document: dict[str, object] = {"kind": self.kind, "question": self.question, "options": list(self.options)}
        if self.weights:
            document["chances"] = [{"option": o, "p": str(w), "float": float(w)} for o, w in zip(self.options, self.weights)]
        return document
