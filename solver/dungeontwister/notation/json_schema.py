"""The JSON Schema (Draft 2020-12) of the position format ``lueur-dt-position/1``, from the reader's own tables.

The schema says what each field holds; the reader (:mod:`solver.dungeontwister.notation.position_json`)
checks more (zones unique, a quarter turn a permutation, rims that turn with it, golden rules B and C, who
carries what) and locates every problem. ``lueur schema dt-position`` prints it; ``docs/schema/`` holds it.

>>> doc = position_schema()
>>> doc["properties"]["format"], doc["required"]
({'const': 'lueur-dt-position/1'}, ['format', 'players', 'to_move', 'rooms'])
"""

from __future__ import annotations

from typing import Any

from solver.base.schema_parts import DIALECT, SCHEMA_BASE
from solver.dungeontwister.model.catalogue import Kind, ObjectKind
from solver.dungeontwister.model.rulings import SWITCH_NAMES
from solver.dungeontwister.model.state import MAX_AP
from solver.dungeontwister.notation.fields import (
    ARROWS,
    BOUNDARY_FIELDS,
    CHARACTER_FIELDS,
    EDGES,
    FIELDS,
    IDENT,
    MAX_BOUNDARIES,
    MAX_CARD,
    MAX_CHARACTERS,
    MAX_DRAWING,
    MAX_HAND,
    MAX_JUMP_CARDS,
    MAX_LINE_ZONES,
    MAX_LINES,
    MAX_OBJECTS,
    MAX_ROOMS,
    MAX_START_ZONES,
    MAX_VP,
    MAX_ZONES_PER_ROOM,
    OBJECT_FIELDS,
    PLAYER_FIELDS,
    PORT_FIELDS,
    ROOM_FIELDS,
    START_FIELDS,
    ZONE_FIELDS,
)
from solver.dungeontwister.notation.position_json import FORMAT

DT_POSITION_SCHEMA_ID = f"{SCHEMA_BASE}lueur-dt-position-1.schema.json"


def _closed(properties: dict[str, Any], names: tuple[str, ...], required: list[str]) -> dict[str, Any]:
    assert tuple(properties) == names, "the schema and the reader list the same fields"
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False}


def _integer(low: int, high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": low, "maximum": high}


def position_schema() -> dict[str, Any]:
    """The whole document, a new dict each call."""
    ident = {"type": "string", "pattern": IDENT.pattern, "description": "An id: letters, digits, '_', '.', '-' (40 at most)."}
    point = {"type": "array", "prefixItems": [_integer(0, MAX_DRAWING), _integer(0, MAX_DRAWING)], "minItems": 2, "maxItems": 2}
    edge = {"enum": list(EDGES)}
    flag = {"type": "boolean"}
    player = _closed({"name": ident, "ap": _integer(0, MAX_AP), "jump_cards": _integer(0, MAX_JUMP_CARDS),
                      "combat_cards": {"type": "array", "items": _integer(0, MAX_CARD), "maxItems": MAX_HAND},
                      "vp": _integer(0, MAX_VP)}, PLAYER_FIELDS, ["name"])
    zone = _closed({"id": ident, "pit": flag, "mechanism": flag, "cell": point}, ZONE_FIELDS, ["id"])
    port = _closed({"zone": ident, "to": ident, "kind": edge}, PORT_FIELDS, ["zone"])
    room = _closed({"id": ident, "colour": ident, "arrow": {"enum": list(ARROWS)}, "orientation": _integer(0, 3),
                    "revealed": flag, "zones": {"type": "array", "items": zone, "minItems": 1, "maxItems": MAX_ZONES_PER_ROOM},
                    "turn": {"type": "object", "additionalProperties": ident,
                             "description": "Each zone of the room and the zone its contents go to in a clockwise quarter turn."},
                    "rim": {"type": "array", "items": port, "maxItems": 4 * MAX_ZONES_PER_ROOM,
                            "description": "The room's own halves of its rim boundaries, clockwise (a multiple of 4)."},
                    "at": point}, ROOM_FIELDS, ["id", "colour", "arrow", "zones", "turn"])
    start = _closed({"id": ident, "player": ident, "at": point}, START_FIELDS, ["id", "player"])
    boundary = _closed({"between": {"type": "array", "items": ident, "minItems": 2, "maxItems": 2}, "kind": edge},
                       BOUNDARY_FIELDS, ["between"])
    place = {"type": "string", "description": "A zone or start zone, 'beside:ROOM', 'carried', 'dead' or 'escaped' (objects: "
                                              "'gone' for 'dead' and 'escaped')."}
    kinds = {"type": "string", "description": f"One of the aid's 25 characters: {', '.join(k.value for k in Kind)} "
                                              "(or its French name)."}
    items = {"type": "string", "description": f"One of the aid's 10 objects: {', '.join(k.value for k in ObjectKind)} "
                                              "(or its French name); traps and other objects are refused."}
    character = _closed({"id": ident, "kind": kinds, "owner": ident, "at": place, "facing": ident, "wounded": flag,
                         "wounded_this_turn": flag, "carrying": {"type": "array", "items": ident, "maxItems": 4},
                         "entered_from": ident, "shot": flag, "free_melee": flag, "resting": flag, "walls_broken": flag},
                        CHARACTER_FIELDS, ["id", "kind", "owner", "at"])
    item = _closed({"id": ident, "kind": items, "owner": ident, "at": place}, OBJECT_FIELDS, ["id", "kind", "owner", "at"])
    properties = {
        "format": {"const": FORMAT},
        "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 2},
        "to_move": ident,
        "target_vp": _integer(1, MAX_VP),
        "rooms": {"type": "array", "items": room, "maxItems": MAX_ROOMS},
        "start_zones": {"type": "array", "items": start, "maxItems": MAX_START_ZONES},
        "boundaries": {"type": "array", "items": boundary, "maxItems": MAX_BOUNDARIES},
        "lines": {"type": "array", "maxItems": MAX_LINES,
                  "items": {"type": "array", "items": ident, "minItems": 2, "maxItems": MAX_LINE_ZONES}},
        "characters": {"type": "array", "items": character, "maxItems": MAX_CHARACTERS},
        "objects": {"type": "array", "items": item, "maxItems": MAX_OBJECTS},
        "rulings": {"type": "object", "propertyNames": {"enum": list(SWITCH_NAMES)}, "additionalProperties": {"type": "boolean"}},
        "meta": {"description": "Anything (a title, a source); kept out of the rules."},
    }
    return {
        "$schema": DIALECT,
        "$id": DT_POSITION_SCHEMA_ID,
        "title": f"A Dungeon Twister: The Card Game position ({FORMAT})",
        "description": "docs/dungeon-twister.md describes every field; the dungeon is the user's (the aid gives no room "
                       "card). The reader checks more than this schema and locates every problem.",
        **_closed(properties, FIELDS, ["format", "players", "to_move", "rooms"]),
    }
