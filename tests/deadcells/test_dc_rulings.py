"""Every named ruling, both readings played: a position where they differ, the default and the other.

docs/dead-cells.md gives each ruling's two readings and which one the text supports.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from solver.deadcells.model.rulings import DEFAULT, FIXED_NAMES, SWITCH_NAMES, TEXTS, Rulings, field_name
from solver.deadcells.model.vocabulary import LOOT_INDEX, LootKind, Round
from solver.deadcells.rules.engine import awaiting
from tests.deadcells.dc_builders import card, duel, events, has, monster, run, settled, texts
from tests.deadcells.test_dc_boss_solo import boss_fight, three_plays


def other(document: dict[str, Any], ruling: str) -> dict[str, Any]:
    doc = copy.deepcopy(document)
    doc["rulings"] = {ruling: False}
    return doc


def test_every_switch_has_both_readings_and_a_field() -> None:
    assert len(SWITCH_NAMES) == 14
    for name in SWITCH_NAMES:
        assert TEXTS[name].default and TEXTS[name].other
        assert getattr(DEFAULT, field_name(name)) is True
        assert getattr(DEFAULT.with_switch(name, False), field_name(name)) is False
    assert all(TEXTS[name].other is None for name in FIXED_NAMES)
    assert Rulings().changed() == ()


FREEZE_NOW = duel(card(I=[{"state": "frozen", "range": ["R1"]}]),
                  monster(9, I=[{"damage": 1, "first_player": True}], II=[{"damage": 1, "first_player": True}]))


def test_frozen_current() -> None:
    default = run(FREEZE_NOW)
    assert has(default, "Frozen on line I").ruling == "DC-FROZEN-CURRENT"
    assert [e.round for e in events(default) if e.text.startswith("m (R1) deals")] == [Round.II]
    later = run(other(FREEZE_NOW, "DC-FROZEN-CURRENT"))
    assert [e.round for e in events(later) if e.text.startswith("m (R1) deals")] == [Round.I]


FREEZE_LATE = duel(card(III=[{"state": "frozen", "range": ["R1"]}]), monster(9, IV=[{"damage": 1, "first_player": True}]))


def test_frozen_none() -> None:
    default = run(FREEZE_LATE)
    assert has(default, "Frozen has no effect").ruling == "DC-FROZEN-NONE"
    assert has(default, "m (R1) deals 1 damage to Ann").round == Round.IV
    iv = run(other(FREEZE_LATE, "DC-FROZEN-NONE"))
    assert has(iv, "its round IV is frozen").ruling == "DC-FROZEN-NONE"
    assert "m (R1) deals 1 damage to Ann" not in texts(iv)


FREEZE_TWICE = duel(card(I=[{"state": "frozen", "range": ["R1"]}, {"state": "frozen", "range": ["R1"]}]),
                    monster(9, I=[{"damage": 1, "first_player": True}], II=[{"damage": 1, "first_player": True}]))


def test_frozen_stack() -> None:
    default = run(FREEZE_TWICE)
    assert "m (R1) deals 1 damage to Ann" not in texts(default)
    wasted = run(other(FREEZE_TWICE, "DC-FROZEN-STACK"))
    assert has(wasted, "the token is wasted").ruling == "DC-FROZEN-STACK"
    assert has(wasted, "m (R1) deals 1 damage to Ann").round == Round.II


POTION = duel(card(), monster(9), bag={"potion": 1})
POTION["prisoners"][1]["damage"] = 2


def test_round0_potion() -> None:
    default = run(POTION)
    assert has(default, "a potion alone does not call it").ruling == "DC-ROUND0-POTION"
    called = run(other(POTION, "DC-ROUND0-POTION"))
    asked = awaiting(called.combat)
    assert asked is not None and asked.options == ("potion Bob", "potion none")
    assert has(called, "round 0 is played so that the group may drink a potion").ruling == "DC-ROUND0-POTION"
    drunk = run(other(POTION, "DC-ROUND0-POTION"), "potion Bob").combat
    assert drunk.prisoners[1].damage == 0 and drunk.bag[LOOT_INDEX[LootKind.POTION]] == 0


ROUND0_POISON = duel(card(Z=[{"state": "poisoned", "range": ["R1"]}]), monster(9))


def test_round0_end() -> None:
    default, _ = settled(ROUND0_POISON)
    assert default.enemies[1] is not None and default.enemies[1].damage == 4
    none, found = settled(other(ROUND0_POISON, "DC-ROUND0-END"))
    assert none.enemies[1] is not None and none.enemies[1].damage == 3
    assert any(e.ruling == "DC-ROUND0-END" for e in found)


SHIELDED_POISON = duel(card(Z=[{"block": 2}]), monster(9, Z=[{"state": "poisoned", "first_player": True}]), health=5)


def test_poison_shield() -> None:
    default, found = settled(SHIELDED_POISON)
    assert default.prisoners[0].damage == 4 and default.prisoners[0].shields == 2  # a tick after rounds 0, I, II, III
    assert any(e.ruling == "DC-POISON-SHIELD" for e in found)
    blocked, _ = settled(other(SHIELDED_POISON, "DC-POISON-SHIELD"))
    assert blocked.prisoners[0].shields == 0 and blocked.prisoners[0].damage == 2


TICK = duel(card(), monster(30))
TICK["enemies"]["R1"]["states"] = {"poisoned": 2, "targeted": 1}


def test_targeted_tick() -> None:
    default, _ = settled(TICK)
    assert default.enemies[1] is not None and default.enemies[1].damage == 9  # 3 ticks of 2 + 1
    each, _ = settled(other(TICK, "DC-TARGETED-TICK"))
    assert each.enemies[1] is not None and each.enemies[1].damage == 12  # 3 ticks of 2 + 2


BLOCKED = duel(card(I=[{"block": 1}]), monster(9, II=[{"damage": 1, "first_player": True}]))
BLOCKED["prisoners"][0]["states"] = {"targeted": 1}


def test_targeted_blocked() -> None:
    default, _ = settled(BLOCKED)
    assert default.prisoners[0].damage == 1
    none, found = settled(other(BLOCKED, "DC-TARGETED-BLOCKED"))
    assert none.prisoners[0].damage == 0 and any(e.ruling == "DC-TARGETED-BLOCKED" for e in found)


BLED = duel(card(I=[{"state": "bleeding", "range": ["R1"]}]), monster(9, death={"gold": 2}))


def test_death_reward_any() -> None:
    default, found = settled(BLED)
    assert default.bag[LOOT_INDEX[LootKind.GOLD]] == 2
    assert any(e.ruling == "DC-DEATH-REWARD-ANY" for e in found)
    none, found = settled(other(BLED, "DC-DEATH-REWARD-ANY"))
    assert none.bag[LOOT_INDEX[LootKind.GOLD]] == 0 and none.kills == 1


HEAL = duel(card(I=[{"heal": 1}]), monster(9))
HEAL["prisoners"][1]["damage"] = 1


def test_heal_target() -> None:
    default = run(HEAL)
    assert default.combat.prisoners[1].damage == 0 and has(default, "Bob heals 1").ruling == "DC-HEAL-TARGET"
    self_only = run(other(HEAL, "DC-HEAL-TARGET"))
    assert self_only.combat.prisoners[1].damage == 1 and has(self_only, "nobody to heal").ruling == "DC-HEAL-TARGET"


EMPTY_LINE = duel(card(I=[{"block": 1}]), monster(9))
EMPTY_LINE["cards"]["bow"] = {"kind": "equipment", "type": "replace", "round": "II", "actions": [{"damage": 2, "range": ["R1"]}]}
EMPTY_LINE["prisoners"][0]["equipment"] = ["bow"]


def test_timed_empty_line() -> None:
    asked = awaiting(run(EMPTY_LINE).combat)
    assert asked is not None and asked.options == ("item bow", "item none")
    assert has(run(EMPTY_LINE, "item bow"), "instead of the card's round II actions").ruling == "DC-TIMED-EMPTY-LINE"
    assert awaiting(run(other(EMPTY_LINE, "DC-TIMED-EMPTY-LINE")).combat) is None


def test_boss_manche_draw() -> None:
    doc = boss_fight()
    for prisoner in doc["prisoners"]:
        prisoner["hand"] = ["wait", "hit"]
    default = run(doc, *three_plays(doc))
    assert [len(p.hand) for p in default.combat.prisoners] == [2, 2, 2]
    refill = run(other(doc, "DC-BOSS-MANCHE-DRAW"), *three_plays(doc))
    assert [len(p.hand) for p in refill.combat.prisoners] == [3, 3, 3]
    assert has(refill, "each player draws up to three cards").ruling == "DC-BOSS-MANCHE-DRAW"


def test_boss_stage_clear() -> None:
    doc = boss_fight(stage1=1)
    doc["prisoners"][1]["shields"] = 2
    default = run(doc, "play Ann hit", "play Bob wait", "play Cy wait")
    assert default.combat.prisoners[1].shields == 2
    cleared = run(other(doc, "DC-BOSS-STAGE-CLEAR"), "play Ann hit", "play Bob wait", "play Cy wait")
    assert cleared.combat.prisoners[1].shields == 0
    assert has(cleared, "the prisoners' states and shields are removed too").ruling == "DC-BOSS-STAGE-CLEAR"


@pytest.mark.parametrize("name", SWITCH_NAMES)
def test_each_switch_reads_from_a_position(name: str) -> None:
    loaded = run(other(FREEZE_NOW, name))
    assert loaded.initial.rulings.changed() == (name,)
