"""One board cell of the picture: rock, the tile's corridors, cracks, its symbol, light and darkness.

A tile is dark rock with its passages cut as stone-floor corridors from the
centre to the edges it opens toward; a corridor reaches the cell edge, so two
connected tiles show one continuous corridor and a wall shows as rock. Walls
are drawn as lines along the corridor sides only. Crumbling tiles carry cracks
across their floor. An empty lit cell glows faintly (a tile comes there), an
empty dark one is near black, and a tile no one lights is dimmed.
"""

from __future__ import annotations

from solver.base.svg.markup import esc
from solver.base.svg.style import num
from solver.nightcage.model.grid import DIRECTIONS, Dir, E, N, S, W
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.present.svg_style import CRACK, FLOOR, FLOOR_EDGE, ROCK, VOID
from solver.nightcage.present.svg_symbols import (
    dirge_mark,
    gate_mark,
    keeper_mark,
    key_mark,
    omen_mark,
    pathless_mark,
    pit_fiend_mark,
    pit_mark,
    start_mark,
    wax_eater_mark,
)

CORRIDOR = 0.44
"""Corridor width as a fraction of the cell."""
GLOW_ID = "lueur-glow"

GLOW_DEF = (f'<radialGradient id="{GLOW_ID}"><stop offset="0" stop-color="#f3d27a" stop-opacity="0.55"/>'
            f'<stop offset="1" stop-color="#f3d27a" stop-opacity="0.08"/></radialGradient>')
"""The faint glow of an empty lit cell (goes in the picture's ``<defs>``)."""

_SIDE = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}


def kind_class(kind: Kind) -> str:
    """The CSS class naming a tile kind: ``tile-gate``, ``tile-wax-eater``…"""
    return "tile-" + kind.value.replace("_", "-")


def corridor(openings: int, x: float, y: float, u: float) -> str:
    """The stone floor of a tile's passages, with walls along its sides."""
    h = u * CORRIDOR / 2
    cx, cy = x + u / 2, y + u / 2
    rects = [(cx - h, cy - h, 2 * h, 2 * h)]
    for d in DIRECTIONS:
        if openings & d:
            rects.append(_arm(d, x, y, u, h))
    floor = " ".join(f"M{num(rx)} {num(ry)} h{num(w)} v{num(hh)} h{num(-w)} Z" for rx, ry, w, hh in rects)
    return (f'<path class="floor" d="{esc(floor)}" fill="{FLOOR}"/>'
            f'<path class="walls" d="{esc(_walls(openings, x, y, u, h))}" fill="none" stroke="{FLOOR_EDGE}" '
            f'stroke-width="{num(u * 0.025)}" stroke-linecap="square"/>')


def _arm(d: Dir, x: float, y: float, u: float, h: float) -> tuple[float, float, float, float]:
    cx, cy = x + u / 2, y + u / 2
    if d == N:
        return cx - h, y, 2 * h, u / 2
    if d == S:
        return cx - h, cy, 2 * h, u / 2
    if d == E:
        return cx, cy - h, u / 2, 2 * h
    return x, cy - h, u / 2, 2 * h


def _walls(openings: int, x: float, y: float, u: float, h: float) -> str:
    """Lines along the corridor: each arm's two sides, and the centre's closed sides."""
    cx, cy = x + u / 2, y + u / 2
    parts = []
    for d in DIRECTIONS:
        dx, dy = _SIDE[d]
        if openings & d:
            if dx == 0:
                edge = y if dy < 0 else y + u
                for sx in (cx - h, cx + h):
                    parts.append(f"M{num(sx)} {num(cy + dy * h)} V{num(edge)}")
            else:
                edge = x if dx < 0 else x + u
                for sy in (cy - h, cy + h):
                    parts.append(f"M{num(cx + dx * h)} {num(sy)} H{num(edge)}")
        elif dx == 0:
            parts.append(f"M{num(cx - h)} {num(cy + dy * h)} H{num(cx + h)}")
        else:
            parts.append(f"M{num(cx + dx * h)} {num(cy - h)} V{num(cy + h)}")
    return " ".join(parts)


def cracks(openings: int, x: float, y: float, u: float) -> str:
    """Cracks over a crumbling tile's floor: one across the centre and one in each arm."""
    h = u * CORRIDOR / 2
    cx, cy = x + u / 2, y + u / 2
    lines = [[(cx - h * 0.9, cy - h * 0.5), (cx - h * 0.2, cy - h * 0.1), (cx + h * 0.1, cy - h * 0.6),
              (cx + h * 0.5, cy + h * 0.2), (cx + h * 0.9, cy + h * 0.4)]]
    for d in DIRECTIONS:
        if openings & d:
            dx, dy = _SIDE[d]
            px, py = -dy, dx  # across the arm
            mid = u * 0.34
            lines.append([(cx + dx * mid + px * h * 0.8, cy + dy * mid + py * h * 0.8),
                          (cx + dx * (mid - u * 0.05) + px * h * 0.1, cy + dy * (mid - u * 0.05) + py * h * 0.1),
                          (cx + dx * (mid + u * 0.04) - px * h * 0.3, cy + dy * (mid + u * 0.04) - py * h * 0.3),
                          (cx + dx * mid - px * h * 0.85, cy + dy * mid - py * h * 0.85)])
    d_attr = " ".join("M" + " L".join(f"{num(a)} {num(b)}" for a, b in line) for line in lines)
    return (f'<path class="crumbling" d="{esc(d_attr)}" fill="none" stroke="{CRACK}" stroke-width="{num(u * 0.025)}" '
            f'stroke-linejoin="bevel"/>')


def symbol(tile: Tile, cx: float, cy: float, r: float) -> str:
    """The symbol of a tile's piece (empty for plain corridors)."""
    kind = tile.kind
    if kind is Kind.START:
        return start_mark(cx, cy, r)
    if kind is Kind.KEY:
        return key_mark(cx, cy, r, tile.key_taken)
    if kind is Kind.GATE:
        return gate_mark(cx, cy, r)
    if kind is Kind.WAX_EATER:
        return wax_eater_mark(cx, cy, r)
    if kind is Kind.KEEPER:
        return keeper_mark(cx, cy, r, tile.facing)
    if kind is Kind.PIT_FIEND:
        return pit_fiend_mark(cx, cy, r)
    if kind is Kind.PATHLESS:
        return pathless_mark(cx, cy, r)
    if kind is Kind.OMEN:
        return omen_mark(cx, cy, r)
    if kind is Kind.PIT:
        return dirge_mark(cx, cy, r) if tile.dirge else pit_mark(cx, cy, r)
    return ""


def has_symbol(tile: Tile | None) -> bool:
    """Whether a tile shows a symbol at its centre (tokens then stand aside)."""
    return tile is not None and tile.kind not in (Kind.STRAIGHT, Kind.T, Kind.CROSS)


def cell_body(tile: Tile | None, lit: bool, x: float, y: float, u: float) -> str:
    """Everything drawn inside one cell, without prisoners or overlays."""
    box = f'x="{num(x)}" y="{num(y)}" width="{num(u)}" height="{num(u)}"'
    if tile is None:
        if lit:
            return (f'<rect class="empty lit" {box} fill="#2b241a"/>'
                    f'<rect {box} fill="url(#{GLOW_ID})"/>'
                    f'<rect x="{num(x + u * 0.12)}" y="{num(y + u * 0.12)}" width="{num(u * 0.76)}" '
                    f'height="{num(u * 0.76)}" fill="none" stroke="#f3d27a" stroke-opacity="0.6" '
                    f'stroke-width="{num(u * 0.02)}" stroke-dasharray="{num(u * 0.06)} {num(u * 0.05)}"/>')
        return f'<rect class="empty dark" {box} fill="{VOID}"/>'
    parts = [f'<g class="tile {esc(kind_class(tile.kind))}">']
    if tile.kind is Kind.PIT and tile.dirge:
        parts.append(f'<rect {box} fill="{VOID}"/>')
    else:
        parts.append(f'<rect {box} fill="{ROCK}"/>')
    if tile.openings and tile.kind is not Kind.PIT:
        parts.append(corridor(tile.openings, x, y, u))
        if tile.crumbling:
            parts.append(cracks(tile.openings, x, y, u))
    parts.append(symbol(tile, x + u / 2, y + u / 2, u * 0.3))
    if not lit:
        parts.append(f'<rect class="unlit" {box} fill="#000" fill-opacity="0.5"/>')
    parts.append("</g>")
    return "".join(parts)


def edge_stub(d: Dir, x: float, y: float, u: float, depth: float) -> str:
    """A corridor stub leaving the board at a cell's outer side, with a chevron:
    the passage goes on at the opposite edge of the torus."""
    h = u * CORRIDOR / 2
    cx, cy = x + u / 2, y + u / 2
    if d in (N, S):
        edge = y if d == N else y + u
        y0 = edge - depth if d == N else edge
        rect = f'x="{num(cx - h)}" y="{num(y0)}" width="{num(2 * h)}" height="{num(depth)}"'
        tip = edge - depth * 0.85 if d == N else edge + depth * 0.85
        base = edge - depth * 0.25 if d == N else edge + depth * 0.25
        chevron = f"M{num(cx - h * 0.5)} {num(base)} L{num(cx)} {num(tip)} L{num(cx + h * 0.5)} {num(base)}"
    else:
        edge = x + u if d == E else x
        x0 = edge if d == E else edge - depth
        rect = f'x="{num(x0)}" y="{num(cy - h)}" width="{num(depth)}" height="{num(2 * h)}"'
        tip = edge + depth * 0.85 if d == E else edge - depth * 0.85
        base = edge + depth * 0.25 if d == E else edge - depth * 0.25
        chevron = f"M{num(base)} {num(cy - h * 0.5)} L{num(tip)} {num(cy)} L{num(base)} {num(cy + h * 0.5)}"
    return (f'<g class="wrap-stub"><rect {rect} fill="{FLOOR}" fill-opacity="0.55" stroke="{FLOOR_EDGE}" '
            f'stroke-width="{num(u * 0.015)}"/><path d="{esc(chevron)}" fill="none" stroke="#6b5a40" '
            f'stroke-width="{num(u * 0.025)}" stroke-linecap="round" stroke-linejoin="round"/></g>')
