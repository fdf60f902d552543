"""The game registry (solver.games): every front door finds each game through it.

``lueur check|show|render FILE`` answer for the file's game, ``lueur games`` and the protocol's
``version`` list every game, the protocol serves every game's commands and each game's position
schema, and no two games claim one command.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from cli.main import COMMANDS as CLI_COMMANDS
from cli.main import cli
from solver.games import DEFAULT, GAMES, SNIFF_BYTES, by_id, game_of_document, game_of_file, game_of_text
from solver.protocol.commands import execute, version
from solver.protocol.engine_schema import SCHEMAS_SERVED
from solver.protocol.requests import parse_request
from solver.protocol.schema import COMMANDS, game_of
from tests.paths import ROOT

FEARSOME = ROOT / "scenarios" / "fearsome"
FF_POSITION = FEARSOME / "basic-start.json"
FF_SCENARIO = FEARSOME / "monster-eight-steps.json"
NIGHT_CAGE = ROOT / "scenarios" / "rulebook" / "wax-eater-sight.toml"
NIGHT_CAGE_JSON = ROOT / "docs" / "examples" / "position.json"


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_every_game_has_a_distinct_id_format_and_commands() -> None:
    assert len({g.id for g in GAMES}) == len({g.position_format for g in GAMES}) == len(GAMES) >= 2
    names = [c.name for g in GAMES for c in g.load_requests().COMMANDS]
    assert len(names) == len(set(names)), "two games claim one protocol command"
    assert COMMANDS == (*names, "cancel", "version")
    assert all(game_of(name) is by_id(game.id) for game in GAMES for name in (c.name for c in game.load_requests().COMMANDS))
    assert game_of("cancel") is None and game_of("version") is None


def test_a_document_names_its_game_by_format_or_game_and_the_default_is_the_night_cage() -> None:
    assert game_of_document({"format": "lueur-ff-position/1"}).id == "fearsome-floors"
    assert game_of_document({"format": "lueur-ff-scenario/1", "position": {}}).id == "fearsome-floors"
    assert game_of_document({"game": "fearsome-floors"}).id == "fearsome-floors"
    assert game_of_document({"format": "lueur-position/1", "game": "night-cage"}).id == "night-cage"
    assert game_of_document({"format": "chess/1"}) is DEFAULT
    assert game_of_document(["not", "an", "object"]) is DEFAULT
    assert game_of_text("5,5,5 red@a1 pile:t=1") is DEFAULT  # the one-line notation is the Night Cage's
    assert game_of_text('{"format": "lueur-ff-position/1"') is DEFAULT  # broken JSON: the default reader says why
    assert game_of_text("[" * 100_000) is DEFAULT


def test_a_file_names_its_game_and_what_cannot_be_read_goes_to_the_default(tmp_path: Path) -> None:
    assert game_of_file(str(FF_POSITION)).id == "fearsome-floors"
    assert game_of_file(str(FF_SCENARIO)).id == "fearsome-floors"
    assert game_of_file(str(NIGHT_CAGE)) is DEFAULT
    assert game_of_file(str(NIGHT_CAGE_JSON)) is DEFAULT
    assert game_of_file(str(tmp_path / "missing.json")) is DEFAULT
    assert game_of_file("-") is DEFAULT
    big = tmp_path / "big.json"
    big.write_text('{"format": "lueur-ff-position/1", "meta": "' + "x" * SNIFF_BYTES + '"}')
    assert game_of_file(str(big)) is DEFAULT  # too large to read whole: the default reader refuses it, saying why
    binary = tmp_path / "bytes.json"
    binary.write_bytes(b"\xff\xfe{")
    assert game_of_file(str(binary)) is DEFAULT


@pytest.mark.parametrize("command", ["check", "show", "render"])
def test_the_file_commands_answer_for_a_fearsome_floors_file_as_its_own_group_does(command: str) -> None:
    top = lueur(command, str(FF_POSITION))
    own = lueur("ff", command, str(FF_POSITION))
    assert (top.exit_code, top.output) == (own.exit_code, own.output)
    assert top.exit_code == 0 and top.output


def test_the_file_commands_find_the_file_among_the_options_and_pass_them_on(tmp_path: Path) -> None:
    out = tmp_path / "ff.svg"
    result = lueur("render", "-o", str(out), str(FF_SCENARIO), "--tile", "8")
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").startswith("<svg")
    refused = lueur("check", str(FF_POSITION), "--sight")  # a Night Cage option, unknown to Fearsome Floors
    assert refused.exit_code == 2 and "--sight" in refused.output


def test_the_file_commands_keep_answering_for_night_cage_files() -> None:
    result = lueur("check", str(NIGHT_CAGE), "--json")
    assert result.exit_code == 0 and json.loads(result.output)["valid"] is True
    assert "Now:" in lueur("show", str(NIGHT_CAGE)).output


def test_a_broken_fearsome_floors_file_is_checked_by_its_game(tmp_path: Path) -> None:
    doc = json.loads(FF_POSITION.read_text(encoding="utf-8"))
    doc["monster"] = {"at": "z99", "facing": "n"}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = lueur("check", str(path))
    assert result.exit_code == 2
    assert "monster.at" in result.output and "a file a-p" in result.output


def test_lueur_games_lists_every_game_with_its_format_and_commands() -> None:
    text = lueur("games").output
    for game in GAMES:
        assert game.id in text and game.position_format in text
    listed = json.loads(lueur("games", "--json").output)["games"]
    assert [g["id"] for g in listed] == [g.id for g in GAMES]
    assert listed[1]["cli"] == "ff" and "ff.forecast" in listed[1]["commands"]
    assert "games" in CLI_COMMANDS and "ff" in CLI_COMMANDS


def test_the_protocol_version_lists_each_games_commands() -> None:
    doc = version()
    assert [g["id"] for g in doc["games"]] == [g.id for g in GAMES]
    assert sum((g["commands"] for g in doc["games"]), []) == list(doc["commands"][:-2])


def test_a_request_goes_to_its_commands_game() -> None:
    ff = json.loads(FF_POSITION.read_text(encoding="utf-8"))
    line = execute(parse_request({"id": 1, "command": "ff.race", "position": ff}), lambda _: None, lambda: False)
    assert line["type"] == "result" and line["command"] == "ff.race"
    refused = execute(parse_request({"id": 2, "command": "legal", "position": ff}), lambda _: None, lambda: False)
    assert refused["error"] == "invalid position"  # a Fearsome Floors position is no Night Cage one


def test_every_games_position_schema_is_served_and_holds_its_scenarios() -> None:
    assert {g.schema_name for g in GAMES} <= set(SCHEMAS_SERVED)
    ff_schema = SCHEMAS_SERVED["ff-position"]()
    for path in sorted(FEARSOME.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        position = doc["position"] if doc.get("format") == "lueur-ff-scenario/1" else doc
        jsonschema.validate(position, ff_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"format": "lueur-ff-position/1", "players": ["red"], "monster": {"at": "a1", "facing": "n"}}, ff_schema)


def test_lueur_schema_prints_each_games_position_schema() -> None:
    result = lueur("schema", "ff-position")
    assert result.exit_code == 0
    assert json.loads(result.output)["$id"].endswith("lueur-ff-position-1.schema.json")
    assert lueur("schema").exit_code == 2
