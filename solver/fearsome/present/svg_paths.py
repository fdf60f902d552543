"""The monster's paths drawn over the board, and the squares where pawns die.

A path is a :class:`~solver.fearsome.rules.monster.MonsterTrace`: the squares the
monster enters, in order, joined by a line through their centres. The line is
broken where the monster does not walk from one square to the next: through
the wall (it leaves by one edge and comes back by the opposite one, so the
line runs out to the wall and starts again from the other side) and at a
teleporter (it jumps to the partner). Each path has its own colour and dash,
an arrow head where it ends and a tag naming its tombstone tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.base.svg.glyphs import text_width
from solver.base.svg.markup import esc
from solver.base.svg.style import INK, label, num
from solver.fearsome.model.board import DELTAS, HEIGHT, WIDTH, name, neighbour, reentry, xy
from solver.fearsome.model.state import Place, Position
from solver.fearsome.present.svg_pieces import Grid, death_mark, tile_text
from solver.fearsome.rules.monster import MonsterTrace

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


def paths_svg(grid: Grid, traces: Sequence[MonsterTrace], pieces: Sequence[int] = ()) -> tuple[str, str]:
    """Every path, offset a little from the others so that paths sharing squares stay apart, in two layers: the
    lines (drawn under the stones and pawns, so that a bundle of paths never hides a pawn) and the ends (each
    arrow head, tag and, for a single path, the step numbers, drawn over the pieces). The tags keep clear of
    each other and, where they can, of the squares in ``pieces`` (the pawns and the monster)."""
    if not traces:
        return "", ""
    count = len(traces)
    lines = ['<g class="monster-paths">']
    ends = ['<g class="monster-path-ends">']
    tags: list[Box] = []
    covered = [_square_box(grid, sq) for sq in pieces]
    for index, trace in enumerate(traces):
        colour, dash = PATH_STYLES[index % len(PATH_STYLES)]
        shift = (index - (count - 1) / 2) * 0.09
        line, end = _path(grid, trace, colour, dash, shift, (tags, covered), numbered=count == 1)
        lines.append(line)
        ends.append(end)
    return "".join([*lines, "</g>"]), "".join([*ends, "</g>"])


def _path(grid: Grid, trace: MonsterTrace, colour: str, dash: str, shift: float,
          taken: tuple[list[Box], list[Box]], numbered: bool) -> tuple[str, str]:
    u = grid.unit

    def at(point: Point) -> tuple[float, float]:
        return grid.x + (point[0] + shift) * u, grid.y + (point[1] + shift) * u

    dashes = f' stroke-dasharray="{esc(dash)}"' if dash else ""
    parts = [f'<g class="monster-path" data-tile="{esc(trace.tile)}" data-end="{esc(name(trace.end))}">']
    pieces = runs(trace)
    for (points, ending), (following, _) in zip(pieces, pieces[1:]):
        if ending == "teleport":
            parts.append(_jump(at(points[-1]), at(following[0]), colour, u))
    for points, ending in pieces:
        pixels = [at(p) for p in points]
        if len(pixels) == 1:
            x, y = pixels[0]
            parts.append(f'<circle class="path-run" data-break="{esc(ending)}" cx="{num(x)}" cy="{num(y)}" r="{num(u * 0.08)}" '
                         f'fill="{esc(colour)}"/>')
            continue
        d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pixels)
        parts.append(f'<path class="path-run" data-break="{esc(ending)}" d="{esc(d)}" fill="none" stroke="#ffffff" '
                     f'stroke-opacity="0.7" stroke-width="{num(u * 0.14)}" stroke-linejoin="round" stroke-linecap="round"/>'
                     f'<path d="{esc(d)}" fill="none" stroke="{esc(colour)}" stroke-width="{num(u * 0.08)}" stroke-linejoin="round" '
                     f'stroke-linecap="round"{dashes}/>')
    parts.append("</g>")
    end = [f'<g class="path-end" data-tile="{esc(trace.tile)}">']
    last = [at(p) for p in pieces[-1][0]]
    if len(last) >= 2:
        end.append(_arrow_head(last[-2], last[-1], u * 0.36, colour))
    if numbered:
        end.append(_step_numbers(grid, trace, colour))
    column, row = xy(trace.end)
    end.append(_tag(grid, last[-1], tile_text(trace.tile), colour, taken, west=column >= WIDTH - 3, up=row >= HEIGHT - 2))
    end.append("</g>")
    return "".join(parts), "".join(end)


def _jump(start: tuple[float, float], end: tuple[float, float], colour: str, u: float) -> str:
    """A thin dotted arc from a teleporter to its partner: the monster jumps, it does not walk."""
    (sx, sy), (ex, ey) = start, end
    mx, my = (sx + ex) / 2, (sy + ey) / 2
    # The control point lies off the chord, on its left, a fifth of its length away.
    cx, cy = mx + (ey - sy) * 0.2, my - (ex - sx) * 0.2
    return (f'<path class="path-jump" d="M{num(sx)} {num(sy)} Q{num(cx)} {num(cy)} {num(ex)} {num(ey)}" fill="none" '
            f'stroke="{esc(colour)}" stroke-width="{num(u * 0.04)}" stroke-dasharray="2 4" stroke-linecap="round"/>')


def _arrow_head(start: tuple[float, float], tip: tuple[float, float], size: float, colour: str) -> str:
    """A filled triangle at ``tip`` pointing along the last leg (legs are horizontal or vertical)."""
    (sx, sy), (tx, ty) = start, tip
    ux = (tx > sx) - (tx < sx)
    uy = (ty > sy) - (ty < sy)
    bx, by = tx - ux * size, ty - uy * size
    px, py = -uy * size * 0.6, ux * size * 0.6
    return (f'<path class="arrow-head" d="M{num(tx)} {num(ty)} L{num(bx + px)} {num(by + py)} L{num(bx - px)} {num(by - py)} Z" '
            f'fill="{esc(colour)}" stroke="#ffffff" stroke-width="1"/>')


def _step_numbers(grid: Grid, trace: MonsterTrace, colour: str) -> str:
    """Each step's number beside the square it ends on (a single path only: several would crowd the squares)."""
    u = grid.unit
    parts = ['<g class="step-numbers">']
    for step in trace.steps:
        x, y = _centre(step.end)
        px, py = grid.x + (x + 0.3) * u, grid.y + (y - 0.3) * u
        parts.append(f'<circle cx="{num(px)}" cy="{num(py)}" r="{num(u * 0.17)}" fill="#ffffff" stroke="{esc(colour)}" '
                     f'stroke-width="{num(u * 0.04)}"/>')
        parts.append(label(str(step.number), px, py + u * 0.09, u * 0.18, INK, anchor="middle", css_class="step-number"))
    parts.append("</g>")
    return "".join(parts)


def _tag(grid: Grid, tip: tuple[float, float], text: str, colour: str, taken: tuple[list[Box], list[Box]], west: bool,
         up: bool) -> str:
    """The tile's name in a box beside the path's end, clear of the tags already drawn and of the pieces
    (``taken``: the tags, to which it is added, and the pieces' squares).

    First choice: below and right of the end, clear of the step numbers above it; left of it by the right wall,
    above it by the bottom wall. When that box would cover an earlier path's tag or a piece (paths ending on one
    square or side by side), the other side, then the other height, then further down or up, as long as it stays
    on the board; clear of the tags at least, when no place is clear of both.
    """
    tags, pieces = taken
    u = grid.unit
    size = u * 0.3
    width = text_width(text, size) + u * 0.24
    height = size + u * 0.24
    board = (grid.x, grid.y, grid.x + WIDTH * u, grid.y + HEIGHT * u)
    choices = [_tag_box(tip, u, width, height, side, high, stacked)
               for stacked in range(len(tags) + 1) for high in (up, not up) for side in (west, not west)]
    fitting = [box for box in choices if _inside(box, board)] or choices
    clear = [box for box in fitting if not any(_overlap(box, other) for other in tags)] or fitting
    x, y, _, _ = next((box for box in clear if not any(_overlap(box, other) for other in pieces)), clear[0])
    tags.append((x, y, x + width, y + height))
    return (f'<g class="path-tag"><rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
            f'rx="{num(u * 0.08)}" fill="#ffffff" stroke="{esc(colour)}" stroke-width="{num(u * 0.05)}"/>'
            + label(text, x + width / 2, y + height - u * 0.1, size, colour, anchor="middle", css_class="path-label")
            + "</g>")


Box = tuple[float, float, float, float]
"""A rectangle in the picture: left, top, right, bottom."""


def _tag_box(tip: tuple[float, float], u: float, width: float, height: float, west: bool, up: bool, stacked: int) -> Box:
    x = tip[0] - u * 0.22 - width if west else tip[0] + u * 0.22
    y = tip[1] - u * 0.45 - height - stacked * (height + 2) if up else tip[1] + u * 0.1 + stacked * (height + 2)
    return x, y, x + width, y + height


def _square_box(grid: Grid, sq: int) -> Box:
    """The middle of a square, where its piece is drawn (its corners stay free for tags)."""
    x, y = grid.centre(sq)
    half = grid.unit * 0.36
    return x - half, y - half, x + half, y + half


def _inside(box: Box, frame: Box) -> bool:
    return frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] + 1 and b[0] < a[2] + 1 and a[1] < b[3] + 1 and b[1] < a[3] + 1


def marks_svg(grid: Grid, squares: Sequence[int]) -> str:
    """A cross on each square where a pawn dies."""
    if not squares:
        return ""
    parts = ['<g class="death-marks">']
    for sq in dict.fromkeys(squares):
        cx, cy = grid.centre(sq)
        parts.append(f'<g class="death" data-square="{esc(name(sq))}">{death_mark(cx, cy, grid.unit)}</g>')
    parts.append("</g>")
    return "".join(parts)
