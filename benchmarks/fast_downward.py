"""Fast Downward on the PDDL export of end-game positions, against the exact search.

    make bench-fd                       # creates .venv-fd, runs the whole corpus
    .venv-fd/bin/python benchmarks/fast_downward.py [--limit N] [--time-limit S] [--json FILE]

Runs in its own virtual environment (``.venv-fd``: the project plus
``benchmarks/fd-requirements.txt``); the project and its tests never import
the planner. For each position of the end-game corpus
(``benchmarks/endgames/index.json``; without it, ``--samples`` positions of
:func:`solver.nightcage.endgame.kernel.sample_position`): export PDDL (:mod:`solver.nightcage.endgame.pddl.export`), run
the Fast Downward driver shipped by ``up-fast-downward`` with an optimal
configuration (default ``astar(blind())``, see benchmarks/README.md for why)
and a time limit, replay its plan through the rules engine, and solve the
same position with :func:`solver.nightcage.endgame.search.solve`. Prints per-engine time and
node percentiles, agreement counts, every disagreement, and the median time
ratio FD / search.

Verdicts: FD found a plan -> ``win`` in (plan cost) turns; FD proved there is
none (exit codes 10, 11) -> ``lose``; out of time or incomplete -> ``unknown``.
Nodes are not the same unit: FD expands states inside turns (one per
action), the search expands turn starts.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# This file's name would shadow the `fast_downward` package (the translator) that
# up-fast-downward imports: keep its folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))

from solver.base.errors import LueurError  # noqa: E402
from solver.base.limits import Limits
from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.endgame.pddl import PddlTask, export, parse_plan, plan_cost, plan_turns  # noqa: E402
from solver.nightcage.endgame.plan import PlanError, PlanTurn, verify  # noqa: E402
from solver.nightcage.endgame.search import solve  # noqa: E402
from solver.nightcage.model.state import GameState  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.testing.endgame import sample_position  # noqa: E402

CORPUS = ROOT / "benchmarks" / "endgames" / "index.json"
DEFAULT_SEARCH = "astar(blind())"
TRANSLATE_OPTIONS = ("--invariant-generation-max-candidates", "0")
"""Mutex-group synthesis costs seconds on this domain (conditional effects over every cell)
and buys nothing for a blind search: skip it."""
SOLVED, UNSOLVABLE = {0}, {10, 11}
OUT_OF_LIMITS = {2, 12, 21, 22, 23, 24}


def driver() -> Path:
    """The ``fast-downward.py`` driver shipped inside the up-fast-downward wheel."""
    spec = importlib.util.find_spec("up_fast_downward")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("up_fast_downward is not installed: run `make bench-fd` (it creates .venv-fd)")
    path = Path(list(spec.submodule_search_locations)[0]) / "downward" / "fast-downward.py"
    if not path.exists():
        sys.exit(f"no Fast Downward driver at {path}")
    return path


@dataclass
class Run:
    verdict: str
    turns: int | None = None
    seconds: float = 0.0
    nodes: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "turns": self.turns, "seconds": round(self.seconds, 4), "nodes": self.nodes, **self.detail}


# -- the two engines -------------------------------------------------------------------------------------


def run_fd(state: GameState, task: PddlTask, search: str, time_limit: float, keep: Path | None, verify_plan: bool) -> Run:
    with tempfile.TemporaryDirectory(prefix="lueur-fd-") as tmp:
        work = keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        (work / "domain.pddl").write_text(task.domain)
        (work / "problem.pddl").write_text(task.problem)
        plan_file = work / "sas_plan"
        if plan_file.exists():
            plan_file.unlink()
        cmd = [
            sys.executable,
            str(driver()),
            "--overall-time-limit",
            f"{max(1, round(time_limit))}s",
            "--plan-file",
            str(plan_file),
            "domain.pddl",
            "problem.pddl",
            "--translate-options",
            *TRANSLATE_OPTIONS,
            "--search-options",
            "--search",
            search,
        ]
        started = time.perf_counter()
        try:
            proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=time_limit + 15)
            code, log = proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired as exc:
            code, log = -1, (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        seconds = time.perf_counter() - started
        if keep is not None:
            (work / "fd.log").write_text(log)
        detail: dict[str, Any] = {"exit_code": code}
        detail.update(_log_figures(log))
        nodes = detail.pop("expanded", None)
        if code in SOLVED and plan_file.exists():
            steps = parse_plan(plan_file.read_text())
            turns = plan_cost(steps)
            detail["actions"] = len(steps)
            if verify_plan:
                detail["plan_verified"], detail["plan"] = _replay(state, task, steps)
            return Run("win", turns, seconds, nodes, detail)
        if code in UNSOLVABLE:
            return Run("lose", None, seconds, nodes, detail)
        if code in OUT_OF_LIMITS or code == -1:
            return Run("unknown", None, seconds, nodes, detail)
        detail["log_tail"] = log[-2000:]
        return Run("error", None, seconds, nodes, detail)


def _log_figures(log: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    found = re.findall(r"Expanded (\d+) state\(s\)", log)
    if found:
        out["expanded"] = int(found[-1])
    else:  # interrupted: the last progress line
        progress = re.findall(r"(\d+) evaluated, (\d+) expanded", log)
        if progress:
            out["expanded"] = int(progress[-1][1])
    m = re.search(r"Done! \[([\d.]+)s CPU, ([\d.]+)s wall-clock\]", log)
    if m:
        out["translate_seconds"] = float(m.group(2))
    m = re.search(r"Search time: ([\d.]+)s", log)
    if m:
        out["search_seconds"] = float(m.group(1))
    return out


def _replay(state: GameState, task: PddlTask, steps: list[tuple[str, ...]]) -> tuple[bool | str, list[dict[str, Any]]]:
    """Replay FD's plan through the rules engine: True, or the engine's objection."""
    turns = plan_turns(task, steps)
    shown = [t.as_json() for t in turns]
    try:
        verify(state, turns)
        return True, shown
    except PlanError as exc:
        # "end" after a move: the engine may wait at the move-again decision first (two ends).
        if any("end" in t.actions for t in turns):
            doubled = tuple(
                PlanTurn(t.prisoner, tuple(a for x in t.actions for a in ((x, x) if x == "end" else (x,))), t.nerve) for t in turns
            )
            try:
                verify(state, doubled)
                return True, [t.as_json() for t in doubled]
            except PlanError:
                pass
        return str(exc), shown


def run_search(state: GameState, time_limit: float) -> Run:
    started = time.perf_counter()
    sol = solve(state, limits=Limits(time_limit=time_limit))
    seconds = time.perf_counter() - started
    detail = {"nerve_spent": sol.nerve_spent, "plan": [t.as_json() for t in sol.plan]}
    return Run(sol.verdict, sol.turns, seconds, sol.stats.nodes, detail)


# -- positions -------------------------------------------------------------------------------------------


def positions(args: argparse.Namespace) -> tuple[str, list[tuple[str, GameState, dict[str, Any]]]]:
    corpus = Path(args.corpus)
    out: list[tuple[str, GameState, dict[str, Any]]] = []
    if corpus.exists():
        index = json.loads(corpus.read_text())
        if args.ids:
            wanted = set(args.ids.split(","))
            index = [e for e in index if str(e.get("id")) in wanted]
        for entry in index[: args.limit] if args.limit else index:
            path = corpus.parent / entry["file"]
            pos = load_path(path)[0]
            out.append((str(entry.get("id", entry["file"])), pos.state, {"verdict": entry.get("verdict"), "turns": entry.get("turns")}))
        digest = hashlib.sha1(corpus.read_bytes()).hexdigest()[:12]
        return f"corpus {corpus.relative_to(ROOT) if corpus.is_relative_to(ROOT) else corpus} (index sha1 {digest})", out
    count = args.limit or args.samples
    for seed in range(args.seed, args.seed + count):
        out.append((f"sample-{seed}", sample_position(random.Random(seed)), {}))
    return f"no corpus at {corpus}: {count} sample_position seeds from {args.seed}", out


# -- report ----------------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    """The nearest-rank percentile, NaN when there are no values (the table prints floats)."""
    found = percentile(values, q)
    return float("nan") if found is None else found


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    doc: dict[str, Any] = {"positions": len(rows), "engines": {}}
    for engine in ("fd", "search"):
        runs = [r[engine] for r in rows if engine in r]
        times = [r["seconds"] for r in runs]
        nodes = [r["nodes"] for r in runs if r.get("nodes") is not None]
        verdicts: dict[str, int] = {}
        for r in runs:
            verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
        doc["engines"][engine] = {
            "verdicts": verdicts,
            "seconds": {"p50": pct(times, 0.5), "p95": pct(times, 0.95), "max": max(times, default=float("nan"))},
            "nodes": {"p50": pct(nodes, 0.5), "p95": pct(nodes, 0.95), "max": max(nodes, default=0)},
        }
    both = [r for r in rows if "fd" in r and "search" in r]
    decided = [r for r in both if r["fd"]["verdict"] in ("win", "lose") and r["search"]["verdict"] in ("win", "lose")]
    verdict_agree = [r for r in decided if r["fd"]["verdict"] == r["search"]["verdict"]]
    wins = [r for r in verdict_agree if r["fd"]["verdict"] == "win"]
    length_agree = [r for r in wins if r["fd"]["turns"] == r["search"]["turns"]]
    disagreements = [
        {"id": r["id"], "fd": (r["fd"]["verdict"], r["fd"]["turns"]), "search": (r["search"]["verdict"], r["search"]["turns"])}
        for r in decided
        if r not in verdict_agree or (r["fd"]["verdict"] == "win" and r["fd"]["turns"] != r["search"]["turns"])
    ]
    unverified = [
        {"id": r["id"], "why": r["fd"].get("plan_verified")}
        for r in both
        if r["fd"]["verdict"] == "win" and r["fd"].get("plan_verified", True) is not True
    ]
    ratios = [r["fd"]["seconds"] / r["search"]["seconds"] for r in decided if r["search"]["seconds"] > 0]
    slow = [r["fd"]["seconds"] / r["search"]["seconds"] for r in decided if r["search"]["seconds"] >= 0.01]
    fd_runs = [r["fd"] for r in rows if "fd" in r]
    doc["fd_phases"] = {
        key: {
            "p50": pct([r[key] for r in fd_runs if key in r], 0.5),
            "max": max((r[key] for r in fd_runs if key in r), default=float("nan")),
        }
        for key in ("translate_seconds", "search_seconds")
    }
    expected = [r for r in rows if r.get("expected", {}).get("verdict")]
    doc["agreement"] = {
        "both_decided": len(decided),
        "verdict": len(verdict_agree),
        "both_win": len(wins),
        "optimal_length": len(length_agree),
        "undecided": {
            "fd": sum(r["fd"]["verdict"] not in ("win", "lose") for r in both),
            "search": sum(r["search"]["verdict"] not in ("win", "lose") for r in both),
        },
        "fd_vs_corpus_expected": sum(
            1
            for r in expected
            if r["fd"]["verdict"] == r["expected"]["verdict"]
            and (r["fd"]["verdict"] != "win" or r["fd"]["turns"] == r["expected"]["turns"])
        ),
        "corpus_expected": len(expected),
    }
    doc["disagreements"] = disagreements
    doc["fd_plans_not_replayed"] = unverified
    doc["median_time_ratio_fd_over_search"] = statistics.median(ratios) if ratios else None
    doc["median_time_ratio_where_search_took_10ms"] = {"positions": len(slow), "ratio": statistics.median(slow) if slow else None}
    return doc


def print_summary(doc: dict[str, Any], source: str, config: str, time_limit: float) -> None:
    print(f"\n{source}; Fast Downward --search {config!r}, time limit {time_limit:g} s per position and engine")
    print(f"{'engine':8} {'verdicts':32} {'p50 s':>8} {'p95 s':>8} {'max s':>8} {'p50 nodes':>10} {'p95 nodes':>10} {'max nodes':>10}")
    for engine, e in doc["engines"].items():
        v = ", ".join(f"{k} {n}" for k, n in sorted(e["verdicts"].items()))
        s, n = e["seconds"], e["nodes"]
        print(f"{engine:8} {v:32} {s['p50']:8.3f} {s['p95']:8.3f} {s['max']:8.3f} {n['p50']:10,.0f} {n['p95']:10,.0f} {n['max']:10,.0f}")
    a = doc["agreement"]
    print(
        f"agreement: verdict {a['verdict']}/{a['both_decided']} decided by both; optimal turns {a['optimal_length']}/{a['both_win']} wins; "
        f"undecided fd {a['undecided']['fd']}, search {a['undecided']['search']}"
    )
    if a["corpus_expected"]:
        print(f"fd vs the corpus's expected verdict and turns: {a['fd_vs_corpus_expected']}/{a['corpus_expected']}")
    ph = doc["fd_phases"]
    print(
        f"fd phases: translate p50 {ph['translate_seconds']['p50']:.3f} s (max {ph['translate_seconds']['max']:.3f}), "
        f"search p50 {ph['search_seconds']['p50']:.3f} s (max {ph['search_seconds']['max']:.3f}); the rest is the driver's start-up"
    )
    ratio = doc["median_time_ratio_fd_over_search"]
    print(f"median time ratio FD / search: {ratio:.1f}" if ratio is not None else "median time ratio: n/a")
    slow = doc["median_time_ratio_where_search_took_10ms"]
    if slow["ratio"] is not None:
        print(f"  where the search took 10 ms or more ({slow['positions']} positions): {slow['ratio']:.1f}")
    for d in doc["disagreements"]:
        print(f"DISAGREEMENT {d['id']}: fd {d['fd']}, search {d['search']}")
    for u in doc["fd_plans_not_replayed"]:
        print(f"FD PLAN REFUSED BY THE ENGINE {u['id']}: {u['why']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=str(CORPUS), help="index.json of the end-game corpus")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions")
    parser.add_argument("--ids", help="only these corpus ids (comma-separated)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per position and engine (default 60)")
    parser.add_argument("--json", dest="json_file", help="save every figure to this file")
    parser.add_argument("--search", default=DEFAULT_SEARCH, help=f"Fast Downward search configuration (default {DEFAULT_SEARCH})")
    parser.add_argument("--samples", type=int, default=100, help="without a corpus: how many sampled positions (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="without a corpus: the first sample seed")
    parser.add_argument("--no-verify", action="store_true", help="do not replay FD's plans through the rules engine")
    parser.add_argument("--keep", help="keep each position's PDDL, plan and FD log under this directory")
    parser.add_argument("--quiet", action="store_true", help="no line per position")
    args = parser.parse_args()
    driver()
    source, todo = positions(args)
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for n, (pid, state, expected) in enumerate(todo, 1):
        row: dict[str, Any] = {"id": pid, "expected": expected}
        try:
            task = export(state)
        except LueurError as exc:
            row["skipped"] = str(exc)
            rows.append(row)
            print(f"[{n}/{len(todo)}] {pid}: skipped: {exc}", flush=True)
            continue
        keep = Path(args.keep) / pid if args.keep else None
        row["fd"] = run_fd(state, task, args.search, args.time_limit, keep, not args.no_verify).as_json()
        row["search"] = run_search(state, args.time_limit).as_json()
        rows.append(row)
        if not args.quiet:
            f, s = row["fd"], row["search"]
            decided = {f["verdict"], s["verdict"]} <= {"win", "lose"}
            flag = "" if (f["verdict"], f["turns"]) == (s["verdict"], s["turns"]) else "   <-- differs" if decided else "   (undecided)"
            if f["verdict"] == "win" and f.get("plan_verified", True) is not True:
                flag += "   <-- plan refused by the engine"
            print(
                f"[{n}/{len(todo)}] {pid}: fd {f['verdict']} {f['turns'] or '-'} ({f['seconds']:.2f} s, {f['nodes'] or 0:,} nodes)"
                f"  search {s['verdict']} {s['turns'] or '-'} ({s['seconds']:.3f} s, {s['nodes'] or 0:,} nodes){flag}",
                flush=True,
            )
    doc = summary([r for r in rows if "fd" in r])
    doc["skipped"] = [{"id": r["id"], "why": r["skipped"]} for r in rows if "skipped" in r]
    doc["config"] = {"search": args.search, "translate_options": list(TRANSLATE_OPTIONS), "time_limit": args.time_limit, "source": source}
    doc["wall_seconds"] = round(time.perf_counter() - started, 1)
    print_summary(doc, source, args.search, args.time_limit)
    if args.json_file:
        Path(args.json_file).write_text(json.dumps({"summary": doc, "positions": rows}, indent=1) + "\n")
        print(f"figures saved to {args.json_file}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
