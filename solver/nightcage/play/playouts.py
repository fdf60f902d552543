"""Playouts: one game played from a position to its end by a policy, seeded.

The fast simulator (:mod:`solver.nightcage.sim.game`) plays from turn starts with the
standard pieces. A position in the middle of a turn is first played to the
end of that turn through the rules engine (uniform choices, draws by their
exact odds), and positions the simulator does not cover (keepers, pit fiends,
pathless) are played wholly through the engine with uniform choices, which
is slower and weaker; :attr:`Playouts.how` says which.
"""

from __future__ import annotations

import random
from typing import Any

from solver.base.errors import NotCovered
from solver.nightcage.bot.policy import BotPolicy
from solver.nightcage.bot.search import make_search_bot
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, apply_unchecked, chance_outcomes, legal_actions, node_type
from solver.nightcage.rules.outcome import outcome
from solver.nightcage.sim.game import Game
from solver.nightcage.sim.policies import GreedyPolicy, RandomPolicy

POLICIES = ("greedy", "random", "bot", "classic")
"""``bot``: the search bot (:class:`solver.nightcage.bot.search.SearchBot`); ``classic``: the bot before it
(:class:`solver.nightcage.bot.policy.BotPolicy`), kept as the benchmark's baseline."""

ENGINE_STEP_LIMIT = 20_000
"""Actions an engine playout may take (a game of the standard setup takes a few hundred)."""


def make_policy(name: str, rng: random.Random, start: GameState | None = None) -> Any:
    """A fast-simulator policy by name, drawing its tie-breaks from ``rng``.

    ``start`` tells the bots the game's names, setup and pile layers.
    """
    if name == "random":
        return RandomPolicy(rng)
    if name == "greedy":
        return GreedyPolicy(rng)
    if name == "bot":
        return make_search_bot(rng, start)
    if name == "classic":
        return BotPolicy(rng, start)
    raise ValueError(f"unknown policy {name!r}: expected one of {', '.join(POLICIES)}")


def playout_rng(seed: int, index: int, stream: str = "playout") -> random.Random:
    """The random source of playout ``index``: independent of how playouts are split among workers."""
    return random.Random(f"lueur:{stream}:{seed}:{index}")


class Playouts:
    """Playouts from one position, compiled once."""

    def __init__(self, state: GameState, policy: str = "greedy") -> None:
        self.state = state
        self.policy = policy
        self.game: Any = None
        self.how = f"{policy} policy (fast simulator)"
        if state.pending is not None:
            self.how = f"rest of this turn uniformly at random, then the {policy} policy (fast simulator)"
        try:
            if state.pending is None:
                self.game = Game(state)
            else:  # try one end of this turn: the pieces and rulings decide, not the draws
                ended = finish_turn(state, random.Random(0))
                if outcome(ended) is None:
                    Game(ended)
        except NotCovered as exc:
            self.how = f"uniform random choices through the rules engine (the fast simulator does not cover this position: {exc})"
            self.unsupported = True
        else:
            self.unsupported = False

    def win(self, rng: random.Random) -> bool:
        """Play one game to its end; whether the group escaped."""
        state = self.state
        if self.unsupported:
            return engine_playout(state, rng)
        game = self.game
        if game is None:
            state = finish_turn(state, rng)
            over = outcome(state)
            if over is not None:
                return over.result == "win"
            try:
                game = Game(state)
            except NotCovered as exc:  # this end of the turn holds what the simulator lacks
                # Per playout, not for the rest: a playout's result must not depend on the ones before it.
                self.how = (
                    f"rest of this turn uniformly at random, then the {self.policy} policy, "
                    f"or uniform choices through the engine where the fast simulator cannot go ({exc})"
                )
                return engine_playout(state, rng)
        result, _ = game.play(make_policy(self.policy, rng, state), rng)
        return result == "win"


def _step(state: GameState, rng: random.Random) -> GameState:
    if node_type(state) == "chance":
        outcomes = chance_outcomes(state)
        pick = rng.random()
        for action, p in outcomes:  # noqa: B007 (the action drawn is applied after the loop)
            pick -= float(p)
            if pick < 0:
                break
        return apply(state, action)[0]  # draws go through apply: it resolves chance steps
    actions = legal_actions(state)
    return apply_unchecked(state, actions[int(rng.random() * len(actions))])[0]


def finish_turn(state: GameState, rng: random.Random) -> GameState:
    """Play the rest of the current turn through the engine, uniformly at random."""
    steps = 0
    while state.pending is not None and outcome(state) is None:
        state = _step(state, rng)
        steps += 1
        if steps > ENGINE_STEP_LIMIT:
            raise RuntimeError("a turn did not end within the step limit")
    return state


def engine_playout(state: GameState, rng: random.Random) -> bool:
    """A whole game through the rules engine with uniform choices (any position)."""
    for _ in range(ENGINE_STEP_LIMIT):
        over = outcome(state)
        if over is not None:
            return over.result == "win"
        state = _step(state, rng)
    return False  # a game this long is a loop of choices: counted as not escaped


__all__ = ["POLICIES", "Playouts", "engine_playout", "finish_turn", "make_policy", "playout_rng"]
