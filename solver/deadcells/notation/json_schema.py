"""The JSON Schema (Draft 2020-12) of the combat position ``lueur-dc-combat/1``, from the reader's own tables.

The schema says what each field holds; the reader
(:mod:`solver.deadcells.notation.position`) checks more (the cards a position
names exist, who plays how many cards, the token supply, the choices replayed
through the engine) and locates every problem. ``lueur schema dc-combat``
prints it; ``docs/schema/`` holds it.

>>> doc = position_schema()
>>> doc["properties"]["format"], doc["required"]
({'const': 'lueur-dc-combat/1'}, ['format', 'prisoners', 'first_player'])
"""

from __future__ import annotations

from typing import Any

from solver.base.schema_parts import DIALECT, SCHEMA_BASE
from solver.deadcells.model.rulings import SWITCH_NAMES
from solver.deadcells.model.vocabulary import LOOT_KINDS, ROUND_LABELS, SPACES, STATES, SYMBOLS, EquipmentKind, Only, Requirement, Trigger
from solver.deadcells.notation import bounds
from solver.deadcells.notation.board_reader import ENEMY_FIELDS
from solver.deadcells.notation.cards_reader import (
    BOSS_FIELDS,
    COMBAT_FIELDS,
    EQUIPMENT_FIELDS,
    PLACEMENTS,
    SKILL_FIELDS,
    STAGE_FIELDS,
)
from solver.deadcells.notation.cards_reader import (
    ENEMY_FIELDS as ENEMY_CARD_FIELDS,
)
from solver.deadcells.notation.position import BOSS_FIELDS as BOSS_STATE_FIELDS
from solver.deadcells.notation.position import FIELDS, FORMAT
from solver.deadcells.notation.prisoners import ANNOUNCE_FIELDS, PLAYED_FIELDS, POWER_FIELDS, PRISONER_FIELDS
from solver.deadcells.notation.vocabulary_reader import QUALIFIERS, REWARD_FIELDS, VERBS

DC_COMBAT_SCHEMA_ID = f"{SCHEMA_BASE}lueur-dc-combat-1.schema.json"
IDENT = {"type": "string", "pattern": bounds.IDENT.pattern, "description": "One word: letters, digits, _ . ' -; at most 40."}


def _closed(properties: dict[str, Any], fields: tuple[str, ...], required: list[str]) -> dict[str, Any]:
    assert tuple(properties) == fields, "the schema and the reader list the same fields"
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    return schema


def _count(high: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": high}


def _amount() -> dict[str, Any]:
    return {"type": "integer", "minimum": 1, "maximum": bounds.MAX_AMOUNT}


def _action() -> dict[str, Any]:
    verbs = {"damage": _amount(), "block": _amount(), "loot": {"const": 1}, "skill": _amount(),
             "state": {"enum": [s.value for s in STATES]}, "heal": _amount()}
    assert tuple(verbs) == VERBS
    qualifiers = {"range": {"type": "array", "items": {"enum": [s.value for s in SPACES]}, "minItems": 1, "uniqueItems": True},
                  "targets": {"type": "integer", "minimum": 1, "maximum": bounds.MAX_TARGETS},
                  "first_player": {"type": "boolean"}, "only": {"enum": [o.value for o in Only]}}
    assert tuple(qualifiers) == QUALIFIERS
    return {"type": "object", "description": "One action: exactly one verb, with its qualifiers (docs/dead-cells.md).",
            "properties": {**verbs, **qualifiers}, "additionalProperties": False,
            "oneOf": [{"required": [verb]} for verb in VERBS]}


def _line() -> dict[str, Any]:
    return {"type": "array", "items": _action(), "maxItems": bounds.MAX_ACTIONS}


def _lines(labels: tuple[str, ...]) -> dict[str, Any]:
    return {"type": "object", "propertyNames": {"enum": list(labels)}, "additionalProperties": _line()}


def _reward() -> dict[str, Any]:
    properties = {k: _count(bounds.MAX_LOOT) for k in REWARD_FIELDS[:-1]} | {"damage": _count(bounds.MAX_AMOUNT)}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _immunities() -> dict[str, Any]:
    return {"type": "array", "items": {"enum": [s.value for s in STATES]}}


def _cards() -> dict[str, Any]:
    combat = _closed({"kind": {"const": "combat"}, "name": {"type": "string"},
                      "symbols": {"type": "array", "items": {"enum": [s.value for s in SYMBOLS]}},
                      "lines": _lines(ROUND_LABELS[:4])}, COMBAT_FIELDS, ["kind"])
    enemy = _closed({"kind": {"enum": ["monster", "enemy"]}, "name": {"type": "string"},
                     "health": {"type": "integer", "minimum": 1, "maximum": bounds.MAX_ENEMY_HEALTH},
                     "lines": _lines(ROUND_LABELS), "immunities": _immunities(), "death": _reward(), "elite": {"type": "boolean"},
                     "placement": {"enum": list(PLACEMENTS)}}, ENEMY_CARD_FIELDS, ["kind", "health"])
    stage = _closed({"name": {"type": "string"}, "health": {"type": "integer", "minimum": 1, "maximum": bounds.MAX_ENEMY_HEALTH},
                     "lines": _lines(ROUND_LABELS), "immunities": _immunities(), "death": _reward()}, STAGE_FIELDS, ["health"])
    boss = _closed({"kind": {"const": "boss"}, "name": {"type": "string"},
                    "stages": {"type": "array", "items": stage, "minItems": 2, "maxItems": bounds.MAX_STAGES}},
                   BOSS_FIELDS, ["kind", "stages"])
    equipment = _closed({"kind": {"const": "equipment"}, "name": {"type": "string"},
                         "type": {"enum": [k.value for k in EquipmentKind]}, "round": {"enum": list(ROUND_LABELS[:4])},
                         "actions": _line(), "health": {"type": "integer", "minimum": 1, "maximum": bounds.MAX_ENEMY_HEALTH},
                         "trigger": {"enum": [t.value for t in Trigger]}, "requires": {"enum": [r.value for r in Requirement]}},
                        EQUIPMENT_FIELDS, ["kind", "type"])
    skill = _closed({"kind": {"const": "skill"}, "name": {"type": "string"}, "actions": _line()}, SKILL_FIELDS, ["kind"])
    return {"type": "object", "propertyNames": IDENT, "maxProperties": bounds.MAX_CARDS,
            "additionalProperties": {"oneOf": [combat, enemy, boss, equipment, skill]},
            "description": "Every card the combat names, by id, entered by the user (the project ships none)."}


def _prisoner() -> dict[str, Any]:
    ids = {"type": "array", "items": IDENT}
    states = {"type": "object", "propertyNames": {"enum": [s.value for s in STATES if s.value != "frozen"]},
              "additionalProperties": _count(bounds.STATE_TOKENS)}
    announce = _closed({"action": {"type": "string"}, "round": {"enum": list(ROUND_LABELS[:4])}}, ANNOUNCE_FIELDS,
                       ["action", "round"])
    played = {"anyOf": [IDENT, _closed({"card": IDENT, "announce": announce,
                                        "frozen": {"type": "array", "items": {"enum": list(ROUND_LABELS[1:4])}}},
                                       PLAYED_FIELDS, ["card"])]}
    power = _closed({"round": {"enum": list(ROUND_LABELS[:4])}, "actions": _line()}, POWER_FIELDS, ["round"])
    deck = {"anyOf": [{"type": "array", "items": IDENT, "maxItems": bounds.MAX_DECK},
                      {"type": "object", "properties": {"unknown": {"type": "array", "items": IDENT, "maxItems": bounds.MAX_DECK}},
                       "additionalProperties": False}]}
    properties = {
        "name": IDENT, "health": {"type": "integer", "minimum": 1, "maximum": bounds.MAX_PRISONER_HEALTH},
        "damage": _count(bounds.MAX_PRISONER_HEALTH), "shields": _count(bounds.SHIELD_TOKENS), "states": states,
        "immunities": _immunities(), "equipment": {**ids, "maxItems": bounds.MAX_EQUIPMENT},
        "companions": {"type": "object", "additionalProperties": _count(bounds.MAX_ENEMY_HEALTH)},
        "skills": {**ids, "maxItems": bounds.MAX_SKILLS}, "round0": _line(),
        "hand": {**ids, "maxItems": bounds.MAX_HAND}, "deck": deck, "discard": {**ids, "maxItems": bounds.MAX_DECK},
        "played": {"type": "array", "items": played, "maxItems": 2},
        "scrolls": {"type": "object", "propertyNames": {"enum": [s.value for s in SYMBOLS]},
                    "additionalProperties": _count(bounds.MAX_SCROLL)},
        "serenade": {"type": "boolean"},
        "powers": {"type": "object", "propertyNames": {"enum": [s.value for s in SYMBOLS]}, "additionalProperties": power},
        "board": IDENT,
    }
    return _closed(properties, PRISONER_FIELDS, ["name"])


def position_schema() -> dict[str, Any]:
    """The whole document, a new dict each call."""
    loot = {"type": "object", "propertyNames": {"enum": [k.value for k in LOOT_KINDS]},
            "additionalProperties": _count(bounds.MAX_LOOT)}
    enemy = _closed({"card": IDENT, "damage": _count(bounds.MAX_ENEMY_HEALTH), "shields": _count(bounds.SHIELD_TOKENS),
                     "states": {"type": "object", "propertyNames": {"enum": [s.value for s in STATES if s.value != "frozen"]},
                                "additionalProperties": _count(bounds.STATE_TOKENS)},
                     "frozen": {"type": "array", "items": {"enum": list(ROUND_LABELS[1:])}},
                     "stage": _count(bounds.MAX_STAGES - 1)}, ENEMY_FIELDS, ["card"])
    properties = {
        "format": {"const": FORMAT},
        "cards": _cards(),
        "prisoners": {"type": "array", "items": _prisoner(), "minItems": 1, "maxItems": 5,
                      "description": "In seating order, clockwise; solo adds Serenade."},
        "first_player": IDENT,
        "passer": IDENT,
        "enemies": {"type": "object", "propertyNames": {"enum": [s.value for s in SPACES]}, "additionalProperties": enemy},
        "encounter": {"type": "array", "items": IDENT, "description": "The enemy cards in the order drawn (p. 8)."},
        "loot": loot,
        "bag": loot,
        "wall_void": {"enum": ["wall", "void"]},
        "boss": _closed({"manche": {"type": "integer", "minimum": 1, "maximum": bounds.MAX_MANCHE},
                         "passed": {"type": "array", "items": IDENT}, "round0": {"type": "boolean"}}, BOSS_STATE_FIELDS, []),
        "rulings": {"type": "object", "propertyNames": {"enum": list(SWITCH_NAMES)}, "additionalProperties": {"type": "boolean"}},
        "choices": {"type": "array", "items": {"type": "string"}, "maxItems": bounds.MAX_CHOICES,
                    "description": "The choices made so far, each the text of an option the engine offered."},
        "meta": {"description": "Anything (a title, a source); kept out of the rules."},
    }
    assert tuple(properties) == FIELDS, "the schema and the reader list the same fields"
    return {
        "$schema": DIALECT,
        "$id": DC_COMBAT_SCHEMA_ID,
        "title": f"A Dead Cells combat ({FORMAT})",
        "description": "docs/dead-cells.md describes every field; the reader checks more than this schema (the cards "
                       "named exist, who plays how many cards, the token supply, the choices) and locates every problem.",
        "type": "object",
        "required": ["format", "prisoners", "first_player"],
        "properties": properties,
        "additionalProperties": False,
    }
