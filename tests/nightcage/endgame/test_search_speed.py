"""The search's speed-ups (issue 15) change no answer: each is switched off or checked against a plain version.

* Eager bounds (``solve(eager_bounds=False)`` is the lazy search): end-game
  children bounded as they are generated, dead ends dropped there.
* Bounds cached per board (:mod:`solver.nightcage.endgame.bounds`): the bound and the
  reach of a position, with the cache warm from many other positions, equal
  their values computed from nothing.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from solver.nightcage.endgame import bounds
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.testing.endgame import sample_position
from tests.paths import ROOT

ENDGAMES = ROOT / "benchmarks" / "endgames"


@cache
def sampled(count: int = 30) -> tuple[GameState, ...]:
    return tuple(sample_position(random.Random(1000 + seed)) for seed in range(count))


@cache
def corpus_sample() -> tuple[GameState, ...]:
    """Every 8th position of the easy corpus with at most 12 tiles (the larger ones take longer)."""
    rows = json.loads((ENDGAMES / "index.json").read_text())
    return tuple([load_path(ENDGAMES / row["file"])[0].state for row in rows if row["tiles"] <= 12][::8])


def answer(sol):
    return sol.verdict, sol.turns, sol.nerve_spent


@pytest.mark.parametrize("objective", ["turns", "nerve"])
def test_eager_bounds_change_no_answer(objective: str) -> None:
    states = sampled() + corpus_sample()
    wins = 0
    for state in states:
        eager = solve(state, objective=objective)
        assert answer(eager) == answer(solve(state, objective=objective, eager_bounds=False))
        wins += eager.verdict == "win"
    assert wins >= 10 and len(states) - wins >= 10


def _positions() -> list[eg.K]:
    """Corpus and sampled positions and every result of one turn from them (many boards, few repeated)."""
    out = []
    for state in corpus_sample() + sampled():
        k = eg.from_state(state)
        out.append(k)
        out.extend(child for child, _ in eg.successors(k, include_losses=False))
    return out


def _reach_from_nothing(k: eg.K) -> int:
    """Reach by one breadth-first search from every standing prisoner at once, with no cache."""
    b = k[eg.PRESENT : eg.PRISONERS]
    walk = b[eg.B_PRESENT] & ~b[eg.B_PIT]
    reached = 0
    for p in k[eg.PRISONERS :]:
        if p & eg.POS < eg.FALLEN:
            reached |= 1 << (p & eg.POS)
    frontier = reached
    while frontier:
        frontier = bounds._step(k[eg.CTX], b, frontier, walk & ~reached)
        reached |= frontier
    return reached


def test_bounds_cached_per_board_equal_the_bounds_from_nothing() -> None:
    positions = _positions()
    assert len(positions) >= 500
    warm = [(bounds.turns_needed(k), bounds.reach(k), bounds.canonical(k)) for k in positions]
    finite = 0
    for k, (needed, reach, key) in zip(positions, warm, strict=True):
        bounds._BOARDS.clear()
        assert bounds.turns_needed(k) == needed
        bounds._BOARDS.clear()
        assert bounds.canonical(k) == key
        assert reach == _reach_from_nothing(k)
        finite += needed < bounds.INFINITE
    assert finite >= 50 and len(positions) - finite >= 50


def test_the_canonical_key_with_a_memo_of_board_parts_is_the_key_without() -> None:
    """One memo shared by every position (several boards and contexts): the key is the same."""
    positions = _positions()
    memo: dict[tuple[object, ...], tuple[object, ...]] = {}
    for k in positions:
        assert bounds.canonical(k, memo) == bounds.canonical(k)
    for k in positions:  # the memo full: every board part now comes from it
        assert bounds.canonical(k, memo) == bounds.canonical(k)
    assert len(memo) < len(positions)  # places shared under other Nerve, candles or keys: it is reused
    assert len({k[eg.CTX] for k in positions}) > 1


def test_the_board_cache_tells_apart_boards_that_differ_only_in_gates() -> None:
    """Same tiles and openings, the gates gone: the cached distances must not be reused."""
    checked = 0
    for k in _positions():
        if bounds.turns_needed(k) >= bounds.INFINITE:
            continue
        gateless = k[: eg.GATE] + (0,) + k[eg.GATE + 1 :]
        assert bounds.turns_needed(gateless) == bounds.INFINITE
        assert bounds.turns_needed(k) < bounds.INFINITE
        checked += 1
    assert checked >= 50
