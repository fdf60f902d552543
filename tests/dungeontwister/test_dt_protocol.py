"""The ``dt.*`` commands of the engine protocol: real answers held to the closed JSON Schema, bad requests answered
with located problems, and the game in the registry."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from solver.dungeontwister.notation.json_schema import position_schema
from solver.games import by_id, game_of_document
from solver.protocol.engine_schema import engine_schema
from solver.protocol.requests import RequestError, parse_request
from solver.protocol.runner import Runner
from tests.paths import ROOT

EXAMPLE = json.loads((ROOT / "scenarios" / "dungeontwister" / "two-rooms.json").read_text(encoding="utf-8"))


def closed(node: Any) -> Any:
    """The schema with every object that does not say otherwise closed to fields it does not describe."""
    if isinstance(node, dict):
        out = {key: closed(value) for key, value in node.items()}
        if out.get("type") == "object" and "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(node, list):
        return [closed(item) for item in node]
    return node


ENGINE_CLOSED = Draft202012Validator(closed(engine_schema()))


def answered(doc: dict[str, Any]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    runner = Runner(processes=False)
    runner.submit(parse_request({"id": "r", **doc}), lines.append)
    runner.wait()
    return lines


ANSWERED = [
    {"command": "dt.check", "position": EXAMPLE},
    {"command": "dt.check", "position": {**EXAMPLE, "to_move": "green"}},
    {"command": "dt.show", "position": EXAMPLE},
    {"command": "dt.legal", "position": EXAMPLE},
    {"command": "dt.apply", "position": EXAMPLE, "actions": ["move thief A4 A3", "rotate A by goblin"]},
    {"command": "dt.combat", "position": EXAMPLE, "fight": "attack warrior troll"},
    {"command": "dt.combat", "position": EXAMPLE, "fight": "attack thief troll"},
    {"command": "dt.economy", "position": EXAMPLE, "fights": ["attack warrior troll", "attack troll warrior"]},
    {"command": "dt.reach", "position": EXAMPLE, "character": "goblin", "goal": "out", "turns": 3},
    {"command": "dt.reach", "position": EXAMPLE, "character": "thief"},
    {"command": "dt.reach", "position": EXAMPLE, "character": "dragon"},
    {"command": "dt.threats", "position": EXAMPLE},
    {"command": "dt.turn", "position": EXAMPLE},
    {"command": "dt.render", "position": EXAMPLE, "reach": "thief", "threats": True},
    {"command": "dt.legal", "position": {"format": "lueur-dt-position/1", "players": []}},
]


@pytest.mark.parametrize("request_doc", ANSWERED, ids=lambda d: f"{d['command']}-{ANSWERED.index(d)}")
def test_every_line_of_a_real_answer_validates_against_the_closed_schema(request_doc: dict[str, Any]) -> None:
    lines = answered(request_doc)
    assert lines and lines[-1]["type"] in ("result", "error")
    for line in lines:
        problems = sorted(".".join(map(str, e.absolute_path)) for e in ENGINE_CLOSED.iter_errors(line))
        assert problems == [], line


def test_answers_are_the_command_lines_documents() -> None:
    (line,) = [x for x in answered({"command": "dt.reach", "position": EXAMPLE, "character": "goblin", "goal": "out", "turns": 3})
               if x["type"] == "result"]
    assert line["exit_code"] == 0 and line["result"]["ap"] == 9
    (check,) = [x for x in answered({"command": "dt.check", "position": {**EXAMPLE, "to_move": "green"}}) if x["type"] == "result"]
    assert check["exit_code"] == 2 and check["result"]["problems"][0]["path"] == "position.to_move"


def test_a_bad_position_is_answered_with_its_problems_under_position() -> None:
    (line,) = [x for x in answered({"command": "dt.legal", "position": {**EXAMPLE, "rooms": [{"id": "A"}]}})
               if x["type"] == "error"]
    assert line["error"] == "invalid position" and all(p["path"].startswith("position.") for p in line["problems"])


def test_a_question_the_position_cannot_answer_is_an_error_naming_the_option() -> None:
    (line,) = [x for x in answered({"command": "dt.reach", "position": EXAMPLE, "character": "dragon"}) if x["type"] == "error"]
    assert "character" in line["message"]
    (line,) = [x for x in answered({"command": "dt.combat", "position": EXAMPLE}) if x["type"] == "error"]
    assert "fight" in line["message"]


def test_bad_fields_are_refused_before_the_work() -> None:
    with pytest.raises(RequestError) as caught:
        parse_request({"id": 1, "command": "dt.reach", "position": EXAMPLE, "character": "goblin", "turns": 9})
    assert any(p.path == "turns" for p in caught.value.problems)
    with pytest.raises(RequestError) as caught:
        parse_request({"id": 1, "command": "dt.apply", "position": EXAMPLE, "actions": []})
    assert any(p.path == "actions" for p in caught.value.problems)


def test_the_game_is_in_the_registry_and_its_position_schema_validates_the_example() -> None:
    game = by_id("dungeon-twister")
    assert game is not None and game_of_document(EXAMPLE) is game and game.cli_name == "dt"
    schema = position_schema()
    Draft202012Validator.check_schema(schema)
    assert list(Draft202012Validator(schema).iter_errors(EXAMPLE)) == []
    written = json.loads((ROOT / "docs" / "schema" / "lueur-dt-position-1.schema.json").read_text(encoding="utf-8"))
    assert written == schema
