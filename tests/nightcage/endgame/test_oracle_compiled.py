"""The end-game oracle's compiled depth-first search (``kernel/csrc/oracle.c``) against its Python one.

:class:`solver.nightcage.endgame.oracle.EndgameOracle` asks the compiled search when the compiled
kernel runs (``compiled=True``, the default) and its Python loop otherwise (the reference). Both
must answer every question the same, remember the same number of positions and expand as many
(the compiled one walks the same children in the same order), stop on the same limits with the
same reasons, and say the same of what they remember (:meth:`~EndgameOracle.known`).
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from solver.base.errors import LimitReached
from solver.base.limits import PositionBudget
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.kernel import compiled
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.outcome import outcome
from tests.nightcage.endgame.advanced_samples import sample_advanced
from tests.paths import ROOT

built = pytest.mark.skipif(compiled._compiled is None or eg.KERNEL != compiled.COMPILED,
                           reason="the compiled kernel was not built (no C compiler at install) or is switched off")


@cache
def questions() -> tuple[GameState, ...]:
    """The easy and advanced corpora, three hard positions, and sampled positions with keepers."""
    out = []
    for corpus in ("", "advanced"):
        folder = ROOT / "benchmarks" / "endgames" / corpus
        out += [load_path(folder / row["file"])[0].state for row in json.loads((folder / "index.json").read_text())]
    out += [load_path(ROOT / "benchmarks" / "endgames" / "hard" / f"{i:04d}.json")[0].state for i in (96, 69, 141)]
    out += [sample_advanced(random.Random(seed)) for seed in range(40)]
    return tuple(out)


@built
def test_the_same_answers_memory_and_effort_with_one_oracle_for_all() -> None:
    answers = {}
    for flag in (True, False):
        oracle = EndgameOracle(compiled=flag)
        answers[flag] = ([oracle.wins(s) for s in questions()], oracle.remembered(), oracle.expanded)
    assert answers[True] == answers[False]
    wins = sum(answers[True][0])
    assert 100 < wins < len(questions()) - 50, "wins and losses both"


@built
def test_what_each_remembers_is_the_same() -> None:
    pairs = (EndgameOracle(compiled=True), EndgameOracle(compiled=False))
    for state in questions()[::5]:
        for oracle in pairs:
            oracle.wins(state)
    for state in questions()[::5]:
        if any(t is not None and t.dirge for t in state.tiles):
            continue  # the Dirge's pit: not a kernel position
        k = eg.from_state(state)
        for after, _ in eg.successors(k, include_losses=False):
            assert pairs[0].known(after) == pairs[1].known(after)
    live = next(s for s in questions()[::5] if outcome(s) is None)
    assert pairs[0].known(eg.from_state(live)) in ("win", "lose"), "a question asked is remembered"


@built
@pytest.mark.parametrize("flag", (True, False))
def test_the_limits_end_a_question_with_the_same_reasons(flag: bool) -> None:
    hard = load_path(ROOT / "benchmarks" / "endgames" / "hard" / "0002.json")[0].state  # a loss of 2 * 10^5 positions
    with pytest.raises(LimitReached, match="more than 500 end-game positions"):
        EndgameOracle(max_nodes=500, compiled=flag).wins(hard)
    with pytest.raises(LimitReached, match="memory budget"):
        EndgameOracle(budget=PositionBudget(50), compiled=flag).wins(hard)
    with pytest.raises(LimitReached, match="the time limit was reached"):
        EndgameOracle(compiled=flag).wins(hard, deadline=0.0)
    with pytest.raises(LimitReached, match="stopped on request"):
        EndgameOracle(should_stop=lambda: True, compiled=flag).wins(hard)


@built
def test_forget_empties_both_memories() -> None:
    oracle = EndgameOracle()
    assert oracle.compiled is not None
    live = next(s for s in questions() if outcome(s) is None)
    oracle.wins(live)
    assert oracle.remembered() > 0
    oracle.forget()
    assert oracle.remembered() == 0 and oracle.known(eg.from_state(live)) is None
