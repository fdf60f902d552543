"""The board's symmetries, and a canonical key so that equivalent puzzles are recognised.

The torus has ``size²`` translations and the square's 8 rotations and
reflections: ``8 * size²`` symmetries (288 on 6x6, 392 on 7x7). A symmetry
moves every tile *and turns it*: a tile's openings and a keeper's facing are
directions, mapped like the cells. Prisoner renaming: names do not matter, but
the turn order does, so two positions are the same up to names when their
prisoners, listed in turn order from the one whose turn it is, agree on
everything but the name.

:func:`canonical_key` is the least serialisation over all symmetries of the
position without names; two positions have the same key exactly when a
symmetry and a renaming map one onto the other (in the end-game, where the
pile is empty and the discard is fixed by the board).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from solver.nightcage.model.grid import DIRECTIONS, geometry
from solver.nightcage.model.state import GameState, Prisoner
from solver.nightcage.model.tiles import Tile

Transform = tuple[int, bool, int, int]
"""``(quarter turns, mirrored, file shift, rank shift)``."""


def transforms(size: int) -> list[Transform]:
    """Every symmetry of the ``size`` torus (the identity first)."""
    return [(q, m, dx, dy) for m in (False, True) for q in range(4) for dx in range(size) for dy in range(size)]


@cache
def _tables(size: int, t: Transform) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(image of each cell, image of each direction bit index) under ``t``."""
    q, mirrored, dx, dy = t
    geo = geometry(size)

    def point(x: int, y: int) -> tuple[int, int]:
        if mirrored:
            x = -x
        for _ in range(q):
            x, y = y, -x  # a quarter turn clockwise (north goes east)
        return (x + dx) % size, (y + dy) % size

    cells = []
    for c in range(size * size):
        x, y = point(geo.file_of(c), geo.rank_of(c))
        cells.append(y * size + x)
    # A direction's image: where the image of a cell's neighbour lies from the image of the cell.
    dirs = []
    for d in DIRECTIONS:
        a, b = cells[0], cells[geo.neighbour(0, d)]
        dirs.append(next(i for i, e in enumerate(DIRECTIONS) if geo.neighbour(a, e) == b))
    return tuple(cells), tuple(dirs)


@cache
def _turn(mask: int, dirs: tuple[int, ...]) -> int:
    out = 0
    for i, d in enumerate(DIRECTIONS):
        if mask & d:
            out |= DIRECTIONS[dirs[i]]
    return out


def apply(state: GameState, t: Transform) -> GameState:
    """The position moved by symmetry ``t`` (tiles moved and turned, prisoners moved)."""
    size = state.size
    cells, dirs = _tables(size, t)
    tiles: list[Tile | None] = [None] * len(state.tiles)
    for c, tile in enumerate(state.tiles):
        if tile is not None:
            tiles[cells[c]] = tile._replace(openings=_turn(tile.openings, dirs), facing=_turn(tile.facing, dirs))
    prisoners = tuple(_move_prisoner(p, cells, size) for p in state.prisoners)
    return replace(state, tiles=tuple(tiles), prisoners=prisoners)


def _move_prisoner(p: Prisoner, cells: tuple[int, ...], size: int) -> Prisoner:
    if p.cell is not None:
        return p._replace(cell=cells[p.cell])
    if p.falling is None:
        return p
    axis, index = p.falling
    if axis == "cell":
        return p._replace(falling=("cell", cells[index]))
    line = [r * size + index for r in range(size)] if axis == "file" else [index * size + f for f in range(size)]
    image = [cells[c] for c in line]
    ranks = {c // size for c in image}
    if len(ranks) == 1:
        return p._replace(falling=("row", ranks.pop()))
    return p._replace(falling=("file", image[0] % size))


def _serial(state: GameState) -> str:
    """Everything that matters about a position, names left out, prisoners from the active one."""
    n = len(state.prisoners)
    order = [(state.turn + i) % n for i in range(n)]
    prisoners = tuple((p.cell, p.falling, p.unplaced, p.lit, p.nerve, p.key) for p in (state.prisoners[i] for i in order))
    tiles = tuple(
        None if t is None else (t.kind.value, t.openings, t.crumbling, t.facing, t.key_taken, t.was.value if t.was else None, t.dirge)
        for t in state.tiles
    )
    rulings = repr(state.rulings.given)
    return repr((state.size, prisoners, tiles, state.pile.count, tuple(state.discarded), state.setup.base, rulings))


def canonical_key(state: GameState) -> str:
    """The same string for positions equal up to a symmetry of the torus and prisoner renaming:
    the least :func:`_serial` of :func:`apply` over every symmetry, each serialisation built
    directly from the moved cells and turned directions (no position is built)."""
    size = state.size
    n = len(state.prisoners)
    order = [state.prisoners[(state.turn + i) % n] for i in range(n)]
    placed = [(c, tile) for c, tile in enumerate(state.tiles) if tile is not None]
    rest = (state.pile.count, tuple(state.discarded), state.setup.base, repr(state.rulings.given))
    best: str | None = None
    for t in transforms(size):
        cells, dirs = _tables(size, t)
        tiles: list[tuple[object, ...] | None] = [None] * len(state.tiles)
        for c, tile in placed:
            tiles[cells[c]] = (tile.kind.value, _turn(tile.openings, dirs), tile.crumbling, _turn(tile.facing, dirs),
                               tile.key_taken, tile.was.value if tile.was else None, tile.dirge)
        moved = (_move_prisoner(p, cells, size) for p in order)
        prisoners = tuple((p.cell, p.falling, p.unplaced, p.lit, p.nerve, p.key) for p in moved)
        text = repr((size, prisoners, tuple(tiles), *rest))
        if best is None or text < best:
            best = text
    assert best is not None  # the identity is always a symmetry
    return best


__all__ = ["Transform", "apply", "canonical_key", "transforms"]
