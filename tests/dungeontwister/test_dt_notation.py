"""The position form ``lueur-dt-position/1`` (JSON and TOML) and the economy form: reading, writing, and every problem
reported with its place.
"""

from __future__ import annotations

import json
import random
from copy import deepcopy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.base.errors import PositionError
from solver.dungeontwister.model.catalogue import CatalogueError, Kind, ObjectKind, character_kind, object_kind
from solver.dungeontwister.notation import economy_json
from solver.dungeontwister.notation.fields import MAX_ROOMS
from solver.dungeontwister.notation.files import load_path, load_text
from solver.dungeontwister.notation.position_json import read
from solver.dungeontwister.notation.writing import dumps, to_json, to_toml
from tests.dungeontwister.builders import corridor, position, random_document, with_pieces

EXAMPLE = "scenarios/dungeontwister/two-rooms.json"


def problems(document: Any) -> list[tuple[str, str]]:
    with pytest.raises(PositionError) as caught:
        read(document)
    return [(p.path, p.message) for p in caught.value.problems]


def paths(document: Any) -> list[str]:
    return [path for path, _ in problems(document)]


@pytest.mark.parametrize("seed", range(40))
def test_a_position_reads_back_the_same_from_json_and_from_toml(seed: int) -> None:
    pos = position(random_document(random.Random(seed)))
    again = load_text(dumps(pos)).position
    from_toml = load_text(to_toml(pos), "toml").position
    for other in (again, from_toml):
        assert (other.layout, other.players, other.characters, other.items, other.rulings) == \
               (pos.layout, pos.players, pos.characters, pos.items, pos.rulings)
        assert to_json(other) == to_json(pos)


def test_the_example_reads_and_every_answer_of_a_file_says_whose_geometry() -> None:
    loaded = load_path(EXAMPLE)
    assert loaded.title and "invented" in loaded.title
    assert len(loaded.position.board.rooms) == 2 and loaded.position.board.twin(0) == 1


def test_every_problem_is_listed_with_its_field_path() -> None:
    doc = with_pieces(corridor(), [{"id": "gob", "kind": "goblin", "at": "Z9"}, {"id": "gob", "kind": "troll", "at": "A1"}])
    doc["rooms"][0]["arrow"] = "up"
    doc["rooms"][1]["zones"][0]["pit"] = "yes"
    doc["players"][0]["ap"] = 9
    doc["to_move"] = "green"
    found = paths(doc)
    assert {"rooms[0].arrow", "rooms[1].zones[0].pit", "players[0].ap", "to_move"} <= set(found)


def test_the_cross_field_checks_name_their_place() -> None:
    doc = with_pieces(corridor(), [{"id": "gob", "kind": "goblin", "at": "Z9"}, {"id": "gob", "kind": "troll", "at": "A1"},
                                   {"id": "elf", "kind": "elf_lightning", "at": "blue-1", "facing": "B2"},
                                   {"id": "thf", "kind": "thief", "at": "A1", "carrying": ["rope", "key"]}],
                      [{"id": "rope", "kind": "rope", "at": "carried"}, {"id": "key", "kind": "key", "at": "A2"}])
    found = problems(doc)
    messages = " ".join(m for _, m in found)
    assert ("characters[0].at", "'Z9' is not a zone or a start zone") in found
    assert "id 'gob' is used 2 times" in messages
    assert any(p == "characters[2].at" and "opponent's start zone" in m for p, m in found)
    assert any(p == "characters[3].carrying" and "at most 1" in m for p, m in found)
    assert any(p == "objects[1].at" and "exactly when one character carries it" in m for p, m in found)


def test_a_quarter_turn_and_a_rim_are_checked() -> None:
    doc = corridor()
    doc["rooms"][0]["turn"]["A1"] = "A4"
    assert "rooms[0].turn" in paths(doc)
    doc = corridor()
    doc["rooms"][0]["rim"] = doc["rooms"][0]["rim"][:7]
    assert any("multiple of 4" in m for _, m in problems(doc))
    doc = corridor()
    ports = doc["rooms"][0]["rim"]
    ports[0], ports[1] = ports[1], ports[0]
    assert any(p.startswith("rooms[0].rim") and "clockwise" in m for p, m in problems(doc))


def test_lines_go_from_linked_zone_to_linked_zone_and_start_zones_are_linked() -> None:
    doc = corridor()
    doc["lines"].append(["A1", "A4"])
    doc["start_zones"].append({"id": "lost", "player": "red"})
    found = problems(doc)
    assert any(p == f"lines[{len(doc['lines']) - 1}][1]" and "not linked" in m for p, m in found)
    assert any(p == "start_zones[2]" and "linked to no room zone" in m for p, m in found)


def test_hidden_rooms_hold_their_cards_beside_them() -> None:
    doc = with_pieces(corridor(hidden=("B",)), [{"id": "gob", "kind": "goblin", "at": "B1"},
                                                {"id": "trl", "kind": "troll", "owner": "blue", "at": "beside:A"}])
    found = problems(doc)
    assert any(p == "characters[0].at" and "face-down room" in m for p, m in found)
    assert any(p == "characters[1].at" and "is revealed" in m for p, m in found)


def test_the_bounds_are_checked_before_anything_is_built() -> None:
    doc = corridor()
    doc["rooms"] = [deepcopy(doc["rooms"][0]) for _ in range(MAX_ROOMS + 1)]
    assert any(p == "rooms" and f"at most {MAX_ROOMS}" in m for p, m in problems(doc))
    doc = corridor()
    doc["players"][0]["combat_cards"] = list(range(21))
    assert any(p == "players[0].combat_cards" and "at most 20" in m for p, m in problems(doc))


def test_ids_are_plain_words_and_reserved_words_are_refused() -> None:
    doc = with_pieces(corridor(), [{"id": "a b", "kind": "goblin", "at": "A1"}, {"id": "out", "kind": "troll", "at": "A2"},
                                   {"id": "x\u001b[2J", "kind": "thief", "at": "A3"}])
    found = paths(doc)
    assert {"characters[0].id", "characters[1].id", "characters[2].id"} <= set(found)


def test_traps_and_the_objects_the_aid_does_not_describe_are_refused_by_name() -> None:
    """The aid lists 10 objects and no trap; the game has 13 objects and traps."""
    with pytest.raises(CatalogueError, match="traps are not in the player aid"):
        object_kind("trap")
    with pytest.raises(CatalogueError, match="the other 3 are not in the aid"):
        object_kind("healing potion")
    doc = with_pieces(corridor(), [], [{"id": "p", "kind": "potion", "at": "A1"}, {"id": "t", "kind": "Piège", "at": "A2"}])
    found = problems(doc)
    assert any(p == "objects[0].kind" and "not one of the 10 objects" in m for p, m in found)
    assert any(p == "objects[1].kind" and "traps" in m for p, m in found)


def test_the_catalogue_has_the_aids_25_characters_and_10_objects_by_english_or_french_name() -> None:
    assert len(Kind) == 25 and len(ObjectKind) == 10
    assert character_kind("Maîtresse d'armes") is Kind.WEAPON_MASTER and character_kind("bersek") is Kind.BERSERKER
    assert object_kind("Lance télescopique") is ObjectKind.TELESCOPIC_LANCE
    with pytest.raises(CatalogueError, match="25 characters"):
        character_kind("dragon")


def test_bad_json_and_bad_toml_are_located_by_line_and_column() -> None:
    with pytest.raises(PositionError) as caught:
        load_text('{\n  "format": }')
    assert caught.value.problems[0].path == "line 2, column 13"
    with pytest.raises(PositionError) as caught:
        load_text('format = "lueur-dt-position/1"\nplayers = [', "toml")
    assert caught.value.problems[0].path.startswith("line 2") or caught.value.problems[0].path == "end of document"


def test_a_file_too_large_or_not_utf8_is_a_problem_at_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    big = tmp_path / "big.json"
    big.write_bytes(b" " * ((1 << 20) + 2))
    with pytest.raises(PositionError) as caught:
        load_path(str(big))
    assert caught.value.problems[0].path == "file"
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "\xe9"}')
    with pytest.raises(PositionError) as caught:
        load_path(str(latin))
    assert "UTF-8" in caught.value.problems[0].message


@settings(max_examples=120, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=6),
                    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=4),
                    max_leaves=12))
def test_any_json_value_is_read_or_refused_with_located_problems(value: Any) -> None:
    doc = corridor()
    key = random.Random(json.dumps(value, sort_keys=True, default=str)).choice(sorted(doc))
    doc[key] = value
    try:
        read(doc)
    except PositionError as exc:
        assert exc.problems and all(isinstance(p.path, str) and p.message for p in exc.problems)


def test_the_economy_form_reads_and_refuses_with_places() -> None:
    plan = economy_json.read({"format": economy_json.FORMAT, "hands": [[0, 1, 2], [0, 3]],
                              "fights": [{"attacker": 1, "attacker_value": 2, "defender_value": 3, "telepath": "defender",
                                          "loss": "1/2"}]})
    assert plan.fights[0].defender_names and plan.fights[0].loss == economy_json.Fraction(1, 2)
    with pytest.raises(PositionError) as caught:
        economy_json.read({"format": "x", "hands": [[0] * 13, [0]],
                           "fights": [{"attacker": 2, "attacker_value": -1, "defender_value": 1, "win": "1/0", "wat": 1}]})
    found = {p.path for p in caught.value.problems}
    assert {"format", "hands[0]", "fights[0].attacker", "fights[0].attacker_value", "fights[0].win", "fights[0].wat"} <= found


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out += _paths(inner, (*prefix, index))
    return out


JUNK = (None, True, -1, 10**30, 1.5, "", "zz", "A1", [], {}, [1, [2]], {"x": None}, "beside:", "beside:A", "carried",
        "\u202e", "a" * 500)


@pytest.mark.parametrize("seed", range(300))
def test_a_value_replaced_anywhere_is_read_or_refused_with_located_problems_never_a_crash(seed: int) -> None:
    rng = random.Random(seed)
    doc = random_document(rng)
    where = rng.choice(_paths(doc)[1:])
    target: Any = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = rng.choice(JUNK)
    try:
        read(doc)
    except PositionError as exc:
        assert exc.problems and all(isinstance(p.path, str) and p.message for p in exc.problems)
