"""What the callers of the end-game planners gain (issue 29): hints at the end of a game, the bot's
Final Flickers decisions, and the puzzle generator.

    .venv/bin/python benchmarks/endgame_callers.py [--part hint,bot,puzzles] [--hint-limit 10] [--bot-limit 10]
                                                   [--every 5] [--candidates 300] [--json FILE]

It uses only APIs older than the compiled search, so the same script measures another tree:
``PYTHONPATH=/path/to/other/tree python benchmarks/endgame_callers.py`` (the README's before/after
pairs run the base tree and this one in turn, in one session).

* ``hint``: :func:`solver.nightcage.play.hint.hint` on Final Flickers turn starts (every ``--every``-th
  position of the hard corpus, every advanced one the kernel covers, every fifth of the easy one),
  with a time limit of ``--hint-limit`` seconds (half of it for the exact stage: the optimal search,
  then every other choice proven by the end-game oracle). Per set: wall seconds p50 / p95 / max, and
  how many answers were exact (the others are estimates from playouts, given when the exact stage
  runs out of time).
* ``bot``: :class:`solver.nightcage.bot.endgame.EndgamePlanner`'s ``winning_line`` (the bot's Final
  Flickers decision: does the position still win, and by which turns) on the same positions, with
  ``--bot-limit`` seconds each: wall seconds p50 / p95 / max, and the answers (a winning line, lost,
  over the limit).
* ``puzzles``: ``benchmarks/puzzles.py``'s throughput, candidates 0 .. ``--candidates``-1 of seed 0
  (verified candidates per minute per core).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "endgames"

from solver.base.limits import Limits  # noqa: E402
from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.bot.endgame import EndgamePlanner  # noqa: E402
from solver.nightcage.endgame import kernel as eg  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.play.hint import hint  # noqa: E402
from solver.nightcage.rules.outcome import outcome  # noqa: E402


def positions(every: int) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for name, folder, step in (("hard", CORPORA / "hard", every), ("advanced", CORPORA / "advanced", 1), ("easy", CORPORA, 5)):
        rows = json.loads((folder / "index.json").read_text())[::step]
        states = []
        for row in rows:
            state = load_path(folder / row["file"])[0].state
            if any(t is not None and t.dirge for t in state.tiles):
                continue  # the Dirge's pit: the rules engine only, before and after
            if outcome(state) is not None:
                continue  # lost as it stands (no gate, too few keys): no decision to hint or plan
            states.append(state)
        out[name] = states
    return out


def summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {"p50": round(percentile(times, 0.5) or 0.0, 4), "p95": round(percentile(times, 0.95) or 0.0, 4),
            "max": round(times[-1], 4),
            "total": round(sum(times), 2)}


def bench_hint(sets: dict[str, list[Any]], limit: float) -> dict[str, Any]:
    out = {}
    for name, states in sets.items():
        times: list[float] = []
        methods: Counter[str] = Counter()
        for state in states:
            started = time.perf_counter()
            answer = hint(state, limits=Limits(time_limit=limit, seed=1))
            times.append(time.perf_counter() - started)
            methods[answer.method.split(":")[0]] += 1
        out[name] = {"positions": len(states), **summary(times), "methods": dict(methods)}
    return out


def bench_bot(sets: dict[str, list[Any]], limit: float) -> dict[str, Any]:
    out = {}
    for name, states in sets.items():
        planner = EndgamePlanner()
        times = []
        for state in states:
            started = time.perf_counter()
            planner.winning_line(state, limit)
            times.append(time.perf_counter() - started)
        out[name] = {"positions": len(states), **summary(times), "answers": dict(planner.answers)}
    return out


def bench_puzzles(candidates: int) -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("puzzles_bench", HERE / "puzzles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: dict[str, Any] = module.throughput(0, candidates, 4, "win")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", default="hint,bot,puzzles")
    parser.add_argument("--hint-limit", type=float, default=10.0)
    parser.add_argument("--bot-limit", type=float, default=10.0)
    parser.add_argument("--every", type=int, default=5, help="every n-th position of the hard corpus (default 5)")
    parser.add_argument("--candidates", type=int, default=300)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    parts = args.part.split(",")
    report: dict[str, Any] = {"kernel": eg.KERNEL, "tree": str(Path(eg.__file__).resolve().parents[4])}
    sets = positions(args.every) if {"hint", "bot"} & set(parts) else {}
    if "hint" in parts:
        report["hint"] = bench_hint(sets, args.hint_limit)
    if "bot" in parts:
        report["bot"] = bench_bot(sets, args.bot_limit)
    if "puzzles" in parts:
        report["puzzles"] = bench_puzzles(args.candidates)
    print(json.dumps(report, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
