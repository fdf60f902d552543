"""The JSON Schema (Draft 2020-12) of ``lueur-position/1``, made from the readers' own definitions.

Field names come from the readers' tables (``TOP_FIELDS``, ``TILE_FIELDS``,
``PRISONER_FIELDS``...), the choices and bounds from the constants they check
against (tile kinds and types, candle states, sides, rulings, setups, step
names, Nerve and size ranges). What is written here is only what a reader's
check has no table for: each field's JSON shape and a one-line description,
and every section's descriptions must name exactly the reader's fields
(:func:`position_schema` raises otherwise), so that a field added to a reader
cannot be left out of the schema.

The schema checks structure: the fields, their types, choices and ranges, the
fields each tile kind needs or refuses, one place per prisoner. The checks of
the position as a whole stay in the reader (``lueur check``): the totals, the
lighting, a prisoner on an empty cell or a pit, the size a cell name must fit,
unique names, ``turn`` naming a prisoner, the pile's count adding up.

>>> schema = position_schema()
>>> schema["$id"], schema["required"]
('https://lueur.invalid/schema/lueur-position-1.schema.json', ['prisoners', 'turn', 'pile'])
>>> schema["$defs"]["prisoner"]["properties"]["candle"]["enum"]
['lit', 'out']
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from solver.base.fields import CONTROL_CHARACTERS
from solver.base.schema_parts import DIALECT, SCHEMA_BASE
from solver.nightcage.model.grid import FILE_LETTERS, SIZES, openings_text
from solver.nightcage.model.rulings import ADV_5P_WAX, BOOLEAN_RULINGS, DIRGE_SHAPE
from solver.nightcage.model.setups import BASES, DIFFICULTY_KEYS, SUPREME_KEYS
from solver.nightcage.model.tiles import DEFAULT_CRUMBLING, ROTATABLE, Kind, rotations
from solver.nightcage.notation.fields import TYPE_NAMES
from solver.nightcage.notation.json_meta import MAX_META_DEPTH
from solver.nightcage.notation.json_pile import PILE_FIELDS
from solver.nightcage.notation.json_prisoners import CANDLES, NERVE_RANGE, PLACES, PRISONER_FIELDS
from solver.nightcage.notation.json_setup import ADV_5P_WAX_RANGE, DIRGE_CELLS, SETUP_FIELDS
from solver.nightcage.notation.json_tiles import BOARD_KINDS, FACINGS, ONLY_FOR, PIT_GROUPS, TILE_FIELDS
from solver.nightcage.notation.json_writer import FORMAT, GAME
from solver.nightcage.notation.pending import HIT_TILES_RANGE, PENDING_FIELDS, PURPOSES, STEP_FIELDS, STEP_NAMES
from solver.nightcage.notation.position_json import OMENS_RANGE, TOP_FIELDS

POSITION_SCHEMA_ID = f"{SCHEMA_BASE}lueur-position-1.schema.json"

TOP = {
    "format": "The format's name; any other value is refused.",
    "game": "The game.",
    "size": "The side of the board; by default the setup's (6, or 7 for five and advanced-five), and it must agree with a named setup.",
    "tiles": "The occupied cells: cell name to tile; absent cells are empty.",
    "prisoners": "The prisoners, in turn order.",
    "turn": "The name of the prisoner about to play.",
    "pile": "The draw pile.",
    "discarded": "Tile tallies out of the game, by type; derived from the setup when the pile gives its contents.",
    "omens": "Omens revealed so far (supreme game): 0, 1 (the first set aside) or 2 (the Dirge has come).",
    "setup": "The box and adjustments the game was set up with; standard by default.",
    "rulings": "The readings of disputed rules, by identifier (docs/rules.md); only those given.",
    "pending": "The turn in progress, when the position stands in the middle of a turn (docs/pending.md).",
    "meta": "Any JSON object (titles, sources, game records); carried through every conversion, never read by the rules.",
}
TILE = {
    "kind": "The tile's kind.",
    "open": "Its openings (letters N, E, S, W in any order), a rotation of the kind's shape; required for start, straight and t.",
    "crumbling": "Whether it turns into a pit when a prisoner leaves or stays on it; only a t may differ from its kind's default.",
    "facing": "A keeper's mouth: the side it faces (required for a keeper, refused on any other tile).",
    "key_taken": "A key tile: whether its key has been taken (default: a prisoner holding a key stands on it).",
    "was": "A pit: the tile type it was, used to add up the tiles.",
    "group": "A pit: dirge for a cell of the Dirge (then it gives no was).",
}
PRISONER = {
    "name": "One word, unique among the prisoners, without control characters.",
    "at": "The cell it stands on.",
    "falling": 'A falling prisoner: "row N" or "file x", the line it chose to land on; "from <cell>" just after a fall.',
    "unplaced": "true before the prisoner's first turn: its start tile is not on the board yet.",
    "candle": "Its candle.",
    "nerve": "Nerve tokens.",
    "key": "Whether it holds a key.",
}
PILE = {
    "count": "How many tiles are left.",
    "contents": "How many of each type, in unknown order; adds up to count.",
    "order": "The known order, top first; the game is then deterministic.",
    "layers": "Separately shuffled stacks, top first (not with contents).",
}
SETUP = {
    "base": "The base setup.",
    "counts": "The whole box of a custom game (any number of prisoners).",
    "difficulty": "Difficulty adjustments.",
    "supreme": "Supreme monsters.",
}
PENDING = {
    "decision": "The step the turn waits on (the first step's name).",
    "awaits": "What the position waits for, in words (written for people; not read).",
    "steps": "The rest of the turn, front first.",
    "spent": "Nerve spent this turn, by prisoner.",
    "gained": "Whether the active prisoner gained Nerve this turn.",
    "final_flickers": "Whether the turn began in the Final Flickers.",
    "relit": "Prisoners relit this turn.",
}
STEP = {
    "step": "The step's name.",
    "prisoner": "The prisoner it concerns.",
    "cell": "The cell it concerns.",
    "cells": "The cells it may choose among.",
    "hand": "The tile type in hand.",
    "purpose": "Why a tile is placed.",
    "count": "How many (tiles to burn...).",
    "hits": "The monsters' hits waiting on a Block.",
    "origin": "Where the step began (a fall's cell).",
    "triggered": "Monsters already triggered this step.",
}
SECTIONS = (("position", TOP, TOP_FIELDS), ("tile", TILE, TILE_FIELDS), ("prisoner", PRISONER, PRISONER_FIELDS),
            ("pile", PILE, PILE_FIELDS), ("setup", SETUP, SETUP_FIELDS), ("pending", PENDING, PENDING_FIELDS),
            ("step", STEP, STEP_FIELDS))
"""Each section's descriptions and the reader's own list of its fields: they must name the same fields."""


def position_schema() -> dict[str, Any]:
    """The whole schema, a new dict each call (see the module doc)."""
    for section, described, read in SECTIONS:
        if tuple(described) != tuple(read):
            raise ValueError(f"the schema's {section} fields {list(described)} are not the reader's {list(read)}")
    properties = {
        "format": {"const": FORMAT},
        "game": {"const": GAME},
        "size": _integer(min(SIZES), max(SIZES)),
        "tiles": {"type": "object", "propertyNames": {"$ref": "#/$defs/cell"}, "additionalProperties": {"$ref": "#/$defs/tile"}},
        "prisoners": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/prisoner"}},
        "turn": {"type": "string"},
        "pile": {"$ref": "#/$defs/pile"},
        "discarded": {"$ref": "#/$defs/counts"},
        "omens": _integer(*OMENS_RANGE),
        "setup": {"$ref": "#/$defs/setup"},
        "rulings": _rulings(),
        "pending": {"$ref": "#/$defs/pending"},
        "meta": {"type": "object", "description": f"{TOP['meta']} Nested at most {MAX_META_DEPTH} levels deep."},
    }
    return {
        "$schema": DIALECT,
        "$id": POSITION_SCHEMA_ID,
        "title": f"A Night Cage position ({FORMAT})",
        "description": "The JSON position format of Lueur (docs/position-format.md). This schema checks the structure "
                       "only; `lueur check` also checks the position as a whole (the totals, the lighting, the prisoners' "
                       "cells, names, the turn, cell names within the board's size).",
        "type": "object",
        "required": ["prisoners", "turn", "pile"],
        "properties": _described(properties, TOP),
        "additionalProperties": False,
        "$defs": {
            "cell": _cell(),
            "tile_type": {"enum": list(TYPE_NAMES), "description": "A tile type of the pile, the discard and the setup."},
            "counts": {"type": "object", "description": "A tally of tile types: {type: n}.",
                       "propertyNames": {"$ref": "#/$defs/tile_type"}, "additionalProperties": _integer(0)},
            "tile": _tile(),
            "prisoner": _prisoner(),
            "pile": _pile(),
            "setup": _setup(),
            "pending": _pending(),
            "step": _step(),
        },
    }


def _integer(low: int, high: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return schema


def _described(properties: dict[str, Any], descriptions: dict[str, str]) -> dict[str, Any]:
    """The properties, in the reader's order, each with its description."""
    return {name: {**properties[name], "description": descriptions[name]} for name in descriptions}


@cache
def _spaces() -> str:
    """The characters Python's ``str.split`` and ``str.strip`` take for spaces (what the readers split on)."""
    return "".join(chr(c) for c in range(0x110000) if chr(c).isspace())


def _char_class(chars: str | frozenset[int]) -> str:
    """The characters as the inside of a regular expression's class, escaped (ECMA-262 and Python agree on ``\\uXXXX``)."""
    codes = sorted(ord(c) for c in chars) if isinstance(chars, str) else sorted(chars)
    return "".join(f"\\u{code:04x}" for code in codes)


def _either_case(text: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in text)


def _cell_core() -> str:
    """A cell name as :meth:`Geometry.parse` reads one (any case, leading zeros in the rank), on the largest board."""
    last = max(SIZES)
    return f"[{FILE_LETTERS[:last]}{FILE_LETTERS[:last].upper()}]0*[1-{last}]"


def _cell() -> dict[str, Any]:
    ws = _char_class(_spaces())
    return {"type": "string", "pattern": f"^[{ws}]*{_cell_core()}[{ws}]*$",
            "description": "A cell named as on a chess board (files a.., ranks 1.. from the bottom); the board's size "
                           "decides which exist (lueur check)."}


def _openings(kind: Kind) -> dict[str, Any]:
    """The ``open`` strings a kind accepts: a rotation of its shape, letters in any order and either case."""
    spellings = sorted({"".join(p) for o in rotations(kind) for p in itertools.permutations(openings_text(o))})
    return {"type": "string", "pattern": "^(?:" + "|".join(_either_case(s) for s in spellings) + ")$"}


def _tile() -> dict[str, Any]:
    properties = {
        "kind": {"enum": list(BOARD_KINDS)},
        "open": {"type": "string"},
        "crumbling": {"type": "boolean"},
        "facing": {"enum": list(FACINGS)},
        "key_taken": {"type": "boolean"},
        "was": {"$ref": "#/$defs/tile_type"},
        "group": {"enum": list(PIT_GROUPS)},
    }
    by_kind = []
    for name in BOARD_KINDS:
        kind = Kind(name)
        then: dict[str, Any] = {"properties": {"open": _openings(kind)}}
        if kind is not Kind.T:
            then["properties"]["crumbling"] = {"const": kind in DEFAULT_CRUMBLING}
        for field, owner in ONLY_FOR.items():
            if owner is not kind:
                then["properties"][field] = False
        required = (["open"] if kind in ROTATABLE else []) + (["facing"] if kind is Kind.KEEPER else [])
        if required:
            then["required"] = required
        if kind is Kind.PIT:
            then["not"] = {"required": ["was", "group"]}
        by_kind.append({"if": {"properties": {"kind": {"const": name}}}, "then": then})
    return {"type": "object", "description": "A tile on the board; what each kind needs or refuses follows its kind.",
            "required": ["kind"], "properties": _described(properties, TILE), "additionalProperties": False,
            "allOf": by_kind}


def _name() -> dict[str, Any]:
    refused = _char_class(_spaces()) + _char_class(CONTROL_CHARACTERS)
    return {"type": "string", "pattern": f"^[^\\-{refused}][^{refused}]*$"}


def _falling() -> dict[str, Any]:
    ws = f"[{_char_class(_spaces())}]"
    last = max(SIZES)
    lines = f"row{ws}+0*[1-{last}]|file{ws}+[{FILE_LETTERS[:last]}]|from{ws}+{_cell_core()}"
    return {"type": "string", "pattern": f"^{ws}*(?:{lines}){ws}*$"}


def _prisoner() -> dict[str, Any]:
    properties = {
        "name": _name(),
        "at": {"$ref": "#/$defs/cell"},
        "falling": _falling(),
        "unplaced": {"const": True},
        "candle": {"enum": list(CANDLES), "default": CANDLES[0]},
        "nerve": {**_integer(*NERVE_RANGE), "default": 1},
        "key": {"type": "boolean", "default": False},
    }
    return {"type": "object", "description": f"A prisoner; exactly one of {', '.join(PLACES)} says where it is.",
            "required": ["name"], "properties": _described(properties, PRISONER), "additionalProperties": False,
            "oneOf": [{"required": [place]} for place in PLACES]}


def _pile() -> dict[str, Any]:
    properties = {
        "count": _integer(0),
        "contents": {"$ref": "#/$defs/counts"},
        "order": {"type": "array", "items": {"$ref": "#/$defs/tile_type"}},
        "layers": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/counts"}},
    }
    return {"type": "object", "description": "The draw pile: contents, order or layers (or none, when discarded is given).",
            "required": ["count"], "properties": _described(properties, PILE), "additionalProperties": False,
            "not": {"required": ["contents", "layers"]}}


def _adjustment(allowed: Any) -> dict[str, Any]:
    """A setup adjustment as :data:`~solver.nightcage.model.setups.DIFFICULTY_KEYS` and ``SUPREME_KEYS`` bound it."""
    if allowed is None:
        return {"type": "boolean"}
    return {"type": "integer", "enum": list(allowed)}


def _setup() -> dict[str, Any]:
    difficulty = {key: (_integer(*allowed) if allowed is not None else {"type": "boolean"}) for key, allowed in DIFFICULTY_KEYS.items()}
    supreme = {key: _adjustment(allowed) for key, allowed in SUPREME_KEYS.items()}
    properties = {
        "base": {"enum": list(BASES), "default": BASES[0]},
        "counts": {"$ref": "#/$defs/counts"},
        "difficulty": {"type": "object", "properties": difficulty, "additionalProperties": False},
        "supreme": {"type": "object", "properties": supreme, "additionalProperties": False},
    }
    adjusted = {"type": "object", "properties": _described(properties, SETUP), "additionalProperties": False}
    return {"description": "A base setup's name, or an object with the base and its adjustments.",
            "oneOf": [{"enum": list(BASES)}, adjusted]}


def _rulings() -> dict[str, Any]:
    properties: dict[str, Any] = {
        rid: {"type": "boolean", "description": f"true (default): {default}; false: {other}"}
        for rid, (default, other) in BOOLEAN_RULINGS.items()
    }
    properties[ADV_5P_WAX] = {**_integer(*ADV_5P_WAX_RANGE), "description": "Wax eaters in an advanced five-prisoner game."}
    offset = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}], "minItems": 2, "maxItems": 2}
    properties[DIRGE_SHAPE] = {"type": "array", "items": offset, "minItems": DIRGE_CELLS,
                               "description": f"The Dirge's shape: {DIRGE_CELLS} different [dx, dy] offsets."}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _pending() -> dict[str, Any]:
    properties = {
        "decision": {"enum": [str(s) for s in STEP_NAMES]},
        "awaits": {"type": "string"},
        "steps": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/step"}},
        "spent": {"type": "object", "additionalProperties": _integer(*NERVE_RANGE)},
        "gained": {"type": "boolean", "default": False},
        "final_flickers": {"type": "boolean", "default": False},
        "relit": {"type": "array", "items": {"type": "string"}},
    }
    return {"type": "object", "description": "A turn in progress (docs/pending.md).", "required": ["steps"],
            "properties": _described(properties, PENDING), "additionalProperties": False}


def _step() -> dict[str, Any]:
    cells = {"type": "array", "items": {"$ref": "#/$defs/cell"}}
    hit = {"type": "object", "required": ["prisoner", "monster"], "properties": {
        "prisoner": {"type": "string"}, "monster": {"$ref": "#/$defs/cell"}, "tiles": {**_integer(*HIT_TILES_RANGE), "default": 3},
        "blockable": {"type": "boolean", "default": True}, "blocked": {"type": "boolean", "default": False}}}
    properties = {
        "step": {"enum": [str(s) for s in STEP_NAMES]},
        "prisoner": {"type": "string"},
        "cell": {"$ref": "#/$defs/cell"},
        "cells": cells,
        "hand": {"$ref": "#/$defs/tile_type"},
        "purpose": {"enum": list(PURPOSES)},
        "count": _integer(0),
        "hits": {"type": "array", "items": hit},
        "origin": {"$ref": "#/$defs/cell"},
        "triggered": cells,
    }
    return {"type": "object", "description": "One step of the turn in progress.", "required": ["step"],
            "properties": _described(properties, STEP), "additionalProperties": False}


__all__ = ["position_schema", "POSITION_SCHEMA_ID"]
