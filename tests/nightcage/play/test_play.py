"""``lueur play``: whole seeded games whose records replay through the rules engine."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.nightcage.bot.policy import DEFAULT_SAMPLES as CLASSIC_SAMPLES
from solver.nightcage.bot.policy import BotPolicy
from solver.nightcage.bot.search import DEFAULT_SAMPLES as SEARCH_SAMPLES
from solver.nightcage.bot.search import SearchBot
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.notation.position_json import loads
from solver.nightcage.play import autoplay, playouts
from solver.nightcage.play.autoplay import BotOptions
from solver.nightcage.rules.adjudicate import play


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def saved_game(tmp_path: Path, *args: str) -> tuple[Path, dict[str, Any], Any]:
    path = tmp_path / "game.json"
    result = lueur("play", *args, "-o", str(path))
    return path, json.loads(path.read_text()), result


@pytest.mark.parametrize("policy", ["random", "greedy", "bot", "classic"])
def test_the_record_replays_through_the_engine_to_the_same_result(tmp_path: Path, policy: str) -> None:
    path, doc, result = saved_game(tmp_path, "--seed", "5", "--policy", policy)
    meta = doc["meta"]
    assert result.exit_code == (0 if meta["result"] == "win" else 1)
    assert meta["policy"] == policy and meta["seed"] == 5
    start = loads(path.read_text())[0].state
    assert start.pile.known and all(p.unplaced for p in start.prisoners)
    replay = play(start, meta["actions"])
    assert replay.refused is None
    assert replay.outcome is not None and replay.outcome.result == meta["result"]


def test_lueur_apply_replays_the_saved_game(tmp_path: Path) -> None:
    path, doc, _ = saved_game(tmp_path, "--seed", "2", "--policy", "greedy")
    applied = lueur("apply", str(path), *doc["meta"]["actions"], "--json")
    assert applied.exit_code == 0
    assert json.loads(applied.output)["outcome"] == doc["meta"]["result"]


def test_the_same_seed_gives_the_same_record(tmp_path: Path) -> None:
    first = lueur("play", "--seed", "11", "--json")
    second = lueur("play", "--seed", "11", "--json")
    other = lueur("play", "--seed", "12", "--json")
    assert first.output == second.output
    assert json.loads(first.output)["meta"]["actions"] != json.loads(other.output)["meta"]["actions"]


def test_the_text_output_shows_the_turns_and_the_replay_command(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = lueur("play", "--seed", "3", "--policy", "greedy", "-o", str(path))
    assert "policy greedy" in result.output
    assert "  1. red     start " in result.output
    assert f"lueur apply {path} 'start " in result.output


def test_five_prisoners_play_on_the_large_board() -> None:
    result = lueur("play", "--seed", "1", "--prisoners", "5", "--policy", "greedy", "--json")
    doc = json.loads(result.output)
    assert doc["size"] == 7 and len(doc["prisoners"]) == 5
    assert doc["meta"]["result"] in ("win", "lose")


def test_an_unwritable_output_is_bad_input(tmp_path: Path) -> None:
    result = lueur("play", "--seed", "1", "--policy", "random", "-o", str(tmp_path / "missing" / "g.json"))
    assert result.exit_code == 2


def test_bot_is_the_search_bot_and_classic_the_bot_before_it() -> None:
    start = new_game(Setup())
    for name, kind in (("bot", SearchBot), ("classic", BotPolicy)):
        assert type(autoplay.make_policy(name, random.Random(0), start)) is kind
        assert type(playouts.make_policy(name, random.Random(0), start)) is kind
    # --samples reaches either bot; unset, each keeps its own default.
    assert autoplay.make_policy("bot", random.Random(0), start, BotOptions(samples=2)).samples == 2
    assert autoplay.make_policy("classic", random.Random(0), start, BotOptions(samples=2)).samples == 2
    assert autoplay.make_policy("bot", random.Random(0), start).samples == SEARCH_SAMPLES
    assert autoplay.make_policy("classic", random.Random(0), start).samples == CLASSIC_SAMPLES
