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
from dataclasses import replace
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.fields import Reader, shown
from solver.dungeontwister.model.board import Board, Layout
from solver.dungeontwister.model.checks import position_problems
from solver.dungeontwister.model.rulings import DEFAULT, SWITCH_NAMES, Rulings
from solver.dungeontwister.model.state import MAX_AP, Player, Position
from solver.dungeontwister.notation.fields import (
    BESIDE,
    FIELDS,
    MAX_CARD,
    MAX_HAND,
    MAX_JUMP_CARDS,
    MAX_VP,
    PLAYER_FIELDS,
    RESERVED,
)
from solver.dungeontwister.notation.geometry_json import Geometry
from solver.dungeontwister.notation.pieces_json import Pieces

__all__ = ["FORMAT", "BESIDE", "RESERVED", "read"]

FORMAT = "lueur-dt-position/1"


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


class _Read(Geometry, Pieces):
    """The whole document: its sections (:class:`Geometry`, :class:`Pieces`), then the position built from them."""

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

