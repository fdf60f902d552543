"""The command line: every command, with and without --json, exit codes, bad input."""

from __future__ import annotations

import copy
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import COMMANDS, cli
from tests.paths import DATA, ROOT

EXAMPLE = DATA / "format_example.json"
SCENARIOS = sorted(p for p in (ROOT / "scenarios").rglob("*.toml") if "puzzles" not in p.parts and "deadcells" not in p.parts)
"""The Night Cage's TOML scenarios (Dead Cells has a TOML form of its own, in scenarios/deadcells/)."""


def lueur(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


def write(tmp_path: Path, doc: Any, name: str = "pos.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return str(path)


# -- the commands -------------------------------------------------------------------------


def test_show_draws_the_board_and_reports_the_graph() -> None:
    result = lueur("show", str(EXAMPLE), "--graph")
    assert result.exit_code == 0
    assert "Pile 9" in result.output and "red" in result.output
    doc = json.loads(lueur("show", str(EXAMPLE), "--graph", "--json").output)
    assert doc["position"]["format"] == "lueur-position/1" and "graph" in doc and doc["board"]


def test_check_valid_and_json_keys() -> None:
    assert lueur("check", str(EXAMPLE)).exit_code == 0
    doc = json.loads(lueur("check", str(EXAMPLE), "--json").output)
    assert doc == {"valid": True, "problems": [], "warnings": [], "outcome": None, "game_over": None}


def test_legal_lists_actions_and_explains_refusals() -> None:
    doc = json.loads(lueur("legal", str(EXAMPLE), "--explain", "--json").output)
    assert doc["actions"] == ["stay", "move E", "move N", "jump S", "give blue red"]
    reasons = {i["action"]: i["reason"] for i in doc["illegal"]}
    assert reasons["move S"] == "c2 is a pit ('jump S' falls into it)"
    assert "move W" in reasons and "no passage leads west" in reasons["move W"]
    text = lueur("legal", str(EXAMPLE), "--explain").output
    assert "move E" in text and "Refused candidates" in text


def test_apply_adjudicates_step_by_step_and_shows_the_other_readings() -> None:
    result = lueur("apply", str(EXAMPLE), "move N", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["outcome"] is None and doc["position"]["format"] == "lueur-position/1"
    texts = [e["text"] for e in doc["events"]]
    assert "blue on d3 is hit by the wax eater on e3: 3 tiles and Lights Out" in texts
    trigger = next(e for e in doc["events"] if e["text"].startswith("the wax eater on e3 attacks"))
    assert trigger["ruling"] == "RULING-TRIGGER-ORIGIN"
    assert trigger["rule"] == "Triggering an Attack / Déclencher l'attaque d'un monstre"
    rulings = sorted(a["ruling"] for a in doc["alternatives"])
    assert rulings == ["RULING-LOS-END", "RULING-TRIGGER-ORIGIN"]
    assert all(a["position"]["prisoners"][1]["candle"] == "lit" for a in doc["alternatives"])
    text = lueur("apply", str(EXAMPLE), "move N").output
    assert "under the other reading" in text and "RULING-TRIGGER-ORIGIN" in text


def test_apply_refuses_an_illegal_action_with_the_reason_and_the_alternatives() -> None:
    result = lueur("apply", str(EXAMPLE), "move S", "--json")
    assert result.exit_code == 2
    doc = json.loads(result.output)
    assert doc["refused"] == "move S" and "pit" in doc["reason"]
    assert "jump S" in doc["legal"]
    plain = lueur("apply", str(EXAMPLE), "move S")
    assert plain.exit_code == 2 and "REFUSED" in plain.output


def test_apply_reaches_a_win(tmp_path: Path) -> None:
    scenario = ROOT / "scenarios" / "rulebook" / "final-flickers.toml"
    moves = ["move E", "discard a3", "stay", "discard d4", "stay", "discard d2", "stay", "discard e3", "move E", "again", "move E"]
    doc = json.loads(lueur("apply", str(scenario), *moves, "--json").output)
    assert doc["outcome"] == "win"


@pytest.mark.parametrize("form", ["json", "toml", "line"])
def test_convert_round_trips_through_every_form(form: str, tmp_path: Path) -> None:
    text = lueur("convert", str(EXAMPLE), "--to", form).output
    path = write(tmp_path, text, f"pos.{ 'line' if form == 'line' else form}")
    back = json.loads(lueur("convert", path, "--to", "json").output)
    assert back == json.loads(lueur("convert", str(EXAMPLE), "--to", "json").output)


def test_stdin_is_read_with_a_dash() -> None:
    result = lueur("check", "-", stdin=EXAMPLE.read_text())
    assert result.exit_code == 0


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_command_works_on_every_scenario(path: Path) -> None:
    valid = lueur("check", str(path)).exit_code == 0
    for command in (["show"], ["legal", "--explain"], ["convert", "--to", "line"]):
        plain, as_json = lueur(*command, str(path)), lueur(*command, str(path), "--json")
        if valid:
            assert plain.exit_code == 0 and as_json.exit_code == 0
            json.loads(as_json.output)
        else:
            assert plain.exit_code == 2 and as_json.exit_code == 2
            assert "Traceback" not in plain.output


# -- bad input: one clear message per problem, exit 2, never a traceback ------------------


def mutate(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(example())
    change(doc)
    return doc


BAD = {
    "unknown kind": (lambda d: d["tiles"].__setitem__("c4", {"kind": "dragon"}), ["tiles.c4.kind"]),
    "impossible rotation": (lambda d: d["tiles"]["c3"].__setitem__("open", "NS"), ["tiles.c3.open"]),
    # Yellow moved onto red's tile no longer lights d1 and e2: three problems, three messages.
    "two prisoners on one tile": (lambda d: d["prisoners"][3].__setitem__("at", "c3"), ["prisoners[3].at", "tiles.d1", "tiles.e2"]),
    # Red moved onto the pit no longer lights c4: two problems, two messages.
    "prisoner on a pit": (lambda d: d["prisoners"][0].__setitem__("at", "c2"), ["prisoners[0].at", "tiles.c4"]),
    "counts that disagree": (lambda d: d["pile"].__setitem__("count", 11), ["pile.count"]),
    "totals that disagree": (lambda d: d["discarded"].__setitem__("t", 25), ["discarded.t"]),
    "unlit tile": (
        lambda d: (d["tiles"].__setitem__("a6", {"kind": "cross"}), d["discarded"].__setitem__("cross", 8)),
        ["tiles.a6"],
    ),
    "wrong types": (
        lambda d: (d["prisoners"][0].__setitem__("nerve", "two"), d["prisoners"][1].__setitem__("key", "yes")),
        ["prisoners[0].nerve", "prisoners[1].key"],
    ),
    "unknown field": (lambda d: d.__setitem__("colour", "red"), ["colour"]),
    "off-board cell": (lambda d: d["prisoners"][0].__setitem__("at", "h9"), ["prisoners[0].at"]),
    "unknown prisoner's turn": (lambda d: d.__setitem__("turn", "mauve"), ["turn"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_positions_get_one_message_per_problem(case: str, tmp_path: Path) -> None:
    change, paths = BAD[case]
    path = write(tmp_path, mutate(change))
    result = lueur("check", path, "--json")
    assert result.exit_code == 2
    doc = json.loads(result.output)
    assert doc["valid"] is False
    got = [p["path"] for p in doc["problems"]]
    assert got == paths, doc["problems"]
    assert all(p["message"] for p in doc["problems"])
    for command in (["show"], ["legal"], ["apply", "--", "stay"], ["convert", "--to", "toml"]):
        plain = lueur(*command[:1], path, *command[1:])
        assert plain.exit_code == 2
        assert all(f"{p}:" in plain.output for p in paths), plain.output


def test_truncated_json_names_the_line_and_column(tmp_path: Path) -> None:
    text = EXAMPLE.read_text()
    path = write(tmp_path, text[: len(text) // 2])
    doc = json.loads(lueur("check", path, "--json").output)
    assert doc["valid"] is False and doc["problems"][0]["path"].startswith("line ")


def test_a_missing_file_is_reported_without_a_traceback() -> None:
    result = lueur("show", "/nonexistent/position.json")
    assert result.exit_code == 2 and "cannot read" in result.output


def test_an_action_that_cannot_be_read_is_refused() -> None:
    result = lueur("apply", str(EXAMPLE), "fly N", "--json")
    assert result.exit_code == 2
    assert "unknown action" in json.loads(result.output)["reason"]


def test_the_installed_command_runs() -> None:
    exe = Path(sys.executable).parent / "lueur"
    result = subprocess.run([str(exe), "check", str(EXAMPLE)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_the_help_summaries_are_the_commands_own() -> None:
    """`lueur --help` lists the commands from a table (so it imports none of them): each entry is its command's help."""
    for name, (target, summary) in COMMANDS.items():
        module, attribute = target.split(":")
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name
        assert " ".join(command.help.split("\n\n")[0].split()) == summary
