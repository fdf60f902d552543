"""benchmarks/bot.py on the advanced and supreme setups (issue 13): every policy answers."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bot_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_benchmark", ROOT / "benchmarks" / "bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_benchmark"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("setup", ["advanced", "supreme"])
def test_each_policy_answers_on_another_setup(setup: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = _bot_benchmark()
    out = tmp_path / "bot.json"
    bench.main(["--setup", setup, "--games", "3", "--workers", "1", "--samples", "1", "--json", str(out)])
    doc = json.loads(out.read_text())
    assert doc["setup"] == setup
    rows = {r["policy"]: r for r in doc["results"]}
    assert set(rows) == {"random", "greedy", "bot"}
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
