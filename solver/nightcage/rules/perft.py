"""Perft: count the paths of a given length through the game tree (a rules-engine regression check).

Every decision action and every chance outcome is one ply. ``divide`` gives
the count below each first ply, to find where two engines disagree.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> import random
>>> perft(new_game(Setup(), rng=random.Random(1)), 1)
144
"""

from __future__ import annotations

from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type


def children(state: GameState) -> list[tuple[str, GameState]]:
    """Each ply from ``state``: ``(action text, resulting state)``."""
    kind = node_type(state)
    if kind == "terminal":
        return []
    actions = [a for a, _ in chance_outcomes(state)] if kind == "chance" else legal_actions(state)
    return [(format_action(a, state.size), apply(state, a)[0]) for a in actions]


def perft(state: GameState, depth: int) -> int:
    """Number of paths of ``depth`` plies (a terminal position ends a path early and counts 0)."""
    if depth == 0:
        return 1
    return sum(perft(child, depth - 1) for _, child in children(state))


def divide(state: GameState, depth: int) -> dict[str, int]:
    """Perft below each first ply."""
    return {text: perft(child, depth - 1) for text, child in children(state)}
