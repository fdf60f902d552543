"""Whole seeded games from a standard setup, played by a policy (for ``lueur play`` and the benchmark).

A game's seed fixes everything: the pile's order (each layer shuffled with
``Random("pile-<seed>")``) and the policy's randomness (``Random("policy-<seed>")``),
so the same seed and policy give the same game. The pile order is shared by
every policy, which makes their results on one seed comparable.

>>> game = play_game(3, policy="greedy")
>>> game.result in ("win", "lose"), len(game.actions) > 10
(True, True)
>>> play_game(3, policy="greedy").actions == game.actions
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from solver.base.errors import LueurError
from solver.nightcage.bot.policy import DEFAULT_SAMPLES, BotPolicy
from solver.nightcage.bot.search import make_search_bot
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.play.playouts import POLICIES
from solver.nightcage.sim.game import Game, Record
from solver.nightcage.sim.policies import GreedyPolicy, RandomPolicy
from solver.nightcage.sim.sim import Sim

RECORD_FORMAT = "lueur-game/1"
MAX_TURNS = 1_000
"""A standard game takes about 20 to 60 turns; nothing in the rules forces one to end
(a group may walk in circles without drawing), so a game is cut off here."""


class Unfinished(LueurError):
    """The game did not end within :data:`MAX_TURNS` turns."""


@dataclass(frozen=True)
class BotOptions:
    """The settings of both bots, ``bot`` and ``classic``.

    ``samples``: for ``bot`` (:class:`solver.nightcage.bot.search.SearchBot`) the pile orders per
    branch of the next draw; for ``classic`` (:class:`solver.nightcage.bot.policy.BotPolicy`) the pile
    orders per option. None: the bot's own default.
    """

    samples: int | None = None
    time_limit: float | None = None
    exact_tiles: int | None = None
    """``bot``: the exact chance search at turns starting with this many tiles left or fewer (0: never)."""
    exact_nodes: int | None = None
    """``bot``: its positions per decision."""
    endgame_nodes: int | None = None
    """``bot``: the end-game oracle's positions per Final Flickers turn start."""


@dataclass(frozen=True)
class PlayedGame:
    seed: int
    policy: str
    prisoners: int
    result: str
    """``"win"`` or ``"lose"``."""
    turns: int
    decisions: int
    """Decisions the policy was asked (those with a single option are not asked)."""
    thinking: float
    """Seconds the policy spent choosing."""
    record: Record | None

    @property
    def start(self) -> GameState:
        assert self.record is not None
        return self.record.start

    @property
    def actions(self) -> tuple[str, ...]:
        assert self.record is not None
        return self.record.actions


def standard_setup(prisoners: int) -> Setup:
    if prisoners not in (4, 5):
        raise ValueError("the standard setups have 4 or 5 prisoners")
    return Setup(base="standard" if prisoners == 4 else "five")


def make_policy(name: str, rng: random.Random, start: GameState, bot: BotOptions = BotOptions()) -> Any:
    """A policy by name; ``start`` is the new game with its pile still shuffled (the bot's view)."""
    if name == "random":
        return RandomPolicy(rng)
    if name == "greedy":
        return GreedyPolicy(rng)
    if name == "bot":
        return make_search_bot(rng, start, samples=bot.samples, time_limit=bot.time_limit, exact_tiles=bot.exact_tiles,
                               exact_nodes=bot.exact_nodes, endgame_nodes=bot.endgame_nodes)
    if name == "classic":
        samples = DEFAULT_SAMPLES if bot.samples is None else bot.samples
        return BotPolicy(rng, start, samples=samples, time_limit=bot.time_limit)
    raise ValueError(f"unknown policy {name!r} (one of {', '.join(POLICIES)})")


class Timed:
    """Counts a policy's decisions and the time it takes over them."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.calls = 0
        self.seconds = 0.0
        self.turn_starting = getattr(policy, "turn_starting", None)
        """The policy's own, passed on (see :attr:`solver.nightcage.sim.sim.Sim.on_turn`)."""

    def choose(self, sim: Sim, kind: str, options: list[Any]) -> int:
        started = time.perf_counter()
        try:
            return self.policy.choose(sim, kind, options)
        finally:
            self.seconds += time.perf_counter() - started
            self.calls += 1


def play_game(seed: int, prisoners: int = 4, policy: str = "bot", bot: BotOptions = BotOptions(), record: bool = True) -> PlayedGame:
    """One whole game from the standard setup (see the module doc for the seeding)."""
    setup = standard_setup(prisoners)
    unknown = new_game(setup)
    known = new_game(setup, rng=random.Random(f"pile-{seed}"))
    timed = Timed(make_policy(policy, random.Random(f"policy-{seed}"), unknown, bot))
    # The pile's order is known to the simulator only; the bot reads the shuffled layers.
    try:
        played = Game(known).rollout(timed, random.Random(0), record=record, max_turns=MAX_TURNS)
    except RuntimeError as exc:  # the simulator's turn or decision limit
        raise Unfinished(f"seed {seed}, policy {policy}: {exc}") from None
    return PlayedGame(seed, policy, prisoners, played.result, played.turns, timed.calls, timed.seconds, played.record)


def record_json(game: PlayedGame) -> dict[str, Any]:
    """The game as a v1 position (the start, pile order included) whose ``meta`` holds the game.

    ``lueur apply`` reads the file as the position and takes ``meta.actions``
    as its ACTIONS: it replays the game and reports the same result.
    """
    meta = {
        "format": RECORD_FORMAT,
        "source": "lueur play",
        "seed": game.seed,
        "policy": game.policy,
        "result": game.result,
        "turns": game.turns,
        "actions": list(game.actions),
    }
    return to_json(game.start, meta)
