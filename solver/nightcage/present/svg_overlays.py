"""What the board picture may draw over the pieces: monsters' sight, each prisoner's light,
walks, and highlighted cells.

Sight is a translucent red band along each line a monster watches, from the
monster to the last cell in sight. A walk is a polyline in the prisoner's
colour ending in an arrow head; where a step crosses the torus edge the line
is split: it leaves the board at one edge and comes back in at the opposite one.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.base.svg.markup import esc
from solver.base.svg.style import num
from solver.nightcage.model.grid import DIRECTIONS, Cell, E, N, S, W
from solver.nightcage.model.state import GameState
from solver.nightcage.present.svg_style import HIGHLIGHT, SIGHT, Frame, colour_word, prisoner_colour
from solver.nightcage.rules.lighting import lit_by
from solver.nightcage.rules.sight import monsters, reaching_directions, sight

_STEP = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
"""Picture offsets (x, y) of a step in each direction (north is up)."""


def sight_bands(state: GameState, frame: Frame) -> str:
    """A red band along every sight line, from each monster through the cells it sees."""
    u = frame.unit
    w = u * 0.16
    parts = []
    for m in monsters(state):
        seen = sight(state, m)
        lines: dict[int, list[Cell]] = {d: [] for d in DIRECTIONS}
        for cell in range(state.size * state.size):
            if seen >> cell & 1:
                for d in reaching_directions(state, m, cell):
                    lines[d].append(cell)
        rects = []
        for d in DIRECTIONS:
            if not lines[d]:
                continue
            rects.append(_band(frame, m, d, w, half=True))
            rects.extend(_band(frame, c, d, w, half=False) for c in lines[d])
        marks = "".join(_eye_dot(frame, c) for c in range(state.size * state.size) if seen >> c & 1)
        parts.append(f'<g class="sight" data-monster="{esc(state.geo.name(m))}" fill="{SIGHT}" fill-opacity="0.5">'
                     f'{"".join(rects)}{marks}</g>')
    return "".join(parts)


def _band(frame: Frame, cell: Cell, d: int, w: float, half: bool) -> str:
    """The band across one cell along direction ``d``; from the monster's body outward when ``half``."""
    x, y = frame.corner(cell)
    u = frame.unit
    cx, cy = x + u / 2, y + u / 2
    dx, dy = _STEP[d]
    body = u * 0.24  # the band leaves the monster's symbol uncovered
    if dx == 0:
        top, bottom = (cy + body, y + u) if dy > 0 else (y, cy - body)
        if not half:
            top, bottom = y, y + u
        return f'<rect x="{num(cx - w / 2)}" y="{num(top)}" width="{num(w)}" height="{num(bottom - top)}"/>'
    left, right = (cx + body, x + u) if dx > 0 else (x, cx - body)
    if not half:
        left, right = x, x + u
    return f'<rect x="{num(left)}" y="{num(cy - w / 2)}" width="{num(right - left)}" height="{num(w)}"/>'


def _eye_dot(frame: Frame, cell: Cell) -> str:
    """A small red mark in a cell's corner: the cell is in sight (like ``!`` in the text board)."""
    x, y = frame.corner(cell)
    u = frame.unit
    return (f'<path d="M{num(x + u * 0.04)} {num(y + u * 0.04)} h{num(u * 0.2)} L{num(x + u * 0.04)} '
            f'{num(y + u * 0.24)} Z" fill-opacity="0.85"/>')


def light_outlines(state: GameState, frame: Frame) -> str:
    """Each prisoner's lit cells, outlined in its colour (inset a little more per prisoner)."""
    u = frame.unit
    parts = []
    for i, p in enumerate(state.prisoners):
        mask = lit_by(state, i)
        inset = u * (0.04 + 0.035 * i)
        colour = prisoner_colour(p.name, i)
        rects = "".join(
            f'<rect x="{num(frame.corner(c)[0] + inset)}" y="{num(frame.corner(c)[1] + inset)}" '
            f'width="{num(u - 2 * inset)}" height="{num(u - 2 * inset)}"/>'
            for c in range(state.size * state.size) if mask >> c & 1)
        if rects:
            parts.append(f'<g class="light" data-prisoner="{esc(colour_word(p.name, i))}" fill="{esc(colour)}" fill-opacity="0.1" '
                         f'stroke="{esc(colour)}" stroke-width="{num(u * 0.03)}">{rects}</g>')
    return "".join(parts)


def walk_pieces(frame: Frame, cells: Sequence[Cell], offset: float) -> list[list[tuple[float, float]]]:
    """The walk's polylines: one piece, or several where a step crosses the board's edge.

    A step between cells that are neighbours only around the torus leaves the
    board through one edge and enters through the opposite one.
    """
    size, u = frame.size, frame.unit
    pieces: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []

    def at(cell: Cell) -> tuple[float, float]:
        cx, cy = frame.centre(cell)
        return cx + offset, cy + offset

    for k, cell in enumerate(cells):
        if k == 0:
            current.append(at(cell))
            continue
        prev = cells[k - 1]
        df = cell % size - prev % size
        dr = cell // size - prev // size
        if abs(df) == size - 1 or abs(dr) == size - 1:
            # The step wraps: out through the edge, in through the opposite one.
            sx = -1 if df == size - 1 else 1 if df == -(size - 1) else 0
            sy = 1 if dr == size - 1 else -1 if dr == -(size - 1) else 0  # picture y grows downward
            px, py = at(prev)
            current.append((px + sx * u * 0.64, py + sy * u * 0.64))
            pieces.append(current)
            nx, ny = at(cell)
            current = [(nx - sx * u * 0.64, ny - sy * u * 0.64), (nx, ny)]
        else:
            current.append(at(cell))
    pieces.append(current)
    return pieces


def walks(state: GameState, frame: Frame, paths: Sequence[tuple[int, Sequence[Cell]]]) -> str:
    """Each walk as polylines in its prisoner's colour, an arrow head at its end."""
    u = frame.unit
    parts = []
    for n, (index, cells) in enumerate(paths):
        if not cells or not 0 <= index < len(state.prisoners):
            continue
        p = state.prisoners[index]
        colour = prisoner_colour(p.name, index)
        offset = u * 0.06 * ((index % 5) - 2) * 0.5
        pieces = walk_pieces(frame, cells, offset)
        lines = []
        for piece in pieces:
            if len(piece) < 2:
                continue
            pts = " ".join(f"{num(px)},{num(py)}" for px, py in piece)
            lines.append(f'<polyline class="path-piece" points="{esc(pts)}"/>')
        head = _arrow_head(pieces, u * 0.16, colour)
        start = pieces[0][0]
        dot = f'<circle cx="{num(start[0])}" cy="{num(start[1])}" r="{num(u * 0.06)}" fill="{esc(colour)}" stroke="none"/>'
        parts.append(f'<g class="path" data-prisoner="{esc(colour_word(p.name, index))}" data-walk="{esc(n)}" fill="none" '
                     f'stroke="{esc(colour)}" '
                     f'stroke-width="{num(u * 0.055)}" stroke-linecap="round" stroke-linejoin="round" '
                     f'stroke-opacity="0.9">{"".join(lines)}{dot}{head}</g>')
    return "".join(parts)


def _arrow_head(pieces: list[list[tuple[float, float]]], size: float, colour: str) -> str:
    last = next((piece for piece in reversed(pieces) if len(piece) >= 2), None)
    if last is None:
        return ""
    (ax, ay), (bx, by) = last[-2], last[-1]
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    base_x, base_y = bx - ux * size * 1.4, by - uy * size * 1.4
    left = (base_x - uy * size, base_y + ux * size)
    right = (base_x + uy * size, base_y - ux * size)
    return (f'<path class="arrow-head" d="M{num(bx)} {num(by)} L{num(left[0])} {num(left[1])} '
            f'L{num(right[0])} {num(right[1])} Z" fill="{esc(colour)}" stroke="none"/>')


def highlights(frame: Frame, cells: Sequence[Cell]) -> str:
    """A strong outline around each highlighted cell."""
    u = frame.unit
    rects = "".join(
        f'<rect x="{num(frame.corner(c)[0] + u * 0.03)}" y="{num(frame.corner(c)[1] + u * 0.03)}" '
        f'width="{num(u * 0.94)}" height="{num(u * 0.94)}" rx="{num(u * 0.06)}"/>' for c in sorted(cells))
    if not rects:
        return ""
    return (f'<g class="highlight" fill="none" stroke="{HIGHLIGHT}" stroke-width="{num(u * 0.06)}">'
            f'{rects}</g>')
