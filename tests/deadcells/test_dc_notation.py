"""The position form: every problem located with its field path, bounds checked first, nothing crashes.

Mutated documents (leaves swapped for junk) either read or raise a
PositionError whose every problem has a message; out-of-vocabulary effects
are refused saying why; the TOML form reads as the JSON does.
"""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest

from solver.base.errors import PositionError
from solver.deadcells.notation import bounds
from solver.deadcells.notation.files import load_path, load_stream, loads
from solver.deadcells.notation.position import read
from tests.deadcells.dc_builders import SCENARIOS, card, duel, monster, scenario

JUNK: list[Any] = [None, -1, 0, 99, "zz", "R9", [], {}, [1, 2], {"x": 1}, True, 1.5, "IV", 10 ** 40, "x" * 500]


def problems(document: Any) -> list[tuple[str, str]]:
    with pytest.raises(PositionError) as error:
        read(document)
    return [(p.path, p.message) for p in error.value.problems]


def paths(document: Any) -> list[str]:
    return [path for path, _ in problems(document)]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))] or [path]
    if isinstance(value, list):
        return [leaf for index, item in enumerate(value) for leaf in _leaves(item, (*path, index))] or [path]
    return [path]


@pytest.mark.parametrize("source", ["rulebook-example.json", "two-players.toml"])
def test_junk_anywhere_is_a_located_problem_never_a_crash(source: str) -> None:
    original = load_path(str(SCENARIOS / source)).document
    rng = random.Random(source)
    leaves = [leaf for leaf in _leaves(original) if leaf]
    for _ in range(400):
        document = copy.deepcopy(original)
        for leaf in rng.sample(leaves, rng.randint(1, 3)):
            target = document
            for key in leaf[:-1]:
                target = target[key]
            target[leaf[-1]] = rng.choice(JUNK)
        try:
            read(document)
        except PositionError as error:
            assert error.problems and all(p.message for p in error.problems)


def test_every_problem_of_a_document_is_listed_with_its_path() -> None:
    doc = scenario("rulebook-example.json")
    doc["prisoners"][0]["health"] = 0
    doc["prisoners"][1]["hand"][0] = "nope"
    doc["cards"]["zombie"]["lines"]["II"] = [{"damage": 1, "range": ["R1"]}]
    doc["loot"]["diamonds"] = 1
    doc["first_player"] = "Zed"
    assert sorted(paths(doc)) == sorted([
        "prisoners[0].health", "prisoners[1].hand[0]", "cards.zombie.lines.II[0].range", "loot.diamonds", "first_player"])


@pytest.mark.parametrize("action, path, fragment", [
    ({"teleport": 1}, "teleport", "not an action or qualifier the rules specify"),
    ({"damage": 1, "range": ["R1"], "bounce": 2}, "bounce", "not an action or qualifier"),
    ({"state": "stunned", "range": ["R1"]}, "state", "is not one of poisoned, frozen, burning, bleeding, targeted"),
    ({"golden_shield": 1}, "golden_shield", "no page says what they do"),
    ({"damage": 1}, "range", "needs its range"),
    ({"damage": 1, "range": []}, "range", "an empty range"),
    ({"damage": 1, "range": ["R4"]}, "range[0]", "is not one of L, R1, R2, R3"),
    ({"damage": 10, "range": ["R1"]}, "damage", "out of range from 1 to 9"),
    ({"damage": 1, "range": ["R1"], "first_player": True}, "first_player", "not specified by the rules"),
    ({"block": 1, "targets": 2}, "targets", "damage and states only"),
    ({"damage": 1, "block": 1, "range": ["R1"]}, "", "exactly one verb"),
])
def test_an_action_outside_the_vocabulary_is_refused_saying_why(action: dict[str, Any], path: str, fragment: str) -> None:
    found = problems(duel(card(I=[action]), monster(3)))
    where = "cards.a.lines.I[0]" + (f".{path}" if path else "")
    assert any(p == where and fragment in m for p, m in found), found


@pytest.mark.parametrize("verb", ["heal", "loot", "skill"])
def test_an_enemys_heal_loot_or_skill_is_not_specified(verb: str) -> None:
    found = problems(duel(card(), monster(3, I=[{verb: 1}])))
    assert found == [(f"cards.m.lines.I[0].{verb}", f"an enemy's {verb} is not specified by the rules (an enemy damages, "
                                                    "blocks or gives a state, p. 11)")]


def test_round_iv_belongs_to_enemies() -> None:
    assert paths(duel(card(IV=[{"block": 1}]), monster(3))) == ["cards.a.lines.IV"]


def test_the_bounds_are_checked_before_the_work() -> None:
    doc = duel(card(I=[{"block": 1}] * (bounds.MAX_ACTIONS + 1)), monster(3))
    assert paths(doc) == ["cards.a.lines.I"]
    many = duel(card(), monster(3))
    many["cards"].update({f"c{i}": card() for i in range(bounds.MAX_CARDS)})
    assert paths(many) == ["cards"]
    hand = duel(card(), monster(3))
    hand["prisoners"][0]["hand"] = ["a"] * (bounds.MAX_HAND + 1)
    assert paths(hand) == ["prisoners[0].hand"]
    choices = duel(card(), monster(3), choices=["x"] * (bounds.MAX_CHOICES + 1))
    assert paths(choices) == ["choices"]
    with pytest.raises(PositionError) as error:
        load_stream(io.BytesIO(b"{" + b" " * bounds.MAX_FILE_BYTES + b"}"))
    assert error.value.problems[0].path == "file"


def test_the_board_cannot_hold_more_than_the_box() -> None:
    doc = duel(card(), monster(9))
    for prisoner in doc["prisoners"]:
        prisoner["states"] = {"poisoned": 3}
    assert any("7 poisoned tokens on the board: the box holds 6" in m or "9 poisoned" in m for _, m in problems(doc))


@pytest.mark.parametrize("change, path", [
    (lambda d: d["prisoners"][0].update(damage=3), "prisoners[0].damage"),
    (lambda d: d["prisoners"][0].update(states={"burning": 2}), "prisoners[0].states.burning"),
    (lambda d: d["prisoners"][0].update(states={"frozen": 1}), "prisoners[0].states.frozen"),
    (lambda d: d["enemies"]["R1"].update(damage=3), "enemies.R1.damage"),
    (lambda d: d["enemies"].update(R5={"card": "m"}), "enemies.R5"),
    (lambda d: d["enemies"]["R1"].update(card="a"), "enemies.R1.card"),
    (lambda d: d["enemies"]["R1"].update(frozen=["II"]), "enemies.R1.frozen[0]"),
    (lambda d: d.update(format="lueur-dc-combat/2"), "format"),
    (lambda d: d.update(rulings={"DC-NOPE": True}), "rulings.DC-NOPE"),
    (lambda d: d.update(passer="Bob"), "passer"),
    (lambda d: d.update(boss={}), "boss"),
    (lambda d: d["prisoners"][1].update(name="Ann"), "prisoners"),
    (lambda d: d["prisoners"][1].update(name="two words"), "prisoners[1].name"),
    (lambda d: d["prisoners"][1].update(serenade=True, hand=[]), "prisoners[1].serenade"),
    (lambda d: d["prisoners"][1].update(serenade=True), "prisoners[1].hand"),
    (lambda d: d.update(encounter=["m"]), "encounter"),
    (lambda d: d["prisoners"][0].update(hand=[]), "prisoners[0].hand"),
])
def test_a_bad_field_is_located(change: Any, path: str) -> None:
    doc = duel(card(), monster(3))
    change(doc)
    assert path in paths(doc)


def test_an_encounter_of_four_right_hand_enemies_has_no_place() -> None:
    doc = duel(card(), monster(3))
    del doc["enemies"]
    doc["encounter"] = ["m", "m", "m", "m"]
    assert paths(doc) == ["encounter[3]"]


def test_a_choice_the_rules_refuse_is_located_with_the_choices() -> None:
    doc = scenario("rulebook-example.json")
    doc["choices"][4] = "skill fly"
    [(path, message)] = problems(doc)
    assert path == "choices[4]" and "skill flayed-shield" in message and "skill none" in message


def test_bad_json_and_toml_are_located_by_line_and_column() -> None:
    with pytest.raises(PositionError) as error:
        loads('{\n  "format": }')
    assert str(error.value.problems[0]).startswith("line 2, column 13: invalid JSON")
    with pytest.raises(PositionError) as error:
        loads('format = "lueur-dc-combat/1"\nfirst_player = \n')
    assert str(error.value.problems[0]).startswith("line 2, column 16: invalid TOML")
    with pytest.raises(PositionError) as error:
        loads('format = "lueur-dc-combat/1"\nwhen = 2024-01-01\n')
    assert error.value.problems[0].path == "when"
    with pytest.raises(PositionError) as error:
        load_stream(io.BytesIO(b'{"format": "\xff"}'))
    assert "not UTF-8" in str(error.value)


def test_the_toml_form_reads_as_its_json() -> None:
    toml = load_path(str(SCENARIOS / "two-players.toml"))
    again = read(json.loads(json.dumps(toml.document)))
    assert again.combat == toml.combat and again.initial.cards == toml.initial.cards


def test_a_missing_file_is_a_problem_at_file() -> None:
    with pytest.raises(PositionError) as error:
        load_path("/nonexistent/combat.json")
    assert error.value.problems[0].path == "file"
