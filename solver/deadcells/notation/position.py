"""The combat position form ``lueur-dc-combat/1``: reading a decoded document, every problem located.

docs/dead-cells.md describes every field. Reading goes on after a problem so
that a document's every problem is reported at once. Once the position reads,
its ``choices`` are replayed through the engine: a choice the rules refuse is
a problem at ``choices[i]`` listing what was possible.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from solver.base.errors import IllegalActionError, PositionError, Problem
from solver.base.fields import Reader, shown
from solver.deadcells.model.cards import Catalogue
from solver.deadcells.model.rulings import DEFAULT, SWITCH_NAMES, Rulings
from solver.deadcells.model.state import NO_LOOT, Boss, Combat, Enemy
from solver.deadcells.model.vocabulary import (
    LOOT_INDEX,
    LOOT_KINDS,
    EnemyKind,
    LootKind,
)
from solver.deadcells.notation.board_reader import read_board
from solver.deadcells.notation.bounds import (
    MAX_CHOICES,
    MAX_LOOT,
    MAX_MANCHE,
)
from solver.deadcells.notation.cards_reader import read_cards
from solver.deadcells.notation.checks import consistent
from solver.deadcells.notation.prisoners import read_prisoners
from solver.deadcells.notation.vocabulary_reader import read_counts
from solver.deadcells.rules import engine
from solver.deadcells.rules.events import Event

FORMAT = "lueur-dc-combat/1"
FIELDS = ("format", "cards", "prisoners", "first_player", "passer", "enemies", "encounter", "loot", "bag", "wall_void",
          "boss", "rulings", "choices", "meta")
BOSS_FIELDS = ("manche", "passed", "round0")
LOOT_WORDS = tuple(k.value for k in LOOT_KINDS)


@dataclass(frozen=True)
class Loaded:
    """A position read: the combat as read, at its first choice, after its choices; the events of both."""

    initial: Combat
    """The combat as the document gives it, before any step runs (``rules.engine.start`` runs it)."""
    start: Combat
    combat: Combat
    choices: tuple[str, ...]
    events: tuple[Event, ...]
    opening: tuple[Event, ...]
    title: str | None = None
    document: Any = None
    """The document read (the choices made since are appended to its ``choices`` when it is written)."""


def read(document: Any) -> Loaded:
    """The position of a decoded document; raises :class:`PositionError` listing every problem with its place."""
    reader = Reader()
    loaded = _Read(reader).document(document)
    if reader.problems or loaded is None:
        raise PositionError(reader.problems or [Problem("", "not a position")])
    return loaded


class _Read:
    def __init__(self, reader: Reader) -> None:
        self.r = reader

    def document(self, doc: Any) -> Loaded | None:
        obj = self.r.object(doc, "")
        if obj is None:
            return None
        self.r.unknown_fields(obj, "", FIELDS)
        if obj.get("format") != FORMAT:
            self.r.problem("format", f"expected {json.dumps(FORMAT)}, got {shown(obj.get('format'))}")
        rulings = self.rulings(obj.get("rulings", {}))
        cards = read_cards(self.r, obj.get("cards", {}))
        if cards is None:
            return None
        read = read_prisoners(self.r, obj.get("prisoners"), cards)
        prisoners = [p.prisoner for p in read]
        names = [p.name for p in prisoners]
        # A prisoner refused for another field is still named: the First Player naming it is no second problem.
        named = [item["name"] for item in self.r_items(obj) if isinstance(item, dict) and isinstance(item.get("name"), str)]
        first = self.name(obj.get("first_player"), "first_player", named)
        passer = self.name(obj["passer"], "passer", named) if "passer" in obj else None
        enemies = read_board(self.r, obj, cards)
        loot = self.loot(obj.get("loot", {}), "loot")
        bag = self.loot(obj.get("bag", {}), "bag")
        wall_void = obj.get("wall_void")
        if wall_void is not None:
            wall_void = self.r.choice(wall_void, "wall_void", ["wall", "void"])
        boss = self.boss(obj, cards, enemies, names)
        choices = self.choices(obj.get("choices", []))
        meta = obj.get("meta")
        title = meta.get("title") if isinstance(meta, dict) and isinstance(meta.get("title"), str) else None
        if self.r.problems or first is None or enemies is None or len(read) != len(self.r_items(obj)):
            return None
        combat = Combat(prisoners=tuple(prisoners), first=names.index(first), enemies=enemies, loot=loot, bag=bag,
                        passer=names.index(passer) if passer else None, wall_void=wall_void, boss=boss,
                        rulings=rulings, cards=cards,
                        start_damage=sum(p.damage for p in prisoners))
        consistent(self.r, combat, read)
        if self.r.problems:
            return None
        return self.replay(combat, choices, title, doc)

    def r_items(self, obj: dict[str, Any]) -> list[Any]:
        items = obj.get("prisoners")
        return items if isinstance(items, list) else []

    def rulings(self, value: Any) -> Rulings:
        obj = self.r.object(value, "rulings")
        rulings = DEFAULT
        for key, flag in (obj or {}).items():
            if key not in SWITCH_NAMES:
                self.r.problem(f"rulings.{key}", f"unknown ruling; rulings: {', '.join(SWITCH_NAMES)}")
            elif self.r.boolean(flag, f"rulings.{key}") is not None:
                rulings = rulings.with_switch(key, flag)
        return rulings

    def name(self, value: Any, path: str, names: list[str]) -> str | None:
        if value not in names:
            self.r.problem(path, f"{shown(value)} is not a prisoner; prisoners: {', '.join(names) or 'none'}")
            return None
        return str(value)

    def loot(self, value: Any, path: str) -> tuple[int, ...]:
        counts = read_counts(self.r, value, path, LOOT_WORDS, MAX_LOOT)
        out = list(NO_LOOT)
        for key, n in counts.items():
            out[LOOT_INDEX[LootKind(key)]] = n
        return tuple(out)

    def boss(self, obj: dict[str, Any], cards: Catalogue, enemies: tuple[Enemy | None, ...] | None,
             names: list[str]) -> Boss | None:
        bosses = [e for e in enemies or () if e is not None and cards.enemies[e.card].kind is EnemyKind.BOSS]
        if "boss" not in obj:
            return Boss() if bosses else None
        if not bosses:
            self.r.problem("boss", "a boss fight needs a boss card on the board")
            return None
        given = self.r.object(obj["boss"], "boss") or {}
        self.r.unknown_fields(given, "boss", BOSS_FIELDS)
        manche = self.r.integer(given.get("manche", 1), "boss.manche", 1, MAX_MANCHE) or 1
        passed = []
        for i, name in enumerate(self.r.list(given.get("passed", []), "boss.passed") or []):
            if self.name(name, f"boss.passed[{i}]", names) is not None:
                passed.append(str(name))
        round0 = self.r.boolean(given.get("round0", manche == 1), "boss.round0")
        return Boss(manche, frozenset(passed), None, bool(round0))

    def choices(self, value: Any) -> tuple[str, ...]:
        items = self.r.list(value, "choices")
        if items is None:
            return ()
        if len(items) > MAX_CHOICES:
            self.r.problem("choices", f"{len(items):,} choices: at most {MAX_CHOICES:,}")
            return ()
        found = [self.r.string(item, f"choices[{i}]") for i, item in enumerate(items)]
        return tuple(f for f in found if f is not None)

    def replay(self, combat: Combat, choices: tuple[str, ...], title: str | None, doc: Any) -> Loaded | None:
        opening: list[Event] = []
        start = engine.start(combat, opening)
        events: list[Event] = []
        current = start
        for index, choice in enumerate(choices):
            try:
                current = engine.apply(current, choice, events)
            except IllegalActionError as exc:
                legal = f"; choices: {', '.join(exc.legal[:12])}" + (" ..." if len(exc.legal) > 12 else "") if exc.legal else ""
                self.r.problem(f"choices[{index}]", f"{shown(choice)}: {exc.reason}{legal}")
                return None
        return Loaded(combat, start, current, choices, tuple(events), tuple(opening), title, doc)


def with_choices(loaded: Loaded, more: list[str]) -> tuple[Loaded, list[Event]]:
    """The position after more choices (IllegalActionError at the first the rules refuse), and their events."""
    events: list[Event] = []
    current = loaded.combat
    for choice in more:
        current = engine.apply(current, choice, events)
    done = replace(loaded, combat=current, choices=loaded.choices + tuple(engine.normalized(c) for c in more),
                   events=loaded.events + tuple(events))
    return done, events


def document_with_choices(loaded: Loaded) -> dict[str, Any]:
    """The document read, its ``choices`` replaced by every choice made so far (a copy)."""
    document = json.loads(json.dumps(loaded.document))
    document["choices"] = list(loaded.choices)
    return document
