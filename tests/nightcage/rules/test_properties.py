"""Invariants over seeded random playouts from the standard setup (OpenSpiel-style random sim tests)."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.nightcage.model import counts
from solver.nightcage.model.actions import format_action, sort_key
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.tiles import Kind
from solver.nightcage.rules.engine import apply, candidates, chance_outcomes, legal_actions, node_type
from solver.nightcage.rules.validate import consistency_problems
from tests.playouts import playout

SEEDS = range(12)


def conserved(state) -> bool:
    """Board + pile + discard + tiles in hand = the setup's totals."""
    have = counts.add(counts.add(state.board_counts(), state.pile.contents), counts.add(state.discarded, state.in_hand_counts()))
    return have == state.setup.totals()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("known", [True, False])
def test_tiles_are_conserved_and_positions_stay_valid(seed: int, known: bool) -> None:
    for state in playout(seed, known):
        assert conserved(state)
        assert consistency_problems(state) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_no_two_prisoners_share_a_tile_other_than_a_gate(seed: int) -> None:
    for state in playout(seed):
        cells = [p.cell for p in state.prisoners if p.cell is not None]
        for cell in set(cells):
            if cells.count(cell) > 1:
                assert state.tiles[cell].kind is Kind.GATE


@pytest.mark.parametrize("seed", SEEDS)
def test_every_tile_is_lit_between_turns(seed: int) -> None:
    from solver.nightcage.rules.lighting import illuminated

    boundaries = 0
    for state in playout(seed):
        if state.pending is None and node_type(state) != "terminal":
            boundaries += 1
            lit = illuminated(state)
            assert all(lit >> c & 1 for c, t in enumerate(state.tiles) if t is not None)
    assert boundaries > 4


@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_are_sorted_unique_and_apply_does_not_mutate(seed: int) -> None:
    rng = random.Random(seed)
    for state in playout(seed, known_order=seed % 2 == 0):
        if node_type(state) != "decision":
            continue
        actions = legal_actions(state)
        texts = [format_action(a, state.size) for a in actions]
        assert len(set(texts)) == len(texts)
        assert actions == sorted(actions, key=lambda a: sort_key(a, state.size))
        assert all(reason is None for a, reason in candidates(state) if a in actions)
        before = copy.deepcopy(state)
        apply(state, rng.choice(actions))
        assert state == before and hash(state) == hash(before)


@pytest.mark.parametrize("seed", SEEDS)
def test_chance_probabilities_sum_to_one(seed: int) -> None:
    seen = 0
    for state in playout(seed, known_order=False):
        if node_type(state) == "chance":
            outcomes = chance_outcomes(state)
            assert sum((p for _, p in outcomes), Fraction(0)) == 1
            assert all(p > 0 for _, p in outcomes)
            seen += 1
    assert seen > 0


def test_known_order_games_have_no_chance_nodes() -> None:
    for seed in SEEDS:
        assert all(node_type(s) != "chance" for s in playout(seed, known_order=True))


SETUPS = [
    Setup(),
    Setup("five"),
    Setup("advanced"),
    Setup("advanced-five"),
    Setup("standard", difficulty=(("keys", 2), ("cracked_t", True)), supreme=(("pathless", 3),)),
    Setup("advanced", difficulty=(("pit_fiends", 1), ("gates", -1)), supreme=(("pathless", 2),)),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), setup=st.sampled_from(SETUPS))
def test_random_games_keep_every_invariant(seed: int, setup: Setup) -> None:
    for state in playout(seed, known_order=seed % 3 != 0, max_steps=300, setup=setup):
        assert conserved(state)
        assert consistency_problems(state) == []
