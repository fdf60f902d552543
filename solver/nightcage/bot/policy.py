"""The bot: a policy for whole games of the standard pieces.

A policy for :mod:`solver.nightcage.sim.game` (``choose(sim, kind, options) -> index``):

* **While tiles remain**, each option of a decision is played to the end of the
  turn (the choices already made this turn replayed, then the option, then
  the greedy heuristic for the rest of the turn) on a few sampled orders of
  the undrawn tiles (:mod:`solver.nightcage.bot.lookahead`), and the turn's end is
  scored by :func:`solver.nightcage.bot.evaluate.evaluate`, a rough probability of
  winning; the best mean wins. Every option sees the same samples. Decisions
  that cannot be replayed (the turn's first decision was taken without
  asking) fall back on the greedy heuristic.
* **In the Final Flickers** the game is deterministic: the end-game oracle
  finds a winning line, if there is one, and the bot follows it turn by turn
  (:mod:`solver.nightcage.bot.endgame`); when the game is lost or the oracle runs out
  of time, the lookahead plays on.
* Two guards against endless games: no key pass back to a hand-out of keys
  already seen this turn, and a turn ending where an earlier turn ended is
  worth less each time (:data:`REPEAT_DISCOUNT`).

The bot never reads the pile's order beyond the tiles drawn (the simulator
knows it; players do not). Randomness comes from the ``rng`` given; with
``time_limit`` None the bot's choices depend on nothing else, so a seeded
game is reproducible. More ``samples`` play better and slower
(``benchmarks/README.md``).
"""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

from solver.nightcage.bot.endgame import EndgamePlanner, TurnScript
from solver.nightcage.bot.evaluate import DEFAULT_WEIGHTS, Weights, evaluate
from solver.nightcage.bot.lookahead import Diverged, TurnRoot, branch, sample_order, with_pile
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.sim.convert import option_text, to_state
from solver.nightcage.sim.policies import GreedyPolicy
from solver.nightcage.sim.sim import Sim

DEFAULT_SAMPLES = 10
REPEAT_DISCOUNT = 0.8
"""A turn ending where an earlier turn of the game ended is worth this much less, per time:
nothing forces tiles to be drawn, so a group could otherwise walk in circles for ever."""
ENDGAME_SECONDS = 0.5
"""The end-game oracle's time per Final Flickers turn (the classic bot; None: no clock, only
``endgame_nodes``, which makes the bot's games the same on any machine)."""
ENDGAME_NODES = 400_000


class BotPolicy:
    """The bot (see the module doc).

    Args:
        rng: all of the bot's randomness (pile samples, greedy tie-breaks).
        start: the position the game began from (names, setup, pile layers,
            for the Final Flickers planner and the pile samples); default: the
            standard new game for the simulator's size.
        samples: pile orders each option is tried on.
        time_limit: seconds per decision after which no further sample is
            started (None: no limit, reproducible).
        weights: the evaluation's numbers.
    """

    def __init__(
        self,
        rng: random.Random,
        start: GameState | None = None,
        samples: int = DEFAULT_SAMPLES,
        time_limit: float | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        endgame_seconds: float | None = ENDGAME_SECONDS,
        endgame_nodes: int = ENDGAME_NODES,
    ) -> None:
        self.rng = rng
        self.start = start
        self.samples = samples
        self.time_limit = time_limit
        self.weights = weights
        self.endgame_seconds = endgame_seconds
        self.greedy = GreedyPolicy(rng)
        self.endgame = EndgamePlanner(endgame_nodes)
        self._turn = -1
        self._root: TurnRoot | None = None
        self._turn_start: Sim | None = None
        """The game's position as its current turn began, when the game tells (:meth:`SearchBot.turn_starting`)."""
        self._script: TurnScript | None = None
        self._line: list[tuple[str, ...]] | None = None
        """A winning Final Flickers line: one tuple of action texts per turn, from ``_line_start``."""
        self._line_start = 0
        self._layer_ends: tuple[int, ...] | None = None
        self._keys_seen: set[tuple[Any, ...]] = set()
        self._visits: dict[tuple[Any, ...], int] = {}
        """How often the game stood at each turn start (see :data:`REPEAT_DISCOUNT`)."""
        self.last_values: list[float] = []
        """The summed scores of the options of the last decision looked ahead (for inspection)."""
        self.last_samples = 0
        """How many samples :attr:`last_values` sums (fewer than ``samples`` when the time limit cut in)."""

    # -- the policy protocol ----------------------------------------------------------------------

    def choose(self, sim: Sim, kind: str, options: list[Any]) -> int:
        if sim.turns != self._turn:
            self._new_turn(sim, kind)
        self._keys_seen.add(_key_config(sim))
        allowed = [i for i, o in enumerate(options) if not self._repeats_keys(sim, o)]
        if 0 < len(allowed) < len(options):
            pick = allowed[self._pick(sim, kind, [options[i] for i in allowed])]
        else:
            pick = self._pick(sim, kind, options)
        if self._root is not None:
            self._root.choices.append(pick)
        return pick

    def played(self, pick: int) -> None:
        """The option actually played at the decision just answered was ``pick``, not the bot's own
        choice (a review follows a recorded game): the turn's replay must repeat what was played."""
        if self._root is not None and self._root.choices:
            self._root.choices[-1] = pick

    def considered(self, sim: Sim, options: list[Any]) -> list[int]:
        """The options the bot weighs (it leaves out key passes back to a hand-out seen this turn),
        in the order of :attr:`last_values`."""
        allowed = [i for i, o in enumerate(options) if not self._repeats_keys(sim, o)]
        return allowed if 0 < len(allowed) < len(options) else list(range(len(options)))

    def _repeats_keys(self, sim: Sim, option: Any) -> bool:
        """A key pass back to a configuration of this turn (passes could loop forever)."""
        verb = option[0]
        if verb == "give":
            key = list(sim.key)
            key[option[1]], key[option[2]] = False, True
            return (tuple(key), sim.keyed) in self._keys_seen
        if verb == "take":
            key = list(sim.key)
            key[sim.turn] = True
            return (tuple(key), sim.keyed & ~(1 << sim.pc[sim.turn])) in self._keys_seen
        return False

    def _new_turn(self, sim: Sim, kind: str) -> None:
        if sim.turns < self._turn:  # another game
            self._line = None
            self._visits.clear()
        self._turn = sim.turns
        self._root = TurnRoot(sim) if TurnRoot.opens_turn(sim, kind) else self._root_at_turn_start(sim)
        if self._root is not None:
            key = _position_key(sim)
            self._visits[key] = self._visits.get(key, 0) + 1
        self._script = None
        self._keys_seen = set()
        if sim.flickers:
            if self._root is not None and not self._line:  # a turn start: plan from here
                self._line = self._plan_final_flickers(sim)
                self._line_start = sim.turns
            # Turns whose every decision had a single option were played without asking.
            index = sim.turns - self._line_start
            if self._line and 0 <= index < len(self._line):
                self._script = TurnScript(self._line[index])

    def _root_at_turn_start(self, sim: Sim) -> TurnRoot | None:
        """A turn whose first decisions were taken without asking (a lone landing cell, a forced move) and
        drew tiles before the first question: replayed from the turn's start, when the game told it, while
        tiles remain (a Final Flickers line is planned from a turn start asked as such)."""
        start = self._turn_start
        if start is None or start.turns + 1 != sim.turns or sim.flickers or start.top >= start.npile:
            return None
        return TurnRoot(start)

    def _pick(self, sim: Sim, kind: str, options: list[Any]) -> int:
        if self._script is not None:
            pick = self._script.pick(self._texts(sim, options))
            if pick is not None:
                return pick
            self._script = None
            self._line = None  # the plan and the game parted ways: replan at the next turn start
        if self._root is None:
            return self.greedy.choose(sim, kind, options)
        try:
            return self._lookahead(sim, options)
        except Diverged:  # not expected: the root was not what it seemed; stop replaying this turn
            self._root = None
            return self.greedy.choose(sim, kind, options)

    # -- while tiles remain -----------------------------------------------------------------------

    def _lookahead(self, sim: Sim, options: list[Any]) -> int:
        """The option whose turn ends best on average over sampled pile orders."""
        root = self._root
        assert root is not None
        started = time.perf_counter()
        totals = [0.0] * len(options)
        layer_ends = self._layers(sim)
        self.last_samples = 0
        for _ in range(self.samples):
            self.last_samples += 1
            base = with_pile(root, sample_order(sim, self.rng, layer_ends))
            seed = self.rng.getrandbits(32)
            for j in range(len(options)):
                # The same greedy tie-breaks for every option: only the option differs.
                then = GreedyPolicy(random.Random(seed)).choose
                after, result = branch(root, base, j, then)
                value = evaluate(after, result, self.weights)
                if result is None and self._visits:
                    value *= REPEAT_DISCOUNT ** self._visits.get(_position_key(after), 0)
                totals[j] += value
            if self.time_limit is not None and time.perf_counter() - started > self.time_limit:
                break
        self.last_values = totals
        return max(range(len(options)), key=totals.__getitem__)

    def _layers(self, sim: Sim) -> tuple[int, ...]:
        """Where the layers of the game's starting pile end, in draw order."""
        if self._layer_ends is None:
            pile = self._template(sim).pile
            ends = tuple(itertools.accumulate(sum(layer) for layer in pile.layers)) if pile.order is None else ()
            # Without layers (or with a template that is not this game's), the pile is one layer.
            self._layer_ends = ends if ends and ends[-1] == len(sim.order) else (len(sim.order),)
        return self._layer_ends

    # -- the Final Flickers ---------------------------------------------------------------------

    def _plan_final_flickers(self, sim: Sim) -> list[tuple[str, ...]] | None:
        state = to_state(sim.snapshot(), self._template(sim), sim.order)
        return self.endgame.winning_line(state, self.endgame_seconds)

    def _texts(self, sim: Sim, options: list[Any]) -> list[str]:
        start = self._template(sim)
        names = tuple(p.name for p in start.prisoners)
        return [option_text(o, start.size, names, sim.turn) for o in options]

    def _template(self, sim: Sim) -> GameState:
        if self.start is None:
            self.start = new_game(Setup(base="five" if sim.n == 5 else "standard"))
        return self.start


def _key_config(sim: Sim) -> tuple[Any, ...]:
    return (tuple(sim.key), sim.keyed)


def _position_key(sim: Sim) -> tuple[Any, ...]:
    """What makes a turn start: the board, the prisoners, whose turn, how much pile is left."""
    return (
        tuple(sim.typ),
        tuple(sim.opn),
        sim.pit,
        sim.keyed,
        tuple(sim.pc),
        tuple(sim.pf),
        tuple(sim.lit),
        tuple(sim.nerve),
        tuple(sim.key),
        sim.turn,
        sim.top,
    )
