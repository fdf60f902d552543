"""More Nerve never hurts (``solver/nightcage/endgame/nerve_order.py``), checked against the exact search.

The end-game oracle lets a position proven lost answer for those with less Nerve, and one proven won
for those with more. The claim comes from the rules (docs/planners.md); here the optimal search,
which knows nothing of it, judges positions of the end-game corpora and their variants with one
prisoner's Nerve raised or lowered: a win never turns into a loss with more Nerve, and the oracle,
asked about every variant with one memory for all, answers as the search does (and as the
oracle without the order, ``nerve_order=False``, which expands more).
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.outcome import outcome
from tests.paths import ROOT


@cache
def positions() -> tuple[GameState, ...]:
    """Kernel positions of the easy and advanced corpora, still open."""
    out = []
    for corpus in ("", "advanced"):
        folder = ROOT / "benchmarks" / "endgames" / corpus
        for row in json.loads((folder / "index.json").read_text())[:60]:
            state = load_path(folder / row["file"])[0].state
            if outcome(state) is None and not any(t is not None and t.dirge for t in state.tiles):
                out.append(state)
    return tuple(out)


def with_nerve(state: GameState, index: int, nerve: int) -> GameState:
    prisoners = list(state.prisoners)
    prisoners[index] = prisoners[index]._replace(nerve=nerve)
    return dataclasses.replace(state, prisoners=tuple(prisoners))


@cache
def pairs() -> tuple[tuple[GameState, GameState], ...]:
    """(less, more): a position and itself with one prisoner's Nerve one higher (0 to 2)."""
    out = []
    for state in positions():
        for i, p in enumerate(state.prisoners):
            if p.nerve < 2:
                out.append((state, with_nerve(state, i, p.nerve + 1)))
            if p.nerve > 0:
                out.append((with_nerve(state, i, p.nerve - 1), state))
    return tuple(out)


@cache
def verdict(state: GameState) -> bool:
    sol = solve(state)
    assert sol.verdict in ("win", "lose"), sol.reason
    return sol.verdict == "win"


def test_more_nerve_never_turns_a_win_into_a_loss() -> None:
    assert len(pairs()) > 200
    for less, more in pairs():
        assert not (verdict(less) and not verdict(more))
    changed = sum(verdict(less) != verdict(more) for less, more in pairs())
    assert changed > 15, "Nerve decides some of these positions: the check is not empty"


def test_the_oracle_answers_every_variant_as_the_search_does() -> None:
    expanded, covered_by = {}, {}
    for compiled, ordered in ((True, True), (False, True), (False, False)):
        oracle = EndgameOracle(compiled=compiled, nerve_order=ordered)
        asked: set[GameState] = set()
        covered = 0
        for less, more in pairs():
            for state in (more, less):
                if state not in asked and oracle.known(eg.from_state(state)) is not None:
                    covered += 1  # never asked, yet answered from what was proven before
                assert oracle.wins(state) == verdict(state)
                asked.add(state)
        expanded[compiled, ordered], covered_by[compiled, ordered] = oracle.expanded, covered
    assert covered_by[True, True] == covered_by[False, True] > 100 + covered_by[False, False], \
        "the memory answers for positions with other Nerve"
    assert expanded[True, True] == expanded[False, True] < expanded[False, False]
