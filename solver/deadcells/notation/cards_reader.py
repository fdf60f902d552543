"""Reading the ``cards`` object: every card the combat names, entered by the user (the project ships none).

``{"id": {"kind": ..., ...}}``; the kinds are ``combat`` (a prisoner's or
Serenade's combat card), ``monster``, ``boss``, ``enemy`` (any other enemy),
``equipment`` and ``skill`` (a skill of a prisoner's board). docs/dead-cells.md
gives every field.
"""

from __future__ import annotations

from typing import Any

from solver.base.fields import Reader, quoted
from solver.deadcells.model.cards import Catalogue, CombatCard, EnemyCard, Equipment, Skill, Stage
from solver.deadcells.model.vocabulary import (
    ROUND_LABELS,
    SYMBOLS,
    EnemyKind,
    EquipmentKind,
    Requirement,
    Round,
    Space,
    StateKind,
    Symbol,
    Trigger,
)
from solver.deadcells.notation.bounds import IDENT, MAX_CARDS, MAX_ENEMY_HEALTH, MAX_STAGES
from solver.deadcells.notation.vocabulary_reader import read_line, read_lines, read_reward

CARD_KINDS = ("combat", "monster", "boss", "enemy", "equipment", "skill")
COMBAT_FIELDS = ("kind", "name", "symbols", "lines")
ENEMY_FIELDS = ("kind", "name", "health", "lines", "immunities", "death", "elite", "placement")
BOSS_FIELDS = ("kind", "name", "stages")
STAGE_FIELDS = ("name", "health", "lines", "immunities", "death")
EQUIPMENT_FIELDS = ("kind", "name", "type", "round", "actions", "health", "trigger", "requires")
SKILL_FIELDS = ("kind", "name", "actions")
PLACEMENTS = ("L", "R3")
"""The special placement icons (p. 8): left of the group, or the third space to its right."""


def ident_problem(r: Reader, value: Any, path: str, what: str) -> str | None:
    text = r.string(value, path)
    if text is None:
        return None
    if not IDENT.match(text):
        r.problem(path, f"{quoted(text)} is not a valid {what}: one word of letters, digits, _ . ' -, at most 40 "
                        "characters")
        return None
    return text


def read_cards(r: Reader, value: Any) -> Catalogue | None:
    """The catalogue; None when the object is past its bound (nothing else is read then: every card would be
    missing)."""
    obj = r.object(value, "cards")
    combat: dict[str, CombatCard] = {}
    enemies: dict[str, EnemyCard] = {}
    equipment: dict[str, Equipment] = {}
    skills: dict[str, Skill] = {}
    if obj is None:
        return Catalogue.of(combat, enemies, equipment, skills)
    if len(obj) > MAX_CARDS:
        r.problem("cards", f"{len(obj):,} cards: at most {MAX_CARDS}")
        return None
    for key, item in obj.items():
        path = f"cards.{key}"
        if ident_problem(r, key, path, "card id") is None:
            continue
        card = r.object(item, path)
        if card is None:
            continue
        kind = r.choice(card.get("kind"), f"{path}.kind", CARD_KINDS)
        name = card.get("name", key)
        if r.string(name, f"{path}.name") is None:
            continue
        if kind == "combat":
            r.unknown_fields(card, path, COMBAT_FIELDS)
            combat[key] = _combat(r, card, key, name, path)
        elif kind in ("monster", "enemy"):
            r.unknown_fields(card, path, ENEMY_FIELDS)
            enemy = _enemy(r, card, key, name, path, EnemyKind(kind))
            if enemy is not None:
                enemies[key] = enemy
        elif kind == "boss":
            r.unknown_fields(card, path, BOSS_FIELDS)
            boss = _boss(r, card, key, path)
            if boss is not None:
                enemies[key] = boss
        elif kind == "equipment":
            r.unknown_fields(card, path, EQUIPMENT_FIELDS)
            item_card = _equipment(r, card, key, name, path)
            if item_card is not None:
                equipment[key] = item_card
        elif kind == "skill":
            r.unknown_fields(card, path, SKILL_FIELDS)
            skills[key] = Skill(key, name, read_line(r, card.get("actions", []), f"{path}.actions", enemy=False))
    return Catalogue.of(combat, enemies, equipment, skills)


def _combat(r: Reader, card: dict[str, Any], key: str, name: str, path: str) -> CombatCard:
    symbols = []
    for i, word in enumerate(r.list(card.get("symbols", []), f"{path}.symbols") or []):
        symbol = r.choice(word, f"{path}.symbols[{i}]", [s.value for s in SYMBOLS])
        if symbol is not None:
            symbols.append(Symbol(symbol))
    lines = read_lines(r, card.get("lines", {}), f"{path}.lines", enemy=False)
    return CombatCard(key, name, tuple(symbols), (lines[0], lines[1], lines[2], lines[3]))


def _immunities(r: Reader, value: Any, path: str) -> frozenset[StateKind]:
    found = set()
    for i, word in enumerate(r.list(value, path) or []):
        state = r.choice(word, f"{path}[{i}]", [s.value for s in StateKind])
        if state is not None:
            found.add(StateKind(state))
    return frozenset(found)


def _stage(r: Reader, card: dict[str, Any], name: str, path: str) -> Stage | None:
    health = r.integer(card.get("health"), f"{path}.health", 1, MAX_ENEMY_HEALTH)
    lines = read_lines(r, card.get("lines", {}), f"{path}.lines", enemy=True)
    immunities = _immunities(r, card.get("immunities", []), f"{path}.immunities")
    death = read_reward(r, card.get("death", {}), f"{path}.death")
    if health is None:
        return None
    return Stage(name, health, (lines[0], lines[1], lines[2], lines[3], lines[4]), immunities, death)


def _enemy(r: Reader, card: dict[str, Any], key: str, name: str, path: str, kind: EnemyKind) -> EnemyCard | None:
    elite = r.boolean(card.get("elite", False), f"{path}.elite")
    placement = card.get("placement")
    if placement is not None:
        placement = r.choice(placement, f"{path}.placement", PLACEMENTS)
    side = _stage(r, card, name, path)
    if side is None or elite is None:
        return None
    return EnemyCard(key, kind, (side,), elite, Space(placement) if placement else None)


def _boss(r: Reader, card: dict[str, Any], key: str, path: str) -> EnemyCard | None:
    items = r.list(card.get("stages"), f"{path}.stages")
    if items is None:
        return None
    if not 2 <= len(items) <= MAX_STAGES:
        r.problem(f"{path}.stages", f"{len(items)} stages: a boss has at least 2 (the two sides of its card, p. 14) "
                                    f"and at most {MAX_STAGES} here")
        return None
    stages = []
    for i, item in enumerate(items):
        where = f"{path}.stages[{i}]"
        obj = r.object(item, where)
        if obj is None:
            continue
        r.unknown_fields(obj, where, STAGE_FIELDS)
        stage_name = obj.get("name", f"{card.get('name', key)} ({i + 1})")
        if r.string(stage_name, f"{where}.name") is None:
            continue
        side = _stage(r, obj, stage_name, where)
        if side is not None:
            stages.append(side)
    if len(stages) != len(items):
        return None
    return EnemyCard(key, EnemyKind.BOSS, tuple(stages))


def _equipment(r: Reader, card: dict[str, Any], key: str, name: str, path: str) -> Equipment | None:
    kind_word = r.choice(card.get("type"), f"{path}.type", [k.value for k in EquipmentKind])
    if kind_word is None:
        return None
    kind = EquipmentKind(kind_word)
    timed = kind in (EquipmentKind.REPLACE, EquipmentKind.ADD)
    round_: Round | None = None
    if timed:
        label = r.choice(card.get("round"), f"{path}.round", ROUND_LABELS[:4])
        round_ = Round.parse(label) if label is not None else None
    elif "round" in card:
        r.problem(f"{path}.round", "only a timed item ('replace' or 'add') has a round")
    actions = read_line(r, card.get("actions", []), f"{path}.actions", enemy=False)
    health = 0
    if kind is EquipmentKind.COMPANION:
        health = r.integer(card.get("health"), f"{path}.health", 1, MAX_ENEMY_HEALTH) or 0
    elif "health" in card:
        r.problem(f"{path}.health", "only a companion has health")
    trigger = None
    if kind is EquipmentKind.ALWAYS:
        word = r.choice(card.get("trigger"), f"{path}.trigger", [t.value for t in Trigger])
        trigger = Trigger(word) if word is not None else None
    elif "trigger" in card:
        r.problem(f"{path}.trigger", "only an always-active item has a trigger")
    requires = None
    if "requires" in card:
        word = r.choice(card["requires"], f"{path}.requires", [q.value for q in Requirement])
        requires = Requirement(word) if word is not None else None
    if kind is not EquipmentKind.COMPANION and not actions and "actions" not in card:
        r.problem(f"{path}.actions", f"a {kind.value} item needs its actions")
    if (timed and round_ is None) or (kind is EquipmentKind.ALWAYS and trigger is None):
        return None
    return Equipment(key, name, kind, actions, round_, health, trigger, requires)
