"""``grade``: a Final Flickers position graded as a puzzle: its optimum, whether it is unique, its grade.

Bounded by positions, not seconds (``control.limits.max_nodes``,
:data:`DEFAULT_MAX_NODES` when None), so the grade is the same on every
machine; the study reports no progress and is not stopped early.
"""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.control import NO_CONTROL, Control
from solver.base.exit_codes import ExitCode
from solver.nightcage.model.state import GameState
from solver.nightcage.puzzles.files import solution_lines
from solver.nightcage.puzzles.study import Study, study

DEFAULT_MAX_NODES = 200_000
"""Positions the line search may expand when the caller does not say."""


def grade(state: GameState, *, cpsat: bool = False, control: Control = NO_CONTROL) -> Answer:
    """The study of ``state`` as a puzzle (``Answer.value`` is a :class:`Study`), a win-puzzle first and,
    when no win is within reach, a lose-puzzle. ``cpsat`` also runs the CP-SAT proof and compares.

    Exit 0 for a unique win or a lose-puzzle, 1 when it is no puzzle (several
    optimal lines, a one-turn win...), 3 when the search ran out of positions.
    """
    limit = control.limits.max_nodes
    max_nodes = DEFAULT_MAX_NODES if limit is None else limit
    result = study(state, max_nodes, cpsat=cpsat)
    if result.status == "unsuitable" and "no win within" in result.reason:
        result = study(state, max_nodes, cpsat=cpsat, want="lose")
    if result.status == "unknown":
        code = ExitCode.LIMIT
    elif result.status in ("unique", "lose"):
        code = ExitCode.OK
    else:
        code = ExitCode.NO
    return Answer(code, result.as_json(), result)


__all__ = ["DEFAULT_MAX_NODES", "Study", "grade", "solution_lines"]
