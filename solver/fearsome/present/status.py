"""A Fearsome Floors position's state in words: whose turn it is, the monster, the next draw.

Shared by the text commands and the picture's panel, so both say the same.
"""

from __future__ import annotations

from solver.fearsome.model.board import Direction, name
from solver.fearsome.model.state import Phase, Position
from solver.fearsome.rules.rounds import next_tiles, winner

FACING_WORDS = {Direction.N: "north", Direction.E: "east", Direction.S: "south", Direction.W: "west"}


def status_text(position: Position) -> str:
    """Whose turn it is, or that the monster moves next, or the game's end and its winner."""
    if position.phase is Phase.OVER:
        won = winner(position)
        return f"Game over: {won} wins" if won else "Game over: nobody got out"
    if position.phase is Phase.MONSTER:
        return "Monster phase: a tombstone is drawn next"
    first = " (first turn: two pawns each)" if position.first_turn else ""
    return f"Turn: {position.players[position.to_move]} to move{first}"


def monster_text(position: Position) -> str:
    return f"Monster: {name(position.monster)}, facing {FACING_WORDS[position.facing]}"


def next_draw_text(position: Position) -> str:
    """The tiles the next draw may show with their chances, in the monster phase; else ``""``."""
    tiles = next_tiles(position)
    if not tiles:
        return ""
    return "Next tile: " + ", ".join(f"{tile} ({chance})" for tile, chance in tiles)
