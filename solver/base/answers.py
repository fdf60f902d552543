"""A command's answer, and the one error a command adds: options that do not fit the position."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.base.errors import IllegalActionError, LimitReached, LueurError, NoDecision, PositionError, UnsupportedError
from solver.base.exit_codes import ExitCode


@dataclass(frozen=True)
class Answer:
    exit_code: ExitCode
    document: dict[str, Any]
    """The JSON document: ``--json`` output, the protocol's ``result``."""
    value: Any = None
    """What the document was made from (the command line's text form reads it)."""
    state: Any = None
    """The position answered, when the command moved on from the one given (``solve --after``)."""


class OptionError(LueurError):
    """An option the position rules out (CP-SAT on a pile of unknown order, say); names the option."""

    def __init__(self, option: str, message: str):
        super().__init__(f"{option}: {message}")
        self.option = option
        self.message = message


REPORTED: tuple[tuple[type[LueurError], str, ExitCode], ...] = (
    (PositionError, "invalid position", ExitCode.BAD_INPUT),
    (OptionError, "invalid request", ExitCode.BAD_INPUT),
    (LimitReached, "limit reached", ExitCode.LIMIT),
    (NoDecision, "no decision", ExitCode.BAD_INPUT),
    (UnsupportedError, "unsupported", ExitCode.BAD_INPUT),
    (IllegalActionError, "illegal action", ExitCode.BAD_INPUT),
    (LueurError, "invalid input", ExitCode.BAD_INPUT),
)
"""How the front ends report each library error: the kind they name it by, and the exit code (first match wins)."""


def reported(exc: LueurError) -> tuple[str, ExitCode, str]:
    """The kind, exit code and message of a library error, the same in every front end."""
    kind, code = next((kind, code) for cls, kind, code in REPORTED if isinstance(exc, cls))
    message = f"{exc.action}: {exc.reason}" if isinstance(exc, IllegalActionError) else str(exc)
    return kind, code, message
