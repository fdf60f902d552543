"""``lueur dc``: every command, its text and its JSON, its pictures; bad input located, exit 2; a limit, exit 3."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cli.main import cli
from solver.deadcells.notation.files import load_path
from tests.deadcells.dc_builders import SCENARIOS

BOOK = str(SCENARIOS / "rulebook-example.json")
TWO = str(SCENARIOS / "two-players.toml")


def lueur(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def test_check_a_valid_combat_and_the_top_level_check_answers_for_its_game() -> None:
    result = lueur("dc", "check", BOOK)
    assert result.exit_code == 0 and result.stdout == f"{BOOK}: valid combat; it is over\n"
    assert lueur("check", BOOK).stdout == result.stdout  # the registry hands the file to its game
    document = json.loads(lueur("dc", "check", TWO, "--json").stdout)
    assert document["valid"] and document["awaiting"]["question"] == "Ann: which cards to play?"


def test_check_lists_every_problem_with_its_place(tmp_path: Path) -> None:
    document = load_path(BOOK).document
    document["prisoners"][0]["health"] = 99
    document["cards"]["zombie"]["lines"]["I"] = [{"heal": 1}]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = lueur("dc", "check", str(path))
    assert result.exit_code == 2
    assert "  cards.zombie.lines.I[0].heal: an enemy's heal is not specified by the rules" in result.stdout
    assert "  prisoners[0].health: 99 is out of range from 1 to 12" in result.stdout
    document = json.loads(lueur("dc", "check", str(path), "--json").stdout)
    assert document["valid"] is False and {p["path"] for p in document["problems"]} == {
        "cards.zombie.lines.I[0].heal", "prisoners[0].health"}


def test_unreadable_files_are_located(tmp_path: Path) -> None:
    assert lueur("dc", "show", str(tmp_path / "none.json")).stderr.startswith(f"{tmp_path / 'none.json'}: file: cannot read")
    bad = tmp_path / "bad.json"
    bad.write_text('{\n "format": }')
    result = lueur("dc", "show", str(bad))
    assert result.exit_code == 2 and "line 2, column 12: invalid JSON" in result.stderr
    toml = tmp_path / "bad.toml"
    toml.write_text("format = \n")
    result = lueur("dc", "plan", str(toml))
    assert result.exit_code == 2 and "line 1, column 10: invalid TOML" in result.stderr
    result = lueur("dc", "show", "-", stdin='{"format": "lueur-dc-combat/1"}')
    assert result.exit_code == 2 and "prisoners: expected a list" in result.stderr


def test_show_lists_what_the_combat_awaits() -> None:
    text = lueur("dc", "show", TWO, "play Ann slash parry").stdout
    assert "Awaits a choice: Bob: which card to play?" in text and "play Bob venom | play Bob parry | play Bob slash" in text
    document = json.loads(lueur("dc", "show", TWO, "--json").stdout)
    assert document["board"]["enemies"]["R2"]["name"] == "Bat"


def test_apply_adjudicates_each_choice_citing_the_rulebook(tmp_path: Path) -> None:
    out = tmp_path / "after.json"
    result = lueur("dc", "apply", TWO, "play Ann slash parry", "play Bob parry", "--cite", "-o", str(out))
    assert result.exit_code == 0
    text = result.stdout
    assert "> play Ann slash parry\n  Ann plays Slash then Parry  [p. 10]\n" in text
    assert "      « Le Premier Joueur joue 2 cartes, puis l'autre joueur joue 1 carte. »" in text
    assert "Awaits a choice: Ann: damage 1 (R1 R2): which enemy?" in text
    after = load_path(str(out))
    assert after.choices == ("play Ann slash parry", "play Bob parry")
    assert lueur("dc", "show", str(out)).stdout == lueur("dc", "show", TWO, "play Ann slash parry", "play Bob parry").stdout


def test_apply_refuses_a_choice_the_rules_do_not_offer() -> None:
    result = lueur("dc", "apply", TWO, "play Ann slash slash")
    assert result.exit_code == 2
    assert "lueur: play Ann slash slash: not a choice here (Ann: which cards to play?)" in result.stderr
    document = json.loads(lueur("dc", "apply", TWO, "pass Ann", "--json").stdout)
    assert document["error"] == "illegal action"


def test_resolve_prints_the_whole_combat_and_draws_its_timeline(tmp_path: Path) -> None:
    picture = tmp_path / "timeline.svg"
    result = lueur("dc", "resolve", BOOK, "--render", str(picture))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "The play" and "Round III" in result.stdout
    assert result.stdout.rstrip().endswith("Outcome: 0 deaths, 2 damage taken, 2 kills, 3 loot gained")
    ET.fromstring(picture.read_text(encoding="utf-8"))
    filled = json.loads(lueur("dc", "resolve", TWO, "--fill", "plan", "--json").stdout)
    assert filled["outcome"] == {"deaths": 0, "damage": 0, "kills": 2, "loot": 5}
    assert filled["awaiting"]["kind"] == "chance"  # Bob's refill from a deck of unknown order: no fill draws a card


def test_plan_prints_the_line_and_a_limit_exits_3() -> None:
    result = lueur("dc", "plan", TWO)
    assert result.exit_code == 0
    assert "Best: nobody dies; damage taken 0; kills 2; loot 5." in result.stdout
    assert "  Ann: which cards to play?  ->  play Ann slash parry  (announce: damage in round I; block in round I)" in result.stdout
    document = json.loads(lueur("dc", "plan", TWO, "--json").stdout)
    assert document["proven"] and document["line"][0] == "play Ann slash parry"
    limited = lueur("dc", "plan", TWO, "--max-nodes", "3")
    assert limited.exit_code == 3 and "the plan's search reached 3 positions" in limited.stderr


def test_odds() -> None:
    text = lueur("dc", "odds", TWO, "--checks", "2").stdout
    assert text.startswith("Tests are made by the First Player, Ann (p. 8).")
    assert "  red     hand check: passes now, 1 = 100.00% after the refill; deck check: 0 = 0.00%" in text
    document = json.loads(lueur("dc", "odds", TWO, "--json").stdout)
    bob = document["prisoners"][1]
    assert [s["deck_check"]["p"] for s in bob["symbols"]] == ["1/3", "1/3", "1/3"]


def test_render_writes_svg_or_png_and_refuses_another_suffix(tmp_path: Path) -> None:
    svg = lueur("dc", "render", TWO, "play Ann slash parry")
    assert svg.exit_code == 0 and svg.stdout.startswith("<svg")
    png = tmp_path / "board.png"
    assert lueur("dc", "render", BOOK, "--timeline", "-o", str(png)).exit_code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert lueur("render", BOOK, "-o", str(tmp_path / "top.svg")).exit_code == 0  # the top-level render, by the registry
    refused = lueur("dc", "render", TWO, "-o", str(tmp_path / "board.gif"))
    assert refused.exit_code == 2 and ".svg or .png" in refused.stderr
