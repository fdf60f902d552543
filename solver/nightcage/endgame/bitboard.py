"""Bitboards: the board as Python ints, for the planners' fast path.

Bit ``i`` stands for cell ``i`` (``rank * size + file``, ``a1`` = bit 0), the
same numbering as :mod:`solver.nightcage.model.grid`. The board is a torus, so shifting a mask
one step wraps the edge rank or file to the opposite side. Everything here is
plain int arithmetic: a step of a breadth-first search over the whole board is
a dozen ``&``, ``|`` and shifts, whatever the number of cells in the frontier.

>>> names(shift(bit(35), N, 6), 6), names(shift(bit(35), E, 6), 6)
(['f1'], ['a6'])

A worked example: a T on c3 opening N, E and S, a straight on c4, a gate on
d3 and a wax eater on e3, next to the gate; red stands on c3.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.model.tiles import Tile
>>> state = new_game(Setup())
>>> for name, tile in [("c3", Tile.make(Kind.T)), ("c4", Tile.make(Kind.STRAIGHT)),
...                    ("d3", Tile.make(Kind.GATE)), ("e3", Tile.make(Kind.WAX_EATER))]:
...     state = state.with_tile(state.geo.parse(name), tile)
>>> state = state.with_prisoner(0, cell=state.geo.parse("c3"), unplaced=False)
>>> m = board_masks(state)
>>> names(reachable(14, m, passable(m)), 6)
['c3', 'd3', 'c4']
>>> names(reachable(14, m, m.present), 6)  # through the monster too (Charge)
['c3', 'd3', 'e3', 'c4']
>>> distances(14, m, passable(m))
{14: 0, 15: 1, 20: 1}
>>> names(lit_mask(state), 6)  # c3's south passage lights the empty c2
['c2', 'c3', 'd3', 'c4']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from solver.nightcage.model.grid import DIRECTIONS, SIZES, Cell, Dir, E, Mask, N, S, W, cells_of, geometry
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import MONSTERS, Kind


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

# Per size: the cells of the top rank, bottom rank, file a and last file, and
# the distance in bits between opposite edge ranks (what a wrap jumps over).
_EDGES: dict[int, tuple[Mask, Mask, Mask, Mask, int]] = {
    size: (m.ranks[-1], m.ranks[0], m.files[0], m.files[-1], size * (size - 1)) for size, m in SIZE_MASKS.items()
}


def bit(cell: Cell) -> Mask:
    """The mask of one cell."""
    return 1 << cell


def mask_of(cells: Iterable[Cell]) -> Mask:
    """The mask of some cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def count(mask: Mask) -> int:
    """Number of cells in a mask."""
    return mask.bit_count()


def names(mask: Mask, size: int) -> list[str]:
    """Cell names of a mask in cell order (for messages and tests)."""
    geo = geometry(size)
    return [geo.name(c) for c in cells_of(mask)]


def shift(mask: Mask, direction: Dir, size: int) -> Mask:
    """Move every cell of a mask one step, wrapping around the torus.

    Args:
        mask: the cells to move (bits beyond the board must be clear).
        direction: ``N``, ``E``, ``S`` or ``W`` from :mod:`solver.nightcage.model.grid`.
        size: the board size, 6 or 7.

    Returns:
        The mask of the neighbours toward ``direction`` of the cells of ``mask``.

    >>> names(shift(mask_of([0, 7]), S, 6), 6), names(shift(mask_of([0, 7]), W, 6), 6)
    (['b1', 'a6'], ['f1', 'a2'])
    """
    top, bottom, left, right, across = _EDGES[size]
    # The cells on the edge being left jump to the opposite edge; the others
    # move by one rank (size bits) or one file (one bit).
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
    """The four torus neighbours of every cell of ``mask``, connected or not."""
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
    """Tiles of the kinds in :data:`solver.nightcage.model.tiles.MONSTERS` (keepers and pit fiends too)."""
    gates: Mask
    keys: Mask
    """Key tiles whose key is still there (a keeper also holds a key, but it is a monster)."""
    crumbling: Mask
    occupied: Mask
    """Cells where a prisoner stands."""


def board_masks(state: GameState) -> BoardMasks:
    """Compute the masks of a state's board, once (the only per-cell loop here).

    Args:
        state: any position.

    Returns:
        A :class:`BoardMasks` for the board and the prisoners' cells.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile
    >>> m = board_masks(new_game(Setup()).with_tile(14, Tile.make(Kind.KEY)))
    >>> names(m.keys, 6), names(m.crumbling, 6), m.gates
    (['c3'], ['c3'], 0)
    """
    present = pits = monsters = gates = keys = crumbling = 0
    opens = dict.fromkeys(DIRECTIONS, 0)
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
    occupied = mask_of(p.cell for p in state.prisoners if p.cell is not None)
    return BoardMasks(
        state.size, present, opens[N], opens[E], opens[S], opens[W], pits, monsters, gates, keys, crumbling, occupied
    )


def passable(masks: BoardMasks) -> Mask:
    """Tiles a prisoner can walk through without Charge: any tile but pits and monsters.

    Other prisoners are not obstacles here: they move, and a gate holds several.
    Entering a monster needs Charge (rules §6.4, §8.7) and a pit is a jump, so
    neither is walked *through*.
    """
    return masks.present & ~masks.pits & ~masks.monsters


def step(frontier: Mask, masks: BoardMasks, through: Mask) -> Mask:
    """Cells one connected step away from a frontier.

    A cell ``a`` connects to its neighbour ``b`` when ``a`` opens toward ``b``
    and ``b`` opens back (rules §2).

    Args:
        frontier: the cells stepped from.
        masks: the board.
        through: the cells that may be stepped onto (e.g. :func:`passable`).

    Returns:
        The cells of ``through`` connected to some cell of ``frontier``; the
        result may overlap ``frontier`` itself.
    """
    size = masks.size
    out = shift(frontier & masks.open_n, N, size) & masks.open_s
    out |= shift(frontier & masks.open_e, E, size) & masks.open_w
    out |= shift(frontier & masks.open_s, S, size) & masks.open_n
    out |= shift(frontier & masks.open_w, W, size) & masks.open_e
    return out & through


def layers(start: Cell, masks: BoardMasks, through: Mask) -> list[Mask]:
    """Breadth-first layers from a cell.

    Args:
        start: the cell to start from; it is layer 0 even when it is not in
            ``through`` (a prisoner may stand where it could not walk in).
        masks: the board.
        through: the cells that may be stepped onto.

    Returns:
        ``layers[k]`` is the mask of the cells exactly ``k`` steps from ``start``;
        the last layer is not empty.
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
    """The cells reachable from a cell by connected steps (the closure of :func:`step`).

    Args:
        start: the cell to start from (always in the result).
        masks: the board.
        through: the cells that may be stepped onto.

    Returns:
        The mask of the reachable cells, ``start`` included.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile
    >>> s = new_game(Setup()).with_tile(0, Tile.make(Kind.CROSS)).with_tile(5, Tile.make(Kind.CROSS))
    >>> m = board_masks(s)
    >>> names(reachable(0, m, passable(m)), 6)  # a1 and f1 touch across the edge
    ['a1', 'f1']
    """
    seen = frontier = 1 << start
    while frontier:
        frontier = step(frontier, masks, through) & ~seen
        seen |= frontier
    return seen


def distances(start: Cell, masks: BoardMasks, through: Mask) -> dict[Cell, int]:
    """Shortest number of connected steps from a cell to each reachable cell.

    Args:
        start: the cell to start from (distance 0).
        masks: the board.
        through: the cells that may be stepped onto.

    Returns:
        ``{cell: steps}`` for every cell of :func:`reachable`, in increasing
        distance, then cell order.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile
    >>> s = new_game(Setup())
    >>> for c in (0, 1, 2):
    ...     s = s.with_tile(c, Tile.make(Kind.CROSS))
    >>> m = board_masks(s)
    >>> distances(0, m, passable(m))
    {0: 0, 1: 1, 2: 2}
    """
    return {cell: k for k, layer in enumerate(layers(start, masks, through)) for cell in cells_of(layer)}


def lit_from(masks: BoardMasks, standing: Mask, candles: Mask) -> Mask:
    """Illumination computed from masks (for planners that move prisoners in masks).

    Args:
        masks: the board (only the ``open_*`` masks are used).
        standing: cells where a prisoner stands; each lights its own cell.
        candles: cells of lit prisoners; each also lights the neighbours its
            own tile opens toward, whatever their facing edge (rules §3).

    Returns:
        The illuminated cells.
    """
    size = masks.size
    out = standing | candles
    out |= shift(candles & masks.open_n, N, size)
    out |= shift(candles & masks.open_e, E, size)
    out |= shift(candles & masks.open_s, S, size)
    out |= shift(candles & masks.open_w, W, size)
    return out


def lit_mask(state: GameState) -> Mask:
    """Every illuminated cell; equal to :func:`solver.nightcage.rules.lighting.illuminated`.

    Only the prisoners' own tiles are looked at (five at most), so this needs
    no :class:`BoardMasks`: each direction's candles are gathered in one mask
    and shifted once.

    Args:
        state: any position.

    Returns:
        The mask of the illuminated cells.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile
    >>> s = new_game(Setup()).with_tile(14, Tile.make(Kind.STRAIGHT))
    >>> names(lit_mask(s.with_prisoner(0, cell=14, unplaced=False)), 6)
    ['c2', 'c3', 'c4']
    >>> names(lit_mask(s.with_prisoner(0, cell=14, unplaced=False, lit=False)), 6)
    ['c3']
    """
    standing = 0
    rays = dict.fromkeys(DIRECTIONS, 0)
    for p in state.prisoners:
        if p.cell is None:
            continue  # falling and unplaced prisoners light nothing
        b = 1 << p.cell
        standing |= b
        tile = state.tiles[p.cell]
        if not p.lit or tile is None:
            continue  # a Lights Out candle lights only its own cell
        for d in DIRECTIONS:
            if tile.openings & d:
                rays[d] |= b
    out = standing
    for d, ray in rays.items():
        out |= shift(ray, d, state.size)
    return out


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
