"""The search bot: a turn's options weighed over the next draw's exact odds, by the learned evaluation.

:class:`SearchBot` keeps the turn replay of :class:`solver.nightcage.bot.policy.BotPolicy`
(each option played to the end of the turn, the turn's earlier choices
replayed, greedy play for the rest of the turn) and its Final Flickers play
(the end-game oracle's winning line), and changes two things:

* **a chance node at the next draw.** The next tile's type is not sampled:
  every type still in the pile's current layer is a branch, weighed by its
  exact odds (:func:`solver.nightcage.bot.chance_nodes.draw_odds`, the engine's
  ``chance_outcomes``). Draws further into the turn come from sampled pile
  orders, the same for every option (common random numbers), so that options
  differ only by what they do. An option that draws nothing is valued once
  per sample, not once per branch. The value of an option is
  ``Σ odds(t) × mean over samples of value(turn end | next tile t)``:
  expectimax over the next draw, Monte Carlo beyond it.
* **the learned evaluation** (:mod:`solver.nightcage.bot.value`) scores each turn's
  end: a win chance trained on self-play with the Final Flickers labelled by
  the end-game oracle. Turn ends that start the Final Flickers can be checked
  by the end-game bound: a position with no way to gather on a gate in any
  number of turns is worth 0 (:attr:`SearchBot.prove_losses`).

Budget: ``samples`` pile orders per branch. With ``time_limit`` None the
choices depend on the seed only (the Final Flickers oracle counts positions, not seconds).
"""

from __future__ import annotations

import random
import time
from typing import Any

from solver.base.errors import NotCovered
from solver.nightcage.bot.chance_nodes import current_layer, draw_odds, with_next
from solver.nightcage.bot.exact_end import NODES as EXACT_NODES
from solver.nightcage.bot.exact_end import TILES as EXACT_TILES
from solver.nightcage.bot.exact_end import ExactEnd, pick, proven_best
from solver.nightcage.bot.lookahead import TurnRoot, branch, sample_order, with_pile
from solver.nightcage.bot.policy import REPEAT_DISCOUNT, BotPolicy, _position_key
from solver.nightcage.bot.value import ValueModel, load
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, turns_needed
from solver.nightcage.model.state import GameState
from solver.nightcage.sim.convert import to_state
from solver.nightcage.sim.policies import GreedyPolicy
from solver.nightcage.sim.sim import Sim

ENDGAME_NODES = 60_000
"""The end-game oracle's budget per Final Flickers turn start, in positions expanded (about a
second at most), and no clock: the same game on any machine, however loaded."""

DEFAULT_SAMPLES = 8
"""Pile orders per branch of the next draw (7 branches in a standard pile's layer: 56 turn ends per option).
On 200 paired tuning games 8 samples won 46.5% against 41.5% for 3 (benchmarks/README.md)."""


class SearchBot(BotPolicy):
    """The bot with a chance node at the next draw and the learned evaluation (see the module doc).

    Args:
        rng: all of the bot's randomness.
        start: the game's starting position (names, setup, pile layers).
        samples: pile orders per branch of the next draw.
        time_limit: seconds per decision past which no further sample starts (None: reproducible).
        model: the evaluation (default: the shipped weights).
        prove_losses: value 0 for a turn end that opens the Final Flickers and the end-game
            bound proves lost.
        endgame_seconds, endgame_nodes: the end-game oracle's budget per Final Flickers turn
            start; by default nodes only, so that a seeded game is the same on every machine.
    """

    def __init__(
        self,
        rng: random.Random,
        start: GameState | None = None,
        samples: int = DEFAULT_SAMPLES,
        time_limit: float | None = None,
        model: ValueModel | None = None,
        prove_losses: bool = True,
        endgame_seconds: float | None = None,
        endgame_nodes: int = ENDGAME_NODES,
        exact: ExactEnd | None = None,
    ) -> None:
        super().__init__(rng, start, samples=samples, time_limit=time_limit, endgame_seconds=endgame_seconds,
                         endgame_nodes=endgame_nodes)
        self.model = model if model is not None else load()
        self.prove_losses = prove_losses
        self.exact = exact
        """The exact chance search near the end of the pile (None: the sampled lookahead throughout)."""
        self.last_odds: list[tuple[int, float]] = []
        """The next draw's branches and their odds at the last decision searched (for inspection and tests)."""

    def turn_starting(self, sim: Sim) -> None:
        """The game is about to play a turn (``Sim.on_turn``): kept, so that a turn whose first decisions
        are taken without asking can still be looked ahead and searched exactly from its start."""
        self._turn_start = sim.copy()

    def draw_weights(self, sim: Sim) -> list[tuple[int, float]]:
        """The next draw's tile types and odds, as the search weighs them."""
        return [(t, float(p)) for t, p in draw_odds(sim.order, sim.top, self._layers(sim))]

    def _lookahead(self, sim: Sim, options: list[Any]) -> int:
        root = self._root
        assert root is not None
        bounds = None
        if self.exact is not None and self.exact.applies(root.sim):
            bounds = self.exact.bounds(root.sim, self._template(sim), self._layers(sim), root.choices, options)
            best = None if bounds is None else proven_best(bounds)
            if bounds is not None and best is not None:
                # For a review: the best at its lower bound, the others at their upper bounds (a drop no larger than proven).
                self.last_values = [float(lo if i == best else hi) for i, (lo, hi) in enumerate(bounds)]
                self.last_samples = 1
                return best
        pick_sampled = self._sampled(sim, options)
        if bounds is None:
            return pick_sampled
        return pick([t / max(1, self.last_samples) for t in self.last_values], bounds)

    def _sampled(self, sim: Sim, options: list[Any]) -> int:
        """The option whose turn ends best over the next draw's branches and sampled orders beyond."""
        root = self._root
        assert root is not None
        started = time.perf_counter()
        layer_ends = self._layers(sim)
        odds = self.draw_weights(sim)
        self.last_odds = odds
        end = current_layer(sim.top, layer_ends, len(sim.order))
        totals = [0.0] * len(options)
        self.last_samples = 0
        for _ in range(self.samples):
            self.last_samples += 1
            sample = sample_order(sim, self.rng, layer_ends)
            seed = self.rng.getrandbits(32)
            piles = [(p, with_pile(root, with_next(sample, sim.top, end, t, self.rng))) for t, p in odds]
            plain = with_pile(root, sample)
            for j in range(len(options)):
                totals[j] += self._option_value(root, j, seed, sim.top, plain, piles)
            if self.time_limit is not None and time.perf_counter() - started > self.time_limit:
                break
        self.last_values = totals
        return max(range(len(options)), key=totals.__getitem__)

    def _option_value(self, root: TurnRoot, j: int, seed: int, top: int, plain: Sim, piles: list[tuple[float, Sim]]) -> float:
        """One sample's value of option ``j``: over the next draw's branches, or once if it draws nothing."""
        after, result = branch(root, plain, j, GreedyPolicy(random.Random(seed)).choose)
        if after.top <= top or not piles:  # nothing drawn: every branch would be this one
            return self._value(after, result)
        total = 0.0
        for p, base in piles:
            # The same greedy tie-breaks for every option and branch: only the option and the draw differ.
            after, result = branch(root, base, j, GreedyPolicy(random.Random(seed)).choose)
            total += p * self._value(after, result)
        return total

    def _value(self, after: Sim, result: str | None) -> float:
        if result is not None:
            return 1.0 if result == "win" else 0.0
        if self.prove_losses and after.top >= after.npile and self._proven_lost(after):
            return 0.0
        value = self.model.chance(after)
        if self._visits:
            value *= REPEAT_DISCOUNT ** self._visits.get(_position_key(after), 0)
        return value

    def _proven_lost(self, after: Sim) -> bool:
        """The end-game bound finds no way to gather on a gate (Final Flickers positions only)."""
        try:
            k = eg.from_state(to_state(after.snapshot(), self._template(after), after.order))
        except NotCovered:
            return False
        return turns_needed(k) >= INFINITE


def make_search_bot(rng: random.Random, start: GameState | None = None, samples: int | None = None,
                    time_limit: float | None = None, exact_tiles: int | None = None, exact_nodes: int | None = None,
                    endgame_nodes: int | None = None) -> SearchBot:
    """The default bot of ``lueur play`` and the hints; None: the defaults (``exact_tiles`` 0: no exact search)."""
    tiles = EXACT_TILES if exact_tiles is None else exact_tiles
    exact = ExactEnd(tiles, EXACT_NODES if exact_nodes is None else exact_nodes) if tiles > 0 else None
    return SearchBot(rng, start, samples=DEFAULT_SAMPLES if samples is None else samples, time_limit=time_limit,
                     endgame_nodes=ENDGAME_NODES if endgame_nodes is None else endgame_nodes, exact=exact)
