"""benchmarks/bot.py: every policy answers on the advanced and supreme setups (issue 13); two policies paired
on the same seeds, whatever the number of workers (issue 16)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from solver.testing.scripts import load_benchmark


def _bot_benchmark() -> ModuleType:
    return load_benchmark("bot.py", "bot_benchmark")


@pytest.mark.parametrize("setup", ["advanced", "supreme"])
def test_each_policy_answers_on_another_setup(setup: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bot_benchmark()
    out = tmp_path / "bot.json"
    bench.main(["--setup", setup, "--games", "3", "--workers", "1", "--samples", "1", "--json", str(out)])
    doc = json.loads(out.read_text())
    assert doc["setup"] == setup
    rows = {r["policy"]: r for r in doc["results"]}
    assert set(rows) == {"random", "greedy", "bot", "classic"}
    for row in rows.values():
        # Played (through the simulator or, for random, the engine), or said not covered, with why.
        assert row.get("games") == 3 or "not simulated" in row.get("not_covered", ""), row
    assert rows["random"]["games"] == 3
    assert "random" in capsys.readouterr().out


def test_a_seed_gives_the_same_game() -> None:
    bench = _bot_benchmark()
    task = bench.Task("random", 5, 4, bench.BotOptions(), "advanced")
    first, second = bench.run_game(task), bench.run_game(task)
    first.pop("thinking"), second.pop("thinking")  # the time taken, not the game
    assert first == second and first["result"] in ("win", "lose")


def test_paired_counts_add_up_and_match_each_policy_s_wins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bot_benchmark()
    out = tmp_path / "paired.json"
    bench.main(["--paired", "bot,greedy", "--games", "3", "--workers", "1", "--json", str(out)])
    doc = json.loads(out.read_text())
    rows = {r["policy"]: r for r in doc["results"]}
    assert list(rows) == ["bot", "greedy"]
    pair = doc["paired"]
    assert (pair["a"], pair["b"]) == ("bot", "greedy")
    assert pair["both"] + pair["only_a"] + pair["only_b"] + pair["neither"] == pair["games"] == 3
    assert pair["both"] + pair["only_a"] == rows["bot"]["wins"] == len(rows["bot"]["won_seeds"])
    assert pair["both"] + pair["only_b"] == rows["greedy"]["wins"] == len(rows["greedy"]["won_seeds"])
    won = {name: set(row["won_seeds"]) for name, row in rows.items()}
    assert pair["seeds_only_a"] == sorted(won["bot"] - won["greedy"])
    assert pair["seeds_only_b"] == sorted(won["greedy"] - won["bot"])
    assert [g["seed"] for g in rows["bot"]["per_seed"]] == [0, 1, 2]
    assert {g["seed"] for g in rows["bot"]["per_seed"] if g["result"] == "win"} == won["bot"]
    low, high = pair["ci95"]
    assert low <= pair["difference"] <= high and 0 < pair["sign_test_p"] <= 1
    printed = capsys.readouterr().out
    assert f"both won {pair['both']}, only bot {pair['only_a']}, only greedy {pair['only_b']}, neither {pair['neither']}" in printed


def test_the_games_are_the_same_whatever_the_number_of_workers(tmp_path: Path) -> None:
    bench = _bot_benchmark()
    per_seed = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.json"
        bench.main(["--policies", "bot", "--games", "4", "--workers", workers, "--json", str(out)])
        per_seed.append(json.loads(out.read_text())["results"][0]["per_seed"])
    assert per_seed[0] == per_seed[1] and [g["seed"] for g in per_seed[0]] == [0, 1, 2, 3]
