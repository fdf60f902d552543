"""The CP-SAT time-expanded model of the Final Flickers (rules §3, §4, §5, §6.1-6.4, §7, §8).

One layer per turn ``t = 0..H-1``; the active prisoner of turn ``t`` is fixed,
``(turn + t) mod n``. Inside a turn the model follows the sub-steps of the
engine-checked kernel :mod:`solver.endgame.kernel`, which it must agree with exactly:

* pass point 0 (key passes at the main decision), step 1 (stay, move, or
  charge + scramble), pass point 1, steps 2 and 3 (moves bought with Nerve),
  pass points 2 and 3, then the Final Flickers end (discard or hold);
* each step: arrival (a key taken, the win checked), the tile left crumbles,
  monsters trigger (origin sight before the move, destination after the pit),
  chain reactions, hits, attackers removed, darkness, relighting.

Losing choices (jumps, a stay on a crumbling tile, a charge with nowhere to
scramble, discarding an occupied tile) are not offered: a plan never passes
through a loss. The other losses (the last gate, too few keys) only get worse
during a turn, and a win excludes them, so they are checked on each turn start.

Horizon semantics: the model of horizon ``H`` wins in *at most* ``H`` turns.
Exactly one ``win[t,k]`` (the arrival of step ``k`` of turn ``t``) holds; after
it every step is idle (``live`` false) and nothing is checked that a won game
could break. So a model infeasible at ``H`` proves every shorter horizon
infeasible too, and one model answers "is there any win within ``H``".

Tiles never appear in the end-game, only vanish, so each cell's tile is
static: the variables are only whether it is still there (``solid``, or a
``pit`` once it crumbled), its key, and the prisoners' places, candles, keys
and Nerve. Sight lines are static rays along which present tiles must chain.

A literal is a CP-SAT Boolean literal or a Python ``bool`` (a constant); the
small algebra of :class:`Lits` folds constants, so impossible things (cells a
prisoner cannot reach in time, cells no monster sees) create no variables.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ortools.sat.python import cp_model

from solver.core.grid import DIR_LETTER, DIRECTIONS, geometry
from solver.endgame import kernel as eg

Lit = Any
"""A CP-SAT literal (a Boolean variable or its negation) or a Python bool."""

LETTERS = tuple(DIR_LETTER[d] for d in DIRECTIONS)
"""Direction letters by direction index (N, E, S, W); the opposite of ``i`` is ``i ^ 2``."""

STEPS = (1, 2, 3)
"""A turn's steps: the main action, then up to two moves bought with Nerve (§4.7)."""


# -- data --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """What a Final Flickers position never changes, and where it starts.

    ``opens[c]`` holds bit ``i`` when the tile of ``c`` opens toward direction
    index ``i``. Built from a kernel position by :func:`board_of`.
    """

    size: int
    names: tuple[str, ...]
    turn: int
    cells: tuple[int, ...]
    """Cells holding a tile at the start (pits included): no other cell ever holds one."""
    opens: dict[int, int]
    pits: frozenset[int]
    crumbling: frozenset[int]
    """Crumbling tiles that are not pits yet."""
    monsters: frozenset[int]
    gates: frozenset[int]
    keyed: frozenset[int]
    """Key tiles whose key is still there."""
    start: tuple[int, ...]
    lit: tuple[bool, ...]
    nerve: tuple[int, ...]
    key: tuple[bool, ...]
    neighbours: tuple[tuple[int, int, int, int], ...]
    los_end: bool
    trigger_origin: bool
    monster_removed: bool
    relight_with_active: bool
    same_gate_adjacent: bool
    ff_occupied: bool

    @property
    def n(self) -> int:
        return len(self.names)

    def active(self, t: int) -> int:
        """The prisoner who plays turn ``t`` of the plan."""
        return (self.turn + t) % self.n

    def name(self, c: int) -> str:
        return geometry(self.size).name(c)

    def standable(self, c: int) -> bool:
        """A prisoner can stand on ``c`` between turns: a tile, not a pit, not a monster."""
        return c in self.opens and c not in self.pits and c not in self.monsters

    def opens_to(self, c: int, i: int) -> bool:
        return c in self.opens and c not in self.pits and bool(self.opens[c] >> i & 1)

    def connected(self, c: int, i: int) -> int | None:
        """The neighbour of ``c`` toward ``i`` when both tiles open to each other (§2)."""
        x = self.neighbours[c][i]
        return x if self.opens_to(c, i) and self.opens_to(x, i ^ 2) else None


def board_of(k: eg.K) -> Board:
    """The static data of a kernel position (:mod:`solver.endgame.kernel`)."""
    ctx: eg.Context = k[eg.CTX]
    cells = tuple(c for c in range(ctx.cells) if k[eg.PRESENT] >> c & 1)

    def mask(index: int) -> frozenset[int]:
        return frozenset(c for c in cells if k[index] >> c & 1)

    ps = k[eg.PRISONERS :]
    return Board(
        size=ctx.size,
        names=ctx.names,
        turn=k[eg.TURN],
        cells=cells,
        opens={c: sum(1 << i for i in range(4) if k[eg.OPEN_N + i] >> c & 1) for c in cells},
        pits=mask(eg.PIT),
        crumbling=mask(eg.CRUMBLING) - mask(eg.PIT),
        monsters=mask(eg.MONSTER),
        gates=mask(eg.GATE),
        keyed=mask(eg.KEYED),
        start=tuple(p & eg.POS for p in ps),
        lit=tuple(bool(p & eg.LIT) for p in ps),
        nerve=tuple(p >> eg.NERVE_SHIFT & 3 for p in ps),
        key=tuple(bool(p & eg.KEY) for p in ps),
        neighbours=ctx.nb,
        los_end=ctx.los_end,
        trigger_origin=ctx.trigger_origin,
        monster_removed=ctx.monster_removed,
        relight_with_active=ctx.relight_with_active,
        same_gate_adjacent=ctx.same_gate_adjacent,
        ff_occupied=ctx.ff_occupied,
    )


@dataclass(frozen=True)
class Tables:
    """Static relations of a board: moves, charges, light sources, sight rays, distances."""

    moves: dict[int, tuple[tuple[int, int], ...]]
    """``c -> ((d, x), …)``: plain moves onto standable tiles."""
    charges: dict[int, tuple[tuple[int, int, int, int], ...]]
    """``c -> ((d, m, e, u), …)``: charge the monster ``m`` toward ``d``, scramble toward ``e`` onto ``u``."""
    sources: dict[int, tuple[int, ...]]
    """``x -> (y, …)``: standable neighbours whose tile opens toward ``x`` (they light it, §3)."""
    near: dict[int, tuple[int, ...]]
    """``c -> (c', …)``: standable cells connected to ``c`` (key passes, relighting)."""
    rays: dict[int, tuple[tuple[int, ...], ...]]
    """``m -> (ray, …)``: along each of a monster's openings, the cells its sight can reach in
    order; a cell is in sight when it and every cell before it are still tiles (§6.1)."""
    distance: tuple[dict[int, int], ...]
    """Per prisoner: steps from its start to each cell (a Charge and its scramble: one step)."""
    to_gate: dict[int, int]
    """Steps from each cell to the nearest gate every prisoner can reach."""
    spares: tuple[tuple[int, ...], ...]
    """Groups of interchangeable tiles (see :func:`_spares`), each of at least two cells."""


def tables_of(board: Board) -> Tables:
    """Moves, charges, light sources, sight rays and distances of a board."""
    moves: dict[int, tuple[tuple[int, int], ...]] = {}
    charges: dict[int, tuple[tuple[int, int, int, int], ...]] = {}
    near: dict[int, tuple[int, ...]] = {}
    sources: dict[int, list[int]] = {c: [] for c in board.cells}
    for c in board.cells:
        if not board.standable(c):
            continue
        mv, ch = [], []
        for d in range(4):
            x = board.connected(c, d)
            if x is not None and x in board.monsters:
                ch += [(d, x, e, u) for e in range(4) if (u := board.connected(x, e)) is not None and board.standable(u)]
            elif x is not None and board.standable(x):
                mv.append((d, x))
            y = board.neighbours[c][d]
            if board.opens_to(c, d) and y in sources:
                sources[y].append(c)
        moves[c], charges[c], near[c] = tuple(mv), tuple(ch), tuple(x for _, x in mv)
    distance = tuple(_bfs(moves, charges, {s}) for s in board.start)
    common = set(board.gates)
    for dist in distance:
        common &= set(dist)
    to_gate = _bfs(moves, charges, common)  # every step can be walked back the other way
    rays = {m: _rays(board, m) for m in board.monsters}
    lights = {x: tuple(ys) for x, ys in sources.items()}
    return Tables(moves, charges, lights, near, rays, distance, to_gate, _spares(board, lights))


def _spares(board: Board, sources: dict[int, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Tiles no prisoner can ever tell apart, grouped.

    A tile not connected (through passages and monsters) to any prisoner is
    never entered and never on a sight line that reaches a prisoner (the tiles
    of a line are connected); it only counts (gate, key), lasts as long as its
    light sources do, and can be discarded; a pit can also be jumped into, which
    makes a Lights Out stay cost Nerve. Tiles alike in all of these have the
    same future, so the order in which they are discarded does not matter
    (as in :func:`solver.endgame.bounds.canonical`, but keeping pits apart).
    """
    reach = set(board.start)
    todo = list(reach)
    while todo:
        c = todo.pop()
        for i in range(4):
            x = board.connected(c, i)
            if x is not None and x not in reach:
                reach.add(x)
                todo.append(x)
    groups: dict[tuple[Any, ...], list[int]] = {}
    for c in board.cells:
        if c in reach:
            continue
        kind = "gate" if c in board.gates else "key" if c in board.keyed else "pit" if c in board.pits else "tile"
        lights = tuple(sorted(y for y in sources[c] if y in reach))
        groups.setdefault((kind, lights), []).append(c)
    return tuple(tuple(cells) for cells in groups.values() if len(cells) > 1)


def _rays(board: Board, m: int) -> tuple[tuple[int, ...], ...]:
    """A monster's static sight rays: cells that open back, continuing through those open straight on."""
    out = []
    for i in range(4):
        if not board.opens_to(m, i):
            continue
        ray = []
        x = board.neighbours[m][i]
        while x != m and board.opens_to(x, i ^ 2):
            if not board.opens_to(x, i):
                if board.los_end:  # RULING-LOS-END: the tile where the line stops is in sight
                    ray.append(x)
                break
            ray.append(x)
            x = board.neighbours[x][i]
        if ray:
            out.append(tuple(ray))
    return tuple(out)


def _bfs(moves: dict[int, Any], charges: dict[int, Any], starts: set[int]) -> dict[int, int]:
    """Steps from the nearest of ``starts`` over moves and charges (one step each)."""
    dist = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        c = queue.popleft()
        for x in [x for _, x in moves.get(c, ())] + [u for _, _, _, u in charges.get(c, ())]:
            if x not in dist:
                dist[x] = dist[c] + 1
                queue.append(x)
    return dist


# -- the literal algebra -----------------------------------------------------------------------------


class Lits:
    """Boolean gates over literals and constants; a gate of constants creates no variable."""

    def __init__(self, model: cp_model.CpModel) -> None:
        self.model = model

    def new(self, name: str) -> Any:
        return self.model.new_bool_var(name)

    @staticmethod
    def not_(x: Lit) -> Lit:
        return (not x) if isinstance(x, bool) else ~x

    def and_(self, name: str, xs: list[Lit]) -> Lit:
        """A literal equal to the conjunction of ``xs``."""
        if any(x is False for x in xs):
            return False
        ys = [x for x in xs if x is not True]
        if len(ys) <= 1:
            return ys[0] if ys else True
        v = self.new(name)
        self.model.add_bool_and(ys).only_enforce_if(v)
        self.model.add_bool_or([~y for y in ys] + [v])
        return v

    def or_(self, name: str, xs: list[Lit]) -> Lit:
        """A literal equal to the disjunction of ``xs``."""
        if any(x is True for x in xs):
            return True
        ys = [x for x in xs if x is not False]
        if len(ys) <= 1:
            return ys[0] if ys else False
        v = self.new(name)
        self.model.add_bool_or(ys).only_enforce_if(v)
        for y in ys:
            self.model.add_implication(y, v)
        return v

    def clause(self, xs: list[Lit]) -> None:
        """At least one of ``xs`` holds (an empty clause makes the model infeasible)."""
        if any(x is True for x in xs):
            return
        self.model.add_bool_or([x for x in xs if x is not False])

    def implies(self, a: Lit, b: Lit) -> None:
        self.clause([self.not_(a), b])

    def select(self, name: str, onehot: dict[int, Lit], values: dict[int, Lit]) -> Lit:
        """``values[c]`` for the one ``c`` whose ``onehot[c]`` holds (False where missing)."""
        picked = {c: values.get(c, False) for c, on in onehot.items() if on is not False}
        if all(v is False for v in picked.values()):
            return False
        if all(v is True for v in picked.values()):
            return True
        sure = [c for c in picked if onehot[c] is True]
        if sure:
            return picked[sure[0]]
        v = self.new(name)
        for c, value in picked.items():
            on = onehot[c]
            self.clause([self.not_(on), self.not_(v), value])
            self.clause([self.not_(on), v, self.not_(value)])
        return v

    def one_of(self, name: str, xs: list[Lit]) -> Lit:
        """A literal equal to a sum of literals known to be at most 1."""
        ys = [x for x in xs if x is not False]
        if any(y is True for y in ys):
            return True
        if len(ys) <= 1:
            return ys[0] if ys else False
        v = self.new(name)
        self.model.add(v == sum(ys))
        return v


def num(x: Lit) -> Any:
    """A literal as a 0/1 term of a linear expression."""
    return int(x) if isinstance(x, bool) else x


def value_of(solver: cp_model.CpSolver, x: Lit) -> bool:
    """A literal's value in the solution found."""
    return x if isinstance(x, bool) else bool(solver.boolean_value(x))


# -- the model ----------------------------------------------------------------------------------------


class FlickersModel:
    """The model of horizon ``H`` (a win within at most ``H`` turns).

    ``objective`` is ``turns`` (fewest turns, then fewest Nerve) or ``nerve``
    (fewest Nerve, then fewest turns); ``nerve_cap`` bounds the Nerve spent.
    ``goal=False`` leaves out the win requirement and the objective: the model
    is then the relation of ``H`` turns (tests enumerate it against the kernel).
    Keys of the variable dicts: ``t`` turn, ``k`` step (0 = turn start) or
    pass point, ``j`` prisoner, ``c``/``x`` cell, ``d``/``e`` direction index.
    """

    def __init__(
        self, board: Board, tables: Tables, horizon: int, objective: str = "turns", nerve_cap: int | None = None, goal: bool = True
    ) -> None:
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
        self._build(objective, nerve_cap, goal)

    def _cell(self, c: int) -> str:
        return self.board.name(c)

    def _memoized(self, key: tuple[Any, ...], make: Callable[[], Lit]) -> Lit:
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    # -- domains ---------------------------------------------------------------------------------

    def _own_turns(self, j: int, first: int, last: int) -> int:
        """Turns of prisoner ``j`` among ``first..last-1``."""
        return sum(1 for t in range(first, last) if self.board.active(t) == j)

    def _domain(self, t: int, j: int, k: int) -> set[int]:
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

    # -- build -----------------------------------------------------------------------------------

    def _build(self, objective: str, nerve_cap: int | None, goal: bool) -> None:
        """The data is ready: the state and constraint blocks turn by turn, the goal, the objective."""
        self._initial_state()
        for t in range(self.horizon):
            self._positions(t)
            self._passes(t, 0)
            for k in STEPS:
                self._step(t, k)
                self._passes(t, k)
            self._final(t)
            self._nerve(t)
            self._not_lost(t + 1)
            self._spares_in_order(t + 1)
        if goal:
            self._goal()
            self._objective(objective, nerve_cap)

    def _initial_state(self) -> None:
        """Turn 0 starts from the position given: constants."""
        b = self.board
        for j, c in enumerate(b.start):
            self.at[(0, j, c)] = True
            self.at_cells[(0, j)] = [c]
            self.key[(0, 0, j)] = b.key[j]
            self.lit[(0, 0, j)] = b.lit[j]
            self.nerve[(0, j)] = b.nerve[j]
        for c in b.cells:
            self.solid[(0, 0, c)] = c not in b.pits
            self.pit[(0, 0, c)] = c in b.pits
            if c in b.keyed:
                self.keyed[(0, 0, c)] = True
        self.live[(0, 1)] = True

    def _positions(self, t: int) -> None:
        """Turn-start places (§2): one cell each, only cells from which a win is still in time."""
        b, lits = self.board, self.lits
        for j in range(b.n):
            allowed = self._domain(t, j, 0)
            for c in self.at_cells[(t, j)]:
                if c not in allowed:
                    lits.clause([lits.not_(self.at[(t, j, c)])])
                    self.at[(t, j, c)] = False
            self.at_cells[(t, j)] = [c for c in self.at_cells[(t, j)] if c in allowed]
        if t > 0:
            # The prisoner who moved last turn (the others' places are last turn's literals).
            j = b.active(t - 1)
            self.model.add_exactly_one([self.at[(t, j, c)] for c in self.at_cells[(t, j)]])
        a = b.active(t)
        self.pos_cells[(t, 0)] = list(self.at_cells[(t, a)])
        for c in self.at_cells[(t, a)]:
            self.pos[(t, 0, c)] = self.at[(t, a, c)]

    # -- shared per-turn literals ------------------------------------------------------------------

    def _occupied(self, t: int, x: int) -> Lit:
        """Some prisoner other than the active one stands on ``x`` during turn ``t``."""

        def make() -> Lit:
            a = self.board.active(t)
            others = [self.at.get((t, j, x), False) for j in range(self.board.n) if j != a]
            return self.lits.or_(f"occ[t={t},{self._cell(x)}]", others)

        return self._memoized(("occ", t, x), make)

    def _beside(self, t: int, j: int, c: int) -> Lit:
        """Prisoner ``j`` stands on a tile connected to ``c``, or on the gate ``c`` itself when
        RULING-SAME-GATE-NOT-ADJACENT's alternative makes that adjacent (§8.1)."""

        def make() -> Lit:
            near = [self.at.get((t, j, y), False) for y in self.tables.near.get(c, ())]
            if self.board.same_gate_adjacent and c in self.board.gates:
                near.append(self.at.get((t, j, c), False))
            return self.lits.or_(f"beside[t={t},p={j},{self._cell(c)}]", near)

        return self._memoized(("beside", t, j, c), make)

    def _adjacency(self, t: int, k: int) -> dict[int, Lit]:
        """The prisoners connected to the active one after step ``k`` (§8.1): one literal each."""
        b = self.board
        a = b.active(t)
        if (t, k, (a + 1) % b.n) not in self.adjacent:
            onehot = {c: self.pos[(t, k, c)] for c in self.pos_cells[(t, k)]}
            for j in range(b.n):
                if j != a:
                    values = {c: self._beside(t, j, c) for c in onehot}
                    self.adjacent[(t, k, j)] = self.lits.select(f"adj[t={t},k={k},p={j}]", onehot, values)
        return {j: self.adjacent[(t, k, j)] for j in range(b.n) if j != a}

    def _places(self, t: int, k: int) -> list[dict[int, Lit]]:
        """Every prisoner's one-hot place after step ``k`` of turn ``t``."""
        a = self.board.active(t)
        return [
            {c: self.pos[(t, k, c)] for c in self.pos_cells[(t, k)]} if j == a else {c: self.at[(t, j, c)] for c in self.at_cells[(t, j)]}
            for j in range(self.board.n)
        ]

    # -- key passes --------------------------------------------------------------------------------

    def _passes(self, t: int, k: int) -> None:
        """Key passes at a decision point (§5, §8.1, §8.3; rules notes 3).

        Keys pass between the active prisoner and its connected neighbours, any
        number of times, and a keyless active prisoner may take its key tile's
        key: through the active prisoner, every arrangement of the group's keys
        with the same count is reachable (one more after a take).
        """
        b, lits = self.board, self.lits
        a = b.active(t)
        tag = f"t={t},k={k}"
        adj = self._adjacency(t, k)
        takes = []
        for c in b.cells:
            keyed = self.keyed.get((t, k, c), False)
            self.kept[(t, k, c)] = keyed
            here = self.pos.get((t, k, c), False)
            if keyed is False or here is False:
                continue
            take = lits.new(f"take[{tag},{self._cell(c)}]")
            # Rule §8.3: the key of the tile the active prisoner stands on, if still there.
            lits.implies(take, here)
            lits.implies(take, keyed)
            self.take[(t, k, c)] = take
            self.kept[(t, k, c)] = lits.and_(f"kept[{tag},{self._cell(c)}]", [keyed, ~take])
            takes.append(take)
        if not takes and all(x is False for x in adj.values()):
            for j in range(b.n):
                self.passed[(t, k, j)] = self.key[(t, k, j)]
            return
        for j in range(b.n):
            before = self.key[(t, k, j)]
            if j != a and adj[j] is False:
                self.passed[(t, k, j)] = before
                continue
            after = lits.new(f"key[{tag},p={j},passed]")
            self.passed[(t, k, j)] = after
            if j != a and adj[j] is not True:
                # Rule §8.1: keys pass only between the active prisoner and a connected neighbour.
                self.model.add(after == num(before)).only_enforce_if(lits.not_(adj[j]))
        # Passing moves keys, a take adds the tile's: the count held changes by the take only.
        held_before = sum(num(self.key[(t, k, j)]) for j in range(b.n))
        self.model.add(sum(num(self.passed[(t, k, j)]) for j in range(b.n)) == held_before + sum(takes))
        if takes:
            self.model.add_at_most_one(takes)

    # -- a step ------------------------------------------------------------------------------------

    def _step(self, t: int, k: int) -> None:
        """Step ``k`` of turn ``t`` (§4 steps 1-6): the choice, arrival, crumbling, triggers, hits, light."""
        b, lits = self.board, self.lits
        tag = f"t={t},k={k}"
        before = self.pos_cells[(t, k - 1)]
        after = self._domain(t, b.active(t), k)
        arcs_out: dict[int, list[Lit]] = {c: [] for c in before}
        arcs_in: dict[int, list[Lit]] = {}
        walked: dict[int, list[Lit]] = {}
        charged_at: dict[int, list[Lit]] = {}
        moves, charges = [], []
        for c in before:
            here = self.pos[(t, k - 1, c)]
            for d, x in self.tables.moves[c]:
                if x not in after:
                    continue
                v = lits.new(f"move[{tag},{self._cell(c)},{LETTERS[d]}]")
                # Rule §4.1: a move onto a tile (not a pit, not a monster) that no one holds, a gate excepted.
                lits.implies(v, here)
                lits.implies(v, self.solid[(t, k - 1, x)])
                if x not in b.gates:
                    lits.implies(v, lits.not_(self._occupied(t, x)))
                self.move[(t, k, c, d)] = v
                moves.append(v)
                arcs_out[c].append(v)
                arcs_in.setdefault(x, []).append(v)
                walked.setdefault(x, []).append(v)
            for d, m, e, u in self.tables.charges[c]:
                if u not in after or (u == c and c in b.crumbling):
                    continue  # the tile left is a pit by the time of the scramble
                v = lits.new(f"charge[{tag},{self._cell(c)},{LETTERS[d]},{LETTERS[e]}]")
                # Rule §6.4, §8.7: charge a monster still there; scramble onto a free tile.
                lits.implies(v, here)
                lits.implies(v, self.solid[(t, k - 1, m)])
                lits.implies(v, self.solid[(t, k - 1, u)])
                if u not in b.gates:
                    lits.implies(v, lits.not_(self._occupied(t, u)))
                self.charge[(t, k, c, d, e)] = v
                charges.append(v)
                arcs_out[c].append(v)
                arcs_in.setdefault(u, []).append(v)
                charged_at.setdefault(m, []).append(v)
        self.moving[(t, k)] = moving = lits.one_of(f"moving[{tag}]", moves + charges)
        self.charging[(t, k)] = lits.one_of(f"charging[{tag}]", charges)
        self._choice(t, k, before, moves + charges, moving)
        self._flow(t, k, before, after, arcs_in, arcs_out)
        arrive = {x: lits.one_of(f"arrive[{tag},{self._cell(x)}]", vs) for x, vs in arcs_in.items()}
        walked_to = {x: lits.one_of(f"walked[{tag},{self._cell(x)}]", vs) for x, vs in walked.items()}
        charged = {m: lits.one_of(f"charged[{tag},{self._cell(m)}]", vs) for m, vs in charged_at.items()}
        left = {c: lits.one_of(f"left[{tag},{self._cell(c)}]", vs) for c, vs in arcs_out.items() if vs}
        self._win(t, k, arrive)
        taken = self._arrival_keys(t, k, arrive)
        solid, pit, keyed = self._collapse(t, k, left, taken)
        trig, sees = self._triggers(t, k, solid, left, walked_to, charged)
        lit = self._hits(t, k, trig, sees)
        self._remove_attackers(t, k, solid, trig, charged)
        self._darkness(t, k, solid, pit, keyed, lit)
        self._relight(t, k, lit)

    def _choice(self, t: int, k: int, before: list[int], steps: list[Lit], moving: Lit) -> None:
        """What the step is: the main action (§4.1) or a move bought with Nerve (§4.7)."""
        lits = self.lits
        live = self.live[(t, k)]
        if k > 1:
            # Rule §4.7: move again only after a move (not after a stay), and not once the game is won.
            self.model.add_at_most_one(steps)
            lits.implies(moving, self.moving[(t, k - 1)])
            lits.implies(moving, live)
            return
        # Rule §4.1: stay or move; a turn after the win is idle.
        self.stay[t] = lits.new(f"stay[t={t}]")
        self.model.add_exactly_one([x for x in [self.stay[t], *steps, lits.not_(live)] if x is not False])
        for c in before:
            if c in self.board.crumbling:
                # Rule §4.2-4.3: staying on a crumbling tile falls; with an empty pile, a loss.
                lits.clause([lits.not_(self.stay[t]), lits.not_(self.pos[(t, 0, c)])])

    def _flow(
        self, t: int, k: int, before: list[int], after: set[int], arcs_in: dict[int, list[Lit]], arcs_out: dict[int, list[Lit]]
    ) -> None:
        """The active prisoner's place after the step: where it stood, plus the arc in, minus the arc out."""
        cells = sorted(set(before) | set(arcs_in))
        self.pos_cells[(t, k)] = []
        for c in cells:
            here = self.pos.get((t, k - 1, c), False)
            gone, come = arcs_out.get(c, []), arcs_in.get(c, [])
            if gone:
                self.model.add(sum(gone) <= num(here))  # a step leaves the cell it starts from
            if c not in after:
                self.model.add(num(here) + sum(come) - sum(gone) == 0)
                continue
            self.pos_cells[(t, k)].append(c)
            if not come and not gone:
                self.pos[(t, k, c)] = here
                continue
            v = self.lits.new(f"pos[t={t},k={k},{self._cell(c)}]")
            self.model.add(v == num(here) + sum(come) - sum(gone))
            self.pos[(t, k, c)] = v

    def _win(self, t: int, k: int, arrive: dict[int, Lit]) -> None:
        """Rule §5, §8.10: the win is checked on arrival, before any trigger: everyone on one
        gate holding a key. (A key pass never wins: prisoners sharing a gate pass keys only
        among themselves, and a gate holds no key to take.)"""
        b, lits = self.board, self.lits
        a = b.active(t)
        gathered = []
        for g, v in arrive.items():
            if g in b.gates:
                others = [self.at.get((t, j, g), False) for j in range(b.n) if j != a]
                waiting = self._memoized(("waiting", t, g), lambda g=g, others=others: lits.and_(f"waiting[t={t},{self._cell(g)}]", others))
                gathered.append(lits.and_(f"gathered[t={t},k={k},{self._cell(g)}]", [v, waiting]))
        met = lits.or_(f"met[t={t},k={k}]", gathered)
        keys = [self.passed[(t, k - 1, j)] for j in range(b.n)]
        live = self.live[(t, k)]
        win = self.win[(t, k)] = lits.and_(f"win[t={t},k={k}]", [live, met, *keys])
        nxt = (t, k + 1)
        if win is False:
            self.live[nxt] = live
        else:
            self.live[nxt] = lits.new(f"live[t={t},k={k + 1}]")
            self.model.add(self.live[nxt] == num(live) - win)

    def _arrival_keys(self, t: int, k: int, arrive: dict[int, Lit]) -> dict[int, Lit]:
        """Rule §4.1, §8.3: arriving keyless on a key tile takes its key (a scramble arrives too).

        Returns the key tiles whose key was taken on arrival.
        """
        b, lits = self.board, self.lits
        a = b.active(t)
        tag = f"t={t},k={k}"
        held = self.passed[(t, k - 1, a)]
        found, taken = [], {}
        for x, v in arrive.items():
            keyed = self.kept.get((t, k - 1, x), False)
            if keyed is not False:
                there = lits.and_(f"arrive_key[{tag},{self._cell(x)}]", [v, keyed])
                found.append(there)
                taken[x] = lits.and_(f"key_taken[{tag},{self._cell(x)}]", [there, lits.not_(held)])
        for j in range(b.n):
            self.key[(t, k, j)] = self.passed[(t, k - 1, j)]
        self.key[(t, k, a)] = lits.or_(f"key[{tag},p={a}]", [held, *found])
        return taken

    def _collapse(self, t: int, k: int, left: dict[int, Lit], taken: dict[int, Lit]) -> tuple[dict[int, Lit], ...]:
        """Rule §4.2: the crumbling tile a prisoner moved from becomes a pit (losing a key left on it).

        Returns the board after step 2: solid, pit, keyed, by cell.
        """
        b, lits = self.board, self.lits
        tag = f"t={t},k={k}"
        solid, pit, keyed = {}, {}, {}
        for c in b.cells:
            gone = left.get(c, False) if c in b.crumbling else False
            solid[c] = lits.and_(f"solid_mid[{tag},{self._cell(c)}]", [self.solid[(t, k - 1, c)], lits.not_(gone)])
            pit[c] = lits.or_(f"pit_mid[{tag},{self._cell(c)}]", [self.pit[(t, k - 1, c)], gone])
            before = self.kept.get((t, k - 1, c), False)
            if before is not False:
                keyed[c] = lits.and_(f"keyed_mid[{tag},{self._cell(c)}]", [before, lits.not_(taken.get(c, False)), lits.not_(gone)])
        return solid, pit, keyed

    def _triggers(
        self, t: int, k: int, solid: dict[int, Lit], left: dict[int, Lit], walked_to: dict[int, Lit], charged: dict[int, Lit]
    ) -> tuple[dict[int, Lit], dict[tuple[int, int], Lit]]:
        """Rule §4.4 (RULING-TRIGGER-ORIGIN), §6.1, §6.4: the monsters that attack after the step.

        Sight is taken on the board after step 2. A watcher's sight of the cell
        left is the same before its collapse (only the cells before it on the line
        count), so one board serves both. A charged monster attacks, and so do
        the monsters that see it. Returns the attackers and ``(m, x) -> m sees x``.
        """
        b, lits = self.board, self.lits
        tag = f"t={t},k={k}"
        sees: dict[tuple[int, int], list[Lit]] = {}
        prior: dict[tuple[int, int], list[Lit]] = {}
        for m, rays in self.tables.rays.items():
            for r, ray in enumerate(rays):
                chain = solid[m]
                for x in ray:
                    prior.setdefault((m, x), []).append(chain)
                    chain = lits.and_(f"ray[{tag},{self._cell(m)},{r},{self._cell(x)}]", [chain, solid[x]])
                    sees.setdefault((m, x), []).append(chain)
        seen = {mx: lits.or_(f"sees[{tag},{self._cell(mx[0])},{self._cell(mx[1])}]", vs) for mx, vs in sees.items()}
        first: dict[int, list[Lit]] = {m: [charged.get(m, False)] for m in b.monsters}
        for (m, x), chains in prior.items():
            if b.trigger_origin and left.get(x, False) is not False:
                saw = lits.or_(f"saw[{tag},{self._cell(m)},{self._cell(x)}]", chains)
                first[m].append(lits.and_(f"origin[{tag},{self._cell(m)},{self._cell(x)}]", [left[x], saw]))
        for (m, x), v in seen.items():
            came = charged.get(x, False) if x in b.monsters else walked_to.get(x, False)
            if came is not False:
                first[m].append(lits.and_(f"dest[{tag},{self._cell(m)},{self._cell(x)}]", [came, v]))
        trig = {m: lits.or_(f"trig[{tag},r=0,{self._cell(m)}]", vs) for m, vs in first.items()}
        # Rule §4.4: chain reaction, a monster in an attacker's sight attacks too (to a fixed point).
        for r in range(1, len(b.monsters)):
            nxt = {}
            for m2 in b.monsters:
                reached = [
                    lits.and_(f"chain[{tag},r={r},{self._cell(m)},{self._cell(m2)}]", [trig[m], seen[(m, m2)]])
                    for m in b.monsters
                    if (m, m2) in seen
                ]
                nxt[m2] = lits.or_(f"trig[{tag},r={r},{self._cell(m2)}]", [trig[m2], *reached])
            if all(nxt[m] is trig[m] for m in b.monsters):
                break
            trig = nxt
        return trig, seen

    def _hits(self, t: int, k: int, trig: dict[int, Lit], seen: dict[tuple[int, int], Lit]) -> dict[int, Lit]:
        """Rule §4.5, §8.7: every lit prisoner an attacker sees goes Lights Out; so does a charger.

        Returns the candles after the hits, by prisoner.
        """
        b, lits = self.board, self.lits
        a = b.active(t)
        tag = f"t={t},k={k}"
        hit_by: dict[int, list[Lit]] = {}
        for (m, x), v in seen.items():
            hit_by.setdefault(x, []).append(lits.and_(f"hit[{tag},{self._cell(m)},{self._cell(x)}]", [trig[m], v]))
        hit = {x: lits.or_(f"hit[{tag},{self._cell(x)}]", vs) for x, vs in hit_by.items()}
        lit = {}
        for j, place in enumerate(self._places(t, k)):
            struck = lits.select(f"struck[{tag},p={j}]", place, hit)
            charger = [lits.not_(self.charging[(t, k)])] if j == a else []
            lit[j] = lits.and_(f"lit_mid[{tag},p={j}]", [self.lit[(t, k - 1, j)], lits.not_(struck), *charger])
        return lit

    def _remove_attackers(self, t: int, k: int, solid: dict[int, Lit], trig: dict[int, Lit], charged: dict[int, Lit]) -> None:
        """Rule §4.5 (RULING-MONSTER-REMOVED), §6.4: attackers are discarded (a charged one always)."""
        b, lits = self.board, self.lits
        for m in b.monsters:
            gone = trig[m] if b.monster_removed else charged.get(m, False)
            solid[m] = lits.and_(f"solid_rm[t={t},k={k},{self._cell(m)}]", [solid[m], lits.not_(gone)])

    def _darkness(self, t: int, k: int, solid: dict[int, Lit], pit: dict[int, Lit], keyed: dict[int, Lit], lit: dict[int, Lit]) -> None:
        """Rule §3, step 6a: tiles that no prisoner illuminates vanish (a standing prisoner lights its
        own tile; a lit one also the neighbours its tile opens toward).

        After the first step of a turn this removes nothing when no step is taken,
        so it runs on every step alike.
        """
        b, lits = self.board, self.lits
        tag = f"t={t},k={k}"
        places = self._places(t, k)
        glow = {}
        for y in sorted({y for ys in self.tables.sources.values() for y in ys}):
            here = [lits.and_(f"glow[{tag},p={j},{self._cell(y)}]", [places[j].get(y, False), lit[j]]) for j in range(b.n)]
            glow[y] = lits.or_(f"glow[{tag},{self._cell(y)}]", here)
        for x in b.cells:
            lamps = [place.get(x, False) for place in places] + [glow.get(y, False) for y in self.tables.sources[x]]
            lamp = lits.or_(f"lamp[{tag},{self._cell(x)}]", lamps)
            self.solid[(t, k, x)] = lits.and_(f"solid[{tag},{self._cell(x)}]", [solid[x], lamp])
            self.pit[(t, k, x)] = lits.and_(f"pit[{tag},{self._cell(x)}]", [pit[x], lamp])
            if x in keyed:
                self.keyed[(t, k, x)] = lits.and_(f"keyed[{tag},{self._cell(x)}]", [keyed[x], lamp])

    def _relight(self, t: int, k: int, lit: dict[int, Lit]) -> None:
        """Rule §3, step 6b (RULING-RELIGHT-WITH-ACTIVE): relighting after darkness."""
        b, lits = self.board, self.lits
        a = b.active(t)
        tag = f"t={t},k={k}"
        adj = self._adjacency(t, k)
        if b.relight_with_active:
            # The active prisoner is relit by a lit neighbour, then relights every neighbour.
            near_lit = lits.or_(f"near_lit[{tag}]", [lits.and_(f"adj_lit[{tag},p={j}]", [adj[j], lit[j]]) for j in adj])
            lit_a = self.lit[(t, k, a)] = lits.or_(f"lit[{tag},p={a}]", [lit[a], near_lit])
            for j in adj:
                self.lit[(t, k, j)] = lits.or_(f"lit[{tag},p={j}]", [lit[j], lits.and_(f"relit[{tag},p={j}]", [adj[j], lit_a])])
            return
        # The alternative: any connected pair relights, in chains (to a fixed point).
        places = self._places(t, k)
        pair: dict[tuple[int, int], Lit] = {}
        for i in range(b.n):
            for j in range(i + 1, b.n):
                if a in (i, j):
                    v = adj[j if i == a else i]
                else:
                    v = lits.select(f"pair[t={t},p={i},p={j}]", places[i], {c: self._beside(t, j, c) for c in places[i]})
                pair[(i, j)] = pair[(j, i)] = v
        current = dict(lit)
        for r in range(1, b.n):
            current = {
                j: lits.or_(
                    f"lit[{tag},r={r},p={j}]",
                    [current[j], *[lits.and_(f"relit[{tag},r={r},p={i},p={j}]", [pair[(i, j)], current[i]]) for i in range(b.n) if i != j]],
                )
                for j in range(b.n)
            }
        for j in range(b.n):
            self.lit[(t, k, j)] = current[j]

    # -- the end of a turn -------------------------------------------------------------------------

    def _final(self, t: int) -> None:
        """Rule §4.8, §7: discard one tile (an occupied one would make its prisoner fall: a loss)
        or hold the light; under RULING-FF-OCCUPIED's alternative, end when neither is possible."""
        b, lits = self.board, self.lits
        a = b.active(t)
        live = self.live[(t, 4)]
        places = self._places(t, 3)
        options = []
        for c in b.cells:
            present = [self.solid[(t, 3, c)], self.pit[(t, 3, c)]]
            if all(x is False for x in present):
                continue
            v = self.discard[(t, c)] = lits.new(f"discard[t={t},{self._cell(c)}]")
            lits.clause([lits.not_(v), *present])
            for place in places:
                lits.implies(v, lits.not_(place.get(c, False)))
            options.append(v)
        self.hold[t] = lits.new(f"hold[t={t}]")
        options.append(self.hold[t])
        if not b.ff_occupied:
            # RULING-FF-OCCUPIED alternative: "end" only when every tile left is occupied.
            end = self.end[t] = lits.new(f"end[t={t}]")
            options.append(end)
            for c in b.cells:
                occupied = lits.or_(f"occ_final[t={t},{self._cell(c)}]", [place.get(c, False) for place in places])
                for there in (self.solid[(t, 3, c)], self.pit[(t, 3, c)]):
                    lits.clause([lits.not_(end), lits.not_(there), occupied])
        self.model.add_exactly_one([x for x in [*options, lits.not_(live)] if x is not False])
        # The next turn starts from this board without the discarded tile.
        for c in b.cells:
            gone = lits.not_(self.discard.get((t, c), False))
            self.solid[(t + 1, 0, c)] = lits.and_(f"solid[t={t + 1},k=0,{self._cell(c)}]", [self.solid[(t, 3, c)], gone])
            self.pit[(t + 1, 0, c)] = lits.and_(f"pit[t={t + 1},k=0,{self._cell(c)}]", [self.pit[(t, 3, c)], gone])
            if self.kept[(t, 3, c)] is not False:
                self.keyed[(t + 1, 0, c)] = lits.and_(f"keyed[t={t + 1},k=0,{self._cell(c)}]", [self.kept[(t, 3, c)], gone])
        for j in range(b.n):
            self.key[(t + 1, 0, j)] = self.passed[(t, 3, j)]
            self.lit[(t + 1, 0, j)] = self.lit[(t, 3, j)]
            cells = self.pos_cells[(t, 3)] if j == a else self.at_cells[(t, j)]
            self.at_cells[(t + 1, j)] = list(cells)
            for c in cells:
                self.at[(t + 1, j, c)] = self.pos[(t, 3, c)] if j == a else self.at[(t, j, c)]
        self.live[(t + 1, 1)] = live

    def _walk(self, t: int) -> Lit:
        """The active prisoner has a move or a jump at the turn start (§8.6, rules notes 5)."""
        b, lits = self.board, self.lits
        mobile = {}
        for c in self.pos_cells[(t, 0)]:
            ways = []
            for d in range(4):
                x = b.neighbours[c][d]
                if not b.opens_to(c, d) or x not in b.opens:
                    continue
                ways.append(self.pit[(t, 0, x)])  # a jump into a pit counts as a move
                if b.opens_to(x, d ^ 2) and x not in b.monsters:
                    free = True if x in b.gates else lits.not_(self._occupied(t, x))
                    ways.append(lits.and_(f"way[t={t},{self._cell(x)}]", [self.solid[(t, 0, x)], free]))
            mobile[c] = lits.or_(f"mobile[t={t},{self._cell(c)}]", ways)
        return lits.select(f"walk[t={t}]", {c: self.pos[(t, 0, c)] for c in mobile}, mobile)

    def _nerve(self, t: int) -> None:
        """Rule §4.1, §4.7, §4.8, §6.3, §8.6, §8.7: the Nerve a turn gains and spends.

        A lit stay gains 1 (up to 2); a Lights Out stay costs 1 when a move or a
        jump was possible; each charge, each extra move and holding the light cost
        1; at most 2 a turn; no Nerve spent after a gain (RULING-NERVE-AFTER-GAIN:
        in the Final Flickers only holding the light could follow a gain, and it
        is barred under both readings). Payments come one after another and only
        a stay gains, so "enough Nerve at each payment" is "the total <= Nerve".
        """
        b, lits, m = self.board, self.lits, self.model
        a = b.active(t)
        for j in range(b.n):
            if j != a:
                self.nerve[(t + 1, j)] = self.nerve[(t, j)]
        nerve = self.nerve[(t, a)]
        lit = self.lit[(t, 0, a)]
        if isinstance(nerve, int):
            low: Lit = nerve <= 1
        else:
            low = lits.new(f"nerve_low[t={t}]")
            m.add(nerve <= 1).only_enforce_if(low)
            m.add(nerve >= 2).only_enforce_if(~low)
        gain = lits.and_(f"gain[t={t}]", [self.stay[t], lit, low])
        pay = False if lit is True else lits.and_(f"pay_stay[t={t}]", [self.stay[t], lits.not_(lit), self._walk(t)])
        spent = (
            num(pay) + sum(num(self.charging[(t, k)]) for k in STEPS) + num(self.moving[(t, 2)]) + num(self.moving[(t, 3)]) + self.hold[t]
        )
        self.spent[t] = spent
        m.add(spent <= 2)
        m.add(spent <= nerve)
        lits.implies(self.hold[t], lits.not_(gain))
        after = self.nerve[(t + 1, a)] = m.new_int_var(0, 3, f"nerve[t={t + 1},p={a}]")
        m.add(after == nerve + num(gain) - spent)
        if t in self.end:
            # "end" only when the light cannot be held: no Nerve left, 2 spent already, or a gain.
            broke, tired = lits.new(f"broke[t={t}]"), lits.new(f"tired[t={t}]")
            m.add(nerve - spent <= 0).only_enforce_if(broke)
            m.add(spent >= 2).only_enforce_if(tired)
            lits.clause([lits.not_(self.end[t]), broke, tired, gain])

    def _not_lost(self, t: int) -> None:
        """Rule §5: a gate is left, and keys held plus keys on tiles cover every prisoner."""
        b = self.board
        self.model.add(sum(num(self.solid[(t, 0, g)]) for g in b.gates) >= 1)
        held = [num(self.key[(t, 0, j)]) for j in range(b.n)]
        on_tiles = [num(self.keyed[(t, 0, c)]) for c in b.keyed if (t, 0, c) in self.keyed]
        self.model.add(sum(held) + sum(on_tiles) >= b.n)

    def _spares_in_order(self, t: int) -> None:
        """Interchangeable tiles go in a fixed order (symmetry breaking, not a rule)."""
        if not self.goal:
            return  # the relation of turns keeps every result
        for group in self.tables.spares:
            for c, later in pairwise(group):
                there = self.pit if c in self.board.pits else self.solid
                self.lits.implies(there[(t, 0, c)], there[(t, 0, later)])

    # -- goal and objective ------------------------------------------------------------------------

    def _goal(self) -> None:
        """The plan wins at exactly one arrival within the horizon."""
        wins = {key: v for key, v in self.win.items() if v is not False}
        self.model.add(sum(num(v) for v in wins.values()) == 1)
        self.turns_expr = sum((t + 1) * num(v) for (t, _), v in wins.items())
        self.nerve_expr = sum(self.spent[t] for t in range(self.horizon))

    def _objective(self, objective: str, nerve_cap: int | None) -> None:
        """Lexicographic: turns then Nerve (``turns``), or Nerve then turns (``nerve``)."""
        if nerve_cap is not None:
            self.model.add(self.nerve_expr <= nerve_cap)
        if objective == "turns":
            self.model.minimize(self.turns_expr * (2 * self.horizon + 1) + self.nerve_expr)
        else:
            self.model.minimize(self.nerve_expr * (self.horizon + 1) + self.turns_expr)

    # -- hints -------------------------------------------------------------------------------------

    def add_hint(self, turns: list[dict[str, Any]]) -> None:
        """Hint a plan's choices (see :func:`solver.endgame.cpsat.planner.plan_decisions`): every step, discard and
        hold of its turns, and the places at their starts. A hint guides CP-SAT, it binds nothing."""
        hints: dict[int, tuple[Any, int]] = {}

        def hint(var: Lit, value: bool) -> None:
            if not isinstance(var, bool) and var.index >= 0:
                hints[var.index] = (var, int(value))

        for t, turn in enumerate(turns[: self.horizon]):
            for (tt, *key), var in self.move.items():
                if tt == t:
                    hint(var, tuple(key) in turn["moves"])
            for (tt, *key), var in self.charge.items():
                if tt == t:
                    hint(var, tuple(key) in turn["charges"])
            for (tt, c), var in self.discard.items():
                if tt == t:
                    hint(var, c == turn["discard"])
            hint(self.stay[t], turn["stay"])
            hint(self.hold[t], turn["hold"])
            for j, c in enumerate(turn["at"]):
                hint(self.at.get((t, j, c), False), True)
        for var, value in hints.values():
            self.model.add_hint(var, value)

    # -- reading a solution ------------------------------------------------------------------------

    def win_step(self, solver: cp_model.CpSolver) -> tuple[int, int]:
        """``(turn, step)`` of the winning arrival."""
        return next(key for key, v in self.win.items() if value_of(solver, v))

    def step_action(self, solver: cp_model.CpSolver, t: int, k: int) -> tuple[Any, ...] | None:
        """``("stay",)``, ``("move", c, d)``, ``("charge", c, d, e)`` or None (no step)."""
        if k == 1 and value_of(solver, self.stay[t]):
            return ("stay",)
        for (tt, kk, c, d), v in self.move.items():
            if (tt, kk) == (t, k) and value_of(solver, v):
                return ("move", c, d)
        for (tt, kk, c, d, e), v in self.charge.items():
            if (tt, kk) == (t, k) and value_of(solver, v):
                return ("charge", c, d, e)
        return None

    def final_action(self, solver: cp_model.CpSolver, t: int) -> tuple[Any, ...]:
        """``("discard", c)``, ``("hold",)`` or ``("end",)``."""
        for (tt, c), v in self.discard.items():
            if tt == t and value_of(solver, v):
                return ("discard", c)
        return ("hold",) if value_of(solver, self.hold[t]) else ("end",)

    def keys_at(self, solver: cp_model.CpSolver, t: int, k: int) -> tuple[list[int], tuple[bool, ...], tuple[bool, ...], bool, bool]:
        """At pass point ``k``: the group (active first, then its connected neighbours), its keys
        before and after the passes, whether the tile's key was taken, and whether it is still there."""
        b = self.board
        a = b.active(t)
        group = [a] + [j for j in range(b.n) if j != a and value_of(solver, self.adjacent[(t, k, j)])]
        before = tuple(value_of(solver, self.key[(t, k, j)]) for j in group)
        after = tuple(value_of(solver, self.passed[(t, k, j)]) for j in group)
        took = any(value_of(solver, v) for (tt, kk, _), v in self.take.items() if (tt, kk) == (t, k))
        here = next(c for c in self.pos_cells[(t, k)] if value_of(solver, self.pos[(t, k, c)]))
        return group, before, after, took, value_of(solver, self.kept[(t, k, here)])

    def spent_in(self, solver: cp_model.CpSolver, t: int) -> int:
        return int(solver.value(self.spent[t]))

    def place(self, solver: cp_model.CpSolver, t: int, j: int) -> int:
        """Where prisoner ``j`` stands at the start of turn ``t``."""
        return next(c for c in self.at_cells[(t, j)] if value_of(solver, self.at[(t, j, c)]))


__all__ = ["LETTERS", "STEPS", "Board", "FlickersModel", "Lits", "Tables", "board_of", "tables_of"]
