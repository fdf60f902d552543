"""Perft over tests/data/perft.txt: counts, paths per second, and a divide on mismatch.

    .venv/bin/python benchmarks/perft.py [--extra-depth N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.rules.perft import divide, perft  # noqa: E402
from tests.nightcage.rules.test_perft import read_perft_file  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--extra-depth", type=int, default=0, help="also count this many plies deeper (no expected value)")
    args = parser.parse_args()
    rows = read_perft_file(ROOT / "tests" / "data" / "perft.txt")
    deepest: dict[tuple[str, str], int] = {}
    for name, pos, depth, count in rows:
        state = load_path(str(ROOT / pos))[0].state
        start = time.perf_counter()
        got = perft(state, depth)
        seconds = time.perf_counter() - start
        mark = "ok" if got == count else f"MISMATCH (expected {count})"
        print(f"{name:22} perft {depth}: {got:>9,}  {got / max(seconds, 1e-9):>10,.0f} paths/s  {mark}")
        if got != count:
            for ply, n in divide(state, depth).items():
                print(f"    {ply}: {n}")
        deepest[(name, pos)] = max(deepest.get((name, pos), 0), depth)
    for (name, pos), depth in deepest.items():
        for extra in range(1, args.extra_depth + 1):
            state = load_path(str(ROOT / pos))[0].state
            start = time.perf_counter()
            got = perft(state, depth + extra)
            seconds = time.perf_counter() - start
            print(f"{name:22} perft {depth + extra}: {got:>9,}  {got / max(seconds, 1e-9):>10,.0f} paths/s")


if __name__ == "__main__":
    main()
