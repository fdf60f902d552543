"""Fast full games for Monte Carlo rollouts: from a turn start to the win or the loss.

The rules engine (:mod:`solver.nightcage.rules.engine`) plays about 80 random games a second:
every step copies an immutable state and lists every candidate action with its
reason. Rollouts need far more, so this module plays whole games on a mutable
position (:class:`solver.nightcage.sim.sim.Sim`, an independent implementation of
the same rules, whose modules describe the representation and the turn), asking a
**policy** (:mod:`solver.nightcage.sim.policies`) for every decision.

>>> import random
>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.sim.policies import RandomPolicy
>>> r = rollout(new_game(Setup()), RandomPolicy(random.Random(1)), random.Random(2))
>>> r.result in ("win", "lose"), r.turns > 4
(True, True)

What it covers
--------------

Turn-start positions (``pending`` None) of games with the standard pieces
(start, straight, T, cracked T, cross, key, gate, wax eater; pits) and the
advanced and supreme ones (keepers, pit fiends, the pathless, omens and the
Dirge: ``GameState.omens`` carried both ways, the Dirge's pit on the board), any
board size and number of prisoners, the start round included, under the default
rulings. A pile of unknown order is first given one, drawn layer by layer with the
rollout's ``rng`` (as :func:`solver.nightcage.model.newgame.shuffled`); a known order is
used as it is. An omen or a pit fiend lying on the board (each acts as it is
placed), other rulings and a Dirge of another shape (RULING-DIRGE-SHAPE) raise
:class:`~solver.base.errors.NotCovered` (:mod:`solver.nightcage.sim.convert`). Every decision
of the engine is a decision here, with the same legal options: the start tile,
landing, the main action, moving again, tile placements (cell and rotation), key
passes and takes, Blocks, the scramble, the stay's swap, the fall's row or column,
where the Dirge goes (``dirge <corner>``), the Final Flickers discard or hold. ``tests/nightcage/sim/test_fastgame.py`` replays recorded
games through :func:`solver.nightcage.rules.engine.apply` and compares the options (the
engine's legal actions), the position after every turn and the result.

A falling prisoner whose line holds only pits and occupied tiles has nowhere
to land and the rules declare no loss: the engine then offers no action and
the game is not over; :class:`~solver.nightcage.sim.position.Stuck` is raised (rare: 1 of
5,000 random games tried).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES
from solver.nightcage.sim.convert import compile_state, option_text, sample_order, to_state
from solver.nightcage.sim.policies import Policy
from solver.nightcage.sim.sim import Sim

__all__ = ["Decision", "Game", "Record", "RolloutResult", "rollout"]

# -- results -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One decision of a recorded game: its kind, every option offered, the one taken."""

    kind: str
    options: tuple[str, ...]
    chosen: str


@dataclass(frozen=True)
class Record:
    """A recorded game, replayable through :func:`solver.nightcage.rules.adjudicate.play` from ``start``."""

    start: GameState
    """The position the rollout began from, with the pile order it used (known)."""
    decisions: tuple[Decision, ...]
    turn_ends: tuple[tuple[int, GameState], ...]
    """After each turn: the number of actions played so far and the position."""
    final: GameState
    """The position when the game ended (``pending`` None: the rest of the turn is not played)."""

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(d.chosen for d in self.decisions)

    @property
    def order(self) -> tuple[Any, ...]:
        return self.start.pile.order  # type: ignore[return-value]


@dataclass(frozen=True)
class RolloutResult:
    result: str
    """``"win"`` or ``"lose"``."""
    turns: int
    """Turns begun in the rollout (start turns included; the last one may be cut short by the end)."""
    decisions: int
    """Decisions taken (lone options included)."""
    record: Record | None = None

    @property
    def actions(self) -> tuple[str, ...] | None:
        return self.record.actions if self.record else None


def seat(sim: Sim, policy: Policy | Callable[[Sim, str, list[Any]], int]) -> None:
    """Let ``policy`` play ``sim``: its ``choose`` (or the policy itself, a plain function) answers each decision,
    and its ``turn_starting(sim)``, if it has one, is told of each turn before it is played (``Sim.on_turn``)."""
    choose = getattr(policy, "choose", None)
    sim.choose = choose if choose is not None else policy
    sim.on_turn = getattr(policy, "turn_starting", None)


# -- rollouts ---------------------------------------------------------------------------------------------


class Game:
    """A turn-start position compiled once, for many rollouts from it.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.sim.policies import RandomPolicy
    >>> g = Game(new_game(Setup()))
    >>> r = g.rollout(RandomPolicy(random.Random(0)), random.Random(0))
    >>> r.result in ("win", "lose")
    True
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.known = state.pile.order is not None
        first = sample_order(state, random.Random(0))
        self.sim = compile_state(state, first)
        self.names = tuple(p.name for p in state.prisoners)

    def rollout(self, policy: Any, rng: random.Random, record: bool = False, max_turns: int = 100_000) -> RolloutResult:
        """One game to its end; ``rng`` draws the pile's order when it is unknown."""
        sim = self.sim.copy()
        if not self.known:
            sim.set_pile(sample_order(self.state, rng))
        seat(sim, policy)
        if record:
            sim.log = []
        result = sim.play(max_turns)
        rec = self._record(sim) if record else None
        return RolloutResult(result, sim.turns, sim.decisions, rec)

    def play(self, policy: Any, rng: random.Random) -> tuple[str, int]:
        """The hot path of :meth:`rollout`: ``(result, turns)`` only."""
        sim = self.sim.copy()
        if not self.known:
            sim.set_pile(sample_order(self.state, rng))
        seat(sim, policy)
        return sim.play(), sim.turns

    def _record(self, sim: Sim) -> Record:
        order = sim.order
        start = replace(self.state, pile=Pile(order=tuple(TILE_TYPES[t] for t in order)))
        size = self.state.size
        decisions: list[Decision] = []
        ends: list[tuple[int, GameState]] = []
        for entry in sim.log or ():
            if entry[0] == "turn_end":
                ends.append((len(decisions), to_state(entry[1], self.state, order)))
                continue
            kind, options, i, active = entry
            texts = tuple(option_text(o, size, self.names, active) for o in options)
            decisions.append(Decision(kind, texts, texts[i]))
        final = to_state(sim.snapshot(), self.state, order)
        return Record(start, tuple(decisions), tuple(ends), final)


def rollout(state: GameState, policy: Any, rng: random.Random, record: bool = False, max_turns: int = 100_000) -> RolloutResult:
    """Play ``state`` (a turn start) to the end of the game with ``policy``.

    An unknown pile order is drawn with ``rng`` first. With ``record`` the
    result holds the game's actions in the engine's notation, every decision's
    options, the position after every turn and the pile order used.
    """
    return Game(state).rollout(policy, rng, record, max_turns)
