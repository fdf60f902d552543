"""An estimate of each choice when the exact search did not settle it: expectimax to a horizon of
whole turns, a learned evaluation at the positions there, kept within what the exact search proved.

Below the horizon the tree is the exact search's (:mod:`solver.nightcage.chance.fast_expectimax`): every
decision a maximum, every draw an average over its exact odds, in floats. At the horizon (a turn start
``horizon`` turns on) a position is valued by ``leaf``, a win chance (the search bot's learned
evaluation, :mod:`solver.nightcage.bot.value`, when the hint asks). What the exact search proved
overrides it: a position with an exact value takes it, and every leaf's estimate is clamped into the
interval proven for it. A Final Flickers turn start gets a short question to the end-game oracle,
the evaluation only when that runs out.

A position the simulator does not play (a piece at rest it does not model, other rulings) has no
estimate here: :meth:`Lookahead.values` gives None for it and the hint plays it out instead.

Repeated positions within a pile phase (key passes, walks without a draw) are valued 0 on a return,
as in the exact search.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from solver.base.errors import LimitReached, NotCovered
from solver.nightcage.chance.fast_expectimax import LOOPING, FastExpectimax, Root, frontier_key
from solver.nightcage.chance.fastsim import ChanceSim, chance_state, compile_chance, position_key
from solver.nightcage.chance.turns import CHANCE, step
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type, outcome

ENDGAME_NODES = 2_000
"""The oracle's budget for a Final Flickers turn start the exact search left open."""

Leaf = Callable[[ChanceSim], float]


class NoEstimate(Exception):
    """The simulator does not play a position on the way."""


class Lookahead:
    """Estimates at the choices of ``root`` (see the module doc), sharing its exact search's tables."""

    def __init__(self, root: Root, leaf: Leaf) -> None:
        self.root = root
        self.search: FastExpectimax = root.search
        self.leaf = leaf
        self.memo: dict[tuple[Any, int], float] = {}
        self.path: set[Any] = set()

    def value(self, i: int, horizon: int) -> float | None:
        """Choice ``i``'s estimate looking ``horizon`` whole turns past the current one, or None where the
        simulator does not play a position on the way. :class:`LimitReached` at the search's limits."""
        root = self.root
        lo, hi = root.bounds[i]
        if lo == hi:
            return float(lo)
        try:
            if root.sim_root is not None:
                sim, key = root.sim_root
                value = self.frontier(sim, root.state, (key, *root.prefix, i), horizon + 1)
            else:
                value = self.state_value(root.child_states[i], horizon + 1)
        except NoEstimate:
            return None
        return min(max(value, float(lo)), float(hi))

    def new_horizon(self) -> None:
        """Forget the values of the last horizon (they were for a shallower one)."""
        self.memo.clear()

    def state_value(self, state: GameState, left: int) -> float:
        over = outcome(state)
        if over is not None:
            return 1.0 if over.result == "win" else 0.0
        if state.pending is None:
            try:
                sim = compile_chance(state)
            except NotCovered:
                raise NoEstimate from None
            return self.turn(sim, state, left - 1)
        self.search.count()
        if node_type(state) == "chance":
            return sum(float(p) * self.state_value(apply(state, a)[0], left) for a, p in chance_outcomes(state))
        best = 0.0
        for action in legal_actions(state):
            best = max(best, self.state_value(apply(state, action)[0], left))
            if best >= 1.0:
                break
        return best

    def turn(self, sim: ChanceSim, template: GameState, left: int) -> float:
        """A turn start with ``left`` whole turns to look through before the evaluation."""
        key = position_key(sim)
        known = self.search.ids.get(key)
        entry = None if known is None else self.search.table.get(known)
        if entry is not None and entry.lo == entry.hi:
            return float(entry.lo)
        lo, hi = (0.0, 1.0) if entry is None else (float(entry.lo), float(entry.hi))
        if key in self.path:
            return 0.0
        done = self.memo.get((key, left))
        if done is not None:
            return done
        self.search.count()
        if sim.top >= sim.npile:
            value = self.endgame(sim, template)
        elif left <= 0:
            value = self.leaf(sim)
        else:
            self.path.add(key)
            try:
                value = self.frontier(sim, template, (key,), left)
            finally:
                self.path.discard(key)
        value = min(max(value, lo), hi)
        self.memo[(key, left)] = value
        return value

    def frontier(self, root: ChanceSim, template: GameState, script: tuple[Any, ...], left: int) -> float:
        self.search.count()
        here = step(root, list(script[1:]))
        if isinstance(here, str):
            return 1.0 if here == "win" else 0.0
        if isinstance(here, ChanceSim):
            return self.turn(here, template, left - 1)
        if here.kind == CHANCE:
            return sum(float(p) * self.frontier(root, template, (*script, i), left) for i, (_, p) in enumerate(here.options))
        loop = frontier_key(here) if here.decision in LOOPING else None
        if loop is not None:
            if loop in self.path:
                return 0.0
            self.path.add(loop)
        try:
            best = 0.0
            for i in range(len(here.options)):
                best = max(best, self.frontier(root, template, (*script, i), left))
                if best >= 1.0:
                    break
            return best
        finally:
            if loop is not None:
                self.path.discard(loop)

    def endgame(self, sim: ChanceSim, template: GameState) -> float:
        oracle = self.search.oracle
        oracle.max_nodes = oracle.expanded + ENDGAME_NODES
        try:
            return 1.0 if oracle.wins(chance_state(sim, template), self.search.deadline) else 0.0
        except LimitReached:
            if self.search.stopped():
                raise
            return self.leaf(sim)


def clamp(value: float, lo: Fraction, hi: Fraction) -> float:
    """``value`` within ``[lo, hi]``."""
    return min(max(value, float(lo)), float(hi))


__all__ = ["Lookahead", "NoEstimate", "clamp"]
