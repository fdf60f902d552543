"""The library's errors. The CLI turns each into a message and exit code 2."""

from __future__ import annotations

from typing import NamedTuple


class Problem(NamedTuple):
    """One thing wrong with an input, and where: a field path or ``line N, column M``."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def as_json(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}


class NightCageError(Exception):
    """Base of every error the library raises on bad input."""


class NotationError(NightCageError, ValueError):
    """Text that is not valid notation (an action, a cell, a position line)."""


class IllegalActionError(NightCageError, ValueError):
    """A well-formed action that the rules do not allow here."""

    def __init__(self, action: str, reason: str, legal: list[str] | None = None):
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason
        self.legal = legal or []


class PositionError(NightCageError, ValueError):
    """A position that cannot be read or is inconsistent; lists every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


class NoDecision(NightCageError):
    """The position awaits no decision (the game is over, or a draw comes next): there is nothing to advise."""


class UnsupportedError(NightCageError):
    """A valid position whose play the engine does not implement yet."""


class NotCovered(NightCageError):
    """A valid position outside what a fast re-implementation covers (the simulator, the end-game kernel).

    Not a fault of the input: the caller falls back on the rules engine or a slower planner.
    """
