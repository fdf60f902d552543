"""The chance search and the hint on the corpus of real mid-game positions (issue 25's table).

    .venv/bin/python benchmarks/chance_corpus.py [--ids 0001,0002] [--reference] [--reference-max-nodes 2000000]
                                                 [--reference-labelled-only] [--reference-oracle python]
                                                 [--scenarios] [--fast-time-limit S]
                                                 [--fast-defaults] [--fast-workers N] [--hint-limit 1.0] [--no-hint]
                                                 [--json PATH]

On every position of ``benchmarks/chance/`` (``make_chance_corpus.py``), in one process:

- **fast**: :func:`solver.nightcage.chance.expectimax.solve_chance` with the fast engine, no clock:
  CPU seconds, positions (the turns' replays and the end-game oracle's), the CPU seconds spent in
  the oracle, and whether its fractions equal the corpus label (the reference's); with
  ``--fast-defaults``, at the search's default node and memory budgets (what ``lueur solve`` keeps),
  not ``--fast-max-nodes`` for both; with ``--fast-workers N``, shared out between N worker processes
  as ``lueur solve --workers N`` does (:mod:`solver.nightcage.chance.split`): then the wall seconds
  are the figure (the workers' CPU is not this process's), and the summary gives them too;
- **reference** (with ``--reference``): the same with the reference engine over the rules engine,
  at most ``--reference-max-nodes`` positions, in the same run, for the ratio of the two
  (``--reference-labelled-only``: on the labelled positions only, the others being the ones the
  reference could not finish); with ``--reference-oracle python`` the reference's end-game oracle runs
  its Python search over the kernel without the Nerve order (``EndgameOracle(compiled=False,
  nerve_order=False)``), the oracle as it was when issue 25 was filed, before issue 29 compiled it:
  the engine the issue measured, not today's reference, which shares the fast engine's compiled oracle;
- with ``--scenarios``, the positions of ``scenarios/chance`` too (ids ``chance/01``...), labelled
  live by the reference (so ``--scenarios`` needs ``--reference``); their hint is judged the same way;
- **hint** at ``--hint-limit`` seconds (the default limit of ``lueur hint``): the choice it
  recommends, whether it is optimal by the label (among positions where the choice matters: not
  every choice has the same value), and whether it is a choice the label proves lost while
  another can still win (positions whose turn opens with a draw have no decision to hint at).

Printed: per position one line, then the summary (p50 / p95 / max of the fast solve over the positions it
solved, and ``fast_wall_p95_all``, the p95 over every position with the unsolved ones slowest; the ratio of
the reference's time to the fast one's on the positions both solved, the time per position of each
outside the oracle, the hint's optimal share and its mistakes). CPU seconds (``time.process_time``)
are the steadier figure on a loaded machine; the hint runs on the wall clock, as a user's does.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.limits import Limits  # noqa: E402
from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.chance.expectimax import solve_chance  # noqa: E402
from solver.nightcage.endgame.oracle import EndgameOracle  # noqa: E402
from solver.nightcage.model.state import GameState  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.notation.position_json import loads  # noqa: E402
from solver.nightcage.play.hint import hint  # noqa: E402
from solver.nightcage.rules.engine import node_type  # noqa: E402

CORPUS = ROOT / "benchmarks" / "chance"
SCENARIOS = ROOT / "scenarios" / "chance"


class OracleClock:
    """CPU seconds spent in :meth:`EndgameOracle.wins` and :meth:`EndgameOracle.wins_kernel` (wrapped for the run;
    the fast engine asks the second, the reference the first, which calls the second)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.depth = 0
        for name in ("wins", "wins_kernel"):
            setattr(EndgameOracle, name, self._timed(getattr(EndgameOracle, name)))

    def _timed(self, original: Any) -> Any:
        def timed(oracle: EndgameOracle, position: Any, deadline: float | None = None) -> bool:
            outer = self.depth == 0  # the oracle can call itself: time the outer call only
            self.depth += 1
            started = time.process_time()
            try:
                return bool(original(oracle, position, deadline))
            finally:
                self.depth -= 1
                if outer:
                    self.seconds += time.process_time() - started

        return timed

    def lap(self) -> float:
        seconds, self.seconds = self.seconds, 0.0
        return seconds


@contextmanager
def python_oracle(wanted: bool) -> Iterator[None]:
    """Inside, every new :class:`EndgameOracle` runs its Python search without the Nerve order
    (``compiled=False, nerve_order=False``: the oracle issue 25 measured), when ``wanted``."""
    if not wanted:
        yield
        return
    original = EndgameOracle.__init__

    def python_search(oracle: EndgameOracle, *args: Any, **kwargs: Any) -> None:
        kwargs["compiled"] = False
        kwargs["nerve_order"] = False
        original(oracle, *args, **kwargs)

    EndgameOracle.__init__ = python_search  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        EndgameOracle.__init__ = original  # type: ignore[method-assign]


def solve(state: GameState, engine: str, max_nodes: int | None, clock: OracleClock, time_limit: float | None = None,
          workers: int = 1) -> dict[str, Any]:
    """One solve, no hindsight; ``max_nodes`` None: the default node and memory budgets."""
    clock.lap()
    started, wall = time.process_time(), time.perf_counter()
    limits = Limits(max_nodes=max_nodes, max_positions=max_nodes, time_limit=time_limit)
    sol = solve_chance(state, limits=limits, hindsight=False, engine=engine, workers=workers)
    seconds, wall = time.process_time() - started, time.perf_counter() - wall
    return {"p_win": None if sol.p_win is None else str(sol.p_win), "choices": {a: str(p) for a, p in sol.best},
            "cpu_seconds": round(seconds, 4), "wall_seconds": round(wall, 4), "oracle_seconds": round(clock.lap(), 4),
            "nodes": sol.nodes}


def same_values(solved: dict[str, Any], label: dict[str, Any]) -> bool:
    """The same fractions for the position and each choice (compared as fractions: "1" is "1/1")."""
    if solved["p_win"] is None:
        return False
    def exact(values: dict[str, str]) -> dict[str, Fraction]:
        return {a: Fraction(p) for a, p in values.items()}
    return Fraction(solved["p_win"]) == Fraction(label["p_win"]) and exact(solved["choices"]) == exact(label["choices"])


def judge(answer: Any, label: dict[str, Any]) -> dict[str, Any]:
    """The hint's recommendation against the exact values."""
    values = {a: Fraction(p) for a, p in label["choices"].items()}
    best = max(values.values())
    chosen = values[answer.best.action]
    return {"action": answer.best.action, "matters": len(set(values.values())) > 1, "optimal": chosen == best,
            "loss": float(best - chosen), "proven_lost_recommended": chosen == 0 and best > 0,
            "best_proven": answer.best.proven, "seconds": round(answer.seconds, 4), "method": answer.method}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", default="", help="comma-separated ids (default: every position)")
    parser.add_argument("--reference", action="store_true", help="also solve with the reference engine")
    parser.add_argument("--reference-max-nodes", type=int, default=2_000_000)
    parser.add_argument("--reference-labelled-only", action="store_true", help="the reference on labelled positions only")
    parser.add_argument("--reference-oracle", choices=("compiled", "python"), default="compiled",
                        help="the reference's end-game oracle: compiled (today's) or python (as when issue 25 was filed)")
    parser.add_argument("--scenarios", action="store_true", help="also scenarios/chance, labelled live by the reference")
    parser.add_argument("--fast-max-nodes", type=int, default=50_000_000)
    parser.add_argument("--fast-time-limit", type=float, default=None, help="wall seconds per fast solve (default: none)")
    parser.add_argument("--fast-defaults", action="store_true",
                        help="the fast solve at the default node and memory budgets (as lueur solve), not --fast-max-nodes")
    parser.add_argument("--fast-workers", type=int, default=1, help="worker processes of the fast solve (lueur solve --workers)")
    parser.add_argument("--hint-limit", type=float, default=1.0)
    parser.add_argument("--no-hint", action="store_true")
    parser.add_argument("--no-solve", action="store_true", help="only the hints (on the labelled positions)")
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args(argv)
    index = json.loads((CORPUS / "index.json").read_text())
    wanted = set(filter(None, args.ids.split(",")))
    entries = [e for e in index if not wanted or e["id"] in wanted]
    if args.scenarios and not args.reference:
        parser.error("--scenarios needs --reference (the scenarios are labelled live by the reference)")
    positions = [(e["id"], e["tiles"], loads((CORPUS / e["file"]).read_text())[0].state, e.get("expected"))
                 for e in entries]
    if args.scenarios:
        for path in sorted(SCENARIOS.glob("*.toml")):
            state = load_path(str(path))[0].state
            positions.append((f"chance/{path.stem[:2]}", state.pile.count, state, None))
    clock = OracleClock()
    rows = []
    for number, (ident, tiles, state, label) in enumerate(positions):
        live = ident.startswith("chance/")
        if args.no_solve and label is None:
            continue
        row: dict[str, Any] = {"id": ident, "tiles": tiles, "fast": {"p_win": None}}
        engines = [e for e, wanted in (("fast", not args.no_solve), ("reference", args.reference and (
            live or label is not None or not args.reference_labelled_only))) if wanted]
        if number % 2:  # the first to run warms the caches the other finds (the boards' distances): alternate
            engines.reverse()
        for engine in engines:
            max_nodes = (None if args.fast_defaults else args.fast_max_nodes) if engine == "fast" else args.reference_max_nodes
            with python_oracle(engine == "reference" and args.reference_oracle == "python"):
                row[engine] = solve(state, engine, max_nodes, clock, args.fast_time_limit if engine == "fast" else None,
                                    args.fast_workers if engine == "fast" else 1)
        if "reference" in row:
            if live and row["reference"]["p_win"] is not None:
                label = {"p_win": row["reference"]["p_win"], "choices": row["reference"]["choices"]}
        if label is not None and not args.no_solve:
            row["fast"]["agrees"] = same_values(row["fast"], label)
            if "reference" in row and row["reference"]["p_win"] is not None:
                row["reference"]["agrees"] = same_values(row["reference"], label)
        if not args.no_hint and label is not None and node_type(state) == "decision":  # (some turns open with a draw)
            row["hint"] = judge(hint(state, limits=Limits(time_limit=args.hint_limit)), label)
        rows.append(row)
        print(json.dumps(row), flush=True)
    corpus = [r for r in rows if not r["id"].startswith("chance/")]
    scenarios = [r for r in rows if r["id"].startswith("chance/")]
    summary = summarise(corpus)
    if scenarios:
        summary["scenarios"] = summarise(scenarios)
        summary["scenarios"]["hints"] = {r["id"]: r["hint"]["action"] for r in scenarios if "hint" in r}
        summary["corpus_and_scenarios"] = {k: v for k, v in summarise(rows).items() if k.startswith(("both", "reference", "fast_ms"))}
    print(json.dumps(summary, indent=1))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({"benchmark": "chance_corpus", "python": platform.python_version(),
                                                    "hint_limit": args.hint_limit, "rows": rows, "summary": summary}, indent=1) + "\n")


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    fast = [r["fast"]["cpu_seconds"] for r in rows if r["fast"]["p_win"] is not None]
    out: dict[str, Any] = {
        "positions": len(rows),
        "fast_solved": len(fast),
        "fast_agrees": sum(bool(r["fast"].get("agrees")) for r in rows),
        "fast_labelled": sum("agrees" in r["fast"] for r in rows),
        "fast_p50": percentile(fast, 0.5), "fast_p95": percentile(fast, 0.95),
        "fast_max": max(fast, default=None),
        "fast_under_1s": sum(s < 1.0 for s in fast),
    }
    wall = [r["fast"]["wall_seconds"] for r in rows if r["fast"]["p_win"] is not None]
    if wall:
        out.update({"fast_wall_p50": percentile(wall, 0.5), "fast_wall_p95": percentile(wall, 0.95),
                    "fast_wall_max": max(wall), "fast_wall_under_1s": sum(s < 1.0 for s in wall)})
        # The p95 above is of the solved positions: solving one more can raise it. This one counts every position
        # solved or not, an unsolved one as slower than any (it reads "unsolved" when the p95 falls on one).
        every = [r["fast"]["wall_seconds"] if r["fast"]["p_win"] is not None else math.inf for r in rows if "wall_seconds" in r["fast"]]
        p95_all = percentile(every, 0.95)
        out["fast_wall_p95_all"] = "unsolved" if p95_all == math.inf else p95_all
    both = [r for r in rows if "reference" in r and r["reference"]["p_win"] is not None and r["fast"]["p_win"] is not None]
    if both:
        ref = sum(r["reference"]["cpu_seconds"] for r in both)
        fst = sum(r["fast"]["cpu_seconds"] for r in both)
        ref_out = sum(r["reference"]["cpu_seconds"] - r["reference"]["oracle_seconds"] for r in both)
        fst_out = sum(r["fast"]["cpu_seconds"] - r["fast"]["oracle_seconds"] for r in both)
        ratios = sorted(r["reference"]["cpu_seconds"] / max(r["fast"]["cpu_seconds"], 1e-6) for r in both)
        out["both_solved"] = len(both)
        out["reference_over_fast_total"] = ref / fst if fst else None
        out["reference_over_fast_median"] = percentile(ratios, 0.5)
        out["reference_over_fast_outside_oracle"] = ref_out / fst_out if fst_out else None
        out["reference_ms_per_node"] = 1000 * ref / sum(r["reference"]["nodes"] for r in both)
        out["fast_ms_per_node"] = 1000 * fst / sum(r["fast"]["nodes"] for r in both)
        out["reference_over_fast_min"] = ratios[0]
        out["reference_over_fast_max"] = ratios[-1]
        out["reference_agrees"] = sum(bool(r["reference"].get("agrees")) for r in rows if "reference" in r)
        out["reference_unsolved"] = sum(r["reference"]["p_win"] is None for r in rows if "reference" in r)
    hints = [r["hint"] for r in rows if "hint" in r]
    matters = [h for h in hints if h["matters"]]
    if hints:
        out["hint_matters"] = len(matters)
        out["hint_optimal_where_it_matters"] = sum(h["optimal"] for h in matters)
        out["hint_mean_loss_where_it_matters"] = sum(h["loss"] for h in matters) / len(matters) if matters else None
        out["hint_proven_lost_recommended"] = sum(h["proven_lost_recommended"] for h in hints)
        out["hint_best_proven"] = sum(h["best_proven"] for h in hints)
    return out


if __name__ == "__main__":
    main()
