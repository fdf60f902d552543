"""The exact chance of winning when tiles are still drawn from a pile of unknown order.

Expectimax over the rules engine: the group chooses (maximum), the pile draws
(average over the exact odds, :mod:`solver.nightcage.rules.draws`). Once the pile is empty
the rest is deterministic and the exact search (:mod:`solver.nightcage.endgame.search`) says win
or lose. Values are exact fractions. A position's value is its probability of
winning under optimal adaptive play; ``certain`` when it is 1, ``impossible``
when it is 0, ``possible`` otherwise (some draws let the group win).

Decisions can come back to a position (keys passed to and fro, prisoners
walking back and forth without drawing): a path that returns to a position
is never better than the position's own best choice, so the search values a
return at 0 and, like Tarjan's algorithm, caches no value that leaned on such
a provisional 0 before the position it returned to was finished.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from solver.base.errors import LimitReached
from solver.base.limits import Limits, PositionBudget, max_positions
from solver.nightcage.chance.hindsight import every_order
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, apply_unchecked, chance_outcomes, legal_actions, node_type, outcome


class ChanceVerdict(StrEnum):
    """The answer over a pile of unknown order, playing as well as possible as the draws come."""

    CERTAIN = "certain"
    """Every order of the pile lets them win."""
    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"
    UNKNOWN = "unknown"
    """A limit was reached before an answer."""


DEFAULT_MAX_NODES = 200_000
DEFAULT_LIMITS = Limits(time_limit=60.0, max_nodes=DEFAULT_MAX_NODES)


@dataclass
class ChanceSolution:
    verdict: ChanceVerdict
    """``certain``, ``possible``, ``impossible`` or ``unknown``."""
    p_win: Fraction | None
    best: list[tuple[str, Fraction]] = field(default_factory=list)
    """The choices of the decision awaited (or the draws), with their value, best first."""
    nodes: int = 0
    seconds: float = 0.0
    reason: str | None = None
    hindsight: Any = None
    """A :class:`solver.nightcage.chance.hindsight.Hindsight` when the orders were solved one by one."""

    def as_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "p_win": None if self.p_win is None else _fraction(self.p_win),
            "p_win_float": None if self.p_win is None else float(self.p_win),
            "choices": [{"action": a, "p_win": f"{p.numerator}/{p.denominator}", "p_win_float": float(p)} for a, p in self.best],
            "reason": self.reason,
            "p_win_upper": None if self.hindsight is None or self.hindsight.share is None else _fraction(self.hindsight.share),
            "engine": "expectimax" if self.hindsight is None else "expectimax+hindsight",
            "stats": {"nodes": self.nodes, "seconds": round(self.seconds, 6), "proven_optimal": self.p_win is not None},
        }


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def solve_chance(
    state: GameState, *, limits: Limits = DEFAULT_LIMITS, hindsight: bool = True, should_stop: Callable[[], bool] | None = None,
) -> ChanceSolution:
    """The exact probability of winning from ``state`` under optimal play (within ``limits``:
    ``max_nodes`` positions, 200,000 when None; ``time_limit`` seconds, none when None;
    ``max_positions`` kept in its tables and its end-game oracle's, the default budget when None).

    When the expectimax runs out of nodes or time, two thirds of the way in,
    the rest goes to hindsight (:mod:`solver.nightcage.chance.hindsight`): every order solved
    as if known proves ``impossible`` (no order wins) or ``possible`` (one
    does) without the exact probability, and bounds it from above.
    ``should_stop`` (polled as the positions are counted) ends it early, with
    ``unknown`` and no hindsight.
    """
    max_nodes = DEFAULT_MAX_NODES if limits.max_nodes is None else limits.max_nodes
    time_limit = limits.time_limit
    started = time.perf_counter()
    use_hindsight = hindsight and state.pending is None
    own_time = None if time_limit is None else time_limit * (2 / 3 if use_hindsight else 1.0)
    memory = max_positions(limits)
    solver = _Expectimax(max_nodes, None if own_time is None else started + own_time, should_stop, PositionBudget(memory))
    try:
        value, _ = solver.value(state, 0)
        best = solver.choices(state)
    except LimitReached as exc:
        stopped = str(exc)
    else:
        verdict = ChanceVerdict.CERTAIN if value == 1 else ChanceVerdict.IMPOSSIBLE if value == 0 else ChanceVerdict.POSSIBLE
        return ChanceSolution(verdict, value, best, solver.nodes, time.perf_counter() - started)
    unsolved = ChanceSolution(ChanceVerdict.UNKNOWN, None, [], solver.nodes, time.perf_counter() - started, stopped)
    del solver  # and its tables (the exception that held them is gone too): hindsight keeps its own, within the same budget
    if use_hindsight and not (should_stop is not None and should_stop()):
        _by_hindsight(state, unsolved, max_nodes, None if time_limit is None else started + time_limit, memory)
    unsolved.seconds = time.perf_counter() - started
    return unsolved


def _by_hindsight(state: GameState, sol: ChanceSolution, max_nodes: int, deadline: float | None, memory: int) -> None:
    """Settle possible / impossible from the orders solved one by one, when the expectimax could not."""

    seen = every_order(state, deadline, max_nodes, max_positions=memory)
    if seen is None:
        return
    sol.nodes += seen.nodes
    sol.hindsight = seen
    if seen.won:
        sol.verdict = ChanceVerdict.POSSIBLE
        sol.reason = f"{sol.reason}; some order of the pile wins (hindsight), so the chance is above 0, not computed exactly"
    elif seen.complete:
        sol.verdict, sol.p_win = ChanceVerdict.IMPOSSIBLE, Fraction(0)
        sol.reason = f"no order of the pile wins, even known in advance (hindsight over all {seen.total:,} orders)"


class _Expectimax:
    def __init__(self, max_nodes: int, deadline: float | None, should_stop: Callable[[], bool] | None = None,
                 budget: PositionBudget | None = None) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.should_stop = should_stop
        self.memo: dict[GameState, Fraction] = {}
        self.budget = budget if budget is not None else PositionBudget(None)
        self.budget.keep(self.memo)
        self.oracle = EndgameOracle(max_nodes, should_stop, self.budget)
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



__all__ = ["solve_chance", "ChanceSolution", "ChanceVerdict"]
