"""The protocol's ``dc.*`` commands: the same documents as ``lueur dc ... --json``, through ``lueur engine`` and over
HTTP, every line valid against the published schema; a bad position located under ``position.``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from cli.http_server import ServerLimits, create_app
from solver.deadcells.notation.files import load_path
from solver.protocol.commands import execute
from solver.protocol.engine_schema import SCHEMAS_SERVED
from solver.protocol.requests import parse_request
from tests.deadcells.dc_builders import SCENARIOS
from tests.deadcells.test_dc_cli import lueur
from tests.protocol.test_json_schema import ENGINE, ENGINE_CLOSED, answered, errors
from tests.protocol_client import Engine

BOOK = load_path(str(SCENARIOS / "rulebook-example.json")).document
TWO = load_path(str(SCENARIOS / "two-players.toml")).document


def ask(request: dict[str, Any]) -> dict[str, Any]:
    return execute(parse_request({"id": "t", **request}), lambda _: None, lambda: False)


REQUESTS = [
    {"command": "dc.check", "position": BOOK},
    {"command": "dc.check", "position": {**BOOK, "first_player": "Zed"}},
    {"command": "dc.show", "position": TWO},
    {"command": "dc.apply", "position": TWO, "choices": ["play Ann slash parry", "play Bob parry"]},
    {"command": "dc.apply", "position": TWO, "choices": ["pass Ann"]},
    {"command": "dc.resolve", "position": BOOK},
    {"command": "dc.resolve", "position": TWO, "fill": "plan"},
    {"command": "dc.plan", "position": TWO},
    {"command": "dc.plan", "position": TWO, "max_nodes": 2},
    {"command": "dc.odds", "position": TWO, "checks": 2},
    {"command": "dc.render", "position": BOOK, "picture": "timeline"},
]


@pytest.mark.parametrize("request_doc", REQUESTS, ids=lambda d: f"{d['command']}-{REQUESTS.index(d)}")
def test_every_line_of_an_answer_validates_against_the_closed_schema(request_doc: dict[str, Any]) -> None:
    assert errors(ENGINE, {"id": "t", **request_doc}) == []
    lines = answered({"id": "t", **request_doc})
    assert lines and lines[-1]["type"] in ("result", "error")
    for line in lines:
        assert errors(ENGINE_CLOSED, line) == [], line


def test_the_protocol_answers_as_the_command_line() -> None:
    line = ask({"command": "dc.plan", "position": TWO})
    assert line["exit_code"] == 0 and line["result"] == json.loads(lueur("dc", "plan", str(SCENARIOS / "two-players.toml"),
                                                                           "--json").stdout)
    assert ask({"command": "dc.plan", "position": TWO, "max_nodes": 2})["exit_code"] == 3
    refused = ask({"command": "dc.apply", "position": TWO, "choices": ["pass Ann"]})
    assert (refused["type"], refused["error"]) == ("error", "illegal action")
    bad = ask({"command": "dc.show", "position": {**TWO, "first_player": "Zed"}})
    assert bad["error"] == "invalid position" and [p["path"] for p in bad["problems"]] == ["position.first_player"]
    check = ask({"command": "dc.check", "position": {**TWO, "first_player": "Zed"}})
    assert check["exit_code"] == 2 and check["result"]["valid"] is False


def test_the_engine_and_http_serve_the_commands() -> None:
    engine = Engine()
    try:
        (line,) = engine.ask({"id": 1, "command": "dc.resolve", "position": BOOK})
        assert line["type"] == "result" and line["result"]["outcome"]["kills"] == 2
        (line,) = engine.ask({"id": 2, "command": "dc.plan", "position": TWO})
        assert line["result"]["line"][0] == "play Ann slash parry"
    finally:
        engine.close()
    client = TestClient(create_app(ServerLimits()))
    response = client.post("/v1/dc.odds", json={"position": TWO})
    assert response.status_code == 200 and response.json()["result"]["first_player"] == "Ann"
    assert client.get("/v1/schema/dc-combat").json()["$id"].endswith("lueur-dc-combat-1.schema.json")


def test_the_position_schema_holds_the_scenarios_and_refuses_an_unknown_verb() -> None:
    schema = Draft202012Validator(SCHEMAS_SERVED["dc-combat"]())
    for document in (BOOK, TWO):
        assert list(schema.iter_errors(document)) == []
    bad = json.loads(json.dumps(TWO))
    bad["cards"]["slash"]["lines"]["I"] = [{"teleport": 1}]
    assert list(schema.iter_errors(bad)) != []
