"""The bot's decisions near the end of the pile: the exact chance search, within a budget of positions.

Once the pile holds few tiles (:attr:`ExactEnd.tiles`), the turn's position is handed to the fast
chance search (:mod:`solver.nightcage.chance.fast_expectimax`) as players see it: the turn start,
the pile's tiles left in their layers, order unknown, and the choices and draws of the turn so far
(:func:`solver.nightcage.chance.turns.record` replays them on the true order, which only those draws
reveal). The search runs in rounds until one option is proven best or the budget of positions for
the decision is spent (no clock: a seeded game stays the same on any machine). Its tables are kept
for the rest of the game (positions are keyed absolutely), so each decision starts from what the
ones before proved.

The answer is the interval proven for each option. The bot then takes the proven best, or else its
own estimate of each option clamped into that option's interval: it never prefers an option proven
worse than another, nor one proven lost while another can still win.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from solver.base.errors import LimitReached, NotCovered
from solver.base.limits import PositionBudget
from solver.nightcage.chance.fast_expectimax import FastExpectimax, Root, solve_rounds
from solver.nightcage.chance.fastsim import compile_chance, follow_arrangement
from solver.nightcage.chance.turns import Frontier, record
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.sim.convert import to_state
from solver.nightcage.sim.sim import Sim

TILES = 4
"""The exact search takes over at decisions of turns that start with this many tiles left, or fewer."""
NODES = 20_000
"""Positions (the turns' replays and the end-game oracle's) each decision may add to the search."""
MEMORY = 400_000
"""Positions the search's tables may keep over a game (about a kilobyte each)."""


class ExactEnd:
    """The search and its tables for one game at a time (see the module doc)."""

    def __init__(self, tiles: int = TILES, nodes: int = NODES) -> None:
        self.tiles = tiles
        self.nodes = nodes
        self.search: FastExpectimax | None = None
        self.game_turn = -1
        self.decisions = 0
        self.proven = 0
        """Decisions asked, and those whose best option was proven (for inspection and benchmarks)."""

    def applies(self, turn_start: Sim) -> bool:
        """The turn starting at ``turn_start`` has few enough tiles left (and some)."""
        left = turn_start.npile - turn_start.top
        return self.tiles > 0 and 0 < left <= self.tiles

    def bounds(self, turn_start: Sim, template: GameState, layer_ends: tuple[int, ...], choices: list[int],
               options: list[Any]) -> list[tuple[Fraction, Fraction]] | None:
        """Each of ``options``' proven interval at the decision reached by ``choices`` from ``turn_start``
        (the simulator at the turn's first decision, true order), or None where the search cannot go.
        ``options`` may be some of the decision's options only (the bot leaves some out)."""
        if turn_start.turns < self.game_turn:  # another game: its tables are of no use
            self.search = None
        self.game_turn = turn_start.turns
        try:
            state = hidden_turn_start(turn_start, template, layer_ends)
            known = compile_chance(state, turn_start.order[turn_start.top:])
            script, here = record(known, choices, follow_arrangement)
        except (NotCovered, ValueError):
            return None
        if not isinstance(here, Frontier) or any(o not in here.options for o in options):
            return None
        if self.search is None:
            self.search = FastExpectimax(self.nodes, budget=PositionBudget(MEMORY))
        search = self.search
        search.max_nodes = search.nodes + search.oracle.expanded + self.nodes
        root = Root(search, state, tuple(script), compile_chance(state), recorded=True)
        if root.sim_root is None or len(root.texts) != len(here.options):
            return None  # not the decision the game stands at (not expected)
        self.decisions += 1
        try:
            solve_rounds(root, best=True)
        except LimitReached:
            if search.budget.full():
                self.search = None  # the game's tables are full: start afresh at the next decision
        bounds = [root.bounds[here.options.index(o)] for o in options]
        if proven_best(bounds) is not None:
            self.proven += 1
        return bounds


def hidden_turn_start(turn_start: Sim, template: GameState, layer_ends: tuple[int, ...]) -> GameState:
    """The turn start as players see it: the pile's tiles left in their layers, order unknown."""
    state = to_state(turn_start.snapshot(), template, turn_start.order)
    order, top = turn_start.order, turn_start.top
    layers = []
    begin = top
    for end in (*layer_ends, len(order)):
        if end <= begin:
            continue
        counts = [0] * len(template.discarded)
        for t in order[begin:end]:
            counts[t] += 1
        if any(counts):
            layers.append(tuple(counts))
        begin = end
    return replace(state, pile=Pile(layers=tuple(layers)))


def proven_best(bounds: list[tuple[Fraction, Fraction]]) -> int | None:
    """The option proven at least as good as every other (its lower bound reaches their upper bounds), if any.

    >>> proven_best([(Fraction(1, 2), Fraction(1)), (Fraction(0), Fraction(1, 2))])
    0
    """
    lead = max(range(len(bounds)), key=lambda i: (bounds[i][0], bounds[i][1], -i))
    if all(hi <= bounds[lead][0] for i, (_, hi) in enumerate(bounds) if i != lead):
        return lead
    return None


def pick(values: list[float], bounds: list[tuple[Fraction, Fraction]]) -> int:
    """The option to play: the best of ``values`` each clamped into its proven interval; among equals,
    the one proven best (the highest lower bound, then upper bound), then the first.

    >>> pick([0.9, 0.2], [(Fraction(0), Fraction(0)), (Fraction(1, 3), Fraction(1))])
    1
    >>> pick([0.6, 0.4], [(Fraction(0), Fraction(1)), (Fraction(0), Fraction(1))])
    0
    """
    def key(i: int) -> tuple[float, Fraction, Fraction, int]:
        lo, hi = bounds[i]
        return (min(max(values[i], float(lo)), float(hi)), lo, hi, -i)

    return max(range(len(values)), key=key)


__all__ = ["ExactEnd", "hidden_turn_start", "pick", "proven_best"]
