"""The text beside and under the Fearsome Floors picture: the players' panel, the tombstone pile, whose turn it
is, the key of the monster's paths, and the legend of pieces.

The panel lists each player in seating order with the pawns waiting beside
the entrance (as small pawns showing their faces) and how many are out and
eaten; then the phase (who moves, or the monster's draw, or the winner), the
round with the tombstones drawn face up and the rest face down.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.base.svg.glyphs import text_width
from solver.base.svg.markup import esc
from solver.base.svg.style import INK, INK_SOFT, fit, label, num
from solver.fearsome.model.board import Direction, name
from solver.fearsome.model.state import TILES, TILES_PER_ROUND, Phase, Place, Position
from solver.fearsome.present.status import FACING_WORDS, monster_text, status_text
from solver.fearsome.present.svg_paths import PATH_STYLES
from solver.fearsome.present.svg_pieces import (
    BLOOD_EDGE,
    ENTRANCE_TINT,
    EXIT_TINT,
    crystal_stone,
    death_mark,
    fates,
    monster,
    pawn,
    pawn_colours,
    pivot_stone,
    plain_stone,
    pool_square,
    teleporter,
    tile_text,
    tombstone,
)
from solver.fearsome.rules.monster import MonsterTrace

TEXT = 12.0
SMALL = 10.5
ROW = 44.0
MINI = 30.0
"""The square size the panel draws its small pawns at."""


def panel(position: Position, traces: Sequence[MonsterTrace], x: float, y: float, width: float) -> tuple[str, float]:
    """The panel with its top-left at ``(x, y)``: its SVG and its height."""
    parts = ['<g class="panel">', label("Players", x, y + 14, 13, css_class="heading")]
    top = y + 26
    for seat, colour in enumerate(position.players):
        parts.append(_player_row(position, seat, colour, x, top, width))
        top += ROW
    top += 6
    for line in fit(status_text(position), TEXT, width):
        top += TEXT + 6
        parts.append(label(line, x, top, TEXT, INK, css_class="status"))
    top += 8
    parts.append(f'<g class="monster-status">{label(monster_text(position), x, top + TEXT + 4, TEXT, INK)}</g>')
    top += TEXT + 14
    pile_svg, pile_height = _pile(position, x, top, width)
    parts.append(pile_svg)
    top += pile_height
    if traces:
        key_svg, key_height = _paths_key(traces, x, top + 8, width)
        parts.append(key_svg)
        top += 8 + key_height
    parts.append("</g>")
    return "".join(parts), top - y


def _player_row(position: Position, seat: int, colour: str, x: float, top: float, width: float) -> str:
    disc, rim = pawn_colours(colour, seat)
    pawns = position.pawns_of(colour)
    count = {place: sum(1 for p in pawns if p.place is place) for place in Place}
    moving = position.phase is Phase.PAWNS and position.to_move == seat
    parts = [f'<g class="player" data-player="{esc(colour)}">']
    if moving:
        parts.append(f'<rect class="to-move" x="{num(x - 4)}" y="{num(top - 2)}" width="{num(width + 4)}" '
                     f'height="{num(ROW - 4)}" rx="6" fill="#f3e3a6" stroke="#c9a227"/>')
    parts.append(f'<circle cx="{num(x + 8)}" cy="{num(top + 10)}" r="7" fill="{esc(disc)}" stroke="{esc(rim)}" stroke-width="2"/>')
    parts.append(label(colour + (" (to move)" if moving else ""), x + 22, top + 15, TEXT, INK, css_class="player-name"))
    counts = f"out {count[Place.OUT]}   eaten {count[Place.REMOVED]}"
    parts.append(label(counts, x + width - 4, top + 15, SMALL, INK, anchor="end", css_class="player-counts"))
    parts.append(label(f"on board {count[Place.BOARD]}", x + width - 4, top + 33, SMALL, INK_SOFT, anchor="end",
                       css_class="player-counts"))
    waiting = [p for p in pawns if p.place is Place.WAITING]
    parts.append(label("waiting" if waiting else "none waiting", x + 22, top + 33, SMALL, INK_SOFT))
    for k, p in enumerate(waiting):
        cx = x + 84 + k * (MINI * 0.8)
        drawn = pawn(cx, top + 29, MINI, colour, seat, p.value, p.black_up)
        parts.append(f'<g class="waiting-pawn" data-pawn="{esc(p.ident)}">{drawn}</g>')
    parts.append("</g>")
    return "".join(parts)


def _pile(position: Position, x: float, top: float, width: float) -> tuple[str, float]:
    """The round, the tiles left to play, and the pile: the drawn tiles face up in order, the rest face down."""
    pile = position.tombstones
    left = TILES_PER_ROUND - len(pile.drawn)
    parts = ['<g class="tombstones">',
             label(f"Round {pile.round} of 2: {left} tile{'s' if left != 1 else ''} left to play", x, top + TEXT, TEXT, INK,
                   css_class="pile-status")]
    w = min(24.0, (width - 7 * 5) / len(TILES))
    for k in range(len(TILES)):
        face_up = k < len(pile.drawn)
        tx = x + k * (w + 5)
        parts.append(tombstone(tx, top + TEXT + 8, w, pile.drawn[k] if face_up else "", face_up))
    parts.append("</g>")
    return "".join(parts), TEXT + 8 + w * 1.25 + 6


def _paths_key(traces: Sequence[MonsterTrace], x: float, top: float, width: float) -> tuple[str, float]:
    """One line per path: its line style, its tile, where it ends and who dies."""
    parts = ['<g class="paths-key">', label("Monster paths", x, top + 13, 13, css_class="heading")]
    y = top + 22
    for index, trace in enumerate(traces):
        colour, dash = PATH_STYLES[index % len(PATH_STYLES)]
        dashes = f' stroke-dasharray="{esc(dash)}"' if dash else ""
        victims = f", {fates(trace)}" if trace.eaten else ""
        text = f"{tile_text(trace.tile)}: to {name(trace.end)} facing {FACING_WORDS[trace.facing]}{victims}"
        lines = fit(text, SMALL, width - 40)
        parts.append(f'<path d="M{num(x)} {num(y + 6)} h30" stroke="{esc(colour)}" stroke-width="3.5"{dashes}/>')
        for line in lines:
            y += SMALL + 5
            parts.append(label(line, x + 38, y, SMALL, INK, css_class="path-key"))
        y += 6
    parts.append("</g>")
    return "".join(parts), y - top


def legend(x: float, y: float, width: float) -> tuple[str, float]:
    """The pieces with their names, in rows that fit ``width``: the legend under the board."""
    u = 30.0
    items = [
        ("stone", plain_stone(0, 0, u)),
        ("crystal", crystal_stone(0, 0, u)),
        ("pivot: right", pivot_stone(0, 0, u, False)),
        ("pivot: half turn", pivot_stone(0, 0, u, True)),
        ("blood pool", pool_square(0, 0, u)
         + f'<rect x="0" y="0" width="{num(u)}" height="{num(u)}" fill="none" stroke="{BLOOD_EDGE}" stroke-width="2"/>'),
        ("teleporter (pair 1)", teleporter(u / 2, u / 2, u, Direction.E, 0)),
        ("monster", monster(u / 2, u / 2, u, Direction.E)),
        ("pawn, white face", pawn(u / 2, u / 2, u, "red", 0, 4, False)),
        ("pawn, black face", pawn(u / 2, u / 2, u, "red", 0, 3, True)),
        ("exit", f'<rect x="0" y="0" width="{num(u)}" height="{num(u)}" fill="{EXIT_TINT}" stroke="{INK_SOFT}"/>'),
        ("entrance", f'<rect x="0" y="0" width="{num(u)}" height="{num(u)}" fill="{ENTRANCE_TINT}" stroke="{INK_SOFT}"/>'),
        ("a pawn dies", death_mark(u / 2, u / 2, u)),
    ]
    parts = ['<g class="legend">']
    cx, cy = x, y
    for text, drawing in items:
        item_width = u + 8 + text_width(text, SMALL) + 18
        if cx + item_width > x + width and cx > x:
            cx, cy = x, cy + u + 8
        parts.append(f'<g class="legend-item" transform="translate({num(cx)} {num(cy)})">{drawing}</g>')
        parts.append(label(text, cx + u + 6, cy + u / 2 + SMALL / 2, SMALL, INK, css_class="legend-label"))
        cx += item_width
    parts.append("</g>")
    return "".join(parts), cy + u - y
