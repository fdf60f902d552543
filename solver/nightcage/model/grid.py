"""Torus geometry: cells, names, directions and precomputed neighbour tables.

Cells are ints, ``rank * size + file``, named like chess squares: files ``a``…
left to right, ranks ``1``… bottom to top, north toward higher ranks. Every
edge of the board joins the opposite edge (A Cage Without Bars / Une prison
sans barreaux), so each cell has exactly four neighbours. The tables are built
once per board size; no modulo arithmetic is scattered through the rules.

>>> g = geometry(6)
>>> g.name(0), g.name(35), g.parse("c3")
('a1', 'f6', 14)
>>> g.name(g.neighbour(g.parse("f6"), N)), g.name(g.neighbour(g.parse("f6"), E))
('f1', 'a6')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

Cell: TypeAlias = int
Mask: TypeAlias = int
Dir: TypeAlias = int
"""A direction is one bit of a tile's four-bit openings mask."""

N: Dir = 1
E: Dir = 2
S: Dir = 4
W: Dir = 8
DIRECTIONS: tuple[Dir, ...] = (N, E, S, W)
DIR_LETTER = {N: "N", E: "E", S: "S", W: "W"}
LETTER_DIR = {v: k for k, v in DIR_LETTER.items()}
OPPOSITE = {N: S, E: W, S: N, W: E}
DIR_NAME = {N: "north", E: "east", S: "south", W: "west"}
SIZES = (6, 7)
FILE_LETTERS = "abcdefg"


def openings_text(openings: int) -> str:
    """Openings mask as letters in ``NESW`` order (``"NES"``); empty for none."""
    return "".join(DIR_LETTER[d] for d in DIRECTIONS if openings & d)


def parse_openings(text: str) -> int:
    """Inverse of :func:`openings_text`; raises ``ValueError`` on a bad letter.

    Letters may come in any order but not twice.
    """
    mask = 0
    for letter in text.upper():
        d = LETTER_DIR.get(letter)
        if d is None:
            raise ValueError(f"{letter!r} is not a direction (use N, E, S, W)")
        if mask & d:
            raise ValueError(f"direction {letter} given twice in {text!r}")
        mask |= d
    return mask


def rotate(openings: int, quarter_turns: int) -> int:
    """Rotate an openings mask clockwise by ``quarter_turns`` (N→E→S→W)."""
    q = quarter_turns % 4
    return ((openings << q) | (openings >> (4 - q))) & 0b1111


@dataclass(frozen=True)
class Geometry:
    """Names and neighbour tables of one board size."""

    size: int
    cells: int
    names: tuple[str, ...]
    neighbours: tuple[tuple[Cell, Cell, Cell, Cell], ...]  # indexed [cell][dir index]
    full: Mask
    rays: tuple[tuple[tuple[Cell, ...], ...], ...]
    """``rays[cell][dir index]``: the cells met going from ``cell`` that way, until just before ``cell`` again."""
    adjacent_direction: tuple[int, ...]
    """``adjacent_direction[a * cells + b]``: the direction index from ``a`` to its neighbour ``b``, -1 if not adjacent."""
    distance: tuple[int, ...]
    """``distance[a * cells + b]``: the number of steps from ``a`` to ``b`` on the torus, walls ignored."""

    def name(self, cell: Cell) -> str:
        return self.names[cell]

    def parse(self, text: str) -> Cell:
        """Cell index of a name like ``c3``; raises ``ValueError`` when off the board."""
        cell = _parse_cell(text.strip().lower(), self.size)
        if cell is None:
            last = FILE_LETTERS[self.size - 1]
            raise ValueError(f"{text!r} is not a cell of the {self.size}x{self.size} board (a1 to {last}{self.size})")
        return cell

    def neighbour(self, cell: Cell, direction: Dir) -> Cell:
        return self.neighbours[cell][_DIR_INDEX[direction]]

    def file_of(self, cell: Cell) -> int:
        return cell % self.size

    def rank_of(self, cell: Cell) -> int:
        return cell // self.size

    def row_cells(self, rank: int) -> tuple[Cell, ...]:
        return tuple(rank * self.size + f for f in range(self.size))

    def file_cells(self, file: int) -> tuple[Cell, ...]:
        return tuple(r * self.size + file for r in range(self.size))

    def direction_between(self, a: Cell, b: Cell) -> Dir | None:
        """The direction from ``a`` to its neighbour ``b``, or None if not adjacent."""
        i = self.adjacent_direction[a * self.cells + b]
        return DIRECTIONS[i] if i >= 0 else None


_DIR_INDEX = {N: 0, E: 1, S: 2, W: 3}


def dir_index(direction: Dir) -> int:
    return _DIR_INDEX[direction]


@cache
def geometry(size: int) -> Geometry:
    """The (cached) geometry of a ``size`` x ``size`` torus."""
    if size not in SIZES:
        raise ValueError(f"board size must be 6 or 7, not {size}")
    names = tuple(FILE_LETTERS[c % size] + str(c // size + 1) for c in range(size * size))
    neighbours = []
    for cell in range(size * size):
        f, r = cell % size, cell // size
        neighbours.append(
            (
                ((r + 1) % size) * size + f,  # N
                r * size + (f + 1) % size,  # E
                ((r - 1) % size) * size + f,  # S
                r * size + (f - 1) % size,  # W
            )
        )
    cells = size * size
    return Geometry(
        size, cells, names, tuple(neighbours), (1 << cells) - 1,
        rays=tuple(tuple(_ray(neighbours, c, i) for i in range(4)) for c in range(cells)),
        adjacent_direction=tuple(_adjacent_direction(neighbours, a, b) for a in range(cells) for b in range(cells)),
        distance=tuple(_torus_distance(size, a, b) for a in range(cells) for b in range(cells)),
    )


def _ray(neighbours: list[tuple[Cell, Cell, Cell, Cell]], cell: Cell, i: int) -> tuple[Cell, ...]:
    out = []
    x = neighbours[cell][i]
    while x != cell:
        out.append(x)
        x = neighbours[x][i]
    return tuple(out)


def _adjacent_direction(neighbours: list[tuple[Cell, Cell, Cell, Cell]], a: Cell, b: Cell) -> int:
    # The first match, in N E S W order, as direction_between always answered.
    return neighbours[a].index(b) if b in neighbours[a] else -1


def _torus_distance(size: int, a: Cell, b: Cell) -> int:
    dx, dy = abs(a % size - b % size), abs(a // size - b // size)
    return min(dx, size - dx) + min(dy, size - dy)


def _parse_cell(text: str, size: int) -> Cell | None:
    if len(text) < 2 or text[0] not in FILE_LETTERS[:size] or not text[1:].isdigit():
        return None
    rank = int(text[1:])
    if not 1 <= rank <= size:
        return None
    return (rank - 1) * size + FILE_LETTERS.index(text[0])


def cells_of(mask: Mask) -> list[Cell]:
    """The cells of a bitmask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
