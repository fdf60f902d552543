"""Is a Final Flickers puzzle's optimal solution unique? Two independent proofs.

Counting every choice of which irrelevant tile burns, no end-game solution is
ever unique (a finding of the research notes), so uniqueness is stated on a projection, the
**line** of a plan (docs/puzzles.md):

* for each turn but the last, where every prisoner stands when the turn ends,
  with its candle (lit or Lights Out), its Nerve and whether it holds a key:
  the prisoner half of the end-game kernel position (:mod:`solver.nightcage.endgame.kernel`),
  one int per prisoner;
* for the winning turn, the Nerve it spends (the gate it ends on is the one
  the others already stand on).

Two optimal (fewest turns) winning plans are **equivalent** when their lines
are equal. What the projection forgets: which tile each Final Flickers
discard burns, the route a prisoner takes to the cell it ends its turn on,
and the order of key passes; what it keeps: every move's destination, every
stay, every Nerve spent (a hold, a move again, a Charge), every candle put out
or relit, every key changing hands.

Optimal means the project's usual cost, fewest turns and then fewest Nerve
(docs/planners.md): a plan that wastes a Nerve is not optimal.

The two proofs share nothing but the rules (each is checked against the
engine by its own tests):

* :func:`search_lines`: a depth-first walk over whole kernel turns that keeps
  only turns still on an optimal path (an exact "wins within d turns" test,
  memoised on the search's canonical key), collecting the distinct lines;
* :func:`cpsat_lines`: the CP-SAT model at the optimal horizon ``H`` (``H -
  1`` infeasible proves it optimal; or, given the optimum the search claims, one
  model of that horizon whose proven optimum wins in exactly ``H`` turns),
  solved again and again with a no-good cut on the line just found until it
  is infeasible.

Both stop once ``cap`` lines are found (2 suffices to refute uniqueness).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from ortools.sat.python import cp_model

from solver.base.errors import LimitReached
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, canonical, turns_left, turns_needed
from solver.nightcage.endgame.cpsat.board import board_of, tables_of
from solver.nightcage.endgame.cpsat.lits import value_of
from solver.nightcage.endgame.cpsat.model import FlickersModel

Line = tuple[Any, ...]
"""A plan's line: one tuple of prisoner ints per turn but the last, then ``("win", nerve)``."""

DEFAULT_CAP = 2
CPSAT_SECONDS = 30.0
"""Safety cap per CP-SAT model (the models of a puzzle solve in milliseconds)."""


class UniquenessUnknown(LimitReached):
    """A proof ran out of its budget before it could answer."""


Branch = tuple[int | None, Any, Callable[[], frozenset[Line]]]
"""One end of a turn on an optimal path: the Nerve of a win (None otherwise), the
line's step after that turn, and the lines from there (computed only when asked)."""


def join_lines(branches: Iterable[Branch], cap: int) -> frozenset[Line]:
    """The distinct lines through a turn's optimal ends, at most ``cap``: a win ends a
    line; another end puts its step before each line that follows it.

    >>> lines = join_lines([(1, None, frozenset), (None, "s", lambda: frozenset({(("win", 0),)}))], 5)
    >>> sorted(lines, key=repr)
    [('s', ('win', 0)), (('win', 1),)]
    """
    found: set[Line] = set()
    for won, step, rest in branches:
        if won is not None:
            found.add((("win", won),))
        else:
            for tail in rest():
                found.add((step, *tail))
                if len(found) >= cap:
                    break
        if len(found) >= cap:
            break
    return frozenset(found)


# -- the search proof ---------------------------------------------------------------------------


class LineSearch:
    """Optimal lines of one position, by depth-first search over whole turns.

    ``cost(k, d)`` is exact: the least Nerve a win within ``d`` turns spends
    (an exhaustive search bounded by ``d``), so a turn is on an optimal path
    exactly when its Nerve plus its result's cost with one turn less equals
    the position's cost. Results are memoised on
    :func:`solver.nightcage.endgame.bounds.canonical`, which keeps the prisoner half of the
    position, so lines are unaffected.
    """

    def __init__(self, max_nodes: int = 200_000) -> None:
        self.max_nodes = max_nodes
        self.expanded = 0
        self._cost: dict[tuple[Any, int], int] = {}
        self._lines: dict[tuple[Any, int, int], frozenset[Line]] = {}
        self._succ: dict[Any, list[tuple[Any, int, bool]]] = {}
        self._facts: dict[Any, tuple[int, Any]] = {}
        self._boards: dict[tuple[object, ...], tuple[object, ...]] = {}  # canonical's board parts (one context)

    def successors(self, k: Any) -> list[tuple[Any, int, bool]]:
        """Each distinct turn result: (position, Nerve spent, won)."""
        found = self._succ.get(k)
        if found is None:
            self.expanded += 1
            if self.expanded > self.max_nodes:
                raise UniquenessUnknown(f"more than {self.max_nodes:,} positions expanded")
            here = eg.PRISONERS + k[eg.TURN]
            nerve = k[here] >> eg.NERVE_SHIFT & 3
            is_won, gate, pos, shift = eg.is_won, eg.GATE, eg.POS, eg.NERVE_SHIFT
            # The Nerve spent is eg.nerve_spent (a rise is a stay's gain, nothing spent), inlined;
            # a win needs the active prisoner on a gate, a cheap test that spares most is_won calls.
            found = [
                (after, max(0, nerve - (after[here] >> shift & 3)), bool(after[gate] >> (after[here] & pos) & 1) and is_won(after))
                for after, _ in eg.successors(k, include_losses=False)
            ]
            self._succ[k] = found
        return found

    def cost(self, k: Any, d: int) -> int:
        """The least Nerve spent by a win within ``d`` turns from ``k`` (INFINITE: no such win)."""
        if d <= 0:
            return INFINITE
        h, canon = self.facts(k)
        if h > d:
            return INFINITE
        key = (canon, d)
        known = self._cost.get(key)
        if known is not None:
            return known
        best = INFINITE
        # Every child is evaluated (no pruning on the Nerve found so far): what the search
        # visits then does not depend on the order of the successors, so neither does the
        # proof's size, a feature of the grade (symmetric positions get the same grade).
        # A child's facts and known cost are looked up here rather than by a call to
        # ``cost`` (the same answers: a child out of reach costs INFINITE and is not kept).
        facts, costs, rest = self._facts, self._cost, d - 1
        for after, spent, won in self.successors(k):
            if won:
                if spent < best:
                    best = spent
            elif rest:
                h, child = facts.get(after) or self.facts(after)
                if h > rest:
                    continue
                c = costs.get((child, rest))
                if c is None:
                    c = self.cost(after, rest)
                if spent + c < best:
                    best = spent + c
        self._cost[key] = best
        return best

    def facts(self, k: Any) -> tuple[int, Any]:
        """(the turns a win needs at least, INFINITE when the board cannot last that long;
        the canonical key), remembered: a position is met at many depths."""
        found = self._facts.get(k)
        if found is None:
            h = turns_needed(k)
            if h < INFINITE and h > turns_left(k):
                h = INFINITE
            found = self._facts[k] = (h, canonical(k, self._boards) if h < INFINITE else None)
        return found

    @property
    def evaluated(self) -> int:
        """(position class, turns left) pairs whose cost was computed: the proof's size."""
        return len(self._cost)

    def wins_within(self, k: Any, d: int) -> bool:
        return self.cost(k, d) < INFINITE

    def distance(self, k: Any, limit: int) -> int | None:
        """The fewest turns that win from ``k`` (None: none within ``limit``)."""
        low = turns_needed(k)
        if low >= INFINITE:
            return None
        for d in range(max(1, low), limit + 1):
            if self.wins_within(k, d):
                return d
        return None

    def lines(self, k: Any, d: int, cap: int = DEFAULT_CAP) -> frozenset[Line]:
        """Distinct lines of the optimal wins in ``d`` turns from ``k`` (the fewest Nerve among
        the wins within ``d``), at most ``cap`` of them. The caller guarantees no win takes
        fewer than ``d`` turns."""
        key = (self.facts(k)[1], d, cap)
        known = self._lines.get(key)
        if known is not None:
            return known
        target = self.cost(k, d)

        def branches() -> Iterator[Branch]:
            for after, spent, won in self.successors(k):
                if d == 1:
                    if won and spent == target:
                        yield spent, None, frozenset
                elif not won and spent + self.cost(after, d - 1) == target:
                    yield None, after[eg.PRISONERS :], partial(self.lines, after, d - 1, cap)

        out = join_lines(branches(), cap)
        self._lines[key] = out
        return out


def search_lines(k: Any, turns: int, cap: int = DEFAULT_CAP, max_nodes: int = 200_000) -> frozenset[Line]:
    """The optimal lines of kernel position ``k`` whose optimum is ``turns`` (search proof)."""
    return LineSearch(max_nodes).lines(k, turns, cap)


# -- the CP-SAT proof ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CpsatProof:
    """What the CP-SAT proof found: the optimum it proved and the lines (at most ``cap``)."""

    turns: int | None
    """The fewest turns (``turns - 1`` proven infeasible), None when no win within ``limit``."""
    nerve: int | None
    """The fewest Nerve a win in ``turns`` turns spends."""
    lines: frozenset[Line]
    models: int


def cpsat_lines(k: Any, limit: int, cap: int = DEFAULT_CAP, seconds: float = CPSAT_SECONDS, expect: int | None = None) -> CpsatProof:
    """The optimum and optimal lines of ``k`` by CP-SAT alone: horizons from the lower bound up to
    ``limit``; at the first feasible one, solutions are enumerated with a no-good cut on the line.

    ``expect``: the optimum another proof claims. One model of that horizon is then solved for
    fewest turns, then fewest Nerve: a model of horizon ``H`` holds every win within ``H`` turns
    (:mod:`solver.nightcage.endgame.cpsat.model`), so an optimum proven to win in ``H`` turns
    proves no horizon below feasible, as the walk up from the bound would, and its solution is
    the first line. When it does not (a shorter win, none, or no proven optimum), the walk up
    runs as without ``expect``: the answer is the same either way, only cheaper when the claim holds."""
    board = board_of(k)
    tables = tables_of(board)
    low = turns_needed(k)
    if low >= INFINITE:
        return CpsatProof(None, None, frozenset(), 0)
    if expect is not None and max(1, low) <= expect <= limit:
        shortcut = _at_expected(board, tables, expect, cap, seconds)
        if shortcut is not None:
            return shortcut
    models = 0
    for h in range(max(1, low), limit + 1):
        probe = FlickersModel(board, tables, h)
        probe.model.clear_objective()
        status, solver = _solve(probe, seconds)
        models += 1
        if status == cp_model.INFEASIBLE:
            continue
        # The optimum is h turns; the fewest Nerve among them, then every line that spends no more.
        model = FlickersModel(board, tables, h)
        status, solver = _solve(model, seconds)
        models += 1
        nerve = int(solver.value(model.nerve_expr))
        model.model.clear_objective()
        model.model.add(model.nerve_expr <= nerve)
        status, solver = _solve(model, seconds)
        models += 1
        found: set[Line] = set()
        while status != cp_model.INFEASIBLE:
            line = _line_of(model, solver, h)
            found.add(line)
            if len(found) >= cap or not _cut(model, solver, h):
                break
            status, solver = _solve(model, seconds)
            models += 1
        return CpsatProof(h, nerve, frozenset(found), models)
    return CpsatProof(None, None, frozenset(), models)


def _at_expected(board: Any, tables: Any, h: int, cap: int, seconds: float) -> CpsatProof | None:
    """The proof at horizon ``h`` from one model, when its proven optimum wins in exactly ``h``
    turns (None otherwise: the caller walks the horizons up)."""
    model = FlickersModel(board, tables, h)
    status, solver = _solve(model, seconds)
    if status != cp_model.OPTIMAL or int(solver.value(model.turns_expr)) != h:
        return None
    nerve = int(solver.value(model.nerve_expr))
    model.model.clear_objective()
    model.model.add(model.nerve_expr <= nerve)
    models = 1
    found: set[Line] = set()
    while True:
        found.add(_line_of(model, solver, h))
        if len(found) >= cap or not _cut(model, solver, h):
            break
        status, solver = _solve(model, seconds)
        models += 1
        if status == cp_model.INFEASIBLE:
            break
    return CpsatProof(h, nerve, frozenset(found), models)


def _solve(model: FlickersModel, seconds: float) -> tuple[Any, cp_model.CpSolver]:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # parallelism is across candidates; one worker is deterministic
    solver.parameters.max_time_in_seconds = seconds
    # No presolve: these models are small and solve in milliseconds, a third faster without it
    # (benchmarks/README.md); the answer is still proven (optimal or infeasible), only found otherwise.
    solver.parameters.cp_model_presolve = False
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is the job's to handle (it keeps what it wrote)
    status = solver.solve(model.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise UniquenessUnknown(f"CP-SAT: {solver.status_name(status)} at horizon {model.horizon}")
    return status, solver


def _prisoner_int(model: FlickersModel, solver: cp_model.CpSolver, t: int, j: int) -> int:
    """Prisoner ``j`` at the start of turn ``t`` in the kernel's encoding (place, candle, Nerve, key)."""
    cell = model.place(solver, t, j)
    nerve = model.nerve[(t, j)]
    nerve = nerve if isinstance(nerve, int) else int(solver.value(nerve))
    lit = value_of(solver, model.between_lit[(t, j)])
    key = value_of(solver, model.key[(t, 0, j)])
    return cell | (eg.LIT if lit else 0) | (nerve << eg.NERVE_SHIFT) | (eg.KEY if key else 0)


def _line_of(model: FlickersModel, solver: cp_model.CpSolver, h: int) -> Line:
    n = model.board.n
    turns = tuple(tuple(_prisoner_int(model, solver, t, j) for j in range(n)) for t in range(1, h))
    return (*turns, ("win", int(solver.value(model.spent[h - 1]))))


def _cut(model: FlickersModel, solver: cp_model.CpSolver, h: int) -> bool:
    """Forbid the line just found: some place, candle, key, Nerve or last-turn spending must differ.
    False when nothing can differ (every part of the line is a constant of the model)."""
    m, lits = model.model, model.lits
    differs: list[Any] = []

    def literal(x: Any) -> None:
        if isinstance(x, bool):
            return
        differs.append(lits.not_(x) if value_of(solver, x) else x)

    def number(expr: Any, name: str) -> None:
        if isinstance(expr, int):
            return
        value = int(solver.value(expr))
        d = m.new_bool_var(name)
        m.add(expr != value).only_enforce_if(d)
        differs.append(d)

    for t in range(1, h):
        for j in range(model.board.n):
            literal(model.at.get((t, j, model.place(solver, t, j)), False))
            literal(model.between_lit[(t, j)])
            literal(model.key[(t, 0, j)])
            number(model.nerve[(t, j)], f"cut_nerve[{t},{j}]")
    number(model.spent[h - 1], "cut_spent")
    if not differs:
        return False
    m.add_bool_or(differs)
    return True


__all__ = ["DEFAULT_CAP", "CpsatProof", "Line", "LineSearch", "UniquenessUnknown", "cpsat_lines", "search_lines"]
