"""The two rounds: the tombstone piles, the monster phase's bookkeeping, the end and the winner.

Each round shuffles the eight tiles and plays seven; the eighth is never
drawn. The game's first draw is never a prey tile (drawn again until a number
comes, the rest reshuffled: so the first tile is even among the number
tiles). In round 1 an eaten pawn waits again beside the entrance with the face
it showed; in round 2 it leaves the game, and when round 2's seventh tile has
been played every pawn still inside counts as eaten. A player wins the moment
all their pawns but one are out; a game that ends otherwise goes to the player
who first got out the most pawns.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.fearsome.model.state import TILES_PER_ROUND, Phase, Place, Position, Tombstones
from solver.fearsome.rules import turns
from solver.fearsome.rules.monster import MonsterTrace, monster_phase, tile_plan


class IllegalTile(ValueError):
    """A tile that cannot be drawn now; the message says which could."""


def first_draw_rule(position: Position) -> bool:
    """Whether the next draw is one the prey tiles are kept out of (FF-FIRST-DRAW-ROUND2)."""
    pile = position.tombstones
    if pile.drawn:
        return False
    return pile.round == 1 or not position.rulings.first_draw_round2


def next_tiles(position: Position) -> tuple[tuple[str, Fraction], ...]:
    """Each tile the monster phase may draw next with its exact chance, in the pile's order (empty if none)."""
    if position.phase is not Phase.MONSTER:
        return ()
    remaining = position.tombstones.remaining
    if first_draw_rule(position):
        remaining = tuple(t for t in remaining if not tile_plan(t, position)[1])
    distinct = list(dict.fromkeys(remaining))
    return tuple((tile, Fraction(remaining.count(tile), len(remaining))) for tile in distinct)


def resolve(position: Position, tile: str) -> tuple[Position, MonsterTrace]:
    """Draw ``tile`` and move the monster: the next position (round, first player, the end) and the trace."""
    allowed = [t for t, _ in next_tiles(position)]
    if tile not in allowed:
        shown = ", ".join(allowed) if allowed else "none (it is not the monster's phase)"
        raise IllegalTile(f"tile {tile!r} cannot be drawn now; could be: {shown}")
    after, trace = monster_phase(position, tile)
    pile = position.tombstones
    drawn = (*pile.drawn, tile)
    if len(drawn) < TILES_PER_ROUND:
        after = replace(after, tombstones=Tombstones(pile.round, drawn))
    elif pile.round == 1:
        after = replace(after, tombstones=Tombstones(2, ()))
    else:
        inside = tuple(p.moved_to(Place.REMOVED) if p.place is Place.BOARD else p for p in after.pawns)
        return replace(after, pawns=inside, tombstones=Tombstones(2, drawn), phase=Phase.OVER, to_move=-1), trace
    if not any(p.in_play for p in after.pawns):
        return replace(after, phase=Phase.OVER, to_move=-1), trace
    return turns.start_pawn_phase(after, (position.first_player + 1) % len(position.players)), trace


def winner(position: Position) -> str | None:
    """The winning colour: an outright win, or at the end the tie-break; None while undecided or if nobody got out."""
    outright = turns.winner_now(position)
    if outright is not None or position.phase is not Phase.OVER:
        return outright
    return turns.tie_break_winner(position)


def monster_phases_played(position: Position) -> int:
    """Monster phases so far in the game (0 to 14)."""
    pile = position.tombstones
    return len(pile.drawn) + (TILES_PER_ROUND if pile.round == 2 else 0)
