"""Reading actions, lines and death rewards: the closed vocabulary, every word outside it refused with a reason.

An action is an object with one verb key (``{"damage": 1, "range": ["R1"]}``).
A prisoner's action (a combat card, an item, a skill, a power) and an enemy's
differ: an enemy damages, blocks or gives a state to a prisoner of the
group's choice, and has no range; a prisoner's damage and states have a range.
"""

from __future__ import annotations

from typing import Any

from solver.base.fields import Reader, shown
from solver.deadcells.model.cards import Action, Line, Reward
from solver.deadcells.model.vocabulary import (
    ENEMY_VERBS,
    LOOT_KINDS,
    ROUND_LABELS,
    SPACES,
    STATES,
    LootKind,
    Only,
    Space,
    StateKind,
    Verb,
)
from solver.deadcells.notation.bounds import MAX_ACTIONS, MAX_AMOUNT, MAX_LOOT, MAX_TARGETS

VERBS = tuple(v.value for v in Verb)
QUALIFIERS = ("range", "targets", "first_player", "only")
ACTION_FIELDS = VERBS + QUALIFIERS
NOT_SPECIFIED = {
    "golden_shield": "golden shields are in the box (p. 2) but no page says what they do: not specified by the rules",
    "purge": "the Purge action removes a card from the game between Runs (p. 15), not in a combat",
    "move": "nothing in a combat moves an enemy but the end-of-round advance (p. 12)",
}
"""Words players may expect, with why they are refused."""
REWARD_FIELDS = tuple(k.value for k in LOOT_KINDS) + ("damage",)


def read_line(r: Reader, value: Any, path: str, *, enemy: bool) -> Line:
    items = r.list(value, path)
    if items is None:
        return ()
    if len(items) > MAX_ACTIONS:
        r.problem(path, f"{len(items)} actions: at most {MAX_ACTIONS} on one line")
        return ()
    found = [read_action(r, item, f"{path}[{i}]", enemy=enemy) for i, item in enumerate(items)]
    return tuple(a for a in found if a is not None)


def read_action(r: Reader, value: Any, path: str, *, enemy: bool) -> Action | None:
    obj = r.object(value, path)
    if obj is None:
        return None
    for key in obj:
        if key in NOT_SPECIFIED:
            r.problem(f"{path}.{key}", NOT_SPECIFIED[key])
            return None
    verbs = [k for k in obj if k in VERBS]
    unknown = [k for k in obj if k not in ACTION_FIELDS]
    for key in unknown:
        r.problem(f"{path}.{key}", f"{shown(key)} is not an action or qualifier the rules specify; actions: "
                                   f"{', '.join(VERBS)}; qualifiers: {', '.join(QUALIFIERS)}")
    if len(verbs) != 1:
        r.problem(path, f"an action has exactly one verb ({', '.join(VERBS)}), got {len(verbs)}")
        return None
    if unknown:
        return None
    verb = Verb(verbs[0])
    where = f"{path}.{verb.value}"
    if enemy and verb not in ENEMY_VERBS:
        r.problem(where, f"an enemy's {verb.value} is not specified by the rules (an enemy damages, blocks or gives a "
                         "state, p. 11)")
        return None
    state: StateKind | None = None
    amount: int | None = 1
    if verb is Verb.STATE:
        word = r.choice(obj[verb.value], where, [s.value for s in STATES])
        state = StateKind(word) if word is not None else None
        if word is None:
            return None
    elif verb is Verb.LOOT:
        amount = r.integer(obj[verb.value], where, 1, 1)
    else:
        amount = r.integer(obj[verb.value], where, 1, MAX_AMOUNT)
    targets = r.integer(obj.get("targets", 1), f"{path}.targets", 1, MAX_TARGETS)
    first = r.boolean(obj.get("first_player", False), f"{path}.first_player")
    reach = _reach(r, obj, path, verb, enemy)
    only = _only(r, obj, path, verb, enemy)
    if first and not enemy:
        r.problem(f"{path}.first_player", "the First Player icon on a prisoner's action is not specified by the rules "
                                          "(p. 7 gives it on tiles and enemies)")
    if targets is not None and targets > 1 and verb not in (Verb.DAMAGE, Verb.STATE):
        r.problem(f"{path}.targets", f"several targets make sense for damage and states only, not for {verb.value}")
    if first and verb is Verb.BLOCK:
        r.problem(f"{path}.first_player", "an enemy's block goes on its own card: no First Player to choose")
    if amount is None or targets is None or first is None or reach is None:
        return None
    return Action(verb, amount, state, reach, targets, first, only)


def _reach(r: Reader, obj: dict[str, Any], path: str, verb: Verb, enemy: bool) -> frozenset[Space] | None:
    needs = verb in (Verb.DAMAGE, Verb.STATE) and not enemy
    if "range" not in obj:
        if needs:
            r.problem(f"{path}.range", "a prisoner's damage or state needs its range: the spaces it reaches, "
                                       "e.g. [\"R1\", \"R2\"] (the range icon, p. 11)")
            return None
        return frozenset()
    if not needs:
        r.problem(f"{path}.range", "only a prisoner's damage and states have a range" +
                  (" (an enemy's goes to a prisoner of the group's choice, p. 11)" if enemy else ""))
        return None
    items = r.list(obj["range"], f"{path}.range")
    if items is None:
        return None
    spaces = [r.choice(item, f"{path}.range[{i}]", [s.value for s in SPACES]) for i, item in enumerate(items)]
    if None in spaces:
        return None
    if not spaces:
        r.problem(f"{path}.range", "an empty range reaches no enemy: name at least one space")
        return None
    if len(set(spaces)) != len(spaces):
        r.problem(f"{path}.range", "a space is named twice")
    return frozenset(Space(s) for s in spaces if s is not None)


def _only(r: Reader, obj: dict[str, Any], path: str, verb: Verb, enemy: bool) -> Only | None:
    if "only" not in obj:
        return None
    if enemy or verb not in (Verb.DAMAGE, Verb.STATE):
        r.problem(f"{path}.only", "only a prisoner's damage or state may be limited to monsters or elites")
        return None
    word = r.choice(obj["only"], f"{path}.only", [o.value for o in Only])
    return Only(word) if word is not None else None


def read_lines(r: Reader, value: Any, path: str, *, enemy: bool) -> list[Line]:
    """Lines by round label (``"0"``, ``"I"``, ``"II"``, ``"III"``, and ``"IV"`` for an enemy), empty when absent."""
    labels = ROUND_LABELS if enemy else ROUND_LABELS[:4]
    lines: list[Line] = [() for _ in labels]
    obj = r.object(value, path)
    if obj is None:
        return lines
    for key, item in obj.items():
        if key not in labels:
            extra = " (round IV belongs to enemies, p. 9)" if key == "IV" else ""
            r.problem(f"{path}.{key}", f"unknown round; rounds: {', '.join(labels)}{extra}")
            continue
        lines[labels.index(key)] = read_line(r, item, f"{path}.{key}", enemy=enemy)
    return lines


def read_reward(r: Reader, value: Any, path: str) -> Reward:
    obj = r.object(value, path)
    if obj is None:
        return Reward()
    r.unknown_fields(obj, path, REWARD_FIELDS)
    loot = []
    damage = 0
    for key, n in obj.items():
        if key not in REWARD_FIELDS:
            continue
        count = r.integer(n, f"{path}.{key}", 0, MAX_LOOT if key != "damage" else MAX_AMOUNT)
        if count is None:
            continue
        if key == "damage":
            damage = count
        elif count:
            loot.append((LootKind(key), count))
    return Reward(tuple(loot), damage)


def read_counts(r: Reader, value: Any, path: str, kinds: tuple[str, ...], high: int) -> dict[str, int]:
    """An object of ``{kind: count}`` over ``kinds``."""
    obj = r.object(value, path)
    out: dict[str, int] = {}
    if obj is None:
        return out
    for key, n in obj.items():
        if key not in kinds:
            r.problem(f"{path}.{key}", f"unknown kind; kinds: {', '.join(kinds)}")
            continue
        count = r.integer(n, f"{path}.{key}", 0, high)
        if count is not None:
            out[key] = count
    return out
