"""The pieces and the position: immutable, hashable values.

A :class:`Position` holds everything the rules need: the pawns (colour,
faces, where), the scenery (stones, pools, teleporters), the monster, the
tombstone piles and whose turn it is. Squares are ``board`` ints. Every
change makes a new position (``dataclasses.replace``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from solver.fearsome.model.board import Direction
from solver.fearsome.model.rulings import DEFAULT, Rulings


class Place(StrEnum):
    """Where a pawn is."""

    WAITING = "waiting"
    """Off the board beside the entrance: not entered yet, or eaten in round 1."""
    BOARD = "board"
    OUT = "out"
    """Escaped through the exit."""
    REMOVED = "removed"
    """Eaten in round 2 (or destroyed): out of the game."""


class StoneKind(StrEnum):
    PLAIN = "plain"
    CRYSTAL = "crystal"
    """The monster sees through it."""
    PIVOT_RIGHT = "pivot_right"
    PIVOT_BACK = "pivot_back"
    """The half-turn pivot (180 degrees)."""


PIVOTS = frozenset({StoneKind.PIVOT_RIGHT, StoneKind.PIVOT_BACK})


class Phase(StrEnum):
    PAWNS = "pawns"
    """Players move their pawns."""
    MONSTER = "monster"
    """Every pawn has moved: a tombstone tile is drawn next."""
    OVER = "over"


TILES: tuple[str, ...] = ("5", "7", "7", "8", "8", "10", "prey1", "prey2")
"""The eight tombstone tiles: steps, or the number of pawns the monster must eat (at most 20 steps)."""
PREY = {"prey1": 1, "prey2": 2, "prey3": 3}
MAX_PREY_STEPS = 20
TILES_PER_ROUND = 7
"""Seven of the eight tiles are played per round; the last is never drawn."""


@dataclass(frozen=True, slots=True)
class Pawn:
    """One pawn: ``white`` is its white value (1, 3, 4 or 5); the black face shows ``7 - white``."""

    ident: str
    colour: str
    white: int
    black_up: bool = False
    place: Place = Place.WAITING
    square: int = -1
    """The square when on the board, else -1."""

    @property
    def value(self) -> int:
        """The face showing: the most steps of its next move."""
        return 7 - self.white if self.black_up else self.white

    @property
    def in_play(self) -> bool:
        """On the board or waiting to enter: it still has moves to make."""
        return self.place in (Place.WAITING, Place.BOARD)

    def flipped(self) -> Pawn:
        return replace(self, black_up=not self.black_up)

    def at(self, square: int) -> Pawn:
        return replace(self, place=Place.BOARD, square=square)

    def moved_to(self, place: Place) -> Pawn:
        return replace(self, place=place, square=-1)


@dataclass(frozen=True, slots=True)
class Teleporter:
    square: int
    arrow: Direction
    """The way the monster faces when it arrives here."""


@dataclass(frozen=True, slots=True)
class Tombstones:
    """The pile of the current round: the tiles drawn so far, in order; the rest are face down."""

    round: int = 1
    drawn: tuple[str, ...] = ()

    @property
    def remaining(self) -> tuple[str, ...]:
        """The tiles not drawn this round (one of them will never be played), sorted as :data:`TILES`."""
        rest = list(TILES)
        for tile in self.drawn:
            rest.remove(tile)
        return tuple(rest)


@dataclass(frozen=True, slots=True)
class Position:
    """A position of Fearsome Floors.

    ``stones`` is sorted by square; ``pools`` lists each pool's squares;
    ``teleporters`` lists pairs. ``players`` are colours in seating order (turn
    order); ``first_player`` indexes it, ``to_move`` too (-1 outside the pawn
    phase). ``moved`` names the pawns that have moved in this pawn phase;
    ``exits`` the pawns out, in the order they left (the tie-break).
    """

    players: tuple[str, ...]
    pawns: tuple[Pawn, ...]
    monster: int
    facing: Direction
    stones: tuple[tuple[int, StoneKind], ...] = ()
    pools: tuple[tuple[int, ...], ...] = ()
    teleporters: tuple[tuple[Teleporter, Teleporter], ...] = ()
    tombstones: Tombstones = Tombstones()
    first_player: int = 0
    to_move: int = 0
    phase: Phase = Phase.PAWNS
    moved: frozenset[str] = frozenset()
    exits: tuple[str, ...] = ()
    rulings: Rulings = DEFAULT

    # -- looking things up ---------------------------------------------------------------------------------------
    def stone_at(self) -> dict[int, StoneKind]:
        return dict(self.stones)

    def pool_squares(self) -> frozenset[int]:
        return frozenset(sq for pool in self.pools for sq in pool)

    def teleporter_at(self) -> dict[int, Teleporter]:
        """Each teleporter's square to its partner."""
        partner: dict[int, Teleporter] = {}
        for one, other in self.teleporters:
            partner[one.square] = other
            partner[other.square] = one
        return partner

    def pawn_squares(self) -> dict[int, str]:
        return {p.square: p.ident for p in self.pawns if p.place is Place.BOARD}

    def pawn(self, ident: str) -> Pawn:
        for p in self.pawns:
            if p.ident == ident:
                return p
        raise KeyError(ident)

    def pawns_of(self, colour: str) -> tuple[Pawn, ...]:
        return tuple(p for p in self.pawns if p.colour == colour)

    @property
    def first_turn(self) -> bool:
        """The game's first pawn phase: each player brings only two pawns."""
        return self.tombstones.round == 1 and not self.tombstones.drawn

    def with_pawn(self, pawn: Pawn) -> Position:
        return replace(self, pawns=tuple(pawn if p.ident == pawn.ident else p for p in self.pawns))


def sorted_stones(stones: dict[int, StoneKind]) -> tuple[tuple[int, StoneKind], ...]:
    return tuple(sorted(stones.items()))
