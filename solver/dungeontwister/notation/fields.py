"""The field readers the position form's sections share: ids, flags, bounded lists, drawing points, player names.

Each reader records a located problem (the field path and what would be
valid) instead of raising, so that a document's every problem is reported
at once; see :mod:`solver.dungeontwister.notation.position_json`.
"""

from __future__ import annotations

import re
from typing import Any

from solver.base.fields import Reader, shown
from solver.dungeontwister.model.board import Arrow, Edge

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




class Fields:
    """The readers every section uses, over one :class:`~solver.base.fields.Reader`."""

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
