"""The exact search planner: optimal plans that replay, sound pruning, honest limits and reasons."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, canonical, turns_needed
from solver.nightcage.endgame.plan import PlanError, PlanTurn, verify
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.whole_turns import NotDeterministic
from solver.testing.endgame import sample_position
from tests.builders import position, prisoner
from tests.paths import ROOT


@cache
def sampled(count: int = 40) -> tuple[GameState, ...]:
    return tuple(sample_position(random.Random(seed)) for seed in range(count))


def answer(sol):
    return sol.verdict, sol.turns, sol.nerve_spent


# -- optimality and soundness ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_the_pruning_changes_no_answer(seed: int) -> None:
    """Canonical keys (irrelevant tiles abstracted) and the bounds against the plain search."""
    state = sampled()[seed]
    assert answer(solve(state)) == answer(solve(state, canonical_keys=False, bounds=False))


@pytest.mark.parametrize("seed", range(40))
def test_the_nerve_objective_trades_turns_for_nerve(seed: int) -> None:
    state = sampled()[seed]
    by_turns, by_nerve = solve(state), solve(state, objective="nerve")
    assert by_turns.verdict == by_nerve.verdict
    if by_turns.verdict == "win":
        assert by_nerve.nerve_spent <= by_turns.nerve_spent and by_nerve.turns >= by_turns.turns
        assert answer(by_nerve) == answer(solve(state, objective="nerve", canonical_keys=False, bounds=False))


def test_the_lower_bound_never_overestimates_and_drops_by_at_most_one_a_turn() -> None:
    checked = 0
    for state in sampled():
        sol = solve(state)
        k = eg.from_state(state)
        if sol.verdict == "win":
            assert turns_needed(k) <= sol.turns
            checked += 1
        for child, _ in eg.successors(k, include_losses=False):
            if eg.outcome(child) is None and turns_needed(k) < INFINITE:
                assert turns_needed(k) <= 1 + turns_needed(child)
    assert checked >= 10


def test_plans_replay_turn_by_turn_through_the_rules_engine() -> None:
    wins = [s for s in sampled() if solve(s).verdict == "win"]
    assert len(wins) >= 10
    for state in wins:
        sol = solve(state)
        boards = verify(state, sol.plan)
        assert len(boards) == len(sol.plan) + 1
        in_turn = [state.prisoners[(state.turn + i) % len(state.prisoners)].name for i in range(len(sol.plan))]
        assert [t.prisoner for t in sol.plan] == in_turn


def test_a_wrong_plan_is_caught() -> None:
    state = next(s for s in sampled() if solve(s).verdict == "win")
    with pytest.raises(PlanError):
        verify(state, (PlanTurn(state.active.name, ("fly N",)),))
    with pytest.raises(PlanError):
        verify(state, (PlanTurn("nobody", ("stay",)),))


def test_irrelevant_tiles_share_a_canonical_key() -> None:
    # Two crosses no prisoner can reach, each lit only by red from the west, differ in kind only.
    board = {"c3": "cross", "d3": "gate", "c4": "t:NEW", "c2": "t:ESW", "b3": "cross"}
    ps = [prisoner("red", "c3", key=True)] + [prisoner(n, "d3", key=True) for n in ("blue", "green", "yellow")]
    a = position(board, ps, pile={})
    b = position({**board, "c4": "straight:EW"}, ps, pile={})
    assert canonical(eg.from_state(a)) == canonical(eg.from_state(b))
    assert canonical(eg.from_state(a)) != canonical(eg.from_state(position({**board, "c4": "gate"}, ps, pile={})))


# -- the scenarios and other kinds of positions -------------------------------------------------


def test_the_rulebook_final_flickers_race_takes_five_turns() -> None:
    state = load_path(str(ROOT / "scenarios" / "rulebook" / "final-flickers.toml"))[0].state
    sol = solve(state)
    assert answer(sol) == ("win", 5, 1)
    assert sol.plan[-1].actions == ("move E", "again", "move E")


def test_a_known_pile_is_solved_through_the_rules_engine() -> None:
    # Red stands next to the gate; the pile's order is known (tiles are still drawn).
    board = {"c3": "cross", "d3": "gate", "c4": "cross", "c2": "cross", "b3": "cross", "d4": "cross", "e3": "cross", "d2": "cross"}
    ps = [prisoner("red", "c3", key=True)] + [prisoner(n, "d3", key=True) for n in ("blue", "green", "yellow")]
    state = position(board, ps, order=["t", "t", "gate"])
    sol = solve(state)
    assert answer(sol) == ("win", 1, 0) and sol.plan[0].actions == ("move E",)


def test_a_turn_under_way_is_finished_first() -> None:
    state = load_path(str(ROOT / "scenarios" / "rulebook" / "final-flickers.toml"))[0].state
    from solver.nightcage.rules.adjudicate import play

    mid = play(state, ["move E"]).state  # green waits at the move-again decision
    assert mid.pending is not None
    sol = solve(mid)
    assert sol.verdict == "win" and sol.turns == 5 and sol.plan[0].prisoner == "green"


def test_an_unknown_pile_order_is_refused() -> None:
    state = load_path(str(ROOT / "docs" / "examples" / "position.json"))[0].state
    with pytest.raises(NotDeterministic):
        solve(state)


def test_limits_give_unknown_not_a_guess() -> None:
    state = max(sampled(), key=lambda s: solve(s).stats.nodes)
    sol = solve(state, limits=Limits(max_nodes=1))
    assert sol.verdict == "unknown" and not sol.stats.proven_optimal and "limit" in sol.reason


# -- why not ----------------------------------------------------------------------------------


def ff(board: dict[str, str], at: dict[str, str], **kw) -> GameState:
    return position(board, [prisoner(n, c, key=True) for n, c in at.items()], pile={}, **kw)


def test_a_gate_no_one_can_reach_is_the_reason() -> None:
    # Red's cross and the others' gate are not connected: red's way east is a wall.
    state = ff({"b3": "cross", "c3": "t:NSW", "d3": "gate", "d4": "cross", "e3": "cross", "d2": "cross"},
               {"red": "b3", "blue": "d3", "green": "d3", "yellow": "d3"})
    state = replace(state, tiles=state.tiles)
    sol = solve(state)
    assert sol.verdict == "lose"
    assert "red on b3 cannot reach any gate" in sol.reason


def test_a_loss_the_rules_declare_is_its_own_reason() -> None:
    state = ff({"c3": "cross", "c4": "cross", "c2": "cross", "b3": "cross", "d3": "cross"},
               {"red": "c3", "blue": "c4", "green": "c2", "yellow": "b3"})
    sol = solve(state)
    assert sol.verdict == "lose" and "gate" in sol.reason


# -- the command ----------------------------------------------------------------------------


def test_solve_command_exit_codes_and_json() -> None:
    runner = CliRunner()
    race = str(ROOT / "scenarios" / "rulebook" / "final-flickers.toml")
    result = runner.invoke(cli, ["solve", race])
    assert result.exit_code == 0 and "WIN in 5 turns" in result.output
    doc = __import__("json").loads(runner.invoke(cli, ["solve", race, "--json"]).output)
    assert (doc["verdict"], doc["turns"], doc["nerve_spent"]) == ("win", 5, 1)
    assert doc["plan"][4] == {"prisoner": "green", "actions": ["move E", "again", "move E"]}
    assert doc["stats"]["proven_optimal"] is True and doc["engine"] == "search"
    boards = runner.invoke(cli, ["solve", race, "--boards"]).output
    assert boards.count("Pile 0") == 5
    lost = runner.invoke(cli, ["solve", str(ROOT / "scenarios" / "rulebook" / "chain-eighteen-tiles.toml")])
    assert lost.exit_code == 1 and "Reason:" in lost.output
    unknown = runner.invoke(cli, ["solve", race, "--max-nodes", "1"])
    assert unknown.exit_code == 3 and "UNKNOWN" in unknown.output
    chance = runner.invoke(cli, ["solve", str(ROOT / "docs" / "examples" / "position.json"), "--max-nodes", "50", "--time-limit", "2"])
    assert chance.exit_code == 3 and "expectimax: UNKNOWN" in chance.output  # a full pile: too large to search


def test_tiles_used_in_tests_are_standard() -> None:
    assert Tile.make(Kind.GATE).kind is Kind.GATE


def test_the_search_reports_progress_and_stops_on_request() -> None:
    from solver.nightcage.notation.forms import load_path

    state = load_path(str(ROOT / "benchmarks" / "endgames" / "0159.json"))[0].state
    reports: list[dict] = []
    # The Python loop polls at every step (the compiled search every 1,024 positions expanded:
    # tests/nightcage/endgame/test_search_compiled.py).
    sol = solve(state, limits=Limits(report_every=0.0), progress=reports.append, compiled=False)  # a report at every step
    assert sol.verdict == "win" and reports
    assert [r["nodes"] for r in reports] == sorted(r["nodes"] for r in reports)
    bounds = [r["turns_at_least"] for r in reports]
    assert bounds == sorted(bounds) and bounds[-1] <= sol.turns
    calls = []
    stopped = solve(state, should_stop=lambda: calls.append(1) or len(calls) > 3, compiled=False)
    assert stopped.verdict == "unknown" and stopped.reason.startswith("stopped on request")
    assert stopped.stats.nodes <= 3


def test_the_expectimax_stops_on_request() -> None:
    from solver.nightcage.chance.expectimax import solve_chance
    from solver.nightcage.notation.forms import load_path

    state = load_path(str(ROOT / "scenarios" / "rulebook" / "wax-eater-sight.toml"))[0].state
    sol = solve_chance(state, limits=Limits(max_nodes=10**8, time_limit=60), should_stop=lambda: True)
    assert sol.verdict == "unknown" and "stopped on request" in sol.reason and sol.hindsight is None
