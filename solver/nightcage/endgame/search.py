"""The exact search planner: can the group still regroup at a gate, and how, at best?

A* over whole turns. A node is a position at the start of a turn (or the
position given, possibly mid-turn); an edge is one prisoner's whole turn. The
cost of a plan is ``(turns, Nerve spent)`` compared in that order (objective
``turns``) or the other (``nerve``); the heuristic is the consistent lower
bound of :mod:`solver.nightcage.endgame.bounds` on the turns (path lengths in the Final
Flickers; bare-torus distances while tiles may still be drawn, since new
tiles can open any path). The first
win taken off the queue is therefore optimal; if the queue empties, no
sequence of turns wins.

End-game nodes are kernel positions (:mod:`solver.nightcage.endgame.kernel`), deduplicated
by their canonical key (irrelevant tiles abstracted, :func:`bounds.canonical`);
other nodes are rules-engine positions expanded by :mod:`solver.nightcage.rules.whole_turns`.
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.base.errors import NotCovered
from solver.base.limits import NO_LIMITS, Limits, PositionBudget, compiled_max_positions, max_positions
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, canonical, turns_needed_anywhere, win_bound
from solver.nightcage.endgame.plan import Objective, Planner, PlanTurn, Solution, Stats, Verdict, already_over, objective_of, verify
from solver.nightcage.endgame.reasons import loss_reason
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.whole_turns import NotDeterministic, turn_results

DEFAULT_MAX_NODES = 2_000_000


@dataclass
class _Entry:
    cost: tuple[int, int]
    """(turns, nerve) so far."""
    parent: Any
    turn: PlanTurn | None
    node: Any


def solve(
    state: GameState,
    *,
    objective: str = Objective.TURNS,
    limits: Limits = NO_LIMITS,
    canonical_keys: bool = True,
    bounds: bool = True,
    eager_bounds: bool = True,
    progress: Callable[[dict[str, Any]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    compiled: bool = True,
) -> Solution:
    """Solve a deterministic position exactly (within the limits).

    Args:
        state: a position whose future no draw decides (Final Flickers, or a
            known pile order).
        objective: ``turns`` (fewest turns, then fewest Nerve) or ``nerve``.
        limits: ``max_nodes`` (positions expanded; 2,000,000 when None), ``max_positions``
            (positions kept in its tables, its memory budget; :data:`solver.base.limits.DEFAULT_MAX_POSITIONS`
            when None, :data:`solver.base.limits.DEFAULT_COMPILED_MAX_POSITIONS` for the compiled search)
            and ``time_limit`` (seconds; none when None); when one is reached the verdict is
            ``unknown``, with the bound proven so far in the reason.
            ``report_every`` paces ``progress``.
        canonical_keys, bounds: the pruning of :mod:`solver.nightcage.endgame.bounds` (switchable so that
            tests can check it changes no answer).
        eager_bounds: bound each end-game child when it is generated and drop the dead ends
            (a bound of INFINITE) there, instead of queueing it with its parent's bound and
            bounding it when it comes off the queue (lazy). Most Final Flickers children are
            discards that cut a prisoner off every gate: dead ends that the lazy search queues,
            pops and bounds one by one. Either way a dead end is never expanded, so the answers
            are the same (switchable so that tests can check it).
        progress: called every ``limits.report_every`` seconds with the positions expanded so far and
            the proven lower bound on the optimal cost (for a watching client).
        should_stop: polled between expansions; when it answers true the verdict is ``unknown``.
        compiled: an end-game root is searched by the compiled search (``kernel/csrc/search.c``)
            when the compiled kernel runs and the three switches above are on; this module's
            loop is its reference (False forces it). Both give the same verdict, turns, Nerve
            and plan length; the positions expanded may differ (the compiled search keeps one
            position per canonical key where this loop keeps each position, so it meets fewer).

    Raises:
        NotDeterministic: the pile's order is unknown.
    """
    goal = objective_of(objective)
    started = time.perf_counter()
    answered = already_over(state, Planner.SEARCH, goal, started)
    if answered is not None:
        return answered
    if state.pile.count and not state.pile.known:
        raise NotDeterministic("the pile's order is unknown: a deterministic plan does not exist")
    max_nodes = DEFAULT_MAX_NODES if limits.max_nodes is None else limits.max_nodes
    search = _Search(state, goal, max_nodes, limits.time_limit, canonical_keys, bounds, started)
    search.eager = eager_bounds and bounds
    search.compiled = compiled and canonical_keys and search.eager
    search.budget = PositionBudget(max_positions(limits))
    search.budget.keep(search.entries, search.closed)
    search.position_limit = search.budget.limit
    search.compiled_budget = PositionBudget(compiled_max_positions(limits))
    search.progress, search.should_stop, search.report_every = progress, should_stop, limits.report_every
    search.next_report = started + limits.report_every
    return search.run()


class _Search:
    """One best-first search: its limits, its tables, the Python loop and the compiled search's callbacks.

    Size: the Python loop (the reference) and the compiled search (its tick, its answer read back into turns)
    share every limit, counter and answer of one search; split, each half would reach into the other's state.
    """

    def __init__(
        self,
        root: GameState,
        objective: Objective,
        max_nodes: int,
        time_limit: float | None,
        canonical_keys: bool,
        bounds: bool,
        started: float,
    ) -> None:
        self.root = root
        self.objective = objective
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else started + time_limit
        self.canonical_keys = canonical_keys
        self.bounds = bounds
        self.eager = False
        """Bound end-game children as they are generated (see :func:`solve`)."""
        self.started = started
        self.names = tuple(p.name for p in root.prisoners)
        self.entries: dict[Any, _Entry] = {}
        self.closed: set[Any] = set()
        """Keys of the positions expanded (or proven dead ends)."""
        self.budget = PositionBudget(None)
        self.position_limit: int | None = None
        """The budget's limit on ``entries`` and ``closed`` together (read directly: the budget counts those two)."""
        self.compiled_budget = PositionBudget(None)
        """The compiled search's budget (counted in C, so no tables here): its positions weigh far less, so its
        default is larger."""
        self.queue: list[tuple[Any, ...]] = []
        self.tie = itertools.count()
        self.expanded = 0
        self.generated = 0
        self.progress: Callable[[dict[str, Any]], None] | None = None
        self.should_stop: Callable[[], bool] | None = None
        self.report_every = 0.25
        self.next_report = started
        self.proven_bound = 0
        """The largest A* key popped so far: no plan costs less (the first component of the objective)."""
        self.compiled = False
        """Search an end-game root with the compiled search (see :func:`solve`)."""
        self.kept: int | None = None
        """The compiled search's positions kept (its tables are not ``entries``)."""

    # -- nodes ----------------------------------------------------------------------------

    def node_of(self, state: GameState) -> Any:
        """A kernel position when the kernel covers it, else the engine position."""
        if state.pending is None and state.pile.count == 0:
            try:
                return eg.from_state(state)
            except NotCovered:
                return state
        return state

    def key_of(self, node: Any) -> Any:
        if isinstance(node, GameState):
            return node
        return canonical(node) if self.canonical_keys else node

    def lower_bound(self, node: Any) -> int:
        if not self.bounds:
            return 0
        if isinstance(node, GameState):
            return turns_needed_anywhere(node)
        return win_bound(node)

    def edges(self, node: Any) -> list[tuple[Any, PlanTurn, str | None]]:
        """The turns from ``node``: (next node, the turn, ``win`` or None). Losses are left out."""
        if isinstance(node, GameState):
            name = node.active.name
            out = []
            for r in turn_results(node, include_losses=False):
                # One turn of a long pile can have thousands of ends: the clock is read per end.
                if self.deadline is not None and time.perf_counter() > self.deadline:
                    raise _Stopped("time")
                out.append((self.node_of(r.state), PlanTurn(name, r.actions, r.nerve), r.result))
            return out
        ps = node[eg.PRISONERS :]
        active = node[eg.TURN]
        before = ps[active]
        out = []
        for after, actions in eg.successors(node, include_losses=False):
            spent = eg.nerve_spent(before, after[eg.PRISONERS + active], actions)
            out.append((after, PlanTurn(self.names[active], actions, spent), eg.outcome(after)))
        return out

    # -- the search -------------------------------------------------------------------------

    def priority(self, cost: tuple[int, int], h: int) -> tuple[int, int, int]:
        """The A* key: the cost's lower bound, then deeper positions first among equals.

        Breaking ties toward more turns played keeps the search on a plateau's
        far side, where the win is; it cannot change which cost is popped first.
        """
        turns, nerve = cost
        if self.objective == "turns":
            return (turns + h, nerve, -turns)
        return (nerve, turns + h, -turns)

    def better(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        if self.objective == "turns":
            return a < b
        return (a[1], a[0]) < (b[1], b[0])

    def push(self, key: Any, entry: _Entry, h: int, exact: bool) -> None:
        """Queue a position reached at ``entry.cost``, unless it was reached no dearer before.

        ``h`` is its lower bound when ``exact``, else a provisional one (its
        parent's bound minus one, which consistency guarantees): the bound is
        computed only when the position comes off the queue (lazy A*), since
        most children never do.
        """
        old = self.entries.get(key)
        if old is not None and not self.better(entry.cost, old.cost):
            return
        self.entries[key] = entry
        if self.position_limit is not None and len(self.entries) + len(self.closed) >= self.position_limit:
            raise _Stopped("memory")
        heapq.heappush(self.queue, (self.priority(entry.cost, h), next(self.tie), key, h, exact, entry.cost))

    def run(self) -> Solution:
        root = self.node_of(self.root)
        if self.compiled and not isinstance(root, GameState):
            # The compiled search asks for a stop only now and then: a stop asked before it starts ends it here,
            # as it ends the Python loop before its first expansion.
            limit = self.limit_reached()
            if limit is not None:
                return self.unknown(limit)
            answer = eg.compiled_search(root, self.objective == "nerve", self.max_nodes, self.compiled_budget.limit, self.tick)
            if answer is not None:
                return self.compiled_answer(root, answer)
        h = self.lower_bound(root)
        if h >= INFINITE:
            return self.lost(root)
        try:
            self.push(root, _Entry((0, 0), None, None, root), h, True)
        except _Stopped as stop:
            return self.unknown(stop.limit)
        closed = self.closed
        while self.queue:
            limit = self.limit_reached()
            if limit is not None:
                return self.unknown(limit)
            priority, _, key, h, exact, cost = heapq.heappop(self.queue)
            self.proven_bound = max(self.proven_bound, priority[0])
            if self.progress is not None and time.perf_counter() >= self.next_report:
                self.report()
            entry = self.entries[key]
            if entry.cost != cost:
                continue  # superseded by a cheaper way to the same position
            if isinstance(key, tuple) and key and key[0] == "win":
                return self.won(entry)
            done = self.key_of(entry.node)
            if done in closed:
                continue
            if not exact:
                h = self.lower_bound(entry.node)
                if h >= INFINITE:
                    closed.add(done)  # a dead end, however it is reached
                    continue
                if self.priority(cost, h) > priority:
                    heapq.heappush(self.queue, (self.priority(cost, h), next(self.tie), key, h, True, cost))
                    continue
            closed.add(done)
            try:
                self.expand(key, entry, h)
            except _Stopped as stop:
                return self.unknown(stop.limit)
        return self.lost(root)

    def expand(self, key: Any, entry: _Entry, h: int) -> None:
        self.expanded += 1
        if not isinstance(entry.node, GameState) and self.eager:
            self.expand_kernel(key, entry)
            return
        for node, turn, result in self.edges(entry.node):
            self.generated += 1
            cost = (entry.cost[0] + 1, entry.cost[1] + turn.nerve)
            if result == "win":
                self.push(("win", self.generated), _Entry(cost, key, turn, node), 0, True)
            else:
                self.push(node, _Entry(cost, key, turn, node), max(0, h - 1), False)

    def expand_kernel(self, key: Any, entry: _Entry) -> None:
        """:meth:`expand` of an end-game position, children bounded as they come (the hot loop).

        The same children as :meth:`edges`, with no turn object made for those
        dropped: the kernel leaves lost results out, so a result is a win or a
        position to bound (one the rules would call lost has no gate or too
        few keys, and its bound is INFINITE).
        """
        node = entry.node
        active = node[eg.TURN]
        slot = eg.PRISONERS + active
        before = node[slot] >> eg.NERVE_SHIFT & 3
        name = self.names[active]
        turns, nerve = entry.cost[0] + 1, entry.cost[1]
        lower_bound = self.lower_bound
        won = eg.won
        for after, actions in eg.successors(node, include_losses=False):
            self.generated += 1
            spent = before - (after[slot] >> eg.NERVE_SHIFT & 3)
            cost = (turns, nerve + spent) if spent > 0 else (turns, nerve)
            if after[eg.TURN] == active and won(after[eg.PRESENT : eg.PRISONERS], after[eg.PRISONERS :]):
                self.push(("win", self.generated), _Entry(cost, key, PlanTurn(name, actions, cost[1] - nerve), after), 0, True)
                continue
            old = self.entries.get(after)
            if old is not None and not self.better(cost, old.cost):
                continue  # reached no dearer before: bounded then
            h = lower_bound(after)
            if h < INFINITE:
                self.push(after, _Entry(cost, key, PlanTurn(name, actions, cost[1] - nerve), after), h, True)

    # -- the compiled search ------------------------------------------------------------------

    def tick(self, expanded: int, generated: int, bound: int) -> str | None:
        """Called by the compiled search now and then: the limit reached (it stops), or None."""
        self.expanded, self.generated, self.proven_bound = expanded, generated, bound
        if self.progress is not None and time.perf_counter() >= self.next_report:
            self.report()
        if self.should_stop is not None and self.should_stop():
            return "stop"
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return "time"
        return None

    def compiled_answer(self, root: eg.K, answer: eg.SearchAnswer) -> Solution:
        """The Solution of the compiled search's answer: its path read back into turns, then replayed."""
        status, self.expanded, self.generated, self.kept, self.proven_bound, path = answer
        if status == "lose":
            return self.lost(root)
        if status != "win" or path is None:
            return self.unknown(status)
        turns = []
        for before, after in zip(path, path[1:]):
            active = before[eg.TURN]
            actions = eg.successor_map(before, include_losses=False)[after]
            spent = eg.nerve_spent(before[eg.PRISONERS + active], after[eg.PRISONERS + active], actions)
            turns.append(PlanTurn(self.names[active], actions, spent))
        plan = tuple(turns)
        verify(self.root, plan)
        return Solution(Verdict.WIN, Planner.SEARCH, self.objective, plan, None, self.stats(True))

    def limit_reached(self) -> str | None:
        """The limit reached (``node``, ``stop`` or ``time``), or None."""
        if self.expanded >= self.max_nodes:
            return "node"
        if self.should_stop is not None and self.should_stop():
            return "stop"
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return "time"
        return None

    def report(self) -> None:
        assert self.progress is not None
        self.next_report = time.perf_counter() + self.report_every
        bound = "turns_at_least" if self.objective == "turns" else "nerve_at_least"
        self.progress({"stage": "search", "nodes": self.expanded, "generated": self.generated, bound: self.proven_bound,
                       "proven": False})

    # -- results ------------------------------------------------------------------------------

    def stats(self, proven: bool, notes: tuple[str, ...] = ()) -> Stats:
        return Stats(self.expanded, self.generated, time.perf_counter() - self.started, proven, None, notes)

    def won(self, entry: _Entry) -> Solution:
        turns: list[PlanTurn] = []
        while entry.turn is not None:
            turns.append(entry.turn)
            entry = self.entries[entry.parent]
        plan = tuple(reversed(turns))
        verify(self.root, plan)
        return Solution(Verdict.WIN, Planner.SEARCH, self.objective, plan, None, self.stats(True))

    def lost(self, root: Any) -> Solution:
        reason = loss_reason(self.root, root, self.expanded)
        return Solution(Verdict.LOSE, Planner.SEARCH, self.objective, (), reason, self.stats(True))

    def unknown(self, limit: str) -> Solution:
        seen = len(self.entries) if self.kept is None else self.kept
        counts = f"after {self.expanded:,} positions expanded ({seen:,} seen)"
        if limit == "stop":
            reason = f"stopped on request {counts}"
        elif limit == "memory":  # ``kept`` is the compiled search's count, read back from C
            reason = f"{(self.budget if self.kept is None else self.compiled_budget).reason()} {counts}"
        else:
            reason = f"the {limit} limit was reached {counts}"
        if self.proven_bound:
            unit = ("turn" if self.proven_bound == 1 else "turns") if self.objective == "turns" else "Nerve"
            reason += f"; a win would need at least {self.proven_bound} {unit}"
        return Solution(Verdict.UNKNOWN, Planner.SEARCH, self.objective, (), reason, self.stats(False))


class _Stopped(Exception):
    """A limit was reached in the middle of an expansion (``time`` or ``memory``)."""

    def __init__(self, limit: str) -> None:
        super().__init__(limit)
        self.limit = limit


__all__ = ["solve", "NotDeterministic"]
