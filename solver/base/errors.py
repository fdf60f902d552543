"""The library's errors, one hierarchy under :class:`LueurError` for every game.

The front ends turn each into a message and an exit code (:mod:`solver.base.exit_codes`):

- bad input, exit 2: :class:`NotationError` (text that is not notation),
  :class:`PositionError` (a position that cannot be read or is inconsistent,
  every problem listed), :class:`IllegalActionError` (an action the rules refuse);
- a question the library does not answer here, exit 2: :class:`UnsupportedError`
  (a position whose play is not implemented, or a planner that does not model it),
  :class:`NoDecision` (nothing to advise: the game is over or a draw comes next),
  ``base.answers.OptionError`` (an option the position rules out),
  the Night Cage's ``rules.whole_turns.NotDeterministic`` (a plan asked of a pile of unknown order);
- :class:`LimitReached`, exit 3: a search stopped at a limit before an answer;
- :class:`NotCovered`: never shown; a fast re-implementation (the simulator, the
  end-game kernel) hands the position back to the rules engine or a slower planner.

A bug is not among them: the Night Cage's ``endgame.plan.PlanError`` (a plan the rules engine
refuses) is a ``RuntimeError``, reported as an internal error (exit 70). The
protocol's ``RequestError`` describes a malformed request, not the game, and
lives outside this hierarchy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Problem(NamedTuple):
    """One thing wrong with an input, and where: a field path or ``line N, column M``."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def as_json(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}


class LueurError(Exception):
    """Base of every error the library raises about a position, an action or a question (see the module doc)."""


class NotationError(LueurError, ValueError):
    """Text that is not valid notation (an action, a cell, a position line)."""


class IllegalActionError(LueurError, ValueError):
    """A well-formed action that the rules do not allow here."""

    def __init__(self, action: str, reason: str, legal: list[str] | None = None):
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason
        self.legal = legal or []


MAX_LISTED = 100
"""Problems an error lists; past it, one last line counts the rest (a broken file can have millions)."""


def capped(problems: list[Problem], limit: int = MAX_LISTED) -> list[Problem]:
    """The first ``limit`` problems, and a last one counting those left out.

    >>> capped([Problem(f"k{i}", "unknown") for i in range(5)], 2)[-1].message
    '... and 3 more problems, not listed'
    """
    if len(problems) <= limit:
        return problems
    return [*problems[:limit], Problem("", f"... and {len(problems) - limit:,} more problems, not listed")]


class PositionError(LueurError, ValueError):
    """A position that cannot be read or is inconsistent; lists every problem found (at most
    :data:`MAX_LISTED`, then a count of the rest; ``total`` counts them all)."""

    def __init__(self, problems: list[Problem]):
        self.total = len(problems)
        self.problems = capped(problems)
        super().__init__("; ".join(str(p) for p in self.problems))

    def relocated(self, locate: Callable[[Problem], Problem]) -> PositionError:
        """The same error with each listed problem moved by ``locate`` (its count of those left out kept as is).

        >>> error = PositionError([Problem(f"k{i}", "unknown") for i in range(102)]).relocated(lambda p: p._replace(path="x." + p.path))
        >>> error.total, len(error.problems), error.problems[-1].message
        (102, 101, '... and 2 more problems, not listed')
        """
        listed = self.problems[:MAX_LISTED] if self.total > MAX_LISTED else self.problems
        moved = PositionError([locate(p) for p in listed])
        moved.total = self.total
        moved.problems += self.problems[len(listed):]
        moved.args = ("; ".join(str(p) for p in moved.problems),)
        return moved


class LimitReached(LueurError):
    """A search reached one of its limits (positions, time, or a request to stop) before an answer.

    Not a fault of the input: a larger limit may answer. The message says which limit.
    """


class NoDecision(LueurError):
    """The position awaits no decision (the game is over, or a draw comes next): there is nothing to advise."""


class UnsupportedError(LueurError):
    """A valid position whose play the engine does not implement yet."""


class NotCovered(LueurError):
    """A valid position outside what a fast re-implementation covers (the simulator, the end-game kernel).

    Not a fault of the input: the caller falls back on the rules engine or a slower planner.
    """
