"""Tile kinds, shapes, rotations and the tallies used for the pile and discard.

Two vocabularies, kept apart on purpose:

* a **kind** is what lies on a board cell (``t``, ``gate``, ``pit``…);
* a **tile type** is what is counted in the pile, the discard and the setup.
  It is the kind, except that the two optional cracked T's are counted as
  ``cracked_t`` (on the board they are ``t`` with ``crumbling: true``), and a
  pit is counted as what it ``was``.

>>> rotations(Kind.T)
(7, 11, 13, 14)
>>> Tile.make(Kind.STRAIGHT, 0b0101).type
<TileType.STRAIGHT: 'straight'>
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import NamedTuple

from solver.nightcage.model.grid import Dir, E, N, openings_text, rotate

ALL_OPEN = 0b1111


class Kind(StrEnum):
    START = "start"
    STRAIGHT = "straight"
    T = "t"
    CROSS = "cross"
    KEY = "key"
    GATE = "gate"
    WAX_EATER = "wax_eater"
    KEEPER = "keeper"
    PIT_FIEND = "pit_fiend"
    PATHLESS = "pathless"
    OMEN = "omen"
    PIT = "pit"


class TileType(StrEnum):
    """What the pile, the discard and the setup count (see the module doc)."""

    START = "start"
    STRAIGHT = "straight"
    T = "t"
    CRACKED_T = "cracked_t"
    CROSS = "cross"
    KEY = "key"
    GATE = "gate"
    WAX_EATER = "wax_eater"
    KEEPER = "keeper"
    PIT_FIEND = "pit_fiend"
    PATHLESS = "pathless"
    OMEN = "omen"


TILE_TYPES: tuple[TileType, ...] = tuple(TileType)
TYPE_INDEX = {t: i for i, t in enumerate(TILE_TYPES)}
NUM_TYPES = len(TILE_TYPES)

FRENCH = {
    Kind.START: "tuile de départ",
    Kind.STRAIGHT: "Couloir",
    Kind.T: "Croisement en « T »",
    Kind.CROSS: "Croisement en « X »",
    Kind.KEY: "Clef",
    Kind.GATE: "Porte de sortie",
    Kind.WAX_EATER: "Dévoreur de cire",
    Kind.KEEPER: "Gardien",
    Kind.PIT_FIEND: "Démon des gouffres",
    Kind.PATHLESS: "Impasse",
    Kind.OMEN: "Augure",
    Kind.PIT: "gouffre",
}

ENGLISH = {
    Kind.START: "start tile",
    Kind.STRAIGHT: "straight",
    Kind.T: "T",
    Kind.CROSS: "crossroads",
    Kind.KEY: "key tile",
    Kind.GATE: "gate",
    Kind.WAX_EATER: "wax eater",
    Kind.KEEPER: "keeper",
    Kind.PIT_FIEND: "pit fiend",
    Kind.PATHLESS: "pathless",
    Kind.OMEN: "omen",
    Kind.PIT: "pit",
}

# Canonical openings; every rotation of them is allowed.
SHAPE = {
    Kind.START: N | E,
    Kind.STRAIGHT: N | 4,  # N | S
    Kind.T: 0b0111,  # N, E, S (wall W)
    Kind.CROSS: ALL_OPEN,
    Kind.KEY: ALL_OPEN,
    Kind.GATE: ALL_OPEN,
    Kind.WAX_EATER: ALL_OPEN,
    Kind.KEEPER: ALL_OPEN,
    Kind.PIT_FIEND: ALL_OPEN,
    Kind.PATHLESS: 0,
    Kind.OMEN: ALL_OPEN,
    Kind.PIT: 0,
}

ROTATABLE = frozenset({Kind.START, Kind.STRAIGHT, Kind.T})
MONSTERS = frozenset({Kind.WAX_EATER, Kind.KEEPER, Kind.PIT_FIEND, Kind.PATHLESS, Kind.OMEN})
MONSTER_TYPES = frozenset(TileType(k.value) for k in MONSTERS)
ADVANCED_KINDS = frozenset({Kind.KEEPER, Kind.PIT_FIEND, Kind.PATHLESS, Kind.OMEN})
ADVANCED_TYPES = frozenset(TileType(k.value) for k in ADVANCED_KINDS)
DEFAULT_CRUMBLING = frozenset({Kind.START, Kind.STRAIGHT, Kind.KEY})


@cache
def rotations(kind: Kind) -> tuple[int, ...]:
    """The distinct openings masks of a kind, sorted."""
    shape = SHAPE[kind]
    return tuple(sorted({rotate(shape, q) for q in range(4)}))


TALLY_OF_KIND: dict[Kind, TileType] = {kind: TileType(kind.value) for kind in Kind if kind is not Kind.PIT}
"""The type a tile of each kind counts under, but a crumbling T and a pit (:attr:`Tile.type`): a table, since
an enum looked up by value costs a microsecond, and a position's tallies look up every tile's."""
KIND_OF_TYPE = {tile_type: Kind.T if tile_type is TileType.CRACKED_T else Kind(tile_type.value) for tile_type in TileType}


def kind_of_type(tile_type: TileType) -> Kind:
    return KIND_OF_TYPE[tile_type]


class Tile(NamedTuple):
    """One tile on a board cell. Immutable and hashable."""

    kind: Kind
    openings: int
    crumbling: bool
    facing: Dir = 0
    """Keeper only: the side its mouth faces."""
    key_taken: bool = False
    """Key tile only: its key has been taken (a key tile gives one key)."""
    was: TileType | None = None
    """Pit only: the tile it was, when known (for tile totals)."""
    dirge: bool = False
    """Pit only: part of the Dirge's 9-cell pit (not a tile of the box)."""

    @staticmethod
    def make(kind: Kind, openings: int | None = None, **extra: object) -> Tile:
        """A tile with the kind's default openings and crumbling."""
        if openings is None:
            openings = SHAPE[kind]
        crumbling = extra.pop("crumbling", kind in DEFAULT_CRUMBLING)
        return Tile(kind, openings, bool(crumbling), **extra)  # type: ignore[arg-type]

    @staticmethod
    def of_type(tile_type: TileType, openings: int | None = None, facing: Dir = 0) -> Tile:
        """The tile a drawn tile type becomes when placed with ``openings``."""
        kind = kind_of_type(tile_type)
        if openings is None:
            openings = SHAPE[kind]
        crumbling = tile_type is TileType.CRACKED_T or kind in DEFAULT_CRUMBLING
        return Tile(kind, openings, crumbling, facing=facing)

    @property
    def type(self) -> TileType | None:
        """The tally this tile counts under (None for a pit of unknown origin or the Dirge)."""
        if self.kind is Kind.PIT:
            return None if self.dirge else self.was
        if self.kind is Kind.T and self.crumbling:
            return TileType.CRACKED_T
        return TALLY_OF_KIND[self.kind]

    @property
    def is_monster(self) -> bool:
        return self.kind in MONSTERS

    @property
    def is_pit(self) -> bool:
        return self.kind is Kind.PIT

    @property
    def has_key(self) -> bool:
        """A key tile whose key is still there, or a keeper (which always holds one)."""
        return (self.kind is Kind.KEY and not self.key_taken) or self.kind is Kind.KEEPER

    def opens(self, direction: Dir) -> bool:
        return bool(self.openings & direction)

    def pit(self) -> Tile:
        """The pit this tile becomes when it collapses (its type is kept for tallies)."""
        return Tile(Kind.PIT, 0, False, was=self.type)

    def describe(self) -> str:
        """Short English description, e.g. ``T (NES)`` or ``gate``."""
        name = ENGLISH[self.kind]
        if self.kind is Kind.T and self.crumbling:
            name = "cracked T"
        if self.kind in ROTATABLE:
            return f"{name} ({openings_text(self.openings)})"
        if self.kind is Kind.PIT and self.was is not None:
            return f"pit (was {self.was.value.replace('_', ' ')})"
        return name


def type_name(tile_type: TileType) -> str:
    """English name of a tile type for messages."""
    if tile_type is TileType.CRACKED_T:
        return "cracked T"
    return ENGLISH[kind_of_type(tile_type)]


def a_type_name(tile_type: TileType) -> str:
    """The English name with its article: "a t", "an omen".

    >>> a_type_name(TileType.OMEN), a_type_name(TileType.WAX_EATER)
    ('an omen', 'a wax eater')
    """
    name = type_name(tile_type)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def placements(tile_type: TileType, must_open: int = 0, any_of: bool = False) -> tuple[int, ...]:
    """Rotations of a drawn tile type that open toward the required sides.

    ``must_open`` lists sides; with ``any_of`` at least one of them must be open
    (a fill tile connects back to at least one lighting passage), otherwise all.
    Pathless tiles have no passages and are exempt (they connect to nothing).
    """
    kind = kind_of_type(tile_type)
    if kind is Kind.PATHLESS or not must_open:
        return rotations(kind)
    if any_of:
        return tuple(o for o in rotations(kind) if o & must_open)
    return tuple(o for o in rotations(kind) if o & must_open == must_open)


__all__ = [
    "ALL_OPEN",
    "Kind",
    "TileType",
    "Tile",
    "TILE_TYPES",
    "TYPE_INDEX",
    "NUM_TYPES",
    "SHAPE",
    "ROTATABLE",
    "MONSTERS",
    "MONSTER_TYPES",
    "ADVANCED_KINDS",
    "ADVANCED_TYPES",
    "rotations",
    "placements",
    "kind_of_type",
    "type_name",
]
