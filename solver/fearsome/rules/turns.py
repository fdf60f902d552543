"""Whose turn: the order of the pawn phase, the first turn's two pawns, passing, and the winner.

Players move one pawn each in seating order from the first player, round
and round, until every pawn in play has moved once (a pawn waiting off the
board may stay there: it is only flipped). A player with nothing left to
move passes (FAQ: passing is not chosen). In the game's first pawn phase
each player moves two pawns only; the others are flipped where they wait.
"""

from __future__ import annotations

from dataclasses import replace

from solver.fearsome.model.state import Pawn, Phase, Place, Position

FIRST_TURN_PAWNS = 2


def needed_exits(position: Position, colour: str) -> int:
    """Pawns a player must get out to win: all but one (3 of 4, 2 of 3), and at least one.

    A scenario may give a player a single pawn: it wins when that pawn gets out (the first exit wins, as
    :func:`winner_now` counts), so one is needed, not none.
    """
    return max(1, len(position.pawns_of(colour)) - 1)


def movable(position: Position, colour: str) -> tuple[Pawn, ...]:
    """The pawns of ``colour`` that may still move in this pawn phase."""
    if position.phase is not Phase.PAWNS:
        return ()
    own = position.pawns_of(colour)
    if position.first_turn and sum(p.ident in position.moved for p in own) >= FIRST_TURN_PAWNS:
        return ()
    return tuple(p for p in own if p.in_play and p.ident not in position.moved)


def next_to_move(position: Position, after: int) -> int:
    """The first player after seat ``after`` (cyclically, ``after`` itself last) with a pawn to move, or -1."""
    count = len(position.players)
    for offset in range(1, count + 1):
        seat = (after + offset) % count
        if movable(position, position.players[seat]):
            return seat
    return -1


def winner_now(position: Position) -> str | None:
    """A player who has got out all their pawns but one, if any (the first such in exit order)."""
    counts: dict[str, int] = {}
    for ident in position.exits:
        colour = position.pawn(ident).colour
        counts[colour] = counts.get(colour, 0) + 1
        if counts[colour] >= needed_exits(position, colour):
            return colour
    return None


def tie_break_winner(position: Position) -> str | None:
    """At the end without an outright win: the player who first got out the most pawns (None if nobody got out)."""
    counts: dict[str, int] = {}
    reached: dict[str, int] = {}  # colour -> index in exits where it reached its final count
    for index, ident in enumerate(position.exits):
        colour = position.pawn(ident).colour
        counts[colour] = counts.get(colour, 0) + 1
        reached[colour] = index
    if not counts:
        return None
    best = max(counts.values())
    return min((reached[c], c) for c, n in counts.items() if n == best)[1]


def end_pawn_phase(position: Position) -> Position:
    """Every pawn has moved: flip the first turn's unplayed pawns, and wait for the monster."""
    pawns = position.pawns
    if position.first_turn:
        pawns = tuple(p.flipped() if p.in_play and p.ident not in position.moved else p for p in pawns)
    return replace(position, pawns=pawns, phase=Phase.MONSTER, to_move=-1)


def after_move(position: Position, ident: str) -> Position:
    """The bookkeeping after pawn ``ident`` moved (and was flipped): the win, the next player, the phase's end."""
    position = replace(position, moved=position.moved | {ident})
    if position.pawn(ident).place is Place.OUT:
        position = replace(position, exits=(*position.exits, ident))
        if winner_now(position) is not None:
            return replace(position, phase=Phase.OVER, to_move=-1)
    seat = next_to_move(position, position.to_move)
    if seat < 0:
        return end_pawn_phase(position)
    return replace(position, to_move=seat)


def start_pawn_phase(position: Position, first_player: int) -> Position:
    """A new pawn phase from ``first_player``: nobody has moved; a seat with nothing to move passes."""
    position = replace(position, first_player=first_player, moved=frozenset(), phase=Phase.PAWNS, to_move=first_player)
    if movable(position, position.players[first_player]):
        return position
    seat = next_to_move(position, first_player)
    return end_pawn_phase(position) if seat < 0 else replace(position, to_move=seat)
