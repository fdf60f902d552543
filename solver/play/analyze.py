"""Monte Carlo chances of escaping: a lower bound by a policy, an upper bound by hindsight.

- **Policy** (lower bound on optimal play): ``playouts`` games played to the
  end by a policy (:mod:`solver.play.playouts`); what a real policy wins, optimal
  play wins at least as often.
- **Hindsight** (upper bound): ``orders`` pile orders sampled uniformly (or
  every distinct order, when there are no more than ``orders``), each
  solved exactly as if known (:mod:`solver.chance.hindsight`). No policy beats one
  that knows the order. Orders the planner cannot decide within its limits
  are reported as open, and counted as wins in the bound so that it stays an
  upper bound. Each order has a budget of positions (``order_nodes``), which
  keeps the answer reproducible, and a time cap (``order_time``) as a safety
  net: an order stopped by the cap may be decided on a faster machine.

Both come with 95% Wilson intervals. Playout ``i`` and order ``j`` draw their
randomness from ``(seed, i)`` and ``(seed, j)`` alone, so the answer is the
same for a given seed whatever the number of workers.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from solver.chance.hindsight import Hindsight, distinct_orders, order_count, solve_orders
from solver.core.limits import Limits
from solver.core.newgame import shuffled
from solver.core.state import GameState
from solver.core.tiles import TileType
from solver.play.playouts import Playouts, playout_rng
from solver.play.stats import Proportion

Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: ``phase`` is ``"playouts"`` or ``"hindsight"``."""

CHUNK = 250
"""Playouts per task handed to a worker: big enough to pay for the hand-over, small enough for progress."""

ORDERS_PER_TASK = 10
"""Sampled orders per task. Fixed, not derived from the worker count: the orders of one task share
the oracle's proven positions, which can decide whether an order fits its node budget."""


@dataclass
class Analysis:
    policy: Proportion
    policy_name: str
    how: str
    hindsight: Hindsight | None
    """None when the pile's order is known or there is no pile (one order: ``solve`` answers exactly)."""
    seed: int
    seconds: float
    playout_seconds: float
    hindsight_seconds: float
    exhaustive: bool = False
    """Every distinct order was solved (no sampling): the hindsight share is exact, not an estimate."""

    @property
    def upper(self) -> Proportion | None:
        """Orders won or left open, of those sampled: the upper bound's count (open ones counted as wins)."""
        h = self.hindsight
        return None if h is None else Proportion(h.won + h.open, h.total)

    def as_json(self) -> dict[str, Any]:
        h = self.hindsight
        doc: dict[str, Any] = {
            "seed": self.seed,
            "policy": {"name": self.policy_name, "how": self.how, **self.policy.as_json(), "seconds": round(self.playout_seconds, 3)},
            "hindsight": None,
            "seconds": round(self.seconds, 3),
        }
        if h is not None and self.upper is not None:
            doc["hindsight"] = {
                "orders": h.total, "exhaustive": self.exhaustive, "won": h.won, "lost": h.lost, "open": h.open,
                **self.upper.as_json(), "seconds": round(self.hindsight_seconds, 3),
            }
        return doc


def analyze(
    state: GameState, *, limits: Limits, workers: int = 1, policy: str = "greedy", orders: int = 200,
    order_time: float | None = 2.0, order_nodes: int = 150, progress: Progress | None = None,
) -> Analysis:
    """Estimate the chance of escaping from ``state`` (see the module doc).

    ``limits.playouts`` games are played (required); ``limits.seed`` makes the answer reproducible.
    """
    if limits.playouts is None:
        raise ValueError("analyze needs limits.playouts: how many games to play")
    playouts, seed = limits.playouts, limits.seed
    started = time.perf_counter()
    sim = Playouts(state, policy)  # fails early, in this process, on a bad policy or position
    wins = _run(_playout_chunk, [(state, policy, seed, i, min(i + CHUNK, playouts)) for i in range(0, playouts, CHUNK)],
                workers, "playouts", playouts, progress)
    played = time.perf_counter()
    hindsight = None
    exhaustive = False
    if state.pile.count and not state.pile.known and orders > 0:
        step = ORDERS_PER_TASK
        distinct = order_count(state.pile)
        if distinct <= orders:
            # Every order fits in the sample's budget: solve each once, with the
            # budget of the samples it replaces; the share is then exact.
            exhaustive = True
            order_nodes = order_nodes * orders // distinct
            orders = distinct
        parts = _run(_order_chunk, [(state, seed, j, min(j + step, orders), order_time, order_nodes, exhaustive)
                                    for j in range(0, orders, step)],
                     workers, "hindsight", orders, progress)
        hindsight = Hindsight(total=orders)
        for part in parts:
            hindsight.won += part.won
            hindsight.lost += part.lost
            hindsight.open += part.open
            hindsight.nodes += part.nodes
    done = time.perf_counter()
    return Analysis(Proportion(sum(wins), playouts), policy, sim.how, hindsight, seed, done - started, played - started, done - played,
                    exhaustive)


def _run(task: Callable[..., Any], chunks: list[tuple[Any, ...]], workers: int, phase: str, total: int,
         progress: Progress | None) -> list[Any]:
    """Run ``task`` over ``chunks`` (in order), in worker processes when ``workers`` > 1."""
    results: list[Any] = []
    done = 0
    if progress:
        progress(phase, 0, total)
    if workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            results.append(task(*chunk))
            done += _size(phase, chunk)
            if progress:
                progress(phase, done, total)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(task, *chunk) for chunk in chunks]
        for chunk, future in zip(chunks, futures):
            results.append(future.result())
            done += _size(phase, chunk)
            if progress:
                progress(phase, done, total)
    return results


def _size(phase: str, chunk: tuple[Any, ...]) -> int:
    start, stop = (chunk[3], chunk[4]) if phase == "playouts" else (chunk[2], chunk[3])
    return stop - start


def _playout_chunk(state: GameState, policy: str, seed: int, start: int, stop: int) -> int:
    sim = Playouts(state, policy)
    return sum(sim.win(playout_rng(seed, i)) for i in range(start, stop))


def _order_chunk(state: GameState, seed: int, start: int, stop: int, order_time: float | None, order_nodes: int,
                 exhaustive: bool = False) -> Hindsight:
    if exhaustive:
        chosen = list(itertools.islice(distinct_orders(state.pile), start, stop))
    else:
        chosen = [_known_order(shuffled(state, playout_rng(seed, j, "order"))) for j in range(start, stop)]
    return solve_orders(state, chosen, len(chosen), None, order_nodes, order_time=order_time)


__all__ = ["Analysis", "analyze"]


def _known_order(state: GameState) -> tuple[TileType, ...]:
    assert state.pile.order is not None  # shuffled() always draws one
    return state.pile.order
