"""Both exact planners on every end-game scenario: they must agree (verdict, turns, Nerve)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.base.errors import NotCovered, PositionError
from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.solving import solve_position
from solver.nightcage.notation.forms import load_path
from tests.paths import night_cage_scenarios


def end_games() -> list[Path]:
    out = []
    for path in night_cage_scenarios():
        try:
            state = load_path(str(path))[0].state
        except PositionError:
            continue
        try:
            eg.from_state(state)
        except NotCovered:
            continue
        out.append(path)
    return out


FILES = end_games()


def test_there_are_end_game_scenarios() -> None:
    assert len(FILES) >= 18


# The generated puzzles (scenarios/puzzles/) are proven by search and CP-SAT under the turns
# objective in tests/nightcage/puzzles/test_puzzles_curated.py too; the nerve objective on all 44 took ~100 s,
# so it runs on the hand-made scenarios only.
CASES = [(path, objective) for objective in ("turns", "nerve") for path in FILES
         if objective == "turns" or "puzzles" not in path.parts]


@pytest.mark.parametrize("path, objective", CASES, ids=[f"{o}-{p.parent.name}-{p.stem}" for p, o in CASES])
def test_search_and_cpsat_agree(path: Path, objective: str) -> None:
    state = load_path(str(path))[0].state
    report = solve_position(state, engine="both", objective=objective, limits=Limits(time_limit=60.0, max_nodes=2_000_000))
    assert report.disagreement is None
    if "cpsat" in report.others:
        a, b = report.primary, report.others["cpsat"]
        assert (a.verdict, a.turns, a.nerve_spent) == (b.verdict, b.turns, b.nerve_spent)
    else:  # CP-SAT declines only what it says it does not model
        assert "cpsat" in report.skipped
