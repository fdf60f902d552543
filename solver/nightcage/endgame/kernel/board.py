"""The board of a kernel position: the outcome, sight lines and attacks, and the board tuple's updates.

Pure functions on the board tuple ``b`` and the prisoner ints ``ps`` of a
kernel position (:mod:`solver.nightcage.endgame.kernel.layout`). They are the rules
the turn enumeration (:mod:`solver.nightcage.endgame.kernel.turn`) applies at every
step, so they are written for speed: plain loops over ints, no allocation
beyond the tuples they return.
"""

from __future__ import annotations

from solver.nightcage.model.grid import cells_of

from .layout import (
    B_GATE,
    B_KEYED,
    B_MONSTER,
    FALLEN,
    KEY,
    LIT,
    POS,
    PRESENT,
    PRISONERS,
    SIGHT_CACHE_LIMIT,
    Context,
    K,
)

# -- outcome ------------------------------------------------------------------------------


def outcome(k: K) -> str | None:
    """``"win"``, ``"lose"`` or None, as :func:`solver.nightcage.rules.outcome.outcome` decides (win first)."""
    b = k[PRESENT:PRISONERS]
    ps = k[PRISONERS:]
    if won(b, ps):
        return "win"
    if anyone_fell(ps) or lost(b, ps):
        return "lose"
    return None


def won(b: tuple[int, ...], ps: tuple[int, ...]) -> bool:
    """Every prisoner on one gate (on the board), each holding a key."""
    first = ps[0] & (POS | KEY)
    for p in ps:
        if p & (POS | KEY) != first:
            return False
    pos = first & POS
    return bool(first & KEY) and pos < FALLEN and bool(b[B_GATE] >> pos & 1)


def anyone_fell(ps: tuple[int, ...]) -> bool:
    """A prisoner is falling: with an empty pile it can never land."""
    for p in ps:
        if p & POS >= FALLEN:
            return True
    return False


def lost(b: tuple[int, ...], ps: tuple[int, ...]) -> bool:
    """No gate left, or fewer keys (held, or on key tiles) than prisoners (the pile is empty)."""
    if not b[B_GATE]:
        return True
    held = 0
    for p in ps:
        held += p >> 10 & 1
    return held + b[B_KEYED].bit_count() < len(ps)


# -- the board and prisoner tuples --------------------------------------------------------------


def without(b: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The board with the tiles of ``mask`` removed."""
    m = ~mask
    return (b[0] & m, b[1] & m, b[2] & m, b[3] & m, b[4] & m, b[5] & m, b[6] & m, b[7] & m, b[8] & m, b[9] & m)


def collapsed(b: tuple[int, ...], bit: int) -> tuple[int, ...]:
    """The board with the crumbling tile of ``bit`` flipped into a pit (step 2)."""
    m = ~bit
    return (b[0], b[1] & m, b[2] & m, b[3] & m, b[4] & m, b[5] | bit, b[6] & m, b[7] & m, b[8] & m, b[9] & m)


def key_taken(b: tuple[int, ...], bit: int) -> tuple[int, ...]:
    """The board with the key of the key tile of ``bit`` taken."""
    return b[:B_KEYED] + (b[B_KEYED] & ~bit,) + b[B_KEYED + 1 :]


def with_prisoner(ps: tuple[int, ...], i: int, p: int) -> tuple[int, ...]:
    """The prisoner ints with prisoner ``i``'s replaced by ``p``."""
    return ps[:i] + (p,) + ps[i + 1 :]


def occupied(ps: tuple[int, ...]) -> int:
    """Cells holding a prisoner."""
    occ = 0
    for p in ps:
        pos = p & POS
        if pos < FALLEN:
            occ |= 1 << pos
    return occ


def adjacent(ctx: Context, b: tuple[int, ...], a: int, c: int) -> bool:
    """Two prisoners' cells are connected neighbours (or one gate, if the ruling says so) (§8.1)."""
    if a == c:
        return ctx.same_gate_adjacent
    i = ctx.between[a * ctx.cells + c]
    return i >= 0 and bool(b[1 + i] >> a & 1) and bool(b[1 + (i ^ 2)] >> c & 1)


# -- sight and attacks ----------------------------------------------------------------------------


def sight_table(ctx: Context, b: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(monster bit, sight mask)`` of every wax eater, cached by the openings and monsters."""
    key = (b[1], b[2], b[3], b[4], b[B_MONSTER])
    table = ctx.sights.get(key)
    if table is None:
        table = tuple((1 << m, line_of_sight(ctx, b, m)) for m in cells_of(b[B_MONSTER]))
        if len(ctx.sights) >= SIGHT_CACHE_LIMIT:
            ctx.sights.clear()
        ctx.sights[key] = table
    return table


def line_of_sight(ctx: Context, b: tuple[int, ...], m: int) -> int:
    """A monster's line of sight (§6.1): along each of its openings, through tiles that open
    back and straight on; the tile where the line stops is in sight under RULING-LOS-END."""
    seen = 0
    mbit = 1 << m
    for i in range(4):
        ahead = b[1 + i]
        if not ahead & mbit:
            continue
        back = b[1 + (i ^ 2)]
        for y in ctx.rays[m][i]:
            if not back & y:
                break
            if ahead & y:
                seen |= y
            else:
                if ctx.los_end:
                    seen |= y
                break
    return seen


def watchers(table: tuple[tuple[int, int], ...], cell_bit: int) -> int:
    """The monsters that have the cell in sight."""
    out = 0
    for mbit, seen in table:
        if seen & cell_bit:
            out |= mbit
    return out


def attack(table: tuple[tuple[int, int], ...], monsters: int, triggered: int) -> tuple[int, int]:
    """Chain reaction (step 4): ``(every monster that attacks, every cell they see)``."""
    while True:
        seen = 0
        for mbit, sight in table:
            if triggered & mbit:
                seen |= sight
        new = seen & monsters & ~triggered
        if not new:
            return triggered, seen
        triggered |= new


def put_out(ps: tuple[int, ...], seen: int) -> tuple[int, ...]:
    """Step 5 with an empty pile: every lit prisoner standing in ``seen`` goes Lights Out."""
    out = ps
    for i, p in enumerate(ps):
        pos = p & POS
        if p & LIT and pos < FALLEN and seen >> pos & 1:
            out = with_prisoner(out, i, p ^ LIT)
    return out
