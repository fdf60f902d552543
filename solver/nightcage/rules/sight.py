"""Monsters' line of sight (champ de vision), rules §6.1.

From the monster's cell, in each direction it watches, sight passes from cell
*x* to the next cell *y* when *x* opens toward *y* and *y* opens back; it goes
on past *y* only when *y* also opens straight on. It stops at an empty cell, a
pit or a wall, wraps around the edges, and stops when it comes back to the
monster. The tile where it stops (a T met from its stem, or a pathless, whose
four mouths meet any line but which no corridor crosses) is in sight under
RULING-LOS-END (default); under the alternative the line stops before it.
"""

from __future__ import annotations

from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE, Cell, Dir, Mask
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import ALL_OPEN, Kind, Tile

SIGHTED = frozenset({Kind.WAX_EATER, Kind.KEEPER, Kind.PATHLESS})
"""Monsters that watch sight lines (pit fiends and omens act once, on placement)."""


def watched_directions(tile: Tile) -> tuple[Dir, ...]:
    """The directions a monster watches: a keeper ignores what is behind it."""
    if tile.kind is Kind.KEEPER:
        front = tile.facing
        return tuple(d for d in DIRECTIONS if d != OPPOSITE[front])
    return DIRECTIONS


def sight(state: GameState, monster: Cell) -> Mask:
    """Cells in the monster's sight (its own cell excluded)."""
    mask = 0
    for d in _looking(state, monster):
        mask |= _line(state, monster, d)
    return mask


def _looking(state: GameState, monster: Cell) -> tuple[Dir, ...]:
    """The directions in which a monster's sight lines start."""
    tile = state.tiles[monster]
    if tile is None or tile.kind not in SIGHTED:
        return ()
    # A pathless has no passages; it sees as if it opened on all four sides
    # (RULING-PATHLESS-SIGHT).
    own = ALL_OPEN if tile.kind is Kind.PATHLESS else tile.openings
    return tuple(d for d in watched_directions(tile) if own & d)


def _line(state: GameState, monster: Cell, d: Dir) -> Mask:
    through, end = _walk(state, monster, d)
    line = through | end if state.rulings.los_end else through
    tile = state.tiles[monster]
    if tile is not None and tile.kind is Kind.KEEPER and state.rulings.keeper_back:
        line &= ~back_line(state, monster)
    return line


def back_line(state: GameState, keeper: Cell) -> Mask:
    """The cells behind a keeper (§8.14): those of its front-to-back line nearer
    going backward than going forward round the torus (on an even board the cell
    straight opposite, as near either way, is not behind)."""
    tile = state.tiles[keeper]
    if tile is None or tile.kind is not Kind.KEEPER:
        return 0
    back = OPPOSITE[tile.facing]
    mask = 0
    x = keeper
    for _ in range((state.size - 1) // 2):
        x = state.geo.neighbour(x, back)
        mask |= 1 << x
    return mask


def _walk(state: GameState, monster: Cell, d: Dir) -> tuple[Mask, Mask]:
    """One sight line: the cells it passes through, and the tile where it stops (if any)."""
    geo = state.geo
    back = OPPOSITE[d]
    mask = 0
    x = monster
    while True:
        y = geo.neighbour(x, d)
        if y == monster:
            return mask, 0
        tile = state.tiles[y]
        if tile is not None and tile.kind is Kind.PATHLESS:
            # Its four mouths meet the line (it sees as if open on four sides,
            # RULING-PATHLESS-SIGHT) but no corridor crosses it: the line stops
            # on it, as on a T met from its stem (docs/rules-notes.md).
            return mask, 1 << y
        if tile is None or not tile.openings & back:
            return mask, 0
        if not tile.openings & d:
            return mask, 1 << y
        mask |= 1 << y
        x = y


def reaching_directions(state: GameState, monster: Cell, cell: Cell) -> list[Dir]:
    """The directions of the monster's sight lines that reach ``cell``."""
    return [d for d in _looking(state, monster) if _line(state, monster, d) >> cell & 1]


def line_ends(state: GameState, monster: Cell) -> Mask:
    """Tiles where the monster's sight lines stop, reached but not passed through:
    in sight only under RULING-LOS-END's default reading."""
    mask = 0
    for d in _looking(state, monster):
        mask |= _walk(state, monster, d)[1]
    return mask


def monsters(state: GameState) -> list[Cell]:
    """Cells of the monsters that watch sight lines, in cell order."""
    return [c for c, t in enumerate(state.tiles) if t is not None and t.kind in SIGHTED]


def watchers(state: GameState, cell: Cell) -> list[Cell]:
    """Monsters that a move at ``cell`` triggers."""
    return [m for m in monsters(state) if trigger_zone(state, m) >> cell & 1]


def trigger_zone(state: GameState, monster: Cell) -> Mask:
    """Where a move triggers the monster: its sight, or (RULING-PATHLESS-SIGHT
    alternative) a pathless's whole row and column."""
    tile = state.tiles[monster]
    if tile is not None and tile.kind is Kind.PATHLESS and not state.rulings.pathless_sight:
        return row_and_column(state, monster)
    return sight(state, monster)


def row_and_column(state: GameState, cell: Cell) -> Mask:
    """A pathless's reach: its whole row and column, through anything."""
    geo = state.geo
    mask = 0
    for c in geo.row_cells(geo.rank_of(cell)) + geo.file_cells(geo.file_of(cell)):
        mask |= 1 << c
    return mask & ~(1 << cell)


__all__ = [
    "sight",
    "watchers",
    "trigger_zone",
    "line_ends",
    "monsters",
    "row_and_column",
    "watched_directions",
    "back_line",
]
