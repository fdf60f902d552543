"""The board's geometry: 156 squares, their names, neighbours, the corners and the wall re-entry.

The board is 16 files by 11 rows with two corners cut away in 4-step
staircases (10 squares each). A square is an ``int``, ``y * 16 + x`` with
``x`` 0..15 from the left and ``y`` 0..10 from the top. Its name is the file
letter ``a``..``p`` (``x``) and the rank ``1``..``11`` counted from the bottom
(rank = 11 - y), as on a chess board: the exit, where the monster starts, is
``a11`` (top left); the entrance is ``p1`` (bottom right).

The monster leaving the board from ``(x, y)`` comes back on ``(15 - x, 10 - y)``,
the square with the same wall letter: the shape is symmetric about its centre.
"""

from __future__ import annotations

from enum import IntEnum

WIDTH = 16
HEIGHT = 11
FILES = "abcdefghijklmnop"


def on_board_xy(x: int, y: int) -> bool:
    """Whether ``(x, y)`` is one of the 156 squares (inside the rectangle, outside both staircases)."""
    return 0 <= x < WIDTH and 0 <= y < HEIGHT and x - y < 12 and y - x < 7


def square(x: int, y: int) -> int:
    return y * WIDTH + x


def xy(sq: int) -> tuple[int, int]:
    return sq % WIDTH, sq // WIDTH


SQUARES: tuple[int, ...] = tuple(square(x, y) for y in range(HEIGHT) for x in range(WIDTH) if on_board_xy(x, y))
"""The 156 squares, top row first, left to right."""
ON_BOARD = frozenset(SQUARES)

EXIT = square(0, 0)
"""The exit (a11): the monster's starting square; a pawn leaves from here with a step to spare."""
ENTRANCE = square(15, 10)
"""The entrance (p1): a pawn's first step onto the board lands here."""
CORNERS = frozenset({EXIT, ENTRANCE})
"""A stone pushed onto either corner is taken off the board."""


class Direction(IntEnum):
    """The four orthogonal directions, clockwise from north (up the board, toward rank 11)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def right(self) -> Direction:
        return Direction((self + 1) % 4)

    @property
    def left(self) -> Direction:
        return Direction((self + 3) % 4)

    @property
    def back(self) -> Direction:
        return Direction((self + 2) % 4)

    @property
    def letter(self) -> str:
        return "nesw"[self]


DELTAS = {Direction.N: (0, -1), Direction.E: (1, 0), Direction.S: (0, 1), Direction.W: (-1, 0)}
DIRECTION_NAMES = {d.letter: d for d in Direction}


def _neighbours() -> dict[tuple[int, Direction], int | None]:
    table: dict[tuple[int, Direction], int | None] = {}
    for sq in SQUARES:
        x, y = xy(sq)
        for d, (dx, dy) in DELTAS.items():
            table[sq, d] = square(x + dx, y + dy) if on_board_xy(x + dx, y + dy) else None
    return table


_NEIGHBOUR = _neighbours()


def neighbour(sq: int, d: Direction) -> int | None:
    """The square next to ``sq`` in direction ``d``, or None past the wall."""
    return _NEIGHBOUR[sq, d]


def reentry(sq: int) -> int:
    """Where the monster comes back when it walks through the wall from ``sq``: the point reflection.

    >>> name(reentry(parse("a8"))), name(reentry(parse("a11")))
    ('p4', 'p1')
    """
    x, y = xy(sq)
    return square(WIDTH - 1 - x, HEIGHT - 1 - y)


def name(sq: int) -> str:
    """The square's name: file letter and rank from the bottom.

    >>> name(EXIT), name(ENTRANCE), name(square(2, 2))
    ('a11', 'p1', 'c9')
    """
    x, y = xy(sq)
    return f"{FILES[x]}{HEIGHT - y}"


_BY_NAME = {name(sq): sq for sq in SQUARES}


def parse(text: str) -> int:
    """The square named ``text``; raises ValueError naming what would be valid."""
    sq = _BY_NAME.get(text)
    if sq is None:
        raise ValueError(f"{text!r} is not a square: a file a-p and a rank 1-11 inside the board (the cut corners excluded)")
    return sq


def is_square_name(text: object) -> bool:
    return isinstance(text, str) and text in _BY_NAME


def distance_in_line(a: int, b: int) -> int:
    """Squares between two squares of one row or file, counted as steps."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    return abs(ax - bx) + abs(ay - by)


def adjacent8(sq: int) -> tuple[int, ...]:
    """The on-board squares touching ``sq``, diagonals included."""
    x, y = xy(sq)
    return tuple(square(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if (dx or dy) and on_board_xy(x + dx, y + dy))
