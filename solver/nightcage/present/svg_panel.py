"""The text beside and below the board picture: the prisoners' panel (colour, name,
candle, Nerve, key, where), whose turn it is and what the position awaits (or the
game's result), the pile and discard counts, and the legend of symbols.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.svg.markup import esc
from solver.base.svg.style import INK, INK_SOFT, fit, label, num
from solver.nightcage.model import counts
from solver.nightcage.model.grid import E, N
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.present.svg_style import KEY_EDGE, ROCK, SIGHT, colour_word, prisoner_colour
from solver.nightcage.present.svg_symbols import key_mark
from solver.nightcage.present.svg_tiles import cell_body, edge_stub
from solver.nightcage.present.svg_tokens import token
from solver.nightcage.rules.describe import decision_text, where
from solver.nightcage.rules.outcome import outcome

ROW = 36.0
TEXT = 12.0
SMALL = 10.0


def status_text(state: GameState) -> tuple[str, str]:
    """The headline under the prisoners and its colour: the result, or whose turn and what it awaits."""
    over = outcome(state)
    if over is not None:
        won = over.result == "win"
        return f"Game over: {'the prisoners win' if won else 'the prisoners lose'}: {over.reason}", \
            "#1d7a35" if won else "#b3261e"
    return f"Turn: {state.active.name}. Awaits {decision_text(state)}", INK


def panel(state: GameState, x: float, y: float, width: float) -> tuple[str, float]:
    """The panel at ``(x, y)``; returns its SVG and its height."""
    parts = ['<g class="panel">', label("Prisoners", x, y + 14, 13, css_class="heading")]
    top = y + 28
    over = outcome(state) is not None
    for i in range(len(state.prisoners)):
        parts.append(_prisoner_row(state, i, x, top, width, active=(i == state.turn and not over)))
        top += ROW
    top += 10
    text, colour = status_text(state)
    for line in fit(text, TEXT, width):
        top += TEXT + 6
        parts.append(label(line, x, top, TEXT, colour, css_class="status"))
    top += 10
    for line in (f"Pile: {state.pile.count} tiles", f"Discard: {counts.total(state.discarded)} tiles"):
        top += TEXT + 6
        parts.append(label(line, x, top, TEXT, INK, css_class="counts"))
    parts.append("</g>")
    return "".join(parts), top - y + 6


def _prisoner_row(state: GameState, i: int, x: float, top: float, width: float, active: bool) -> str:
    p = state.prisoners[i]
    colour = prisoner_colour(p.name, i)
    name = colour_word(p.name, i)
    cy = top + ROW / 2
    parts = [f'<g class="panel-prisoner" data-prisoner="{esc(name)}">']
    if active:
        parts.append(f'<path class="turn-marker" d="M{num(x)} {num(cy - 7)} L{num(x + 10)} {num(cy)} '
                     f'L{num(x)} {num(cy + 7)} Z" fill="{INK}"/>')
    parts.append(token(x + 26, cy, 11, colour, name, p.lit, False, i, css_class="panel-token"))
    parts.append(label(p.name + (" (to play)" if active else ""), x + 44, cy - 3, TEXT, INK, css_class="name"))
    state_words = [where(state, p), "candle lit" if p.lit else "Lights Out"]
    parts.append(label(", ".join(state_words), x + 44, cy + 12, SMALL, INK_SOFT, css_class="where"))
    # Nerve as two pips (filled ones are held), then the key if held, on the name's line.
    px, py = x + width - 58, cy - 7
    parts.append(label("Nerve", px - 4, py + 4, SMALL, INK_SOFT, anchor="end", css_class="nerve-label"))
    for k in range(2):
        fill = colour if k < p.nerve else "none"
        parts.append(f'<circle class="{esc("nerve" if k < p.nerve else "nerve-empty")}" cx="{num(px + 7 + k * 15)}" '
                     f'cy="{num(py)}" r="5.5" fill="{esc(fill)}" stroke="{INK}" stroke-width="1.3"/>')
    if p.key:
        parts.append(key_mark(x + width - 12, py, 13))
    parts.append("</g>")
    return "".join(parts)


_LEGEND_TILES: tuple[tuple[str, Tile | None, bool], ...] = (
    ("start (crumbles)", Tile.make(Kind.START, N | E), True),
    ("corridor", Tile.make(Kind.CROSS), True),
    ("crumbling: cracked", Tile.make(Kind.STRAIGHT), True),
    ("key", Tile.make(Kind.KEY), True),
    ("key taken", Tile.make(Kind.KEY, key_taken=True), True),
    ("gate", Tile.make(Kind.GATE), True),
    ("wax eater", Tile.make(Kind.WAX_EATER), True),
    ("keeper (mouth)", Tile.make(Kind.KEEPER, facing=E), True),
    ("pit fiend", Tile.make(Kind.PIT_FIEND), True),
    ("pathless", Tile.make(Kind.PATHLESS), True),
    ("omen", Tile.make(Kind.OMEN), True),
    ("pit", Tile.make(Kind.PIT), True),
    ("Dirge pit", Tile.make(Kind.PIT, dirge=True), True),
    ("lit, empty", None, True),
    ("dark, empty", None, False),
    ("tile no one lights", Tile.make(Kind.CROSS), False),
)


def _sample(tile: Tile | None, lit: bool, cell: float) -> Callable[[float, float], str]:
    """Draws a legend sample cell at a given corner."""
    def draw(ix: float, iy: float) -> str:
        return cell_body(tile, lit, ix, iy, cell)
    return draw


def legend(x: float, y: float, width: float) -> tuple[str, float]:
    """The legend at ``(x, y)``, in as many columns as fit ``width``; returns its SVG and height."""
    cell = 38.0
    col_w = 200.0
    cols = max(1, int(width // col_w))
    items: list[tuple[str, Callable[[float, float], str]]] = []
    for text, tile, lit in _LEGEND_TILES:
        items.append((text, _sample(tile, lit, cell)))
    items.append(("prisoner, candle lit", lambda ix, iy: token(ix + cell / 2, iy + cell / 2, 12, "#d0312d", "",
                                                                True, False, -1, "legend-token")))
    items.append(("Lights Out, holds a key", lambda ix, iy: token(ix + cell / 2, iy + cell / 2, 12, "#2f6fd6", "",
                                                                   False, True, -1, "legend-token")))
    items.append(("in a monster's sight", lambda ix, iy: (
        f'<rect x="{num(ix)}" y="{num(iy)}" width="{num(cell)}" height="{num(cell)}" fill="{ROCK}"/>'
        f'<rect x="{num(ix)}" y="{num(iy + cell * 0.42)}" width="{num(cell)}" height="{num(cell * 0.16)}" '
        f'fill="{SIGHT}" fill-opacity="0.6"/>')))
    items.append(("edges wrap around", lambda ix, iy: (
        f'<rect x="{num(ix)}" y="{num(iy)}" width="{num(cell * 0.6)}" height="{num(cell)}" fill="{ROCK}"/>'
        + edge_stub(E, ix - cell * 0.4, iy, cell, cell * 0.35))))
    rows = (len(items) + cols - 1) // cols
    parts = ['<g class="legend">', label("Legend", x, y + 13, 12, css_class="heading")]
    top = y + 22
    for n, (text, draw) in enumerate(items):
        col, row = n // rows, n % rows
        ix, iy = x + col * col_w, top + row * (cell + 6)
        parts.append(f'<g class="legend-item">{draw(ix, iy)}'
                     f'<rect x="{num(ix)}" y="{num(iy)}" width="{num(cell)}" height="{num(cell)}" fill="none" '
                     f'stroke="{KEY_EDGE}" stroke-opacity="0.3"/>'
                     f'{label(text, ix + cell + 7, iy + cell / 2 + 4, SMALL, INK)}</g>')
    return "".join(parts) + "</g>", 22 + rows * (cell + 6)
