"""Text drawn as strokes, so a picture is the same on every machine (no font is looked up).

STUB: the interface is fixed; the stroke font replaces this body (issue 14).
"""

from __future__ import annotations

from xml.sax.saxutils import escape


def text_width(text: str, size: float) -> float:
    """The width of ``text`` drawn at cap height ``size``."""
    return 0.7 * size * len(text)


def text_element(text: str, x: float, y: float, size: float, *, anchor: str = "start", css_class: str = "label") -> str:
    """An SVG element drawing ``text`` with its baseline at ``y``; ``anchor`` is start, middle or end."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size * 1.4:.1f}" text-anchor="{anchor}" '
            f'class="{css_class}">{escape(text)}</text>')
