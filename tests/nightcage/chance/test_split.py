"""The exact chance solve shared out between worker processes (:mod:`solver.nightcage.chance.split`):
the same values as one search, the same count of positions for any number of workers from two, the
limits reached in the workers reported with what they proved, and no worker left behind."""

from __future__ import annotations

import json
import multiprocessing
from fractions import Fraction
from typing import Any

import pytest

from solver.base.errors import LimitReached
from solver.base.limits import Limits, PositionBudget
from solver.nightcage.chance import split
from solver.nightcage.chance.expectimax import solve_chance
from solver.nightcage.chance.fast_expectimax import EXACT_ROUNDS, FastExpectimax, Root, solve_rounds
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from tests.paths import ROOT

pytestmark = pytest.mark.skipif(not split.can_share(), reason="worker processes are forked, and fork is not available here")

CORPUS = ROOT / "benchmarks" / "chance"
INDEX = {e["id"]: e for e in json.loads((CORPUS / "index.json").read_text())}
SHARED = ["0025", "0030", "0043"]
"""Corpus positions of 2 to 4 tiles, each with choices still open after a probe of :data:`PROBE` positions."""
PROBE = 300


def state_of(ident: str) -> GameState:
    return load_path(str(CORPUS / INDEX[ident]["file"]))[0].state


def alone(state: GameState) -> Root:
    root = Root(FastExpectimax(50_000_000), state)
    return solve_rounds(root, rounds=EXACT_ROUNDS)


def shared(state: GameState, workers: int, max_nodes: int = 50_000_000, should_stop: Any = None) -> Root:
    search = FastExpectimax(max_nodes, should_stop=should_stop, budget=PositionBudget(None), compiled_budget=PositionBudget(None))
    root = Root(search, state)
    return split.solve_shared(root, EXACT_ROUNDS, workers, probe=PROBE)


@pytest.mark.parametrize("ident", SHARED)
def test_shared_out_the_choices_have_the_values_of_one_search(ident: str) -> None:
    state = state_of(ident)
    one, two, three = alone(state), shared(state, 2), shared(state, 3)
    assert two.bounds == one.bounds == three.bounds
    assert all(lo == hi for lo, hi in two.bounds)
    # every worker starts from the same tables: the count does not depend on how many run at once
    assert two.search.nodes + two.search.oracle.expanded == three.search.nodes + three.search.oracle.expanded
    assert multiprocessing.active_children() == []


def test_the_probe_really_shares_out_these_positions() -> None:
    """(Else the test above would compare one search with itself.)"""
    for ident in SHARED:
        root = Root(FastExpectimax(50_000_000), state_of(ident))
        root.search.max_nodes = PROBE
        with pytest.raises(LimitReached):
            solve_rounds(root, rounds=EXACT_ROUNDS)
        assert sum(lo != hi for lo, hi in root.bounds) >= 2, ident


def test_a_position_settled_within_the_probe_needs_no_worker() -> None:
    state = state_of("0001")  # one tile left: 353 positions
    root = Root(FastExpectimax(50_000_000), state)
    split.solve_shared(root, EXACT_ROUNDS, 2)
    assert root.settled() and root.search.nodes + root.search.oracle.expanded < split.PROBE
    one = alone(state)
    assert root.bounds == one.bounds and root.search.nodes == one.search.nodes


def test_a_node_limit_reached_in_the_workers_keeps_what_they_proved() -> None:
    state = state_of("0030")
    exact = alone(state).bounds
    root = Root(FastExpectimax(2_000), state)
    with pytest.raises(LimitReached, match="more than"):
        split.solve_shared(root, EXACT_ROUNDS, 2, probe=PROBE)
    assert any(lo != hi for lo, hi in root.bounds)
    for (lo, hi), (value, same) in zip(root.bounds, exact):
        assert value == same and lo <= value <= hi
    assert multiprocessing.active_children() == []


def test_a_request_to_stop_ends_the_workers() -> None:
    asked: list[bool] = []

    def stop_once_shared() -> bool:  # false while the probe runs here; then every poll says stop
        asked.append(multiprocessing.active_children() != [])
        return asked[-1]

    with pytest.raises(LimitReached, match="stopped on request"):
        shared(state_of("0043"), 2, should_stop=stop_once_shared)
    assert any(asked)
    assert multiprocessing.active_children() == []


def test_a_worker_that_fails_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    original = split.solve_rounds

    def broken(root: Root, **kwargs: Any) -> Root:
        if root.only is not None:  # in a worker
            raise ValueError("a deliberate failure")
        return original(root, **kwargs)

    monkeypatch.setattr(split, "solve_rounds", broken)
    with pytest.raises(RuntimeError, match="choice .* failed: ValueError: a deliberate failure"):
        shared(state_of("0025"), 2)
    assert multiprocessing.active_children() == []


def test_solve_chance_with_workers_gives_the_labels() -> None:
    for ident in ("0025", "0043"):
        label = INDEX[ident]["expected"]
        sol = solve_chance(state_of(ident), limits=Limits(max_nodes=50_000_000, max_positions=50_000_000), hindsight=False,
                           workers=2)
        assert sol.p_win == Fraction(label["p_win"])
        assert dict(sol.best) == {a: Fraction(p) for a, p in label["choices"].items()}
