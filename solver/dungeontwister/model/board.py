"""The dungeon as a zone graph the user enters: its fixed part (:class:`Board`) and what changes in play (:class:`Layout`).

The aid gives no room card, so the geometry is the user's (ruling DT-GEOMETRY).
A *zone* is a place: rooms turn, their contents move from zone to zone, and
the zones stay where they are. A room lists its zones and how a clockwise
quarter turn permutes them (``turn``); its arrow says which way it turns.
What lies between two zones is a *boundary*; it is made of one or two
*halves*:

- inside a room, a boundary belongs to the room (it turns with it);
- on a room's rim, each room may give its own half as a *port* of its
  ``rim``, listed clockwise (a quarter turn moves each half a quarter of the
  way round: ``len(rim) / 4`` ports on);
- any other boundary (a start zone's, or one between rooms without a rim) is
  fixed in place.

Two halves make one boundary (:func:`combine`): two walls are a double wall, a
wall and anything a wall, and so on. A start zone belongs to a player; a
character standing on it faces one of the zones it is linked to. Lines of
sight are lists of zones the user enters as straight.

Zones, halves and rooms are numbered in the order the board lists them, so a
layout is a few tuples (hashable, cheap to copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Edge(StrEnum):
    """What a boundary (or one half of it) is."""

    OPEN = "open"
    WALL = "wall"
    DOUBLE_WALL = "double_wall"
    BROKEN_WALL = "broken_wall"
    PORTCULLIS_OPEN = "portcullis_open"
    PORTCULLIS_CLOSED = "portcullis_closed"
    PORTCULLIS_BROKEN = "portcullis_broken"
    ARROW_SLIT = "arrow_slit"


WALLS = frozenset({Edge.WALL, Edge.DOUBLE_WALL})
PORTCULLISES = frozenset({Edge.PORTCULLIS_OPEN, Edge.PORTCULLIS_CLOSED})
"""Portcullises a key or a lockpick turns (a broken one stays broken)."""
PASSABLE = frozenset({Edge.OPEN, Edge.BROKEN_WALL, Edge.PORTCULLIS_OPEN, Edge.PORTCULLIS_BROKEN})
"""What any character moves across (the aid: an open portcullis; a broken wall or portcullis is no obstacle)."""
SIGHT_BLOCKERS = frozenset({Edge.WALL, Edge.DOUBLE_WALL, Edge.PORTCULLIS_CLOSED})
"""What stops sight outright (an arrow slit stops it too, except for a character next to it)."""

_RANK = (Edge.WALL, Edge.ARROW_SLIT, Edge.PORTCULLIS_CLOSED, Edge.PORTCULLIS_OPEN, Edge.PORTCULLIS_BROKEN, Edge.BROKEN_WALL,
         Edge.OPEN)
"""Two halves make the boundary of the one that blocks more (earlier here); two walls make a double wall."""


def combine(halves: tuple[Edge, ...]) -> Edge:
    """The boundary two halves make.

    >>> combine((Edge.WALL, Edge.WALL)), combine((Edge.OPEN, Edge.PORTCULLIS_CLOSED)), combine((Edge.OPEN,))
    (<Edge.DOUBLE_WALL: 'double_wall'>, <Edge.PORTCULLIS_CLOSED: 'portcullis_closed'>, <Edge.OPEN: 'open'>)
    """
    walls = sum(1 for h in halves if h in WALLS) + sum(1 for h in halves if h is Edge.DOUBLE_WALL)
    if walls >= 2:
        return Edge.DOUBLE_WALL
    if walls == 1:
        return Edge.WALL
    return min(halves, key=_RANK.index)


class Arrow(StrEnum):
    CW = "cw"
    CCW = "ccw"


@dataclass(frozen=True)
class Port:
    """One place on a room's rim: the room's zone and the zone beyond (None: nothing, the dungeon's edge)."""

    zone: str
    to: str | None


@dataclass(frozen=True)
class Room:
    ident: str
    colour: str
    arrow: Arrow
    zones: tuple[str, ...]
    turn: tuple[tuple[str, str], ...]
    """A clockwise quarter turn: each zone and the zone its contents go to."""
    rim: tuple[Port, ...] = ()
    """The room's own halves on its rim, clockwise; empty when its rim boundaries are fixed."""
    at: tuple[int, int] | None = None
    """Where the picture draws it (columns and rows of rooms); None: laid out in a row."""
    cells: tuple[tuple[int, int], ...] = ()
    """Where the picture draws each zone in the room (column, row), in ``zones`` order; empty: a square grid."""


@dataclass(frozen=True)
class StartZone:
    ident: str
    player: int
    at: tuple[int, int] | None = None


class HalfOwner(StrEnum):
    ROOM = "room"
    """Inside a room: turns with it."""
    RIM = "rim"
    """A room's half on its rim: turns along the rim."""
    FIXED = "fixed"


@dataclass(frozen=True)
class Half:
    pair: frozenset[str]
    """The two zones it lies between (one zone for a rim port on the dungeon's edge)."""
    owner: HalfOwner
    room: int
    """The room it belongs to (-1 for a fixed half)."""
    port: int = -1
    """Its index in the room's rim (RIM only)."""


@dataclass(frozen=True, eq=False)
class Board:
    """The fixed part of a dungeon (compared by identity: every position of one game shares its board)."""

    rooms: tuple[Room, ...]
    start_zones: tuple[StartZone, ...]
    halves: tuple[Half, ...]
    lines: tuple[tuple[str, ...], ...]
    room_of: dict[str, int] = field(default_factory=dict)
    """Each room zone's room."""
    start_of: dict[str, StartZone] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each zone's linked zones (sorted)."""
    halves_of: dict[frozenset[str], tuple[int, ...]] = field(default_factory=dict)
    rotations: dict[tuple[int, int], tuple[dict[str, str], dict[int, int]]] = field(default_factory=dict)
    twins: dict[int, int] = field(default_factory=dict)
    """(room, +1 clockwise or -1) -> the zone map and the half map of that quarter turn."""

    @staticmethod
    def build(rooms: tuple[Room, ...], start_zones: tuple[StartZone, ...], halves: tuple[Half, ...],
              lines: tuple[tuple[str, ...], ...]) -> Board:
        board = Board(rooms, start_zones, halves, lines)
        for index, room in enumerate(rooms):
            for zone in room.zones:
                board.room_of[zone] = index
        for start in start_zones:
            board.start_of[start.ident] = start
        pairs: dict[frozenset[str], list[int]] = {}
        for index, half in enumerate(halves):
            if len(half.pair) == 2:  # a rim port on the dungeon's edge has one zone: it turns, but links nothing
                pairs.setdefault(half.pair, []).append(index)
        board.halves_of.update({pair: tuple(indices) for pair, indices in pairs.items()})
        linked: dict[str, set[str]] = {}
        for pair in pairs:
            a, b = sorted(pair)
            linked.setdefault(a, set()).add(b)
            linked.setdefault(b, set()).add(a)
        board.neighbours.update({zone: tuple(sorted(others)) for zone, others in linked.items()})
        for index, room in enumerate(rooms):
            twin = next((i for i, r in enumerate(rooms) if r.colour == room.colour and i != index), None)
            if twin is not None:
                board.twins[index] = twin
            for direction in (1, -1):
                board.rotations[index, direction] = board._rotation(index, direction)
        return board

    def _rotation(self, index: int, direction: int) -> tuple[dict[str, str], dict[int, int]]:
        room = self.rooms[index]
        clockwise = dict(room.turn)
        zone_map = clockwise if direction == 1 else {after: before for before, after in clockwise.items()}
        half_map: dict[int, int] = {}
        quarter = len(room.rim) // 4 if room.rim else 0
        by_port = {h.port: i for i, h in enumerate(self.halves) if h.owner is HalfOwner.RIM and h.room == index}
        for i, half in enumerate(self.halves):
            if half.room != index:
                continue
            if half.owner is HalfOwner.ROOM:
                moved = frozenset(zone_map[z] for z in half.pair)
                half_map[i] = next(j for j in self.halves_of[moved] if self.halves[j].owner is HalfOwner.ROOM)
            elif half.owner is HalfOwner.RIM:
                half_map[i] = by_port[(half.port + direction * quarter) % len(room.rim)]
        return zone_map, half_map

    # -- looking things up -----------------------------------------------------------------------------------------
    def room(self, ident: str) -> int | None:
        for index, room in enumerate(self.rooms):
            if room.ident == ident:
                return index
        return None

    def twin(self, index: int) -> int | None:
        """The other room of the same colour, if any."""
        return self.twins.get(index)

    def is_start(self, zone: str) -> bool:
        return zone in self.start_of

    def linked(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.halves_of

    def zones(self) -> tuple[str, ...]:
        """Every room zone, room by room, then the start zones."""
        return tuple(z for r in self.rooms for z in r.zones) + tuple(s.ident for s in self.start_zones)

    def start_zones_of(self, player: int) -> tuple[str, ...]:
        return tuple(s.ident for s in self.start_zones if s.player == player)


@dataclass(frozen=True, slots=True)
class Layout:
    """What changes in play: each room's orientation and whether it is revealed, the pits and mechanisms by zone,
    and every boundary half."""

    orientation: tuple[int, ...]
    revealed: tuple[bool, ...]
    pits: frozenset[str]
    mechanisms: frozenset[str]
    halves: tuple[Edge, ...]

    def edge(self, board: Board, a: str, b: str) -> Edge | None:
        """The boundary between zones ``a`` and ``b``, None when they are not linked."""
        indices = board.halves_of.get(frozenset((a, b)))
        if indices is None:
            return None
        if len(indices) == 1:
            return self.halves[indices[0]]
        return combine(tuple(self.halves[i] for i in indices))

    def hidden(self, board: Board, zone: str) -> bool:
        """Whether ``zone`` lies in a face-down room."""
        room = board.room_of.get(zone)
        return room is not None and not self.revealed[room]

    def rotated(self, board: Board, room: int, direction: int) -> tuple[Layout, dict[str, str]]:
        """The layout after a quarter turn of ``room`` (+1 clockwise, -1 the other way), and where each of its zones'
        contents went."""
        zone_map, half_map = board.rotations[room, direction]
        halves = list(self.halves)
        for before, after in half_map.items():
            halves[after] = self.halves[before]
        moved = {zone_map.get(z, z) for z in self.pits}, {zone_map.get(z, z) for z in self.mechanisms}
        orientation = list(self.orientation)
        orientation[room] = (orientation[room] + direction) % 4
        layout = Layout(tuple(orientation), self.revealed, frozenset(moved[0]), frozenset(moved[1]), tuple(halves))
        return layout, zone_map

    def with_halves(self, changes: dict[int, Edge]) -> Layout:
        halves = list(self.halves)
        for index, edge in changes.items():
            halves[index] = edge
        return Layout(self.orientation, self.revealed, self.pits, self.mechanisms, tuple(halves))

    def with_revealed(self, room: int) -> Layout:
        revealed = list(self.revealed)
        revealed[room] = True
        return Layout(self.orientation, tuple(revealed), self.pits, self.mechanisms, self.halves)
