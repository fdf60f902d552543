"""The planners on the end-game corpus: timings, effort, and agreement.

    .venv/bin/python benchmarks/planners.py [--engines search,cpsat] [--limit N] [--time-limit S] [--json FILE]
    .venv/bin/python benchmarks/planners.py --advanced   # the advanced corpus: search, reference, cpsat
    .venv/bin/python benchmarks/planners.py --engines search --per-node --corpus benchmarks/endgames/profile/index.json
    .venv/bin/python benchmarks/planners.py --hard       # the hard corpus (issue 15): search, cpsat

Each engine (``search``: :func:`solver.nightcage.endgame.search.solve`; ``cpsat``:
:func:`solver.nightcage.endgame.cpsat.planner.solve`) solves every position of
``benchmarks/endgames/index.json`` with the objective ``turns``. Its answers
are checked against the corpus's expectations (the search's answers when the
corpus was made) and against each other: verdict, optimal turns, Nerve spent;
every winning plan is replayed through the rules engine. Per engine the
table gives the positions run, the verdicts, p50 / p95 / max solve time and
nodes, and the agreement counts; every disagreement is listed after it.

An engine that cannot be imported is reported as unavailable and skipped; a
position an engine does not model (``UnsupportedError``) counts as
``unsupported``, never as a disagreement; nor does an answer that is not
proven (``unknown``, a time limit; a win not proven optimal, for turns and
Nerve).

``--advanced`` runs the advanced corpus (``benchmarks/endgames/advanced``:
keepers, pit fiends, the pathless, the Dirge) with the engines ``search``,
``reference`` (the breadth-first planner over the rules engine of
:mod:`solver.testing.reference_search`, which shares no code with the others)
and ``cpsat``, which must refuse every position as not modelled.

``--hard`` runs the hard corpus (``benchmarks/endgames/hard``: searches of
10^4 to 10^6 positions when it was made) with a time limit of 600 s per
position and engine unless ``--time-limit`` says otherwise; the tables add
CPU seconds and CPU microseconds per position expanded.
``--reference-max`` caps the reference's turn-start positions.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.errors import UnsupportedError  # noqa: E402
from solver.base.limits import Limits
from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.endgame.plan import PlanError, verify  # noqa: E402
from solver.nightcage.model.state import GameState  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.testing.reference_search import ReferenceLimit, reference_solve  # noqa: E402

CORPUS = ROOT / "benchmarks" / "endgames" / "index.json"
ADVANCED_CORPUS = ROOT / "benchmarks" / "endgames" / "advanced" / "index.json"
HARD_CORPUS = ROOT / "benchmarks" / "endgames" / "hard" / "index.json"
ENGINES = ("search", "cpsat", "reference")
REFERENCE_MAX_POSITIONS = 200_000


@dataclass
class Run:
    """One engine on one position."""

    status: str
    """``win``, ``lose``, ``unknown``, ``unsupported`` or ``error``."""
    turns: int | None = None
    nerve_spent: int | None = None
    proven: bool = False
    seconds: float = 0.0
    nodes: int | None = None
    generated: int | None = None
    """Turn results generated (the search), for ``--per-node``."""
    cpu: float = 0.0
    """CPU seconds of this process during the solve (``time.process_time``; CP-SAT's worker threads included)."""
    note: str | None = None
    """Why it is unsupported, the error, or a plan the rules engine refused."""

    def as_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "turns": self.turns,
            "nerve_spent": self.nerve_spent,
            "proven": self.proven,
            "seconds": round(self.seconds, 6),
            "nodes": self.nodes,
            "generated": self.generated,
            "cpu": round(self.cpu, 6),
            "note": self.note,
        }


@dataclass
class Position:
    ident: str
    state: GameState
    expected: dict[str, Any]
    runs: dict[str, Run] = field(default_factory=dict)


# -- engines -------------------------------------------------------------------------------------


def engine_solvers(names: list[str], time_limit: float) -> tuple[dict[str, Callable[[GameState], Any]], dict[str, str]]:
    """The solve functions of the engines that can be imported, and why the others cannot."""
    solvers: dict[str, Callable[[GameState], Any]] = {}
    missing: dict[str, str] = {}
    for name in names:
        if name == "search":
            from solver.nightcage.endgame import search

            solvers[name] = lambda s, m=search: m.solve(s, limits=Limits(time_limit=time_limit))
        elif name == "cpsat":
            try:
                from solver.nightcage.endgame.cpsat import planner as cpsat  # type: ignore[attr-defined]
            except ImportError as exc:
                missing[name] = f"cannot import solver.nightcage.endgame.cpsat.planner: {exc}"
                continue
            solvers[name] = lambda s, m=cpsat: m.solve(s, limits=Limits(time_limit=time_limit))
        elif name == "reference":
            solvers[name] = reference_run
        else:
            missing[name] = f"unknown engine (choose from {', '.join(ENGINES)})"
    return solvers, missing


def reference_run(state: GameState) -> Run:
    """The breadth-first reference: exact when it finishes, ``unknown`` past its cap."""
    started, cpu = time.perf_counter(), time.process_time()
    try:
        ref = reference_solve(state, REFERENCE_MAX_POSITIONS)
    except ReferenceLimit as exc:
        return Run("unknown", seconds=time.perf_counter() - started, cpu=time.process_time() - cpu, note=str(exc))
    seconds = time.perf_counter() - started
    run = Run(ref.verdict, ref.turns, ref.nerve_spent, True, seconds, ref.positions, time.process_time() - cpu)
    if ref.verdict == "win":
        try:
            verify(state, ref.plan)
        except PlanError as exc:
            run.status, run.note = "error", f"plan refused by the rules engine: {exc}"
    return run


def run_one(solve: Callable[[GameState], Any], state: GameState) -> Run:
    """Solve, time, and replay a winning plan through the rules engine."""
    if solve is reference_run:
        return reference_run(state)
    started, cpu = time.perf_counter(), time.process_time()
    try:
        sol = solve(state)
    except UnsupportedError as exc:
        return Run("unsupported", seconds=time.perf_counter() - started, note=str(exc))
    except Exception as exc:  # a benchmark reports a crash and goes on
        return Run("error", seconds=time.perf_counter() - started, note=f"{type(exc).__name__}: {exc}")
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    run = Run(sol.verdict, sol.turns, sol.nerve_spent, sol.stats.proven_optimal, seconds, sol.stats.nodes,
              sol.stats.generated, cpu)
    if sol.verdict == "win":
        try:
            verify(state, sol.plan)
        except PlanError as exc:
            run.status, run.note = "error", f"plan refused by the rules engine: {exc}"
    return run


# -- comparison ----------------------------------------------------------------------------------


def compare(a: dict[str, Any], b: dict[str, Any]) -> str:
    """``agree``, ``disagree`` or ``undecided`` for two answers (dicts with status, turns, nerve_spent, proven).

    A verdict counts once proven (``win``/``lose``); turns and Nerve count
    only when both wins are proven optimal.
    """
    if a["status"] not in ("win", "lose") or b["status"] not in ("win", "lose"):
        return "undecided"
    if a["status"] != b["status"]:
        return "disagree"
    if a["status"] == "lose":
        return "agree"
    if not (a.get("proven", True) and b.get("proven", True)):
        return "undecided"
    same = a["turns"] == b["turns"] and a["nerve_spent"] == b["nerve_spent"]
    return "agree" if same else "disagree"


def expected_answer(expected: dict[str, Any]) -> dict[str, Any]:
    return {"status": expected["verdict"], "turns": expected["turns"], "nerve_spent": expected["nerve_spent"], "proven": True}


def describe(answer: dict[str, Any]) -> str:
    if answer["status"] == "win":
        return f"win in {answer['turns']} ({answer['nerve_spent']} Nerve){'' if answer.get('proven', True) else ', not proven'}"
    return str(answer["status"])


# -- the run ---------------------------------------------------------------------------------------


def load_corpus(index_path: Path, limit: int | None) -> list[Position]:
    rows = json.loads(index_path.read_text())
    if limit:
        rows = rows[:limit]
    out = []
    for row in rows:
        pos = load_path(index_path.parent / row["file"])[0]
        out.append(Position(row["id"], pos.state, pos.meta.get("expected", {})))
    return out


def run_all(positions: list[Position], solvers: dict[str, Callable[[GameState], Any]], quiet: bool) -> None:
    for i, pos in enumerate(positions, start=1):
        for name, solve in solvers.items():
            pos.runs[name] = run_one(solve, pos.state)
        if not quiet:
            print(f"\r{i}/{len(positions)}", end="", file=sys.stderr, flush=True)
    if not quiet:
        print(file=sys.stderr)


def figures(positions: list[Position], engines: list[str]) -> dict[str, Any]:
    """Per engine: counts, times, nodes, agreement with the expectations; and engine against engine."""
    doc: dict[str, Any] = {"engines": {}, "disagreements": []}
    for name in engines:
        runs = [(p, p.runs[name]) for p in positions if name in p.runs]
        answered = [r for _, r in runs if r.status not in ("unsupported", "error")]
        times = [r.seconds for r in answered]
        nodes = [float(r.nodes) for r in answered if r.nodes is not None]
        cpus = [r.cpu for r in answered]
        us_each = [r.cpu / r.nodes * 1e6 for r in answered if r.nodes]
        statuses: dict[str, int] = {}
        for _, r in runs:
            statuses[r.status] = statuses.get(r.status, 0) + 1
        agreement = {"agree": 0, "disagree": 0, "undecided": 0}
        for p, r in runs:
            verdict = compare(r.as_json(), expected_answer(p.expected))
            agreement[verdict] += 1
            if verdict == "disagree" or r.status == "error":
                answer = describe(r.as_json()) if r.status != "error" else f"error: {r.note}"
                doc["disagreements"].append(
                    {"id": p.ident, "between": f"{name} / expected", name: answer, "expected": describe(expected_answer(p.expected))}
                )
        doc["engines"][name] = {
            "positions": len(runs),
            "statuses": statuses,
            "seconds": {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95), "max": max(times, default=None)},
            "nodes": {"p50": percentile(nodes, 0.5), "p95": percentile(nodes, 0.95), "max": max(nodes, default=None)},
            "per_node": per_node(answered),
            "cpu": {"p50": percentile(cpus, 0.5), "p95": percentile(cpus, 0.95), "max": max(cpus, default=None)},
            "us_per_node": {"p50": percentile(us_each, 0.5), "overall": 1e6 * sum(cpus) / sum(nodes) if sum(nodes) else None},
            "under_100ms": sum(t < 0.1 for t in times),
            "under_1s": sum(t < 1.0 for t in times),
            "vs_expected": agreement,
        }
    for other in ("cpsat", "reference"):
        if "search" in engines and other in engines:
            doc[f"search_vs_{other}"] = pairwise(positions, other, doc["disagreements"])
    return doc


def per_node(runs: list[Run]) -> dict[str, float | None]:
    """CPU per position expanded and turn results per position expanded, over every run that counted them."""
    counted = [r for r in runs if r.nodes]
    nodes = sum(r.nodes or 0 for r in counted)
    if not nodes:
        return {"cpu_seconds": None, "us_per_node": None, "results_per_node": None}
    cpu = sum(r.cpu for r in counted)
    generated = sum(r.generated or 0 for r in counted)
    return {"cpu_seconds": round(cpu, 3), "us_per_node": round(1e6 * cpu / nodes, 1),
            "results_per_node": round(generated / nodes, 2) if generated else None}


def pairwise(positions: list[Position], other: str, disagreements: list[dict[str, Any]]) -> dict[str, int]:
    """The search against another engine, position by position."""
    agreement = {"agree": 0, "disagree": 0, "undecided": 0}
    for p in positions:
        if "search" not in p.runs or other not in p.runs:
            continue
        a, b = p.runs["search"].as_json(), p.runs[other].as_json()
        verdict = compare(a, b)
        agreement[verdict] += 1
        if verdict == "disagree":
            disagreements.append({"id": p.ident, "between": f"search / {other}", "search": describe(a), other: describe(b)})
    return agreement


# -- output ------------------------------------------------------------------------------------------


def print_table(doc: dict[str, Any], missing: dict[str, str], show_per_node: bool = False) -> None:
    """Two tables (answers and agreement; time and nodes), then every disagreement."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:  # a file or a pipe: wide enough for every column
        console = Console(width=160)
    console.print(f"{doc['positions']} corpus positions, objective turns, time limit {doc['time_limit']} s per position")
    answers = Table(title="Answers; agreement with the expected (agree, differ, undecided)")
    for col in ("engine", "runs", "win", "lose", "unk", "unsup", "err", "agree", "differ", "undec"):
        answers.add_column(col, justify="left" if col == "engine" else "right")
    speed = Table(title="Solve time and nodes")
    for col in ("engine", "t p50", "t p95", "t max", "cpu p50", "cpu p95", "cpu max", "<100ms", "<1s", "n p50", "n p95",
                "n max", "us/n p50", "us/n all"):
        speed.add_column(col, justify="left" if col == "engine" else "right")
    for name, e in doc["engines"].items():
        s, agree = e["statuses"], e["vs_expected"]
        answers.add_row(
            name,
            str(e["positions"]),
            *(str(s.get(k, 0)) for k in ("win", "lose", "unknown", "unsupported", "error")),
            *(str(agree[k]) for k in ("agree", "disagree", "undecided")),
        )
        speed.add_row(
            name,
            *(_secs(e["seconds"][k]) for k in ("p50", "p95", "max")),
            *(_secs(e["cpu"][k]) for k in ("p50", "p95", "max")),
            str(e["under_100ms"]),
            str(e["under_1s"]),
            *(_num(e["nodes"][k]) for k in ("p50", "p95", "max")),
            *(_num(e["us_per_node"][k]) for k in ("p50", "overall")),
        )
    console.print(answers)
    console.print(speed)
    if show_per_node:
        for name, e in doc["engines"].items():
            f = e["per_node"]
            if f["us_per_node"] is not None:
                console.print(
                    f"{name}: {f['cpu_seconds']:.3f} CPU s in all, {f['us_per_node']:.1f} µs per position expanded, "
                    f"{f['results_per_node'] or 0:.2f} turn results per position expanded"
                )
    for name, why in missing.items():
        console.print(f"{name}: not run: {why}")
    for other in ("cpsat", "reference"):
        if f"search_vs_{other}" in doc:
            a = doc[f"search_vs_{other}"]
            console.print(
                f"search vs {other}: {a['agree']} agree, {a['disagree']} disagree, "
                f"{a['undecided']} undecided (one side unknown, unsupported or not proven)"
            )
    if doc["disagreements"]:
        console.print(f"[bold red]{len(doc['disagreements'])} disagreement(s):[/bold red]")
        for d in doc["disagreements"]:
            rest = ", ".join(f"{k}: {v}" for k, v in d.items() if k not in ("id", "between"))
            console.print(f"  {d['id']} ({d['between']}): {rest}")
    else:
        console.print("no disagreement")


def _secs(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.0f}ms" if value < 1 else f"{value:.2f}s"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def main() -> None:
    global REFERENCE_MAX_POSITIONS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", default=None, help="engines (default search,cpsat; --advanced: search,reference,cpsat)")
    parser.add_argument("--advanced", action="store_true", help="the advanced corpus (benchmarks/endgames/advanced)")
    parser.add_argument("--hard", action="store_true", help="the hard corpus (benchmarks/endgames/hard)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N positions")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds per position and engine (default 10; --hard: 600)")
    parser.add_argument("--reference-max", type=int, default=REFERENCE_MAX_POSITIONS,
                        help=f"turn-start positions the reference may meet (default {REFERENCE_MAX_POSITIONS:,})")
    parser.add_argument("--corpus", default=None, help="index.json of the corpus (default: the standard or the advanced one)")
    parser.add_argument("--json", metavar="FILE", help="also save the figures and every run as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--per-node", action="store_true", help="also CPU per position expanded and turn results per position")
    args = parser.parse_args()

    REFERENCE_MAX_POSITIONS = args.reference_max
    args.time_limit = args.time_limit if args.time_limit is not None else 600.0 if args.hard else 10.0
    engines = args.engines or ("search,reference,cpsat" if args.advanced else "search,cpsat")
    names = [n.strip() for n in engines.split(",") if n.strip()]
    solvers, missing = engine_solvers(names, args.time_limit)
    corpus = args.corpus or str(ADVANCED_CORPUS if args.advanced else HARD_CORPUS if args.hard else CORPUS)
    positions = load_corpus(Path(corpus), args.limit)
    run_all(positions, solvers, args.quiet)
    doc = {"positions": len(positions), "time_limit": args.time_limit, **figures(positions, list(solvers))}
    doc["unavailable"] = missing
    print_table(doc, missing, args.per_node)
    if args.json:
        doc["machine"] = {"python": platform.python_version(), "platform": platform.platform()}
        doc["runs"] = [{"id": p.ident, **{name: r.as_json() for name, r in p.runs.items()}} for p in positions]
        Path(args.json).write_text(json.dumps(doc, indent=1) + "\n")
    sys.exit(1 if doc["disagreements"] else 0)


if __name__ == "__main__":
    main()
