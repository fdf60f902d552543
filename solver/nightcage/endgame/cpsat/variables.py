"""The variables of the CP-SAT model, and the literals its rules share.

:class:`Variables` holds the model's state, turn by turn and step by step
(places, tiles, keys, candles, Nerve), the choices, and the indexes of the
cells each place variable exists for. The rule modules (:mod:`.keys`,
:mod:`.steps`, :mod:`.attacks`, :mod:`.light`, :mod:`.turn_end`) fill it in
the order :class:`solver.nightcage.endgame.cpsat.model.FlickersModel` calls them.
Here too: the cells a prisoner may still stand on (domains), and literals
several rules read (who occupies or stands beside a cell, who is connected
to the active prisoner, everyone's place).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ortools.sat.python import cp_model

from .board import Board, Tables
from .lits import Lit, Lits


class Variables:
    """The variables of a model of horizon ``H``, filled in by the rules.

    ``goal=False`` drops the pruning that needs a win within ``H`` (the domains
    keep every cell in reach). Keys of the variable dicts: ``t`` turn, ``k`` step
    (0 = turn start) or pass point, ``j`` prisoner, ``c``/``x`` cell, ``d``/``e``
    direction index.
    """

    def __init__(self, board: Board, tables: Tables, horizon: int, goal: bool = True) -> None:
        self.board = board
        self.tables = tables
        self.horizon = horizon
        self.goal = goal
        self.model = cp_model.CpModel()
        self.lits = Lits(self.model)
        # The state: places at turn starts (at) and of the active prisoner after each step (pos);
        # tiles after each step (solid, pit, keyed; kept = keyed after the pass point); keys held
        # after each step (key) and after each pass point (passed); candles; Nerve at turn starts.
        self.at: dict[tuple[int, int, int], Lit] = {}
        self.pos: dict[tuple[int, int, int], Lit] = {}
        self.solid: dict[tuple[int, int, int], Lit] = {}
        self.pit: dict[tuple[int, int, int], Lit] = {}
        self.keyed: dict[tuple[int, int, int], Lit] = {}
        self.kept: dict[tuple[int, int, int], Lit] = {}
        self.key: dict[tuple[int, int, int], Lit] = {}
        self.passed: dict[tuple[int, int, int], Lit] = {}
        self.lit: dict[tuple[int, int, int], Lit] = {}
        self.nerve: dict[tuple[int, int], Any] = {}
        # The choices, and what the goal and the objective read.
        self.stay: dict[int, Lit] = {}
        self.move: dict[tuple[int, int, int, int], Lit] = {}
        self.charge: dict[tuple[int, int, int, int, int], Lit] = {}
        self.take: dict[tuple[int, int, int], Lit] = {}
        self.discard: dict[tuple[int, int], Lit] = {}
        self.hold: dict[int, Lit] = {}
        self.end: dict[int, Lit] = {}
        self.win: dict[tuple[int, int], Lit] = {}
        self.live: dict[tuple[int, int], Lit] = {}
        self.moving: dict[tuple[int, int], Lit] = {}
        self.charging: dict[tuple[int, int], Lit] = {}
        self.adjacent: dict[tuple[int, int, int], Lit] = {}
        self.spent: dict[int, Any] = {}
        self.turns_expr: Any = 0
        self.nerve_expr: Any = 0
        # Indexes (the cells each place variable exists for) and shared literals.
        self.at_cells: dict[tuple[int, int], list[int]] = {}
        self.pos_cells: dict[tuple[int, int], list[int]] = {}
        self._memo: dict[tuple[Any, ...], Lit] = {}

    def cell(self, c: int) -> str:
        """A cell's name (for variable names)."""
        return self.board.name(c)

    def memoized(self, key: tuple[Any, ...], make: Callable[[], Lit]) -> Lit:
        """The literal made once for ``key`` (several rules share it)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    # -- domains ---------------------------------------------------------------------------------

    def _own_turns(self, j: int, first: int, last: int) -> int:
        """Turns of prisoner ``j`` among ``first..last-1``."""
        return sum(1 for t in range(first, last) if self.board.active(t) == j)

    def domain(self, t: int, j: int, k: int) -> set[int]:
        """Cells prisoner ``j`` may stand on after step ``k`` of turn ``t`` (``k = 0``: turn start).

        Steps are at most 3 a turn, and over any stretch of turns at most one a
        turn plus the Nerve held at its start (extra steps cost Nerve that only a
        stay, a turn without a step, gives back; Nerve held never exceeds
        ``max(2, initial)``). Forward: the steps taken so far; backward: it must
        still reach a gate everyone can reach in the steps left (tiles only
        vanish, so distances never shrink).
        """
        b, tab = self.board, self.tables
        o = self._own_turns(j, 0, t)
        later = self._own_turns(j, t + 1, self.horizon)
        most = max(2, b.nerve[j])
        if k == 0:
            ahead = min(3 * o, o + b.nerve[j])
            mine = later + (b.active(t) == j)
            behind = min(3 * mine, mine + most)
        else:
            ahead = min(3 * o + k, o + 1 + b.nerve[j])
            behind = min(3 * later + 3 - k, later + most)
        dist = tab.distance[j]
        if not self.goal:
            return {c for c, d in dist.items() if d <= ahead}
        return {c for c, d in dist.items() if d <= ahead and tab.to_gate.get(c, behind + 1) <= behind}

    # -- shared per-turn literals ------------------------------------------------------------------

    def occupied(self, t: int, x: int) -> Lit:
        """Some prisoner other than the active one stands on ``x`` during turn ``t``."""

        def make() -> Lit:
            a = self.board.active(t)
            others = [self.at.get((t, j, x), False) for j in range(self.board.n) if j != a]
            return self.lits.or_(f"occ[t={t},{self.cell(x)}]", others)

        return self.memoized(("occ", t, x), make)

    def beside(self, t: int, j: int, c: int) -> Lit:
        """Prisoner ``j`` stands on a tile connected to ``c``, or on the gate ``c`` itself when
        RULING-SAME-GATE-NOT-ADJACENT's alternative makes that adjacent (§8.1)."""

        def make() -> Lit:
            near = [self.at.get((t, j, y), False) for y in self.tables.near.get(c, ())]
            if self.board.same_gate_adjacent and c in self.board.gates:
                near.append(self.at.get((t, j, c), False))
            return self.lits.or_(f"beside[t={t},p={j},{self.cell(c)}]", near)

        return self.memoized(("beside", t, j, c), make)

    def adjacency(self, t: int, k: int) -> dict[int, Lit]:
        """The prisoners connected to the active one after step ``k`` (§8.1): one literal each."""
        b = self.board
        a = b.active(t)
        if (t, k, (a + 1) % b.n) not in self.adjacent:
            onehot = {c: self.pos[(t, k, c)] for c in self.pos_cells[(t, k)]}
            for j in range(b.n):
                if j != a:
                    values = {c: self.beside(t, j, c) for c in onehot}
                    self.adjacent[(t, k, j)] = self.lits.select(f"adj[t={t},k={k},p={j}]", onehot, values)
        return {j: self.adjacent[(t, k, j)] for j in range(b.n) if j != a}

    def places(self, t: int, k: int) -> list[dict[int, Lit]]:
        """Every prisoner's one-hot place after step ``k`` of turn ``t``."""
        a = self.board.active(t)
        return [
            {c: self.pos[(t, k, c)] for c in self.pos_cells[(t, k)]} if j == a else {c: self.at[(t, j, c)] for c in self.at_cells[(t, j)]}
            for j in range(self.board.n)
        ]
