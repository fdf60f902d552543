"""The Fearsome Floors board as an SVG picture, with the monster's paths drawn over it.

The picture is built as text with the standard library, so the same position
gives the same bytes. Its parts:

* the board of 156 squares, 16 files by 11 rows with the two cut staircase
  corners left out, ringed by its wall; files ``a``..``p`` along the bottom
  and top, ranks ``1``..``11`` up both sides, as :mod:`solver.fearsome.model.board`
  names them; each square a ``<g class="square" data-square="c4">``;
* the exit (``a11``, where the monster starts) and the entrance (``p1``),
  tinted, with a gap in the wall and an arrow in the margin;
* the scenery and the pieces (:mod:`solver.fearsome.present.svg_pieces`): blood pools,
  teleporters with their arrows and pair numbers, stones (plain, crystal,
  pivots), the pawns showing their faces, the monster facing its way;
* the monster's paths and the squares where pawns die
  (:mod:`solver.fearsome.present.svg_paths`);
* the panel beside the board and the legend under it
  (:mod:`solver.fearsome.present.svg_panel`).

All text is drawn as strokes by :mod:`solver.base.svg.glyphs` (no font is
looked up), each character once in the picture's ``<defs>``.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.base.svg.markup import esc
from solver.base.svg.style import INK, INK_SOFT, document, drawn, fit, foot, label, num
from solver.fearsome.model.board import DELTAS, ENTRANCE, EXIT, FILES, HEIGHT, SQUARES, WIDTH, Direction, name, neighbour, xy
from solver.fearsome.model.state import Place, Position, StoneKind
from solver.fearsome.present.drawing import pawn_marks
from solver.fearsome.present.svg_panel import legend as legend_svg
from solver.fearsome.present.svg_panel import panel
from solver.fearsome.present.svg_paths import marks_svg, paths_svg
from solver.fearsome.present.svg_pieces import (
    BLOOD_EDGE,
    ENTRANCE_TINT,
    EXIT_TINT,
    FLOOR_DARK,
    FLOOR_LIGHT,
    WALL,
    Grid,
    crystal_stone,
    monster,
    pawn,
    pivot_stone,
    plain_stone,
    pool_square,
    teleporter,
)
from solver.fearsome.rules.monster import MonsterTrace

UNIT = 44.0
"""A square's side in picture units (pixels at zoom 1)."""
MARGIN = 30.0
"""Room over and under the board for the files."""
SIDE_MARGIN = 52.0
"""Room left and right of the board for the ranks, and the arrows out of the exit and into the entrance."""
PAD = 16.0
PANEL_WIDTH = 290.0
TITLE_SIZE = 15.0
CAPTION_SIZE = 12.0
DOOR_EXIT = "#2e8b3a"
DOOR_ENTRANCE = "#2f6fd6"


def board_svg(position: Position, *, title: str | None = None, caption: str | None = None,
              paths: Sequence[MonsterTrace] = (), marks: Sequence[int] = (), legend: bool = True, panel_shown: bool = True) -> str:
    """The whole picture as SVG text: the board, the panel beside it, the legend under it.

    Args:
        position: any position.
        title: a heading above the board (also the picture's ``<title>``).
        caption: a line or two under the board (wrapped).
        paths: monster paths to draw, one per trace (``monster.monster_phase``), each in its own colour.
        marks: squares where a pawn dies (a cross on each).
        legend: draw the legend of pieces under the board.
        panel_shown: draw the panel beside the board (a phone's page leaves it out and says the same in words).
    """
    top = PAD
    board_right = PAD + SIDE_MARGIN + WIDTH * UNIT + SIDE_MARGIN
    width = board_right + (PANEL_WIDTH + 12 if panel_shown else 0) + PAD
    head: list[str] = []
    title = drawn(title)
    for line in fit(title or "", TITLE_SIZE, width - 2 * PAD):  # a long title wraps
        head.append(label(line, PAD, top + TITLE_SIZE, TITLE_SIZE, INK, css_class="title"))
        top += TITLE_SIZE + 8
    if head:
        top += 4
    grid = Grid(PAD + SIDE_MARGIN, top + MARGIN, UNIT)
    bottom = grid.y + HEIGHT * UNIT + MARGIN
    body = [_board(position, grid, paths, marks)]
    if panel_shown:
        panel_svg, panel_height = panel(position, paths, board_right + 12, grid.y - 12, PANEL_WIDTH)
        body.append(panel_svg)
        bottom = max(bottom, grid.y - 12 + panel_height + 8)
    bottom = foot(body, bottom, width, PAD, caption, legend_svg if legend else None, CAPTION_SIZE)
    height = bottom + PAD
    return document("lueur-ff-board", width, height, title or "Fearsome Floors position", [*head, *body])


def _board(position: Position, grid: Grid, paths: Sequence[MonsterTrace], marks: Sequence[int]) -> str:
    """The board with its coordinates, scenery, pieces and overlays, in drawing order."""
    pieces = [p.square for p in position.pawns if p.place is Place.BOARD] + [sq for sq in (position.monster,) if sq >= 0]
    lines, ends = paths_svg(grid, paths, pieces)
    # The paths' lines go under the pieces (a bundle of paths never hides a pawn), their ends over them.
    parts = ['<g class="board">', _coordinates(grid), _squares(grid), _pools(position, grid), _wall(grid),
             _doors(grid), _teleporters(position, grid), lines, _stones(position, grid), _pawns(position, grid),
             marks_svg(grid, marks), ends, _monster(position, grid), "</g>"]
    return "".join(parts)


def _coordinates(grid: Grid) -> str:
    """Files a-p under and over the board, ranks 1-11 up both sides (round the whole rectangle)."""
    u = UNIT
    gap = MARGIN / 2
    right = grid.x + WIDTH * u
    bottom = grid.y + HEIGHT * u
    parts = ['<g class="coordinates">']
    for column, letter in enumerate(FILES):
        cx = grid.x + (column + 0.5) * u
        for y in (bottom + gap + 5, grid.y - gap + 5):
            parts.append(label(letter, cx, y, 11, INK_SOFT, anchor="middle", css_class="coord"))
    side_gap = SIDE_MARGIN - 12
    for row in range(HEIGHT):
        cy = grid.y + (row + 0.5) * u + 5.5
        rank = str(HEIGHT - row)
        parts.append(label(rank, grid.x - side_gap, cy, 11, INK_SOFT, anchor="middle", css_class="coord"))
        parts.append(label(rank, right + side_gap, cy, 11, INK_SOFT, anchor="middle", css_class="coord"))
    parts.append("</g>")
    return "".join(parts)


def _squares(grid: Grid) -> str:
    """Every square of the board (the cut corners are not drawn), in a faint checker."""
    u = UNIT
    parts = ['<g class="squares">']
    for sq in SQUARES:
        x, y = grid.corner(sq)
        column, row = xy(sq)
        fill = EXIT_TINT if sq == EXIT else ENTRANCE_TINT if sq == ENTRANCE else (
            FLOOR_LIGHT if (column + row) % 2 == 0 else FLOOR_DARK)
        parts.append(f'<g class="square" data-square="{esc(name(sq))}"><rect x="{num(x)}" y="{num(y)}" width="{num(u)}" '
                     f'height="{num(u)}" fill="{esc(fill)}" stroke="#000000" stroke-opacity="0.18" stroke-width="1"/></g>')
    parts.append("</g>")
    return "".join(parts)


def _outline(grid: Grid, squares: frozenset[int], skip: frozenset[tuple[int, Direction]] = frozenset()) -> str:
    """Path data of the sides of ``squares`` that no other square of the set shares."""
    u = UNIT
    sides = []
    for sq in sorted(squares):
        x, y = grid.corner(sq)
        for d in Direction:
            other = neighbour(sq, d)
            if (other is not None and other in squares) or (sq, d) in skip:
                continue
            dx, dy = DELTAS[d]
            if dy:
                sides.append(f"M{num(x)} {num(y + (u if dy > 0 else 0))} h{num(u)}")
            else:
                sides.append(f"M{num(x + (u if dx > 0 else 0))} {num(y)} v{num(u)}")
    return " ".join(sides)


DOORS = frozenset({(EXIT, Direction.W), (ENTRANCE, Direction.E)})
"""Where the wall opens: west of the exit, east of the entrance."""


def _wall(grid: Grid) -> str:
    """The wall round the board, following the staircases; open at the exit and the entrance."""
    return (f'<path class="wall" d="{esc(_outline(grid, frozenset(SQUARES), DOORS))}" fill="none" stroke="{WALL}" '
            f'stroke-width="{num(UNIT * 0.14)}" stroke-linecap="square"/>')


def _doors(grid: Grid) -> str:
    """The exit and the entrance: an arrow through the gap in the wall, out of the exit and into the entrance."""
    u = UNIT
    ex, ey = grid.centre(EXIT)
    nx, ny = grid.centre(ENTRANCE)
    out_arrow = _door_arrow(ex - u * 0.3, ey, ex - u * 1.1, DOOR_EXIT)
    in_arrow = _door_arrow(nx + u * 1.1, ny, nx + u * 0.3, DOOR_ENTRANCE)
    return f'<g class="doors"><g class="exit">{out_arrow}</g><g class="entrance">{in_arrow}</g></g>'


def _door_arrow(x0: float, y: float, x1: float, colour: str) -> str:
    """A short horizontal arrow from ``x0`` to ``x1`` at height ``y``."""
    u = UNIT
    step = u * 0.16 if x1 > x0 else -u * 0.16
    return (f'<path d="M{num(x0)} {num(y)} H{num(x1 - step)}" stroke="{esc(colour)}" stroke-width="{num(u * 0.09)}"/>'
            f'<path d="M{num(x1)} {num(y)} L{num(x1 - step * 1.2)} {num(y - u * 0.14)} L{num(x1 - step * 1.2)} '
            f'{num(y + u * 0.14)} Z" fill="{esc(colour)}"/>')


def _pools(position: Position, grid: Grid) -> str:
    parts = ['<g class="pools">']
    for index, pool in enumerate(position.pools):
        squares = frozenset(pool)
        parts.append(f'<g class="pool" data-pool="{esc(index)}" data-squares="{esc(" ".join(name(sq) for sq in pool))}">')
        parts += [pool_square(*grid.corner(sq), UNIT) for sq in pool]
        parts.append(f'<path d="{esc(_outline(grid, squares))}" fill="none" stroke="{BLOOD_EDGE}" stroke-width="{num(UNIT * 0.06)}" '
                     f'stroke-linecap="square"/></g>')
    parts.append("</g>")
    return "".join(parts)


def _teleporters(position: Position, grid: Grid) -> str:
    parts = ['<g class="teleporters">']
    for index, pair in enumerate(position.teleporters):
        for pad in pair:
            cx, cy = grid.centre(pad.square)
            parts.append(f'<g class="teleporter" data-square="{esc(name(pad.square))}" data-pair="{esc(index + 1)}" '
                         f'data-arrow="{esc(pad.arrow.letter)}">{teleporter(cx, cy, UNIT, pad.arrow, index)}</g>')
    parts.append("</g>")
    return "".join(parts)


def _stones(position: Position, grid: Grid) -> str:
    parts = ['<g class="stones">']
    for sq, kind in position.stones:
        x, y = grid.corner(sq)
        if kind is StoneKind.PLAIN:
            body = plain_stone(x, y, UNIT)
        elif kind is StoneKind.CRYSTAL:
            body = crystal_stone(x, y, UNIT)
        else:
            body = pivot_stone(x, y, UNIT, half_turn=kind is StoneKind.PIVOT_BACK)
        parts.append(f'<g class="stone {esc(kind.value.replace("_", "-"))}" data-square="{esc(name(sq))}">{body}</g>')
    parts.append("</g>")
    return "".join(parts)


def _pawns(position: Position, grid: Grid) -> str:
    """The pawns on the board, each showing its face; a short id (a scenario's A, B...) in the square's corner."""
    seats = {colour: seat for seat, colour in enumerate(position.players)}
    marks = pawn_marks(position)
    parts = ['<g class="pawns">']
    for p in position.pawns:
        if p.place is not Place.BOARD:
            continue
        cx, cy = grid.centre(p.square)
        face = "black" if p.black_up else "white"
        body = pawn(cx, cy, UNIT, p.colour, seats.get(p.colour, 0), p.value, p.black_up)
        if len(p.ident) <= 2:
            body += (f'<rect x="{num(cx - UNIT * 0.5)}" y="{num(cy - UNIT * 0.5)}" width="{num(UNIT * 0.3)}" '
                     f'height="{num(UNIT * 0.28)}" rx="{num(UNIT * 0.06)}" fill="#fffaf0" fill-opacity="0.9"/>'
                     + label(marks[p.ident], cx - UNIT * 0.35, cy - UNIT * 0.28, UNIT * 0.19, INK, anchor="middle",
                             css_class="pawn-id"))
        parts.append(f'<g class="pawn" data-pawn="{esc(p.ident)}" data-colour="{esc(p.colour)}" '
                     f'data-square="{esc(name(p.square))}" data-face="{esc(face)}" data-value="{esc(p.value)}">{body}</g>')
    parts.append("</g>")
    return "".join(parts)


def _monster(position: Position, grid: Grid) -> str:
    cx, cy = grid.centre(position.monster)
    return (f'<g class="monster" data-square="{esc(name(position.monster))}" data-facing="{esc(position.facing.letter)}">'
            f'{monster(cx, cy, UNIT, position.facing)}</g>')

