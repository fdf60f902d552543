"""Text drawn as strokes, so a picture is the same on every machine (no font is looked up).

A bare machine may have no fonts at all, and then an SVG renderer draws no text. Every label in a
picture is therefore drawn along the project's own single-stroke font
(:mod:`solver.base.svg.glyph_table`): simple sans lettering, cap height 1.0 in glyph units.

Each character is drawn once per document and reused: ``glyph_defs`` writes one ``<path
id="lg-XX">`` (XX the code point in hex) for every character a document uses, and ``text_element``
is a group, scaled to the text's size, of ``<use>`` references to them. A label then costs a few
bytes per character instead of its strokes written out again.

The drawings are parsed once at import into polylines; every number is written with fixed
decimals, so the same text gives the same bytes everywhere.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass

from solver.base.svg.glyph_table import ACCENTS, COMPOSITES, GLYPHS, MISSING
from solver.base.svg.markup import esc

CAP_HEIGHT = 1.0
X_HEIGHT = 0.68
TRACKING = 0.24
"""The gap between two letters, in glyph units (times the size in user units)."""
STROKE = 0.11
"""The stroke width as a fraction of the size (cap height), at weight 1."""
ARC_STEP_DEGREES = 10.0
"""Arcs become polylines with a point every this many degrees (round at 40 px) ..."""
ARC_FULL_RADIUS = 0.25
"""... when their radius is at least this; smaller arcs get proportionally fewer points (a dot gets four)."""

Point = tuple[float, float]
Stroke = tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Glyph:
    """One character: its advance width (without the letter spacing) and its strokes, y pointing up."""

    width: float
    strokes: tuple[Stroke, ...]


def _numbers(argument: str, count: int, command: str) -> tuple[float, ...]:
    values = tuple(float(value) for value in argument.split(","))
    if len(values) != count:
        raise ValueError(f"glyph drawing: {command} takes {count} numbers, got {argument!r}")
    return values


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float) -> list[Point]:
    # Rounded to 1e-4 glyph units: a last-bit difference between platforms' sin/cos then changes a
    # point only if it lies exactly on a rounding boundary, and the output keeps two decimals anyway.
    steps = max(4, math.ceil(abs(end - start) / ARC_STEP_DEGREES * min(1.0, max(rx, ry) / ARC_FULL_RADIUS)))
    points = []
    for step in range(steps + 1):
        angle = math.radians(start + (end - start) * step / steps)
        points.append((round(cx + rx * math.cos(angle), 4), round(cy + ry * math.sin(angle), 4)))
    return points


_STEP = re.compile(r"([MLOA])\s*([-0-9.,]+)")


def parse_drawing(drawing: str) -> tuple[Stroke, ...]:
    """The strokes of a drawing in the table's language (see :mod:`solver.base.svg.glyph_table`)."""
    strokes: list[list[Point]] = []
    steps = _STEP.findall(drawing)
    if "".join(command + argument for command, argument in steps) != "".join(drawing.split()):
        raise ValueError(f"glyph drawing: cannot read {drawing!r}")
    for command, argument in steps:
        if command in ("M", "L"):
            x, y = _numbers(argument, 2, command)
            if command == "M" or not strokes:
                strokes.append([])
            strokes[-1].append((x, y))
        elif command in ("O", "A"):
            points = _arc(*_numbers(argument, 6, command))
            if command == "O" or not strokes:
                strokes.append([])
            elif strokes[-1] and math.dist(strokes[-1][-1], points[0]) < 1e-3:
                points = points[1:]
            strokes[-1].extend(points)
    return tuple(tuple(stroke) for stroke in strokes)


def _shifted(strokes: tuple[Stroke, ...], dx: float, dy: float) -> tuple[Stroke, ...]:
    return tuple(tuple((round(x + dx, 4), round(y + dy, 4)) for x, y in stroke) for stroke in strokes)


def _composite(base: Glyph, accent: tuple[Stroke, ...], capital: bool) -> Glyph:
    """``base`` with ``accent`` centred over it (raised to cap height for a capital), widened if it must be."""
    raised = _shifted(accent, base.width / 2, CAP_HEIGHT - X_HEIGHT if capital else 0.0)
    xs = [x for stroke in raised for x, _ in stroke]
    left = max(0.0, -min(xs))
    width = max(base.width + left, max(xs) + left)
    return Glyph(round(width, 4), _shifted(base.strokes, left, 0.0) + _shifted(raised, left, 0.0))


def _build_font() -> dict[str, Glyph]:
    font = {char: Glyph(width, parse_drawing(drawing)) for char, (width, drawing) in GLYPHS.items()}
    for char, (base, accent) in COMPOSITES.items():
        font[char] = _composite(font[base], parse_drawing(ACCENTS[accent]), char.isupper())
    return font


FONT: dict[str, Glyph] = _build_font()
"""Every character the font draws; any other draws :data:`MISSING_GLYPH`."""
MISSING_GLYPH = Glyph(MISSING[0], parse_drawing(MISSING[1]))
"""The small box drawn for a character the font does not know (never an error)."""


def glyph(char: str) -> Glyph:
    """The glyph drawing ``char`` (the box when the font has none)."""
    return FONT.get(char, MISSING_GLYPH)


def _units_width(text: str) -> float:
    """The width of ``text`` in glyph units: the advances and the gaps between letters (none after the last)."""
    if not text:
        return 0.0
    return sum(glyph(char).width for char in text) + TRACKING * (len(text) - 1)


def text_width(text: str, size: float) -> float:
    """The width of ``text`` drawn at cap height ``size``: the span of the pen, from the first letter's
    left edge to the last one's right edge (round stroke ends reach half a stroke width beyond)."""
    return _units_width(text) * size


def _number(value: float, decimals: int = 2) -> str:
    """A number with at most ``decimals`` decimals, trailing zeros trimmed, never ``-0``."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


GLYPH_ID_PREFIX = "lg-"
"""A glyph's drawing in a document has the id ``lg-`` followed by its code point in hex."""
GLYPH_DECIMALS = 3
"""Glyph units (cap height 1) carry three decimals: a thousandth of the text's size."""
_GLYPH_REFERENCE = re.compile(rf'href="#{GLYPH_ID_PREFIX}([0-9a-f]+)"')


def glyph_id(char: str) -> str:
    """The id of ``char``'s drawing in a document."""
    return f"{GLYPH_ID_PREFIX}{ord(char):02x}"


def _glyph_path_data(shape: Glyph) -> str:
    """The strokes of one glyph at its own origin, in glyph units, y pointing down (as SVG's y does)."""
    parts: list[str] = []
    for stroke in shape.strokes:
        for index, (x, y) in enumerate(stroke):
            command = "M" if index == 0 else "L"
            parts.append(f"{command}{_number(x, GLYPH_DECIMALS)} {_number(-y, GLYPH_DECIMALS)}")
    return "".join(parts)


def glyph_defs(document: str) -> str:
    """A ``<defs>`` drawing, once each, every glyph ``document`` refers to (sorted by code point);
    ``""`` when it refers to none. It goes once into the document, before or after its text."""
    found = {int(code, 16) for code in _GLYPH_REFERENCE.findall(document)}
    codes = sorted(code for code in found if code <= sys.maxunicode)  # text_element writes no other
    if not codes:
        return ""
    paths = "".join(f'<path id="{esc(glyph_id(chr(code)))}" d="{esc(_glyph_path_data(glyph(chr(code))))}"/>' for code in codes)
    return f"<defs>{paths}</defs>"


def _uses(text: str) -> str:
    """One ``<use>`` per character that draws something, at its advance from the text's left edge in glyph units."""
    parts: list[str] = []
    pen = 0.0
    for char in text:
        shape = glyph(char)
        if shape.strokes:
            parts.append(f'<use href="#{esc(glyph_id(char))}" x="{_number(pen, GLYPH_DECIMALS)}"/>')
        pen += shape.width + TRACKING
    return "".join(parts)


_ANCHOR_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}

def text_element(text: str, x: float, y: float, size: float, *, anchor: str = "start", css_class: str = "label",
                 colour: str = "currentColor", weight: float = 1.0) -> str:
    """An SVG ``<g>`` drawing ``text`` with its baseline at ``y``; ``anchor`` is start, middle or end.

    ``size`` is the cap height in user units; the stroke is ``size * 0.11 * weight`` wide. The group
    is scaled to ``size`` and holds one ``<use>`` of a glyph's drawing per character, so the document
    needs :func:`glyph_defs` once. The text itself is kept in a ``data-text`` attribute so tests and
    pages can read it back. Empty text draws nothing (an empty string).
    """
    if anchor not in _ANCHOR_SHIFT:
        raise ValueError(f"text anchor {anchor!r}: valid anchors are start, middle, end")
    if not text:
        return ""
    left = x - _ANCHOR_SHIFT[anchor] * text_width(text, size)
    return (f'<g class="{esc(css_class)}" data-text="{esc(text)}" '
            f'transform="translate({_number(left)} {_number(y)}) scale({_number(size, GLYPH_DECIMALS)})" '
            f'fill="none" stroke="{esc(colour)}" stroke-width="{_number(STROKE * weight, GLYPH_DECIMALS)}" '
            f'stroke-linecap="round" stroke-linejoin="round">{_uses(text)}</g>')
