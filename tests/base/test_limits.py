"""The searches' memory budget (positions kept in their tables): exit 3 with what was found, same answers when ample."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.errors import LimitReached
from solver.base.limits import DEFAULT_MAX_POSITIONS, Limits, PositionBudget
from solver.nightcage.chance.expectimax import solve_chance
from solver.nightcage.chance.hindsight import every_order
from solver.nightcage.endgame import search
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.notation.forms import load_path
from solver.nightcage.play.hint import hint
from solver.protocol import schema
from solver.protocol.commands import execute
from solver.protocol.requests import parse_request
from tests.paths import ROOT
from tests.protocol_client import position

TWO_GATES = ROOT / "scenarios" / "endgames" / "10-two-gates.toml"        # win in 2 turns, a handful of positions
FIRST_TILE = ROOT / "scenarios" / "chance" / "01-first-tile-decides.toml"  # P(win) 1/2, about 1,700 positions
BUDGET_SAID = "the memory budget (5 positions kept) was reached"


def state_of(path: Path):
    return load_path(str(path))[0].state


def lueur(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_solve_stops_at_the_memory_budget_with_exit_3_and_says_so() -> None:
    result = lueur("solve", str(TWO_GATES), "--max-positions", "5")
    assert result.exit_code == 3
    assert "UNKNOWN" in result.output and BUDGET_SAID in result.output
    assert "a win would need at least 2 turns" in result.output  # the bound proven so far


def test_solve_json_of_a_budget_stop_carries_the_reason_and_the_counts() -> None:
    result = lueur("solve", str(TWO_GATES), "--max-positions", "5", "--json")
    doc = json.loads(result.output)
    assert result.exit_code == 3 and doc["verdict"] == "unknown"
    assert BUDGET_SAID in doc["reason"] and doc["stats"]["nodes"] >= 1


def test_an_ample_budget_gives_the_same_answer() -> None:
    plain = json.loads(lueur("solve", str(TWO_GATES), "--json").output)
    ample = json.loads(lueur("solve", str(TWO_GATES), "--json", "--max-positions", "2000000").output)
    for doc in (plain, ample):
        del doc["stats"]["seconds"]
    assert plain == ample and plain["verdict"] == "win"


def test_the_chance_expectimax_stops_at_the_budget() -> None:
    result = lueur("solve", str(FIRST_TILE), "--max-positions", "5")
    assert result.exit_code == 3 and BUDGET_SAID in result.output
    ample = lueur("solve", str(FIRST_TILE), "--max-positions", "2000000")
    assert ample.exit_code == 0 and "P(win) = 1/2" in ample.output


def test_the_budget_is_deterministic_and_never_exceeded() -> None:
    state = state_of(FIRST_TILE)
    one = solve_chance(state, limits=Limits(max_positions=300), hindsight=False)
    two = solve_chance(state, limits=Limits(max_positions=300), hindsight=False)
    assert one.verdict == "unknown" and "memory budget (300 positions kept)" in (one.reason or "")
    assert one.nodes == two.nodes and one.reason == two.reason  # the same stop, every run


def test_the_search_keeps_no_more_than_its_budget() -> None:
    sol = search.solve(state_of(TWO_GATES), limits=Limits(max_positions=5))
    assert sol.verdict == "unknown" and not sol.stats.proven_optimal
    seen = re.search(r"\(([\d,]+) seen\)", sol.reason or "")
    assert seen is not None and int(seen.group(1).replace(",", "")) <= 5


def test_the_oracle_shares_the_budget_with_its_caller() -> None:
    hold = state_of(ROOT / "scenarios" / "endgames" / "04-hold-the-light.toml")
    assert EndgameOracle(budget=PositionBudget(3)).wins(hold)
    budget = PositionBudget(3)
    budget.keep({"the": 1, "caller's": 2, "table": 3})  # already full: the oracle may keep nothing more
    with pytest.raises(LimitReached, match="memory budget"):
        EndgameOracle(budget=budget).wins(hold)


def test_hindsight_leaves_orders_open_at_the_budget_rather_than_growing() -> None:
    state = state_of(FIRST_TILE)
    seen = every_order(state, None, 200_000, max_positions=1)
    assert seen is not None and seen.open == seen.total and seen.won == seen.lost == 0
    ample = every_order(state, None, 200_000, max_positions=DEFAULT_MAX_POSITIONS)
    assert ample is not None and ample.complete and ample.won == 1


def test_the_hint_falls_back_on_playouts_at_the_budget() -> None:
    result = hint(state_of(TWO_GATES), limits=Limits(time_limit=0.2, max_positions=3, playouts=2))
    assert not result.best.proven
    assert any("memory budget (3 positions kept)" in note for note in result.notes)
    cli_result = lueur("hint", str(TWO_GATES), "--max-positions", "3", "--playouts", "2")
    assert cli_result.exit_code == 0 and "memory budget (3 positions kept)" in cli_result.output


def test_the_protocol_takes_max_positions_for_solve() -> None:
    request = parse_request({"id": 1, "command": "solve", "position": position("endgames/10-two-gates"), "max_positions": 5})
    infos: list[dict] = []
    final = execute(request, infos.append, lambda: False)
    assert final["exit_code"] == 3 and BUDGET_SAID in final["result"]["reason"]
    assert infos[0]["stage"] == "starting" and infos[0]["max_positions"] == 5


def test_the_protocol_bounds_max_positions() -> None:
    field = next(f for f in schema.LIMITS if f.name == "max_positions")
    assert field.low == 1 and field.high is not None and field.high >= DEFAULT_MAX_POSITIONS
    assert f"{DEFAULT_MAX_POSITIONS:,}" in field.description
