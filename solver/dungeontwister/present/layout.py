"""Where the picture puts each room, zone and start zone, and the short codes it writes on pieces.

Rooms stand where the user's ``at`` says (columns and rows of rooms), or in a
row in the order given; a room's zones in its ``cells`` (column and row inside
the room), or in a square grid. Start zones stand at their ``at``, or in a
column left of the rooms (the first player's) and right of them (the
other's). Positions are in picture units; the same position gives the same
picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from solver.dungeontwister.model.board import Board
from solver.dungeontwister.model.catalogue import Kind, ObjectKind

CELL = 84.0
GAP = 30.0
"""Between two rooms: room for the boundary between them to be drawn."""

KIND_CODES: dict[Kind, str] = {
    Kind.ASSASSIN: "Asn", Kind.TRAITRESS: "Trs", Kind.BERSERKER: "Ber", Kind.CLERIC: "Clr", Kind.COLOSSUS: "Col",
    Kind.CROSSBOWMAN: "Xbw", Kind.DARK_ANGEL: "Ang", Kind.ELF_LIGHTNING: "Elf", Kind.GENERAL: "Gen", Kind.GHOST: "Gho",
    Kind.GOBLIN: "Gob", Kind.GOLEM: "Glm", Kind.MECHANORK: "Mec", Kind.SNAKE_MAN: "Snk", Kind.PALADIN: "Pal",
    Kind.PICKPOCKET: "Pkt", Kind.SAMURAI: "Sam", Kind.WIZARD: "Wiz", Kind.TELEKINETIC: "Tlk", Kind.TELEPATH: "Tlp",
    Kind.THIEF: "Thf", Kind.TROLL: "Trl", Kind.WALL_WALKER: "Wlk", Kind.WARRIOR: "War", Kind.WEAPON_MASTER: "WMs",
}
"""Three letters a character disc shows (the legend names them)."""
OBJECT_CODES: dict[ObjectKind, str] = {
    ObjectKind.ARMOUR: "Ar", ObjectKind.BOW: "Bo", ObjectKind.KEY: "Ke", ObjectKind.FIREBALL_SCROLL: "Fb",
    ObjectKind.GREAT_SHIELD: "Sh", ObjectKind.ROPE: "Ro", ObjectKind.INVERSION_SCROLL: "In", ObjectKind.SWORD: "Sw",
    ObjectKind.TREASURE: "Tr", ObjectKind.TELESCOPIC_LANCE: "La",
}
assert len(set(KIND_CODES.values())) == len(Kind) and len(set(OBJECT_CODES.values())) == len(ObjectKind)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Plan:
    """Every zone's and room's rectangle, and the whole drawing's size."""

    zones: dict[str, Rect]
    rooms: dict[str, Rect]
    width: float
    height: float


def _cells(count: int, given: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    if len(given) == count:
        return list(given)
    side = max(1, math.ceil(math.sqrt(count)))
    return [(i % side, i // side) for i in range(count)]


def plan(board: Board, left: float, top: float) -> Plan:
    """Lay the board out with its top-left corner at (``left``, ``top``)."""
    cells = {room.ident: _cells(len(room.zones), room.cells) for room in board.rooms}
    columns = max((c for cs in cells.values() for c, _ in cs), default=0) + 1
    rows = max((r for cs in cells.values() for _, r in cs), default=0) + 1
    slot_w, slot_h = columns * CELL, rows * CELL
    placed = all(room.at is not None for room in board.rooms)
    spots: dict[str, tuple[int, int]] = {}
    for index, room in enumerate(board.rooms):
        spots[room.ident] = room.at if placed and room.at is not None else (index + 1, 0)
    room_columns = [c for c, _ in spots.values()] or [1]
    first, last = min(room_columns), max(room_columns)
    starts: dict[str, tuple[int, int]] = {}
    counts = [0, 0]
    for start in board.start_zones:
        if start.at is not None:
            starts[start.ident] = start.at
        else:
            starts[start.ident] = (first - 1 if start.player == 0 else last + 1, counts[start.player])
            counts[start.player] += 1
    every = list(spots.values()) + list(starts.values())
    min_c, min_r = min(c for c, _ in every), min(r for _, r in every)
    zones: dict[str, Rect] = {}
    rooms: dict[str, Rect] = {}
    for room in board.rooms:
        c, r = spots[room.ident]
        x, y = left + (c - min_c) * (slot_w + GAP), top + (r - min_r) * (slot_h + GAP)
        rooms[room.ident] = Rect(x, y, slot_w, slot_h)
        for zone, (zc, zr) in zip(room.zones, cells[room.ident]):
            zones[zone] = Rect(x + zc * CELL, y + zr * CELL, CELL, CELL)
    for ident, (c, r) in starts.items():
        x, y = left + (c - min_c) * (slot_w + GAP), top + (r - min_r) * (slot_h + GAP)
        # A start zone stands against the rooms: at the right of its slot left of them, at the left right of them.
        shift = slot_w - CELL if c < first else 0.0 if c > last else (slot_w - CELL) / 2
        zones[ident] = Rect(x + shift, y, CELL, slot_h)
    width = max((z.x + z.w for z in zones.values()), default=left) - left
    height = max((z.y + z.h for z in zones.values()), default=top) - top
    return Plan(zones, rooms, width, height)


def shared_edge(a: Rect, b: Rect) -> tuple[float, float, float, float] | None:
    """The segment where two rectangles meet, or face each other across a gap (its middle); None otherwise."""
    overlap_y = (max(a.y, b.y), min(a.y + a.h, b.y + b.h))
    overlap_x = (max(a.x, b.x), min(a.x + a.w, b.x + b.w))
    if overlap_y[1] - overlap_y[0] > 1:
        gap = b.x - (a.x + a.w) if b.x >= a.x + a.w - 0.5 else a.x - (b.x + b.w) if a.x >= b.x + b.w - 0.5 else None
        if gap is not None and gap <= GAP + 0.5:
            x = (a.x + a.w + b.x) / 2 if b.x >= a.x else (b.x + b.w + a.x) / 2
            return x, overlap_y[0], x, overlap_y[1]
    if overlap_x[1] - overlap_x[0] > 1:
        gap = b.y - (a.y + a.h) if b.y >= a.y + a.h - 0.5 else a.y - (b.y + b.h) if a.y >= b.y + b.h - 0.5 else None
        if gap is not None and gap <= GAP + 0.5:
            y = (a.y + a.h + b.y) / 2 if b.y >= a.y else (b.y + b.h + a.y) / 2
            return overlap_x[0], y, overlap_x[1], y
    return None


Segment = tuple[float, float, float, float]


def rim_segments(board: Board, room_index: int, zones: dict[str, Rect]) -> list[Segment | None]:
    """Where each port of a room's rim is drawn: the outer sides of its zones' cells, in clockwise order, matched to
    the rim's order (None for every port when the rim does not go round the drawing that way)."""
    room = board.rooms[room_index]
    if not room.rim:
        return []
    rects = [zones[z] for z in room.zones]
    sides: list[tuple[float, str, Segment]] = []
    cx = sum(r.x + r.w / 2 for r in rects) / len(rects)
    cy = sum(r.y + r.h / 2 for r in rects) / len(rects)
    for zone, r in zip(room.zones, rects):
        for seg in ((r.x, r.y, r.x + r.w, r.y), (r.x + r.w, r.y, r.x + r.w, r.y + r.h),
                    (r.x, r.y + r.h, r.x + r.w, r.y + r.h), (r.x, r.y, r.x, r.y + r.h)):
            mx, my = (seg[0] + seg[2]) / 2, (seg[1] + seg[3]) / 2
            inside = any(other is not r and other.x - 0.5 <= mx <= other.x + other.w + 0.5
                         and other.y - 0.5 <= my <= other.y + other.h + 0.5 for other in rects)
            if not inside:
                # Clockwise from the top-left corner, y pointing down.
                angle = (math.degrees(math.atan2(my - cy, mx - cx)) + 135) % 360
                sides.append((angle, zone, seg))
    sides.sort(key=lambda side: side[0])
    if len(sides) != len(room.rim):
        return [None] * len(room.rim)
    for offset in range(len(sides)):
        if all(room.rim[(i + offset) % len(sides)].zone == sides[i][1] for i in range(len(sides))):
            placed: list[Segment | None] = [None] * len(sides)
            for i, side in enumerate(sides):
                placed[(i + offset) % len(sides)] = side[2]
            return placed
    return [None] * len(room.rim)
