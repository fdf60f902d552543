"""Every refusal names its reason: the candidates ``legal --explain`` lists as refused,
and the reasons ``apply`` gives, for the attempts that used to fall back to "not a
choice at this moment" (scenarios/refusals/)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.nightcage.model.actions import format_action
from solver.nightcage.notation.forms import load_path
from solver.nightcage.present.reports import legal_json
from solver.nightcage.rules.adjudicate import play
from solver.nightcage.rules.engine import candidates, legal_actions
from solver.protocol.commands import execute
from solver.protocol.requests import parse_request
from tests.paths import ROOT

SCENARIOS = ROOT / "scenarios"


def state_after(name: str, *actions: str):
    pos, _ = load_path(SCENARIOS / name)
    result = play(pos.state, list(actions))
    assert result.refused is None, result.refused
    return result.state


def refused(state) -> dict[str, str]:
    return {format_action(a, state.size): reason for a, reason in candidates(state) if reason is not None}


@pytest.mark.parametrize(
    ("scenario", "actions", "candidate", "reason"),
    [
        ("refusals/key-relay-off-turn.toml", (), "give blue green", "only during the turn of one of them"),
        ("refusals/land-off-line.toml", (), "land e2", "e2 is not on row 3"),
        ("refusals/swap-not-connected.toml", ("stay",), "swap b3", "adjacent to red's but not connected"),
        ("refusals/swap-not-connected.toml", ("stay",), "swap d3", "holds a prisoner"),
        ("refusals/block-keeper-ranged.toml", ("move W",), "block blue", "keeper's ranged hit from c5"),
        ("refusals/block-keeper-ranged.toml", ("move W",), "block green", "not hit by this attack"),
        ("refusals/block-pathless.toml", ("move W",), "block blue", "pathless's attack from c5"),
    ],
)
def test_refused_candidates_are_listed_with_their_reason(scenario: str, actions: tuple[str, ...], candidate: str, reason: str) -> None:
    state = state_after(scenario, *actions)
    listed = refused(state)
    assert candidate in listed, sorted(listed)
    assert reason in listed[candidate]
    explained = {item["action"]: item["reason"] for item in legal_json(state, explain=True)["illegal"]}
    assert reason in explained[candidate]


def test_the_extra_refusals_leave_the_legal_actions_alone() -> None:
    state = state_after("refusals/swap-not-connected.toml", "stay")
    assert [format_action(a, state.size) for a in legal_actions(state)] == ["swap c2", "swap c4"]
    allowed = [format_action(a, state.size) for a, reason in candidates(state) if reason is None]
    assert allowed == ["swap c2", "swap c4"]


def test_a_block_with_no_hit_awaiting_one_names_the_unblockable_hits() -> None:
    pos, _ = load_path(SCENARIOS / "rulings/keeper-back.toml")
    result = play(pos.state, ["move E", "block"])
    assert result.refused is not None
    assert "no hit awaits a Block now" in result.refused.reason
    assert "a keeper's ranged hit" in result.refused.reason
    assert "not a choice at this moment" not in result.refused.reason


# -- check on a finished game ----------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "result", "reason"),
    [
        ("refusals/game-over-won.toml", "win", "every prisoner stands on the gate at d3 holding a key"),
        ("refusals/game-over-lost.toml", "lose", "every gate is gone"),
    ],
)
def test_check_says_the_game_is_over(scenario: str, result: str, reason: str) -> None:
    path = str(SCENARIOS / scenario)
    text = CliRunner().invoke(cli, ["check", path])
    assert text.exit_code == 0
    assert f"valid position; the game is over: {result} ({reason}" in text.output
    as_json = CliRunner().invoke(cli, ["check", path, "--json"])
    doc = json.loads(as_json.output)
    assert as_json.exit_code == 0 and doc["valid"] is True
    assert doc["outcome"] == result and doc["game_over"].startswith(f"the game is over: {result} ({reason}")
    request = parse_request({"id": 1, "command": "check", "position": json.loads(convert_to_json(path))})
    line = execute(request, lambda doc: None, lambda: False)
    assert line["exit_code"] == 0 and line["result"]["outcome"] == result
    assert line["result"]["game_over"].startswith("the game is over: ")


def test_check_of_a_game_in_progress_says_nothing_of_an_end() -> None:
    doc = json.loads(CliRunner().invoke(cli, ["check", str(SCENARIOS / "refusals/land-off-line.toml"), "--json"]).output)
    assert doc["valid"] is True and doc["outcome"] is None and doc["game_over"] is None


def convert_to_json(path: str) -> str:
    return CliRunner().invoke(cli, ["convert", path, "--to", "json"]).output
