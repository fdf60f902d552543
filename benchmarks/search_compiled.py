"""The compiled search against the Python one (issue 29): agreement and speed on the corpora.

    .venv/bin/python benchmarks/search_compiled.py [--corpus hard,advanced,easy] [--limit N] [--only compiled]
                                                   [--json FILE]

For every position of each corpus the search (:func:`solver.nightcage.endgame.search.solve`,
objective ``turns``) runs twice in this process: with its compiled best-first search
(``kernel/csrc/search.c``, the default) and with its Python loop (``compiled=False``, the
reference; it uses the compiled kernel's successors and bound, as it does by default when
the compiled search cannot take a position). Both must give the same verdict, turns, Nerve
and plan length, and the corpus's recorded answer; every winning plan was replayed through
the rules engine by the search itself. Positions the kernel does not cover (the Dirge's pit)
are searched over the rules engine by both. Per corpus and method: CPU seconds
(``time.process_time``) p50 / p95 / max and in all, positions expanded, CPU microseconds per
position expanded; and where the positions expanded differ.

``--only compiled`` skips the Python loop (speed figures of the compiled search alone); it also runs
another tree's default search, e.g. one older than the compiled search:
``PYTHONPATH=/path/to/tree python benchmarks/search_compiled.py --only compiled``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # last: a tree given on PYTHONPATH comes first, as the docstring says

from solver.base.limits import Limits  # noqa: E402
from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.endgame import kernel as eg  # noqa: E402
from solver.nightcage.endgame.search import solve  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402

CORPORA = {
    "easy": ROOT / "benchmarks" / "endgames" / "index.json",
    "hard": ROOT / "benchmarks" / "endgames" / "hard" / "index.json",
    "advanced": ROOT / "benchmarks" / "endgames" / "advanced" / "index.json",
    "keepers": ROOT / "benchmarks" / "endgames" / "keepers" / "index.json",
}
LIMITS = Limits(max_nodes=3_000_000, max_positions=2_000_000)


def run(state: Any, compiled: bool) -> dict[str, Any]:
    started = time.process_time()
    # (A tree older than the compiled search has no switch: --only compiled runs its default.)
    sol = solve(state, limits=LIMITS) if compiled else solve(state, limits=LIMITS, compiled=False)
    cpu = time.process_time() - started
    return {"verdict": str(sol.verdict), "turns": sol.turns, "nerve": sol.nerve_spent, "plan": len(sol.plan),
            "nodes": sol.stats.nodes, "generated": sol.stats.generated, "cpu": cpu}


def expected_of(doc: dict[str, Any]) -> tuple[Any, ...]:
    e = doc["meta"]["expected"]
    return (e["verdict"], e["turns"], e["nerve_spent"])


def answer(r: dict[str, Any]) -> tuple[Any, ...]:
    return (r["verdict"], r["turns"], r["nerve"])


def corpus_rows(name: str, limit: int | None, methods: tuple[str, ...], quiet: bool) -> list[dict[str, Any]]:
    index = json.loads(CORPORA[name].read_text())
    rows = []
    for i, entry in enumerate(index[:limit]):
        path = CORPORA[name].parent / entry["file"]
        state = load_path(path)[0].state
        doc = json.loads(path.read_text())
        row: dict[str, Any] = {"file": entry["file"], "expected": expected_of(doc)}
        try:
            eg.from_state(state)
            row["kernel"] = True
        except Exception:  # the Dirge's pit: searched over the rules engine
            row["kernel"] = False
        for method in methods:
            row[method] = run(state, method == "compiled")
        rows.append(row)
        if not quiet:
            print(f"\r{name}: {i + 1}/{min(len(index), limit or len(index))}", end="", file=sys.stderr, flush=True)
    if not quiet:
        print(file=sys.stderr)
    return rows


def report(name: str, rows: list[dict[str, Any]], methods: tuple[str, ...]) -> None:
    print(f"\n## {name}: {len(rows)} positions ({sum(r['kernel'] for r in rows)} in the kernel)")
    print("| method | CPU p50 | p95 | max | in all | positions expanded (all) | µs per position expanded | right |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for m in methods:
        cpu = sorted(r[m]["cpu"] for r in rows)
        nodes = sum(r[m]["nodes"] for r in rows)
        right = sum(answer(r[m]) == tuple(r["expected"]) for r in rows)
        per = 1e6 * sum(cpu) / nodes if nodes else 0.0
        print(f"| {m} | {percentile(cpu, 0.5):.3f} s | {percentile(cpu, 0.95):.3f} s | {cpu[-1]:.3f} s | {sum(cpu):.1f} s "
              f"| {nodes:,} | {per:.1f} | {right}/{len(rows)} |")
    if len(methods) == 2:
        a, b = methods
        differ = [r for r in rows if answer(r[a]) != answer(r[b]) or r[a]["plan"] != r[b]["plan"]]
        nodes = [r for r in rows if r[a]["nodes"] != r[b]["nodes"]]
        ratio = sum(r[b]["cpu"] for r in rows) / max(1e-9, sum(r[a]["cpu"] for r in rows))
        print(f"\nverdict, turns, Nerve and plan length differ on {len(differ)} positions "
              f"{[r['file'] for r in differ]}; positions expanded differ on {len(nodes)}; "
              f"CPU {b} / {a}: {ratio:.1f}x in all")
        for r in nodes[:20]:
            print(f"  {r['file']}: {a} {r[a]['nodes']:,}, {b} {r[b]['nodes']:,} expanded")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="hard,advanced,keepers",
                        help="corpora: easy, hard, advanced, keepers (default hard,advanced,keepers)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N positions of each")
    parser.add_argument("--only", choices=("compiled", "python"), default=None, help="one method only")
    parser.add_argument("--json", metavar="FILE", help="save every run")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    methods = ("compiled", "python") if args.only is None else (args.only,)
    print(f"kernel: {eg.KERNEL}; tree: {Path(eg.__file__).resolve().parents[4]}")
    everything = {}
    for name in args.corpus.split(","):
        rows = corpus_rows(name, args.limit, methods, args.quiet)
        report(name, rows, methods)
        everything[name] = rows
    if args.json:
        Path(args.json).write_text(json.dumps(everything, indent=1))


if __name__ == "__main__":
    main()
