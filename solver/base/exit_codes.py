"""The exit codes: one table for the command line, the engine protocol (``exit_code``) and the planners' answers.

>>> int(ExitCode.LIMIT), ExitCode.LIMIT.meaning
(3, 'a limit was reached before an answer')
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    NO = 1
    BAD_INPUT = 2
    LIMIT = 3
    DISAGREE = 4
    INTERNAL = 70
    INTERRUPTED = 130

    @property
    def meaning(self) -> str:
        return MEANINGS[self]


MEANINGS = {
    ExitCode.OK: "ok / yes",
    ExitCode.NO: "a valid question answered no",
    ExitCode.BAD_INPUT: "bad input (unreadable or invalid position, illegal action)",
    ExitCode.LIMIT: "a limit was reached before an answer",
    ExitCode.DISAGREE: "the two planners disagree (a bug: please report it)",
    ExitCode.INTERNAL: "an internal error (a bug: please report it)",
    ExitCode.INTERRUPTED: "interrupted (Ctrl-C)",
}
