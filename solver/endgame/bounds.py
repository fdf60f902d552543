"""Bounds and abstractions for the end-game search, on kernel positions (:mod:`solver.endgame.kernel`).

Three things make the exact search fast without changing its answers; each
is argued here and tested against the plain search (tests/test_search.py).

**A lower bound on the turns still needed** (:func:`turns_needed`). A prisoner
``d`` steps from a gate needs ``k = max(ceil(d / 3), d - nerve)`` turns of its
own: at most 3 steps a turn (a move and two bought with Nerve), and over any
``k`` turns at most ``k + nerve`` steps, since a turn's extra steps are paid
with Nerve that only a stay (a turn without a step) can bring back. Steps are
counted on the tiles present, through monsters: entering one (a Charge) costs
a step, the scramble off it costs none. Tiles only disappear in the Final
Flickers, so distances never shrink. Its ``k``-th own turn comes
``(i - turn) mod n + (k - 1) n`` turns from now, and all must meet on one
gate: the bound is the least, over gates, of the greatest such count. It is
consistent: one turn lowers it by at most one (the mover's ``k`` drops by at
most one, and its own turns move one round away, minus the turn just played).

**How long the board can last** (:func:`turns_left`). Each Final Flickers
turn burns a tile (the discard) or a Nerve (holding the light, or paying for
steps); a stay that gains a Nerve must burn a tile, since it may not hold. So
``2 x tiles + Nerve`` drops by at least one every turn: no game lasts longer.
(Under the other reading of RULING-FF-OCCUPIED a turn may burn nothing, so
this bound is not used then.)

**Irrelevant tiles** (:func:`canonical`). Call *reach* the tiles connected,
through passages and monsters, to a prisoner. A tile outside reach is never
entered (tiles only vanish, so it stays outside), never on a sight line that
touches a prisoner (consecutive tiles of a line are connected), and lights
nothing. Only four things about it can matter: whether it is a gate or a key
tile (the loss rules count them); whether it is a pit, for a pit is a jump
from each cell whose tile opens toward it, and a Lights Out prisoner with no
Nerve stays for free only when it has no move and no jump (§8.6); how long it lasts (it stays
while a lit prisoner stands next to it on a tile opening toward it: on one of
its *sources*, cells of reach fixed by the board, the same cells a jump into a
pit starts from); and that it can be the Final Flickers discard. Two positions that differ only in such tiles with the same
kind class and the same sources therefore have the same future, move for
move: the canonical key replaces them by their (class, sources) multiset.
Discarding either of two such tiles leads to the same key, so the search
tries one.
"""

from __future__ import annotations

from solver.core.state import GameState, Prisoner
from solver.core.tiles import Kind, TileType
from solver.endgame import kernel as eg
from solver.endgame.bitboard import _EDGES

INFINITE = 1 << 30


def _step(ctx: eg.Context, b: tuple[int, ...], frontier: int, through: int) -> int:
    """Cells of ``through`` connected to some cell of ``frontier`` (one step on the torus)."""
    size = ctx.size
    top, bottom, left, right, across = _EDGES[size]
    n = frontier & b[eg.B_OPEN_N]
    e = frontier & b[eg.B_OPEN_E]
    s = frontier & b[eg.B_OPEN_S]
    w = frontier & b[eg.B_OPEN_W]
    out = (((n & ~top) << size) | ((n & top) >> across)) & b[eg.B_OPEN_S]
    out |= (((s & ~bottom) >> size) | ((s & bottom) << across)) & b[eg.B_OPEN_N]
    out |= (((e & ~right) << 1) | ((e & right) >> (size - 1))) & b[eg.B_OPEN_W]
    out |= (((w & ~left) >> 1) | ((w & left) << (size - 1))) & b[eg.B_OPEN_E]
    return out & through


_DISTANCES: dict[tuple[int, ...], dict[int, int]] = {}
_CACHE_LIMIT = 200_000


def gate_distances(ctx: eg.Context, b: tuple[int, ...], cell: int) -> dict[int, int]:
    """Steps from ``cell`` to each gate it can reach (Charge through monsters allowed).

    Distances depend only on which tiles are present (a tile's openings never
    change, a pit has none), so they are remembered per board and cell.
    """
    key = (ctx.size, b[eg.B_PRESENT], b[eg.B_OPEN_N], b[eg.B_OPEN_E], b[eg.B_OPEN_S], b[eg.B_OPEN_W],
           b[eg.B_PIT], b[eg.B_MONSTER], b[eg.B_GATE], cell)
    found = _DISTANCES.get(key)
    if found is None:
        if len(_DISTANCES) >= _CACHE_LIMIT:
            _DISTANCES.clear()
        found = _DISTANCES[key] = _gate_distances(ctx, b, cell)
    return found


def _gate_distances(ctx: eg.Context, b: tuple[int, ...], cell: int) -> dict[int, int]:
    walk = b[eg.B_PRESENT] & ~b[eg.B_PIT]
    monsters = b[eg.B_MONSTER]
    gates = b[eg.B_GATE]
    start = 1 << cell
    reached = frontier = start
    out: dict[int, int] = {}
    if start & gates:
        out[cell] = 0
    d = 0
    while frontier:
        d += 1
        nxt = _step(ctx, b, frontier, walk & ~reached)
        entered = nxt & monsters
        if entered:  # the scramble off a charged monster is free
            nxt |= _step(ctx, b, entered, walk & ~monsters & ~reached & ~nxt)
        reached |= nxt
        found = nxt & gates & ~monsters
        while found:
            low = found & -found
            out[low.bit_length() - 1] = d
            found ^= low
        frontier = nxt & ~monsters
    return out


def turns_needed(k: eg.K) -> int:
    """A lower bound on the turns until a win (INFINITE when no gate can gather everyone,
    or when the keys held and those left on tiles someone can reach are too few)."""
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    ps = k[eg.PRISONERS :]
    n = len(ps)
    turn = k[eg.TURN]
    # Every prisoner needs a key: held ones, or key tiles someone can still walk to.
    held = sum(1 for p in ps if p & eg.KEY)
    if held < n and held + bin(b[eg.B_KEYED] & reach(k)).count("1") < n:
        return INFINITE
    dists = []
    for p in ps:
        pos = p & eg.POS
        if pos >= eg.FALLEN:
            return INFINITE
        dists.append(gate_distances(ctx, b, pos))
    best = INFINITE
    for gate in dists[0]:
        worst = 0
        for i, p in enumerate(ps):
            d = dists[i].get(gate)
            if d is None:
                worst = INFINITE
                break
            if d:
                own_turns = max(-(-d // 3), d - ((p >> eg.NERVE_SHIFT) & 3))
                worst = max(worst, (i - turn) % n + (own_turns - 1) * n + 1)
                if worst >= best:
                    break
        best = min(best, worst)
    return best


def turns_left(k: eg.K) -> int:
    """At most this many turns remain before the game ends (INFINITE when unbounded)."""
    ctx = k[eg.CTX]
    if not ctx.ff_occupied:
        return INFINITE
    tiles = bin(k[eg.PRESENT]).count("1")
    nerve = sum((p >> eg.NERVE_SHIFT) & 3 for p in k[eg.PRISONERS :])
    return 2 * tiles + nerve


_REACH: dict[tuple[int, ...], int] = {}


def reach(k: eg.K) -> int:
    """Tiles connected, through passages and monsters, to a prisoner standing on the board."""
    key = (k[eg.CTX].size, *k[eg.PRESENT : eg.PIT + 1], *(p & eg.POS for p in k[eg.PRISONERS :]))
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) >= _CACHE_LIMIT:
            _REACH.clear()
        found = _REACH[key] = _reach(k)
    return found


def _reach(k: eg.K) -> int:
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    walk = b[eg.B_PRESENT] & ~b[eg.B_PIT]
    reached = 0
    for p in k[eg.PRISONERS :]:
        pos = p & eg.POS
        if pos < eg.FALLEN:
            reached |= 1 << pos
    frontier = reached
    while frontier:
        frontier = _step(ctx, b, frontier, walk & ~reached)
        reached |= frontier
    return reached


def canonical(k: eg.K) -> tuple[object, ...]:
    """The position with its irrelevant tiles reduced to (class, sources): see the module doc.

    Classes: 0 any other tile, 1 a key tile with its key, 2 a gate, 3 a pit.
    """
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    inside = reach(k)
    outside = b[eg.B_PRESENT] & ~inside
    if not outside:
        return (k[eg.TURN], k[eg.PRISONERS :], b, ())
    spares = []
    nb = ctx.nb
    while outside:
        low = outside & -outside
        c = low.bit_length() - 1
        outside ^= low
        sources = 0
        for i in range(4):
            x = nb[c][i]
            # x lights c when x's tile opens back toward c (direction i + 2 from x).
            if inside >> x & 1 and b[1 + (i + 2) % 4] >> x & 1:
                sources |= 1 << x
        kind = 3 if b[eg.B_PIT] & low else 2 if b[eg.B_GATE] & low else 1 if b[eg.B_KEYED] & low else 0
        spares.append((kind, sources))
    spares.sort()
    return (k[eg.TURN], k[eg.PRISONERS :], tuple(m & inside for m in b), tuple(spares))


def turns_needed_anywhere(state: GameState) -> int:
    """A lower bound on the turns until a win while tiles may still be drawn.

    New tiles can open any path, so distances are taken on the bare torus
    (straight-line steps, walls ignored). Prisoners must meet on a gate: an
    existing one, or any cell while a gate may still come out of the pile. A
    falling prisoner lands on its line at the start of its turn, then moves.
    The argument of :func:`turns_needed` holds unchanged, so the bound is
    consistent, and it never exceeds the end-game bound of the position the
    game reaches when the pile runs out (true path lengths are longer).
    """
    if any(p.unplaced for p in state.prisoners):
        return 0
    geo = state.geo
    n = len(state.prisoners)
    gates = [c for c, t in enumerate(state.tiles) if t is not None and t.kind is Kind.GATE]
    if state.pile.count_of(TileType.GATE) or (state.pending and state.pending.steps and state.pending.front.hand is TileType.GATE):
        gates = list(range(geo.cells))
    best = INFINITE
    for x in gates:
        worst = 0
        for i, p in enumerate(state.prisoners):
            offset = (i - state.turn) % n
            starts = _standing_cells(state, p)
            m = min(geo.distance[s * geo.cells + x] for s in starts)
            if p.cell is not None and m == 0:
                continue
            own_turns = max(1, -(-m // 3), m - p.nerve)
            worst = max(worst, offset + (own_turns - 1) * n + 1)
            if worst >= best:
                break
        best = min(best, worst)
    return best


def _standing_cells(state: GameState, p: Prisoner) -> list[int]:
    """Where a prisoner can stand at the start of its next move: its cell, or its landing line."""
    geo = state.geo
    if p.cell is not None:
        return [p.cell]
    assert p.falling is not None
    axis, index = p.falling
    if axis == "row":
        return list(geo.row_cells(index))
    if axis == "file":
        return list(geo.file_cells(index))
    return list(geo.row_cells(geo.rank_of(index)) + geo.file_cells(geo.file_of(index)))
