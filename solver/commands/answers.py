"""A command's answer, and the one error a command adds: options that do not fit the position."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.core.errors import NightCageError
from solver.core.exit_codes import ExitCode
from solver.core.state import GameState


@dataclass(frozen=True)
class Answer:
    exit_code: ExitCode
    document: dict[str, Any]
    """The JSON document: ``--json`` output, the protocol's ``result``."""
    value: Any = None
    """What the document was made from (the command line's text form reads it)."""
    state: GameState | None = None
    """The position answered, when the command moved on from the one given (``solve --after``)."""


class OptionError(NightCageError):
    """An option the position rules out (CP-SAT on a pile of unknown order, say); names the option."""

    def __init__(self, option: str, message: str):
        super().__init__(f"{option}: {message}")
        self.option = option
        self.message = message
