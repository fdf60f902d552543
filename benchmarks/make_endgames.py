"""Write the end-game corpus: benchmarks/endgames/NNNN.json and index.json.

    .venv/bin/python benchmarks/make_endgames.py [--seed S] [--count N] [--workers W]

Positions come from :func:`solver.nightcage.puzzles.corpus.generate` (seeded: the same seed and
count give byte-identical files, whatever ``--workers``). Each file is a
``lueur-position/1`` position whose ``meta`` carries its title, the
generator's seed and candidate index, its features and the search's answer
(``expected``: verdict, optimal turns, Nerve spent, plan). Numbered files the
new corpus does not use are removed. A summary (and the search's timings on
this machine, which go in no file) is printed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.puzzles import corpus  # noqa: E402

OUT = ROOT / "benchmarks" / "endgames"
NUMBERED = re.compile(r"^\d{4}\.json$")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="corpus seed (default 1)")
    parser.add_argument("--count", type=int, default=240, help="positions (default 240)")
    parser.add_argument("--out", default=str(OUT), help="directory (default benchmarks/endgames)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="labelling processes (default: every core)")
    parser.add_argument(
        "--max-nodes", type=int, default=corpus.DEFAULT_MAX_NODES, help="drop a candidate past this many positions expanded"
    )
    parser.add_argument(
        "--max-generated", type=int, default=corpus.DEFAULT_MAX_GENERATED, help="drop a candidate past this many turn results"
    )
    parser.add_argument("--max-candidates", type=int, default=None, help="candidates tried at most (default 10 x count)")
    parser.add_argument(
        "--relabel", action="store_true",
        help="keep the committed positions and their numbers; solve each again under today's rules and rewrite its answer",
    )
    args = parser.parse_args()
    if args.relabel:
        relabel(Path(args.out), corpus.Budget(args.max_nodes, args.max_generated))
        return

    report = corpus.Report()
    budget = corpus.Budget(args.max_nodes, args.max_generated)
    started = time.perf_counter()
    entries = corpus.generate(
        args.seed,
        args.count,
        budget,
        args.max_candidates,
        report,
        args.workers,
        progress=_progress,
    )
    print(file=sys.stderr)
    write(Path(args.out), corpus.files(entries, args.seed))
    print_report(entries, report, budget, time.perf_counter() - started, Path(args.out))


def relabel(out: Path, budget: corpus.Budget) -> None:
    """Solve every committed position again (its candidate redrawn from the seed and index in its meta)
    and rewrite its answer, features and index row; the positions and their numbers stay. A rules
    change (a ruling amended) can change an answer: this is how the corpus follows it."""
    rows = json.loads((out / corpus.INDEX).read_text(encoding="utf-8"))
    new_rows, changed = [], []
    for row in rows:
        meta = json.loads((out / row["file"]).read_text(encoding="utf-8"))["meta"]
        labelled = corpus.label(meta["generator"]["seed"], meta["generator"]["index"], budget)
        if labelled.entry is None:
            sys.exit(f"{row['file']}: the search no longer settles it within the budget ({labelled.status}); regenerate the corpus")
        entry = labelled.entry
        text = corpus.dumps(entry.state, corpus.entry_meta(entry, meta["generator"]["seed"])) + "\n"
        if text != (out / row["file"]).read_text(encoding="utf-8"):
            (out / row["file"]).write_text(text, encoding="utf-8")
            changed.append(f"{row['file']}: {row['verdict']} {row['turns']} {row['nerve_spent']} -> "
                           f"{entry.verdict} {entry.turns} {entry.nerve_spent}")
        new_rows.append(corpus.index_row(entry, row["id"], row["file"]))
    (out / corpus.INDEX).write_text(json.dumps(new_rows, indent=1) + "\n", encoding="utf-8")
    print(f"relabelled {len(rows)} positions; {len(changed)} changed")
    for line in changed:
        print("  " + line)


def _progress(kept: int, tried: int) -> None:
    """A progress line on stderr every 20 candidates."""
    if tried % 20 == 0:
        print(f"\r{tried} candidates, {kept} kept", end="", file=sys.stderr, flush=True)


def write(out: Path, files: dict[str, str]) -> None:
    """Write the files and remove numbered files left from a larger corpus."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if NUMBERED.match(old.name) and old.name not in files:
            old.unlink()
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")


def print_report(entries: list[corpus.Entry], report: corpus.Report, budget: corpus.Budget, seconds: float, out: Path) -> None:
    """What was tried, kept and dropped; the corpus's statistics; the search's times on this machine."""
    stats = corpus.summary(entries)
    print(f"wrote {len(entries)} positions to {out} in {seconds:.0f} s")
    print(
        f"candidates: {report.tried} tried, {report.invalid} unusable layouts, {report.won_already} already won, "
        f"{report.solved} solved ({report.surplus} over their bucket's quota), {len(report.dropped)} dropped"
    )
    if report.dropped:
        times = sorted(d.seconds for d in report.dropped)
        print(
            f"dropped (search limits: nodes or turn results): {len(times)}, search time when stopped "
            f"p50 {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s; layouts {_tally(d.layout for d in report.dropped)}"
        )
        reached = sum(d.nodes >= budget.max_nodes for d in report.dropped)
        print(f"  {reached} reached the node limit, {len(report.dropped) - reached} only the turn-result limit")
        print(f"  tiles of the dropped: {dict(sorted(_tally(d.tiles for d in report.dropped).items(), key=lambda kv: int(kv[0])))}")
    if report.unfilled:
        print(f"buckets left short: {report.unfilled}; {report.topped_up} entries topped up from the surplus")
    print(json.dumps(stats, indent=1))
    times = sorted(e.seconds for e in entries)
    if times:
        fast = sum(t < 0.1 for t in times)
        second = sum(t < 1.0 for t in times)
        print(
            f"search time over the corpus: p50 {percentile(times, 0.5):.3f} s, p95 {percentile(times, 0.95):.3f} s, "
            f"max {times[-1]:.3f} s; {fast} under 100 ms, {second} under 1 s"
        )


def _tally(values: Iterable[object]) -> dict[str, int]:
    """How many times each value occurs (keys as text, for printing)."""
    out: dict[str, int] = {}
    for v in values:
        out[str(v)] = out.get(str(v), 0) + 1
    return out


if __name__ == "__main__":
    main()
