"""Chance one tile at a time: the engine's draws and burns as a sequence of single-tile draws.

The engine resolves a chance node in one outcome: ``draw T`` (one tile) or
``burn T…`` (the multiset of the tiles a stay or a penalty burns, with its
exact probability). OpenSpiel wants every chance node to be a choice among a
fixed set of outcomes, so a burn of ``k`` tiles is ``k`` chance nodes, each
the next tile off the pile: its type has the odds of the pile left once the
tiles named so far are gone (the top layer first, as the engine draws). The
tiles drawn one by one make up the engine's multiset with the engine's
probability, so the split changes no odds; once all ``k`` are named, the
engine's ``burn`` is applied. A chance outcome is the index of the tile type
in :data:`~solver.nightcage.model.tiles.TILE_TYPES` (12 outcomes).

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.rules.engine import apply, parse_action
>>> state = apply(new_game(Setup()), parse_action("start c3 NE", 6))[0]
>>> [(t.value, str(p)) for t, p in next_types(state, ())]
[('straight', '1/4'), ('t', '1/2'), ('cross', '1/4')]
"""

from __future__ import annotations

from fractions import Fraction

from solver.nightcage.model import counts
from solver.nightcage.model.actions import Action, Verb
from solver.nightcage.model.state import BURN, STAY_DRAW, GameState
from solver.nightcage.model.tiles import TILE_TYPES, TileType
from solver.nightcage.rules.draws import draw_distribution
from solver.nightcage.rules.engine import NodeType, current, node_type

NUM_OUTCOMES = len(TILE_TYPES)
"""OpenSpiel's ``max_chance_outcomes``: one outcome per tile type."""


def tiles_wanted(state: GameState) -> int:
    """How many tiles the chance node awaited takes off the pile (0 when none is awaited)."""
    if node_type(state) is not NodeType.CHANCE:
        return 0
    opened = current(state)
    step = opened.pending.front  # type: ignore[union-attr]
    return min(step.count, opened.pile.count) if step.name == BURN else 1


def next_types(state: GameState, drawn: tuple[TileType, ...]) -> list[tuple[TileType, Fraction]]:
    """The types the next tile may have after ``drawn`` (this chance node's tiles so far), with exact odds."""
    pile = current(state).pile
    return draw_distribution(pile.without(counts.counts_of(drawn)) if drawn else pile)


def completed(state: GameState, drawn: tuple[TileType, ...]) -> Action | None:
    """The engine's chance action once ``drawn`` holds all its tiles, else None."""
    if len(drawn) < tiles_wanted(state):
        return None
    step = current(state).pending.front  # type: ignore[union-attr]
    if step.name in (BURN, STAY_DRAW):
        return Action(Verb.BURN, types=drawn)
    return Action(Verb.DRAW, tile_type=drawn[0])


__all__ = ["NUM_OUTCOMES", "tiles_wanted", "next_types", "completed"]
