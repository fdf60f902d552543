"""Reading the ``prisoners`` list: each prisoner's board, hand, deck and discard, and the cards it has played."""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from solver.base.fields import Reader, shown
from solver.deadcells.model.cards import Catalogue, Power
from solver.deadcells.model.state import NO_STATES, Deck, Prisoner
from solver.deadcells.model.vocabulary import (
    ROUND_LABELS,
    STATE_INDEX,
    STATES,
    SYMBOLS,
    EquipmentKind,
    Round,
    StateKind,
    Symbol,
    Verb,
)
from solver.deadcells.notation.bounds import (
    MAX_DECK,
    MAX_EQUIPMENT,
    MAX_HAND,
    MAX_PRISONER_HEALTH,
    MAX_SCROLL,
    MAX_SKILLS,
    STATE_TOKENS,
)
from solver.deadcells.notation.cards_reader import ident_problem
from solver.deadcells.notation.vocabulary_reader import read_counts, read_line

PRISONER_FIELDS = ("name", "health", "damage", "shields", "states", "immunities", "equipment", "companions", "skills",
                   "round0", "hand", "deck", "discard", "played", "scrolls", "serenade", "powers", "board")
PLAYED_FIELDS = ("card", "announce", "frozen")
ANNOUNCE_FIELDS = ("action", "round")
POWER_FIELDS = ("round", "actions")
SERENADE_HEALTH = 4
"""« Elle n'a que 4 Points de vie » (p. 18)."""


class ReadPrisoner(NamedTuple):
    prisoner: Prisoner
    path: str


def read_prisoners(r: Reader, value: Any, cards: Catalogue) -> list[ReadPrisoner]:
    items = r.list(value, "prisoners")
    if items is None:
        return []
    found = []
    for index, item in enumerate(items):
        read = _prisoner(r, item, f"prisoners[{index}]", cards)
        if read is not None:
            found.append(read)
    for name, count in Counter(p.prisoner.name for p in found).items():
        if count > 1:
            r.problem("prisoners", f"{shown(name)} is named {count} times: each prisoner once")
    return found


def _card_list(r: Reader, value: Any, path: str, cards: Catalogue, high: int) -> tuple[str, ...]:
    items = r.list(value, path)
    if items is None:
        return ()
    if len(items) > high:
        r.problem(path, f"{len(items)} cards: at most {high}")
        return ()
    found = []
    for i, item in enumerate(items):
        ident = ident_problem(r, item, f"{path}[{i}]", "card id")
        if ident is None:
            continue
        if ident not in cards.combat:
            r.problem(f"{path}[{i}]", f"no combat card {shown(ident)} in cards")
            continue
        found.append(ident)
    return tuple(found)


def _deck(r: Reader, value: Any, path: str, cards: Catalogue) -> Deck:
    if isinstance(value, dict):
        r.unknown_fields(value, path, ("unknown",))
        return Deck(tuple(sorted(_card_list(r, value.get("unknown", []), f"{path}.unknown", cards, MAX_DECK))), False)
    return Deck(_card_list(r, value, path, cards, MAX_DECK), True)


def _states(r: Reader, value: Any, path: str) -> tuple[int, ...]:
    counts = read_counts(r, value, path, tuple(s.value for s in STATES), STATE_TOKENS)
    if "frozen" in counts:
        r.problem(f"{path}.frozen", "a Frozen token sits on a card's line: give it as played[i].frozen (a prisoner) "
                                    "or frozen (an enemy)")
    if counts.get("burning", 0) >= 2:
        r.problem(f"{path}.burning", "a second Burning token eliminates at once (p. 11): at most 1 on a board")
    states = list(NO_STATES)
    for key, n in counts.items():
        states[STATE_INDEX[StateKind(key)]] = n
    return tuple(states)


def read_immunities(r: Reader, value: Any, path: str) -> frozenset[StateKind]:
    found = set()
    for i, word in enumerate(r.list(value, path) or []):
        state = r.choice(word, f"{path}[{i}]", [s.value for s in STATES])
        if state is not None:
            found.add(StateKind(state))
    return frozenset(found)


def _prisoner(r: Reader, value: Any, path: str, cards: Catalogue) -> ReadPrisoner | None:
    obj = r.object(value, path)
    if obj is None:
        return None
    r.unknown_fields(obj, path, PRISONER_FIELDS)
    name = ident_problem(r, obj.get("name"), f"{path}.name", "prisoner's name")
    serenade = r.boolean(obj.get("serenade", False), f"{path}.serenade")
    health = r.integer(obj.get("health", SERENADE_HEALTH if serenade else None), f"{path}.health", 1, MAX_PRISONER_HEALTH)
    damage = r.integer(obj.get("damage", 0), f"{path}.damage", 0, MAX_PRISONER_HEALTH)
    if health is not None and damage is not None and damage >= health:
        r.problem(f"{path}.damage", f"{damage} damage on a track of {health}: the prisoner would be eliminated "
                                    f"already (at most {health - 1})")
    shields = r.integer(obj.get("shields", 0), f"{path}.shields", 0, 12)
    states = _states(r, obj.get("states", {}), f"{path}.states")
    immunities = read_immunities(r, obj.get("immunities", []), f"{path}.immunities")
    equipment = _equipment(r, obj, path, cards)
    companions = _companions(r, obj, path, cards, equipment)
    skills = _skills(r, obj, path, cards)
    round0 = read_line(r, obj.get("round0", []), f"{path}.round0", enemy=False)
    hand = _card_list(r, obj.get("hand", []), f"{path}.hand", cards, MAX_HAND)
    deck = _deck(r, obj.get("deck", []), f"{path}.deck", cards)
    discard = _card_list(r, obj.get("discard", []), f"{path}.discard", cards, MAX_DECK)
    played, frozen, announced = _played(r, obj.get("played", []), f"{path}.played", cards, equipment)
    scrolls = read_counts(r, obj.get("scrolls", {}), f"{path}.scrolls", tuple(s.value for s in SYMBOLS), MAX_SCROLL)
    powers = _powers(r, obj, path, bool(serenade))
    board = None
    if "board" in obj:
        if not serenade:
            r.problem(f"{path}.board", "only Serenade has a board of actions for an empty deck (p. 18)")
        else:
            board = ident_problem(r, obj["board"], f"{path}.board", "card id")
            if board is not None and board not in cards.combat:
                r.problem(f"{path}.board", f"no combat card {shown(board)} in cards")
    if serenade:
        for field in ("equipment", "hand", "companions"):
            if obj.get(field):
                r.problem(f"{path}.{field}", "Serenade has no equipment space and no hand (p. 18)")
    if None in (name, serenade, health, damage, shields):
        return None
    prisoner = Prisoner(
        name=name, health=health, damage=damage, shields=shields, states=states,  # type: ignore[arg-type]
        immunities=immunities, equipment=equipment, companion_damage=companions, skills=skills, round0=round0,
        hand=hand, deck=deck, discard=discard, played=played, frozen=frozen, announced=announced,
        scrolls=(scrolls.get("green", 0), scrolls.get("purple", 0), scrolls.get("red", 0)),
        serenade=bool(serenade), powers=powers, board=board)
    return ReadPrisoner(prisoner, path)


def _equipment(r: Reader, obj: dict[str, Any], path: str, cards: Catalogue) -> tuple[str, ...]:
    items = r.list(obj.get("equipment", []), f"{path}.equipment") or []
    if len(items) > MAX_EQUIPMENT:
        r.problem(f"{path}.equipment", f"{len(items)} items: at most {MAX_EQUIPMENT}")
        return ()
    found = []
    for i, item in enumerate(items):
        ident = ident_problem(r, item, f"{path}.equipment[{i}]", "card id")
        if ident is not None and ident not in cards.equipment:
            r.problem(f"{path}.equipment[{i}]", f"no equipment card {shown(ident)} in cards")
        elif ident is not None:
            if ident in found:
                r.problem(f"{path}.equipment[{i}]", f"{shown(ident)} is equipped twice")
            found.append(ident)
    return tuple(found)


def _companions(r: Reader, obj: dict[str, Any], path: str, cards: Catalogue,
                equipment: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    given = r.object(obj.get("companions", {}), f"{path}.companions") or {}
    found = []
    for ident in equipment:
        item = cards.equipment[ident]
        if item.kind is not EquipmentKind.COMPANION:
            continue
        damage = r.integer(given.get(ident, 0), f"{path}.companions.{ident}", 0, item.health - 1)
        found.append((ident, damage or 0))
    for key in given:
        if key not in equipment or cards.equipment[key].kind is not EquipmentKind.COMPANION:
            r.problem(f"{path}.companions.{key}", "not a companion this prisoner has equipped")
    return tuple(found)


def _skills(r: Reader, obj: dict[str, Any], path: str, cards: Catalogue) -> tuple[str, ...]:
    items = r.list(obj.get("skills", []), f"{path}.skills") or []
    if len(items) > MAX_SKILLS:
        r.problem(f"{path}.skills", f"{len(items)} skills: at most {MAX_SKILLS}")
        return ()
    found = []
    for i, item in enumerate(items):
        ident = ident_problem(r, item, f"{path}.skills[{i}]", "card id")
        if ident is not None and ident not in cards.skills:
            r.problem(f"{path}.skills[{i}]", f"no skill {shown(ident)} in cards")
        elif ident is not None:
            found.append(ident)
    return tuple(found)


def _played(r: Reader, value: Any, path: str, cards: Catalogue,
            equipment: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[frozenset[int], ...], tuple[str, ...]]:
    items = r.list(value, path) or []
    if len(items) > 2:
        r.problem(path, f"{len(items)} cards played: a prisoner plays at most 2 (p. 10)")
        return (), (), ()
    played, frozen, announced = [], [], []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        entry = item if isinstance(item, dict) else {"card": item}
        if isinstance(item, dict):
            r.unknown_fields(item, where, PLAYED_FIELDS)
        ident = ident_problem(r, entry.get("card"), f"{where}.card" if isinstance(item, dict) else where, "card id")
        if ident is None:
            continue
        if ident not in cards.combat:
            r.problem(where, f"no combat card {shown(ident)} in cards")
            continue
        card = cards.combat[ident]
        rounds = set()
        for j, label in enumerate(r.list(entry.get("frozen", []), f"{where}.frozen") or []):
            word = r.choice(label, f"{where}.frozen[{j}]", ROUND_LABELS[1:4])
            if word is not None:
                if not card.line(Round.parse(word)):
                    r.problem(f"{where}.frozen[{j}]", f"line {word} of {ident} is empty: Frozen lands on a line with "
                                                      "an action (p. 11)")
                rounds.add(int(Round.parse(word)))
        played.append(ident)
        frozen.append(frozenset(rounds))
        announced.append(_announce(r, entry.get("announce"), f"{where}.announce", card, cards, equipment))
    return tuple(played), tuple(frozen), tuple(announced)


def _announce(r: Reader, value: Any, path: str, card: Any, cards: Catalogue, equipment: tuple[str, ...]) -> str:
    """« Annoncer UNE Action ... et la Ronde de Combat » (p. 10): it must be an action the card or a timed item of
    the prisoner takes in that round."""
    if value is None:
        return ""
    obj = r.object(value, path)
    if obj is None:
        return ""
    r.unknown_fields(obj, path, ANNOUNCE_FIELDS)
    words = [v.value for v in Verb] + [s.value for s in STATES]
    action = r.choice(obj.get("action"), f"{path}.action", words)
    label = r.choice(obj.get("round"), f"{path}.round", ROUND_LABELS[:4])
    if action is None or label is None:
        return ""
    round_ = Round.parse(label)
    line = list(card.line(round_))
    for ident in equipment:
        item = cards.equipment[ident]
        if item.round == round_:
            line += list(item.actions)
    if not any(a.verb.value == action or (a.state is not None and a.state.value == action) for a in line):
        r.problem(path, f"{card.ident} takes no {action} action in round {label}: an announcement names an action "
                        "the prisoner will take (p. 10)")
    return f"{action} {label}"


def _powers(r: Reader, obj: dict[str, Any], path: str, serenade: bool) -> tuple[Power, ...]:
    if "powers" not in obj:
        return ()
    if not serenade:
        r.problem(f"{path}.powers", "only Serenade has powers (p. 18)")
        return ()
    given = r.object(obj["powers"], f"{path}.powers") or {}
    found = []
    for key, item in given.items():
        where = f"{path}.powers.{key}"
        if key not in [s.value for s in SYMBOLS]:
            r.problem(where, f"unknown symbol; symbols: {', '.join(s.value for s in SYMBOLS)}")
            continue
        entry = r.object(item, where)
        if entry is None:
            continue
        r.unknown_fields(entry, where, POWER_FIELDS)
        label = r.choice(entry.get("round"), f"{where}.round", ROUND_LABELS[:4])
        actions = read_line(r, entry.get("actions", []), f"{where}.actions", enemy=False)
        if label is not None:
            found.append(Power(Symbol(key), Round.parse(label), actions))
    return tuple(found)
