"""The board drawn as plain text for a terminal, golden tests and the README.

Each cell is 3 rows by 9 columns. A tile draws its passages as lines from its
centre to the edges it opens toward, so two connected tiles show one unbroken
line and a wall shows as a line that stops at the cell edge. The centre holds
the tile's code; the top row holds the prisoners standing there; the bottom
row's ``!`` marks say a monster sees the tile. Corners frame each tile.

Codes (also printed as a legend under the board)::

    S start     │ ─ straight   ├ ┬ ┤ ┴ T   ┼ cross      K key (k: key taken)
    G gate      W wax eater   ↑ → ↓ ← keeper (its mouth)   F pit fiend
    [#] pathless   ? omen   ( ) pit   (D) Dirge pit
    ┄ ┆ dashed passages: a crumbling tile (start, straight, key, cracked T)
    ░ an empty lit cell (a tile comes there)   · an empty dark cell
    ┌ ┐ corners of a lit tile, · corners of a tile no one lights

Rank 1 is at the bottom and file a on the left; the board is a torus, so the
top edge continues at the bottom and the right edge at the left.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.model.tiles import Tile, Kind
>>> s = new_game(Setup()).with_tile(14, Tile.make(Kind.GATE))
>>> s = s.with_prisoner(0, cell=14, unplaced=False)
>>> print(render_compact(s))
6 ·  ·  ·  ·  ·  ·
5 ·  ·  ·  ·  ·  ·
4 ·  ·  ░  ·  ·  ·
3 ·  ░  GR ░  ·  ·
2 ·  ·  ░  ·  ·  ·
1 ·  ·  ·  ·  ·  ·
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.grid import FILE_LETTERS, Cell, E, Mask, N, S, W
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES, Kind, Tile
from solver.nightcage.rules.describe import decision_text, where
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.outcome import outcome
from solver.nightcage.rules.sight import monsters, sight

CELL_WIDTH = 9
CELL_HEIGHT = 3
MAX_WIDTH = 80

# Box-drawing glyph for each openings mask (N=1, E=2, S=4, W=8): the junction
# at the centre of a corridor tile. Heavy glyphs mark crumbling tiles in the
# compact form, where dashed junctions do not exist.
_JUNCTION = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
_HEAVY_JUNCTION = " ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"
_ARROW = {N: "↑", E: "→", S: "↓", W: "←"}
_LETTER = {
    Kind.START: "S",
    Kind.GATE: "G",
    Kind.WAX_EATER: "W",
    Kind.PIT_FIEND: "F",
    Kind.OMEN: "?",
}
_CORRIDORS = frozenset({Kind.STRAIGHT, Kind.T, Kind.CROSS})
_DARK_EMPTY = "·"
_LIT_EMPTY = "░"
SIGHT_MARK = "!"

LEGEND = (
    "Legend: S start  │─ straight  ├┬┤┴ T  ┼ cross  K key (k: taken)  G gate",
    "        W wax eater  ↑→↓← keeper (mouth)  F pit fiend  [#] pathless  ? omen",
    "        ( ) pit  (D) Dirge pit  ┄┆ crumbling  ! in a monster's sight",
    "        ░ empty lit cell  · empty dark cell  ┌┐ lit tile  · · unlit tile",
)


# -- one tile ---------------------------------------------------------------------------


def tile_code(tile: Tile, heavy_crumbling: bool = False) -> str:
    """The one-character code of a tile (pits and pathless tiles: three characters).

    Args:
        tile: the tile.
        heavy_crumbling: draw a crumbling corridor's junction in heavy lines
            (the compact form, which has no dashed passages to show it).

    Returns:
        The code, e.g. ``"G"``, ``"├"``, ``"K"`` or ``"( )"``.

    >>> [tile_code(Tile.make(Kind.T, 0b1110)), tile_code(Tile.make(Kind.KEEPER, facing=E))]
    ['┬', '→']
    >>> tile_code(Tile.make(Kind.PIT))
    '( )'
    """
    kind = tile.kind
    if kind in _CORRIDORS:
        table = _HEAVY_JUNCTION if heavy_crumbling and tile.crumbling else _JUNCTION
        return table[tile.openings]
    if kind is Kind.KEY:
        return "k" if tile.key_taken else "K"
    if kind is Kind.KEEPER:
        return _ARROW.get(tile.facing, "Q")
    if kind is Kind.PIT:
        return "(D)" if tile.dirge else "( )"
    if kind is Kind.PATHLESS:
        return "[#]"
    return _LETTER[kind]


def _tile_block(tile: Tile, lit: bool, markers: str, seen: bool) -> list[str]:
    """The 3 x 9 drawing of a tile: passages, code, prisoners on top, sight marks below."""
    dashed = tile.crumbling
    horizontal = "┄" if dashed else "─"
    vertical = "┆" if dashed else "│"
    o = tile.openings
    arm_w = horizontal * 3 if o & W else "   "
    arm_e = horizontal * 3 if o & E else "   "
    code = tile_code(tile)
    if len(code) == 3:
        centre = code
    else:
        centre = (horizontal if o & W else " ") + code + (horizontal if o & E else " ")
    corners = "┌┐└┘" if lit else "····"
    top = [corners[0], " ", " ", " ", vertical if o & N else " ", " ", " ", " ", corners[1]]
    for slot, marker in zip(_marker_slots(len(markers)), markers):
        top[slot] = marker
    bottom = [corners[2], " ", " ", " ", vertical if o & S else " ", " ", " ", " ", corners[3]]
    if seen:
        bottom[1] = bottom[7] = SIGHT_MARK
    return ["".join(top), arm_w + centre + arm_e, "".join(bottom)]


def _marker_slots(n: int) -> list[int]:
    """Columns of the top row where ``n`` prisoner markers go (a gate may hold all five)."""
    if n <= 2:
        return [2, 6][:n]
    return [1, 2, 3, 5, 6, 7][:n]


def _empty_block(lit: bool) -> list[str]:
    if lit:
        return [" " * CELL_WIDTH, " " + _LIT_EMPTY * 7 + " ", " " * CELL_WIDTH]
    return [" " * CELL_WIDTH, "    " + _DARK_EMPTY + "    ", " " * CELL_WIDTH]


# -- prisoners --------------------------------------------------------------------------


def prisoner_markers(state: GameState) -> tuple[str, ...]:
    """One character per prisoner: its initial, or another of its letters, or a digit.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> prisoner_markers(new_game(Setup(), ["red", "rose", "ruby", "r"]))
    ('R', 'O', 'U', '1')
    """
    used: set[str] = set()
    out = []
    for i, p in enumerate(state.prisoners):
        choices = [c.upper() for c in p.name if c.isalpha()] + [str(d) for d in range(1, 10)]
        marker = next((c for c in choices if c not in used), str(i))
        used.add(marker)
        out.append(marker)
    return tuple(out)


def prisoner_line(state: GameState, index: int, marker: str) -> str:
    """One legend line: marker, name, where, candle, Nerve, key, and whose turn it is."""
    p = state.prisoners[index]
    candle = "candle lit" if p.lit else "candle out"
    key = "key" if p.key else "no key"
    turn = "  <- to play" if index == state.turn else ""
    return f"{marker} {p.name:<8} {where(state, p):<25} {candle}  Nerve {p.nerve}  {key}{turn}"


# -- the whole board --------------------------------------------------------------------


def watched_cells(state: GameState) -> Mask:
    """Every cell in some monster's line of sight (rules §6.1)."""
    mask = 0
    for m in monsters(state):
        mask |= sight(state, m)
    return mask


def _occupants(state: GameState, markers: tuple[str, ...]) -> dict[Cell, str]:
    out: dict[Cell, str] = {}
    for p, marker in zip(state.prisoners, markers):
        if p.cell is not None:
            out[p.cell] = out.get(p.cell, "") + marker
    return out


def board_lines(state: GameState, show_sight: bool = True) -> list[str]:
    """The board alone: cells with rank numbers at both sides and file letters above and below."""
    size = state.size
    lit = illuminated(state)
    seen = watched_cells(state) if show_sight else 0
    markers = prisoner_markers(state)
    on_cell = _occupants(state, markers)
    files = "  " + "".join(f"{FILE_LETTERS[f]:^{CELL_WIDTH}}" for f in range(size))
    lines = [files.rstrip()]
    for rank in reversed(range(size)):
        blocks = []
        for file in range(size):
            cell = rank * size + file
            tile = state.tiles[cell]
            is_lit = bool(lit >> cell & 1)
            if tile is None:
                blocks.append(_empty_block(is_lit))
            else:
                blocks.append(_tile_block(tile, is_lit, on_cell.get(cell, ""), bool(seen >> cell & 1)))
        for row in range(CELL_HEIGHT):
            label = str(rank + 1) if row == 1 else " "
            body = "".join(block[row] for block in blocks)
            lines.append(f"{label} {body} {label}".rstrip())
    lines.append(files.rstrip())
    return lines


def _counts_text(c: Counts) -> str:
    parts = [f"{t.value} {n}" for t, n in zip(TILE_TYPES, c) if n]
    return ", ".join(parts) if parts else "none"


def _wrap(text: str, indent: str = "") -> list[str]:
    """A line of the text below the board, wrapped at :data:`MAX_WIDTH` columns."""
    return textwrap.wrap(text, MAX_WIDTH, initial_indent=indent, subsequent_indent=indent + "    ")


def pile_lines(pile: Pile) -> list[str]:
    """The pile: count, contents by type, then the order (top first) or the layers when known."""
    lines = _wrap(f"Pile {pile.count}: {_counts_text(pile.contents)}")
    if pile.order is not None:
        if pile.order:
            lines.extend(_wrap("order, top first: " + " ".join(t.value for t in pile.order), "  "))
    else:
        layers = [layer for layer in pile.layers if counts.total(layer)]
        if len(layers) > 1:
            for i, layer in enumerate(layers, 1):
                top = " (top)" if i == 1 else ""
                lines.extend(_wrap(f"layer {i}{top}: {_counts_text(layer)} (shuffled)", "  "))
    return lines


def status_lines(state: GameState) -> list[str]:
    """Whose turn it is and what the position awaits, or the game's result (wrapped at 80 columns)."""
    over = outcome(state)
    if over is not None:
        text = f"Game over: {over.result}: {over.reason}"
    elif state.pending is None:
        text = f"Turn: {state.active.name}"
    else:
        text = f"Turn: {state.active.name}; awaiting {decision_text(state)}"
    return _wrap(text)


def render(state: GameState, meta: Mapping[str, Any] | None = None, show_sight: bool = True) -> str:
    """Draw a position for a terminal: the board, the prisoners, the pile, the discard, a legend.

    The text is deterministic and a 7x7 board fits 80 columns (the pile order,
    when known, is wrapped to 80 columns too).

    Args:
        state: any position.
        meta: the position file's ``meta``; its ``title`` heads the drawing.
        show_sight: mark the tiles in monsters' lines of sight with ``!``.

    Returns:
        The drawing, lines joined by newlines, without a final newline.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile, Kind
    >>> s = new_game(Setup()).with_tile(14, Tile.make(Kind.GATE)).with_prisoner(0, cell=14, unplaced=False)
    >>> lines = render(s).splitlines()
    >>> print("\\n".join(lines[10:13]))
                        ┌ R │   ┐
    3     ·     ░░░░░░░ ────G──── ░░░░░░░     ·        ·     3
                        └   │   ┘
    """
    lines: list[str] = []
    if meta and meta.get("title"):
        lines.append(str(meta["title"]))
    lines.extend(board_lines(state, show_sight))
    lines.append("")
    markers = prisoner_markers(state)
    lines.extend(prisoner_line(state, i, m) for i, m in enumerate(markers))
    lines.extend(status_lines(state))
    lines.extend(pile_lines(state.pile))
    lines.extend(_wrap(f"Discard {counts.total(state.discarded)}: {_counts_text(state.discarded)}"))
    lines.extend(LEGEND)
    return "\n".join(lines)


def render_compact(state: GameState) -> str:
    """The board in one text row per rank (rank 1 last), for logs.

    Each cell is its tile code (crumbling corridors in heavy lines, pits ``O``
    and Dirge pits ``D``, pathless ``#``), ``░`` for an empty lit cell or ``·``
    for an empty dark one, followed by the markers of the prisoners there and
    ``!`` when a monster sees it; cells are padded to one width.

    Args:
        state: any position.

    Returns:
        ``size`` lines joined by newlines, the top rank first.
    """
    size = state.size
    lit = illuminated(state)
    seen = watched_cells(state)
    on_cell = _occupants(state, prisoner_markers(state))
    tokens = [
        _compact_token(state.tiles[c], bool(lit >> c & 1), on_cell.get(c, ""), bool(seen >> c & 1))
        for c in range(size * size)
    ]
    width = max(len(t) for t in tokens) + 1
    lines = []
    for rank in reversed(range(size)):
        row = "".join(f"{tokens[rank * size + f]:<{width}}" for f in range(size))
        lines.append(f"{rank + 1} {row}".rstrip())
    return "\n".join(lines)


def _compact_token(tile: Tile | None, lit: bool, markers: str, seen: bool) -> str:
    if tile is None:
        return _LIT_EMPTY if lit else _DARK_EMPTY
    code = tile_code(tile, heavy_crumbling=True)
    if tile.kind is Kind.PIT:
        code = "D" if tile.dirge else "O"
    elif tile.kind is Kind.PATHLESS:
        code = "#"
    return code + markers + (SIGHT_MARK if seen else "")


__all__ = [
    "render",
    "render_compact",
    "board_lines",
    "pile_lines",
    "prisoner_line",
    "prisoner_markers",
    "tile_code",
    "watched_cells",
    "LEGEND",
    "CELL_WIDTH",
    "CELL_HEIGHT",
    "MAX_WIDTH",
    "SIGHT_MARK",
    "status_lines",
]
