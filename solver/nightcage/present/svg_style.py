"""The Night Cage board's palette, the prisoners' colours and the board's frame (the drawing
style every game shares is :mod:`solver.base.svg.style`).

>>> prisoner_colour("blue", 0), prisoner_colour("rose", 4)
('#2f6fd6', '#8e44ad')
"""

from __future__ import annotations

ROCK = "#3b342e"
ROCK_EDGE = "#221d19"
FLOOR = "#d9ccb0"
FLOOR_EDGE = "#8a7b62"
CRACK = "#5a4a36"
VOID = "#141210"
LIT_GLOW = "#e8c872"
PIT_RIM = "#5e544b"
SIGHT = "#d7261e"
HIGHLIGHT = "#ff7a00"
KEY_GOLD = "#d9a520"
KEY_EDGE = "#7a5a0c"

PRISONER_COLOURS = {
    "red": "#d0312d",
    "blue": "#2f6fd6",
    "green": "#2e9e48",
    "yellow": "#f2c21b",
    "purple": "#8e44ad",
}
"""The engine's default names are colours (solver.nightcage.model.newgame.DEFAULT_NAMES)."""
_BY_SEAT = tuple(PRISONER_COLOURS.values())


def prisoner_colour(name: str, index: int) -> str:
    """The token colour: the colour the name says, else the colour of that seat."""
    return PRISONER_COLOURS.get(name.lower(), _BY_SEAT[index % len(_BY_SEAT)])


def colour_word(name: str, index: int) -> str:
    """The colour's name for the panel (the name itself when it is one)."""
    if name.lower() in PRISONER_COLOURS:
        return name.lower()
    return tuple(PRISONER_COLOURS)[index % len(PRISONER_COLOURS)]


class Frame:
    """Where the board lies in the picture: its top-left corner, the cell size and the board size.

    Rank 1 is the bottom row and file a the left column.

    >>> Frame(10, 20, 60, 6).corner(0)
    (10, 320)
    """

    def __init__(self, x: float, y: float, unit: float, size: int) -> None:
        self.x, self.y, self.unit, self.size = x, y, unit, size

    @property
    def side(self) -> float:
        return self.unit * self.size

    def corner(self, cell: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        file, rank = cell % self.size, cell // self.size
        return self.x + file * self.unit, self.y + (self.size - 1 - rank) * self.unit

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = self.corner(cell)
        return x + self.unit / 2, y + self.unit / 2


