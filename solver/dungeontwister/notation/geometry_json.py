"""Reading the dungeon's sections of the position form: rooms and their zones, quarter turns and rims, start zones,
boundaries and lines of sight (every problem located by its field path)."""

from __future__ import annotations

from typing import Any

from solver.base.fields import shown
from solver.dungeontwister.model.board import Arrow, Edge, Half, HalfOwner, Port, Room, StartZone
from solver.dungeontwister.notation.fields import (
    ARROWS,
    BOUNDARY_FIELDS,
    EDGES,
    MAX_BOUNDARIES,
    MAX_LINE_ZONES,
    MAX_LINES,
    MAX_ROOMS,
    MAX_START_ZONES,
    MAX_ZONES_PER_ROOM,
    PORT_FIELDS,
    ROOM_FIELDS,
    START_FIELDS,
    ZONE_FIELDS,
    Fields,
)


class Geometry(Fields):
    """The dungeon's sections."""

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

