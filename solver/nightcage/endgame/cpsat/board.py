"""The static side of the CP-SAT model: a Final Flickers board and its tables.

Tiles never appear in the end-game, only vanish, so everything about a tile
but whether it is still there is fixed for the whole plan: :class:`Board`
holds it (with the prisoners' starting places, candles, keys and Nerve), and
:class:`Tables` the relations the model is built from (moves, charges, light
sources, sight rays, distances, interchangeable tiles).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.model.grid import DIR_LETTER, DIRECTIONS, geometry

LETTERS = tuple(DIR_LETTER[d] for d in DIRECTIONS)
"""Direction letters by direction index (N, E, S, W); the opposite of ``i`` is ``i ^ 2``."""

STEPS = (1, 2, 3)
"""A turn's steps: the main action, then up to two moves bought with Nerve (§4.7)."""


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
    flickers_occupied: bool
    relight_at_start: bool

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
    """The static data of a kernel position (:mod:`solver.nightcage.endgame.kernel`)."""
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
        flickers_occupied=ctx.flickers_occupied,
        relight_at_start=ctx.relight_at_start,
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
    (as in :func:`solver.nightcage.endgame.bounds.canonical`, but keeping pits apart).
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
        for x in geometry(board.size).rays[m][i]:  # the torus line, up to the cell before m again
            if not board.opens_to(x, i ^ 2):
                break
            if not board.opens_to(x, i):
                if board.los_end:  # RULING-LOS-END: the tile where the line stops is in sight
                    ray.append(x)
                break
            ray.append(x)
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


__all__ = ["LETTERS", "STEPS", "Board", "Tables", "board_of", "tables_of"]
