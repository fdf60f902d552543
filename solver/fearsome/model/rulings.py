"""The rulings: every question the Fearsome Floors text leaves open, named, with the engine's default reading.

A *switch* has two readings the engine plays (``true``, the default, and
``false``), chosen per position in its ``rulings`` object. A *fixed* ruling
names a reading the engine always takes; it is listed so that a reader of a
trace knows which choice was made, and docs/fearsome-floors.md says why.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from solver.base.rulings import Ruling

SWITCHES: tuple[Ruling, ...] = (
    Ruling("FF-FIRST-DRAW-ROUND2",
               "the first-draw exception (no prey tile) holds for the game's first draw only",
               "it also holds for the first draw of round 2"),
    Ruling("FF-MONSTER-CORNER",
               "a stone the monster pushes onto the entrance or exit corner is taken off, as for pawns",
               "only a pawn's push takes a stone off there"),
    Ruling("FF-POOL-WALL",
               "a monster sliding off a pool into the outer wall goes through it and re-enters (one step)",
               "it stops on the last square of the pool"),
    Ruling("FF-PIVOT-TIE",
               "a monster that sees pawns at equal distances pushes a pivot stone (it sees pawns)",
               "a tie counts as seeing no pawn: the pivot turns it"),
    Ruling("FF-TELEPORT-EATEN",
               "a pawn pushed onto a teleporter counts as eaten (round 1: back to the entrance)",
               "it is removed for good, even in round 1"),
    Ruling("FF-TELEPORTERS-ORTHOGONAL",
               "two teleporters may not share a side",
               "they may not touch at all, diagonals included"),
    Ruling("FF-FOUR-PLAYERS-FOUR-PAWNS",
               "with 4 players each has 4 pawns (the English rules, the pawns in the box)",
               "3 pawns (the French text names 2-3 players only)"),
    Ruling("FF-THREE-PREY",
               "the 5 tile moves the monster 5 steps",
               "the 5 tile is a three-prey tile (the 6-7 player variant)"),
)
"""The switches, in the order the docs list them."""

FIXED: tuple[Ruling, ...] = (
    Ruling("FF-POOL-STUCK",
               "a pawn stopped on a pool by a stone it cannot push may end there (FAQ 1); it pushes the stone on a "
               "later move of its own, never by itself when the space frees",
               None),
    Ruling("FF-POOL-PAWN",
               "a pawn at rest on a pool is eaten when the monster slides onto its square",
               None),
    Ruling("FF-SLIDE-OVER-PAWN",
               "a sliding pawn passes over a pawn at rest on the pool, as over any pawn",
               None),
    Ruling("FF-WALL-ARRIVAL",
               "the square where the monster re-enters is an ordinary step: it pushes a stone there or eats a pawn "
               "there",
               None),
    Ruling("FF-PIVOT-CONTACT",
               "a pivot stone turns the monster only from the square next to it on the board; pushed in a chain or "
               "met across the wall it is a plain stone",
               None),
    Ruling("FF-PIVOT-RIGHT",
               "a right pivot turns the monster clockwise seen from above",
               None),
    Ruling("FF-SLIDE-DESTINATION",
               "a stone or pawn sliding off a pool onto a teleporter is destroyed; onto the wall or an occupied "
               "square it stops on the pool",
               None),
    Ruling("FF-STEP-COUNTS",
               "a slide, a wall crossing, a teleport jump and a pivot turn are all part of one step",
               None),
    Ruling("FF-EXIT-PASS",
               "a pawn may pass over the exit without leaving; leaving is one more step from it",
               None),
    Ruling("FF-WIN-IMMEDIATE",
               "a player wins the moment the last pawn needed leaves",
               None),
    Ruling("FF-MONSTER-ON-CORNER",
               "the monster may end on a corner; no pawn enters or leaves through it there",
               None),
    Ruling("FF-PREY-LAST-STEP",
               "a prey tile ends with the step in which the last prey is eaten or crushed",
               None),
)
"""The fixed rulings, in the order the docs list them."""


@dataclass(frozen=True, slots=True)
class Rulings:
    """The switches of :data:`SWITCHES`, as attributes (``FF-POOL-WALL`` is ``pool_wall``)."""

    first_draw_round2: bool = True
    monster_corner: bool = True
    pool_wall: bool = True
    pivot_tie: bool = True
    teleport_eaten: bool = True
    teleporters_orthogonal: bool = True
    four_players_four_pawns: bool = True
    three_prey: bool = True

    def as_dict(self) -> dict[str, bool]:
        return {attribute_name(f.name): getattr(self, f.name) for f in fields(self)}

    def with_switch(self, ruling: str, value: bool) -> Rulings:
        return replace(self, **{field_name(ruling): value})


def attribute_name(field: str) -> str:
    return "FF-" + field.upper().replace("_", "-")


def field_name(ruling: str) -> str:
    return ruling.removeprefix("FF-").lower().replace("-", "_")


SWITCH_NAMES = tuple(r.name for r in SWITCHES)
DEFAULT = Rulings()

assert tuple(DEFAULT.as_dict()) == SWITCH_NAMES, "the switches and the Rulings fields are listed in one order"
