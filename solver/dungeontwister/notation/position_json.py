"""The position form ``lueur-dt-position/1``: reading a decoded JSON (or TOML) document, every problem located.

docs/dungeon-twister.md describes every field. The bounds below are checked
before anything is built; reading goes on after a problem, so that a file's
every problem is reported at once, each with its field path
(``rooms[1].zones[0].pit``, ``characters[2].at``) and what would be valid.
The checks across fields (one room per zone, the golden rules, who carries
what) are :mod:`solver.dungeontwister.model.checks`.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.fields import Reader, shown
from solver.dungeontwister.model.board import Arrow, Board, Edge, Half, HalfOwner, Layout, Port, Room, StartZone
from solver.dungeontwister.model.catalogue import CatalogueError, character_kind, object_kind
from solver.dungeontwister.model.checks import position_problems
from solver.dungeontwister.model.rulings import DEFAULT, SWITCH_NAMES, Rulings
from solver.dungeontwister.model.state import MAX_AP, Character, Item, Place, Player, Position

FORMAT = "lueur-dt-position/1"
FIELDS = ("format", "players", "to_move", "target_vp", "rooms", "start_zones", "boundaries", "lines", "characters", "objects",
          "rulings", "meta")
PLAYER_FIELDS = ("name", "ap", "jump_cards", "combat_cards", "vp")
ROOM_FIELDS = ("id", "colour", "arrow", "orientation", "revealed", "zones", "turn", "rim", "at")
ZONE_FIELDS = ("id", "pit", "mechanism", "cell")
PORT_FIELDS = ("zone", "to", "kind")
START_FIELDS = ("id", "player", "at")
BOUNDARY_FIELDS = ("between", "kind")
CHARACTER_FIELDS = ("id", "kind", "owner", "at", "facing", "wounded", "wounded_this_turn", "carrying", "entered_from", "shot",
                    "free_melee", "resting", "walls_broken")
OBJECT_FIELDS = ("id", "kind", "owner", "at")
EDGES = tuple(e.value for e in Edge)
ARROWS = tuple(a.value for a in Arrow)

MAX_ROOMS = 32
MAX_ZONES_PER_ROOM = 16
MAX_START_ZONES = 8
MAX_BOUNDARIES = 2_000
MAX_LINES = 200
MAX_LINE_ZONES = 64
MAX_CHARACTERS = 50
"""The 25 characters, for each player."""
MAX_OBJECTS = 40
MAX_HAND = 20
MAX_CARD = 99
MAX_JUMP_CARDS = 20
MAX_VP = 99
MAX_DRAWING = 64
"""Where a room or zone is drawn: 0 to 64 in each direction."""
IDENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,39}$")
"""Ids and player names: a letter or digit, then letters, digits, ``_ . -``; 40 at most (they stand in the action notation)."""
RESERVED = frozenset({"dead", "escaped", "carried", "gone", "out", "by", "cards", "name", "place", "with", "cw", "ccw"})
"""Words the ``at`` field and the action notation use: never an id."""
BESIDE = "beside:"


def read(document: Any) -> Position:
    """The position of a decoded document; raises :class:`PositionError` listing every problem with its place."""
    reader = Reader()
    position = _Read(reader).document(document)
    if reader.problems or position is None:
        raise PositionError(reader.problems or [Problem("", "not a position")])
    problems = position_problems(position)
    if problems:
        raise PositionError(problems)
    reached = [index for index, player in enumerate(position.players) if player.vp >= position.target_vp]
    return replace(position, winner=reached[0]) if reached else position


class _Read:
    def __init__(self, reader: Reader) -> None:
        self.r = reader
        self.names: list[str] = []

    # -- small readers ---------------------------------------------------------------------------------------------
    def ident(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str) or not IDENT.match(value) or value in RESERVED:
            reserved = f" ({value!r} is a reserved word)" if isinstance(value, str) and value in RESERVED else ""
            self.r.problem(path, f"{shown(value)} is not an id{reserved}: 1 to 40 letters, digits, '_', '.' or '-', starting "
                                 "with a letter or digit")
            return None
        return value

    def flag(self, obj: dict[str, Any], key: str, path: str) -> bool:
        value = self.r.boolean(obj.get(key, False), f"{path}.{key}")
        return bool(value)

    def bounded_list(self, value: Any, path: str, most: int, what: str) -> list[Any]:
        items = self.r.list(value, path)
        if items is None:
            return []
        if len(items) > most:
            self.r.problem(path, f"{len(items):,} {what}: at most {most}")
            return []
        return items

    def point(self, value: Any, path: str) -> tuple[int, int] | None:
        items = self.r.list(value, path)
        if items is None:
            return None
        if len(items) != 2:
            self.r.problem(path, f"a point is [column, row], got {len(items)} numbers")
            return None
        x = self.r.integer(items[0], f"{path}[0]", 0, MAX_DRAWING)
        y = self.r.integer(items[1], f"{path}[1]", 0, MAX_DRAWING)
        return None if x is None or y is None else (x, y)

    def player(self, value: Any, path: str) -> int | None:
        if isinstance(value, str) and value in self.names:
            return self.names.index(value)
        self.r.problem(path, f"{shown(value)} is not a player: {', '.join(self.names) or 'the players are named in players'}")
        return None

    # -- the document ----------------------------------------------------------------------------------------------
    def document(self, doc: Any) -> Position | None:
        obj = self.r.object(doc, "")
        if obj is None:
            return None
        self.r.unknown_fields(obj, "", FIELDS)
        if obj.get("format") != FORMAT:
            self.r.problem("format", f"expected {json.dumps(FORMAT)}, got {shown(obj.get('format'))}")
        rulings = self.rulings(obj.get("rulings", {}))
        players = self.players(obj.get("players"))
        to_move = self.player(obj.get("to_move"), "to_move") if len(self.names) == 2 else None
        target = self.r.integer(obj.get("target_vp", 5), "target_vp", 1, MAX_VP)
        rooms, pits, mechanisms, room_halves = self.rooms(obj.get("rooms"))
        starts = self.start_zones(obj.get("start_zones", []))
        fixed = self.boundaries(obj.get("boundaries", []), rooms)
        lines = self.lines(obj.get("lines", []))
        characters = self.characters(obj.get("characters", []))
        items = self.objects(obj.get("objects", []))
        if self.r.problems or players is None or to_move is None or target is None:
            return None
        known = {z for r in rooms for z in r.zones} | {s.ident for s in starts}
        self.references(rooms, fixed, lines, known)
        if self.r.problems:
            return None
        halves = [*room_halves, *fixed]
        board = Board.build(tuple(rooms), tuple(starts), tuple(h for h, _ in halves), tuple(lines))
        layout = Layout(tuple(self.orientations), tuple(self.revealed), frozenset(pits), frozenset(mechanisms),
                        tuple(edge for _, edge in halves))
        return Position(board, layout, players, tuple(characters), tuple(items), to_move, target, rulings)

    def rulings(self, value: Any) -> Rulings:
        obj = self.r.object(value, "rulings")
        rulings = DEFAULT
        for key, flag in (obj or {}).items():
            if key not in SWITCH_NAMES:
                self.r.problem(f"rulings.{key}", f"unknown ruling; rulings: {', '.join(SWITCH_NAMES)}")
            elif self.r.boolean(flag, f"rulings.{key}") is not None:
                rulings = rulings.with_switch(key, flag)
        return rulings

    def players(self, value: Any) -> tuple[Player, Player] | None:
        items = self.r.list(value, "players")
        if items is None:
            return None
        if len(items) != 2:
            self.r.problem("players", f"{len(items)} players: the game is for 2")
            return None
        out: list[Player] = []
        for index, item in enumerate(items):
            path = f"players[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, PLAYER_FIELDS)
            name = self.ident(obj.get("name"), f"{path}.name")
            ap = self.r.integer(obj.get("ap", 0), f"{path}.ap", 0, MAX_AP)
            jumps = self.r.integer(obj.get("jump_cards", 3), f"{path}.jump_cards", 0, MAX_JUMP_CARDS)
            vp = self.r.integer(obj.get("vp", 0), f"{path}.vp", 0, MAX_VP)
            cards = self.bounded_list(obj.get("combat_cards"), f"{path}.combat_cards", MAX_HAND, "cards")
            values = [self.r.integer(c, f"{path}.combat_cards[{i}]", 0, MAX_CARD) for i, c in enumerate(cards)]
            if name is not None:
                self.names.append(name)
            if name is not None and ap is not None and jumps is not None and vp is not None and None not in values:
                out.append(Player(name, ap, jumps, tuple(sorted(v for v in values if v is not None)), vp))
        if len(out) != 2:
            return None
        if out[0].name == out[1].name:
            self.r.problem("players[1].name", f"{out[0].name!r} names both players")
            return None
        self.names = [p.name for p in out]
        return out[0], out[1]

    def rooms(self, value: Any) -> tuple[list[Room], set[str], set[str], list[tuple[Half, Edge]]]:
        rooms: list[Room] = []
        pits: set[str] = set()
        mechanisms: set[str] = set()
        halves: list[tuple[Half, Edge]] = []
        self.orientations: list[int] = []
        self.revealed: list[bool] = []
        for index, item in enumerate(self.bounded_list(value, "rooms", MAX_ROOMS, "rooms")):
            path = f"rooms[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, ROOM_FIELDS)
            ident = self.ident(obj.get("id"), f"{path}.id")
            colour = self.ident(obj.get("colour"), f"{path}.colour")
            arrow = self.r.choice(obj.get("arrow"), f"{path}.arrow", ARROWS)
            orientation = self.r.integer(obj.get("orientation", 0), f"{path}.orientation", 0, 3)
            revealed = self.flag(obj, "revealed", path) if "revealed" in obj else True
            zones, cells = self.zones(obj.get("zones"), path, pits, mechanisms)
            turn = self.turn(obj.get("turn"), f"{path}.turn", zones)
            rim = self.rim(obj.get("rim", []), f"{path}.rim", zones, turn, len(rooms))
            at = self.point(obj["at"], f"{path}.at") if "at" in obj else None
            if None in (ident, colour, arrow, orientation, turn, rim) or not zones:
                continue
            assert ident is not None and colour is not None and arrow is not None and orientation is not None
            assert turn is not None and rim is not None
            ports, port_halves = rim
            rooms.append(Room(ident, colour, Arrow(arrow), tuple(zones), tuple(sorted(turn.items())), tuple(ports), at,
                              tuple(cells) if len(cells) == len(zones) else ()))
            halves += port_halves
            self.orientations.append(orientation)
            self.revealed.append(revealed)
        return rooms, pits, mechanisms, halves

    def zones(self, value: Any, path: str, pits: set[str], mechanisms: set[str]) -> tuple[list[str], list[tuple[int, int]]]:
        zones: list[str] = []
        cells: list[tuple[int, int]] = []
        items = self.bounded_list(value, f"{path}.zones", MAX_ZONES_PER_ROOM, "zones")
        if not items and not self.r.problems:
            self.r.problem(f"{path}.zones", "a room has at least one zone")
        for index, item in enumerate(items):
            where = f"{path}.zones[{index}]"
            obj = self.r.object(item, where)
            if obj is None:
                continue
            self.r.unknown_fields(obj, where, ZONE_FIELDS)
            ident = self.ident(obj.get("id"), f"{where}.id")
            if self.flag(obj, "pit", where) and ident:
                pits.add(ident)
            if self.flag(obj, "mechanism", where) and ident:
                mechanisms.add(ident)
            if "cell" in obj:
                cell = self.point(obj["cell"], f"{where}.cell")
                if cell is not None:
                    cells.append(cell)
            if ident is not None:
                zones.append(ident)
        return zones, cells

    def turn(self, value: Any, path: str, zones: list[str]) -> dict[str, str] | None:
        obj = self.r.object(value, path)
        if obj is None:
            return None
        known = set(zones)
        turn: dict[str, str] = {}
        for key, target in obj.items():
            if key not in known:
                self.r.problem(f"{path}.{key}", f"not a zone of this room: {', '.join(zones)}")
            elif not isinstance(target, str) or target not in known:
                self.r.problem(f"{path}.{key}", f"{shown(target)} is not a zone of this room: {', '.join(zones)}")
            else:
                turn[key] = target
        if len(turn) != len(obj):
            return None
        if set(turn) != known or set(turn.values()) != known:
            self.r.problem(path, "a quarter turn sends each zone of the room to one zone of the room, every zone once")
            return None
        for zone in zones:
            after = zone
            for _ in range(4):
                after = turn[after]
            if after != zone:
                self.r.problem(path, f"four quarter turns must bring every zone back: {zone} goes to {after}")
                return None
        return turn

    def rim(self, value: Any, path: str, zones: list[str], turn: dict[str, str] | None,
            room: int) -> tuple[list[Port], list[tuple[Half, Edge]]] | None:
        items = self.bounded_list(value, path, 4 * MAX_ZONES_PER_ROOM, "ports")
        ports: list[Port] = []
        halves: list[tuple[Half, Edge]] = []
        for index, item in enumerate(items):
            where = f"{path}[{index}]"
            obj = self.r.object(item, where)
            if obj is None:
                continue
            self.r.unknown_fields(obj, where, PORT_FIELDS)
            zone = self.r.choice(obj.get("zone"), f"{where}.zone", zones)
            to = self.ident(obj["to"], f"{where}.to") if "to" in obj else None
            kind = self.r.choice(obj.get("kind", "open"), f"{where}.kind", EDGES)
            if zone is None or kind is None or ("to" in obj and to is None):
                continue
            if to is not None and to in zones:
                self.r.problem(f"{where}.to", "a port leads out of its room: a boundary inside the room is in boundaries")
                continue
            ports.append(Port(zone, to))
            if to is not None:
                halves.append((Half(frozenset((zone, to)), HalfOwner.RIM, room, len(ports) - 1), Edge(kind)))
            else:  # a port on the dungeon's edge: no boundary, but it turns along the rim with the others
                halves.append((Half(frozenset((zone,)), HalfOwner.RIM, room, len(ports) - 1), Edge(kind)))
        if len(ports) != len(items):
            return None
        if ports and turn is not None:
            if len(ports) % 4:
                self.r.problem(path, f"{len(ports)} ports: a rim turns a quarter at a time, so it has a multiple of 4")
                return None
            quarter = len(ports) // 4
            for index, port in enumerate(ports):
                after = ports[(index + quarter) % len(ports)]
                if after.zone != turn[port.zone]:
                    self.r.problem(f"{path}[{(index + quarter) % len(ports)}].zone",
                                   f"a quarter turn takes port {index} ({port.zone}) here, so this port is on "
                                   f"{turn[port.zone]}: the rim is listed clockwise from any port")
                    return None
        return ports, halves

    def start_zones(self, value: Any) -> list[StartZone]:
        out: list[StartZone] = []
        for index, item in enumerate(self.bounded_list(value, "start_zones", MAX_START_ZONES, "start zones")):
            path = f"start_zones[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, START_FIELDS)
            ident = self.ident(obj.get("id"), f"{path}.id")
            player = self.player(obj.get("player"), f"{path}.player")
            at = self.point(obj["at"], f"{path}.at") if "at" in obj else None
            if ident is not None and player is not None:
                out.append(StartZone(ident, player, at))
        return out

    def boundaries(self, value: Any, rooms: list[Room]) -> list[tuple[Half, Edge]]:
        room_of = {z: i for i, r in enumerate(rooms) for z in r.zones}
        out: list[tuple[Half, Edge]] = []
        for index, item in enumerate(self.bounded_list(value, "boundaries", MAX_BOUNDARIES, "boundaries")):
            path = f"boundaries[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, BOUNDARY_FIELDS)
            between = self.r.list(obj.get("between"), f"{path}.between")
            kind = self.r.choice(obj.get("kind", "open"), f"{path}.kind", EDGES)
            if between is None or kind is None:
                continue
            if len(between) != 2:
                self.r.problem(f"{path}.between", f"a boundary lies between 2 zones, got {len(between)}")
                continue
            a, b = (self.ident(z, f"{path}.between[{i}]") for i, z in enumerate(between))
            if a is None or b is None:
                continue
            if a == b:
                self.r.problem(f"{path}.between", f"{a} twice: a boundary lies between 2 zones")
                continue
            same_room = a in room_of and room_of.get(a) == room_of.get(b)
            owner, room = (HalfOwner.ROOM, room_of[a]) if same_room else (HalfOwner.FIXED, -1)
            out.append((Half(frozenset((a, b)), owner, room), Edge(kind)))
        return out

    def lines(self, value: Any) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        for index, item in enumerate(self.bounded_list(value, "lines", MAX_LINES, "lines")):
            path = f"lines[{index}]"
            zones = self.bounded_list(item, path, MAX_LINE_ZONES, "zones")
            names = [self.ident(z, f"{path}[{i}]") for i, z in enumerate(zones)]
            if None in names:
                continue
            if len(names) < 2:
                self.r.problem(path, "a line of sight passes at least 2 zones")
            elif len(set(names)) != len(names):
                self.r.problem(path, "a line passes each zone once")
            else:
                out.append(tuple(n for n in names if n is not None))
        return out

    def references(self, rooms: list[Room], fixed: list[tuple[Half, Edge]], lines: list[tuple[str, ...]], known: set[str]) -> None:
        """Every zone a boundary, a port or a line names exists; each link is given once by each source."""
        seen: dict[tuple[frozenset[str], str], str] = {}
        for index, (half, _) in enumerate(fixed):
            for zone in sorted(half.pair):
                if zone not in known:
                    self.r.problem(f"boundaries[{index}].between", f"{zone!r} is not a zone or a start zone")
            key = (half.pair, "boundaries")
            if key in seen:
                self.r.problem(f"boundaries[{index}]", f"the boundary between {' and '.join(sorted(half.pair))} is also "
                                                       f"{seen[key]}: each boundary once")
            seen[key] = f"boundaries[{index}]"
        for r_index, room in enumerate(rooms):
            for p_index, port in enumerate(room.rim):
                if port.to is None:
                    continue
                if port.to not in known:
                    self.r.problem(f"rooms[{r_index}].rim[{p_index}].to", f"{port.to!r} is not a zone or a start zone")
                key = (frozenset((port.zone, port.to)), room.ident)
                if key in seen:
                    self.r.problem(f"rooms[{r_index}].rim[{p_index}]", f"{port.zone} to {port.to} is already "
                                                                       f"{seen[key]}: each port once")
                seen[key] = f"rooms[{r_index}].rim[{p_index}]"
                if (frozenset((port.zone, port.to)), "boundaries") in seen:
                    self.r.problem(f"rooms[{r_index}].rim[{p_index}]", f"{port.zone} to {port.to} is also in boundaries: a "
                                                                       "rim boundary turns with its room, a fixed one does not")
        for l_index, line in enumerate(lines):
            for z_index, zone in enumerate(line):
                if zone not in known:
                    self.r.problem(f"lines[{l_index}][{z_index}]", f"{zone!r} is not a zone or a start zone")

    # -- pieces ----------------------------------------------------------------------------------------------------
    def place(self, value: Any, path: str, allowed: tuple[Place, ...]) -> tuple[Place, str] | None:
        words = {p.value: p for p in allowed if p not in (Place.ZONE, Place.BESIDE)}
        if isinstance(value, str) and value in words:
            return words[value], ""
        if Place.BESIDE in allowed and isinstance(value, str) and value.startswith(BESIDE):
            room = self.ident(value[len(BESIDE):], path)
            return (Place.BESIDE, room) if room is not None else None
        if isinstance(value, str) and IDENT.match(value) and value not in RESERVED:
            return Place.ZONE, value
        choices = ", ".join(["a zone id", "beside:ROOM", *words])
        self.r.problem(path, f"{shown(value)} is not a place: {choices}")
        return None

    def characters(self, value: Any) -> list[Character]:
        out: list[Character] = []
        for index, item in enumerate(self.bounded_list(value, "characters", MAX_CHARACTERS, "characters")):
            path = f"characters[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, CHARACTER_FIELDS)
            ident = self.ident(obj.get("id"), f"{path}.id")
            kind = self.kind(obj.get("kind"), f"{path}.kind", character=True)
            owner = self.player(obj.get("owner"), f"{path}.owner")
            place = self.place(obj.get("at"), f"{path}.at", (Place.ZONE, Place.BESIDE, Place.CARRIED, Place.DEAD, Place.ESCAPED))
            facing = self.ident(obj["facing"], f"{path}.facing") if "facing" in obj else ""
            entered = self.ident(obj["entered_from"], f"{path}.entered_from") if "entered_from" in obj else ""
            carrying = [self.ident(x, f"{path}.carrying[{i}]")
                        for i, x in enumerate(self.bounded_list(obj.get("carrying", []), f"{path}.carrying", 4, "items"))]
            flags = {key: self.flag(obj, key, path) for key in CHARACTER_FIELDS[5:] if key not in ("carrying", "entered_from")}
            if None in (ident, kind, owner, place, facing, entered) or None in carrying:
                continue
            assert ident is not None and owner is not None and place is not None and facing is not None and entered is not None
            out.append(Character(ident, character_kind(str(kind)), owner, place[0], place[1], facing, flags["wounded"],
                                 flags["wounded_this_turn"], tuple(c for c in carrying if c is not None), entered,
                                 flags["shot"], flags["free_melee"], flags["resting"], flags["walls_broken"]))
        return out

    def kind(self, value: Any, path: str, character: bool) -> str | None:
        if not isinstance(value, str):
            self.r.problem(path, f"expected a string, got {shown(value)}")
            return None
        try:
            return (character_kind(value) if character else object_kind(value)).value
        except CatalogueError as exc:
            self.r.problem(path, str(exc))
            return None

    def objects(self, value: Any) -> list[Item]:
        out: list[Item] = []
        for index, item in enumerate(self.bounded_list(value, "objects", MAX_OBJECTS, "objects")):
            path = f"objects[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, OBJECT_FIELDS)
            ident = self.ident(obj.get("id"), f"{path}.id")
            kind = self.kind(obj.get("kind"), f"{path}.kind", character=False)
            owner = self.player(obj.get("owner"), f"{path}.owner")
            place = self.place(obj.get("at"), f"{path}.at", (Place.ZONE, Place.BESIDE, Place.CARRIED, Place.GONE))
            if None in (ident, kind, owner, place):
                continue
            assert ident is not None and owner is not None and place is not None
            out.append(Item(ident, object_kind(str(kind)), owner, place[0], place[1]))
        return out
