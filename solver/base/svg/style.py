"""The project's drawing style: page and ink, numbers, labels, captions and the SVG document.

Every game's pictures are built from these, so they look alike and give the
same bytes for the same input. Numbers are written with at most two decimals
(trailing zeros dropped); every text goes through the stroke font
(:mod:`solver.base.svg.glyphs`), which escapes it; every other text and attribute value goes
through :func:`solver.base.svg.markup.esc`.

>>> num(1.0), num(2.345), num(-0.004)
('1', '2.35', '0')
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.svg.glyphs import glyph_defs, text_element, text_width
from solver.base.svg.markup import esc

PAGE = "#fbf7ec"
"""Parchment page, light enough to print."""
INK = "#2a2420"
INK_SOFT = "#6b6157"


MAX_DRAWN_TEXT = 200
"""The most characters of a title or a caption a picture draws: past it the text is cut, ending in an
ellipsis. A picture's size is then bounded whatever its position says (each character drawn is a few
dozen bytes of strokes)."""


def drawn(text: str | None) -> str | None:
    """``text`` as a picture draws it: cut to :data:`MAX_DRAWN_TEXT` characters, the last an ellipsis.

    >>> drawn("A short title"), len(drawn("x" * 5000) or ""), (drawn("x" * 5000) or "")[-2:]
    ('A short title', 200, 'x\u2026')
    """
    if text is None or len(text) <= MAX_DRAWN_TEXT:
        return text
    return text[: MAX_DRAWN_TEXT - 1] + "\u2026"


def num(x: float) -> str:
    """A coordinate as text: two decimals at most, no trailing zeros, never ``-0``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text

def label(text: str, x: float, y: float, size: float, colour: str = INK, *, anchor: str = "start",
          css_class: str = "label") -> str:
    """Text in a colour: the glyphs module draws it; the group gives it its colour
    (``color`` for stroked glyphs, ``fill`` for the fallback)."""
    inner = text_element(text, x, y, size, anchor=anchor, css_class=css_class)
    return f'<g color="{esc(colour)}" fill="{esc(colour)}">{inner}</g>'

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
    """An attribute value, quoted and escaped (:func:`solver.base.svg.markup.esc`)."""
    return f'"{esc(value)}"'

def foot(body: list[str], bottom: float, width: float, pad: float, caption: str | None,
         legend: Callable[[float, float, float], tuple[str, float]] | None, caption_size: float) -> float:
    """Add the caption's lines and the legend (``legend(x, y, width)`` gives its SVG and height)
    under a picture whose content ends at ``bottom``; the new bottom. Both pictures (the Night
    Cage's board and Fearsome Floors') end the same way."""
    caption = drawn(caption)
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

def document(css_class: str, width: float, height: float, title: str, pictured: list[str], defs: str = "") -> str:
    """A whole picture: the root sized to ``width`` x ``height``, its title, the glyphs its labels use
    (each character's strokes written once, and every label refers to them), ``defs``, the page and
    ``pictured``. Both games' pictures end here."""
    glyphs = glyph_defs("".join(pictured))
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{esc(css_class)}" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}">',
        f"<title>{esc(drawn(title))}</title>",
        *([glyphs] if glyphs else []),
        *([f"<defs>{defs}</defs>"] if defs else []),
        f'<rect class="page" x="0" y="0" width="{num(width)}" height="{num(height)}" fill="{PAGE}"/>',
        *pictured,
        "</svg>",
    ]) + "\n"
