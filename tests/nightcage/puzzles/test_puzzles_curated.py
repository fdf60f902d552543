"""The curated puzzles (scenarios/puzzles/): each one re-proven by both proofs, its grade and checks hold."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from solver.nightcage.notation.forms import load_text
from solver.nightcage.puzzles.grade import GRADES
from solver.nightcage.puzzles.study import study
from tests.paths import ROOT
from tests.scenario_harness import run_check

SCENARIOS = ROOT / "scenarios" / "puzzles"
FILES = sorted(SCENARIOS.rglob("*.toml"))


def test_ten_puzzles_per_grade() -> None:
    for grade in GRADES:
        assert len(list((SCENARIOS / grade).glob("*.toml"))) >= 10


def test_no_two_curated_puzzles_are_equivalent() -> None:
    from solver.nightcage.puzzles.symmetry import canonical_key

    keys = [canonical_key(load_text(p.read_text(encoding="utf-8"), str(p))[0].state) for p in FILES]
    assert len(set(keys)) == len(FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_curated_puzzle(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    pos, _ = load_text(text, str(path))
    meta = pos.meta["puzzle"]
    # A loss is proven by A* and a depth-first search here; CP-SAT refuting every horizon is slower
    # (benchmarks/puzzles.py --curated runs it).
    result = study(pos.state, 200_000, cpsat=meta["verdict"] == "win", want=meta["verdict"])
    assert result.status == ("unique" if meta["verdict"] == "win" else "lose"), result.reason
    assert result.agree, "the two proofs disagree"
    assert result.grade is not None and result.grade.grade == meta["grade"]
    if meta["verdict"] == "win":
        assert (result.turns, result.nerve) == (meta["turns"], meta["nerve"])
        assert [[t.prisoner, *t.actions] for t in result.plan] == meta["solution"]
        if path.parent.name in GRADES:
            assert path.parent.name == meta["grade"]
    checks = tomllib.loads(text)["check"]
    assert checks
    for i, check in enumerate(checks):
        fails = run_check(pos.state, check)
        assert not fails, f"check {i + 1}: " + "; ".join(fails)
