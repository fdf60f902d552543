"""The exact chance of winning when tiles are still drawn from a pile of unknown order.

Expectimax: the group chooses (maximum), the pile draws (average over the exact
odds, :mod:`solver.nightcage.rules.draws`). Once the pile is empty the rest is
deterministic and the end-game oracle (:mod:`solver.nightcage.endgame.oracle`) says win
or lose. Values are exact fractions. A position's value is its probability of
winning under optimal adaptive play; ``certain`` when it is 1, ``impossible``
when it is 0, ``possible`` otherwise (some draws let the group win).

Two engines give the same values (``tests/nightcage/chance/test_fast_expectimax.py``):
``fast`` (the default), over the simulator with pruning, transpositions and
proven bounds (:mod:`solver.nightcage.chance.fast_expectimax`), and ``reference``, over
the rules engine step by step (:mod:`solver.nightcage.chance.reference`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

from solver.base.errors import LimitReached
from solver.base.limits import Limits, PositionBudget, compiled_max_positions, max_positions
from solver.nightcage.chance.answer import ChanceSolution, ChanceVerdict, fraction_text
from solver.nightcage.chance.fast_expectimax import EXACT_ROUNDS, FastExpectimax, Root, solve_rounds
from solver.nightcage.chance.hindsight import every_order
from solver.nightcage.chance.reference import ReferenceExpectimax
from solver.nightcage.chance.split import solve_shared
from solver.nightcage.model.state import GameState

DEFAULT_MAX_NODES = 2_000_000
"""Positions expanded by the fast engine (the turns' replays, its end-game oracle's positions counted
in); the reference counts its engine positions, and its oracle has as many of its own."""
DEFAULT_LIMITS = Limits(time_limit=60.0, max_nodes=DEFAULT_MAX_NODES)
ENGINES = ("fast", "reference")


def solve_chance(
    state: GameState, *, limits: Limits = DEFAULT_LIMITS, hindsight: bool = True, should_stop: Callable[[], bool] | None = None,
    engine: str = "fast", workers: int = 1,
) -> ChanceSolution:
    """The exact probability of winning from ``state`` under optimal play (within ``limits``:
    ``max_nodes`` positions, :data:`DEFAULT_MAX_NODES` when None; ``time_limit`` seconds, none when
    None; ``max_positions`` kept in its tables and its end-game oracle's, the default budget when None; the
    compiled oracle's memory is held apart to :func:`~solver.base.limits.compiled_max_positions`, as the
    compiled end-game search's is).

    When the expectimax runs out of nodes or time, two thirds of the way in,
    the rest goes to hindsight (:mod:`solver.nightcage.chance.hindsight`): every order solved
    as if known proves ``impossible`` (no order wins) or ``possible`` (one
    does) without the exact probability, and bounds it from above. The fast
    engine's proven bounds say as much when they can: a lower bound above 0 is
    ``possible``, an upper bound of 0 ``impossible``.
    ``should_stop`` (polled as the positions are counted) ends it early, with
    ``unknown`` and no hindsight. ``engine``: ``fast`` or ``reference`` (see the module doc).
    ``workers``: with two or more, the fast engine shares the root's choices out between that many
    worker processes (:mod:`solver.nightcage.chance.split`: the same values, each worker with what is
    left of the node and memory limits); the reference and hindsight use one.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")
    max_nodes = DEFAULT_MAX_NODES if limits.max_nodes is None else limits.max_nodes
    time_limit = limits.time_limit
    started = time.perf_counter()
    use_hindsight = hindsight and state.pending is None
    own_time = None if time_limit is None else time_limit * (2 / 3 if use_hindsight else 1.0)
    memory = max_positions(limits)
    compiled_memory = compiled_max_positions(limits)
    deadline = None if own_time is None else started + own_time
    if engine == "fast":
        unsolved = _fast(state, max_nodes, deadline, should_stop, PositionBudget(memory), PositionBudget(compiled_memory), workers)
        if unsolved.p_win is not None:
            unsolved.seconds = time.perf_counter() - started
            return unsolved
    else:
        unsolved = _reference(state, max_nodes, deadline, should_stop, PositionBudget(memory), PositionBudget(compiled_memory))
        if unsolved.p_win is not None:
            return unsolved
    if use_hindsight and unsolved.verdict != ChanceVerdict.POSSIBLE and not (should_stop is not None and should_stop()):
        _by_hindsight(state, unsolved, max_nodes, None if time_limit is None else started + time_limit, memory)
    unsolved.seconds = time.perf_counter() - started
    return unsolved


def _reference(state: GameState, max_nodes: int, deadline: float | None, should_stop: Callable[[], bool] | None,
               budget: PositionBudget, compiled_budget: PositionBudget) -> ChanceSolution:
    started = time.perf_counter()
    solver = ReferenceExpectimax(max_nodes, deadline, should_stop, budget, compiled_budget)
    try:
        value, _ = solver.value(state, 0)
        best = solver.choices(state)
    except LimitReached as exc:
        return ChanceSolution(ChanceVerdict.UNKNOWN, None, [], solver.nodes, time.perf_counter() - started, str(exc))
    return ChanceSolution(_verdict(value), value, best, solver.nodes, time.perf_counter() - started, p_win_lower=value)


def _fast(state: GameState, max_nodes: int, deadline: float | None, should_stop: Callable[[], bool] | None,
          budget: PositionBudget, compiled_budget: PositionBudget, workers: int = 1) -> ChanceSolution:
    started = time.perf_counter()
    search = FastExpectimax(max_nodes, deadline, should_stop, budget, compiled_budget)
    root = Root(search, state)
    stopped = None
    try:
        if workers > 1:
            solve_shared(root, EXACT_ROUNDS, workers)
        else:
            solve_rounds(root, rounds=EXACT_ROUNDS)
    except LimitReached as exc:
        stopped = str(exc)
    lo, hi = root.value()
    nodes = search.nodes + search.oracle.expanded
    order = sorted(range(len(root.texts)), key=lambda i: (-root.bounds[i][0], -root.bounds[i][1]))
    bounds = [(root.texts[i], *root.bounds[i]) for i in order]
    if lo == hi:
        best = [(text, low) for text, low, _ in bounds]
        return ChanceSolution(_verdict(lo), lo, best, nodes, time.perf_counter() - started, bounds=bounds, p_win_lower=lo)
    settled = sum(1 for _, low, high in bounds if low == high)
    proven = (f"the chance is proven between {fraction_text(lo)} and {fraction_text(hi)}" if (lo, hi) != (0, 1)
              else "nothing is proven yet of the chance")
    reason = f"{stopped}; {proven} ({settled} of {len(bounds)} choices settled)"
    verdict = ChanceVerdict.POSSIBLE if lo > 0 else ChanceVerdict.UNKNOWN
    return ChanceSolution(verdict, None, [], nodes, time.perf_counter() - started, reason, bounds=bounds, p_win_lower=lo)


def _verdict(value: Fraction) -> ChanceVerdict:
    return ChanceVerdict.CERTAIN if value == 1 else ChanceVerdict.IMPOSSIBLE if value == 0 else ChanceVerdict.POSSIBLE


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


__all__ = ["solve_chance", "ChanceSolution", "ChanceVerdict", "ENGINES"]
