"""Speed of the chance tools: `analyze` on a standard opening, and the first `hint` answer.

Targets of issue 4 (reported, not asserted): 10,000 policy playouts of
`analyze` within 60 s on this 2-core machine, with the hindsight bound from at
least 200 sampled orders; the first `hint` answer within 100 ms.

    .venv/bin/python benchmarks/chance_speed.py [--playouts 10000] [--orders 200] [--workers 2]
                                                [--policy greedy] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.control import Control
from solver.base.errors import NoDecision
from solver.base.limits import Limits
from solver.nightcage.commands.analyze import analyze  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.play.hint import hint


def bench_analyze(playouts: int, orders: int, workers: int, policy: str) -> dict:
    state = new_game(Setup())
    doc = analyze(state, control=Control(Limits(playouts=playouts, seed=1)), workers=workers, policy=policy, orders=orders).document
    doc["target"] = "10,000 playouts within 60 s"
    return doc


def bench_hint(limit: float) -> dict:
    """The time to the first answer with a short limit, on every scenario that awaits a decision."""
    times, methods = [], {}
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        try:
            state = load_path(str(path))[0].state
        except Exception:  # the invalid-position scenarios
            continue
        started = time.perf_counter()
        try:
            answer = hint(state, limits=Limits(time_limit=limit))
        except NoDecision:
            continue
        times.append(time.perf_counter() - started)
        kind = answer.method.split(":")[0]
        methods[kind] = methods.get(kind, 0) + 1
    times.sort()
    return {
        "limit": limit,
        "positions": len(times),
        "p50_ms": round(1000 * statistics.median(times), 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
        "methods": methods,
        "target": "first answer within 100 ms",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=10_000)
    parser.add_argument("--orders", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--policy", default="greedy", choices=["bot", "classic", "greedy", "random"])
    parser.add_argument("--hint-limit", type=float, default=0.1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = {"analyze": bench_analyze(args.playouts, args.orders, args.workers, args.policy), "hint": bench_hint(args.hint_limit)}
    a, h = report["analyze"], report["hint"]
    print(f"analyze, standard opening, {args.playouts:,} playouts ({args.policy}), {args.orders} orders, {args.workers} workers:")
    print(f"  playouts {a['policy']['seconds']:.1f} s, win rate {a['policy']['rate']:.2%} {a['policy']['ci95']}")
    hs = a["hindsight"]
    print(f"  hindsight {hs['seconds']:.1f} s: {hs['won']} won, {hs['lost']} lost, {hs['open']} open")
    print(f"  total {a['seconds']:.1f} s (target: 10,000 playouts within 60 s)")
    print(f"hint --time-limit {h['limit']} on {h['positions']} scenario positions: p50 {h['p50_ms']} ms, "
          f"p95 {h['p95_ms']} ms, max {h['max_ms']} ms; methods {h['methods']} (target: first answer within 100 ms)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
