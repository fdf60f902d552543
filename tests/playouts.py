"""Seeded random playouts from the standard setup, shared by the property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from solver.engine import apply, chance_outcomes, legal_actions, node_type
from solver.newgame import new_game
from solver.setups import Setup
from solver.state import GameState


def random_step(state: GameState, rng: random.Random) -> GameState:
    """One random legal action, or one draw weighted by its probability."""
    if node_type(state) == "chance":
        outcomes = chance_outcomes(state)
        action = rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
    else:
        action = rng.choice(legal_actions(state))
    return apply(state, action)[0]


def playout(seed: int, known_order: bool = True, max_steps: int = 400, setup: Setup | None = None) -> Iterator[GameState]:
    """Every state of one random game (the start included), until it ends or ``max_steps``."""
    rng = random.Random(seed)
    state = new_game(setup or Setup(), rng=random.Random(seed) if known_order else None)
    yield state
    for _ in range(max_steps):
        if node_type(state) == "terminal":
            return
        state = random_step(state, rng)
        yield state
