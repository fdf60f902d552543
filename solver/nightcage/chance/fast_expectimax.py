"""The exact chance of winning over a pile of unknown order, fast: expectimax over the simulator.

The same values as :mod:`solver.nightcage.chance.expectimax` (the reference, over the
rules engine; ``tests/nightcage/chance/test_fast_expectimax.py`` compares them fraction
for fraction), computed another way:

* **a silent model of the rules.** Whole turns are played by the simulator with the
  pile's order revealed tile by tile (:mod:`solver.nightcage.chance.fastsim`); a turn is a
  tree of decisions and draws walked by replay (:mod:`solver.nightcage.chance.turns`). The
  rules engine, which narrates every step, plays only the rest of a turn already under
  way at the root, and positions the simulator does not cover.
* **transpositions**, keyed on the position as players know it (each layer of the pile
  as contents, :func:`solver.nightcage.chance.fastsim.position_key`): at turn starts, and
  inside a turn at the decisions a turn can come back to (key passes).
* **the draws' exact odds**, as :mod:`solver.nightcage.rules.draws` gives them, and exact values
  in integers: every value is a multiple of ``1 / scale`` (:func:`arrangements`), so the search
  counts in those units, and a draw's outcomes in whole weights over their common denominator.
  (The value of a position is the share of the pile's arrangements that optimal play wins, and
  the arrangements left after any draw divide those at the root.) A bound rounds to the unit
  (a lower bound up, an upper bound down) and a window to the values inside it, so that
  :class:`~fractions.Fraction` arithmetic (8 to 13 % of the time on the slowest positions) is
  left to the root, which reports fractions.
* **bounds, and pruning on the value range** [0, 1] (Ballard's Star1). Every node's value
  is an interval ``[lo, hi]`` proven so far. A chance node stops once the outcomes seen,
  the others counted at 0 and at 1, settle it against its window; a choice stops once
  one option's lower bound reaches the window's top. The table keeps each position's
  interval.
* **the end-game oracle** at every Final Flickers turn start: win 1, lose 0, or, when its
  budget for the question runs out, the interval [0, 1].
* **iterative deepening**: rounds with a growing horizon (turns from the root, past which a
  position is [0, 1]) and a growing oracle budget, each round ordering the choices by what
  the one before proved, until every choice at the root is exact. Whatever a round
  proves stays proven: a search cut short still gives each root choice an interval.

Positions can repeat within a pile phase (no draw between them, so no chance node on
the way): a return to a position on the current path is valued 0, as in the reference,
and an interval that leaned on such a provisional 0 is kept only as a lower bound until
the position it returned to is finished (its upper bound holds once that position is).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from math import factorial, lcm, prod
from typing import Any

from solver.base.deep_calls import deep_calls
from solver.base.errors import LimitReached, NotCovered
from solver.base.limits import PositionBudget
from solver.nightcage.chance.fastsim import ChanceSim, chance_state, compile_chance, position_key
from solver.nightcage.chance.final_flickers import kernel_position
from solver.nightcage.chance.turns import CHANCE, Frontier, resumable, step, step_from
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.rules.engine import apply, apply_unchecked, chance_outcomes, legal_actions, node_type, outcome
from solver.nightcage.sim.convert import option_text

ZERO = Fraction(0)
ONE = Fraction(1)
NO_LOW = -1
"""A window bottom no value reaches (values are 0 to the search's ``scale``; the top is ``scale + 1``)."""
NO_LOOP = 1 << 30
"""A low-link meaning: this interval leaned on no position of the current path."""
LOOPING = frozenset({"main", "again", "final"})
"""The decisions a turn can come back to (key passes loop on them): keyed by position, not by path."""
PASSING = frozenset({"scramble"})
"""Decisions that key passes can come back to inside a hit (a scramble off a keeper, RULING-KEEPER-KEY-TILE)."""

DRAWING = frozenset({"land", "place"})
"""Decisions whose options can draw the pile's last tile while a prisoner falls: lost at once
(:meth:`~solver.nightcage.sim.placing.Placing.loses_at_once`, asked before a replay)."""

Window = tuple[Fraction, Fraction]
Result = tuple[int, int, int]
"""``(lo, hi, low)``: the interval proven (in units of ``1 / scale``), and the shallowest open position it leaned on."""
Child = Callable[[int, int, int], Result]


def arrangements(pile: Pile) -> int:
    """The number of arrangements of the pile's tiles told apart, each layer shuffled alone: every
    chance of winning from here, or after any draw, is a whole number of them over this.

    >>> from solver.nightcage.model.counts import counts_from
    >>> arrangements(Pile(layers=(counts_from({"t": 2, "gate": 1}), counts_from({"key": 1, "cross": 1}))))
    12
    """
    if pile.order is not None:
        return 1
    return prod(factorial(sum(layer)) for layer in pile.layers)


def weights(odds: list[Fraction]) -> tuple[list[int], int]:
    """The odds as whole weights over their common denominator.

    >>> weights([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    ([3, 2, 1], 6)
    """
    total = lcm(*(p.denominator for p in odds))
    return [p.numerator * (total // p.denominator) for p in odds], total


class Entry:
    """What the search knows of a position: ``lo <= value <= hi``; ``stamp``: the round and horizon
    of a search that ended unsettled (no point searching again with less); ``best``: the option to try first."""

    __slots__ = ("lo", "hi", "stamp", "best")

    def __init__(self, scale: int) -> None:
        self.lo = 0
        self.hi = scale
        self.stamp: tuple[int, int] = (-1, -1)
        self.best = 0


class FastExpectimax:
    """One search's tables, limits and oracle (see the module doc).

    Size: its parts (the window logic of decisions and draws, the positions keyed in its tables and on its path, the
    three kinds of position it searches, its limits) share those tables and that path; apart, each would reach into
    the others'.

    Args:
        max_nodes: replays, turn starts and engine positions expanded, past which :class:`LimitReached`.
        deadline: ``time.perf_counter()`` past which :class:`LimitReached`.
        should_stop: polled with the clock; true ends the search with :class:`LimitReached`.
        budget: positions kept, shared with the oracle.
        compiled_budget: the compiled oracle's memory, held apart when given (see :class:`EndgameOracle`).
    """

    def __init__(self, max_nodes: int, deadline: float | None = None, should_stop: Callable[[], bool] | None = None,
                 budget: PositionBudget | None = None, compiled_budget: PositionBudget | None = None) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.should_stop = should_stop
        self.nodes = 0
        self.table: dict[Any, Entry] = {}
        self.engine_table: dict[GameState, Entry] = {}
        self.open: dict[Any, int] = {}
        self.ids: dict[tuple[Any, ...], int] = {}
        """The number standing for each position's key in the tables (:func:`key_number`)."""
        self.budget = budget if budget is not None else PositionBudget(None)
        self.budget.keep(self.table, self.engine_table)
        self.oracle = EndgameOracle(max_nodes, should_stop, self.budget, compiled_budget=compiled_budget)
        self.round = 0
        self.scale = 1
        """Values are counted in units of ``1 / scale`` (see :meth:`adopt`)."""
        self.oracle_nodes: int | None = None
        """The oracle's budget per question this round (None: what is left of ``max_nodes``)."""

    def adopt(self, pile: Pile) -> None:
        """Count values in units fine enough for positions of ``pile`` (and the tables' in the same units:
        a search kept from one position to a later one of the same game needs no change)."""
        need = arrangements(pile)
        if self.scale % need == 0:
            return
        scale = lcm(self.scale, need)
        factor = scale // self.scale
        for table in (self.table, self.engine_table):
            for entry in table.values():
                entry.lo *= factor
                entry.hi *= factor
        self.scale = scale

    # -- the window logic, for any node ------------------------------------------------------------------

    def best_of(self, options: int, first: int, child: Child, alpha: int, beta: int) -> tuple[int, int, int, int]:
        """A choice: the best option's interval (and which option it is), stopping at ``beta``."""
        one = self.scale
        lo = hi = 0
        low, best = NO_LOOP, first
        order = [first, *(i for i in range(options) if i != first)] if options else []
        floor = max(alpha, 0)  # the next option's window bottom, max(alpha, lo): worked out when lo rises
        for n, i in enumerate(order):
            clo, chi, clow = child(i, floor, beta)
            if clow < low:
                low = clow
            if chi > hi:
                hi = chi
            if n == 0 or clo > lo:  # (values are never below 0: the first option's low is the max so far)
                lo, best = clo, i
                if lo >= beta or lo == one:  # (nothing is worth more than a certain win)
                    if lo < one and n + 1 < len(order):
                        hi = one  # the options not tried may be worth anything
                    break
                if lo > floor:
                    floor = lo
        return lo, hi, low, best

    def average(self, odds: list[Fraction], child: Child, alpha: int, beta: int) -> Result:
        """A draw (Star1): each outcome's window is what it must reach for the draw to leave its own.

        Sums are kept in units of ``1 / (scale * total)``, the odds being ``weight / total``."""
        one = self.scale
        ways, total = weights(odds)
        top, bottom = beta * total, alpha * total
        slo = shi = 0
        rest, low = total, NO_LOOP
        for i, w in enumerate(ways):
            rest -= w
            # The outcome's window: below low_end the draw cannot reach alpha, from high_end on it reaches beta.
            reach = shi + rest * one
            low_end = (bottom - reach) // w if bottom > reach else NO_LOW
            room = top - slo
            high_end = -(-room // w) if room < w * one else one + 1
            clo, chi, clow = child(i, low_end, high_end)
            if clow < low:
                low = clow
            slo += w * clo
            shi += w * chi
            if slo >= top or shi + rest * one <= bottom:
                return -(-slo // total), (shi + rest * one) // total, low
        return -(-slo // total), shi // total, low

    def keyed(self, table: dict[Any, Entry], key: Any, alpha: int, beta: int, left: int, depth: int,
              expand: Callable[[Entry, int, int], Result]) -> Result:
        """A position with an identity: its table entry, the current path (a return is worth 0), and
        what its expansion proves kept."""
        entry = table.get(key)
        if entry is not None:
            if entry.lo == entry.hi or entry.lo >= beta or entry.hi <= alpha or entry.stamp >= (self.round, left):
                return entry.lo, entry.hi, NO_LOOP
        on_path = self.open.get(key)
        if on_path is not None:
            return 0, 0, on_path  # a return: never better than the position's own choice
        if entry is None:
            entry = table[key] = Entry(self.scale)
        self.open[key] = depth
        try:
            lo, hi, low = expand(entry, alpha, beta)
        finally:
            del self.open[key]
        if lo > entry.lo:
            entry.lo = lo
        if low >= depth:
            if hi < entry.hi:
                entry.hi = hi
            # Unsettled within its window with nothing on the path to blame: this round's horizon or
            # oracle budget is why, and searching it again this round would prove no more.
            if entry.lo < entry.hi and entry.lo < beta and entry.hi > alpha:
                entry.stamp = (self.round, left)
        return lo, hi, low

    # -- positions of the rules engine (a turn under way at the root, or what the simulator does not play) --

    def state_search(self, state: GameState, alpha: int, beta: int, left: int, depth: int) -> Result:
        over = outcome(state)
        if over is not None:
            value = self.scale if over.result == "win" else 0
            return value, value, NO_LOOP
        if state.pending is None:
            try:
                sim = compile_chance(state)
            except NotCovered:
                pass
            else:
                return self.turn_search(sim, state, alpha, beta, left, depth)

        def expand(entry: Entry, alpha: int, beta: int) -> Result:
            self.count()
            if node_type(state) == "chance":
                draws = chance_outcomes(state)
                return self.average([p for _, p in draws],
                                    lambda i, a, b: self.state_search(apply(state, draws[i][0])[0], a, b, left, depth + 1), alpha, beta)
            actions = legal_actions(state)
            lo, hi, low, entry.best = self.best_of(
                len(actions), min(entry.best, max(0, len(actions) - 1)),
                lambda i, a, b: self.state_search(apply_unchecked(state, actions[i])[0], a, b, left, depth + 1), alpha, beta)
            return lo, hi, low

        return self.keyed(self.engine_table, state, alpha, beta, left, depth, expand)

    # -- turn starts and the turn's tree in the simulator --------------------------------------------

    def turn_search(self, sim: ChanceSim, template: GameState, alpha: int, beta: int, left: int, depth: int) -> Result:
        """A turn start's interval within ``left`` more turns (past them: what the table knows, else [0, 1])."""
        key = key_number(self.ids, position_key(sim))

        final = sim.top >= sim.npile

        def expand(entry: Entry, alpha: int, beta: int) -> Result:
            self.count()
            if final:
                return self.endgame(sim, template)
            if left <= 0:
                return 0, self.scale, NO_LOOP
            return self.frontier_search(sim, template, (key,), alpha, beta, left, depth + 1)

        # A Final Flickers position is settled by the oracle whatever the horizon.
        return self.keyed(self.table, key, alpha, beta, NO_LOOP if final else left, depth, expand)

    def frontier_search(self, root: ChanceSim, template: GameState, script: tuple[Any, ...], alpha: int, beta: int,
                        left: int, depth: int, resume: tuple[Frontier, int] | None = None) -> Result:
        """The point ``script`` names in the turn starting at ``root`` (``script[0]`` is the number of the turn
        start's key, :func:`key_number`).

        ``resume``: the last decision on the way the turn can be replayed from, and how many of the script's
        indices come before it (:func:`~solver.nightcage.chance.turns.step_from`)."""
        self.count()
        here = step(root, list(script[1:])) if resume is None else step_from(resume[0], list(script[1 + resume[1]:]))
        if isinstance(here, str):
            value = self.scale if here == "win" else 0
            return value, value, NO_LOOP
        if isinstance(here, ChanceSim):
            return self.turn_search(here, template, alpha, beta, left - 1, depth)
        frontier = here
        below = (frontier, len(script) - 1) if resumable(frontier) else resume
        drawing = frontier.kind != CHANCE and frontier.decision in DRAWING

        def child(i: int, a: int, b: int) -> Result:
            if drawing and frontier.sim.loses_at_once(frontier.decision, frontier.options, i):  # lost, told unplayed
                self.count()  # (the replay it saves, counted: the counts are those of a search that replays it)
                return 0, 0, NO_LOOP
            return self.frontier_search(root, template, (*script, i), a, b, left, depth + 1, below)

        def expand(entry: Entry, alpha: int, beta: int) -> Result:
            if frontier.kind == CHANCE:
                return self.average([p for _, p in frontier.options], child, alpha, beta)
            n = len(frontier.options)
            lo, hi, low, entry.best = self.best_of(n, min(entry.best, max(0, n - 1)), child, alpha, beta)
            return lo, hi, low

        if frontier.kind != CHANCE and frontier.decision in LOOPING:
            key: Any = key_number(self.ids, frontier_key(frontier))
        else:
            key = script
        if frontier.kind != CHANCE and frontier.decision in PASSING:
            # Keys passed before a scramble off a keeper can come back to where they were: a return on the path
            # is worth 0, as for the decisions keyed by position (their tail of the turn is on the call stack,
            # so their values stay keyed by path).
            loop = ("passes", key_number(self.ids, frontier_key(frontier)))
            on_path = self.open.get(loop)
            if on_path is not None:
                return 0, 0, on_path
            self.open[loop] = depth
            try:
                return self.keyed(self.table, key, alpha, beta, left, depth, expand)
            finally:
                del self.open[loop]
        return self.keyed(self.table, key, alpha, beta, left, depth, expand)

    def endgame(self, sim: ChanceSim, template: GameState) -> Result:
        """The oracle's verdict, or [0, 1] when this round's budget per question runs out first."""
        oracle = self.oracle
        left = self.max_nodes - self.nodes - oracle.expanded
        round_budget = self.oracle_nodes is not None and self.oracle_nodes < left
        oracle.max_nodes = oracle.expanded + (self.oracle_nodes if round_budget else max(0, left))  # type: ignore[operator]
        try:
            won = ask_oracle(oracle, sim, template, self.deadline)
        except LimitReached as exc:
            if not round_budget or self.oracle.memory_full() or self.stopped():
                raise LimitReached(f"the end-game search reached its limit ({exc})") from None
            return 0, self.scale, NO_LOOP
        value = self.scale if won else 0
        return value, value, NO_LOOP

    def stopped(self) -> bool:
        """Past the deadline, or asked to stop."""
        return (self.deadline is not None and time.perf_counter() > self.deadline) or (
            self.should_stop is not None and self.should_stop())

    def count(self) -> None:
        self.nodes += 1
        if self.nodes + self.oracle.expanded > self.max_nodes:
            raise LimitReached(f"more than {self.max_nodes:,} positions: the pile is too large to search exhaustively")
        if self.nodes % 64:
            return
        if self.budget.full():
            raise LimitReached(f"{self.budget.reason()} after {self.nodes:,} positions: the pile is too large to search exhaustively")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise LimitReached("the time limit was reached: the pile is too large to search exhaustively in time")
        if self.should_stop is not None and self.should_stop():
            raise LimitReached(f"stopped on request after {self.nodes:,} positions")


def ask_oracle(oracle: EndgameOracle, sim: ChanceSim, template: GameState, deadline: float | None) -> bool:
    """Whether the Final Flickers turn start ``sim`` (of the search from ``template``) wins: asked as the kernel's
    position read from the simulator, or, where that is not one, as the position's :class:`GameState`
    (:mod:`solver.nightcage.chance.final_flickers`)."""
    k = kernel_position(sim, template)
    return oracle.wins(chance_state(sim, template), deadline) if k is None else oracle.wins_kernel(k, deadline)


def key_number(ids: dict[tuple[Any, ...], int], key: tuple[Any, ...]) -> int:
    """The number standing for ``key`` (a turn start's or a decision's position) in a search's tables and on
    its path, given by ``ids``. A tuple does not keep its hash, and a position's key is long (half a
    microsecond to hash): it is hashed here once, where each position searched looked it up four or five
    times. (``ids`` is not counted in the memory budget: it grows with the table, whose keys the numbers
    mostly are.)

    >>> ids = {}
    >>> key_number(ids, ("a", 1)), key_number(ids, ("b", 2)), key_number(ids, ("a", 1))
    (0, 1, 0)
    """
    found = ids.get(key)
    if found is None:
        found = ids[key] = len(ids)
    return found


def frontier_key(frontier: Frontier) -> tuple[Any, ...]:
    """A decision inside a turn that a turn can come back to: the position, the decision, and the turn so far."""
    sim = frontier.sim
    return (*position_key(sim), frontier.decision, tuple(sim.spent), sim.gained, sim.flickers, sim.hand)


# -- the root: every choice, round after round --------------------------------------------------------

FULL: Window = (Fraction(-1), Fraction(2))
"""A window no value leaves: the search proves the exact value when it can."""


class Root:
    """The decision (or draw) awaited at the root, each choice with the interval proven so far.

    At a turn start the simulator offers the choices (``sim_root``: the turn start and its key's number, choice
    ``i`` being the script ``(key, i)``); otherwise the rules engine does (``child_states``).
    """

    def __init__(self, search: FastExpectimax, state: GameState, prefix: tuple[int, ...] = (), sim: ChanceSim | None = None,
                 *, recorded: bool = False) -> None:
        self.search = search
        self.state = state
        self.prefix = prefix
        """The choices and draws made since the turn start ``state`` (``sim``, its simulator): the root is
        the decision they lead to (:func:`solver.nightcage.chance.turns.record` gives them)."""
        self._sim = sim
        self.recorded = recorded
        """The prefix was recorded in a game from this turn start: its decision is the simulator's, even with no
        choice asked yet (the turn's first decisions had one option each and were taken without asking)."""
        self.texts: list[str] = []
        self.odds: list[Fraction] | None = None
        """The draws' odds when the root is a draw; None for a decision."""
        self.bounds: list[tuple[Fraction, Fraction]] = []
        self.sim_root: tuple[ChanceSim, Any] | None = None
        self.child_states: list[GameState] = []
        self.only: int | None = None
        """The one choice searched, when :meth:`focus` chose it."""
        self.below: int | None = None
        """The option or outcome just below that choice searched instead of it, when :meth:`focus` chose one."""
        search.adopt(state.pile)
        self._build()
        self.bounds = [(ZERO, ONE)] * len(self.texts)

    def _build(self) -> None:
        state, size = self.state, self.state.size
        if outcome(state) is not None:
            return
        if state.pending is None and self._build_sim():
            return
        if self.prefix:
            raise NotCovered("the simulator does not reach a decision there")
        if node_type(state) == "chance":
            draws = chance_outcomes(state)
            self.odds = [p for _, p in draws]
            self.texts = [format_action(a, size) for a, _ in draws]
            self.child_states = [apply(state, a)[0] for a, _ in draws]
        else:
            actions = legal_actions(state)
            self.texts = [format_action(a, size) for a in actions]
            self.child_states = [apply_unchecked(state, a)[0] for a in actions]

    def _build_sim(self) -> bool:
        """The choices as the simulator offers them, when it plays this turn start and they are the engine's."""
        state, size = self.state, self.state.size
        try:
            sim = self._sim if self._sim is not None else compile_chance(state)
        except NotCovered:
            return False
        here = step(sim, list(self.prefix))
        if not isinstance(here, Frontier) or here.kind == CHANCE:
            return False
        names = tuple(p.name for p in state.prisoners)
        texts = [option_text(o, size, names, sim.turn) for o in here.options]
        if not self.prefix and not self.recorded and sorted(texts) != sorted(format_action(a, size) for a in legal_actions(state)):
            return False
        self.texts = texts
        self.sim_root = (sim, key_number(self.search.ids, position_key(sim)))
        return True

    def child(self, i: int, left: int, window: Window = FULL) -> tuple[Fraction, Fraction]:
        """Choice ``i``'s interval searched within ``left`` turns (and ``window``: the exact value by default)."""
        one = self.search.scale
        alpha, beta = window[0].numerator * one // window[0].denominator, -(-window[1].numerator * one // window[1].denominator)
        if self.sim_root is not None:
            sim, key = self.sim_root
            point = (key, *self.prefix, i) if self.below is None else (key, *self.prefix, i, self.below)
            lo, hi, _ = self.search.frontier_search(sim, self.state, point, alpha, beta, left, 1 if self.below is None else 2)
        else:
            lo, hi, _ = self.search.state_search(self.child_states[i], alpha, beta, left, 1)
        return Fraction(lo, one), Fraction(hi, one)

    def settled(self) -> bool:
        """Every choice searched has its exact value (every choice, unless :meth:`focus` chose one)."""
        return all(self.bounds[i][0] == self.bounds[i][1] for i in self.searched())

    def focus(self, choice: int, below: int | None = None) -> None:
        """Search only ``choice`` from now on, or with ``below`` only that option or outcome of the decision or draw
        it leads to, whose interval ``bounds[choice]`` then holds (a worker's share of the root:
        :mod:`solver.nightcage.chance.split`; the simulator plays the root)."""
        self.only = choice
        if below is not None:
            assert self.sim_root is not None
            self.below = below
            self.bounds[choice] = (ZERO, ONE)  # (a point below a choice may be worth less than the choice)

    def searched(self) -> range | tuple[int]:
        """The choices the rounds search."""
        return range(len(self.bounds)) if self.only is None else (self.only,)

    def best_proven(self) -> bool:
        """A choice is proven best: its lower bound reaches every other choice's upper bound (or every
        value is exact). At a draw only the exact value of every outcome settles the root, and on a root
        focused on one choice, that choice's."""
        if self.odds is not None or len(self.bounds) < 2 or self.only is not None:
            return self.settled()
        leader = self.leader()
        lead = self.bounds[leader][0]
        return all(hi <= lead for i, (_, hi) in enumerate(self.bounds) if i != leader)

    def leader(self) -> int:
        """The choice proven best so far: the highest lower bound, then the highest upper bound."""
        return max(range(len(self.bounds)), key=lambda i: (self.bounds[i][0], self.bounds[i][1], -i))

    def run_round(self, horizon: int, best: bool = False) -> None:
        """Every choice searched within ``horizon`` turns; what it proves narrows its interval.

        With ``best``, only what ranks the choices: the leader searched for its exact value, every other
        only until it is shown no better than the leader's lower bound (Star1 cuts what that needs not).
        """
        order: list[int] = list(self.searched())
        if best and self.odds is None:
            order = sorted(order, key=lambda i: (-self.bounds[i][0], -self.bounds[i][1], i))
        for n, i in enumerate(order):
            lo, hi = self.bounds[i]
            window = FULL
            if best and self.odds is None and n:
                lead = max(low for low, _ in self.bounds)
                if hi <= lead:
                    continue
                window = (lead, FULL[1])
            if lo == hi:
                continue
            clo, chi = self.child(i, horizon, window)
            self.bounds[i] = (max(lo, clo), min(hi, chi))

    def value(self) -> tuple[Fraction, Fraction]:
        """The root's own interval."""
        if not self.bounds:
            over = outcome(self.state)
            v = ONE if over is not None and over.result == "win" else ZERO
            return v, v
        if self.odds is not None:
            return (sum((p * lo for p, (lo, _) in zip(self.odds, self.bounds)), ZERO),
                    sum((p * hi for p, (_, hi) in zip(self.odds, self.bounds)), ZERO))
        return max(lo for lo, _ in self.bounds), max(hi for _, hi in self.bounds)


RECURSION = 200_000
"""Python frames the search may stack (about eight per decision or draw of the current path)."""
ROUNDS = ((2, 300), (4, 1_200), (8, 4_800), (16, 20_000), (32, 80_000))
"""The rounds before the last: horizon in turns, the oracle's budget per question. The last
round has no horizon and gives the oracle whatever is left of the node budget."""
EXACT_ROUNDS = ((2, 4_800), (8, 20_000), (16, 80_000), (32, 320_000))
"""The rounds of an exact solve, which wants every value and no early bound. The round of 4 turns is
left out: on a pile of 4 tiles or fewer it proves little that the round of 8 does not prove again,
and skipping it saved about a fifth of the positions searched where the turns dominate (corpus
0012, 0072, 0030). The oracle's budgets per question are 16 times the anytime rounds': a question
cut off by its budget is asked again in a later round, and most of the oracle's work on the slowest
positions went to such questions (0028: 1.0 of its 1.3 million positions). Both measured in
``benchmarks/README.md``, issue 25 ("Speed, second pass" and "sixth pass")."""


def solve_rounds(root: Root, on_round: Callable[[Root, int], None] | None = None, best: bool = False,
                 rounds: tuple[tuple[int, int], ...] = ROUNDS, start: int = 0) -> Root:
    """Rounds until every choice at ``root`` is exact (with ``best``: until one is proven best);
    :class:`LimitReached` from the search's limits leaves the intervals proven so far in ``root.bounds``.
    ``rounds``: the rounds before the last (:data:`ROUNDS`, or :data:`EXACT_ROUNDS`). ``start``: the first
    round to run, for a search shared out after a round cut short (:mod:`solver.nightcage.chance.split`)."""
    search = root.search
    schedule = (*rounds, (NO_LOOP, None))
    with deep_calls(RECURSION):  # a path of many turns without a draw, each a few calls deep
        for r in range(start, len(schedule)):
            if root.best_proven() if best else root.settled():
                break
            search.round = r  # (the rounds are numbered the same in every share: the table's stamps compare them)
            search.oracle_nodes = schedule[r][1]
            root.run_round(schedule[r][0], best)
            if on_round is not None:
                on_round(root, r)
    if not (root.best_proven() if best else root.settled()):
        # the last round has no limit but the search's
        raise RuntimeError("the chance search ended a round without limits unsettled (a bug: please report it)")
    return root


__all__ = ["EXACT_ROUNDS", "Entry", "FastExpectimax", "Root", "ask_oracle", "frontier_key", "key_number", "solve_rounds"]
