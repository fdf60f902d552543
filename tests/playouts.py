"""Seeded random playouts from the standard setup, shared by the property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type
from tests.paths import DATA


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


EXAMPLE = DATA / "format_example.json"
SAMPLE_SETUPS = (Setup(), Setup(base="five"), Setup(base="advanced", supreme=(("pathless", 2),)))


def example_state() -> GameState:
    """The example position of position-format.md."""
    from solver.nightcage.notation.position_json import loads

    return loads(EXAMPLE.read_text())[0].state


@cache
def sample_states() -> tuple[GameState, ...]:
    """The example and seeded random positions: both sizes, advanced pieces, known and unknown piles."""
    states = [example_state()]
    for seed in range(4):
        for setup in SAMPLE_SETUPS:
            states.extend(playout(seed, known_order=seed % 2 == 0, max_steps=300, setup=setup))
    return tuple(states)
