"""The JSON Schema (Draft 2020-12) of the position format ``lueur-ff-position/1``, from the reader's own tables.

The schema says what each field holds; the reader (:mod:`solver.fearsome.notation.position_json`)
checks more (one thing per square, the scenery rules, a pile that holds the tiles drawn) and locates
every problem. ``lueur schema ff-position`` prints it; ``docs/schema/`` holds it.

>>> doc = position_schema()
>>> doc["properties"]["format"], doc["required"]
({'const': 'lueur-ff-position/1'}, ['format', 'players', 'monster'])
"""

from __future__ import annotations

from typing import Any

from solver.base.schema_parts import DIALECT, SCHEMA_BASE
from solver.fearsome.model.board import SQUARES, name
from solver.fearsome.model.rulings import SWITCH_NAMES
from solver.fearsome.model.state import TILES_PER_ROUND
from solver.fearsome.notation.position_json import (
    ARROWS,
    FACES,
    FIELDS,
    FORMAT,
    MONSTER_FIELDS,
    PAWN_FIELDS,
    PHASES,
    PLACES,
    STONE_KINDS,
    TELEPORTER_FIELDS,
    TILE_NAMES,
    TOMBSTONE_FIELDS,
    TURN_FIELDS,
)

FF_POSITION_SCHEMA_ID = f"{SCHEMA_BASE}lueur-ff-position-1.schema.json"
SQUARE_NAMES = tuple(name(sq) for sq in SQUARES)


def position_schema() -> dict[str, Any]:
    """The whole document, a new dict each call."""
    square = {"enum": list(SQUARE_NAMES), "description": "A square of the board: a file a-p and a rank 1-11."}
    arrow = {"enum": list(ARROWS)}
    colour = {"type": "string", "minLength": 1}
    pawn = _closed({"id": {"type": "string", "minLength": 1}, "colour": colour, "white": {"type": "integer", "minimum": 1, "maximum": 6},
                    "face": {"enum": list(FACES)}, "at": {"anyOf": [square, {"enum": list(PLACES)}]}},
                   PAWN_FIELDS, ["id", "colour", "white"])
    teleporter = _closed({"at": square, "arrow": arrow}, TELEPORTER_FIELDS, ["at", "arrow"])
    properties = {
        "format": {"const": FORMAT},
        "players": {"type": "array", "items": colour, "minItems": 2, "maxItems": 7, "uniqueItems": True,
                    "description": "The colours in seating order."},
        "pawns": {"type": "array", "items": pawn, "description": "Left out: each player's new pawns, waiting."},
        "monster": _closed({"at": square, "facing": arrow}, MONSTER_FIELDS, ["at", "facing"]),
        "stones": {"type": "object", "propertyNames": {"enum": list(SQUARE_NAMES)},
                   "additionalProperties": {"enum": list(STONE_KINDS)}},
        "pools": {"type": "array", "items": {"type": "array", "items": square, "minItems": 4, "maxItems": 4}},
        "teleporters": {"type": "array", "items": {"type": "array", "prefixItems": [teleporter, teleporter], "minItems": 2,
                                                   "maxItems": 2}},
        "tombstones": _closed({"round": {"type": "integer", "minimum": 1, "maximum": 2},
                               "drawn": {"type": "array", "items": {"enum": list(TILE_NAMES)}, "maxItems": TILES_PER_ROUND}},
                              TOMBSTONE_FIELDS, []),
        "turn": _closed({"phase": {"enum": list(PHASES)}, "first_player": colour, "to_move": colour,
                         "moved": {"type": "array", "items": {"type": "string"}}}, TURN_FIELDS, []),
        "exits": {"type": "array", "items": {"type": "string"}, "description": "The ids of the pawns out, in the order they left."},
        "rulings": {"type": "object", "propertyNames": {"enum": list(SWITCH_NAMES)}, "additionalProperties": {"type": "boolean"}},
        "advanced": {"type": "boolean"},
        "meta": {"description": "Anything (a title, a source); kept out of the rules."},
    }
    assert tuple(properties) == FIELDS, "the schema and the reader list the same fields"
    return {
        "$schema": DIALECT,
        "$id": FF_POSITION_SCHEMA_ID,
        "title": f"A Fearsome Floors position ({FORMAT})",
        "description": "docs/fearsome-floors.md describes every field; the reader checks more than this schema "
                       "(one thing per square, the scenery rules) and locates every problem.",
        "type": "object",
        "required": ["format", "players", "monster"],
        "properties": properties,
        "additionalProperties": False,
    }


def _closed(properties: dict[str, Any], fields: tuple[str, ...], required: list[str]) -> dict[str, Any]:
    assert tuple(properties) == fields, "the schema and the reader list the same fields"
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    return schema
