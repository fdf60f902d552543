"""Speed of the Dead Cells analyses (issue 27): the plan, the resolve and the odds.

The issue asks for a plan in "milliseconds to seconds". This measures CPU
seconds (``time.process_time``) per call on the scenarios of
scenarios/deadcells/ and on seeded random small combats
(``solver.testing.deadcells.random_combat``: 1 to 4 players, solo with
Serenade's card unknown), with p50, p95 and max, and the positions each plan
solved. Reported, not asserted.

    .venv/bin/python benchmarks/deadcells_speed.py [--combats 200] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.stats import percentile  # noqa: E402
from solver.deadcells.analyses.odds import odds  # noqa: E402
from solver.deadcells.analyses.plan import plan  # noqa: E402
from solver.deadcells.analyses.resolve import resolve  # noqa: E402
from solver.deadcells.notation.files import load_path  # noqa: E402
from solver.deadcells.notation.position import read  # noqa: E402
from solver.testing.deadcells import random_combat  # noqa: E402


def _summary(values: list[float]) -> dict[str, Any]:
    return {"n": len(values), "p50": percentile(values, 0.5), "p95": percentile(values, 0.95), "max": max(values),
            "mean": statistics.fmean(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combats", type=int, default=200)
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args()
    report: dict[str, Any] = {"scenarios": {}}
    for path in sorted((ROOT / "scenarios" / "deadcells").glob("*")):
        loaded = load_path(str(path))
        document = dict(loaded.document)
        document["choices"] = []
        start = read(document).combat
        started = time.process_time()
        found = plan(start)
        plan_seconds = time.process_time() - started
        started = time.process_time()
        resolve(loaded)
        odds(loaded.initial, checks=3)
        report["scenarios"][path.name] = {"plan_seconds": plan_seconds, "positions": found.positions,
                                          "resolve_and_odds_seconds": time.process_time() - started}
    seconds, positions = [], []
    for seed in range(args.combats):
        start = read(random_combat(seed)).combat
        started = time.process_time()
        found = plan(start)
        seconds.append(time.process_time() - started)
        positions.append(float(found.positions))
    report["random"] = {"seconds": _summary(seconds), "positions": _summary(positions)}
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
