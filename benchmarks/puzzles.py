"""The puzzle generator's throughput and yield, and the agreement of the two uniqueness proofs.

    .venv/bin/python benchmarks/puzzles.py [--seed S] [--candidates N] [--prisoners 4|5] [--verdict win|lose]
                                           [--curated DIR] [--json FILE]

Examines candidates ``0 .. N-1`` of the seed in this one process (one core),
exactly as ``lueur generate`` does with no ``--difficulty`` (every candidate
is drawn, studied and, when it is a unique puzzle, proven again by CP-SAT),
and reports candidates verified per minute and puzzles accepted per minute
(both per core: CPU time of this process), what became of them, and the
yield per grade (puzzles per 1,000 candidates). With ``--curated`` it also
re-proves every puzzle of a directory tree with both proofs and counts the
agreements (verdict, optimum, Nerve, and the line itself).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.nightcage.notation.forms import load_path
from solver.nightcage.puzzles.batch import Options, examine
from solver.nightcage.puzzles.grade import GRADES
from solver.nightcage.puzzles.study import study


def throughput(seed: int, candidates: int, prisoners: int, verdict: str) -> dict[str, Any]:
    options = Options(seed=seed, prisoners=prisoners, verdict=verdict)
    fates: Counter[str] = Counter()
    grades: Counter[str] = Counter()
    started = time.process_time()
    wall = time.perf_counter()
    for i in range(candidates):
        result = examine(seed, i, options)
        fates[result.status] += 1
        if result.accepted and result.study is not None and result.study.grade is not None:
            grades[result.study.grade.grade] += 1
    cpu = time.process_time() - started
    return {
        "seed": seed,
        "prisoners": prisoners,
        "verdict": verdict,
        "candidates": candidates,
        "cpu_seconds": round(cpu, 2),
        "wall_seconds": round(time.perf_counter() - wall, 2),
        "per_minute_per_core": round(candidates / cpu * 60) if cpu else None,
        "accepted_per_minute_per_core": round(sum(grades.values()) / cpu * 60) if cpu else None,
        "fates": dict(fates.most_common()),
        "accepted": sum(grades.values()),
        "yield_per_1000": {g: round(1000 * grades[g] / candidates, 1) for g in GRADES},
        "grades": {g: grades[g] for g in GRADES},
    }


def curated(directory: Path) -> dict[str, Any]:
    files = sorted(directory.rglob("*.toml"))
    agree = disagree = 0
    unique = lose = 0
    notes = []
    for path in files:
        state = load_path(str(path))[0].state
        first = study(state, 200_000, cpsat=True)
        if first.status == "unsuitable" and "no win within" in first.reason:
            first = study(state, 200_000, cpsat=True, want="lose")
        unique += first.status == "unique"
        lose += first.status == "lose"
        if first.agree:
            agree += 1
        else:
            disagree += 1
            notes.append(f"{path}: {first.status} {first.reason}")
    return {"files": len(files), "unique": unique, "lose": lose, "agree": agree, "disagree": disagree, "notes": notes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--candidates", type=int, default=1_000)
    parser.add_argument("--prisoners", type=int, choices=(4, 5), default=4)
    parser.add_argument("--verdict", choices=("win", "lose"), default="win")
    parser.add_argument("--curated", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    report: dict[str, Any] = {"machine": platform.platform(), "python": platform.python_version()}
    report["throughput"] = t = throughput(args.seed, args.candidates, args.prisoners, args.verdict)
    print(f"{t['candidates']} candidates in {t['cpu_seconds']} s of CPU ({t['wall_seconds']} s wall): "
          f"{t['per_minute_per_core']} candidates verified per minute per core, "
          f"{t['accepted_per_minute_per_core']} puzzles accepted per minute per core")
    print(f"fates: {t['fates']}")
    print(f"accepted {t['accepted']}: " + ", ".join(f"{g} {t['grades'][g]} ({t['yield_per_1000'][g]}/1000)" for g in GRADES))
    if args.curated is not None:
        report["curated"] = c = curated(args.curated)
        print(f"curated: {c['files']} files ({c['unique']} unique wins, {c['lose']} lose-puzzles); "
              f"the two proofs agree on {c['agree']}, disagree on {c['disagree']}")
        for note in c["notes"]:
            print(f"  {note}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
