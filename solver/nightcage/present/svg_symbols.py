"""The symbols of the board picture's pieces, drawn with plain SVG shapes.

Each function draws one piece centred on ``(cx, cy)`` within radius ``r`` and
returns a ``<g>`` whose class names the piece (``piece-gate``, ``piece-keeper``…),
so the board and its legend share one drawing and tests can find the pieces.
The silhouettes differ (arched door, round biter, open mouth, diamond, eye,
warning triangle, hole, note) so they read apart even in black and white.
"""

from __future__ import annotations

import math

from solver.base.svg.markup import esc
from solver.base.svg.style import INK, INK_SOFT, num
from solver.nightcage.model.grid import Dir, E, N, S, W
from solver.nightcage.present.svg_style import FLOOR, KEY_EDGE, KEY_GOLD, PIT_RIM, VOID

_FACING_ANGLE = {E: 0.0, S: 90.0, W: 180.0, N: 270.0}
"""SVG angles (degrees, y pointing down) of the four directions."""


def _pt(cx: float, cy: float, angle: float, radius: float) -> str:
    a = math.radians(angle)
    return f"{num(cx + radius * math.cos(a))} {num(cy + radius * math.sin(a))}"


def start_mark(cx: float, cy: float, r: float) -> str:
    """The start tile: a ring with a dot, where a prisoner entered the labyrinth."""
    return (f'<g class="piece-start"><circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.5)}" fill="none" '
            f'stroke="#7b6442" stroke-width="{num(r * 0.14)}"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.16)}" fill="#7b6442"/></g>')


def key_mark(cx: float, cy: float, r: float, taken: bool = False) -> str:
    """A key lying on its tile (gold), or the outline left once it is taken."""
    fill, edge, hole = (KEY_GOLD, KEY_EDGE, FLOOR) if not taken else ("none", INK_SOFT, "none")
    dash = f' stroke-dasharray="{num(r * 0.12)} {num(r * 0.08)}"' if taken else ""
    cls = "piece-key key-taken" if taken else "piece-key"
    bx = cx - r * 0.42
    w = num(r * 0.09)
    shaft = (f"M{num(bx + r * 0.3)} {num(cy - r * 0.09)} H{num(cx + r * 0.78)} V{num(cy + r * 0.09)} "
             f"H{num(cx + r * 0.68)} V{num(cy + r * 0.36)} H{num(cx + r * 0.52)} V{num(cy + r * 0.09)} "
             f"H{num(cx + r * 0.38)} V{num(cy + r * 0.28)} H{num(cx + r * 0.24)} V{num(cy + r * 0.09)} "
             f"H{num(bx + r * 0.3)} Z")
    return (f'<g class="{esc(cls)}" stroke="{esc(edge)}" stroke-width="{esc(w)}" stroke-linejoin="round"{dash}>'
            f'<path d="{esc(shaft)}" fill="{esc(fill)}"/>'
            f'<circle cx="{num(bx)}" cy="{num(cy)}" r="{num(r * 0.34)}" fill="{esc(fill)}"/>'
            f'<circle cx="{num(bx)}" cy="{num(cy)}" r="{num(r * 0.12)}" fill="{esc(hole)}"/></g>')


def gate_mark(cx: float, cy: float, r: float) -> str:
    """The gate: an arched door with a portcullis."""
    left, right = cx - r * 0.58, cx + r * 0.58
    top, bottom = cy - r * 0.12, cy + r * 0.75
    arch = (f"M{num(left)} {num(bottom)} V{num(top)} A{num(r * 0.58)} {num(r * 0.58)} 0 0 1 {num(right)} "
            f"{num(top)} V{num(bottom)} Z")
    bars = "".join(
        f'<line x1="{num(cx + dx * r)}" y1="{num(cy - r * (0.62 if dx == 0 else 0.4))}" '
        f'x2="{num(cx + dx * r)}" y2="{num(bottom)}"/>' for dx in (-0.3, 0.0, 0.3))
    cross = f'<line x1="{num(left)}" y1="{num(cy + r * 0.2)}" x2="{num(right)}" y2="{num(cy + r * 0.2)}"/>'
    return (f'<g class="piece-gate"><path d="{esc(arch)}" fill="#4a2f17" stroke="#1f130a" stroke-width="{num(r * 0.1)}"/>'
            f'<g stroke="#d8b46e" stroke-width="{num(r * 0.09)}">{bars}{cross}</g></g>')


def wax_eater_mark(cx: float, cy: float, r: float) -> str:
    """The wax eater: a round red biter with a row of teeth and two eyes."""
    teeth = " ".join(f"{num(cx + r * (-0.5 + 0.125 * i))} {num(cy + r * (0.1 if i % 2 == 0 else 0.38))}"
                     for i in range(9))
    return (f'<g class="piece-wax-eater"><circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.74)}" fill="#b3261e" '
            f'stroke="#4d0d09" stroke-width="{num(r * 0.09)}"/>'
            f'<polyline points="{esc(teeth)}" fill="none" stroke="#fff6e0" stroke-width="{num(r * 0.1)}" '
            f'stroke-linejoin="miter"/>'
            f'<circle cx="{num(cx - r * 0.28)}" cy="{num(cy - r * 0.28)}" r="{num(r * 0.12)}" fill="#ffe27a"/>'
            f'<circle cx="{num(cx + r * 0.28)}" cy="{num(cy - r * 0.28)}" r="{num(r * 0.12)}" fill="#ffe27a"/></g>')


def keeper_mark(cx: float, cy: float, r: float, facing: Dir) -> str:
    """The keeper: an orange head whose open mouth faces the way it watches."""
    angle = _FACING_ANGLE.get(facing, 0.0)
    radius = r * 0.76
    head = (f"M{num(cx)} {num(cy)} L{_pt(cx, cy, angle + 38, radius)} "
            f"A{num(radius)} {num(radius)} 0 1 1 {_pt(cx, cy, angle - 38, radius)} Z")
    eye = _pt(cx, cy, angle - 75, radius * 0.5).split()
    tooth = (f"M{_pt(cx, cy, angle + 30, radius * 0.95)} L{_pt(cx, cy, angle + 14, radius * 0.62)} "
             f"L{_pt(cx, cy, angle + 36, radius * 0.62)} Z M{_pt(cx, cy, angle - 30, radius * 0.95)} "
             f"L{_pt(cx, cy, angle - 14, radius * 0.62)} L{_pt(cx, cy, angle - 36, radius * 0.62)} Z")
    return (f'<g class="piece-keeper" data-facing="{esc("NESW"[(N, E, S, W).index(facing)] if facing else "-")}">'
            f'<path d="{esc(head)}" fill="#d9731f" stroke="#5a2a06" stroke-width="{num(r * 0.09)}" stroke-linejoin="round"/>'
            f'<path d="{esc(tooth)}" fill="#fff6e0"/>'
            f'<circle cx="{esc(eye[0])}" cy="{esc(eye[1])}" r="{num(r * 0.12)}" fill="#2a1204"/></g>')


def pit_fiend_mark(cx: float, cy: float, r: float) -> str:
    """The pit fiend: a violet diamond with horns, whose power runs along the diagonals."""
    d = r * 0.8
    diamond = (f"M{num(cx)} {num(cy - d)} L{num(cx + d)} {num(cy)} L{num(cx)} {num(cy + d)} "
               f"L{num(cx - d)} {num(cy)} Z")
    horns = (f"M{num(cx - d * 0.35)} {num(cy - d * 0.62)} L{num(cx - d * 0.55)} {num(cy - d * 1.05)} "
             f"L{num(cx - d * 0.15)} {num(cy - d * 0.82)} Z M{num(cx + d * 0.35)} {num(cy - d * 0.62)} "
             f"L{num(cx + d * 0.55)} {num(cy - d * 1.05)} L{num(cx + d * 0.15)} {num(cy - d * 0.82)} Z")
    eyes = "".join(
        f'<path d="M{num(cx + s * d * 0.1)} {num(cy - d * 0.12)} L{num(cx + s * d * 0.45)} {num(cy - d * 0.22)} '
        f'L{num(cx + s * d * 0.3)} {num(cy + d * 0.02)} Z" fill="#ffd84a"/>' for s in (-1, 1))
    return (f'<g class="piece-pit-fiend"><path d="{esc(horns)}" fill="#3a1552"/>'
            f'<path d="{esc(diamond)}" fill="#6a2d93" stroke="#2a0f3d" stroke-width="{num(r * 0.09)}"/>{eyes}</g>')


def pathless_mark(cx: float, cy: float, r: float) -> str:
    """The pathless: a staring eye on bare rock, with ticks along its row and file."""
    w, h = r * 0.78, r * 0.42
    almond = (f"M{num(cx - w)} {num(cy)} Q{num(cx)} {num(cy - h * 2)} {num(cx + w)} {num(cy)} "
              f"Q{num(cx)} {num(cy + h * 2)} {num(cx - w)} {num(cy)} Z")
    ticks = "".join(
        f'<path d="M{esc(_pt(cx, cy, a, r * 0.98))} L{esc(_pt(cx, cy, a - 12, r * 1.2))} L{esc(_pt(cx, cy, a + 12, r * 1.2))} Z"/>'
        for a in (0, 90, 180, 270))
    return (f'<g class="piece-pathless"><g fill="#79c2a6">{ticks}</g>'
            f'<path d="{esc(almond)}" fill="#e9f3ee" stroke="#1f5b47" stroke-width="{num(r * 0.1)}"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.26)}" fill="#1f7a5c"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.11)}" fill="#0b1f18"/></g>')


def omen_mark(cx: float, cy: float, r: float) -> str:
    """The omen: an indigo warning triangle (the Dirge follows the second one)."""
    top, base, half = cy - r * 0.78, cy + r * 0.6, r * 0.8
    tri = f"M{num(cx)} {num(top)} L{num(cx + half)} {num(base)} L{num(cx - half)} {num(base)} Z"
    return (f'<g class="piece-omen"><path d="{esc(tri)}" fill="#3b4cb0" stroke="#141c4d" stroke-width="{num(r * 0.09)}" '
            f'stroke-linejoin="round"/>'
            f'<rect x="{num(cx - r * 0.08)}" y="{num(cy - r * 0.35)}" width="{num(r * 0.16)}" height="{num(r * 0.5)}" '
            f'fill="#f3f0ff"/><circle cx="{num(cx)}" cy="{num(cy + r * 0.34)}" r="{num(r * 0.09)}" fill="#f3f0ff"/></g>')


def pit_mark(cx: float, cy: float, r: float) -> str:
    """A pit: a dark hole in the rock."""
    return (f'<g class="pit"><ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(r * 0.95)}" ry="{num(r * 0.85)}" '
            f'fill="{VOID}" stroke="{PIT_RIM}" stroke-width="{num(r * 0.12)}"/>'
            f'<ellipse cx="{num(cx)}" cy="{num(cy + r * 0.1)}" rx="{num(r * 0.6)}" ry="{num(r * 0.5)}" fill="#000"/></g>')


def dirge_mark(cx: float, cy: float, r: float) -> str:
    """A cell of the Dirge's pit: a musical note (a dirge is a funeral song)."""
    head_x, head_y = cx - r * 0.22, cy + r * 0.4
    stem_x = head_x + r * 0.26
    return (f'<g class="piece-dirge"><ellipse cx="{num(head_x)}" cy="{num(head_y)}" rx="{num(r * 0.3)}" '
            f'ry="{num(r * 0.21)}" transform="rotate(-20 {num(head_x)} {num(head_y)})" fill="#a58bd0"/>'
            f'<path d="M{num(stem_x)} {num(head_y)} V{num(cy - r * 0.6)} Q{num(stem_x + r * 0.1)} '
            f'{num(cy - r * 0.25)} {num(stem_x + r * 0.45)} {num(cy - r * 0.1)}" fill="none" stroke="#a58bd0" '
            f'stroke-width="{num(r * 0.1)}" stroke-linecap="round"/></g>')


def flame(cx: float, cy: float, h: float) -> str:
    """A candle flame of height ``h``, its base at ``(cx, cy)``."""
    outer = (f"M{num(cx)} {num(cy)} C{num(cx - h * 0.42)} {num(cy - h * 0.05)} {num(cx - h * 0.3)} "
             f"{num(cy - h * 0.55)} {num(cx)} {num(cy - h)} C{num(cx + h * 0.3)} {num(cy - h * 0.55)} "
             f"{num(cx + h * 0.42)} {num(cy - h * 0.05)} {num(cx)} {num(cy)} Z")
    inner = (f"M{num(cx)} {num(cy - h * 0.08)} C{num(cx - h * 0.2)} {num(cy - h * 0.1)} {num(cx - h * 0.12)} "
             f"{num(cy - h * 0.4)} {num(cx)} {num(cy - h * 0.6)} C{num(cx + h * 0.12)} {num(cy - h * 0.4)} "
             f"{num(cx + h * 0.2)} {num(cy - h * 0.1)} {num(cx)} {num(cy - h * 0.08)} Z")
    return (f'<g class="flame"><path d="{esc(outer)}" fill="#ffb01f" stroke="#a04a00" stroke-width="{num(h * 0.06)}"/>'
            f'<path d="{esc(inner)}" fill="#fff3b0"/></g>')


def snuffed(cx: float, cy: float, h: float) -> str:
    """A candle whose light is out: a dark wick with a curl of smoke."""
    smoke = (f"M{num(cx)} {num(cy - h * 0.2)} C{num(cx - h * 0.35)} {num(cy - h * 0.45)} {num(cx + h * 0.35)} "
             f"{num(cy - h * 0.6)} {num(cx)} {num(cy - h)}")
    return (f'<g class="snuffed"><path d="{esc(smoke)}" fill="none" stroke="#ece6da" stroke-width="{num(h * 0.12)}" '
            f'stroke-linecap="round"/><line x1="{num(cx)}" y1="{num(cy)}" x2="{num(cx)}" y2="{num(cy - h * 0.25)}" '
            f'stroke="{INK}" stroke-width="{num(h * 0.12)}" stroke-linecap="round"/></g>')
