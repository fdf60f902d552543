"""The board of a kernel position: the outcome, sight lines and attacks, and the board tuple's updates.

Pure functions on the board tuple ``b`` and the prisoner ints ``ps`` of a
kernel position (:mod:`solver.nightcage.endgame.kernel.layout`). They are the rules
the turn enumeration (:mod:`solver.nightcage.endgame.kernel.turn`) applies at every
step, so they are written for speed: plain loops over ints, no allocation
beyond the tuples they return.
"""

from __future__ import annotations

from solver.nightcage.model.grid import cells_of

from .advanced import advanced_attack, advanced_table
from .layout import (
    B_FACE_HI,
    B_FACE_LO,
    B_GATE,
    B_KEEPER,
    B_KEYED,
    B_MONSTER,
    B_PATHLESS,
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
    return gathered_on_gate(b[B_GATE], ps)


def is_won(k: K) -> bool:
    """``outcome(k) == "win"`` (:func:`won`), read from ``k`` without slicing its board: the puzzle line
    search asks it of every turn result."""
    return gathered_on_gate(k[PRESENT + B_GATE], k[PRISONERS:])


def gathered_on_gate(gates: int, ps: tuple[int, ...]) -> bool:
    """The win's test (:func:`won`), given the board's gate bits: every prisoner on the same square, each with
    a key, that square on the board and a gate."""
    first = ps[0] & (POS | KEY)
    pos = first & POS
    if not first & KEY or pos >= FALLEN or not gates >> pos & 1:
        return False
    for p in ps:
        if p & (POS | KEY) != first:
            return False
    return True


def anyone_fell(ps: tuple[int, ...]) -> bool:
    """A prisoner is falling: with an empty pile it can never land."""
    for p in ps:
        if p & POS >= FALLEN:
            return True
    return False


def lost(b: tuple[int, ...], ps: tuple[int, ...]) -> bool:
    """No gate left, or fewer keys (held, on key tiles, held by keepers) than prisoners (the pile is empty)."""
    if not b[B_GATE]:
        return True
    held = 0
    for p in ps:
        held += p >> 10 & 1
    return held + (b[B_KEYED] | b[B_KEEPER]).bit_count() < len(ps)


# -- the board and prisoner tuples --------------------------------------------------------------


def without(b: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The board with the tiles of ``mask`` removed."""
    m = ~mask
    return (b[0] & m, b[1] & m, b[2] & m, b[3] & m, b[4] & m, b[5] & m, b[6] & m, b[7] & m, b[8] & m, b[9] & m,
            b[10] & m, b[11] & m, b[12] & m, b[13] & m)


def collapsed(b: tuple[int, ...], bit: int) -> tuple[int, ...]:
    """The board with the tile of ``bit`` flipped into a pit: a crumbling tile left (step 2), or a
    keeper whose key is taken (6.5)."""
    m = ~bit
    return (b[0], b[1] & m, b[2] & m, b[3] & m, b[4] & m, b[5] | bit, b[6] & m, b[7] & m, b[8] & m, b[9] & m,
            b[10] & m, b[11] & m, b[12] & m, b[13] & m)


def facing(b: tuple[int, ...], cell: int) -> int:
    """The direction index a keeper's mouth faces (N 0, E 1, S 2, W 3)."""
    return (b[B_FACE_LO] >> cell & 1) | (b[B_FACE_HI] >> cell & 1) << 1


def wax_eaters(b: tuple[int, ...]) -> int:
    """The monsters that go after attacking (RULING-MONSTER-REMOVED): neither keepers nor the pathless."""
    return b[B_MONSTER] & ~b[B_KEEPER] & ~b[B_PATHLESS]


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


Sights = tuple[tuple[int, ...], ...]
"""A board's sight table: ``(monster bit, sight)`` per wax eater on a board of the standard pieces;
with keepers or the pathless, ``(monster bit, trigger zone, reach, reach that puts candles out,
monsters whose attack does nothing to it)`` per monster (:mod:`~solver.nightcage.endgame.kernel.advanced`)."""


def sight_table(ctx: Context, b: tuple[int, ...]) -> Sights:
    """The sight table of a board, cached by its openings and monsters."""
    if b[B_KEEPER] | b[B_PATHLESS]:
        key: tuple[int, ...] = (b[1], b[2], b[3], b[4], b[B_MONSTER], b[B_KEEPER], b[B_FACE_LO], b[B_FACE_HI], b[B_PATHLESS])
    else:
        key = (b[1], b[2], b[3], b[4], b[B_MONSTER])
    table = ctx.sights.get(key)
    if table is None:
        if len(key) > 5:
            table = advanced_table(ctx, b)
        else:
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


def watchers(table: Sights, cell_bit: int) -> int:
    """The monsters a move at the cell triggers (those that have it in sight)."""
    out = 0
    for entry in table:
        if entry[1] & cell_bit:
            out |= entry[0]
    return out


def attack(table: Sights, monsters: int, triggered: int) -> tuple[int, int]:
    """Chain reaction (step 4): ``(every monster that attacks, the cells where a lit candle goes out)``."""
    if table and len(table[0]) > 2:
        return advanced_attack(table, monsters, triggered)
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
