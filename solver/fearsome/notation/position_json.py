"""The JSON position form ``lueur-ff-position/1``: reading (every problem located by field path) and writing.

docs/fearsome-floors.md describes every field. Reading goes on after a
problem so that a file's every problem is reported at once, as a
:class:`~solver.base.errors.PositionError`; writing is deterministic (the
same position, the same bytes).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.fields import Reader, name_problem, shown
from solver.base.json_text import decode_json
from solver.fearsome.model.board import CORNERS, DIRECTION_NAMES, is_square_name, name, parse
from solver.fearsome.model.rulings import DEFAULT, SWITCH_NAMES, Rulings
from solver.fearsome.model.setups import MAX_PAWNS_PER_PLAYER, pawns_for, scenery_problems
from solver.fearsome.model.state import TILES, TILES_PER_ROUND, Pawn, Phase, Place, Position, StoneKind, Teleporter, Tombstones
from solver.fearsome.rules import turns

FORMAT = "lueur-ff-position/1"
FIELDS = ("format", "players", "pawns", "monster", "stones", "pools", "teleporters", "tombstones", "turn", "exits",
          "rulings", "advanced", "meta")
PAWN_FIELDS = ("id", "colour", "white", "face", "at")
MONSTER_FIELDS = ("at", "facing")
TELEPORTER_FIELDS = ("at", "arrow")
TOMBSTONE_FIELDS = ("round", "drawn")
TURN_FIELDS = ("phase", "first_player", "to_move", "moved")
PLACES = tuple(p.value for p in Place if p is not Place.BOARD)
FACES = ("white", "black")
ARROWS = tuple(DIRECTION_NAMES)
TILE_NAMES = tuple(dict.fromkeys(TILES))
STONE_KINDS = tuple(k.value for k in StoneKind)
PHASES = tuple(p.value for p in Phase)


def loads(text: str) -> Position:
    """The position in JSON ``text``; raises :class:`PositionError` listing every problem with its place."""
    return read(decode_json(text))


def read(document: Any) -> Position:
    """The position of a decoded JSON document (see :func:`loads`)."""
    reader = Reader()
    position = _Read(reader).document(document)
    if reader.problems or position is None:
        raise PositionError(reader.problems or [Problem("", "not a position")])
    return position


class _Read:
    def __init__(self, reader: Reader) -> None:
        self.r = reader

    def square(self, value: Any, path: str) -> int | None:
        if is_square_name(value):
            return parse(value)
        self.r.problem(path, f"{shown(value)} is not a square: a file a-p and a rank 1-11 on the board, e.g. a11 or p1")
        return None

    def document(self, doc: Any) -> Position | None:
        obj = self.r.object(doc, "")
        if obj is None:
            return None
        self.r.unknown_fields(obj, "", FIELDS)
        if obj.get("format") != FORMAT:
            self.r.problem("format", f"expected {json.dumps(FORMAT)}, got {shown(obj.get('format'))}")
        rulings = self.rulings(obj.get("rulings", {}))
        players = self.players(obj.get("players"))
        if players is None:
            return None
        pawns = self.pawns(obj["pawns"], players) if "pawns" in obj else pawns_for(players, rulings)
        monster = self.monster(obj.get("monster"))
        stones = self.stones(obj.get("stones", {}))
        pools = self.pools(obj.get("pools", []))
        teleporters = self.teleporters(obj.get("teleporters", []))
        tombstones = self.tombstones(obj.get("tombstones", {}))
        exits = self.exits(obj.get("exits", []), pawns)
        if obj.get("advanced", False) not in (True, False):
            self.r.problem("advanced", f"expected true or false, got {shown(obj.get('advanced'))}")
        if monster is None or self.r.problems:
            return None
        position = Position(players=players, pawns=pawns, monster=monster[0], facing=monster[1], stones=stones, pools=pools,
                            teleporters=teleporters, tombstones=tombstones, exits=exits, rulings=rulings)
        turned = self.turn(obj.get("turn", {}), position)
        if turned is not None:
            self.consistent(turned, bool(obj.get("advanced", False)))
        return turned

    def rulings(self, value: Any) -> Rulings:
        obj = self.r.object(value, "rulings")
        rulings = DEFAULT
        for key, flag in (obj or {}).items():
            if key not in SWITCH_NAMES:
                self.r.problem(f"rulings.{key}", f"unknown ruling; rulings: {', '.join(SWITCH_NAMES)}")
            elif self.r.boolean(flag, f"rulings.{key}") is not None:
                rulings = rulings.with_switch(key, flag)
        return rulings

    def name(self, value: Any, path: str) -> str | None:
        """A player's colour or a pawn's id: a string, with no control character, at most 40 characters."""
        text = self.r.string(value, path)
        problem = None if text is None else name_problem(text) or (None if text else "a name may not be empty")
        if problem is not None:
            self.r.problem(path, problem)
            return None
        return text

    def players(self, value: Any) -> tuple[str, ...] | None:
        items = self.r.list(value, "players")
        if items is None:
            return None
        names = [n for i, v in enumerate(items) if (n := self.name(v, f"players[{i}]")) is not None]
        if not 2 <= len(items) <= 7:
            self.r.problem("players", f"{len(items)} players: Fearsome Floors is for 2 to 7")
        for colour, count in Counter(names).items():
            if count > 1:
                self.r.problem("players", f"{shown(colour)} is named {count} times: each player once")
        return tuple(names) if len(names) == len(items) and 2 <= len(items) <= 7 else None

    def pawns(self, value: Any, players: tuple[str, ...]) -> tuple[Pawn, ...]:
        out: list[Pawn] = []
        for index, item in enumerate(self.r.list(value, "pawns") or []):
            path = f"pawns[{index}]"
            obj = self.r.object(item, path)
            if obj is None:
                continue
            self.r.unknown_fields(obj, path, PAWN_FIELDS)
            ident = self.name(obj.get("id"), f"{path}.id")
            colour = self.r.choice(obj.get("colour"), f"{path}.colour", players)
            white = self.r.integer(obj.get("white"), f"{path}.white", 1, 6)
            face = self.r.choice(obj.get("face", "white"), f"{path}.face", FACES)
            at = obj.get("at", "waiting")
            place, sq = (Place(at), -1) if at in PLACES else (Place.BOARD, self.square(at, f"{path}.at"))
            if None not in (ident, colour, white, face, sq):
                out.append(Pawn(ident, colour, white, face == "black", place, sq))  # type: ignore[arg-type]
        for ident, count in Counter(p.ident for p in out).items():
            if count > 1:
                self.r.problem("pawns", f"pawn id {shown(ident)} is used {count} times: ids are unique")
        for colour, count in Counter(p.colour for p in out).items():
            if count > MAX_PAWNS_PER_PLAYER:
                self.r.problem("pawns", f"{colour} has {count} pawns: at most {MAX_PAWNS_PER_PLAYER} (each colour's set in the box)")
        return tuple(out)

    def monster(self, value: Any) -> tuple[int, Any] | None:
        obj = self.r.object(value, "monster")
        if obj is None:
            return None
        self.r.unknown_fields(obj, "monster", MONSTER_FIELDS)
        at = self.square(obj.get("at"), "monster.at")
        facing = self.r.choice(obj.get("facing"), "monster.facing", ARROWS)
        return None if at is None or facing is None else (at, DIRECTION_NAMES[facing])

    def stones(self, value: Any) -> tuple[tuple[int, StoneKind], ...]:
        obj = self.r.object(value, "stones") or {}
        out = {}
        for key, kind in obj.items():
            sq = self.square(key, f"stones.{key}")
            kind_name = self.r.choice(kind, f"stones.{key}", STONE_KINDS)
            if sq is not None and kind_name is not None:
                out[sq] = StoneKind(kind_name)
        return tuple(sorted(out.items()))

    def pools(self, value: Any) -> tuple[tuple[int, ...], ...]:
        out = []
        for index, pool in enumerate(self.r.list(value, "pools") or []):
            names = self.r.list(pool, f"pools[{index}]")
            if names is None:
                continue
            squares = [self.square(n, f"pools[{index}][{i}]") for i, n in enumerate(names)]
            if None not in squares:
                out.append(tuple(sorted(s for s in squares if s is not None)))
        return tuple(out)

    def teleporters(self, value: Any) -> tuple[tuple[Teleporter, Teleporter], ...]:
        out = []
        for index, pair in enumerate(self.r.list(value, "teleporters") or []):
            items = self.r.list(pair, f"teleporters[{index}]")
            if items is None:
                continue
            if len(items) != 2:
                self.r.problem(f"teleporters[{index}]", f"a pair is 2 teleporters, got {len(items)}")
                continue
            pads = []
            for side, item in enumerate(items):
                path = f"teleporters[{index}][{side}]"
                obj = self.r.object(item, path)
                if obj is None:
                    continue
                self.r.unknown_fields(obj, path, TELEPORTER_FIELDS)
                sq = self.square(obj.get("at"), f"{path}.at")
                arrow = self.r.choice(obj.get("arrow"), f"{path}.arrow", ARROWS)
                if sq is not None and arrow is not None:
                    pads.append(Teleporter(sq, DIRECTION_NAMES[arrow]))
            if len(pads) == 2:
                out.append((pads[0], pads[1]))
        return tuple(out)

    def tombstones(self, value: Any) -> Tombstones:
        obj = self.r.object(value, "tombstones") or {}
        self.r.unknown_fields(obj, "tombstones", TOMBSTONE_FIELDS)
        round_ = self.r.integer(obj.get("round", 1), "tombstones.round", 1, 2) or 1
        drawn = [t for i, t in enumerate(self.r.list(obj.get("drawn", []), "tombstones.drawn") or [])
                 if self.r.choice(t, f"tombstones.drawn[{i}]", TILE_NAMES) is not None]
        left = Counter(TILES)
        left.subtract(drawn)
        over = [t for t, n in left.items() if n < 0]
        if over:
            self.r.problem("tombstones.drawn", f"tile {over[0]!r} drawn more often than the pile holds it ({TILES.count(over[0])})")
        if len(drawn) > TILES_PER_ROUND:
            self.r.problem("tombstones.drawn", f"{len(drawn)} tiles: a round plays at most {TILES_PER_ROUND}")
        elif len(drawn) == TILES_PER_ROUND and round_ == 1:
            # "on ne joue pas la toute dernière tuile": the seventh tile's effect starts round 2 at once.
            self.r.problem("tombstones.drawn", f"{len(drawn)} tiles drawn in round 1: its seventh tile ends it, and round 2 "
                                              "starts at once with all eight tiles shuffled again (the eighth is never "
                                              'played): write {"round": 2, "drawn": []}')
        return Tombstones(round_, tuple(drawn))

    def exits(self, value: Any, pawns: tuple[Pawn, ...]) -> tuple[str, ...]:
        ids = {p.ident for p in pawns}
        out = []
        for index, item in enumerate(self.r.list(value, "exits") or []):
            if self.r.choice(item, f"exits[{index}]", sorted(ids)) is not None:
                out.append(item)
        listed = set(out)
        for index, pawn in enumerate(pawns):
            if (pawn.place is Place.OUT) != (pawn.ident in listed):
                self.r.problem(f"pawns[{index}].at", f"pawn {pawn.ident} is out exactly when listed in exits (in the order they left)")
        return tuple(out)

    def turn(self, value: Any, position: Position) -> Position | None:
        obj = self.r.object(value, "turn")
        if obj is None:
            return None
        self.r.unknown_fields(obj, "turn", TURN_FIELDS)
        phase = self.r.choice(obj.get("phase", "pawns"), "turn.phase", PHASES)
        first = self.r.choice(obj.get("first_player", position.players[0]), "turn.first_player", position.players)
        ids = sorted(p.ident for p in position.pawns)
        moved = [m for i, m in enumerate(self.r.list(obj.get("moved", []), "turn.moved") or [])
                 if self.r.choice(m, f"turn.moved[{i}]", ids) is not None]
        if phase is None or first is None:
            return None
        seat = position.players.index(first)
        position = replace(position, first_player=seat, phase=Phase(phase), moved=frozenset(moved))
        pile = position.tombstones
        if pile.round == 2 and len(pile.drawn) == TILES_PER_ROUND and position.phase is not Phase.OVER:
            self.r.problem("tombstones.drawn", f"{len(pile.drawn)} tiles drawn in round 2: its seventh tile ends the game "
                                              '(the eighth is never played): the phase is "over"')
            return None
        if position.phase is not Phase.PAWNS:
            if "to_move" in obj:
                self.r.problem("turn.to_move", "only a pawn phase has a player to move")
            return replace(position, to_move=-1)
        if "to_move" not in obj:
            mover = seat if turns.movable(position, position.players[seat]) else turns.next_to_move(position, seat)
        else:
            chosen = self.r.choice(obj["to_move"], "turn.to_move", position.players)
            if chosen is None:
                return None
            mover = position.players.index(chosen)
        if mover < 0 or not turns.movable(position, position.players[mover]):
            self.r.problem("turn.to_move" if "to_move" in obj else "turn", "the player to move has no pawn left to move "
                           "(a pawn phase where every pawn has moved is written \"phase\": \"monster\")")
            return None
        return replace(position, to_move=mover)

    def consistent(self, position: Position, advanced: bool) -> None:
        """The checks across fields: one thing per square, the scenery rules."""
        stones = dict(position.stones)
        pads = set(position.teleporter_at())
        seen: dict[int, str] = {}
        for index, pawn in enumerate(position.pawns):
            if pawn.place is not Place.BOARD:
                continue
            where = f"pawns[{index}].at"
            sq = pawn.square
            if sq in seen:
                self.r.problem(where, f"{name(sq)} already holds pawn {seen[sq]}: a pawn rests alone on its square")
            if sq in stones or sq in pads or sq == position.monster:
                self.r.problem(where, f"{name(sq)} holds a stone, a teleporter or the monster")
            seen[sq] = pawn.ident
        for sq in stones:
            if sq in CORNERS and position.rulings.monster_corner:
                self.r.problem(f"stones.{name(sq)}", "a stone reaching a corner is taken off (FF-MONSTER-CORNER): none lies "
                                                     "there, unless FF-MONSTER-CORNER is false")
            if sq in pads:
                self.r.problem(f"stones.{name(sq)}", "a stone cannot lie on a teleporter")
            if sq == position.monster:
                self.r.problem(f"stones.{name(sq)}", "a stone cannot lie under the monster")
        # Stones move in play (onto a pool, next to a corner): only the fixed scenery is held to the placing rules.
        self.r.problems += scenery_problems(replace(position, stones=()), "", advanced)


def to_json(position: Position, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON document of ``position`` (every field written, in a fixed order)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "players": list(position.players),
        "pawns": [{"id": p.ident, "colour": p.colour, "white": p.white, "face": "black" if p.black_up else "white",
                   "at": name(p.square) if p.place is Place.BOARD else p.place.value} for p in position.pawns],
        "monster": {"at": name(position.monster), "facing": position.facing.letter},
        "stones": {name(sq): kind.value for sq, kind in position.stones},
        "pools": [[name(sq) for sq in pool] for pool in position.pools],
        "teleporters": [[{"at": name(t.square), "arrow": t.arrow.letter} for t in pair] for pair in position.teleporters],
        "tombstones": {"round": position.tombstones.round, "drawn": list(position.tombstones.drawn)},
        "turn": {"phase": position.phase.value, "first_player": position.players[position.first_player],
                 "moved": sorted(position.moved)},
        "exits": list(position.exits),
        "rulings": position.rulings.as_dict(),
    }
    if position.phase is Phase.PAWNS:
        doc["turn"]["to_move"] = position.players[position.to_move]
    if meta:
        doc["meta"] = meta
    return doc


def dumps(position: Position, meta: dict[str, Any] | None = None) -> str:
    """The JSON text: one field a line, one pawn a line (short enough to read and to diff)."""
    return compact(to_json(position, meta))


def compact(document: dict[str, Any]) -> str:
    """A document with one top-level field a line and each item of ``pawns`` on its own line."""
    lines = []
    for key, value in document.items():
        if key == "pawns" and value:
            items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
