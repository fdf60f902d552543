"""The analyses on a position: the turn planner, the threat map, a position's combat and its card economy, the picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from solver.base.answers import OptionError
from solver.base.errors import IllegalActionError
from solver.base.exit_codes import ExitCode
from solver.dungeontwister import commands
from solver.dungeontwister.analysis.threats import threats
from solver.dungeontwister.analysis.turn_plan import plan_turn
from solver.dungeontwister.notation.files import load_path
from solver.dungeontwister.rules.engine import apply
from tests.dungeontwister.rules_helpers import dungeon

BLUE = "blue"
SVG = "{http://www.w3.org/2000/svg}"


def test_the_turn_planner_counts_an_escape_and_a_sure_kill() -> None:
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "B2"}, {"id": "war", "kind": "warrior", "at": "A1"},
                   {"id": "thf", "kind": "thief", "owner": BLUE, "at": "A1", "wounded": True}])
    plan = plan_turn(pos)
    assert plan.vp == 3
    assert "move gob blue-1 out" in plan.plan and any(step.startswith("attack war thf cards=") for step in plan.plan)
    replayed = pos
    for step in plan.plan:
        replayed, _ = apply(replayed, step)
    assert replayed.players[0].vp == 3


def test_the_turn_planner_counts_no_combat_whose_result_is_not_certain() -> None:
    """The goblin (1) can beat the wounded troll (0) with its 3, but the troll's 6 would beat it: not certain."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1",
                                                                  "wounded": True}],
                  red={"combat_cards": [0, 3], "ap": 1}, blue={"combat_cards": [0, 6]})
    assert plan_turn(pos).vp == 0
    sure = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1",
                                                                   "wounded": True}],
                   red={"combat_cards": [0, 6], "ap": 1}, blue={"combat_cards": [0, 3]})
    plan = plan_turn(sure)
    assert plan.vp == 1 and plan.plan == ("attack gob trl cards=6/0",)


def test_the_threat_map_names_who_can_strike_whom_and_with_how_many_ap() -> None:
    pos = dungeon([{"id": "thf", "kind": "thief", "at": "A2"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B1"},
                   {"id": "xbw", "kind": "crossbowman", "owner": BLUE, "at": "B4"}], blue={"ap": 0})
    result = threats(pos)
    assert result.enemy_ap == 3
    by = {(t.enemy, t.kind, t.target): t.ap for t in result.threats}
    assert by[("trl", "attack", "thf")] == 2
    assert ("xbw", "shoot", "thf") in by
    assert result.reach["trl"]["B1"] == 0 and result.zones()["A2"] <= 2


def test_a_positions_combat_is_solved_over_both_hands() -> None:
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}])
    answer = commands.dt_combat(pos, "attack war trl")
    doc = answer.document
    assert doc["engagement"]["attacker_value"] == 3 and doc["engagement"]["defender_value"] == 4
    assert doc["value"] == "-1" and doc["outcomes"]["defender"] == "possible"
    with pytest.raises(IllegalActionError):
        commands.dt_combat(pos, "shoot war trl")
    with pytest.raises(OptionError):
        commands.dt_combat(pos, "move war A2")


def test_a_positions_planned_fights_make_a_card_economy() -> None:
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"},
                   {"id": "gob", "kind": "goblin", "at": "B2"}, {"id": "thf", "kind": "thief", "owner": BLUE, "at": "B2"}])
    fights = commands.fights_of(pos, ["attack war trl", "attack thf gob"])
    assert [(f.attacker, f.attacker_base, f.defender_base) for f in fights] == [(0, 3, 4), (1, 2, 1)]
    answer = commands.dt_economy_in(pos, ["attack war trl", "attack thf gob"])
    assert answer.document["for"] == "red" and Fraction(answer.document["value"]) == answer.value.value
    assert answer.value.certified >= 1 and answer.value.nodes >= 2


def test_reach_answers_no_with_exit_1_and_names_a_bad_option() -> None:
    pos = dungeon([{"id": "trl", "kind": "troll", "at": "A1"}])
    assert commands.dt_reach(pos, "trl", "out", 1).exit_code is ExitCode.NO
    assert commands.dt_reach(pos, "trl", "A2", 1).exit_code is ExitCode.OK
    with pytest.raises(OptionError, match="goal"):
        commands.dt_reach(pos, "trl", "Z9", 1)
    with pytest.raises(OptionError, match="character"):
        commands.dt_reach(pos, "nobody", "A2", 1)


def test_the_picture_shows_rooms_zones_boundaries_pieces_and_overlays() -> None:
    pos = load_path("scenarios/dungeontwister/two-rooms.json").position
    svg = commands.dt_render(pos, title="a <b> & 'c'", reach_of="thief", with_threats=True).value
    root = ET.fromstring(svg)
    groups = {g.get("class"): g for g in root.iter(f"{SVG}g")}
    assert "room" in groups and "start-zone" in groups
    zones = [g.get("data-zone") for g in root.iter(f"{SVG}g") if g.get("class") == "zone"]
    assert sorted(zones) == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]
    kinds = {g.get("data-kind") for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("boundary")}
    assert {"wall", "portcullis_closed", "arrow_slit"} <= kinds
    characters = {g.get("data-character"): g for g in root.iter(f"{SVG}g") if g.get("class") == "character"}
    assert set(characters) == {"goblin", "thief", "warrior", "troll", "archer"}
    assert [g.get("data-zone") for g in root.iter(f"{SVG}g") if g.get("class") == "reach" and g.get("data-ap") == "0"] == ["A2"]
    assert any(g.get("class") == "threat" for g in root.iter(f"{SVG}g"))
    assert root.find(f"{SVG}title").text == "a <b> & 'c'"
    assert "<b>" not in svg.replace("&lt;b&gt;", "")


def test_a_wounded_character_is_marked() -> None:
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "wounded": True}])
    root = ET.fromstring(commands.dt_render(pos).value)
    (disc,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "character"]
    assert disc.get("data-wounded") == "true" and disc.find(f"{SVG}path") is not None
