"""The end-game oracle: win or lose, fast, for many deterministic positions of one game.

:class:`EndgameOracle` answers whether some sequence of turns still wins (no
plan, no optimality): the bot, hints, hindsight and expectimax ask it about
hundreds of positions that share most of their futures. Final Flickers
positions go to the kernel (:mod:`solver.nightcage.endgame.kernel`); a pile of known
order is played turn by turn through the rules engine
(:mod:`solver.nightcage.rules.whole_turns`); positions the kernel does not cover go to
the exact search (:func:`solver.nightcage.endgame.search.solve`). It raises
:class:`LimitReached` when its node budget, deadline or stop request ends a question.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from solver.base.errors import LimitReached, NotCovered
from solver.base.limits import Limits, PositionBudget
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, turns_needed_anywhere, win_bound
from solver.nightcage.endgame.nerve_order import Identity, ProvenByNerve, identity, undominated
from solver.nightcage.endgame.search import DEFAULT_MAX_NODES, solve
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.outcome import outcome
from solver.nightcage.rules.whole_turns import NotDeterministic, turn_results


class EndgameOracle:
    """Win or lose, fast, for many Final Flickers positions of one game (no plan, no optimality).

    Expectimax values hundreds of end-game positions that share most of their
    futures; a depth-first search for any win, trying the children the lower
    bound likes best first, with the positions proven lost remembered across
    calls, answers them far faster than an optimal search per position. A position
    proven lost also answers for those with less Nerve, and one proven won for those
    with more (:mod:`solver.nightcage.endgame.nerve_order`).

    ``budget`` bounds the positions it remembers (shared with the caller's own
    tables, when the caller registered them): when it is full, the question
    under way ends with :class:`LimitReached`. None: no bound. ``compiled_budget``,
    when given, holds the compiled search's memory on its own (a position there is a
    fingerprint of a few dozen bytes, where a Python table's is a key of hundreds:
    :data:`solver.base.limits.DEFAULT_COMPILED_MAX_POSITIONS`); otherwise ``budget`` counts it too.

    With the compiled kernel the depth-first search over kernel positions runs in C
    (``kernel/csrc/oracle.c``, the same search) and remembers the positions proven by
    their canonical key's fingerprint; ``compiled=False`` keeps it in Python, the
    reference. Either way :meth:`known` says what is remembered of a position.
    """

    def __init__(self, max_nodes: int = DEFAULT_MAX_NODES, should_stop: Callable[[], bool] | None = None,
                 budget: PositionBudget | None = None, compiled: bool = True,
                 compiled_budget: PositionBudget | None = None, nerve_order: bool = True) -> None:
        self.lost: set[Any] = set()
        self.won: set[Any] = set()
        """Positions proven by the search through the rules engine (a pile of known order)."""
        self.nerve_order = nerve_order
        """False: no position answers for another with other Nerve, and dominated siblings are tried (the
        oracle before issue 25's eighth pass, for benchmarks and as a check); only the Python search has it."""
        self.kernel_lost = ProvenByNerve(lost=True, ordered=nerve_order)
        self.kernel_won = ProvenByNerve(lost=False, ordered=nerve_order)
        """Kernel positions proven by the Python search (the compiled one keeps its own)."""
        self.compiled = eg.compiled_oracle() if compiled and nerve_order else None
        self.max_nodes = max_nodes
        self.expanded = 0
        self.should_stop = should_stop
        """Polled with the clock: a true answer ends the current question with :class:`LimitReached`."""
        self.budget = budget if budget is not None else PositionBudget(None)
        self.compiled_budget = compiled_budget if compiled_budget is not None else self.budget
        """The budget the compiled memory counts against (``budget`` itself unless one was given)."""
        self.budget.keep(self.won, self.lost, self.kernel_won, self.kernel_lost)
        self.compiled_budget.keep(_Remembered(self))

    def forget(self) -> None:
        """Drop the positions proven so far (they are a cache: answers stay the same, only slower)."""
        self.won.clear()
        self.lost.clear()
        self.kernel_won.clear()
        self.kernel_lost.clear()
        if self.compiled is not None:
            self.compiled.forget()

    def memory_full(self) -> bool:
        """Either budget is full: no question can be settled any more."""
        return self.budget.full() or self.compiled_budget.full()

    def remembered(self) -> int:
        """Positions proven won or lost and remembered."""
        compiled = sum(self.compiled.sizes()) if self.compiled is not None else 0
        return len(self.won) + len(self.lost) + len(self.kernel_won) + len(self.kernel_lost) + compiled

    def known(self, k: Any) -> str | None:
        """``win`` or ``lose`` when the kernel position ``k`` was proven so (itself, or one it dominates
        or is dominated by: :mod:`~solver.nightcage.endgame.nerve_order`) and is remembered, else None."""
        if self.compiled is not None:
            found = self.compiled.known(k)
            if found is not None:
                return found
        ident = identity(k)
        return "win" if self.kernel_won.covers(ident) else "lose" if self.kernel_lost.covers(ident) else None

    def wins(self, state: GameState, deadline: float | None = None) -> bool:
        """Whether some sequence of turns wins from this deterministic position.

        Final Flickers positions go to the kernel; a pile of known order is
        played turn by turn through the rules engine until it runs out.
        Raises :class:`LimitReached` when the node budget or the deadline runs out.
        """
        over = outcome(state)
        if over is not None:
            return over.result == "win"
        if state.pending is None and state.pile.count == 0:
            try:
                root = eg.from_state(state)
            except NotCovered:  # not a kernel position (advanced pieces): the full search
                time_limit = None if deadline is None else max(0.0, deadline - time.perf_counter())
                limits = Limits(max_nodes=self.max_nodes, time_limit=time_limit, max_positions=self.budget.left())
                sol = solve(state, limits=limits, should_stop=self.should_stop)
                if sol.verdict == "unknown":
                    raise LimitReached(sol.reason or "limit reached") from None
                return sol.verdict == "win"
            return self.wins_kernel(root, deadline)
        if state.pile.count and not state.pile.known:
            raise NotDeterministic("the pile's order is unknown")
        won, _ = self._engine_dfs(state, deadline, {})
        return won

    # Both searches below meet positions already on the current path (a turn
    # can come back to an earlier position).  Such a repeat is not a win, but
    # a position whose only hope ran through a repeat is not proven lost
    # either: the ancestor might still win another way.  So, as in Tarjan's
    # algorithm, each position tracks the shallowest path depth its subtree
    # leaned on ("low"), and it is remembered as lost only when that depth is
    # not above its own.

    def _engine_dfs(self, state: GameState, deadline: float | None, on_path: dict[GameState, int]) -> tuple[bool, int]:
        """Depth-first over whole turns through the rules engine, down to the end-game."""
        if state in self.won:
            return True, _NO_LOOP
        if state in self.lost:
            return False, _NO_LOOP
        if state in on_path:
            return False, on_path[state]
        self._count(deadline)
        depth = len(on_path)
        on_path[state] = depth
        low = _NO_LOOP
        try:
            for result in _hopeful(turn_results(state, include_losses=False)):
                self._check_time(deadline)
                after = result.state
                if result.result == "win":
                    won = True
                elif after.pile.count == 0 and after.pending is None:
                    won = self.wins(after, deadline)
                else:
                    won, child_low = self._engine_dfs(after, deadline, on_path)
                    low = min(low, child_low)
                if won:
                    self.won.add(state)
                    return True, _NO_LOOP
        finally:
            del on_path[state]
        if low >= depth:
            self.lost.add(state)
        return False, low

    def wins_kernel(self, root: Any, deadline: float | None = None) -> bool:
        """:meth:`wins` for a Final Flickers position given as the kernel's (not over, its prisoners placed)."""
        if self.compiled is not None:
            memory = self.compiled_budget
            room = None if memory.limit is None else memory.limit - memory.kept()
            answer = self.compiled.wins(root, self.max_nodes - self.expanded, room, lambda _: self._limit(deadline))
            if answer is not None:
                status, expanded = answer
                self.expanded += expanded
                if status == "node":
                    raise LimitReached(f"more than {self.max_nodes:,} end-game positions")
                if status == "memory":
                    raise LimitReached(memory.reason())
                if status in ("time", "stop"):
                    raise LimitReached(_STOPPED[status])
                return status == "win"
        return self._python_dfs(root, deadline)

    def _limit(self, deadline: float | None) -> str | None:
        """The compiled search's tick: ``time`` or ``stop`` when the question must end."""
        if deadline is not None and time.perf_counter() > deadline:
            return "time"
        if self.should_stop is not None and self.should_stop():
            return "stop"
        return None

    def _python_dfs(self, root: Any, deadline: float | None) -> bool:
        key = identity(root)
        if self.kernel_won.covers(key):
            return True
        if self.kernel_lost.covers(key):
            return False
        on_path: dict[Identity, int] = {key: 0}
        # frames: [identity, children (identity, position) still to try, low]
        stack: list[list[Any]] = [[key, self._children(root), _NO_LOOP]]
        while stack:
            frame = stack[-1]
            k, children, low = frame
            if not children:
                stack.pop()
                depth = on_path.pop(k)
                if low >= depth:
                    self.kernel_lost.add(k)
                if stack:
                    stack[-1][2] = min(stack[-1][2], low)
                continue
            ck, child = children.pop()
            if child is WIN or self.kernel_won.covers(ck):
                for done in stack:
                    self.kernel_won.add(done[0])
                return True
            if self.kernel_lost.covers(ck):
                continue
            if ck in on_path:
                frame[2] = min(low, on_path[ck])
                continue
            self._count(deadline)
            on_path[ck] = len(stack)
            stack.append([ck, self._children(child), _NO_LOOP])
        return False

    def _children(self, k: Any) -> list[tuple[Identity | None, Any]]:
        """The turn results worth trying with their identities, best last (they are popped): a win,
        if any, alone; none a sibling dominates (:func:`~solver.nightcage.endgame.nerve_order.undominated`)."""
        hopeful = []
        for after, _ in eg.successors(k, include_losses=False):
            if eg.outcome(after) == "win":
                return [(None, WIN)]
            h = win_bound(after)
            if h >= INFINITE:
                continue
            hopeful.append((identity(after), (h, after)))
        if self.nerve_order:
            hopeful = undominated(hopeful)
        hopeful.sort(key=lambda item: -item[1][0])  # stable: of one bound, the order found
        return [(ident, after) for ident, (_, after) in hopeful]

    def _check_time(self, deadline: float | None) -> None:
        limit = self._limit(deadline)
        if limit is not None:
            raise LimitReached(_STOPPED[limit])

    def _count(self, deadline: float | None) -> None:
        self.expanded += 1
        if self.expanded > self.max_nodes:
            raise LimitReached(f"more than {self.max_nodes:,} end-game positions")
        if self.budget.full():
            raise LimitReached(self.budget.reason())
        if self.expanded % 64 == 0:
            self._check_time(deadline)


def _hopeful(results: Iterator[Any]) -> Iterator[Any]:
    """Turn results, lazily (the engine yields them one by one), without the hopeless ones.

    (Sorting them, wins first then by the fewest turns still needed, was tried:
    it needs the whole turn enumerated before the first step down, helped some
    piles and hurt others about as much.)
    """
    for r in results:
        if r.result == "win" or turns_needed_anywhere(r.state) < INFINITE:
            yield r


WIN = object()
"""A child marker: this turn wins."""

_STOPPED = {"time": "the time limit was reached", "stop": "stopped on request"}


class _Remembered:
    """The compiled oracle's positions remembered, as a size the position budget counts."""

    def __init__(self, oracle: EndgameOracle) -> None:
        self.oracle = oracle

    def __len__(self) -> int:
        return sum(self.oracle.compiled.sizes()) if self.oracle.compiled is not None else 0

_NO_LOOP = 1 << 30
"""A low-link meaning: this subtree never leaned on a position on the path."""


__all__ = ["EndgameOracle"]
