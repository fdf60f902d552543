"""benchmarks/bot_hindsight.py on one small position: no bot beats the hindsight bound."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from solver.nightcage.model.tiles import TILE_TYPES
from solver.testing.scripts import load_benchmark


def _benchmark() -> ModuleType:
    return load_benchmark("bot_hindsight.py", "bot_hindsight_benchmark")


def test_no_bot_wins_more_than_hindsight(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = _benchmark()
    out = tmp_path / "hindsight.json"
    bench.main(["--positions", "1", "--tiles", "2", "--first-seed", "30006", "--workers", "1", "--json", str(out)])
    doc = json.loads(out.read_text())
    [row] = doc["positions"]
    assert 1 <= row["tiles"] <= 2
    hindsight = row["hindsight"]
    assert hindsight["won"] + hindsight["lost"] + hindsight["open"] == row["orders"] >= 1
    assert set(row["bots"]) == {"bot", "classic"}
    for bot in row["bots"].values():
        assert len(bot["results"]) == row["orders"]
        assert bot["wins"] <= hindsight["bound"]
        # Every order a bot wins is one a player knowing the order wins too.
        assert all("win (hindsight lose)" not in line for line in bot["results"])
        assert bot["won_proven_lost"] == 0
    assert "hindsight" in capsys.readouterr().out


def test_the_players_view_hides_the_order_only() -> None:
    bench = _benchmark()
    options = bench.Options(tiles=2, collect_policy="classic", policies=("classic",), max_nodes=1000, hindsight_seconds=None)
    position = bench.find_position(30006, options)
    assert position is not None
    sim, view = position.sim, position.view
    assert view.pile.order is None and len(view.pile.layers) == 1
    true_order = tuple(TILE_TYPES[t] for t in sim.order[sim.top:])
    orders = list(bench.distinct_orders(view.pile))
    # The tiles left, in every order, the true one among them, each once.
    assert true_order in orders and len(set(orders)) == len(orders) == bench.order_count(view.pile)
    assert all(sorted(order) == sorted(true_order) for order in orders)
    # The rest of the position is the game's.
    assert view.turn == sim.turn and [p.cell for p in view.prisoners] == [c if c >= 0 else None for c in sim.pc]


def test_an_unknown_policy_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _benchmark()
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--policies", "bot,nobody"])
    assert exit_info.value.code == 2
    assert "unknown policy 'nobody'" in capsys.readouterr().err


def test_the_optimum_lies_between_every_bot_and_hindsight(tmp_path: Path) -> None:
    """The exact chance search's value is the best any policy of the players' information can do: no bot
    above it, and no more than the share of orders hindsight wins."""
    bench = _benchmark()
    out = tmp_path / "optimum.json"
    bench.main(["--positions", "2", "--tiles", "2", "--first-seed", "30006", "--workers", "1", "--optimum-nodes", "200000",
                "--json", str(out)])
    doc = json.loads(out.read_text())
    assert len(doc["positions"]) == 2
    for row in doc["positions"]:
        best = row["optimum"]
        assert best["exact"] and best["low"] == best["high"]
        value = Fraction(best["low"])
        assert value <= Fraction(row["hindsight"]["bound"], row["orders"])
        for bot in row["bots"].values():
            assert Fraction(bot["wins"], row["orders"]) <= value
    assert doc["summary"]["optimum"]["exact"] == 2
