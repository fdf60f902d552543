"""The board picture's palette, sizes and small SVG text helpers, shared by its modules.

Numbers are written with at most two decimals (trailing zeros dropped), so the
same position always gives the same bytes.

>>> num(1.0), num(2.345), num(-0.004)
('1', '2.35', '0')
>>> prisoner_colour("blue", 0), prisoner_colour("rose", 4)
('#2f6fd6', '#8e44ad')
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape, quoteattr

from solver.present.glyphs import glyph_defs, text_element, text_width

PAGE = "#fbf7ec"
"""Parchment page, light enough to print."""
INK = "#2a2420"
INK_SOFT = "#6b6157"
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
"""The engine's default names are colours (solver.core.newgame.DEFAULT_NAMES)."""
_BY_SEAT = tuple(PRISONER_COLOURS.values())


def num(x: float) -> str:
    """A coordinate as text: two decimals at most, no trailing zeros, never ``-0``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def prisoner_colour(name: str, index: int) -> str:
    """The token colour: the colour the name says, else the colour of that seat."""
    return PRISONER_COLOURS.get(name.lower(), _BY_SEAT[index % len(_BY_SEAT)])


def colour_word(name: str, index: int) -> str:
    """The colour's name for the panel (the name itself when it is one)."""
    if name.lower() in PRISONER_COLOURS:
        return name.lower()
    return tuple(PRISONER_COLOURS)[index % len(PRISONER_COLOURS)]


def label(text: str, x: float, y: float, size: float, colour: str = INK, *, anchor: str = "start",
          css_class: str = "label") -> str:
    """Text in a colour: the glyphs module draws it; the group gives it its colour
    (``color`` for stroked glyphs, ``fill`` for the fallback)."""
    inner = text_element(text, x, y, size, anchor=anchor, css_class=css_class)
    return f'<g color="{colour}" fill="{colour}">{inner}</g>'


def fit(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` (words kept whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def attr(value: str) -> str:
    """An attribute value, quoted and escaped."""
    return quoteattr(value)


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


def foot(body: list[str], bottom: float, width: float, pad: float, caption: str | None,
         legend: Callable[[float, float, float], tuple[str, float]] | None, caption_size: float) -> float:
    """Add the caption's lines and the legend (``legend(x, y, width)`` gives its SVG and height)
    under a picture whose content ends at ``bottom``; the new bottom. Both pictures (the Night
    Cage's board and Fearsome Floors') end the same way."""
    if caption:
        for line in fit(caption, caption_size, width - 2 * pad):
            bottom += caption_size + 6
            body.append(label(line, pad, bottom, caption_size, INK, css_class="caption"))
        bottom += 6
    if legend is not None:
        legend_text, legend_height = legend(pad, bottom + 8, width - 2 * pad)
        body.append(legend_text)
        bottom += 8 + legend_height
    return bottom


def document(css_class: str, width: float, height: float, title: str, drawn: list[str], defs: str = "") -> str:
    """A whole picture: the root sized to ``width`` x ``height``, its title, the glyphs its labels use
    (each character's strokes written once, and every label refers to them), ``defs``, the page and
    ``drawn``. Both games' pictures end here."""
    glyphs = glyph_defs("".join(drawn))
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}">',
        f"<title>{escape(title)}</title>",
        *([glyphs] if glyphs else []),
        *([f"<defs>{defs}</defs>"] if defs else []),
        f'<rect class="page" x="0" y="0" width="{num(width)}" height="{num(height)}" fill="{PAGE}"/>',
        *drawn,
        "</svg>",
    ]) + "\n"
