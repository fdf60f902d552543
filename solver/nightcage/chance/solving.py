"""Solving a position whose pile is of unknown order: the exact chance of winning (expectimax).

The answer has the output shape of ``lueur solve`` (see :mod:`solver.nightcage.endgame.solving`
for deterministic positions), with ``p_win`` and the best choices instead of a plan.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.base.exit_codes import ExitCode
from solver.base.limits import Limits
from solver.nightcage.chance.expectimax import ChanceSolution, ChanceVerdict, solve_chance
from solver.nightcage.endgame.solving import Engine
from solver.nightcage.model.state import GameState

CHANCE_EXIT = {ChanceVerdict.CERTAIN: ExitCode.OK, ChanceVerdict.POSSIBLE: ExitCode.OK, ChanceVerdict.IMPOSSIBLE: ExitCode.NO,
               ChanceVerdict.UNKNOWN: ExitCode.LIMIT}


def is_chance(state: GameState) -> bool:
    """Whether tiles of unknown order are still to be drawn (no deterministic plan exists)."""
    return bool(state.pile.count) and not state.pile.known


@dataclass
class ChanceReport:
    """The expectimax answer for a pile of unknown order, in the output shape of ``solve``."""

    solution: ChanceSolution
    note: str | None = None

    @property
    def exit_code(self) -> ExitCode:
        return CHANCE_EXIT[self.solution.verdict]

    def as_json(self, state: GameState, boards: bool = False) -> dict[str, Any]:
        doc = self.solution.as_json()
        # The deterministic shape's fields, null here: a plan depends on the draws.
        doc = {"verdict": doc.pop("verdict"), "p_win": doc.pop("p_win"), "turns": None, "nerve_spent": None, "plan": [], **doc}
        doc["note"] = self.note
        return doc


def solve_chance_position(
    state: GameState, *, engine: str = Engine.SEARCH, limits: Limits, should_stop: Callable[[], bool] | None = None
) -> ChanceReport:
    """Exact probability of winning over the unknown pile order (expectimax).

    ``engine`` is the one ``solve`` was asked for: with ``both``, the answer notes that CP-SAT did not run.
    """
    note = None
    if engine == Engine.BOTH:
        note = "Note: only the expectimax answers piles of unknown order; CP-SAT was not run."
    return ChanceReport(solve_chance(state, limits=limits, should_stop=should_stop), note)
