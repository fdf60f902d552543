"""``lueur dt``: every command's text and JSON, and its answers to bad input (located, exit 2, never a traceback)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.dungeontwister.builders import corridor, with_pieces
from tests.paths import ROOT

EXAMPLE = str(ROOT / "scenarios" / "dungeontwister" / "two-rooms.json")
PLAN = str(ROOT / "scenarios" / "dungeontwister" / "three-fights.json")


def lueur(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(cli, ["dt", *args], input=stdin, catch_exceptions=False)


def write(tmp_path: Path, doc: Any, name: str = "pos.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def test_check_says_valid_and_whose_geometry() -> None:
    result = lueur("check", EXAMPLE)
    assert result.exit_code == 0 and "valid position" in result.stdout and "no room card" in result.stdout
    assert json.loads(lueur("check", EXAMPLE, "--json").stdout)["valid"] is True


def test_check_lists_every_problem_with_its_place_and_exits_2(tmp_path: Path) -> None:
    doc = with_pieces(corridor(), [{"id": "gob", "kind": "dragon", "at": "A1"}], [{"id": "p", "kind": "trap", "at": "A2"}])
    doc["rooms"][0]["arrow"] = "sideways"
    result = lueur("check", write(tmp_path, doc))
    assert result.exit_code == 2
    assert "rooms[0].arrow" in result.stdout and "characters[0].kind" in result.stdout and "objects[0].kind" in result.stdout
    document = json.loads(lueur("check", write(tmp_path, doc), "--json").stdout)
    assert document["valid"] is False and {p["path"] for p in document["problems"]} >= {"rooms[0].arrow", "objects[0].kind"}


@pytest.mark.parametrize("command", ["show", "legal", "threats", "turn", "render"])
def test_a_bad_file_is_reported_located_with_exit_2_and_no_traceback(tmp_path: Path, command: str) -> None:
    for text, where in (("{ nope", "line 1, column 3"), ('{"format": "lueur-dt-position/1"}', "players"), ("\xff", "")):
        path = tmp_path / "bad.json"
        path.write_bytes(text.encode("latin-1") if text == "\xff" else text.encode("utf-8"))
        result = lueur(command, str(path))
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert where in result.stderr
    missing = lueur(command, str(tmp_path / "none.json"))
    assert missing.exit_code == 2 and "file: cannot read" in missing.stderr


def test_show_writes_the_position_in_words_json_or_toml(tmp_path: Path) -> None:
    text = lueur("show", EXAMPLE).stdout
    assert "Room A (green, twin B, turns cw, turned 0)" in text and "A2: thief" in text
    toml = lueur("show", EXAMPLE, "--to", "toml").stdout
    again = lueur("show", write(tmp_path, toml, "again.toml"), "--to", "json")
    assert again.exit_code == 0 and json.loads(again.stdout)["format"] == "lueur-dt-position/1"
    assert lueur("show", "-", stdin=Path(EXAMPLE).read_text(encoding="utf-8")).exit_code == 0


def test_legal_lists_moves_and_combats_without_cards() -> None:
    document = json.loads(lueur("legal", EXAMPLE, "--json").stdout)
    assert "move thief B1" in document["actions"] and "attack warrior troll" in document["combats"]
    assert "end" in document["actions"]


def test_apply_cites_the_aid_names_the_other_readings_and_writes_the_position(tmp_path: Path) -> None:
    out = str(tmp_path / "after.toml")
    result = lueur("apply", EXAMPLE, "move thief A1", "rotate A by thief", "-o", out)
    assert result.exit_code == 0
    assert "« 1 PA : la tourner" in result.stdout and "DT-ROTATE-SITE" in result.stdout
    assert "under the other reading" not in result.stdout  # the thief stands on the mechanism: both readings agree
    over_the_pit = lueur("apply", EXAMPLE, "move thief A4 A3")
    assert "under the other reading" in over_the_pit.stdout and "DT-PIT-ZONE" in over_the_pit.stdout
    assert lueur("check", out).exit_code == 0
    refused = lueur("apply", EXAMPLE, "move goblin A3")
    assert refused.exit_code == 2 and "REFUSED" in refused.stdout and "faces" in refused.stdout
    document = json.loads(lueur("apply", EXAMPLE, "move thief B1", "--json").stdout)
    assert document["applied"][0]["events"][1]["rule"] == "move_pin" and document["refused"] is None


def test_combat_from_a_position_and_from_values() -> None:
    document = json.loads(lueur("combat", EXAMPLE, "attack warrior troll", "--json").stdout)
    assert document["engagement"]["defender_value"] == 4 and document["value"] == "-1"
    result = lueur("combat", "--attacker", "3", "--defender", "3", "--attacker-cards", "0,1,2,3", "--defender-cards", "0,1,2,3",
                   "--weapon-master", "defender")
    assert result.exit_code == 0 and "defender sees" in result.stdout and "Value for the attacker" in result.stdout
    berserk = json.loads(lueur("combat", "--attacker", "3", "--defender", "5", "--attacker-cards", "0,2,3", "--defender-cards",
                               "0,2", "--berserker", "--json").stdout)
    assert berserk["announced_cards"] == 2 and berserk["outcomes"]["attacker"] == "possible"


@pytest.mark.parametrize("args, message", [
    (("--attacker", "3"), "--defender"),
    (("--attacker", "3", "--defender", "1", "--attacker-cards", "1,x", "--defender-cards", "0"), "--attacker-cards"),
    (("--attacker", "3", "--defender", "1", "--attacker-cards", "1", "--defender-cards", "0", "--payoffs", "1,2"), "--payoffs"),
    ((EXAMPLE,), "FIGHT"),
    ((EXAMPLE, "attack thief troll"), "not in thief's zone"),
    ((EXAMPLE, "fly thief troll"), "--fight"),
])
def test_a_bad_combat_question_exits_2_saying_why(args: tuple[str, ...], message: str) -> None:
    result = lueur("combat", *args)
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_economy_from_a_plan_and_from_a_position(tmp_path: Path) -> None:
    document = json.loads(lueur("economy", PLAN, "--json").stdout)
    assert document["nodes"] == document["certified"] + document["sequential"] + 1 or document["certified"] > 0
    assert document["check"].startswith("every matrix node")
    text = lueur("economy", EXAMPLE, "attack warrior troll", "attack troll warrior").stdout
    assert "Value for red: -3/2" in text
    bad = write(tmp_path, {"format": "lueur-dt-economy/1", "hands": [[0], [0]], "fights": []})
    result = lueur("economy", bad)
    assert result.exit_code == 2 and "fights: 0 fights" in result.stderr


def test_reach_answers_yes_with_the_plan_or_no_with_exit_1(tmp_path: Path) -> None:
    yes = lueur("reach", EXAMPLE, "goblin", "out", "--turns", "3")
    assert yes.exit_code == 0 and "goblin reaches out with 9 AP in 3 turns" in yes.stdout
    no = lueur("reach", EXAMPLE, "goblin", "out")
    assert no.exit_code == 1 and "cannot reach out within 1 turn" in no.stdout
    bad = lueur("reach", EXAMPLE, "dragon", "A1")
    assert bad.exit_code == 2 and "--character" in bad.stderr
    picture = str(tmp_path / "reach.svg")
    assert lueur("reach", EXAMPLE, "thief", "--render", picture).exit_code == 0
    assert ET.parse(picture).getroot().tag.endswith("svg")


def test_threats_turn_and_rulings() -> None:
    threats = json.loads(lueur("threats", EXAMPLE, "--json").stdout)
    assert {"enemy": "troll", "kind": "attack", "target": "warrior", "zone": "B1", "ap": 1} in threats["threats"]
    turn = json.loads(lueur("turn", EXAMPLE, "--json").stdout)
    assert turn["vp"] == 1 and turn["plan"][-1] == "move warrior blue-1 out"
    rulings = lueur("rulings").stdout
    assert "DT-PIT-ZONE" in rulings and "default:" in rulings and "DT-INVERSION" in rulings


def test_render_writes_svg_to_stdout_and_png_to_a_file(tmp_path: Path) -> None:
    svg = lueur("render", EXAMPLE, "--reach", "thief", "--threats").stdout
    assert ET.fromstring(svg).tag.endswith("svg")
    png = tmp_path / "dt.png"
    assert lueur("render", EXAMPLE, "-o", str(png)).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    wrong = lueur("render", EXAMPLE, "-o", str(tmp_path / "dt.gif"))
    assert wrong.exit_code == 2 and ".svg or .png" in wrong.stderr
