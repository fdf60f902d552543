"""Write the hard end-game corpus: benchmarks/endgames/hard/NNNN.json and index.json.

    .venv/bin/python benchmarks/make_hard_endgames.py [--seed S] [--count N] [--workers W]
        [--min-nodes A] [--max-nodes B] [--max-candidates C] [--cache FILE]

Positions come from :func:`solver.nightcage.puzzles.hard_corpus.generate`: candidates
with long arms (:mod:`solver.nightcage.puzzles.hard_layout`), kept when the search
expands between ``--min-nodes`` (10^4) and ``--max-nodes`` (10^6) positions
to settle them; counts, never seconds, so the same seed and options give
byte-identical files whatever ``--workers``. Each file's ``meta`` holds the
answer (``expected``: verdict, fewest turns, Nerve, plan) and the search's
effort when it was generated (``nodes_at_generation``).

A hard candidate can take minutes of search: ``--cache FILE`` keeps every
label (one JSON line per candidate) so that an interrupted or extended run
goes on where it stopped, and the same run with a larger ``--count`` or
``--max-candidates`` only labels the new candidates. Numbered files the new
corpus does not use are removed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.nightcage.puzzles import hard_corpus  # noqa: E402
from solver.nightcage.puzzles.corpus import Entry  # noqa: E402

OUT = ROOT / "benchmarks" / "endgames" / "hard"
NUMBERED = re.compile(r"^\d{4}\.json$")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1, help="corpus seed (default 1)")
    parser.add_argument("--count", type=int, default=150, help="positions (default 150)")
    parser.add_argument("--out", default=str(OUT), help="directory (default benchmarks/endgames/hard)")
    parser.add_argument("--workers", type=int, default=1, help="labelling processes (default 1)")
    parser.add_argument("--min-nodes", type=int, default=hard_corpus.DEFAULT_MIN_NODES,
                        help="drop a candidate settled in fewer positions expanded (default 10,000)")
    parser.add_argument("--max-nodes", type=int, default=hard_corpus.DEFAULT_MAX_NODES,
                        help="drop a candidate not settled within this many positions expanded (default 1,000,000)")
    parser.add_argument("--max-candidates", type=int, default=None, help="candidates tried at most (default 200 x count)")
    parser.add_argument("--cache", default=None, help="file of labels to reuse and extend (JSON lines)")
    args = parser.parse_args()

    budget = hard_corpus.HardBudget(args.min_nodes, args.max_nodes)
    cache_path = Path(args.cache) if args.cache else None
    cache = {}
    if cache_path is not None and cache_path.exists():
        cache = hard_corpus.read_cache(cache_path.read_text().splitlines(), args.seed, budget)
    report = hard_corpus.HardReport()
    started = time.perf_counter()

    def on_label(found: hard_corpus.HardLabel, kept: int) -> None:
        if cache_path is not None and found.index not in cache:
            with cache_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(found.as_json(args.seed, budget)) + "\n")
        print(f"\r{report.tried} candidates, {kept} kept ({found.index}: {found.status}, {found.nodes} nodes)   ",
              end="", file=sys.stderr, flush=True)

    entries = hard_corpus.generate(args.seed, args.count, budget, args.max_candidates, report, args.workers, cache, on_label)
    print(file=sys.stderr)
    write(Path(args.out), hard_corpus.files(entries, args.seed, budget))
    print_report(entries, report, time.perf_counter() - started, Path(args.out))


def write(out: Path, files: dict[str, str]) -> None:
    """Write the files and remove numbered files left from a larger corpus."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if NUMBERED.match(old.name) and old.name not in files:
            old.unlink()
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")


def print_report(entries: list[Entry], report: hard_corpus.HardReport, seconds: float, out: Path) -> None:
    """Candidates by status, then the corpus's make-up."""
    print(f"wrote {len(entries)} positions to {out} in {seconds:.0f} s")
    print(f"candidates: {report.tried} tried: " + ", ".join(f"{n} {s}" for s, n in report.statuses.items()))
    if report.unfilled:
        print(f"quotas left short: {report.unfilled}; {report.topped_up} entries topped up from the surplus")
    print(json.dumps(make_up(entries), indent=1))


def make_up(entries: list[Entry]) -> dict[str, object]:
    """Prisoners, verdicts, win lengths, tiles, monsters and pits, positions expanded."""
    wins = [e for e in entries if e.verdict == "win"]
    nodes = sorted(e.nodes for e in entries)
    return {
        "positions": len(entries),
        "by_prisoners_and_verdict": dict(sorted(Counter(f"{e.prisoners}-{e.verdict}" for e in entries).items())),
        "win_lengths": dict(sorted(Counter(e.turns for e in wins).items())),
        "lose_kinds": dict(sorted(Counter(e.features["lose_kind"] for e in entries if e.verdict == "lose").items())),
        "tiles": dict(sorted(Counter(e.tiles for e in entries).items())),
        "with_wax_eaters": sum(e.features["wax_eaters"] > 0 for e in entries),
        "with_pits": sum(e.features["pits"] > 0 for e in entries),
        "layouts": dict(sorted(Counter(e.features["layout"] for e in entries).items())),
        "nodes_at_generation": {"min": nodes[0] if nodes else None, "p50": nodes[len(nodes) // 2] if nodes else None,
                                "max": nodes[-1] if nodes else None},
    }


if __name__ == "__main__":
    main()
