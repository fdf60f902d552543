"""``solver.fearsome.commands``' show, new and render: the answers ``lueur ff`` prints, computed once for every front end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cli.main import cli
from solver.fearsome import commands
from solver.fearsome.notation.files import load_path
from solver.fearsome.present.pictures import path_caption
from solver.fearsome.rules.monster import monster_phase
from tests.paths import ROOT

EIGHT = ROOT / "scenarios" / "fearsome" / "monster-eight-steps.json"


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, ["ff", *args], catch_exceptions=False)


def test_show_answers_what_the_command_line_prints() -> None:
    answer = commands.ff_show(load_path(str(EIGHT)).position)
    assert json.loads(lueur("show", str(EIGHT), "--json").output) == answer.document
    assert lueur("show", str(EIGHT)).output == answer.document["board"].rstrip("\n") + "\n" + "".join(
        line + "\n" for line in answer.document["status"])


def test_new_answers_the_position_and_the_file_text(tmp_path: Path) -> None:
    answer = commands.ff_new(5, advanced=True, seed=7)
    assert answer.document["position"]["advanced"] is True and json.loads(answer.value) == answer.document["position"]
    assert lueur("new", "--players", "5", "--advanced", "--seed", "7").output == answer.value.rstrip("\n") + "\n"
    assert commands.ff_new(5, advanced=True).value == commands.ff_new(5, advanced=True, seed=commands.DEFAULT_SCENERY_SEED).value
    assert "advanced" not in commands.ff_new(3).document["position"]
    assert commands.ff_new(3, title="Three").document["position"]["meta"] == {"title": "Three"}


def test_render_draws_one_tile_s_path_with_its_caption() -> None:
    loaded = load_path(str(EIGHT))
    plain = commands.ff_tile_picture(loaded.position, title="eight")
    with_path = commands.ff_tile_picture(loaded.position, title="eight", tile="8")
    caption = path_caption(monster_phase(loaded.position, "8")[1])
    assert plain.document == {"format": "svg", "board": plain.value} and with_path.value != plain.value
    assert caption.split(":")[0] == "Tile 8" and "the monster takes" in caption
    title = loaded.title or EIGHT.name
    assert lueur("render", str(EIGHT), "--tile", "8").output == commands.ff_tile_picture(loaded.position, title=title, tile="8").value
