"""A GameState pickled in one process is found, in another, in a dict keyed by an equal state.

Ray jobs and spawned workers ship states pickled. A state memoises its hash and
the rules' answers about it (the opened turn, the outcome) in its ``__dict__``;
none of that may travel: the hash of a ``str`` differs between processes.
"""

from __future__ import annotations

import pickle
from pathlib import Path

from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import node_type, opened
from solver.nightcage.rules.outcome import outcome
from tests.hash_seeds import shipped_lookups
from tests.playouts import playout


def memoised_states() -> list[GameState]:
    """Seeded playouts (both boards, turn starts and mid-turn steps), every memo of each state filled."""
    states = [*playout(0, max_steps=80), *playout(1, known_order=False, max_steps=80, setup=Setup(base="five"))]
    for state in states:
        hash(state)
        if outcome(state) is None and state.pending is None:
            opened(state)
        node_type(state)
    return states


def test_a_pickle_holds_the_fields_and_no_memo() -> None:
    state = next(state for state in memoised_states() if "_opened" in state.__dict__)
    assert {"_hash", "_outcome", "_opened"} <= set(state.__dict__)
    shipped = pickle.loads(pickle.dumps(state))
    assert set(shipped.__dict__) == set(GameState.__dataclass_fields__)
    assert shipped == state and hash(shipped) == hash(state) and opened(shipped) == opened(state)


def test_states_pickled_under_one_hash_seed_are_found_under_another(tmp_path: Path) -> None:
    report = shipped_lookups("tests.nightcage.model.test_shipped_states:memoised_states", tmp_path)
    states = report["states"]
    assert isinstance(states, int) and states > 100
    assert report == {"hash_seeds_differ": True, "states": states, "equal": True, "found": states, "found_back": states}
