"""The front ends of the Fearsome Floors analyses: ``lueur ff forecast``, ``moves`` and ``race``, and the protocol's
``ff.forecast``, ``ff.moves`` and ``ff.race`` through ``lueur engine`` and over HTTP; bad input located, exit 2."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from fastapi.testclient import TestClient

from cli.http_server import ServerLimits, create_app
from cli.main import cli
from solver.fearsome.analysis.forecast import forecast
from solver.fearsome.analysis.race import race
from solver.fearsome.notation.files import load_path
from solver.fearsome.rules.moves import apply_move, pawn_moves
from tests.paths import ROOT
from tests.protocol_client import Engine, ff_position

SCENARIOS = ROOT / "scenarios" / "fearsome"
EIGHT = str(SCENARIOS / "monster-eight-steps.json")
THROUGH = str(SCENARIOS / "move-through-pawns.json")
SVG = "{http://www.w3.org/2000/svg}g"


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, ["ff", *args], catch_exceptions=False)


def exact(text: str) -> Fraction:
    return Fraction(text)


# -- lueur ff forecast -------------------------------------------------------------------------------------------------


def test_forecast_lists_every_tile_with_chances_summing_to_one_and_each_pawns_danger() -> None:
    position = load_path(EIGHT).position
    expected = forecast(position)
    result = lueur("forecast", EIGHT)
    assert result.exit_code == 0
    text = result.stdout
    assert [line.split()[1] for line in text.splitlines() if line.startswith("tile ")] == ["7", "8", "10", "prey1", "prey2"]
    assert "path j5 j6 k6 l6 m6 n6 o6 p6 p5 p4 o4 n4" in text  # tile 10's whole walk, by square names
    assert "ends p4 facing w; takes C, G, F (crushed); stones n6-o6, o6-p6, p6-off" in text
    assert "C          m6   1 = 100.00%" in text and "F          o6   6/7 = 85.71%" in text
    doc = json.loads(lueur("forecast", EIGHT, "--json").stdout)
    assert sum(exact(tile["p_exact"]) for tile in doc["tiles"]) == 1
    assert {p["pawn"]: exact(p["p_exact"]) for p in doc["pawns"]} == {p.pawn: p.p for p in expected.pawns}
    assert {p["pawn"]: exact(p["p_exact"]) for p in doc["pawns"]}["G"] == Fraction(5, 7)


def test_forecast_render_draws_one_path_per_tile_and_crosses_where_pawns_die(tmp_path: Path) -> None:
    out = tmp_path / "forecast.svg"
    result = lueur("forecast", EIGHT, "--render", str(out))
    assert result.exit_code == 0 and "tile 7" in result.stdout
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    paths = [g for g in root.iter(SVG) if g.get("class") == "monster-path"]
    assert [g.get("data-tile") for g in paths] == ["7", "8", "10", "prey1", "prey2"]
    assert [g.get("data-end") for g in paths] == ["p5", "p4", "n4", "m6", "o6"]
    assert sorted(g.get("data-square") for g in root.iter(SVG) if g.get("class") == "death") == ["m6", "p5", "p6"]
    tags = [g for g in root.iter(SVG) if g.get("class") == "path-tag"]
    boxes = [tuple(float(tag[0].get(k)) for k in ("x", "y", "width", "height")) for tag in tags]
    assert len(boxes) == 5 and not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    caption = " ".join(g.get("data-text", "") for g in root.iter(SVG) if g.get("class") == "caption")
    assert "prey 1 (1/7), prey 2 (1/7)" in caption  # the words a reader says, not the JSON's "prey1"


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_forecast_render_refuses_a_picture_type_it_cannot_write(tmp_path: Path) -> None:
    result = lueur("forecast", EIGHT, "--render", str(tmp_path / "f.gif"))
    assert result.exit_code == 2 and "--render" in result.stderr and ".svg or .png" in result.stderr
    assert not (tmp_path / "f.gif").exists()


# -- lueur ff moves ----------------------------------------------------------------------------------------------------


def test_moves_rank_the_safest_first_and_the_danger_is_the_forecasts_after_the_move() -> None:
    doc = json.loads(lueur("moves", THROUGH, "--pawn", "five", "--json").stdout)
    dangers = [exact(move["danger_exact"]) for move in doc["moves"]]
    assert dangers == sorted(dangers) and dangers[-1] > dangers[0]
    assert doc["total"] == len(doc["moves"]) == 44
    position = load_path(THROUGH).position
    for ranked in (doc["moves"][0], doc["moves"][-1]):
        move = next(m for m in pawn_moves(position, "five") if m.paths[0] == tuple(ranked["path"]))
        assert forecast(apply_move(position, move)).danger("five") == exact(ranked["danger_exact"])
    text = lueur("moves", THROUGH, "--pawn", "five", "--limit", "3").stdout
    rows = [line for line in text.splitlines() if line.startswith("  five")]
    assert len(rows) == 3 and rows[0].split()[1:4] == ["d4", "e", "s"] and "danger 0 = 0.00%" in rows[0]
    assert "... and 41 more" in text


def test_moves_lure_ranks_by_the_danger_to_the_opponent() -> None:
    doc = json.loads(lueur("moves", THROUGH, "--lure", "x", "--json").stdout)
    lures = [exact(move["lure_exact"]) for move in doc["moves"]]
    assert doc["mode"] == "lure" and lures == sorted(lures, reverse=True) and lures[0] > 0


def test_moves_refuse_a_lure_of_ones_own_pawn_naming_the_choices() -> None:
    result = lueur("moves", THROUGH, "--lure", "five")
    assert result.exit_code == 2
    assert result.stderr.strip() == "lueur: --lure: 'five' is not an opponent's pawn; could be: x, y"
    assert "Traceback" not in result.output


def test_moves_refuse_an_unknown_pawn_and_the_monster_phase() -> None:
    unknown = lueur("moves", THROUGH, "--pawn", "zz")
    assert unknown.exit_code == 2 and "--pawn: no pawn 'zz'; the pawns are five, x, y" in unknown.stderr
    monster = lueur("moves", EIGHT, "--json")
    assert monster.exit_code == 2 and json.loads(monster.stdout)["message"] == "no pawn moves now: the game is in the monster phase"


# -- lueur ff race -----------------------------------------------------------------------------------------------------


def test_race_prints_the_pawn_phases_each_pawn_needs() -> None:
    report = race(load_path(THROUGH).position)
    result = lueur("race", THROUGH)
    assert result.exit_code == 0
    assert "The race: 1 monster phases played, 13 left" in result.stdout
    assert "five       c6      steps 5/2: out in 3 of 13: n | n n | n n w w out" in result.stdout
    doc = json.loads(lueur("race", THROUGH, "--json").stdout)
    assert [p["phases"] for p in doc["pawns"]] == [p.phases for p in report.pawns] == [3, 3, 4]


# -- bad input ---------------------------------------------------------------------------------------------------------


def test_a_bad_file_is_reported_where_it_is_wrong(tmp_path: Path) -> None:
    doc = json.loads(Path(THROUGH).read_text(encoding="utf-8"))
    doc["position"]["monster"]["facing"] = "up"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for command in ("forecast", "moves", "race"):
        result = lueur(command, str(path))
        assert result.exit_code == 2, command
        assert f"{path}: position.monster.facing:" in result.stderr and "Traceback" not in result.output
    missing = lueur("forecast", str(tmp_path / "nothing.json"))
    assert missing.exit_code == 2 and "file: cannot read" in missing.stderr


# -- the protocol ------------------------------------------------------------------------------------------------------


def bad_ff_position() -> dict[str, Any]:
    return {**ff_position("move-through-pawns"), "monster": {"at": "q1", "facing": "e"}}


def test_the_engine_answers_the_three_commands_and_locates_a_bad_position() -> None:
    engine = Engine()
    try:
        eight, through = ff_position("monster-eight-steps"), ff_position("move-through-pawns")
        (line,) = engine.ask({"id": 1, "command": "ff.forecast", "position": eight})
        assert line["type"] == "result" and line["exit_code"] == 0
        assert line["result"] == json.loads(lueur("forecast", EIGHT, "--json").stdout)
        (line,) = engine.ask({"id": 2, "command": "ff.moves", "position": through, "pawn": "five", "worst_case": True})
        assert line["result"]["worst_case"] and line["result"]["moves"][0]["to"] == "d4"
        assert line["result"]["mode"] == "worst_case"
        too_many = any(note.startswith("too many replies") for note in line["result"]["notes"])
        assert all("worst" in move for move in line["result"]["moves"]) or too_many
        (line,) = engine.ask({"id": 3, "command": "ff.race", "position": through})
        assert [p["phases"] for p in line["result"]["pawns"]] == [3, 3, 4]
        (line,) = engine.ask({"id": 4, "command": "ff.moves", "position": through, "lure": "five"})
        assert (line["type"], line["error"]) == ("error", "invalid request")
        assert line["message"] == "lure: 'five' is not an opponent's pawn; could be: x, y"
        (line,) = engine.ask({"id": 5, "command": "ff.forecast", "position": bad_ff_position()})
        assert (line["type"], line["error"]) == ("error", "invalid position")
        assert [p["path"] for p in line["problems"]] == ["position.monster.at"]
    finally:
        engine.close()


def test_the_commands_answer_over_http_at_their_dotted_route() -> None:
    client = TestClient(create_app(ServerLimits()))
    response = client.post("/v1/ff.forecast", json={"position": ff_position("monster-eight-steps")})
    assert response.status_code == 200 and response.json()["command"] == "ff.forecast"
    assert sum(Fraction(t["p_exact"]) for t in response.json()["result"]["tiles"]) == 1
    response = client.post("/v1/ff.moves", json={"position": bad_ff_position()})
    assert response.status_code == 400 and response.json()["problems"][0]["path"] == "position.monster.at"
    commands = client.get("/openapi.json").json()["paths"]["/v1/{command}"]["post"]["parameters"][0]["schema"]["enum"]
    assert {"ff.forecast", "ff.moves", "ff.race"} <= set(commands)
