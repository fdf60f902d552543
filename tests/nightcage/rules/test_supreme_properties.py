"""Invariants over seeded random playouts of the supreme setups, omens and the Dirge included.

The setups: the standard game and the advanced game, each with both supreme monsters
(2 pathless and 2 omens). Every state of every playout keeps the invariants of
``tests/nightcage/rules/test_advanced_properties.py`` (its helper is reused), and those of the omens:
no more than 2 revealed, at most one Dirge on the board, its nine cells always in the
shape RULING-DIRGE-SHAPE gives (turned, wholly inside the board), and gone as a whole
once none of it is lit. The one invariant read differently: between turns, an unlit
cell of the Dirge's pit stays while another of its cells is lit (it leaves the board
whole). The playouts must really meet the Dirge: they are counted, and none would be
a vacuous test. At turn starts of the playouts, the fast simulator (:mod:`solver.nightcage.sim`)
takes the position and its recorded rollouts, omens and the Dirge included, replay in
the engine decision by decision (``tests/nightcage/sim/test_fastgame.py``).
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from solver.base.errors import NotCovered
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TileType
from solver.nightcage.rules.engine import node_type, outcome
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.omens import shape_variants
from solver.nightcage.sim.game import Game
from tests.nightcage.rules.test_advanced_properties import invariant_failures
from tests.nightcage.sim.test_fastgame import POLICIES, mismatch
from tests.playouts import playout

SUPREME = (("pathless", 2), ("omens", 2))
SETUPS = {"standard+supreme": Setup("standard", supreme=SUPREME), "advanced+supreme": Setup("advanced", supreme=SUPREME)}
SEEDS = range(20)


def states_of(setup: Setup, seed: int) -> list[GameState]:
    return list(playout(seed, known_order=seed % 2 == 0, max_steps=250, setup=setup))


def dirge_cells(state: GameState) -> list[Cell]:
    return [c for c, t in enumerate(state.tiles) if t is not None and t.dirge]


def is_dirge_shape(state: GameState, cells: list[Cell]) -> bool:
    """Nine cells forming one of the Dirge's orientations, not wrapping round the board."""
    points = [(c % state.size, c // state.size) for c in cells]
    mx, my = min(x for x, _ in points), min(y for _, y in points)
    placed = tuple(sorted((x - mx, y - my) for x, y in points))
    return placed in shape_variants(state.rulings.dirge_shape)


def supreme_failures(state: GameState, rng: random.Random) -> list[str]:
    """The advanced invariants, the Dirge's pit read as one piece, and the omens' own."""
    fails = invariant_failures(state, rng)
    cells = dirge_cells(state)
    if cells and state.pending is None and node_type(state) != "terminal":
        lit = illuminated(state)
        dirge_names = {f"{state.geo.name(c)} unlit between turns" for c in cells}
        if any(lit >> c & 1 for c in cells):
            fails = [f for f in fails if f not in dirge_names]  # part of it is lit: it stays whole
        else:
            fails.append("the Dirge's pit is unlit as a whole between turns and still on the board")
    return fails + omen_failures(state)


def omen_failures(state: GameState) -> list[str]:
    """What one state breaks of the omens' invariants."""
    fails = []
    if not 0 <= state.omens <= 2:
        fails.append(f"{state.omens} omens revealed")
    cells = dirge_cells(state)
    if cells and len(cells) != 9:
        fails.append(f"the Dirge covers {len(cells)} cells, not 9 (more than one, or part of one)")
    elif cells and not is_dirge_shape(state, cells):
        fails.append(f"the Dirge's cells {[state.geo.name(c) for c in cells]} do not form its shape")
    if cells and state.omens != 2:
        fails.append(f"the Dirge is on the board with {state.omens} omen(s) revealed")
    return fails


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_supreme_games_keep_every_invariant(name: str, seed: int) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(states_of(SETUPS[name], seed)):
        fails = supreme_failures(state, rng)
        assert not fails, f"{name} seed {seed}, state {i}: {fails}"


def test_the_playouts_meet_the_omens_and_the_dirge() -> None:
    """Not vacuous: in each setup some playouts reveal an omen and some lay the Dirge."""
    met: Counter[str] = Counter()
    for name, setup in SETUPS.items():
        for seed in SEEDS:
            states = states_of(setup, seed)
            met[f"{name}:omen"] += any(s.omens for s in states)
            met[f"{name}:dirge"] += any(dirge_cells(s) for s in states)
    assert all(met[f"{name}:{what}"] > 0 for name in SETUPS for what in ("omen", "dirge")), met


def test_the_omen_check_sees_a_broken_dirge() -> None:
    """A Dirge with one cell moved out of its shape, or a third omen, is caught."""
    state = next(s for seed in SEEDS for s in states_of(SETUPS["standard+supreme"], seed) if dirge_cells(s))
    cells = dirge_cells(state)
    free = next(c for c, t in enumerate(state.tiles) if t is None and all(abs(c % state.size - d % state.size) > 1 for d in cells))
    tiles = list(state.tiles)
    tiles[free], tiles[cells[0]] = tiles[cells[0]], None
    broken = state.evolve(tiles=tuple(tiles), omens=3)
    fails = omen_failures(broken)
    assert any("do not form its shape" in f for f in fails) and "3 omens revealed" in fails, fails


# -- the engine against the simulator ---------------------------------------------------------------


def compared(setup: Setup, seeds: range) -> tuple[Counter[str], list[str], Counter[str]]:
    """Over the turn starts of seeded engine playouts: the simulator's refusals by reason, the
    engine's disagreements with the recorded rollouts from them, and what the comparisons met
    (starts with an omen in the pile, with omens revealed, with the Dirge on the board, and
    rollouts that laid the Dirge)."""
    reasons: Counter[str] = Counter()
    failures: list[str] = []
    met: Counter[str] = Counter()
    for seed in seeds:
        for k, state in enumerate(states_of(setup, seed)):
            if state.pending is not None or outcome(state) is not None:
                continue
            dirge = bool(dirge_cells(state))
            if k % 3 and not dirge:
                continue  # every third turn start, and every one with the Dirge on the board
            try:
                game = Game(state)
            except NotCovered as exc:
                reasons[re.sub(r"^[a-g][1-7]: ", "", str(exc))] += 1
                continue
            met["starts"] += 1
            met["omen in the pile"] += state.pile.count_of(TileType.OMEN) > 0
            met["omens revealed"] += state.omens > 0
            met["dirge on the board"] += dirge
            for policy in sorted(POLICIES):
                r = game.rollout(POLICIES[policy](random.Random(seed)), random.Random(seed + 1000), record=True)
                assert r.record is not None
                met["rollouts laying the dirge"] += any(d.kind == "dirge" for d in r.record.decisions)
                problem = mismatch(r.record, r.result)
                if problem:
                    failures.append(f"seed {seed}, turn start {k}, {policy}: {problem}")
    return reasons, failures, met


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_engine_and_simulator_agree_with_omens_and_the_dirge(name: str) -> None:
    """The simulator takes every turn start of the supreme setups (omens in the pile, omens
    revealed, the Dirge on the board) and its rollouts from them, Dirge laid, replay in the engine."""
    reasons, failures, met = compared(SETUPS[name], SEEDS)
    assert not failures, "\n".join(failures)
    assert not reasons, f"the simulator hands back: {dict(reasons)}"
    assert met["omen in the pile"] >= 100 and met["omens revealed"] >= 30, met
    assert met["dirge on the board"] >= 3 and met["rollouts laying the dirge"] >= 10, met
