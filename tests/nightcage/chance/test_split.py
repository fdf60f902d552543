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
"""Corpus positions of 2 to 4 tiles, each with three choices or more still open after a probe of :data:`PROBE`
units: shared out whole."""
ONE_OPEN = ["0022", "0033", "0060", "0061"]
"""Corpus positions with one choice alone open after the probe: shared out below it (a draw in 0022 and 0033,
a decision in 0060 and 0061)."""
TWO_OPEN = {"0021": (False, False), "0038": (True, False), "0015": (True, None)}
"""Corpus positions with two choices open after the probe, each shared out below it where it can be: what each
leads to, a decision (True) or a draw (False), or None when it stays whole."""
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


def assert_as_one_search(state: GameState) -> None:
    """Shared out between 2 and 3 workers: the exact values of one search, and the same count for both."""
    one, two, three = alone(state), shared(state, 2), shared(state, 3)
    assert two.bounds == one.bounds == three.bounds
    assert all(lo == hi for lo, hi in two.bounds)
    # every worker starts from the same tables: the count does not depend on how many run at once
    assert two.search.nodes + two.search.oracle.expanded == three.search.nodes + three.search.oracle.expanded
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("ident", SHARED)
def test_shared_out_the_choices_have_the_values_of_one_search(ident: str) -> None:
    assert_as_one_search(state_of(ident))


def test_the_probe_really_shares_out_these_positions() -> None:
    """(Else the test above would compare one search with itself.)"""
    for ident in SHARED:
        assert sum(lo != hi for lo, hi in probed(ident).bounds) >= split.FEW_OPEN, ident


def probed(ident: str) -> Root:
    """The root of corpus position ``ident`` after the probe, as :func:`split.solve_shared` finds it."""
    root = Root(FastExpectimax(50_000_000), state_of(ident))
    assert not split.run_probe(root, EXACT_ROUNDS, PROBE)
    return root


def test_the_probe_counts_a_turns_position_as_several_end_game_ones() -> None:
    root = probed("0030")  # its probe replays turns: no end-game question is asked within it
    assert root.search.oracle.expanded == 0 and split.work(root) > PROBE
    # the end is polled every 64 positions: a count of positions alone would have gone on to PROBE
    assert root.search.nodes <= PROBE // split.TURN_WEIGHT + 64 < PROBE


@pytest.mark.parametrize("ident", ONE_OPEN)
def test_one_choice_open_is_shared_out_below_with_the_values_of_one_search(ident: str) -> None:
    shares, below = split._shares(probed(ident))
    assert len(shares) >= 2 and list(below) == [shares[0].choice] and {s.choice for s in shares} == {shares[0].choice}
    combine = below[shares[0].choice]
    assert (combine.odds is None) == (ident in ("0060", "0061"))
    assert combine.odds is None or sum(combine.odds) == 1
    assert_as_one_search(state_of(ident))


@pytest.mark.parametrize("ident", TWO_OPEN)
def test_two_choices_open_are_each_shared_out_below_with_the_values_of_one_search(ident: str) -> None:
    root = probed(ident)
    shares, below = split._shares(root)
    opened = [i for i, (lo, hi) in enumerate(root.bounds) if lo != hi]
    assert len(opened) == 2
    kinds = tuple(None if i not in below else below[i].odds is None for i in opened)
    assert kinds == TWO_OPEN[ident]
    for i in opened:  # a choice split below has a share per option or outcome, one whole has one
        mine = [s for s in shares if s.choice == i]
        if i in below:
            assert len(mine) >= 2 and [s.step for s in mine] == list(range(len(mine)))
        else:
            assert [s.step for s in mine] == [None]
    assert_as_one_search(state_of(ident))


def test_the_choices_open_are_shared_out_whole_when_three_or_more_are() -> None:
    for ident in SHARED:
        shares, below = split._shares(probed(ident))
        assert below == {} and len(shares) >= split.FEW_OPEN and all(s.step is None for s in shares), ident


def test_a_position_settled_within_the_probe_needs_no_worker() -> None:
    state = state_of("0001")  # one tile left: 353 positions
    root = Root(FastExpectimax(50_000_000), state)
    split.solve_shared(root, EXACT_ROUNDS, 2)
    assert root.settled() and split.work(root) < split.PROBE
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


def test_a_request_to_stop_keeps_what_the_workers_done_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[split.Share] = []
    original = split._take

    def take(share: split.Share, *args: Any) -> Any:
        done.append(share)
        return original(share, *args)

    monkeypatch.setattr(split, "_take", take)
    state = state_of("0043")
    exact = alone(state).bounds
    search = FastExpectimax(50_000_000, should_stop=lambda: bool(done), budget=PositionBudget(None),
                            compiled_budget=PositionBudget(None))
    root = Root(search, state)
    with pytest.raises(LimitReached, match="stopped on request"):
        split.solve_shared(root, EXACT_ROUNDS, 1 + len(root.texts), probe=PROBE)  # (one at once would finish them in turn)
    assert done and all(s.step is None for s in done)
    for share in done:
        assert root.bounds[share.choice] == exact[share.choice]
    assert any(lo != hi for lo, hi in root.bounds), "some share was still running when the stop came"
    assert multiprocessing.active_children() == []


def test_a_worker_that_fails_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    original = split.solve_rounds

    def broken(root: Root, **kwargs: Any) -> Root:
        if root.only is not None:  # in a worker
            raise ValueError("a deliberate failure")
        return original(root, **kwargs)

    monkeypatch.setattr(split, "solve_rounds", broken)
    with pytest.raises(RuntimeError, match="Share.* failed: ValueError: a deliberate failure"):
        shared(state_of("0025"), 2)
    assert multiprocessing.active_children() == []


def test_a_worker_below_a_choice_that_fails_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    original = split.solve_rounds

    def broken(root: Root, **kwargs: Any) -> Root:
        if root.below is not None:  # in a worker below a choice
            raise ValueError("a deliberate failure")
        return original(root, **kwargs)

    monkeypatch.setattr(split, "solve_rounds", broken)
    with pytest.raises(RuntimeError, match=r"Share\(choice=\d+, step=0\) .* failed: ValueError: a deliberate failure"):
        shared(state_of("0022"), 2)
    assert multiprocessing.active_children() == []


def test_solve_chance_with_workers_gives_the_labels() -> None:
    for ident in ("0025", "0043"):
        label = INDEX[ident]["expected"]
        sol = solve_chance(state_of(ident), limits=Limits(max_nodes=50_000_000, max_positions=50_000_000), hindsight=False,
                           workers=2)
        assert sol.p_win == Fraction(label["p_win"])
        assert dict(sol.best) == {a: Fraction(p) for a, p in label["choices"].items()}
