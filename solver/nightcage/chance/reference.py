"""The reference expectimax: the exact chance of winning, over the rules engine.

The search ``lueur solve`` ran before issue 25, kept as the reference the fast search
(:mod:`solver.nightcage.chance.fast_expectimax`) is checked against, value for value
(``tests/nightcage/chance/test_fast_expectimax.py``), and as the labeller of the corpus of
``benchmarks/make_chance_corpus.py``. It expands every step of the rules engine
(:func:`solver.nightcage.rules.engine.apply`, which narrates each one): the group chooses
(maximum), the pile draws (average over the exact odds of :mod:`solver.nightcage.rules.draws`),
and once the pile is empty the end-game oracle says win or lose.

Decisions can come back to a position (keys passed to and fro, prisoners
walking back and forth without drawing): a path that returns to a position
is never better than the position's own best choice, so the search values a
return at 0 and, like Tarjan's algorithm, caches no value that leaned on such
a provisional 0 before the position it returned to was finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

from solver.base.errors import LimitReached
from solver.base.limits import PositionBudget
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, apply_unchecked, chance_outcomes, legal_actions, node_type, outcome


class ReferenceExpectimax:
    """The old search's tables and limits: :meth:`value` of a position, :meth:`choices` at its root."""

    def __init__(self, max_nodes: int, deadline: float | None, should_stop: Callable[[], bool] | None = None,
                 budget: PositionBudget | None = None, compiled_budget: PositionBudget | None = None) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.should_stop = should_stop
        self.memo: dict[GameState, Fraction] = {}
        self.budget = budget if budget is not None else PositionBudget(None)
        self.budget.keep(self.memo)
        self.oracle = EndgameOracle(max_nodes, should_stop, self.budget, compiled_budget=compiled_budget)
        self.open: dict[GameState, int] = {}
        """Positions on the current path, with their depth."""

    def value(self, state: GameState, depth: int) -> tuple[Fraction, int]:
        """The position's value, and the shallowest open position it leaned on (or a large number)."""
        done = self.memo.get(state)
        if done is not None:
            return done, 1 << 30
        if state in self.open:
            return Fraction(0), self.open[state]  # a return: never better than the position's own choice
        over = outcome(state)
        if over is not None:
            return Fraction(1 if over.result == "win" else 0), 1 << 30
        self.count()
        if state.pile.count == 0 and state.pending is None:
            try:
                result = Fraction(1 if self.oracle.wins(state, self.deadline) else 0)
            except LimitReached as exc:
                raise LimitReached(f"the end-game search reached its limit ({exc})") from None
            self.memo[state] = result
            return result, 1 << 30
        self.open[state] = depth
        try:
            result, low = self._expand(state, depth)
        finally:
            del self.open[state]
        if low >= depth:
            self.memo[state] = result
        return result, low

    def _expand(self, state: GameState, depth: int) -> tuple[Fraction, int]:
        low = 1 << 30
        if node_type(state) == "chance":
            total = Fraction(0)
            for action, p in chance_outcomes(state):
                v, child_low = self.value(apply(state, action)[0], depth + 1)
                total += p * v
                low = min(low, child_low)
            return total, low
        best = Fraction(0)
        for action in legal_actions(state):
            v, child_low = self.value(apply_unchecked(state, action)[0], depth + 1)
            low = min(low, child_low)
            if v > best:
                best = v
                if best == 1:
                    break
        return best, low

    def choices(self, state: GameState) -> list[tuple[str, Fraction]]:
        """Each option at the root with its value, best first."""
        if outcome(state) is not None:
            return []
        if node_type(state) == "chance":
            out = [(format_action(a, state.size), self.value(apply(state, a)[0], 1)[0]) for a, _ in chance_outcomes(state)]
        elif node_type(state) == "decision":
            out = [(format_action(a, state.size), self.value(apply_unchecked(state, a)[0], 1)[0]) for a in legal_actions(state)]
        else:
            return []
        return sorted(out, key=lambda item: -item[1])

    def count(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise LimitReached(f"more than {self.max_nodes:,} positions: the pile is too large to search exhaustively")
        if self.budget.full():
            raise LimitReached(f"{self.budget.reason()} after {self.nodes:,} positions: the pile is too large to search exhaustively")
        if self.nodes % 8:
            return
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise LimitReached("the time limit was reached: the pile is too large to search exhaustively in time")
        if self.should_stop is not None and self.should_stop():
            raise LimitReached(f"stopped on request after {self.nodes:,} positions")



__all__ = ["ReferenceExpectimax"]
