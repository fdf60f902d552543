"""Hindsight: how many orders of the pile let the group win if they knew the order.

Every order of the pile (layer by layer) is equally likely when physical tiles
are shuffled, so each distinct sequence of tile types has the same chance
within its layer. Solving each order exactly (:class:`solver.nightcage.endgame.oracle.EndgameOracle`)
gives two facts about the game with an unknown order:

- if some order wins, the probability of winning under optimal play is above
  zero: the plan that wins that order is a policy, and that order is drawn
  with a positive chance (the verdict ``possible`` needs nothing more);
- the probability of winning is at most the share of winning orders: no policy
  beats one that knows the order (an upper bound, exact when it is 0 or 1).

>>> from solver.nightcage.model.counts import counts_from
>>> from solver.nightcage.model.state import Pile
>>> sum(1 for _ in distinct_orders(Pile(layers=(counts_from({"t": 2, "gate": 1}),))))
3
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from solver.base.errors import LimitReached
from solver.base.limits import PositionBudget
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES, TileType


def order_count(pile: Pile) -> int:
    """How many distinct orders of tile types the pile can be drawn in."""
    total = 1
    for layer in pile.layers:
        total *= math.factorial(sum(layer)) // math.prod(math.factorial(n) for n in layer)
    return total


def distinct_orders(pile: Pile) -> Iterator[tuple[TileType, ...]]:
    """Every distinct order of the pile, layer by layer, in a fixed order."""
    layers = [dict((t, n) for t, n in zip(TILE_TYPES, layer) if n) for layer in pile.layers]

    def layer_orders(left: dict[TileType, int], size: int) -> Iterator[tuple[TileType, ...]]:
        if size == 0:
            yield ()
            return
        for t in list(left):
            if left[t]:
                left[t] -= 1
                for rest in layer_orders(left, size - 1):
                    yield (t, *rest)
                left[t] += 1

    def chain(i: int) -> Iterator[tuple[TileType, ...]]:
        if i == len(layers):
            yield ()
            return
        for head in layer_orders(layers[i], sum(layers[i].values())):
            for tail in chain(i + 1):
                yield head + tail

    yield from chain(0)


def with_order(state: GameState, order: tuple[TileType, ...]) -> GameState:
    return replace(state, pile=Pile(order=order))


@dataclass
class Hindsight:
    """Orders solved with hindsight: won, lost, and those a limit left open."""

    won: int = 0
    lost: int = 0
    open: int = 0
    total: int = 0
    """Orders to examine (all of them, or the sample's size)."""
    nodes: int = 0

    @property
    def complete(self) -> bool:
        return self.won + self.lost == self.total

    @property
    def share(self) -> Fraction | None:
        """The share of winning orders, when every order was decided."""
        return Fraction(self.won, self.total) if self.complete and self.total else None


def solve_orders(
    state: GameState, orders: Iterable[tuple[TileType, ...]], total: int, deadline: float | None, max_nodes: int,
    order_time: float | None = None, oracle: EndgameOracle | None = None, max_positions: int | None = None,
    on_order: Callable[[int], None] | None = None,
) -> Hindsight:
    """Solve each order exactly, with one oracle shared by all (their futures overlap).

    ``deadline`` ends the whole job (orders not reached, or cut by it, are
    neither won nor lost nor open); ``order_time`` bounds each order alone (a
    hard order left open must not starve the others). ``max_positions`` bounds
    the oracle's memory: an order that fills it is left open, and the oracle
    forgets what it proved before the next one. ``on_order(n)`` is told after
    each order how many were reached.
    """
    if oracle is None:
        oracle = EndgameOracle(max_nodes, budget=PositionBudget(max_positions))
    seen = Hindsight(total=total)
    decided: dict[tuple[TileType, ...], bool] = {}  # a sample repeats orders: each is solved once
    for order in orders:
        if order not in decided:
            now = time.perf_counter()
            if deadline is not None and now > deadline:
                break
            limit = None if order_time is None else now + order_time
            if deadline is not None:
                limit = deadline if limit is None else min(limit, deadline)
            if oracle.budget.full():
                oracle.forget()
            oracle.expanded = 0  # the node budget is per order; the proven sets are shared
            try:
                decided[order] = oracle.wins(with_order(state, order), limit)
            except LimitReached:
                seen.nodes += oracle.expanded
                if deadline is not None and time.perf_counter() > deadline:
                    break  # cut by the end of the whole job, not left open by its own limits
                seen.open += 1
                if on_order is not None:
                    on_order(seen.won + seen.lost + seen.open)
                continue
            seen.nodes += oracle.expanded
        if decided[order]:
            seen.won += 1
        else:
            seen.lost += 1
        if on_order is not None:
            on_order(seen.won + seen.lost + seen.open)
    return seen


def every_order(state: GameState, deadline: float | None, max_nodes: int, max_orders: int = 20_000,
                max_positions: int | None = None) -> Hindsight | None:
    """All distinct orders solved with hindsight, or None when there are more than ``max_orders``."""
    total = order_count(state.pile)
    if total > max_orders:
        return None
    return solve_orders(state, distinct_orders(state.pile), total, deadline, max_nodes, max_positions=max_positions)


__all__ = ["Hindsight", "distinct_orders", "every_order", "order_count", "solve_orders", "with_order"]
