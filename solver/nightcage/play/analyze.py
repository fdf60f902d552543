"""Monte Carlo chances of escaping: a lower bound by a policy, an upper bound by hindsight.

- **Policy** (lower bound on optimal play): ``playouts`` games played to the
  end by a policy (:mod:`solver.nightcage.play.playouts`); what a real policy wins, optimal
  play wins at least as often.
- **Hindsight** (upper bound): ``orders`` pile orders sampled uniformly (or
  every distinct order, when there are no more than ``orders``), each
  solved exactly as if known (:mod:`solver.nightcage.chance.hindsight`). No policy beats one
  that knows the order. Orders the planner cannot decide within its limits
  are reported as open, and counted as wins in the bound so that it stays an
  upper bound. Each order has a budget of positions (``order_nodes``), which
  keeps the answer reproducible, and a time cap (``order_time``) as a safety
  net: an order stopped by the cap may be decided on a faster machine.

Both come with 95% Wilson intervals. Playout ``i`` and order ``j`` draw their
randomness from ``(seed, i)`` and ``(seed, j)`` alone, so the answer is the
same for a given seed whatever the number of workers.

The analysis is steered by one :class:`~solver.base.control.Control`:
``limits.playouts`` games are played, ``limits.seed`` seeds them,
``limits.time_limit`` bounds the whole analysis, ``progress`` gets
``{"stage": "playouts" or "hindsight", "done", "total", "proven": false}``
about every ``limits.report_every`` seconds (and when a stage is done), and
``should_stop`` asks it to finish early. Past the time limit, or once asked
to stop, the playouts and orders under way stop and the answer rests on those
done (``Analysis.cut_short`` says why); such an answer depends on the
machine's speed, one that is not cut short does not. Worker processes end
with the analysis, however it ends (:mod:`solver.base.workers`).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from solver.base.control import Control
from solver.base.limits import MAX_PLAYOUTS
from solver.base.stats import Proportion
from solver.base.workers import Workers
from solver.nightcage.chance.hindsight import Hindsight, distinct_orders, order_count, solve_orders
from solver.nightcage.model.newgame import shuffled
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TileType
from solver.nightcage.play.playouts import Playouts, playout_rng

Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: ``phase`` is ``"playouts"`` or ``"hindsight"``; with worker processes
it is also called every :data:`TICK` seconds while nothing changes (a reporter can show the time).
What :class:`_Runner` calls; :class:`_Paced` turns it into the control's reports."""

STOPPED = "stopped on request"
"""``Analysis.cut_short`` when ``should_stop`` ended the analysis."""

CHUNK = 250
"""Playouts per task handed to a worker: big enough to pay for the hand-over, small enough for progress."""

ORDERS_PER_TASK = 10
"""Sampled orders per task. Fixed, not derived from the worker count: the orders of one task share
the oracle's proven positions, which can decide whether an order fits its node budget."""

TICK = 0.25
"""Seconds between the checks of the parent while workers compute (progress, time limit)."""

GRACE = 2.0
"""Seconds the workers have past the time limit to hand in what they did before they are ended."""


@dataclass
class Analysis:
    policy: Proportion
    policy_name: str
    how: str
    hindsight: Hindsight | None
    """None when the pile's order is known or there is no pile (one order: ``solve`` answers exactly),
    or when no order was reached before the time limit."""
    seed: int
    seconds: float
    playout_seconds: float
    hindsight_seconds: float
    exhaustive: bool = False
    """Every distinct order was solved (no sampling): the hindsight share is exact, not an estimate."""
    cut_short: str | None = None
    """Why the analysis stopped before its playouts and orders were all done (then the counts say
    what the answer rests on), or None."""
    playouts_asked: int = 0
    orders_asked: int = 0
    """Orders the hindsight was to solve (0: none)."""

    @property
    def upper(self) -> Proportion | None:
        """Orders won or left open, of those solved: the upper bound's count (open ones counted as wins).

        None without hindsight, and when an exhaustive pass was cut short (the orders it reached
        come in a fixed order: they are not a sample of anything)."""
        h = self.hindsight
        if h is None or (self.exhaustive and h.total < self.orders_asked):
            return None
        return Proportion(h.won + h.open, h.total)

    def as_json(self) -> dict[str, Any]:
        h = self.hindsight
        doc: dict[str, Any] = {
            "seed": self.seed,
            "policy": {"name": self.policy_name, "how": self.how, **self.policy.as_json(), "seconds": round(self.playout_seconds, 3)},
            "hindsight": None,
            "seconds": round(self.seconds, 3),
            "cut_short": self.cut_short,
            "asked": {"playouts": self.playouts_asked, "orders": self.orders_asked},
        }
        if h is not None:
            upper = self.upper
            doc["hindsight"] = {
                "orders": h.total, "exhaustive": self.exhaustive, "won": h.won, "lost": h.lost, "open": h.open,
                **(upper.as_json() if upper is not None else {}), "seconds": round(self.hindsight_seconds, 3),
            }
        return doc


def analyze_position(
    state: GameState, *, control: Control, workers: int = 1, policy: str = "greedy", orders: int = 200,
    order_time: float | None = 2.0, order_nodes: int = 150,
) -> Analysis:
    """Estimate the chance of escaping from ``state`` (see the module doc: ``control.limits.playouts`` is required)."""
    limits = control.limits
    if limits.playouts is None:
        raise ValueError("analyze needs limits.playouts: how many games to play")
    if not 1 <= limits.playouts <= MAX_PLAYOUTS:
        raise ValueError(f"playouts: {limits.playouts:,} games asked; from 1 to at most {MAX_PLAYOUTS:,}")
    playouts, seed, time_limit = limits.playouts, limits.seed, limits.time_limit
    started = time.perf_counter()
    until = None if time_limit is None else time.time() + time_limit  # wall clock: the workers read it too
    sim = Playouts(state, policy)  # fails early, in this process, on a bad policy or position
    sampled = bool(state.pile.count and not state.pile.known and orders > 0)
    exhaustive = sampled and order_count(state.pile) <= orders
    if exhaustive:
        # Every order fits in the sample's budget: solve each once, with the
        # budget of the samples it replaces; the share is then exact.
        distinct = order_count(state.pile)
        order_nodes, orders = order_nodes * orders // distinct, distinct
    pool = Workers(workers) if workers > 1 else None
    with pool if pool is not None else nullcontext():
        runner = _Runner(pool, _Paced(control), until, control.stop_requested)
        parts = runner.run(_playout_chunk, ((state, policy, seed, i, min(i + CHUNK, playouts), until)
                                            for i in range(0, playouts, CHUNK)), "playouts", playouts, playouts > CHUNK)
        played = time.perf_counter()
        wins, done = sum(w for w, _ in parts), sum(n for _, n in parts)
        hindsight = None
        if sampled and done == playouts and not runner.past_time() and not runner.stopped:
            found = runner.run(_order_chunk, ((state, seed, j, min(j + ORDERS_PER_TASK, orders), order_time, order_nodes,
                                               exhaustive, until) for j in range(0, orders, ORDERS_PER_TASK)),
                               "hindsight", orders, orders > ORDERS_PER_TASK)
            hindsight = _merged(found)
    finished = time.perf_counter()
    cut = done < playouts or (sampled and (hindsight is None or hindsight.total < orders))
    analysis = Analysis(Proportion(wins, done), policy, sim.how, hindsight if hindsight is None or hindsight.total else None, seed,
                        finished - started, played - started, finished - played, exhaustive, None, playouts,
                        orders if sampled else 0)
    if cut:
        analysis.cut_short = STOPPED if runner.stopped or time_limit is None else f"the time limit ({time_limit:g} s) was reached"
    return analysis


def _merged(parts: list[Hindsight]) -> Hindsight:
    """The orders solved, over every task: ``total`` counts those reached (all of them unless cut short)."""
    merged = Hindsight()
    for part in parts:
        merged.won += part.won
        merged.lost += part.lost
        merged.open += part.open
        merged.nodes += part.nodes
    merged.total = merged.won + merged.lost + merged.open
    return merged


class _Paced:
    """The control's progress, at most every ``limits.report_every`` seconds (a stage's last count always)."""

    def __init__(self, control: Control) -> None:
        self.control = control
        self.last = -float("inf")

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last >= self.control.limits.report_every or done == total:
            self.last = now
            self.control.report({"stage": phase, "done": done, "total": total, "proven": False})


class _Stop(Exception):
    """Raised from a task's step in this process when the caller asks to stop: the task's results are dropped."""


class _Runner:
    """Runs the tasks of one phase: in this process (one worker), or in the pool; reports progress and
    stops at the time limit or when asked to (``stopped`` says which)."""

    def __init__(self, pool: Workers | None, progress: Progress, until: float | None, should_stop: Callable[[], bool]) -> None:
        self.pool = pool
        self.progress = progress
        self.until = until
        self.should_stop = should_stop
        self.stopped = False

    def past_time(self, grace: float = 0.0) -> bool:
        return self.until is not None and time.time() > self.until + grace

    def _stop_now(self) -> bool:
        self.stopped = self.stopped or self.should_stop()
        return self.stopped

    def run(self, task: Callable[..., Any], chunks: Iterable[tuple[Any, ...]], phase: str, total: int,
            several: bool) -> list[Any]:
        """The results of ``task`` over ``chunks`` (taken as they are needed, never built whole), in order; chunks
        not done in time (or before a stop) count for nothing. ``several``: more than one chunk (else no worker is used)."""
        report = self.progress
        report(phase, 0, total)
        if self.pool is None or not several:
            results = []
            before = 0

            def step(n: int, before: int) -> None:
                report(phase, before + n, total)
                if self._stop_now():
                    raise _Stop

            for chunk in chunks:
                # One playout or order at a time: progress (and a caller's stop request) as it goes.
                try:
                    result = task(*chunk, on_step=lambda n, before=before: step(n, before))
                except _Stop:
                    break
                results.append(result)
                before += _units(result)
                if self.past_time():
                    break
            return results

        counted = [0, 0]  # the results counted so far, and the playouts or orders they hold

        def on_tick(results: list[Any]) -> None:
            for result in results[counted[0]:]:
                counted[1] += _units(result)
            counted[0] = len(results)
            report(phase, counted[1], total)

        return self.pool.run(task, chunks, tick=TICK, on_tick=on_tick, give_up=lambda: self.past_time(GRACE) or self._stop_now())


def _units(result: Any) -> int:
    """Playouts or orders a task's result counts."""
    if isinstance(result, Hindsight):
        return result.won + result.lost + result.open
    return int(result[1])


def _local_deadline(until: float | None) -> float | None:
    """The wall-clock ``until`` on this process's performance counter (what the searches read)."""
    return None if until is None else time.perf_counter() + (until - time.time())


def _playout_chunk(state: GameState, policy: str, seed: int, start: int, stop: int, until: float | None = None,
                   on_step: Callable[[int], None] | None = None) -> tuple[int, int]:
    """(wins, games played) of playouts ``start`` to ``stop``, fewer when ``until`` (wall clock) comes first."""
    sim = Playouts(state, policy)
    deadline = _local_deadline(until)
    wins = 0
    for i in range(start, stop):
        if deadline is not None and time.perf_counter() > deadline:
            return wins, i - start
        wins += sim.win(playout_rng(seed, i))
        if on_step is not None:
            on_step(i + 1 - start)
    return wins, stop - start


def _order_chunk(state: GameState, seed: int, start: int, stop: int, order_time: float | None, order_nodes: int,
                 exhaustive: bool = False, until: float | None = None, on_step: Callable[[int], None] | None = None) -> Hindsight:
    if exhaustive:
        chosen = list(itertools.islice(distinct_orders(state.pile), start, stop))
    else:
        chosen = [_known_order(shuffled(state, playout_rng(seed, j, "order"))) for j in range(start, stop)]
    return solve_orders(state, chosen, len(chosen), _local_deadline(until), order_nodes, order_time=order_time, on_order=on_step)


def _known_order(state: GameState) -> tuple[TileType, ...]:
    assert state.pile.order is not None  # shuffled() always draws one
    return state.pile.order


__all__ = ["STOPPED", "Analysis", "analyze_position"]
