"""The published JSON Schemas (docs/schema/): valid Draft 2020-12 documents, generated from the code, and
held against the readers, every scenario and example, the malformed examples and real protocol answers."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from cli.http_server import ServerLimits, create_app
from solver.base.errors import PositionError
from solver.nightcage.model.grid import SIZES
from solver.nightcage.model.rulings import ALL_RULINGS
from solver.nightcage.model.setups import BASES
from solver.nightcage.notation import json_prisoners, json_tiles, pending
from solver.nightcage.notation.fields import TYPE_NAMES
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.json_schema import SECTIONS, position_schema
from solver.nightcage.notation.position_json import read, to_json
from solver.nightcage.notation.scenario import _ScenarioReader
from solver.protocol.commands import execute
from solver.protocol.engine_schema import SCHEMA_FILES, engine_schema, schema_text
from solver.protocol.requests import RequestError, parse_request
from solver.protocol.runner import Runner
from solver.protocol.schema import COMMANDS, POSITION_SCHEMA_PATH, request_schema
from tests.paths import ROOT
from tests.protocol_client import ff_position
from tests.protocol_client import position as scenario_position

SCHEMA_DIR = ROOT / "docs" / "schema"
POSITION = Draft202012Validator(position_schema())
ENGINE = Draft202012Validator(engine_schema())
EXAMPLE = json.loads((ROOT / "docs/examples/position.json").read_text(encoding="utf-8"))
DOMAIN_INVALID_SCENARIOS = ("questions/q30-five-advanced-four-under-default", "rulings/adv-5p-wax-mismatch",
                            "rulings/dirge-shape-mismatch")
"""Scenarios that hold a position `lueur check` refuses on purpose (the totals, the Dirge's shape): well formed."""


def errors(validator: Draft202012Validator, doc: Any) -> list[str]:
    return sorted(".".join(map(str, e.absolute_path)) for e in validator.iter_errors(doc))


def reader_refuses(doc: Any) -> bool:
    try:
        read(doc)
    except PositionError:
        return True
    return False


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


# -- the documents ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [position_schema, engine_schema])
def test_each_schema_is_a_valid_draft_2020_12_schema(make: Callable[[], dict[str, Any]]) -> None:
    doc = make()
    Draft202012Validator.check_schema(doc)  # raises with what is wrong
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["$id"].endswith(".schema.json") and doc["title"] and doc["description"]


def test_the_committed_files_are_what_the_code_generates() -> None:
    stale = [name for name, make in SCHEMA_FILES.items()
             if not (SCHEMA_DIR / name).exists() or (SCHEMA_DIR / name).read_text(encoding="utf-8") != schema_text(make())]
    assert stale == [], f"docs/schema/ is out of date ({', '.join(stale)}): run `lueur schema --write docs/schema`"


def test_generating_twice_gives_the_same_bytes() -> None:
    assert [schema_text(make()) for make in SCHEMA_FILES.values()] == [schema_text(make()) for make in SCHEMA_FILES.values()]


def test_the_server_serves_the_files_and_the_openapi_body_refers_to_the_position_schema() -> None:
    client = TestClient(create_app(ServerLimits()))
    for path, name in (("/v1/schema/position", "lueur-position-1.schema.json"), ("/v1/schema/protocol", "lueur-engine-1.schema.json")):
        response = client.get(path)
        assert response.status_code == 200 and response.headers["content-type"] == "application/schema+json"
        assert response.text == (SCHEMA_DIR / name).read_text(encoding="utf-8")
    assert request_schema()["properties"]["position"]["anyOf"][0]["$ref"] == POSITION_SCHEMA_PATH
    assert "/v1/schema/position" in client.get("/openapi.json").json()["paths"]
    assert client.get("/").status_code == 200  # the workbench is still mounted behind the API


# -- the schema is the readers' -------------------------------------------------------------------------------------


def test_every_section_names_the_readers_fields() -> None:
    schema = position_schema()
    where = {"position": schema, **schema["$defs"], "setup": schema["$defs"]["setup"]["oneOf"][1]}
    for section, _, fields in SECTIONS:
        assert list(where[section]["properties"]) == list(fields), section


def test_every_enum_is_the_readers() -> None:
    defs = position_schema()["$defs"]
    prisoner = defs["prisoner"]["properties"]
    assert defs["tile"]["properties"]["kind"]["enum"] == list(json_tiles.BOARD_KINDS)
    assert defs["tile"]["properties"]["facing"]["enum"] == list(json_tiles.FACINGS)
    assert defs["tile_type"]["enum"] == list(TYPE_NAMES)
    assert prisoner["candle"]["enum"] == list(json_prisoners.CANDLES)
    assert (prisoner["nerve"]["minimum"], prisoner["nerve"]["maximum"]) == json_prisoners.NERVE_RANGE
    assert defs["setup"]["oneOf"][0]["enum"] == list(BASES)
    assert defs["step"]["properties"]["step"]["enum"] == list(pending.STEP_NAMES)
    assert defs["step"]["properties"]["purpose"]["enum"] == list(pending.PURPOSES)
    assert list(position_schema()["properties"]["rulings"]["properties"]) == list(ALL_RULINGS)
    size = position_schema()["properties"]["size"]
    assert (size["minimum"], size["maximum"]) == (min(SIZES), max(SIZES))


def tile_doc(tile: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(EXAMPLE)
    doc["tiles"]["a6"] = tile
    return doc


def tile_field_problem(tile: dict[str, Any], field: str) -> bool:
    """Whether the reader reports a problem at the tile's ``field`` (the rest of the position may fail its totals)."""
    try:
        read(tile_doc(tile))
    except PositionError as exc:
        return any(p.path.startswith(f"tiles.a6.{field}") for p in exc.problems)
    return False


VALUES = {"facing": "N", "key_taken": True, "was": "t", "group": "dirge"}


@pytest.mark.parametrize("kind", json_tiles.BOARD_KINDS)
def test_the_fields_each_kind_takes_agree_with_the_reader(kind: str) -> None:
    """For each kind and each field only some kinds take: the schema refuses it exactly where the reader does."""
    base = {"kind": kind, **({"open": "NE" if kind == "start" else "NS" if kind == "straight" else "NES"}
                              if kind in ("start", "straight", "t") else {}), **({"facing": "N"} if kind == "keeper" else {})}
    for field, value in VALUES.items():
        tile = {**base, field: value}
        schema_refuses = any(e.startswith("tiles.a6") for e in errors(POSITION, tile_doc(tile)))
        assert schema_refuses == tile_field_problem(tile, field), (kind, field)


@pytest.mark.parametrize("spelling, field, accepted", [
    ({"kind": "t", "open": "SEN"}, "open", True), ({"kind": "t", "open": "nes"}, "open", True),
    ({"kind": "t", "open": "NS"}, "open", False), ({"kind": "t", "open": "NNE"}, "open", False),
    ({"kind": "cross", "open": "WESN"}, "open", True), ({"kind": "cross", "open": "NES"}, "open", False),
    ({"kind": "pit", "open": ""}, "open", True), ({"kind": "straight", "open": "EW"}, "open", True), ({"kind": "t"}, "open", False),
    ({"kind": "key", "crumbling": False}, "crumbling", False), ({"kind": "t", "open": "NES", "crumbling": True}, "crumbling", True),
    ({"kind": "pit", "was": "t", "group": "dirge"}, "was", False), ({"kind": "pit_fiend"}, "kind", False),
])
def test_tile_spellings_agree_with_the_reader(spelling: dict[str, Any], field: str, accepted: bool) -> None:
    assert (not any(e.startswith("tiles.a6") for e in errors(POSITION, tile_doc(spelling)))) == accepted
    assert tile_field_problem(spelling, field) != accepted


# -- every position the project has ------------------------------------------------------------------------------------


def scenario_names() -> list[str]:
    return sorted(str(p.relative_to(ROOT / "scenarios").with_suffix("")) for p in (ROOT / "scenarios").rglob("*.toml"))


@pytest.mark.parametrize("name", [n for n in scenario_names() if n not in DOMAIN_INVALID_SCENARIOS])
def test_every_scenario_converted_to_json_validates(name: str) -> None:
    pos, _ = load_path(ROOT / "scenarios" / f"{name}.toml")
    assert errors(POSITION, to_json(pos.state, pos.meta)) == []


@pytest.mark.parametrize("name", DOMAIN_INVALID_SCENARIOS)
def test_a_scenario_refused_only_as_a_whole_is_well_formed(name: str) -> None:
    text = (ROOT / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")
    doc = _ScenarioReader(text, False).document(tomllib.loads(text))  # the JSON document the scenario stands for
    assert errors(POSITION, doc) == [] and reader_refuses(doc)


EXAMPLE_FILES = [*sorted((ROOT / "docs/examples").glob("position*.json")), *sorted((ROOT / "examples/positions").glob("*.json")),
                 ROOT / "tests/data/format_example.json"]


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_example_file_validates(path: Path) -> None:
    assert errors(POSITION, json.loads(path.read_text(encoding="utf-8"))) == []


def test_the_bad_example_is_refused_where_its_structure_is_wrong() -> None:
    doc = json.loads((ROOT / "docs/examples/bad-position.json").read_text(encoding="utf-8"))
    assert errors(POSITION, doc) == ["prisoners.1.nerve", "tiles.a6.kind", "tiles.c3.open"]
    assert reader_refuses(doc)


def mutated(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(EXAMPLE)
    change(doc)
    return doc


STRUCTURE = {
    "an unknown field": lambda d: d.update(k=1),
    "200 unknown fields": lambda d: d.update({f"k{i}": 1 for i in range(200)}),
    "a control character in a name": lambda d: d["prisoners"][3].update(name="yel\u001blow"),
    "a bidi override in a name": lambda d: d["prisoners"][3].update(name="yel\u202elow"),
    "a name with a space": lambda d: d["prisoners"][3].update(name="yel low"),
    "a gigantic Nerve": lambda d: d["prisoners"][0].update(nerve=10**4000),
    "a hostile ruling": lambda d: d.update(rulings={"RULING-\u001b]0;owned\u0007": True}),
    "a ruling not a boolean": lambda d: d.update(rulings={"RULING-LOS-END": "yes"}),
    "a pit fiend on the board": lambda d: d["tiles"].update(a6={"kind": "pit_fiend"}),
    "a facing on a gate": lambda d: d["tiles"]["d3"].update(facing="N"),
    "a prisoner in two places": lambda d: d["prisoners"][0].update(falling="row 2"),
    "a prisoner nowhere": lambda d: d["prisoners"][0].pop("at"),
    "no prisoners": lambda d: d.update(prisoners=[]),
    "no pile": lambda d: d.pop("pile"),
    "contents and layers": lambda d: d["pile"].update(layers=[{"t": 9}]),
    "an unknown setup": lambda d: d.update(setup="huge"),
    "a difficulty out of range": lambda d: d.update(setup={"base": "standard", "difficulty": {"keys": 5}}),
    "three omens": lambda d: d.update(omens=3),
    "a board of 8": lambda d: d.update(size=8),
    "meta not an object": lambda d: d.update(meta=[1]),
    "a cell name that is no cell": lambda d: d["tiles"].update(z9={"kind": "cross"}),
    "a falling line that is no line": lambda d: d["prisoners"][2].update(falling="row x"),
    "a pending step of no name": lambda d: d.update(pending={"steps": [{"step": "dance"}]}),
}
"""Malformed documents (the hostile cases of tests/cli/test_hostile_input.py among them): refused by both."""
DOMAIN = {
    "a turn that names no prisoner": lambda d: d.update(turn="purple"),
    "50,000 prisoners, none red": lambda d: d.update(prisoners=[{"name": f"p{i}", "unplaced": True} for i in range(50_000)]),
    "a name used twice": lambda d: d["prisoners"][3].update(name="red"),
    "a prisoner on an empty cell": lambda d: d["prisoners"][0].update(at="a6"),
    "a count that does not add up": lambda d: d["pile"].update(count=10),
    "tiles that do not add up": lambda d: d["tiles"].update(a6={"kind": "cross"}),
    "a cell off a 6x6 board": lambda d: d["tiles"].update(g7={"kind": "cross"}),
    "a landing row off a 6x6 board": lambda d: d["prisoners"][2].update(falling="row 7"),
    "a 7x7 board for the standard setup": lambda d: d.update(size=7),
    "a Dirge of duplicate cells": lambda d: d.update(rulings={"RULING-DIRGE-SHAPE": [[0, 0]] * 9}),
}
"""Documents well formed but refused by `lueur check` (the position as a whole, or a check that needs another
field): the schema accepts them, as it says it does."""


@pytest.mark.parametrize("case", sorted(STRUCTURE))
def test_a_malformed_document_is_refused_by_the_schema_and_the_reader(case: str) -> None:
    doc = mutated(STRUCTURE[case])
    assert errors(POSITION, doc) != [] and reader_refuses(doc)


@pytest.mark.parametrize("case", sorted(DOMAIN))
def test_a_position_wrong_only_as_a_whole_passes_the_schema_and_fails_the_check(case: str) -> None:
    doc = mutated(DOMAIN[case])
    assert errors(POSITION, doc) == [] and reader_refuses(doc)


# -- the protocol ------------------------------------------------------------------------------------------------------


WAX = scenario_position("rulebook/wax-eater-sight")
HOLD = scenario_position("endgames/04-hold-the-light")
EIGHT = ff_position("monster-eight-steps")
THROUGH = ff_position("move-through-pawns")
VALID_REQUESTS = [
    {"id": 1, "command": "check", "position": WAX},
    {"id": "a", "command": "apply", "position": WAX, "actions": ["move N"], "colour": "red"},  # unknown: a warning only
    {"id": 2, "command": "solve", "position": HOLD, "engine": "both", "time_limit": 2.5},
    {"id": 3, "command": "convert", "text": "6/6/6/6/6/6 red? red pile:", "to": "line"},
    {"id": 4, "command": "cancel", "target": "a"},
    {"id": 5, "command": "new", "setup": "five"},
    {"id": 6, "command": "render", "position": WAX, "format": "svg", "highlight": ["c4"]},
    {"id": 7, "command": "hint", "position": WAX, "actions": 5},  # another command's field: ignored, whatever it holds
    {"id": 8, "command": "ff.forecast", "position": EIGHT},
    {"id": 9, "command": "ff.moves", "position": THROUGH, "pawn": "five", "worst_case": True, "lure": "x"},
    {"id": 10, "command": "ff.race", "position": THROUGH},
]
INVALID_REQUESTS = [
    {"command": "check", "position": WAX},
    {"id": 1.5, "command": "check", "position": WAX},
    {"id": 1, "command": "dance", "position": WAX},
    {"id": 1, "command": "apply", "position": WAX},
    {"id": 1, "command": "apply", "position": WAX, "actions": []},
    {"id": 1, "command": "solve", "position": HOLD, "time_limit": 0},
    {"id": 1, "command": "odds", "position": WAX, "draws": 101},
    {"id": 1, "command": "solve", "position": HOLD, "engine": "magic"},
    {"id": 1, "command": "cancel"},
    {"id": 1, "command": "convert", "position": WAX, "text": "x"},
    {"id": 1, "command": "legal"},
    {"id": 1, "command": "legal", "position": WAX, "explain": "yes"},
    {"id": 1, "command": "ff.forecast"},
    {"id": 1, "command": "ff.moves", "position": THROUGH, "pawn": 5},
    {"id": 1, "command": "ff.moves", "position": THROUGH, "worst_case": "yes"},
    {"id": 1, "command": "ff.moves", "position": THROUGH, "lure": ""},
]


def parses(doc: dict[str, Any]) -> bool:
    try:
        parse_request(doc)
    except RequestError:
        return False
    return True


@pytest.mark.parametrize("doc", VALID_REQUESTS, ids=lambda d: f"{d['command']}-{d['id']}")
def test_a_valid_request_validates(doc: dict[str, Any]) -> None:
    assert parses(doc) and errors(ENGINE, doc) == []


@pytest.mark.parametrize("doc", INVALID_REQUESTS, ids=str)
def test_an_invalid_request_is_refused_by_both(doc: dict[str, Any]) -> None:
    assert not parses(doc) and errors(ENGINE, doc) != []


def answered(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every line a request gets, as the runner sends them (quick commands on a thread, no process)."""
    lines: list[dict[str, Any]] = []
    runner = Runner(processes=False)
    runner.submit(parse_request(doc), lines.append)
    runner.wait()
    return lines


def chance_position() -> dict[str, Any]:
    line = execute(parse_request({"id": 1, "command": "apply", "position": WAX, "actions": ["move N"]}), lambda _: None, lambda: False)
    return line["result"]["position"]


ANSWERED = [
    {"command": "check", "position": WAX},
    {"command": "check", "position": mutated(DOMAIN["a prisoner on an empty cell"])},
    {"command": "legal", "position": WAX, "explain": True},
    {"command": "legal", "position": "chance"},
    {"command": "apply", "position": WAX, "actions": ["move N"]},
    {"command": "apply", "position": WAX, "actions": ["move S"]},
    {"command": "apply", "position": WAX, "actions": ["dance"]},
    {"command": "odds", "position": WAX, "draws": 3},
    {"command": "render", "position": WAX},
    {"command": "render", "position": WAX, "format": "svg"},
    {"command": "convert", "position": WAX, "to": "toml"},
    {"command": "new", "setup": "advanced"},
    {"command": "version", "stray": 1},
    {"command": "cancel", "target": "nothing"},
    {"command": "solve", "position": HOLD},
    {"command": "solve", "position": HOLD, "engine": "both"},
    {"command": "hint", "position": HOLD},
    {"command": "analyze", "position": HOLD, "playouts": 4, "orders": 1},
    {"command": "odds", "position": {"prisoners": []}},
    {"command": "ff.forecast", "position": EIGHT},
    {"command": "ff.forecast", "position": THROUGH},
    {"command": "ff.forecast", "position": WAX},  # a Night Cage position is no Fearsome Floors one: invalid position
    {"command": "ff.moves", "position": THROUGH},
    {"command": "ff.moves", "position": THROUGH, "pawn": "five", "worst_case": True},
    {"command": "ff.moves", "position": THROUGH, "lure": "x"},
    {"command": "ff.moves", "position": THROUGH, "lure": "five"},
    {"command": "ff.moves", "position": EIGHT},
    {"command": "ff.race", "position": EIGHT},
    {"command": "ff.race", "position": {**THROUGH, "monster": {"at": "z9"}}},
]


@pytest.mark.parametrize("request_doc", ANSWERED, ids=lambda d: f"{d['command']}-{ANSWERED.index(d)}")
def test_every_line_of_a_real_answer_validates_against_the_closed_schema(request_doc: dict[str, Any]) -> None:
    doc = {"id": "r", **request_doc}
    if doc.get("position") == "chance":
        doc["position"] = chance_position()
    lines = answered(doc)
    assert lines and lines[-1]["type"] in ("result", "error")
    for line in lines:
        assert errors(ENGINE_CLOSED, line) == [], line


def test_a_result_line_is_held_to_its_commands_result() -> None:
    line = {"id": 1, "type": "result", "command": "render", "exit_code": 0, "seconds": 0.1,
            "result": {"format": "text", "board": "...", "awaits": "..."}}
    assert errors(ENGINE, line) == []
    assert errors(ENGINE, {**line, "command": "solve"}) != []  # a render's document is no solve's
    assert errors(ENGINE, {**line, "result": None}) == []  # stopped before an answer


def test_every_command_has_a_result_schema() -> None:
    assert sorted(engine_schema()["$defs"]["result"]) == sorted(COMMANDS)


def test_the_fearsome_floors_commands_take_their_own_position_format() -> None:
    assert errors(ENGINE, {"id": 1, "command": "ff.forecast", "position": EIGHT}) == []
    assert errors(ENGINE, {"id": 1, "command": "ff.forecast", "position": WAX}) != []  # a Night Cage position
    assert errors(ENGINE, {"id": 1, "command": "legal", "position": EIGHT}) != []  # and the other way round
