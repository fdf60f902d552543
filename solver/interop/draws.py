"""Chance one tile at a time: the engine's draws and burns as a sequence of single-type draws.

The engine resolves a chance node in one outcome: ``draw T`` (one tile) or
``burn T…`` (the multiset of the tiles a stay or a penalty burns, with its
exact probability). OpenSpiel wants every chance node to be a choice among a
fixed set of outcomes, so a burn of ``k`` tiles is split into ``k`` chance
nodes over the tile types: the burnt tiles are named in the order of
:data:`~solver.core.tiles.TILE_TYPES` (a multiset has exactly one such
sequence), and each next type has the probability of the multisets that
continue the sequence so far. The product along a sequence is the multiset's
probability, so the split changes no odds. A chance outcome is the index of
the tile type in :data:`~solver.core.tiles.TILE_TYPES` (12 outcomes).

>>> from solver.core.newgame import new_game
>>> from solver.core.setups import Setup
>>> from solver.rules.engine import apply, parse_action
>>> state = apply(new_game(Setup()), parse_action("start c3 NE", 6))[0]
>>> [(t.value, str(p)) for t, p in next_types(state, ())]
[('straight', '1/4'), ('t', '1/2'), ('cross', '1/4')]
"""

from __future__ import annotations

from fractions import Fraction

from solver.core.actions import Action, Verb
from solver.core.state import GameState
from solver.core.tiles import TILE_TYPES, TYPE_INDEX, TileType
from solver.rules.engine import chance_outcomes

NUM_OUTCOMES = len(TILE_TYPES)
"""OpenSpiel's ``max_chance_outcomes``: one outcome per tile type."""


def _sequences(state: GameState) -> list[tuple[tuple[TileType, ...], Action, Fraction]]:
    """Each engine outcome as its tile sequence, the engine's action and its probability."""
    out = []
    for action, p in chance_outcomes(state):
        types = action.types if action.verb == Verb.BURN else (action.tile_type,)
        out.append((tuple(sorted(types, key=TYPE_INDEX.__getitem__)), action, p))  # type: ignore[arg-type]
    return out


def next_types(state: GameState, drawn: tuple[TileType, ...]) -> list[tuple[TileType, Fraction]]:
    """The types the next tile may have after ``drawn`` (this chance node's tiles so far), with exact odds."""
    weights: dict[TileType, Fraction] = {}
    depth = len(drawn)
    for seq, _, p in _sequences(state):
        if len(seq) > depth and seq[:depth] == drawn:
            weights[seq[depth]] = weights.get(seq[depth], Fraction(0)) + p
    total = sum(weights.values(), Fraction(0))
    return [(t, weights[t] / total) for t in TILE_TYPES if t in weights]


def completed(state: GameState, drawn: tuple[TileType, ...]) -> Action | None:
    """The engine's chance action once ``drawn`` names all its tiles, else None."""
    for seq, action, _ in _sequences(state):
        if seq == drawn:
            return action
    return None


__all__ = ["NUM_OUTCOMES", "next_types", "completed"]
