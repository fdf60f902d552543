"""Prisoner tokens: a disc in the prisoner's colour carrying its candle (a flame, or a
snuffed wick when Lights Out) and a small key when it holds one.

Several prisoners on one cell are spread over fixed slots so no token hides
another; on a tile with a symbol (gate, key, start) they stand in the corners
so the symbol stays visible.
"""

from __future__ import annotations

from solver.base.svg.markup import esc
from solver.base.svg.style import INK, num
from solver.nightcage.present.svg_symbols import flame, key_mark, snuffed


def slots(count: int, beside_symbol: bool) -> list[tuple[float, float, float]]:
    """Token centres and radius, as fractions of the cell, for ``count`` tokens.

    >>> slots(1, False)
    [(0.5, 0.5, 0.2)]
    >>> len(slots(5, True))
    5
    """
    if count == 1 and not beside_symbol:
        return [(0.5, 0.5, 0.2)]
    if count == 2 and not beside_symbol:
        return [(0.3, 0.5, 0.17), (0.7, 0.5, 0.17)]
    corners = [(0.21, 0.21), (0.79, 0.21), (0.21, 0.79), (0.79, 0.79), (0.5, 0.84)]
    if count == 5:
        corners[4] = (0.5, 0.5) if not beside_symbol else (0.5, 0.15)
    return [(fx, fy, 0.155) for fx, fy in corners[:count]]


def token(cx: float, cy: float, r: float, colour: str, colour_name: str, lit: bool, key: bool,
          index: int, css_class: str = "prisoner") -> str:
    """One prisoner's token; on the board ``data-prisoner`` carries its colour name
    (the panel and the legend draw tokens of another class, with no name)."""
    who = f' data-prisoner="{esc(colour_name)}" data-index="{esc(index)}"' if css_class == "prisoner" else ""
    parts = [f'<g class="{esc(css_class)}{esc("" if lit else " lights-out")}"{who}>',
             f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{esc(colour)}" stroke="#fffaf0" '
             f'stroke-width="{num(r * 0.16)}"/>',
             f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 1.08)}" fill="none" stroke="{INK}" '
             f'stroke-width="{num(r * 0.08)}"/>']
    if lit:
        parts.append(flame(cx, cy + r * 0.5, r * 1.05))
    else:
        parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.62)}" fill="#1b1714" fill-opacity="0.55"/>')
        parts.append(snuffed(cx, cy + r * 0.45, r * 0.95))
    if key:
        parts.append(key_mark(cx + r * 0.75, cy + r * 0.85, r * 0.62))
    parts.append("</g>")
    return "".join(parts)
