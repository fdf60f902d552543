"""``lueur ff``: show, check, new and render, and their answers to bad input (located, exit 2, no traceback)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cli.main import cli
from solver.fearsome.model import setups
from solver.fearsome.notation import position_json as notation
from solver.fearsome.present.drawing import draw
from tests.paths import ROOT

BASIC = str(ROOT / "scenarios" / "fearsome" / "basic-start.json")
EIGHT = str(ROOT / "scenarios" / "fearsome" / "monster-eight-steps.json")


def lueur(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(cli, ["ff", *args], input=stdin, catch_exceptions=False)


def write(tmp_path: Path, doc: Any, name: str = "pos.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def bad_position() -> dict[str, Any]:
    return {"format": "lueur-ff-position/1", "players": ["red", "blue"], "monster": {"at": "q1", "facing": "x"}}


def test_show_draws_the_board_and_says_whose_turn() -> None:
    result = lueur("show", BASIC)
    assert result.exit_code == 0
    assert result.stdout.startswith(draw(notation.loads(Path(BASIC).read_text(encoding="utf-8"))).rstrip("\n"))
    assert "Turn: red to move (first turn: two pawns each)" in result.stdout


def test_show_a_scenario_in_the_monster_phase_gives_the_next_tiles() -> None:
    result = lueur("show", EIGHT)
    assert result.exit_code == 0
    assert "Monster phase" in result.stdout and "Next tile: 7 (2/7), 8 (2/7), 10 (1/7)" in result.stdout


def test_show_json_carries_the_position_the_board_and_the_status() -> None:
    doc = json.loads(lueur("show", EIGHT, "--json").stdout)
    assert doc["position"]["format"] == "lueur-ff-position/1" and doc["position"]["monster"] == {"at": "j4", "facing": "e"}
    assert doc["board"].startswith("     a b c d") and doc["status"][0].startswith("Monster phase")


def test_show_reads_standard_input() -> None:
    result = lueur("show", "-", stdin=Path(BASIC).read_text(encoding="utf-8"))
    assert result.exit_code == 0 and "Turn: red to move" in result.stdout


def test_check_says_valid() -> None:
    result = lueur("check", EIGHT)
    assert result.exit_code == 0 and result.stdout.strip().endswith("monster-eight-steps.json: valid position")
    assert json.loads(lueur("check", EIGHT, "--json").stdout)["valid"] is True


def test_check_lists_every_problem_with_its_place(tmp_path: Path) -> None:
    path = write(tmp_path, bad_position())
    result = lueur("check", path)
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [f"{path}: 2 problems",
                                          '  monster.at: "q1" is not a square: a file a-p and a rank 1-11 on the board, e.g. a11 or p1',
                                          '  monster.facing: "x" is not one of n, e, s, w']
    doc = json.loads(lueur("check", path, "--json").stdout)
    assert doc["valid"] is False and {p["path"] for p in doc["problems"]} >= {"monster.at", "monster.facing"}


def test_a_scenario_s_problems_are_located_inside_its_position(tmp_path: Path) -> None:
    scenario = json.loads(Path(EIGHT).read_text(encoding="utf-8"))
    scenario["position"]["monster"]["facing"] = "up"
    result = lueur("check", write(tmp_path, scenario))
    assert result.exit_code == 2 and "position.monster.facing" in result.stdout


def test_bad_json_an_unreadable_file_and_a_bad_position_exit_2_located(tmp_path: Path) -> None:
    broken = lueur("show", write(tmp_path, '{\n  "format": }'))
    assert broken.exit_code == 2 and "line 2, column" in broken.stderr
    missing = lueur("render", str(tmp_path / "absent.json"))
    assert missing.exit_code == 2 and "file: cannot read" in missing.stderr
    bad = lueur("render", write(tmp_path, bad_position()), "-o", str(tmp_path / "x.svg"))
    assert bad.exit_code == 2 and "monster.at" in bad.stderr and not (tmp_path / "x.svg").exists()
    for result in (broken, missing, bad):
        assert "Traceback" not in result.output


def test_new_writes_the_basic_game(tmp_path: Path) -> None:
    result = lueur("new", "--players", "3")
    assert result.exit_code == 0
    position = notation.loads(result.stdout)
    assert position == setups.new_game(3)
    out = tmp_path / "new.json"
    assert lueur("new", "--players", "5", "-o", str(out)).exit_code == 0
    assert len(notation.loads(out.read_text(encoding="utf-8")).pawns) == 15


def test_new_advanced_places_the_scenery_by_seed() -> None:
    one = lueur("new", "--players", "2", "--advanced", "--seed", "7").stdout
    again = lueur("new", "--players", "2", "--advanced", "--seed", "7").stdout
    other = lueur("new", "--players", "2", "--advanced", "--seed", "8").stdout
    assert one == again and one != other
    doc = json.loads(one)
    assert doc["advanced"] is True and len(doc["teleporters"]) == 2 and len(doc["stones"]) == 11
    notation.loads(one)  # valid under the advanced game's placement rules


def test_new_refuses_bad_options() -> None:
    assert lueur("new", "--players", "8").exit_code == 2
    seeded = lueur("new", "--players", "2", "--seed", "3")
    assert seeded.exit_code == 2 and "--seed" in seeded.stderr and "--advanced" in seeded.stderr


def test_render_writes_svg_to_stdout_and_png_to_a_file(tmp_path: Path) -> None:
    result = lueur("render", BASIC)
    assert result.exit_code == 0 and ET.fromstring(result.stdout).get("class") == "lueur-ff-board"
    png = tmp_path / "board.png"
    assert lueur("render", BASIC, "-o", str(png), "--zoom", "0.5").exit_code == 0
    assert png.read_bytes().startswith(b"\x89PNG")


def test_render_with_a_tile_draws_its_path_and_says_what_happens(tmp_path: Path) -> None:
    out = tmp_path / "eight.svg"
    result = lueur("render", EIGHT, "--tile", "8", "-o", str(out))
    assert result.exit_code == 0
    svg = out.read_text(encoding="utf-8")
    assert 'class="monster-path" data-tile="8" data-end="p4"' in svg
    assert 'data-text="Tile 8: the monster takes 8 steps to p4, facing west; it eats C, G; crushes F."' in svg
    assert svg.count('class="death"') == 3


def test_render_refuses_an_unknown_picture_type_and_tile(tmp_path: Path) -> None:
    gif = lueur("render", BASIC, "-o", str(tmp_path / "x.gif"))
    assert gif.exit_code == 2 and ".svg or .png" in gif.stderr
    tile = lueur("render", BASIC, "--tile", "9")
    assert tile.exit_code == 2 and "'prey2'" in tile.output


def test_a_file_that_is_not_utf8_or_too_large_is_refused_at_file(tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "caf\xe9"}')
    result = lueur("check", str(latin))
    assert result.exit_code == 2 and "file: " in result.stdout and "is not UTF-8 text (byte 16 is not valid UTF-8)" in result.stdout
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (1 << 20) + b"{}")
    result = lueur("show", str(huge))
    assert result.exit_code == 2 and "larger than 1 MiB" in result.stderr
