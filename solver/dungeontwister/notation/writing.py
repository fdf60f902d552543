"""Writing a position: the JSON document of ``lueur-dt-position/1`` and the same document as TOML.

Writing is deterministic (the same position, the same bytes) and reads back
as the same position: ``read(to_json(p))`` equals ``p`` field by field.
"""

from __future__ import annotations

import json
from typing import Any

from solver.dungeontwister.model.board import HalfOwner
from solver.dungeontwister.model.state import Character, Item, Place, Position
from solver.dungeontwister.notation.position_json import BESIDE, FORMAT


def to_json(position: Position, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The document of ``position`` (every field written, in a fixed order; no nulls, so TOML holds it too)."""
    board, layout = position.board, position.layout
    rooms = []
    for index, room in enumerate(board.rooms):
        zones = []
        for z_index, zone in enumerate(room.zones):
            entry: dict[str, Any] = {"id": zone, "pit": zone in layout.pits, "mechanism": zone in layout.mechanisms}
            if room.cells:
                entry["cell"] = list(room.cells[z_index])
            zones.append(entry)
        rim = []
        for port_index, port in enumerate(room.rim):
            half = next(i for i, h in enumerate(board.halves) if h.owner is HalfOwner.RIM and h.room == index
                        and h.port == port_index)
            entry = {"zone": port.zone, "kind": layout.halves[half].value}
            if port.to is not None:
                entry["to"] = port.to
            rim.append(entry)
        doc: dict[str, Any] = {"id": room.ident, "colour": room.colour, "arrow": room.arrow.value,
                               "orientation": layout.orientation[index], "revealed": layout.revealed[index], "zones": zones,
                               "turn": dict(room.turn)}
        if rim:
            doc["rim"] = rim
        if room.at is not None:
            doc["at"] = list(room.at)
        rooms.append(doc)
    starts = []
    for start in board.start_zones:
        entry = {"id": start.ident, "player": position.players[start.player].name}
        if start.at is not None:
            entry["at"] = list(start.at)
        starts.append(entry)
    boundaries = [{"between": sorted(h.pair), "kind": layout.halves[i].value} for i, h in enumerate(board.halves)
                  if h.owner is not HalfOwner.RIM]
    document: dict[str, Any] = {
        "format": FORMAT,
        "players": [{"name": p.name, "ap": p.ap, "jump_cards": p.jump_cards, "combat_cards": list(p.cards), "vp": p.vp}
                    for p in position.players],
        "to_move": position.players[position.to_move].name,
        "target_vp": position.target_vp,
        "rooms": rooms,
        "start_zones": starts,
        "boundaries": boundaries,
        "lines": [list(line) for line in board.lines],
        "characters": [_character(position, c) for c in position.characters],
        "objects": [_item(position, i) for i in position.items],
        "rulings": position.rulings.as_dict(),
    }
    if meta:
        document["meta"] = meta
    return document


def _place(place: Place, zone: str) -> str:
    if place is Place.ZONE:
        return zone
    if place is Place.BESIDE:
        return BESIDE + zone
    return place.value


def _character(position: Position, c: Character) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": c.ident, "kind": c.kind.value, "owner": position.players[c.owner].name,
                           "at": _place(c.place, c.zone)}
    if c.facing:
        doc["facing"] = c.facing
    for key in ("wounded", "wounded_this_turn"):
        if getattr(c, key):
            doc[key] = True
    if c.carrying:
        doc["carrying"] = list(c.carrying)
    if c.entered_from:
        doc["entered_from"] = c.entered_from
    for key in ("shot", "free_melee", "resting", "walls_broken"):
        if getattr(c, key):
            doc[key] = True
    return doc


def _item(position: Position, i: Item) -> dict[str, Any]:
    return {"id": i.ident, "kind": i.kind.value, "owner": position.players[i.owner].name, "at": _place(i.place, i.zone)}


def dumps(position: Position, meta: dict[str, Any] | None = None) -> str:
    """The JSON text: one top-level field a line, one room, character or object a line."""
    return compact(to_json(position, meta))


def compact(document: dict[str, Any]) -> str:
    lines = []
    for key, value in document.items():
        if isinstance(value, list) and value and key in ("players", "rooms", "characters", "objects", "boundaries", "lines",
                                                         "start_zones"):
            items = ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# -- TOML -----------------------------------------------------------------------------------------------------------

def to_toml(position: Position, meta: dict[str, Any] | None = None) -> str:
    """The same document as TOML: scalars and short lists first, then each list of objects as an array of tables."""
    return toml_text(to_json(position, meta))


def toml_text(document: dict[str, Any]) -> str:
    """A document of strings, integers, booleans, lists and objects (no nulls) as TOML text."""
    out: list[str] = []
    _table(document, [], out)
    return "\n".join(out).strip("\n") + "\n"


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _table(obj: dict[str, Any], path: list[str], out: list[str]) -> None:
    """Key/values first (an inline object among them), then sub-tables, then arrays of tables: a header ends the
    key/values of the table above it."""
    for key, value in obj.items():
        if not _is_tables(value) and not (isinstance(value, dict) and not _is_inline(value)):
            out.append(f"{_key(key)} = {_value(value)}")
    for key, value in obj.items():
        if isinstance(value, dict) and not _is_inline(value):
            out.append("")
            out.append(f"[{'.'.join(_key(k) for k in [*path, key])}]")
            _table(value, [*path, key], out)
    for key, value in obj.items():
        if _is_tables(value):
            for item in value:
                out.append("")
                out.append(f"[[{'.'.join(_key(k) for k in [*path, key])}]]")
                _table(item, [*path, key], out)


def _is_inline(value: dict[str, Any]) -> bool:
    """A small object of scalars (a room's turn, the rulings) is written inline."""
    return all(not isinstance(v, (dict, list)) for v in value.values())


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise ValueError(f"TOML has no {'null' if value is None else type(value).__name__}: leave the field out")
