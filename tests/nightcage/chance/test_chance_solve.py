"""Piles of unknown order: the exact chance (expectimax), hindsight, analyze and hint."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from cli.main import cli
from solver.base.control import Control
from solver.base.errors import NoDecision
from solver.base.limits import Limits
from solver.nightcage.chance.expectimax import solve_chance
from solver.nightcage.chance.hindsight import distinct_orders, every_order, order_count
from solver.nightcage.model.counts import counts_from
from solver.nightcage.model.state import Pile
from solver.nightcage.notation.forms import load_path
from solver.nightcage.play.analyze import analyze_position
from solver.nightcage.play.hint import hint
from solver.protocol.engine_schema import engine_schema
from tests.paths import ROOT

CHANCE = ROOT / "scenarios" / "chance"
FILES = sorted(CHANCE.glob("*.toml"))


def state_of(path: Path):
    return load_path(str(path))[0].state


def test_distinct_orders_are_all_and_only_the_orders() -> None:
    pile = Pile(layers=(counts_from({"t": 2, "gate": 1}), counts_from({"key": 1, "cross": 1})))
    orders = list(distinct_orders(pile))
    assert len(orders) == len(set(orders)) == order_count(pile) == 3 * 2
    assert all(sorted(o[:3]) == sorted(orders[0][:3]) for o in orders)  # layers keep their tiles


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_exact_chance_agrees_with_hindsight(path: Path) -> None:
    """Some order wins iff the chance is above 0; the chance never beats knowing the order."""
    state = state_of(path)
    exact = solve_chance(state, limits=Limits(time_limit=120))
    seen = every_order(state, None, 200_000)
    assert exact.p_win is not None and seen is not None and seen.complete
    assert (exact.p_win > 0) == (seen.won > 0)
    assert exact.p_win <= Fraction(seen.won, seen.total)
    assert (exact.p_win == 1) == (exact.verdict == "certain")


def test_analyze_brackets_the_exact_chance_and_is_reproducible() -> None:
    state = state_of(CHANCE / "01-first-tile-decides.toml")
    exact = Fraction(1, 2)  # the scenario's checked answer
    one = analyze_position(state, control=Control(Limits(playouts=200, seed=3)), workers=1, policy="greedy", orders=40, order_nodes=1_000,
                           order_time=None)
    low, _ = one.policy.interval
    assert one.upper is not None
    _, high = one.upper.interval
    assert low <= exact <= high
    # 2 distinct orders, fewer than the 40 asked: each is solved once, the share is exact.
    assert one.exhaustive and one.hindsight is not None
    assert (one.hindsight.won, one.hindsight.lost, one.hindsight.open) == (1, 1, 0)
    assert one.upper.rate == exact
    two = analyze_position(state, control=Control(Limits(playouts=200, seed=3)), workers=2, policy="greedy", orders=40, order_nodes=1_000,
                           order_time=None)
    assert one.as_json()["policy"]["successes"] == two.as_json()["policy"]["successes"]
    assert one.as_json()["hindsight"]["won"] == two.as_json()["hindsight"]["won"]


def test_analyze_on_a_standard_opening_plays_and_bounds() -> None:
    from solver.nightcage.model.newgame import new_game
    from solver.nightcage.model.setups import Setup

    result = analyze_position(new_game(Setup()), control=Control(Limits(playouts=50, seed=1)), policy="random", orders=2, order_time=0.2)
    assert result.policy.trials == 50
    assert result.hindsight is not None and result.hindsight.total == 2


def test_hint_proven_on_an_end_game() -> None:
    state = load_path(str(ROOT / "benchmarks" / "endgames" / "0005.json"))[0].state
    answer = hint(state, limits=Limits(time_limit=60))
    assert answer.best.proven and answer.best.verdict == "win"
    assert answer.best.turns == 7
    assert {c.verdict for c in answer.choices[1:]} <= {"win", "lose"}


def test_hint_exact_over_the_draws() -> None:
    answer = hint(state_of(CHANCE / "01-first-tile-decides.toml"), limits=Limits(time_limit=120))
    assert answer.best.action == "move E" and answer.best.p_win == Fraction(1, 2)
    assert all(c.p_win == 0 for c in answer.choices[1:])


def test_hint_estimate_is_reproducible_with_fixed_playouts() -> None:
    from solver.nightcage.model.newgame import new_game
    from solver.nightcage.model.setups import Setup

    state = new_game(Setup())
    a = hint(state, limits=Limits(time_limit=0.0, seed=4, playouts=3))
    b = hint(state, limits=Limits(time_limit=0.0, seed=4, playouts=3))
    assert not a.best.proven
    assert [c.as_json() for c in a.choices] == [c.as_json() for c in b.choices]
    assert all(c.estimate is not None and c.estimate.trials == 3 for c in a.choices)


def test_hint_refuses_a_finished_game() -> None:
    state = load_path(str(ROOT / "benchmarks" / "endgames" / "0001.json"))[0].state
    with pytest.raises(NoDecision):
        hint(state)


@pytest.mark.parametrize(("name", "verdict", "code"), [
    ("01-first-tile-decides.toml", "possible", 0),
    ("02-whatever-is-drawn.toml", "certain", 0),
    ("03-no-order-saves-them.toml", "impossible", 1),
])
def test_solve_cli_on_unknown_piles(name: str, verdict: str, code: int) -> None:
    result = CliRunner().invoke(cli, ["solve", str(CHANCE / name), "--json"])
    assert result.exit_code == code, result.output
    doc = json.loads(result.output)
    assert doc["verdict"] == verdict
    assert Fraction(doc["p_win"]) == {"possible": Fraction(1, 2), "certain": 1, "impossible": 0}[verdict]
    assert doc["plan"] == [] and doc["turns"] is None


def test_solve_cli_unknown_when_the_pile_is_too_large() -> None:
    result = CliRunner().invoke(cli, ["solve", "scenarios/rulebook/starting-positions.toml", "--json", "--max-nodes", "50"])
    assert result.exit_code == 3, result.output
    assert json.loads(result.output)["verdict"] == "unknown"


def test_solve_cli_cpsat_refuses_unknown_piles() -> None:
    result = CliRunner().invoke(cli, ["solve", str(CHANCE / "02-whatever-is-drawn.toml"), "--engine", "cpsat"])
    assert result.exit_code == 2


def test_solve_cut_short_shows_what_it_proved_of_each_choice() -> None:
    """A search stopped at its limit still proves some choices (chance/01: move E wins 1/2, the rest lose).
    The answer lists every choice with its interval, each holding the exact value, and says which are settled."""
    exact = {"move E": Fraction(1, 2), "move N": Fraction(0), "move S": Fraction(0), "stay": Fraction(0)}
    path = str(CHANCE / "01-first-tile-decides.toml")
    result = CliRunner().invoke(cli, ["solve", path, "--json", "--max-nodes", "1500"])
    assert result.exit_code == 3, result.output
    doc = json.loads(result.output)
    assert doc["verdict"] == "unknown" and doc["choices"] == []
    bounds = {b["action"]: (Fraction(b["p_win_lower"]), Fraction(b["p_win_upper"])) for b in doc["bounds"]}
    assert sorted(bounds) == sorted(exact)
    assert all(lo <= exact[a] <= hi for a, (lo, hi) in bounds.items())
    settled = [a for a, (lo, hi) in bounds.items() if lo == hi]
    assert settled and f"({len(settled)} of 4 choices settled)" in doc["reason"]
    validator = Draft202012Validator(engine_schema())
    line = {"id": 1, "type": "result", "command": "solve", "exit_code": 3, "seconds": 0.1, "result": doc}
    assert list(validator.iter_errors(line)) == []
    text = CliRunner().invoke(cli, ["solve", path, "--max-nodes", "1500"]).output
    assert "what the search proved before it stopped" in text
    rows = {line[2:26].strip(): line[26:].strip() for line in text.splitlines() if line.startswith("  ")}
    assert sorted(rows) == sorted(exact)
    assert all((rows[a] == "lost (proven)") == (a in settled) for a in exact)


def test_solve_finished_lists_every_choice_exact_in_its_bounds() -> None:
    doc = json.loads(CliRunner().invoke(cli, ["solve", str(CHANCE / "01-first-tile-decides.toml"), "--json"]).output)
    assert [(b["action"], b["p_win_lower"]) for b in doc["bounds"]] == [(c["action"], c["p_win"]) for c in doc["choices"]]
    assert all(b["p_win_lower"] == b["p_win_upper"] for b in doc["bounds"])
