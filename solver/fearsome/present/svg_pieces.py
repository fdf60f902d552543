"""The Fearsome Floors pieces as SVG: stones, blood pools, teleporters, the monster and the pawns.

Each drawing is a function of a centre (or a square's corner) and the square's
size, so the board and the legend draw the same pieces. Numbers go through
``num`` (two decimals at most) and rotations are whole quarter turns, so the
same position gives the same bytes.
"""

from __future__ import annotations

from solver.base.svg.markup import esc
from solver.base.svg.style import INK, label, num
from solver.fearsome.model.board import Direction, xy
from solver.fearsome.rules.monster import MonsterTrace

FLOOR_LIGHT = "#e4dccb"
FLOOR_DARK = "#d8cfbc"
"""The floor squares, in a faint checker so squares can be counted along a line."""
WALL = "#4a3f35"
STONE = "#8a8178"
STONE_EDGE = "#3b342e"
CRYSTAL = "#9fd8ef"
CRYSTAL_EDGE = "#2b7fa8"
BLOOD = "#a3161f"
BLOOD_EDGE = "#5e0a10"
MONSTER = "#5a2a6b"
MONSTER_EDGE = "#2a1033"
EXIT_TINT = "#b9dba6"
ENTRANCE_TINT = "#b8d3ee"
TELEPORTER_COLOURS = ("#7b3fb5", "#0f8a8a", "#b5651d", "#3f51b5")
"""One colour per teleporter pair, so the partners are seen together."""
DEATH = "#b3001b"

PAWN_COLOURS = {
    "red": ("#d0312d", "#7a1512"),
    "blue": ("#2f6fd6", "#173a78"),
    "green": ("#2e9e48", "#155225"),
    "yellow": ("#f2c21b", "#8a6a00"),
    "purple": ("#8e44ad", "#4a1d5e"),
    "orange": ("#f07f16", "#8a4200"),
    "white": ("#f4f1ea", "#6b6157"),
    "black": ("#2b2b2b", "#000000"),
    "pink": ("#e76fa8", "#8a2a5a"),
    "brown": ("#8b5a2b", "#4a2c10"),
}
"""Each colour's disc and its rim (a darker shade, so a white or yellow pawn still shows on the floor)."""
_SEAT_COLOURS = tuple(PAWN_COLOURS.values())

ANGLE = {Direction.N: 270, Direction.E: 0, Direction.S: 90, Direction.W: 180}
"""The SVG rotation (degrees, clockwise from east, y down) that turns a drawing facing east to a direction."""


class Grid:
    """Where the board lies in the picture: the top-left corner of square (0, 0) and the square's size."""

    def __init__(self, x: float, y: float, unit: float) -> None:
        self.x, self.y, self.unit = x, y, unit

    def corner(self, sq: int) -> tuple[float, float]:
        column, row = xy(sq)
        return self.x + column * self.unit, self.y + row * self.unit

    def centre(self, sq: int) -> tuple[float, float]:
        x, y = self.corner(sq)
        return x + self.unit / 2, y + self.unit / 2


def pawn_colours(colour: str, seat: int) -> tuple[str, str]:
    """A player's disc and rim colours: the colour its name says, else the colour of its seat."""
    return PAWN_COLOURS.get(colour.lower(), _SEAT_COLOURS[seat % len(_SEAT_COLOURS)])


def _rotated(body: str, cx: float, cy: float, facing: Direction) -> str:
    turn = ANGLE[facing]
    if not turn:
        return f"<g>{body}</g>"
    return f'<g transform="rotate({esc(turn)} {num(cx)} {num(cy)})">{body}</g>'


def stone_block(x: float, y: float, u: float, fill: str, edge: str, opacity: float = 1.0) -> str:
    """A stone tile's body: a rounded block inside the square at ``(x, y)``."""
    inset = u * 0.1
    extra = f' fill-opacity="{num(opacity)}"' if opacity < 1 else ""
    return (f'<rect x="{num(x + inset)}" y="{num(y + inset)}" width="{num(u - 2 * inset)}" height="{num(u - 2 * inset)}" '
            f'rx="{num(u * 0.12)}" fill="{esc(fill)}"{extra} stroke="{esc(edge)}" stroke-width="{num(u * 0.05)}"/>')


def plain_stone(x: float, y: float, u: float) -> str:
    return stone_block(x, y, u, STONE, STONE_EDGE) + _bevel(x, y, u)


def _bevel(x: float, y: float, u: float) -> str:
    """A lighter top face inside the block, so it reads as a raised stone."""
    a, b = u * 0.2, u * 0.8
    return (f'<path d="M{num(x + a)} {num(y + b)} L{num(x + a)} {num(y + a)} L{num(x + b)} {num(y + a)} '
            f'L{num(x + b - u * 0.08)} {num(y + a + u * 0.08)} L{num(x + a + u * 0.08)} {num(y + a + u * 0.08)} '
            f'L{num(x + a + u * 0.08)} {num(y + b - u * 0.08)} Z" fill="#ffffff" fill-opacity="0.28"/>'
            f'<path d="M{num(x + b)} {num(y + a)} L{num(x + b)} {num(y + b)} L{num(x + a)} {num(y + b)} '
            f'L{num(x + a + u * 0.08)} {num(y + b - u * 0.08)} L{num(x + b - u * 0.08)} {num(y + b - u * 0.08)} '
            f'L{num(x + b - u * 0.08)} {num(y + a + u * 0.08)} Z" fill="#000000" fill-opacity="0.22"/>')


def crystal_stone(x: float, y: float, u: float) -> str:
    """A translucent block with facets: the monster sees through it."""
    a, b, c = u * 0.22, u * 0.5, u * 0.78
    facets = (f'<path d="M{num(x + a)} {num(y + b)} L{num(x + b)} {num(y + a)} L{num(x + c)} {num(y + b)} '
              f'L{num(x + b)} {num(y + c)} Z M{num(x + a)} {num(y + b)} H{num(x + c)} M{num(x + b)} {num(y + a)} '
              f'V{num(y + c)}" fill="#ffffff" fill-opacity="0.35" stroke="{CRYSTAL_EDGE}" stroke-width="{num(u * 0.03)}"/>')
    return stone_block(x, y, u, CRYSTAL, CRYSTAL_EDGE, opacity=0.55) + facets


def pivot_stone(x: float, y: float, u: float, half_turn: bool) -> str:
    """A stone with a turning arrow: a quarter turn clockwise (right) or a U-turn (half turn)."""
    cx, cy, r = x + u / 2, y + u / 2, u * 0.2
    w = num(u * 0.06)
    if half_turn:
        # Up the right side, over the top, down the left: an arrow that comes back the way it went.
        arc = (f'M{num(cx + r)} {num(cy + r * 1.3)} V{num(cy)} A{num(r)} {num(r)} 0 0 0 {num(cx - r)} {num(cy)} '
               f'V{num(cy + r * 0.9)}')
        tip_x, tip_y, point = cx - r, cy + r * 1.45, "down"
    else:
        # Three quarters of a circle, clockwise, from the top round to the left.
        arc = f'M{num(cx)} {num(cy - r)} A{num(r)} {num(r)} 0 1 1 {num(cx - r)} {num(cy)}'
        tip_x, tip_y, point = cx - r * 0.15, cy - r, "right"
    head = _arrow_tip(tip_x, tip_y, u * 0.12, point)
    return (stone_block(x, y, u, STONE, STONE_EDGE)
            + f'<path d="{esc(arc)}" fill="none" stroke="#fffaf0" stroke-width="{esc(w)}" stroke-linecap="round"/>'
            + f'<path d="{esc(head)}" fill="#fffaf0"/>')


def _arrow_tip(x: float, y: float, size: float, point: str) -> str:
    """A small filled triangle whose tip is at ``(x, y)``, pointing right or down."""
    if point == "down":
        return f"M{num(x)} {num(y)} L{num(x - size)} {num(y - size * 1.2)} L{num(x + size)} {num(y - size * 1.2)} Z"
    return f"M{num(x + size * 0.6)} {num(y)} L{num(x - size * 0.6)} {num(y - size)} L{num(x - size * 0.6)} {num(y + size)} Z"


def pool_square(x: float, y: float, u: float) -> str:
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(u)}" height="{num(u)}" fill="{BLOOD}" fill-opacity="0.78"/>'


def teleporter(cx: float, cy: float, u: float, arrow: Direction, pair: int) -> str:
    """A round pad in its pair's colour with the arrow the monster faces on arriving, and the pair's number."""
    colour = TELEPORTER_COLOURS[pair % len(TELEPORTER_COLOURS)]
    r = u * 0.4
    shaft = (f'<path d="M{num(cx - r * 0.55)} {num(cy)} H{num(cx + r * 0.25)}" stroke="#ffffff" '
             f'stroke-width="{num(u * 0.09)}" stroke-linecap="round"/>'
             f'<path d="M{num(cx + r * 0.7)} {num(cy)} L{num(cx + r * 0.1)} {num(cy - r * 0.45)} '
             f'L{num(cx + r * 0.1)} {num(cy + r * 0.45)} Z" fill="#ffffff"/>')
    ring = (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{esc(colour)}" stroke="{INK}" stroke-width="{num(u * 0.04)}"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.78)}" fill="none" stroke="#ffffff" '
            f'stroke-opacity="0.6" stroke-width="{num(u * 0.025)}"/>')
    tag_x, tag_y = cx - u * 0.5 + u * 0.04, cy - u * 0.5 + u * 0.04
    tag = (f'<rect x="{num(tag_x)}" y="{num(tag_y)}" width="{num(u * 0.26)}" height="{num(u * 0.26)}" rx="{num(u * 0.05)}" '
           f'fill="{esc(colour)}" stroke="{INK}" stroke-width="{num(u * 0.02)}"/>'
           + label(str(pair + 1), tag_x + u * 0.13, tag_y + u * 0.2, u * 0.15, "#ffffff", anchor="middle",
                   css_class="pair-label"))
    return ring + _rotated(shaft, cx, cy, arrow) + tag


def monster(cx: float, cy: float, u: float, facing: Direction) -> str:
    """The monster: a purple body pointed toward where it faces, with two eyes looking that way."""
    r = u * 0.42
    body = (f'<path d="M{num(cx + r * 1.12)} {num(cy)} L{num(cx + r * 0.55)} {num(cy - r * 0.8)} '
            f'A{num(r)} {num(r)} 0 1 0 {num(cx + r * 0.55)} {num(cy + r * 0.8)} Z" fill="{MONSTER}" '
            f'stroke="{MONSTER_EDGE}" stroke-width="{num(u * 0.05)}" stroke-linejoin="round"/>')
    eyes = "".join(
        f'<circle cx="{num(cx + r * 0.3)}" cy="{num(cy + side * r * 0.38)}" r="{num(r * 0.24)}" fill="#fff6d5"/>'
        f'<circle cx="{num(cx + r * 0.4)}" cy="{num(cy + side * r * 0.38)}" r="{num(r * 0.11)}" fill="#111111"/>'
        for side in (-1, 1))
    teeth = (f'<path d="M{num(cx - r * 0.5)} {num(cy - r * 0.2)} l{num(r * 0.15)} {num(r * 0.2)} '
             f'l{num(-r * 0.15)} {num(r * 0.2)}" fill="none" stroke="#fff6d5" stroke-width="{num(u * 0.03)}"/>')
    return _rotated(body + eyes + teeth, cx, cy, facing)


def pawn(cx: float, cy: float, u: float, colour: str, seat: int, value: int, black_up: bool) -> str:
    """A pawn: a disc in its player's colour showing its face: a light centre for the white face, a dark one for
    the black face, with the number of steps it may take."""
    disc, rim = pawn_colours(colour, seat)
    r = u * 0.36
    face, ink = ("#1d1a17", "#fffaf0") if black_up else ("#fffaf0", "#1d1a17")
    return (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{esc(disc)}" stroke="{esc(rim)}" stroke-width="{num(u * 0.05)}"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.66)}" fill="{esc(face)}" stroke="{esc(rim)}" '
            f'stroke-width="{num(u * 0.02)}"/>'
            + label(str(value), cx, cy + u * 0.12, u * 0.25, ink, anchor="middle", css_class="face-value"))


def death_mark(cx: float, cy: float, u: float) -> str:
    """A bold cross over a square where a pawn dies, ringed so it shows on any piece."""
    d = u * 0.3
    cross = f"M{num(cx - d)} {num(cy - d)} L{num(cx + d)} {num(cy + d)} M{num(cx + d)} {num(cy - d)} L{num(cx - d)} {num(cy + d)}"
    return (f'<path d="{esc(cross)}" stroke="#ffffff" stroke-width="{num(u * 0.2)}" stroke-linecap="round"/>'
            f'<path d="{esc(cross)}" stroke="{DEATH}" stroke-width="{num(u * 0.12)}" stroke-linecap="round"/>')


def tombstone(x: float, y: float, w: float, text: str, face_up: bool) -> str:
    """A tombstone tile: drawn face up with its label, or face down (grey, blank)."""
    h = w * 1.25
    fill, ink = ("#efe9dc", INK) if face_up else ("#8a8178", "#8a8178")
    shape = (f'<path d="M{num(x)} {num(y + h)} V{num(y + w * 0.5)} A{num(w / 2)} {num(w / 2)} 0 0 1 {num(x + w)} '
             f'{num(y + w * 0.5)} V{num(y + h)} Z" fill="{esc(fill)}" stroke="{STONE_EDGE}" stroke-width="1"/>')
    if not face_up:
        return shape
    if text.startswith("prey"):
        return shape + _crosses(x + w / 2, y + h * 0.6, w, int(text[4:]))
    return shape + label(text, x + w / 2, y + h * 0.72, w * 0.34, ink, anchor="middle", css_class="tile-label")


def _crosses(cx: float, cy: float, w: float, count: int) -> str:
    """A prey tile's mark: one grave cross per pawn the monster must eat."""
    gap = w * 0.3
    parts = []
    for k in range(count):
        x = cx + (k - (count - 1) / 2) * gap
        parts.append(f"M{num(x)} {num(cy - w * 0.22)} V{num(cy + w * 0.22)} M{num(x - w * 0.09)} {num(cy - w * 0.08)} "
                     f"H{num(x + w * 0.09)}")
    return f'<path class="prey-mark" d="{esc(" ".join(parts))}" stroke="{INK}" stroke-width="{num(w * 0.07)}"/>'


def tile_text(tile: str) -> str:
    """A tombstone tile as a picture's label: its steps, or a dagger per pawn a prey tile walks until it has eaten,
    like the grave crosses on the tile itself (``tile_words`` says it in words, for text read aloud).

    >>> tile_text("10"), tile_text("prey1"), tile_text("prey2")
    ('10', '†', '††')
    """
    return "†" * int(tile[4:]) if tile.startswith("prey") else tile


def tile_words(tile: str) -> str:
    """A tombstone tile in words: its steps, or ``prey 2`` for a tile that walks until it has eaten two.

    >>> tile_words("10"), tile_words("prey2")
    ('10', 'prey 2')
    """
    return f"prey {tile[4:]}" if tile.startswith("prey") else tile


def fates(trace: MonsterTrace) -> str:
    """Whom a walk eats and whom it crushes, only the parts that apply: ``eats C, G; crushes F`` (empty for none)."""
    eaten = [ident for step in trace.steps for ident in step.eaten]
    crushed = [ident for step in trace.steps for ident in step.crushed]
    parts = [f"eats {', '.join(eaten)}"] if eaten else []
    parts += [f"crushes {', '.join(crushed)}"] if crushed else []
    return "; ".join(parts)
