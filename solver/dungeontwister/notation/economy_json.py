"""The card economy's own form ``lueur-dt-economy/1``: two hands and a planned sequence of fights, without a dungeon.

docs/dungeon-twister.md describes the fields. Every problem is reported at
once with its field path; the bounds (fights, cards) are checked before any
work.

>>> plan = read({"format": FORMAT, "hands": [[0, 1, 5], [0, 2]], "fights": [{"attacker": 0, "attacker_value": 3,
...              "defender_value": 3, "win": "1/2"}]})
>>> plan.hands, plan.fights[0].win
(((0, 1, 5), (0, 2)), Fraction(1, 2))
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.fields import Reader, shown
from solver.dungeontwister.rules.duel import MAX_FIGHTS, MAX_HAND, Fight, Hands

FORMAT = "lueur-dt-economy/1"
FIELDS = ("format", "hands", "fights", "meta")
FIGHT_FIELDS = ("attacker", "attacker_value", "defender_value", "berserker", "telepath", "weapon_master", "win", "tie", "loss",
                "label")
SIDES = ("attacker", "defender")
MAX_VALUE = 99
_FRACTION = re.compile(r"^-?\d{1,6}(/\d{1,6})?$")


@dataclass(frozen=True)
class EconomyPlan:
    hands: Hands
    fights: tuple[Fight, ...]


def read(document: Any) -> EconomyPlan:
    """The plan of a decoded document; raises :class:`PositionError` listing every problem with its place."""
    r = Reader()
    obj = r.object(document, "")
    if obj is None:
        raise PositionError(r.problems)
    r.unknown_fields(obj, "", FIELDS)
    if obj.get("format") != FORMAT:
        r.problem("format", f"expected {json.dumps(FORMAT)}, got {shown(obj.get('format'))}")
    hands = _hands(r, obj.get("hands"))
    fights = _fights(r, obj.get("fights"))
    if r.problems or hands is None:
        raise PositionError(r.problems or [Problem("", "not an economy plan")])
    return EconomyPlan(hands, fights)


def _hands(r: Reader, value: Any) -> Hands | None:
    items = r.list(value, "hands")
    if items is None:
        return None
    if len(items) != 2:
        r.problem("hands", f"{len(items)} hands: one for each of the 2 players")
        return None
    out = []
    for index, hand in enumerate(items):
        cards = r.list(hand, f"hands[{index}]")
        if cards is None:
            continue
        if len(cards) > MAX_HAND:
            r.problem(f"hands[{index}]", f"{len(cards)} cards: at most {MAX_HAND}")
            continue
        values = [r.integer(c, f"hands[{index}][{i}]", 0, MAX_VALUE) for i, c in enumerate(cards)]
        if None not in values:
            out.append(tuple(sorted(v for v in values if v is not None)))
    return (out[0], out[1]) if len(out) == 2 else None


def _points(r: Reader, value: Any, path: str, default: int) -> Fraction | None:
    if value is None:
        return Fraction(default)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**6:
        return Fraction(value)
    if isinstance(value, str) and _FRACTION.match(value) and not value.endswith("/0"):
        return Fraction(value)
    r.problem(path, f"{shown(value)} is not a number of points: an integer or a fraction written \"1/2\"")
    return None


def _fights(r: Reader, value: Any) -> tuple[Fight, ...]:
    items = r.list(value, "fights")
    if items is None:
        return ()
    if not 1 <= len(items) <= MAX_FIGHTS:
        r.problem("fights", f"{len(items)} fights: 1 to {MAX_FIGHTS}")
        return ()
    out = []
    for index, item in enumerate(items):
        path = f"fights[{index}]"
        obj = r.object(item, path)
        if obj is None:
            continue
        r.unknown_fields(obj, path, FIGHT_FIELDS)
        attacker = r.integer(obj.get("attacker"), f"{path}.attacker", 0, 1)
        a_value = r.integer(obj.get("attacker_value"), f"{path}.attacker_value", 0, MAX_VALUE)
        d_value = r.integer(obj.get("defender_value"), f"{path}.defender_value", 0, MAX_VALUE)
        berserker = r.boolean(obj.get("berserker", False), f"{path}.berserker")
        telepath = r.choice(obj["telepath"], f"{path}.telepath", SIDES) if "telepath" in obj else None
        master = r.choice(obj["weapon_master"], f"{path}.weapon_master", SIDES) if "weapon_master" in obj else None
        win = _points(r, obj.get("win"), f"{path}.win", 1)
        tie = _points(r, obj.get("tie"), f"{path}.tie", 0)
        loss = _points(r, obj.get("loss"), f"{path}.loss", 1)
        label = obj.get("label", "")
        if not isinstance(label, str):
            r.problem(f"{path}.label", f"expected a string, got {shown(label)}")
        if None in (attacker, a_value, d_value, berserker, win, tie, loss):
            continue
        assert attacker is not None and a_value is not None and d_value is not None and win is not None
        assert tie is not None and loss is not None
        out.append(Fight(attacker, a_value, d_value, bool(berserker), telepath == "attacker", telepath == "defender",
                         master == "attacker", master == "defender", win, tie, loss, label if isinstance(label, str) else ""))
    return tuple(out)
