"""Reading the pieces' sections of the position form: the characters and the objects (every problem located)."""

from __future__ import annotations

from typing import Any

from solver.base.fields import shown
from solver.dungeontwister.model.catalogue import CatalogueError, character_kind, object_kind
from solver.dungeontwister.model.state import Character, Item, Place
from solver.dungeontwister.notation.fields import (
    BESIDE,
    CHARACTER_FIELDS,
    IDENT,
    MAX_CHARACTERS,
    MAX_OBJECTS,
    OBJECT_FIELDS,
    RESERVED,
    Fields,
)


class Pieces(Fields):
    """The pieces' sections."""

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
