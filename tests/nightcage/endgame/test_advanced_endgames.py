"""The advanced end-game corpus (benchmarks/endgames/advanced): two exact methods agree on every position.

Keepers and the pathless are in the end-game kernel (issue 29); the Dirge's pit is
not, so the A* search (:func:`solver.nightcage.endgame.solving.solve_position`, engine
``search``) plays the positions holding it through the rules engine. The second method is
the breadth-first reference of :mod:`solver.testing.reference_search`, which
shares none of the planners' code. Both must give the corpus's answer (verdict,
fewest turns, then fewest Nerve), and both winning plans must replay through the
rules engine. CP-SAT and the PDDL export refuse these positions as not modelled.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import pytest

from solver.base.errors import NotCovered, UnsupportedError
from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.cpsat import planner as cpsat
from solver.nightcage.endgame.pddl import export
from solver.nightcage.endgame.plan import verify
from solver.nightcage.endgame.solving import solve_position
from solver.nightcage.model.tiles import Kind
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import Position
from solver.nightcage.rules.validate import consistency_problems
from solver.testing.reference_search import reference_solve
from tests.paths import ROOT

ADVANCED = ROOT / "benchmarks" / "endgames" / "advanced"


@cache
def index() -> list[dict[str, Any]]:
    return json.loads((ADVANCED / "index.json").read_text())


@cache
def position(name: str) -> Position:
    return load_path(ADVANCED / name)[0]


IDS = [row["file"] for row in index()]


def answer(verdict: Any, turns: int | None, nerve: int | None) -> tuple[str, int | None, int | None]:
    return (str(verdict), turns, nerve)


# -- the corpus ---------------------------------------------------------------------------------


def test_the_corpus_is_large_and_mixed() -> None:
    rows = index()
    assert len(rows) >= 100
    assert sorted(p.name for p in ADVANCED.glob("[0-9]*.json")) == IDS
    verdicts = Counter(r["verdict"] for r in rows)
    assert verdicts["win"] >= 25 and verdicts["lose"] >= 25
    assert sum(r["keepers"] > 0 for r in rows) >= 50
    assert sum(r["pathless"] > 0 for r in rows) >= 8
    assert sum(bool(r["dirge"]) for r in rows) >= 3
    # A pit fiend never rests on a board (it turns into a pit with its diagonals when placed), and the
    # Final Flickers draw nothing: an end-game holds only the pits it left.
    assert {r["prisoners"] for r in rows} == {4, 5}


@pytest.mark.parametrize("name", IDS)
def test_each_position_is_an_advanced_final_flickers_turn_start(name: str) -> None:
    pos = position(name)
    state = pos.state
    assert consistency_problems(state) == []
    assert state.pile.count == 0 and state.pending is None
    assert any(t is not None and (t.kind in (Kind.KEEPER, Kind.PIT_FIEND, Kind.PATHLESS) or t.dirge) for t in state.tiles)
    if any(t is not None and t.dirge for t in state.tiles):  # the Dirge's pit: the rules engine only
        with pytest.raises(NotCovered, match="not modelled"):
            eg.from_state(state)
    else:  # keepers and the pathless: the kernel (issue 29)
        assert eg.to_state(eg.from_state(state), state) == state
    with pytest.raises(NotCovered, match="not a standard end-game piece: not modelled"):
        eg.from_state(state, kinds=eg.STANDARD_KINDS)


# -- agreement ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", IDS)
def test_search_and_the_reference_agree(name: str) -> None:
    pos = position(name)
    state, expected = pos.state, pos.meta["expected"]
    want = answer(expected["verdict"], expected["turns"], expected["nerve_spent"])
    report = solve_position(state, engine="search", limits=Limits(max_nodes=20_000))
    sol = report.primary
    assert sol.stats.proven_optimal
    ref = reference_solve(state, max_positions=20_000)
    assert answer(sol.verdict, sol.turns, sol.nerve_spent) == want
    assert answer(ref.verdict, ref.turns, ref.nerve_spent) == want
    if want[0] == "win":
        verify(state, sol.plan)
        verify(state, ref.plan)
        assert sum(t.nerve for t in ref.plan) == want[2]


SAMPLE = IDS[::10]


@pytest.mark.parametrize("name", SAMPLE)
def test_cpsat_and_pddl_refuse_as_not_modelled(name: str) -> None:
    state = position(name).state
    with pytest.raises(UnsupportedError, match="not modelled"):
        cpsat.solve(state, limits=Limits(time_limit=10.0))
    with pytest.raises(UnsupportedError, match="not modelled"):
        export(state)
    both = solve_position(state, engine="both", limits=Limits(max_nodes=20_000))
    assert "not modelled" in both.skipped["cpsat"] and both.disagreement is None
