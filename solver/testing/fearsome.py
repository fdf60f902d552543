"""Seeded random games of Fearsome Floors, for tests and benchmarks: mid-game positions to ask questions of.

A game is played at random (half the moves the one nearest the exit, so that
pawns do advance), basic or advanced scenery; :func:`midgame` returns one of
its pawn-phase positions after the first monster phase, chosen by the seed.
"""

from __future__ import annotations

import random

from solver.fearsome.model import setups
from solver.fearsome.model.board import xy
from solver.fearsome.model.state import Phase, Place, Position
from solver.fearsome.rules import moves, rounds
from solver.fearsome.rules.moves import PawnMove


def nearest_exit(move: PawnMove) -> tuple[int, int]:
    """A sort key: moves out first, then ends nearest the exit (fewest steps first); waiting last."""
    if move.place is Place.OUT:
        return (-1, 0)
    if move.place is Place.WAITING:
        return (99, 0)
    x, y = xy(move.square)
    return (x + y, -move.steps)


def random_game(seed: int, players: int, advanced: bool) -> list[Position]:
    """Every position of one seeded random game, in order (pawn phases, monster phases, the end)."""
    rng = random.Random(seed)
    scenery = setups.random_scenery(rng) if advanced else None
    position = setups.new_game(players, scenery=scenery)
    seen = [position]
    while position.phase is not Phase.OVER:
        if position.phase is Phase.PAWNS:
            legal = moves.legal_moves(position)
            move = min(legal, key=nearest_exit) if rng.random() < 0.5 else rng.choice(legal)
            position = moves.apply_move(position, move)
        else:
            tiles = rounds.next_tiles(position)
            tile = rng.choices([t for t, _ in tiles], [float(p) for _, p in tiles])[0]
            position = rounds.resolve(position, tile)[0]
        seen.append(position)
    return seen


def midgame(seed: int) -> Position:
    """A pawn-phase position after the first monster phase of game ``seed`` (2 to 7 players, both sceneries)."""
    players, advanced = 2 + seed % 6, seed % 2 == 1
    game = random_game(seed, players, advanced)
    later = [p for p in game if p.phase is Phase.PAWNS and rounds.monster_phases_played(p) >= 1]
    return random.Random(seed).choice(later or [p for p in game if p.phase is Phase.PAWNS])
