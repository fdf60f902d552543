"""The board as an SVG picture: the board as players know it, with a panel and a legend.

The picture is built as text with the standard library, so it is exact and
testable as text: the same position gives the same bytes. Its parts:

* the board, rank 1 at the bottom and file a on the left, with coordinates on
  all four sides like a chess diagram; each cell a ``<g class="cell"
  data-cell="c4">`` (:mod:`solver.nightcage.present.svg_tiles` draws its content);
* corridor stubs with chevrons where a passage leaves the board: it goes on at
  the opposite edge (the board is a torus);
* prisoners' tokens (:mod:`solver.nightcage.present.svg_tokens`), each ``data-prisoner``
  naming its colour;
* overlays (:mod:`solver.nightcage.present.svg_overlays`): monsters' sight, each
  prisoner's light, walks, highlighted cells;
* the prisoners' panel, the status and the legend (:mod:`solver.nightcage.present.svg_panel`).

All text goes through :mod:`solver.base.svg.glyphs`, which draws it as strokes:
each character once, in the picture's ``<defs>``, reused by every label.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.base.svg.markup import esc
from solver.base.svg.style import INK, INK_SOFT, document, drawn, fit, foot, label, num
from solver.nightcage.model.grid import DIRECTIONS, FILE_LETTERS, Cell, E, N, S, W
from solver.nightcage.model.state import GameState
from solver.nightcage.present.svg_overlays import highlights, light_outlines, sight_bands, walks
from solver.nightcage.present.svg_panel import legend as legend_svg
from solver.nightcage.present.svg_panel import panel
from solver.nightcage.present.svg_style import Frame, colour_word, prisoner_colour
from solver.nightcage.present.svg_tiles import GLOW_DEF, cell_body, edge_stub, has_symbol
from solver.nightcage.present.svg_tokens import slots, token
from solver.nightcage.rules.lighting import illuminated

UNIT = 72.0
"""Cell size in picture units (pixels at zoom 1)."""
MARGIN = 34.0
"""Room around the board for coordinates and the torus stubs."""
STUB = 11.0
PAD = 16.0
PANEL_WIDTH = 300.0
TITLE_SIZE = 15.0
CAPTION_SIZE = 12.0


@dataclass(frozen=True)
class Overlays:
    """What is drawn over the board besides the pieces."""

    sight: bool = True
    """Monsters' lines of sight."""
    light: bool = False
    """The cells each prisoner lights, in the prisoner's colour."""
    paths: tuple[tuple[int, tuple[Cell, ...]], ...] = ()
    """Walks to draw: (prisoner index, the cells in the order walked)."""
    highlight: frozenset[Cell] = field(default_factory=frozenset)
    """Cells a caption points at (an action's target)."""


def board_svg(state: GameState, *, title: str | None = None, caption: str | None = None,
              overlays: Overlays = Overlays(), legend: bool = True, panel_shown: bool = True) -> str:
    """The whole picture as SVG text: board, coordinates, prisoners' panel, legend.

    Each cell is a ``<g class="cell" data-cell="c4">``, so a page can tell which cell was clicked.

    Args:
        state: any position (6x6 or 7x7).
        title: a heading above the board (also the picture's ``<title>``).
        caption: a line or two under the board (wrapped).
        overlays: what to draw over the pieces.
        legend: draw the legend of symbols under the board.
        panel_shown: draw the prisoners' panel beside the board.
    """
    size = state.size
    top = PAD
    head: list[str] = []
    width = PAD + MARGIN + size * UNIT + MARGIN + (PANEL_WIDTH + 8 if panel_shown else 0) + PAD
    title = drawn(title)
    for line in fit(title, TITLE_SIZE, width - 2 * PAD) if title else []:  # a long title wraps (no panel: less room)
        head.append(label(line, PAD, top + TITLE_SIZE, TITLE_SIZE, INK, css_class="title"))
        top += TITLE_SIZE + 6
    if head:
        top += 8
    frame = Frame(PAD + MARGIN, top + MARGIN, UNIT, size)
    board_right = frame.x + frame.side + MARGIN
    bottom = frame.y + frame.side + MARGIN
    body = [_board(state, frame, overlays)]
    if panel_shown:
        panel_text, panel_height = panel(state, board_right + 8, frame.y - 10, PANEL_WIDTH)
        body.append(panel_text)
        bottom = max(bottom, frame.y - 10 + panel_height)
    bottom = foot(body, bottom, width, PAD, caption, legend_svg if legend else None, CAPTION_SIZE)
    height = bottom + PAD
    return document("lueur-board", width, height, title or "Lueur position", [*head, *body], GLOW_DEF)


def _board(state: GameState, frame: Frame, overlays: Overlays) -> str:
    """The board with its coordinates, stubs, pieces and overlays, in drawing order."""
    size, u = state.size, frame.unit
    lit = illuminated(state)
    parts = ['<g class="board">', _coordinates(frame), _stubs(state, frame)]
    for cell in range(size * size):
        x, y = frame.corner(cell)
        body = cell_body(state.tiles[cell], bool(lit >> cell & 1), x, y, u)
        parts.append(f'<g class="cell" data-cell="{esc(state.geo.name(cell))}">{body}</g>')
    parts.append(_seams(frame))
    parts.append(_dirge_rim(state, frame))
    if overlays.sight:
        parts.append(sight_bands(state, frame))
    if overlays.light:
        parts.append(light_outlines(state, frame))
    parts.append(_falling_lines(state, frame))
    parts.append(_tokens(state, frame))
    parts.append(highlights(frame, sorted(overlays.highlight)))
    if overlays.paths:
        parts.append(walks(state, frame, overlays.paths))
    parts.append("</g>")
    return "".join(parts)


def _coordinates(frame: Frame) -> str:
    """Files a-f below and above the board, ranks 1-6 on both sides."""
    size, u = frame.size, frame.unit
    gap = MARGIN - 9
    parts = ['<g class="coordinates">']
    for f in range(size):
        cx = frame.x + (f + 0.5) * u
        for y in (frame.y + frame.side + gap, frame.y - gap + 10):
            parts.append(label(FILE_LETTERS[f], cx, y, 11, INK_SOFT, anchor="middle", css_class="coord"))
    for r in range(size):
        cy = frame.y + (size - 1 - r + 0.5) * u + 5
        parts.append(label(str(r + 1), frame.x - gap + 4, cy, 11, INK_SOFT, anchor="middle", css_class="coord"))
        parts.append(label(str(r + 1), frame.x + frame.side + gap - 4, cy, 11, INK_SOFT, anchor="middle",
                           css_class="coord"))
    parts.append("</g>")
    return "".join(parts)


def _stubs(state: GameState, frame: Frame) -> str:
    """Corridor stubs where a passage leaves the board's edge (it goes on at the opposite one)."""
    size = state.size
    edges = {N: [(size - 1) * size + f for f in range(size)], S: list(range(size)),
             W: [r * size for r in range(size)], E: [r * size + size - 1 for r in range(size)]}
    parts = ['<g class="torus">']
    for d in DIRECTIONS:
        for cell in edges[d]:
            tile = state.tiles[cell]
            if tile is not None and tile.openings & d:
                x, y = frame.corner(cell)
                parts.append(edge_stub(d, x, y, frame.unit, STUB))
    parts.append("</g>")
    return "".join(parts)


def _seams(frame: Frame) -> str:
    """Thin lines between cells and a frame round the board."""
    size, u = frame.size, frame.unit
    lines = []
    for k in range(1, size):
        lines.append(f"M{num(frame.x + k * u)} {num(frame.y)} v{num(frame.side)}")
        lines.append(f"M{num(frame.x)} {num(frame.y + k * u)} h{num(frame.side)}")
    return (f'<path class="seams" d="{esc(" ".join(lines))}" stroke="#000" stroke-opacity="0.35" stroke-width="1"/>'
            f'<rect class="frame" x="{num(frame.x)}" y="{num(frame.y)}" width="{num(frame.side)}" '
            f'height="{num(frame.side)}" fill="none" stroke="{INK}" stroke-width="2"/>')


def _dirge_rim(state: GameState, frame: Frame) -> str:
    """The rim of the Dirge's pit: its cells form one hole (it lies wholly inside the board)."""
    size, u = state.size, frame.unit

    def dirge(file: int, rank: int) -> bool:
        if not (0 <= file < size and 0 <= rank < size):
            return False
        tile = state.tiles[rank * size + file]
        return tile is not None and tile.dirge

    sides = []
    for cell in range(size * size):
        file, rank = cell % size, cell // size
        if not dirge(file, rank):
            continue
        x, y = frame.corner(cell)
        if not dirge(file, rank + 1):
            sides.append(f"M{num(x)} {num(y)} h{num(u)}")
        if not dirge(file, rank - 1):
            sides.append(f"M{num(x)} {num(y + u)} h{num(u)}")
        if not dirge(file - 1, rank):
            sides.append(f"M{num(x)} {num(y)} v{num(u)}")
        if not dirge(file + 1, rank):
            sides.append(f"M{num(x + u)} {num(y)} v{num(u)}")
    if not sides:
        return ""
    return (f'<path class="dirge-rim" d="{esc(" ".join(sides))}" fill="none" stroke="#8a6fb0" stroke-width="{num(u * 0.06)}" '
            f'stroke-linecap="square"/>')


def _falling_lines(state: GameState, frame: Frame) -> str:
    """A dashed outline, in its colour, round the row or file a falling prisoner will land on."""
    parts = []
    u = frame.unit
    for i, p in enumerate(state.prisoners):
        if p.falling is None or p.falling[0] not in ("row", "file"):
            continue
        axis, index = p.falling
        inset = 3 + 3 * i
        if axis == "row":
            x, y = frame.x, frame.y + (frame.size - 1 - index) * u
            w, h = frame.side, u
        else:
            x, y = frame.x + index * u, frame.y
            w, h = u, frame.side
        parts.append(f'<rect class="falling-line" data-prisoner="{esc(colour_word(p.name, i))}" x="{num(x + inset)}" '
                     f'y="{num(y + inset)}" width="{num(w - 2 * inset)}" height="{num(h - 2 * inset)}" fill="none" '
                     f'stroke="{esc(prisoner_colour(p.name, i))}" stroke-width="2.5" stroke-dasharray="8 5"/>')
    return "".join(parts)


def _tokens(state: GameState, frame: Frame) -> str:
    """Every prisoner on the board as a token, those sharing a cell spread over slots."""
    u = frame.unit
    by_cell: dict[Cell, list[int]] = {}
    for i, p in enumerate(state.prisoners):
        if p.cell is not None:
            by_cell.setdefault(p.cell, []).append(i)
    parts = ['<g class="tokens">']
    for cell in sorted(by_cell):
        x, y = frame.corner(cell)
        who = by_cell[cell]
        for i, (fx, fy, fr) in zip(who, slots(len(who), has_symbol(state.tiles[cell]))):
            p = state.prisoners[i]
            parts.append(token(x + fx * u, y + fy * u, fr * u, prisoner_colour(p.name, i), colour_word(p.name, i),
                               p.lit, p.key, i).replace("<g ", f'<g data-cell="{esc(state.geo.name(cell))}" ', 1))
    parts.append("</g>")
    return "".join(parts)
