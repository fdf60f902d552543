"""Both exact planners on every end-game scenario: they must agree (verdict, turns, Nerve)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver import endgame as eg
from solver.errors import PositionError
from solver.position_io import load_path
from solver.solving import solve_position

ROOT = Path(__file__).resolve().parent.parent


def end_games() -> list[Path]:
    out = []
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        try:
            state = load_path(str(path))[0].state
        except PositionError:
            continue
        try:
            eg.from_state(state)
        except ValueError:
            continue
        out.append(path)
    return out


FILES = end_games()


def test_there_are_end_game_scenarios() -> None:
    assert len(FILES) >= 18


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("objective", ["turns", "nerve"])
def test_search_and_cpsat_agree(path: Path, objective: str) -> None:
    state = load_path(str(path))[0].state
    report = solve_position(state, "both", objective, 60.0, 2_000_000)
    assert report.disagreement is None
    if "cpsat" in report.others:
        a, b = report.primary, report.others["cpsat"]
        assert (a.verdict, a.turns, a.nerve_spent) == (b.verdict, b.turns, b.nerve_spent)
    else:  # CP-SAT declines only what it says it does not model
        assert "cpsat" in report.skipped
