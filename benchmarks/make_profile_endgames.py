"""Write a small profiling set of hard end-games: benchmarks/endgames/profile/ (issue 15).

    .venv/bin/python benchmarks/make_profile_endgames.py [--seed S] [--count N] [--min-nodes M] [--max-nodes X]

Candidates ``0, 1, 2, ...`` of :func:`solver.nightcage.puzzles.corpus.label` (seeded, so the set is
deterministic as long as the search expands the same positions) are solved by the exact
search with a node limit of ``--max-nodes``; a candidate is kept when the search settles it
after expanding at least ``--min-nodes`` positions. These are the positions the easy corpus
(``make_endgames.py``, 3,000 positions at most) leaves out; the set is for profiling the
search (``benchmarks/planners.py --engines search --per-node --corpus benchmarks/endgames/profile/index.json``),
not a test corpus. The defaults give the committed set: 14 positions of 10,538 to 74,692
positions expanded (seed 15, candidates 0 to 267; the candidates that pass 100,000 positions,
or the search's memory budget, are dropped). It takes a few minutes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.nightcage.puzzles import corpus  # noqa: E402

OUT = ROOT / "benchmarks" / "endgames" / "profile"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=15, help="candidate seed (default 15)")
    parser.add_argument("--count", type=int, default=14, help="positions kept (default 14)")
    parser.add_argument("--min-nodes", type=int, default=10_000, help="keep a candidate needing this many positions or more")
    parser.add_argument("--max-nodes", type=int, default=100_000, help="drop a candidate past this many positions (default 100,000)")
    parser.add_argument("--max-candidates", type=int, default=283, help="candidates tried at most (default 283)")
    parser.add_argument("--out", default=str(OUT), help="directory (default benchmarks/endgames/profile)")
    args = parser.parse_args()
    budget = corpus.Budget(args.max_nodes, 1 << 40)
    kept: list[corpus.Entry] = []
    for index in range(args.max_candidates):
        result = corpus.label(args.seed, index, budget)
        if result.status in ("solved", "dropped"):
            print(f"candidate {index}: {result.status}, {result.nodes} positions, {result.seconds:.1f} s", file=sys.stderr, flush=True)
        if result.entry is not None and result.entry.nodes >= args.min_nodes:
            kept.append(result.entry)
            if len(kept) >= args.count:
                break
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in corpus.files(kept, args.seed).items():
        (out / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(kept)} positions to {out}")


if __name__ == "__main__":
    main()
