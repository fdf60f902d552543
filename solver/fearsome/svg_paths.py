"""The monster's paths drawn over the board, and the squares where pawns die.

A path is a :class:`~solver.fearsome.monster.MonsterTrace`: the squares the
monster enters, in order, joined by a line through their centres. The line is
broken where the monster does not walk from one square to the next: through
the wall (it leaves by one edge and comes back by the opposite one, so the
line runs out to the wall and starts again from the other side) and at a
teleporter (it jumps to the partner). Each path has its own colour and dash,
an arrow head where it ends and a tag naming its tombstone tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.fearsome.board import DELTAS, HEIGHT, WIDTH, name, neighbour, reentry, xy
from solver.fearsome.monster import MonsterTrace
from solver.fearsome.state import Place, Position
from solver.fearsome.svg_pieces import Grid, death_mark, tile_text
from solver.present.glyphs import text_width
from solver.present.svg_style import INK, label, num

PATH_STYLES: tuple[tuple[str, str], ...] = (
    ("#d81b60", ""),
    ("#00838f", "9 5"),
    ("#ef6c00", "3 4"),
    ("#283593", "12 4 3 4"),
    ("#2e7d32", "6 3"),
    ("#6d4c41", "2 3 8 3"),
    ("#111111", "14 6"),
)
"""Each path's colour and dash pattern (empty: solid), in the order the paths are given."""

Point = tuple[float, float]
"""A point in squares: (column, row) from the board's top-left corner; a square's centre is at +0.5."""


def runs(trace: MonsterTrace) -> tuple[tuple[tuple[Point, ...], str], ...]:
    """The path in unbroken runs, each with how it ends: ``wall`` (out through the wall), ``teleport`` (a jump)
    or ``end``. A run that leaves through the wall reaches past the edge; the next starts from past the other edge."""
    found: list[tuple[tuple[Point, ...], str]] = []
    current: list[Point] = [_centre(trace.start)]
    previous = trace.start
    for step in trace.steps:
        dx, dy = DELTAS[step.facing]
        for sq in step.squares:
            ahead = neighbour(previous, step.facing)
            if ahead == sq:
                current.append(_centre(sq))
            elif ahead is None and sq == reentry(previous):
                px, py = _centre(previous)
                current.append((px + dx * 0.75, py + dy * 0.75))
                found.append((tuple(current), "wall"))
                cx, cy = _centre(sq)
                current = [(cx - dx * 0.75, cy - dy * 0.75), (cx, cy)]
            else:
                found.append((tuple(current), "teleport"))
                current = [_centre(sq)]
            previous = sq
    found.append((tuple(current), "end"))
    return tuple(found)


def _centre(sq: int) -> Point:
    x, y = xy(sq)
    return x + 0.5, y + 0.5


def death_squares(position: Position, trace: MonsterTrace) -> tuple[int, ...]:
    """The squares where the monster eats a pawn or crushes one off the board (where it stood then), in order."""
    where = {p.ident: p.square for p in position.pawns if p.place is Place.BOARD}
    found: list[int] = []
    for step in trace.steps:
        for push in step.pushes:
            if where.get(push.thing) != push.start:
                continue  # a stone
            if push.end < 0:
                found.append(push.start)
            else:
                where[push.thing] = push.end
        found += [where[ident] for ident in step.eaten if ident in where]
    return tuple(dict.fromkeys(found))


def paths_svg(grid: Grid, traces: Sequence[MonsterTrace]) -> str:
    """Every path, offset a little from the others so that paths sharing squares stay apart."""
    if not traces:
        return ""
    count = len(traces)
    parts = ['<g class="monster-paths">']
    ends: dict[int, int] = {}
    for index, trace in enumerate(traces):
        colour, dash = PATH_STYLES[index % len(PATH_STYLES)]
        shift = (index - (count - 1) / 2) * 0.09
        stacked = ends.get(trace.end, 0)
        ends[trace.end] = stacked + 1
        parts.append(_path(grid, trace, colour, dash, shift, stacked, numbered=count == 1))
    parts.append("</g>")
    return "".join(parts)


def _path(grid: Grid, trace: MonsterTrace, colour: str, dash: str, shift: float, stacked: int, numbered: bool) -> str:
    u = grid.unit

    def at(point: Point) -> tuple[float, float]:
        return grid.x + (point[0] + shift) * u, grid.y + (point[1] + shift) * u

    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [f'<g class="monster-path" data-tile="{trace.tile}" data-end="{name(trace.end)}">']
    pieces = runs(trace)
    for (points, ending), (following, _) in zip(pieces, pieces[1:]):
        if ending == "teleport":
            parts.append(_jump(at(points[-1]), at(following[0]), colour, u))
    for points, ending in pieces:
        pixels = [at(p) for p in points]
        if len(pixels) == 1:
            x, y = pixels[0]
            parts.append(f'<circle class="path-run" data-break="{ending}" cx="{num(x)}" cy="{num(y)}" r="{num(u * 0.08)}" '
                         f'fill="{colour}"/>')
            continue
        d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pixels)
        parts.append(f'<path class="path-run" data-break="{ending}" d="{d}" fill="none" stroke="#ffffff" '
                     f'stroke-opacity="0.7" stroke-width="{num(u * 0.14)}" stroke-linejoin="round" stroke-linecap="round"/>'
                     f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{num(u * 0.08)}" stroke-linejoin="round" '
                     f'stroke-linecap="round"{dashes}/>')
    last = [at(p) for p in pieces[-1][0]]
    if len(last) >= 2:
        parts.append(_arrow_head(last[-2], last[-1], u * 0.36, colour))
    if numbered:
        parts.append(_step_numbers(grid, trace, colour))
    column, row = xy(trace.end)
    parts.append(_tag(last[-1], u, tile_text(trace.tile), colour, stacked, west=column >= WIDTH - 3, up=row >= HEIGHT - 2))
    parts.append("</g>")
    return "".join(parts)


def _jump(start: tuple[float, float], end: tuple[float, float], colour: str, u: float) -> str:
    """A thin dotted arc from a teleporter to its partner: the monster jumps, it does not walk."""
    (sx, sy), (ex, ey) = start, end
    mx, my = (sx + ex) / 2, (sy + ey) / 2
    # The control point lies off the chord, on its left, a fifth of its length away.
    cx, cy = mx + (ey - sy) * 0.2, my - (ex - sx) * 0.2
    return (f'<path class="path-jump" d="M{num(sx)} {num(sy)} Q{num(cx)} {num(cy)} {num(ex)} {num(ey)}" fill="none" '
            f'stroke="{colour}" stroke-width="{num(u * 0.04)}" stroke-dasharray="2 4" stroke-linecap="round"/>')


def _arrow_head(start: tuple[float, float], tip: tuple[float, float], size: float, colour: str) -> str:
    """A filled triangle at ``tip`` pointing along the last leg (legs are horizontal or vertical)."""
    (sx, sy), (tx, ty) = start, tip
    ux = (tx > sx) - (tx < sx)
    uy = (ty > sy) - (ty < sy)
    bx, by = tx - ux * size, ty - uy * size
    px, py = -uy * size * 0.6, ux * size * 0.6
    return (f'<path class="arrow-head" d="M{num(tx)} {num(ty)} L{num(bx + px)} {num(by + py)} L{num(bx - px)} {num(by - py)} Z" '
            f'fill="{colour}" stroke="#ffffff" stroke-width="1"/>')


def _step_numbers(grid: Grid, trace: MonsterTrace, colour: str) -> str:
    """Each step's number beside the square it ends on (a single path only: several would crowd the squares)."""
    u = grid.unit
    parts = ['<g class="step-numbers">']
    for step in trace.steps:
        x, y = _centre(step.end)
        px, py = grid.x + (x + 0.3) * u, grid.y + (y - 0.3) * u
        parts.append(f'<circle cx="{num(px)}" cy="{num(py)}" r="{num(u * 0.17)}" fill="#ffffff" stroke="{colour}" '
                     f'stroke-width="{num(u * 0.04)}"/>')
        parts.append(label(str(step.number), px, py + u * 0.09, u * 0.18, INK, anchor="middle", css_class="step-number"))
    parts.append("</g>")
    return "".join(parts)


def _tag(tip: tuple[float, float], u: float, text: str, colour: str, stacked: int, west: bool, up: bool) -> str:
    """The tile's name in a box below and right of the path's end, clear of the step numbers above it; left of it
    by the right wall, above it by the bottom wall (boxes of paths ending together are stacked)."""
    size = u * 0.3
    width = text_width(text, size) + u * 0.24
    height = size + u * 0.24
    x = tip[0] - u * 0.22 - width if west else tip[0] + u * 0.22  # by the right wall, on the left
    if up:  # by the bottom wall, above the end, stacking upward
        y = tip[1] - u * 0.45 - height - stacked * (height + 2)
    else:
        y = tip[1] + u * 0.1 + stacked * (height + 2)
    return (f'<g class="path-tag"><rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
            f'rx="{num(u * 0.08)}" fill="#ffffff" stroke="{colour}" stroke-width="{num(u * 0.05)}"/>'
            + label(text, x + width / 2, y + height - u * 0.1, size, colour, anchor="middle", css_class="path-label")
            + "</g>")


def marks_svg(grid: Grid, squares: Sequence[int]) -> str:
    """A cross on each square where a pawn dies."""
    if not squares:
        return ""
    parts = ['<g class="death-marks">']
    for sq in dict.fromkeys(squares):
        cx, cy = grid.centre(sq)
        parts.append(f'<g class="death" data-square="{name(sq)}">{death_mark(cx, cy, grid.unit)}</g>')
    parts.append("</g>")
    return "".join(parts)
