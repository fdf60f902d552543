"""Perft regression counts (tests/data/perft.txt); on a mismatch, the per-ply breakdown."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.perft import divide, perft
from tests.paths import ROOT


def read_perft_file(path: Path) -> list[tuple[str, str, int, int]]:
    """``(id, position file, depth, count)`` rows of a perft file."""
    rows = []
    name = pos = ""
    for line in path.read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "id":
            name = words[1]
        elif words[0] == "pos":
            pos = words[1]
        elif words[0] == "perft":
            rows.append((name, pos, int(words[1]), int(words[2])))
    return rows


ROWS = read_perft_file(ROOT / "tests" / "data" / "perft.txt")


@pytest.mark.parametrize("name,pos,depth,count", ROWS, ids=[f"{r[0]}-{r[2]}" for r in ROWS])
def test_perft(name: str, pos: str, depth: int, count: int) -> None:
    state = load_path(str(ROOT / pos))[0].state
    got = perft(state, depth)
    if got != count:
        breakdown = "\n".join(f"  {ply}: {n}" for ply, n in divide(state, depth).items())
        pytest.fail(f"{name} perft {depth}: {got}, expected {count}; per first ply:\n{breakdown}")
