"""Invariants over seeded random playouts of the advanced and supreme setups, and the engine against the simulator.

The setups: the advanced game (keepers, pit fiends, 4 wax eaters, no key tiles) and the
standard game with the supreme pathless (no omens). Every state of every playout keeps
the invariants of ``tests/nightcage/rules/test_properties.py``; at every turn start the fast simulator
(:mod:`solver.nightcage.sim`) takes the position (it plays every piece but omens), and a recorded
rollout from it replays in the engine decision by decision (``tests/nightcage/sim/test_fastgame.py``).
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from solver.base.errors import NotCovered
from solver.nightcage.model.actions import format_action, sort_key
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind
from solver.nightcage.rules.engine import apply, candidates, chance_outcomes, legal_actions, node_type, outcome
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.validate import consistency_problems
from solver.nightcage.sim.game import Game
from tests.nightcage.rules.test_properties import conserved
from tests.nightcage.sim.test_fastgame import replay_failures
from tests.playouts import playout

ADVANCED = Setup("advanced")
PATHLESS = Setup("standard", supreme=(("pathless", 2),))
SETUPS = {"advanced": ADVANCED, "pathless": PATHLESS}
SEEDS = range(24)
SIM_SEEDS = range(60)


def states_of(setup: Setup, seed: int) -> list[GameState]:
    return list(playout(seed, known_order=seed % 2 == 0, max_steps=250, setup=setup))


def invariant_failures(state: GameState, rng: random.Random) -> list[str]:
    """What one state breaks of the invariants the standard playouts keep."""
    fails = []
    if not conserved(state):
        fails.append("tiles not conserved")
    fails += consistency_problems(state)
    cells = [p.cell for p in state.prisoners if p.cell is not None]
    fails += [f"{state.geo.name(c)} shared off a gate" for c in set(cells) if cells.count(c) > 1 and state.tiles[c].kind is not Kind.GATE]
    kind = node_type(state)
    if state.pending is None and kind != "terminal":
        lit = illuminated(state)
        dark = [c for c, t in enumerate(state.tiles) if t is not None and t.kind is not Kind.KEEPER and not lit >> c & 1]
        fails += [f"{state.geo.name(c)} unlit between turns" for c in dark]
    if kind == "chance":
        outcomes = chance_outcomes(state)
        if sum((p for _, p in outcomes), Fraction(0)) != 1 or any(p <= 0 for _, p in outcomes):
            fails.append("chance probabilities do not sum to one")
    elif kind == "decision":
        actions = legal_actions(state)
        texts = [format_action(a, state.size) for a in actions]
        if len(set(texts)) != len(texts) or actions != sorted(actions, key=lambda a: sort_key(a, state.size)):
            fails.append("legal actions not sorted and unique")
        if any(reason is not None for a, reason in candidates(state) if a in actions):
            fails.append("a legal action has a refusal reason")
        before = copy.deepcopy(state)
        apply(state, rng.choice(actions))
        if state != before:
            fails.append("apply mutated its state")
    return fails


@pytest.mark.parametrize("name", sorted(SETUPS))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_invariant(name: str, seed: int) -> None:
    rng = random.Random(seed)
    seen_pieces = set()
    for i, state in enumerate(states_of(SETUPS[name], seed)):
        fails = invariant_failures(state, rng)
        assert not fails, f"{name} seed {seed}, state {i}: {fails}"
        seen_pieces |= {t.kind for t in state.tiles if t is not None}
    assert Kind.PIT in seen_pieces


def test_the_playouts_meet_the_advanced_pieces() -> None:
    """The playouts are not vacuous: keepers, pathless and pit fiends' pits all appear on the board."""
    kinds: Counter[str] = Counter()
    for name, setup in SETUPS.items():
        for seed in SEEDS:
            for state in states_of(setup, seed):
                kinds.update(f"{name}:{t.kind.value}" for t in state.tiles if t is not None and t.kind in (Kind.KEEPER, Kind.PATHLESS))
                kinds.update(f"{name}:pit_fiend" for t in state.tiles if t is not None and t.kind is Kind.PIT and str(t.was) == "pit_fiend")
    assert kinds["advanced:keeper"] > 0 and kinds["advanced:pit_fiend"] > 0 and kinds["pathless:pathless"] > 0, kinds


def handed_back(setup: Setup, seeds: range) -> tuple[Counter[str], list[str], int]:
    """Over the turn starts of seeded engine playouts: the simulator's refusals by reason,
    the engine's disagreements with its recorded rollouts, and how many starts it took."""
    reasons: Counter[str] = Counter()
    failures: list[str] = []
    taken = 0
    for seed in seeds:
        for state in states_of(setup, seed)[::3]:
            if state.pending is not None or outcome(state) is not None:
                continue
            try:
                Game(state)
            except NotCovered as exc:
                reasons[re.sub(r"^[a-g][1-7]: ", "", str(exc))] += 1
                continue
            taken += 1
            failures += [f"seed {seed}: {f}" for f in replay_failures(state, "random", range(1))]
    return reasons, failures, taken


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_engine_and_simulator_agree_where_the_simulator_plays(name: str) -> None:
    """The simulator plays keepers, pit fiends and the pathless: it takes every turn start of
    these setups (they hold no omens), and every one replays in the engine."""
    reasons, failures, taken = handed_back(SETUPS[name], SIM_SEEDS)
    assert not failures, "\n".join(failures)
    assert not reasons, f"the simulator hands back: {dict(reasons)}"
    assert taken >= 300, f"only {taken} turn starts compared"


def test_the_invariant_check_sees_a_broken_state() -> None:
    """A tile added to the board by hand breaks the tile count and is lit by no one."""
    def plain(t: object) -> bool:
        return t is not None and t.kind is not Kind.KEEPER  # type: ignore[attr-defined]

    state = next(s for s in states_of(ADVANCED, 0) if s.pending is None and node_type(s) == "decision" and any(map(plain, s.tiles)))
    empty = next(c for c, t in enumerate(state.tiles) if t is None and not illuminated(state) >> c & 1)
    tile = next(t for t in state.tiles if plain(t))
    broken = replace(state, tiles=state.tiles[:empty] + (tile,) + state.tiles[empty + 1 :])
    fails = invariant_failures(broken, random.Random(0))
    assert "tiles not conserved" in fails and f"{state.geo.name(empty)} unlit between turns" in fails
