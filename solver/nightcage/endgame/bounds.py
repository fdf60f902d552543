"""Bounds and abstractions for the end-game search, on kernel positions (:mod:`solver.nightcage.endgame.kernel`).

Three things make the exact search fast without changing its answers; each
is argued here and tested against the plain search (tests/nightcage/endgame/test_search.py).

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

**What a win costs the board** (:func:`win_bound`, issue 29). A win in ``T``
turns ends on arrival: the ``T - 1`` turns before it burn one each, and every
step beyond one per own turn costs a Nerve more (moving again, a Charge), the
winning turn's included; the gate's tile is still there at the start of the
winning turn, so ``2 x tiles + Nerve`` keeps at least 2. For a gate whose
bound is ``T`` (the turn count above) and prisoners ``d_i`` steps from it with
``k_i`` own turns among the first ``T``, a win there needs
``T - 1 + sum(max(0, d_i - k_i)) <= 2 x tiles + Nerve - 2``; giving a prisoner
one more turn (a later win) lowers the sum by at most one, so if no gate
passes at its own ``T`` no win exists. :func:`win_bound` is then INFINITE,
else :func:`turns_needed` (unchanged, so the bound stays consistent).

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
tries one. A keeper outside reach holds a key (the loss rules count it) and
darkness does not remove it: it is a class of its own. A pathless reaches its
whole row and file through anything (and a sight line ending on it is not a
passage), so with one on the board no tile is abstracted.
"""

from __future__ import annotations

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bitboard import _EDGES
from solver.nightcage.model.state import GameState, Prisoner
from solver.nightcage.model.tiles import Kind, TileType

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


_CACHE_LIMIT = 200_000


class _Board:
    """What the bounds need to know of one board, computed once per cell when first asked.

    Distances and connected regions depend only on which tiles are present
    (a tile's openings never change, a pit has none, keys and crumbling play
    no part), and a search meets the same boards again and again with the
    prisoners elsewhere: so they are remembered per board, not per position.
    """

    __slots__ = ("ctx", "b", "distances", "regions")

    def __init__(self, ctx: eg.Context, b: tuple[int, ...]) -> None:
        self.ctx = ctx
        self.b = b
        self.distances: dict[int, dict[int, int]] = {}
        self.regions: dict[int, int] = {}

    def gate_distances(self, cell: int) -> dict[int, int]:
        found = self.distances.get(cell)
        if found is None:
            found = self.distances[cell] = _gate_distances(self.ctx, self.b, cell)
        return found

    def region(self, cell: int) -> int:
        """Tiles connected to ``cell`` through passages and monsters (the cell included)."""
        found = self.regions.get(cell)
        if found is None:
            found = self.regions[cell] = _region(self.ctx, self.b, cell)
        return found


_BOARDS: dict[tuple[object, ...], _Board] = {}


def _board(ctx: eg.Context, b: tuple[int, ...]) -> _Board:
    """The cached :class:`_Board` of a board tuple (keys and crumbling left out of the key)."""
    key = (ctx.size, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7])
    found = _BOARDS.get(key)
    if found is None:
        if len(_BOARDS) >= _CACHE_LIMIT:
            _BOARDS.clear()
        found = _BOARDS[key] = _Board(ctx, b)
    return found


def gate_distances(ctx: eg.Context, b: tuple[int, ...], cell: int) -> dict[int, int]:
    """Steps from ``cell`` to each gate it can reach (Charge through monsters allowed).

    Distances depend only on which tiles are present (a tile's openings never
    change, a pit has none), so they are remembered per board and cell.
    """
    return _board(ctx, b).gate_distances(cell)


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


def pure_turns_needed(k: eg.K) -> int:
    """A lower bound on the turns until a win (INFINITE when no gate can gather everyone,
    or when the keys held and those left on tiles someone can reach are too few).

    :func:`turns_needed` is this function, compiled when the compiled kernel runs
    (:mod:`solver.nightcage.endgame.kernel.compiled`); this one stays its reference."""
    b = k[eg.PRESENT : eg.PRISONERS]
    board = _board(k[eg.CTX], b)
    ps = k[eg.PRISONERS :]
    n = len(ps)
    turn = k[eg.TURN]
    dists = []
    held = 0
    reached = 0
    for p in ps:
        pos = p & eg.POS
        if pos >= eg.FALLEN:
            return INFINITE
        held += p >> 10 & 1
        dists.append(board.gate_distances(pos))
    # Every prisoner needs a key: held ones, or key tiles someone can still walk to.
    if held < n:
        for p in ps:
            reached |= board.region(p & eg.POS)
        if held + ((b[eg.B_KEYED] | b[eg.B_KEEPER]) & reached).bit_count() < n:
            return INFINITE
    best = INFINITE
    for gate in dists[0]:
        worst = 0
        for i, p in enumerate(ps):
            d = dists[i].get(gate)
            if d is None:
                worst = INFINITE
                break
            if d:
                nerve = p >> eg.NERVE_SHIFT & 3
                own_turns = d - nerve if d - nerve > (d + 2) // 3 else (d + 2) // 3
                count = (i - turn) % n + (own_turns - 1) * n + 1
                if count > worst:
                    worst = count
                    if worst >= best:
                        break
        if worst < best:
            best = worst
    return best


turns_needed = eg.compiled_bound(pure_turns_needed)


def pure_win_bound(k: eg.K) -> int:
    """:func:`turns_needed`, or INFINITE when the board cannot last until any gate's win (see the
    module doc: the turns before the winning one and every step beyond one per own turn must be
    paid for, with a tile or a Nerve, by ``2 x tiles + Nerve``, the gate's tile staying).

    :func:`win_bound` is this function, compiled when the compiled kernel runs."""
    best = pure_turns_needed(k)
    budget = turns_left(k)
    if best >= INFINITE or budget >= INFINITE:
        return best
    b = k[eg.PRESENT : eg.PRISONERS]
    board = _board(k[eg.CTX], b)
    ps = k[eg.PRISONERS :]
    n = len(ps)
    turn = k[eg.TURN]
    dists = [board.gate_distances(p & eg.POS) for p in ps]
    for gate in dists[0]:
        if any(gate not in d for d in dists):
            continue
        worst = 0
        for i, p in enumerate(ps):
            d = dists[i][gate]
            if d:
                nerve = p >> eg.NERVE_SHIFT & 3
                own_turns = d - nerve if d - nerve > (d + 2) // 3 else (d + 2) // 3
                worst = max(worst, (i - turn) % n + (own_turns - 1) * n + 1)
        extra = 0
        for i in range(n):
            offset = (i - turn) % n
            own = (worst - offset - 1) // n + 1 if worst > offset else 0
            extra += max(0, dists[i][gate] - own)
        if worst - 1 + extra <= budget - 2:
            return best
    return INFINITE


win_bound = eg.compiled_bound(pure_win_bound, "win_bound")


def turns_left(k: eg.K) -> int:
    """At most this many turns remain before the game ends (INFINITE when unbounded)."""
    ctx = k[eg.CTX]
    if not ctx.flickers_occupied:
        return INFINITE
    nerve = 0
    for p in k[eg.PRISONERS :]:
        nerve += p >> eg.NERVE_SHIFT & 3
    return 2 * k[eg.PRESENT].bit_count() + nerve


def reach(k: eg.K) -> int:
    """Tiles connected, through passages and monsters, to a prisoner standing on the board."""
    return _reach(k[eg.CTX], k[eg.PRESENT : eg.PRISONERS], k[eg.PRISONERS :])


def _reach(ctx: eg.Context, b: tuple[int, ...], ps: tuple[int, ...]) -> int:
    board = _board(ctx, b)
    reached = 0
    for p in ps:
        pos = p & eg.POS
        if pos < eg.FALLEN:
            reached |= board.region(pos)
    return reached


def _region(ctx: eg.Context, b: tuple[int, ...], cell: int) -> int:
    walk = b[eg.B_PRESENT] & ~b[eg.B_PIT]
    reached = frontier = 1 << cell
    while frontier:
        frontier = _step(ctx, b, frontier, walk & ~reached)
        reached |= frontier
    return reached


def canonical(k: eg.K, memo: dict[tuple[object, ...], tuple[object, ...]] | None = None) -> tuple[object, ...]:
    """The position with its irrelevant tiles reduced to (class, sources): see the module doc.

    Classes: 0 any other tile, 1 a key tile with its key, 2 a gate, 3 a pit, 4 a keeper (it
    holds a key, and darkness does not remove it). With a pathless on the board every tile
    stays: its attack reaches its whole row and file, in reach or not.

    ``memo``: a dict the caller keeps, remembering the board's part by the context (interned), the
    board and the prisoners' places, all it depends on: a search meets one board with the same
    places under many Nerve, candle and key states.
    """
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    ps = k[eg.PRISONERS :]
    if memo is None:
        return (k[eg.TURN], ps, *_board_part(ctx, b, ps))
    key = (ctx, b, tuple([p & eg.POS for p in ps]))
    part = memo.get(key)
    if part is None:
        part = memo[key] = _board_part(ctx, b, ps)
    return (k[eg.TURN], ps, *part)


def _board_part(ctx: eg.Context, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[object, ...]:
    """:func:`canonical`'s board and spare tiles: they depend on the prisoners' places only."""
    if b[eg.B_PATHLESS]:  # a pathless reaches its row and file through anything: nothing is out of play
        return (b, ())
    inside = _reach(ctx, b, ps)
    outside = b[eg.B_PRESENT] & ~inside
    if not outside:
        return (b, ())
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
        kind = 3 if b[eg.B_PIT] & low else 2 if b[eg.B_GATE] & low else 1 if b[eg.B_KEYED] & low else 4 if b[eg.B_KEEPER] & low else 0
        spares.append((kind, sources))
    spares.sort()
    return (tuple(m & inside for m in b), tuple(spares))


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
