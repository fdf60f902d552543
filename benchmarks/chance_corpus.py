"""The chance search and the hint on the corpus of real mid-game positions (issue 25's table).

    .venv/bin/python benchmarks/chance_corpus.py [--ids 0001,0002] [--reference] [--reference-max-nodes 2000000]
                                                 [--hint-limit 1.0] [--no-hint] [--json PATH]

On every position of ``benchmarks/chance/`` (``make_chance_corpus.py``), in one process:

- **fast**: :func:`solver.nightcage.chance.expectimax.solve_chance` with the fast engine, no clock:
  CPU seconds, positions (the turns' replays and the end-game oracle's), the CPU seconds spent in
  the oracle, and whether its fractions equal the corpus label (the reference's);
- **reference** (with ``--reference``): the same with the reference engine over the rules engine,
  at most ``--reference-max-nodes`` positions, in the same run, for the ratio of the two;
- **hint** at ``--hint-limit`` seconds (the default limit of ``lueur hint``): the choice it
  recommends, whether it is optimal by the label (among positions where the choice matters: not
  every choice has the same value), and whether it is a choice the label proves lost while
  another can still win (positions whose turn opens with a draw have no decision to hint at).

Printed: per position one line, then the summary (p50 / p95 / max of the fast solve, the ratio of
the reference's time to the fast one's on the positions both solved, the time per position of each
outside the oracle, the hint's optimal share and its mistakes). CPU seconds (``time.process_time``)
are the steadier figure on a loaded machine; the hint runs on the wall clock, as a user's does.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
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
from solver.nightcage.notation.position_json import loads  # noqa: E402
from solver.nightcage.play.hint import hint  # noqa: E402
from solver.nightcage.rules.engine import node_type  # noqa: E402

CORPUS = ROOT / "benchmarks" / "chance"


class OracleClock:
    """CPU seconds spent in :meth:`EndgameOracle.wins` (wrapped for the run)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.depth = 0
        original = EndgameOracle.wins

        def timed(oracle: EndgameOracle, state: GameState, deadline: float | None = None) -> bool:
            outer = self.depth == 0  # the oracle can call itself: time the outer call only
            self.depth += 1
            started = time.process_time()
            try:
                return original(oracle, state, deadline)
            finally:
                self.depth -= 1
                if outer:
                    self.seconds += time.process_time() - started

        EndgameOracle.wins = timed  # type: ignore[method-assign]

    def lap(self) -> float:
        seconds, self.seconds = self.seconds, 0.0
        return seconds


def solve(state: GameState, engine: str, max_nodes: int, clock: OracleClock) -> dict[str, Any]:
    clock.lap()
    started = time.process_time()
    sol = solve_chance(state, limits=Limits(max_nodes=max_nodes, max_positions=max_nodes), hindsight=False, engine=engine)
    seconds = time.process_time() - started
    return {"p_win": None if sol.p_win is None else str(sol.p_win), "choices": {a: str(p) for a, p in sol.best},
            "cpu_seconds": round(seconds, 4), "oracle_seconds": round(clock.lap(), 4), "nodes": sol.nodes}


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
    parser.add_argument("--fast-max-nodes", type=int, default=50_000_000)
    parser.add_argument("--hint-limit", type=float, default=1.0)
    parser.add_argument("--no-hint", action="store_true")
    parser.add_argument("--no-solve", action="store_true", help="only the hints (on the labelled positions)")
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args(argv)
    index = json.loads((CORPUS / "index.json").read_text())
    wanted = set(filter(None, args.ids.split(",")))
    entries = [e for e in index if not wanted or e["id"] in wanted]
    clock = OracleClock()
    rows = []
    for entry in entries:
        state = loads((CORPUS / entry["file"]).read_text())[0].state
        label = entry.get("expected")
        if args.no_solve and label is None:
            continue
        row: dict[str, Any] = {"id": entry["id"], "tiles": entry["tiles"], "fast": {"p_win": None}}
        if not args.no_solve:
            row["fast"] = solve(state, "fast", args.fast_max_nodes, clock)
        if label is not None and not args.no_solve:
            row["fast"]["agrees"] = (row["fast"]["p_win"], row["fast"]["choices"]) == (label["p_win"], label["choices"])
        if args.reference:
            row["reference"] = solve(state, "reference", args.reference_max_nodes, clock)
        if not args.no_hint and label is not None and node_type(state) == "decision":  # (some turns open with a draw)
            row["hint"] = judge(hint(state, limits=Limits(time_limit=args.hint_limit)), label)
        rows.append(row)
        print(json.dumps(row), flush=True)
    summary = summarise(rows)
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
