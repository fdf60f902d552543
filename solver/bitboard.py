"""Bitboards: the board as Python ints, for the planners' fast path.

Bit ``i`` stands for cell ``i`` (``rank * size + file``, ``a1`` = bit 0), the
same numbering as :mod:`solver.grid`. The board is a torus, so shifting a mask
one step wraps the edge rank or file to the opposite side. Everything here is
plain int arithmetic: a step of a breadth-first search over the whole board is
a dozen ``&``, ``|`` and shifts, whatever the number of cells in the frontier.

>>> from solver.grid import N, E
>>> name = lambda m: [geometry(6).name(c) for c in cells_of(m)]
>>> name(shift(bit(geometry(6).parse("f6")), N, 6)), name(shift(bit(geometry(6).parse("f6")), E, 6))
(['f1'], ['a6'])
"""

from __future__ import annotations

from typing import NamedTuple

from .grid import DIRECTIONS, SIZES, E, Cell, Dir, Mask, N, S, W, cells_of, geometry
from .state import GameState
from .tiles import MONSTERS, Kind


class SizeMasks(NamedTuple):
    """Constant masks of one board size."""

    size: int
    full: Mask
    """Every cell."""
    files: tuple[Mask, ...]
    """``files[f]``: the cells of file ``f`` (``files[0]`` is file a)."""
    ranks: tuple[Mask, ...]
    """``ranks[r]``: the cells of rank ``r`` (``ranks[0]`` is rank 1)."""


def _size_masks(size: int) -> SizeMasks:
    full = (1 << (size * size)) - 1
    rank1 = (1 << size) - 1
    ranks = tuple(rank1 << (r * size) for r in range(size))
    file_a = sum(1 << (r * size) for r in range(size))
    files = tuple(file_a << f for f in range(size))
    return SizeMasks(size, full, files, ranks)


SIZE_MASKS: dict[int, SizeMasks] = {size: _size_masks(size) for size in SIZES}
"""The constant masks of each board size, built once at import."""


def bit(cell: Cell) -> Mask:
    """The mask of one cell."""
    return 1 << cell


def shift(mask: Mask, direction: Dir, size: int) -> Mask:
    """Every cell of ``mask`` moved one step toward ``direction``, wrapping at the edges.

    >>> from solver.grid import S, W
    >>> shift(bit(0), S, 6) == bit(30), shift(bit(0), W, 6) == bit(5)
    (True, True)
    """
    m = SIZE_MASKS[size]
    top, bottom = m.ranks[size - 1], m.ranks[0]
    left, right = m.files[0], m.files[size - 1]
    across = size * (size - 1)  # from one edge rank to the opposite one
    if direction == N:
        return ((mask & ~top) << size) | ((mask & top) >> across)
    if direction == S:
        return ((mask & ~bottom) >> size) | ((mask & bottom) << across)
    if direction == E:
        return ((mask & ~right) << 1) | ((mask & right) >> (size - 1))
    if direction == W:
        return ((mask & ~left) >> 1) | ((mask & left) << (size - 1))
    raise ValueError(f"not a direction: {direction!r}")


def neighbours(mask: Mask, size: int) -> Mask:
    """The four torus neighbours of every cell of ``mask`` (connected or not)."""
    return shift(mask, N, size) | shift(mask, E, size) | shift(mask, S, size) | shift(mask, W, size)


class BoardMasks(NamedTuple):
    """The board of one state as masks (see :func:`board_masks`)."""

    size: int
    present: Mask
    """Cells holding a tile (any kind, pits included)."""
    open_n: Mask
    """Tiles opening toward the north (likewise ``open_e``, ``open_s``, ``open_w``)."""
    open_e: Mask
    open_s: Mask
    open_w: Mask
    pits: Mask
    """Pits, the Dirge's included."""
    monsters: Mask
    """Tiles of the kinds in :data:`solver.tiles.MONSTERS` (keepers and pit fiends too)."""
    gates: Mask
    keys: Mask
    """Key tiles whose key is still there (keepers, which also hold a key, are in ``monsters``)."""
    crumbling: Mask
    occupied: Mask
    """Cells where a prisoner stands."""


def board_masks(state: GameState) -> BoardMasks:
    """The masks of a state's board, computed once (the only per-cell loop of the module).

    >>> from solver.tiles import Tile
    >>> from solver.newgame import new_game
    >>> from solver.setups import Setup
    >>> s = new_game(Setup()).with_tile(14, Tile.make(Kind.GATE))
    >>> m = board_masks(s)
    >>> m.present == m.gates == m.open_n == bit(14), m.keys
    (True, 0)
    """
    present = pits = monsters = gates = keys = crumbling = 0
    opens = {d: 0 for d in DIRECTIONS}
    for cell, tile in enumerate(state.tiles):
        if tile is None:
            continue
        b = 1 << cell
        present |= b
        for d in DIRECTIONS:
            if tile.openings & d:
                opens[d] |= b
        if tile.kind is Kind.PIT:
            pits |= b
        elif tile.kind in MONSTERS:
            monsters |= b
        elif tile.kind is Kind.GATE:
            gates |= b
        elif tile.kind is Kind.KEY and tile.has_key:
            keys |= b
        if tile.crumbling:
            crumbling |= b
    occupied = 0
    for p in state.prisoners:
        if p.cell is not None:
            occupied |= 1 << p.cell
    return BoardMasks(
        state.size, present, opens[N], opens[E], opens[S], opens[W], pits, monsters, gates, keys, crumbling, occupied
    )


def passable(masks: BoardMasks) -> Mask:
    """Tiles a prisoner can walk through without Charge: any tile but pits and monsters.

    Other prisoners are not obstacles here: they move, and a gate holds several.
    """
    return masks.present & ~masks.pits & ~masks.monsters


def step(frontier: Mask, masks: BoardMasks, through: Mask) -> Mask:
    """Cells of ``through`` one connected step from some cell of ``frontier``.

    A cell ``a`` connects to its neighbour ``b`` when ``a`` opens toward ``b``
    and ``b`` opens back; the result may overlap ``frontier`` itself.
    """
    size = masks.size
    out = shift(frontier & masks.open_n, N, size) & masks.open_s
    out |= shift(frontier & masks.open_e, E, size) & masks.open_w
    out |= shift(frontier & masks.open_s, S, size) & masks.open_n
    out |= shift(frontier & masks.open_w, W, size) & masks.open_e
    return out & through


def layers(start: Cell, masks: BoardMasks, through: Mask) -> list[Mask]:
    """Breadth-first layers from ``start``: ``layers[k]`` holds the cells exactly ``k`` steps away.

    ``start`` itself is layer 0 even when it is not in ``through`` (a prisoner
    may stand where it could not walk in); every later cell is in ``through``.
    """
    seen = frontier = 1 << start
    out = [frontier]
    while True:
        frontier = step(frontier, masks, through) & ~seen
        if not frontier:
            return out
        seen |= frontier
        out.append(frontier)


def reachable(start: Cell, masks: BoardMasks, through: Mask) -> Mask:
    """Cells reachable from ``start`` by connected steps through ``through`` (``start`` included).

    >>> from solver.position_json import loads
    >>> state = loads(open("tests/data/format_example.json").read())[0].state
    >>> m = board_masks(state)
    >>> [state.geo.name(c) for c in cells_of(reachable(state.geo.parse("c3"), m, passable(m)))]
    ['d1', 'd2', 'e2', 'c3', 'd3', 'c4', 'd4']
    """
    seen = frontier = 1 << start
    while frontier:
        frontier = step(frontier, masks, through) & ~seen
        seen |= frontier
    return seen


def distances(start: Cell, masks: BoardMasks, through: Mask) -> dict[Cell, int]:
    """Shortest number of connected steps from ``start`` to each reachable cell.

    >>> from solver.position_json import loads
    >>> state = loads(open("tests/data/format_example.json").read())[0].state
    >>> m = board_masks(state)
    >>> d = distances(state.geo.parse("c3"), m, passable(m))
    >>> d[state.geo.parse("d4")], d[state.geo.parse("d1")]
    (2, 3)
    """
    return {cell: k for k, layer in enumerate(layers(start, masks, through)) for cell in cells_of(layer)}


def lit_from(masks: BoardMasks, standing: Mask, candles: Mask) -> Mask:
    """Illumination from masks: ``standing`` cells light themselves, ``candles`` also light ahead.

    ``candles`` are the cells of lit prisoners; each lights the neighbours its
    own tile opens toward, whatever their facing edge (rules §3).
    """
    size = masks.size
    out = standing | candles
    out |= shift(candles & masks.open_n, N, size)
    out |= shift(candles & masks.open_e, E, size)
    out |= shift(candles & masks.open_s, S, size)
    out |= shift(candles & masks.open_w, W, size)
    return out


def lit_mask(state: GameState) -> Mask:
    """Every illuminated cell; equal to :func:`solver.lighting.illuminated`.

    Only the prisoners' own tiles are looked at (at most five), so this does
    not need the whole :class:`BoardMasks`.

    >>> from solver.position_json import loads
    >>> state = loads(open("tests/data/format_example.json").read())[0].state
    >>> sorted(state.geo.name(c) for c in cells_of(lit_mask(state)))
    ['c1', 'c2', 'c3', 'c4', 'd1', 'd2', 'd3', 'd4', 'e2', 'e3']
    """
    size = state.size
    out = 0
    for p in state.prisoners:
        if p.cell is None:
            continue  # falling and unplaced prisoners light nothing
        b = 1 << p.cell
        out |= b
        tile = state.tiles[p.cell]
        if not p.lit or tile is None:
            continue  # a Lights Out candle lights only its own cell
        for d in DIRECTIONS:
            if tile.openings & d:
                out |= shift(b, d, size)
    return out


def count(mask: Mask) -> int:
    """Number of cells in a mask."""
    return mask.bit_count()


def mask_of(cells: list[Cell] | tuple[Cell, ...] | set[Cell]) -> Mask:
    """The mask of some cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def names(mask: Mask, size: int) -> list[str]:
    """Cell names of a mask in cell order (for messages and tests)."""
    geo = geometry(size)
    return [geo.name(c) for c in cells_of(mask)]


__all__ = [
    "SIZE_MASKS",
    "SizeMasks",
    "BoardMasks",
    "bit",
    "board_masks",
    "cells_of",
    "count",
    "distances",
    "layers",
    "lit_from",
    "lit_mask",
    "mask_of",
    "names",
    "neighbours",
    "passable",
    "reachable",
    "shift",
    "step",
]
