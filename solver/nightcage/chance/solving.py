"""Solving a position whose pile is of unknown order: the exact chance of winning (expectimax).

The answer has the output shape of ``lueur solve`` (see :mod:`solver.nightcage.endgame.solving`
for deterministic positions), with ``p_win`` and the best choices instead of a plan.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.limits import Limits
from solver.nightcage.chance.answer import CHANCE_EXIT, ChanceReport, is_chance
from solver.nightcage.chance.expectimax import solve_chance
from solver.nightcage.endgame.solving import Engine
from solver.nightcage.model.state import GameState


def solve_chance_position(
    state: GameState, *, engine: str = Engine.SEARCH, limits: Limits, should_stop: Callable[[], bool] | None = None,
    workers: int = 1,
) -> ChanceReport:
    """Exact probability of winning over the unknown pile order (expectimax).

    ``engine`` is the one ``solve`` was asked for: with ``both``, the answer notes that CP-SAT did not run.
    ``workers``: processes sharing out the root's choices (:mod:`solver.nightcage.chance.split`).
    """
    note = None
    if engine == Engine.BOTH:
        note = "Note: only the expectimax answers piles of unknown order; CP-SAT was not run."
    return ChanceReport(solve_chance(state, limits=limits, should_stop=should_stop, workers=workers), note)


__all__ = ["CHANCE_EXIT", "ChanceReport", "is_chance", "solve_chance_position"]
