"""Sight and attacks with keepers and the pathless on the board (6.5, 6.7, §8.14).

A board of the standard pieces keeps the plain table of :func:`~solver.nightcage.endgame.kernel.board.sight_table`
(one sight line set per wax eater). With a keeper or a pathless each monster also needs:

* its **trigger zone**, what a move in triggers it: its sight, or for a pathless under
  RULING-PATHLESS-SIGHT's other reading its whole row and file;
* its **reach**, what its attack covers (the chain reaction and the hits): its sight, or a
  pathless's whole row and file, through anything;
* the part of its reach where a **lit candle goes out**: all of it, but a keeper's ranged hit
  puts the candle out only under RULING-KEEPER-RANGED-OUT;
* for a keeper, the monsters whose attack **does nothing to it** (from behind, §8.14): those in
  its back line (RULING-KEEPER-BACK), or under the other reading those whose every sight line
  reaching it arrives at its back (never a pathless).

Sight lines (§6.1, :mod:`solver.nightcage.rules.sight`): a keeper watches its front and sides,
never its back line under RULING-KEEPER-BACK; a pathless sees as if it opened on four sides
(RULING-PATHLESS-SIGHT); a line that runs into a pathless stops on it (in sight under
RULING-LOS-END), as on a T met from its stem.
"""

from __future__ import annotations

from solver.nightcage.model.grid import cells_of

from .layout import B_FACE_HI, B_FACE_LO, B_KEEPER, B_MONSTER, B_PATHLESS, Context


def directed_lines(ctx: Context, b: tuple[int, ...], m: int) -> tuple[int, int, int, int]:
    """The monster's sight line in each direction (0 where it watches none)."""
    mbit = 1 << m
    pathless = b[B_PATHLESS]
    keeper = b[B_KEEPER] & mbit
    own = 15 if pathless & mbit else (b[1] >> m & 1) | (b[2] >> m & 1) << 1 | (b[3] >> m & 1) << 2 | (b[4] >> m & 1) << 3
    back = -1
    if keeper:
        face = (b[B_FACE_LO] >> m & 1) | (b[B_FACE_HI] >> m & 1) << 1
        back = face ^ 2
        hidden = ctx.back_lines[m][face] if ctx.keeper_back else 0
    lines = [0, 0, 0, 0]
    for i in range(4):
        if not own >> i & 1 or i == back:
            continue
        ahead, behind = b[1 + i], b[1 + (i ^ 2)]
        seen = 0
        for y in ctx.rays[m][i]:
            if pathless & y:  # no corridor crosses it: the line stops on it
                if ctx.los_end:
                    seen |= y
                break
            if not behind & y:
                break
            if ahead & y:
                seen |= y
            else:
                if ctx.los_end:
                    seen |= y
                break
        lines[i] = seen & ~hidden if keeper else seen
    return lines[0], lines[1], lines[2], lines[3]


def advanced_table(ctx: Context, b: tuple[int, ...]) -> tuple[tuple[int, int, int, int, int], ...]:
    """``(monster bit, trigger zone, reach, reach putting candles out, shielded from)`` per monster."""
    monsters = list(cells_of(b[B_MONSTER]))
    lines = {m: directed_lines(ctx, b, m) for m in monsters}
    table = []
    for m in monsters:
        mbit = 1 << m
        sight = lines[m][0] | lines[m][1] | lines[m][2] | lines[m][3]
        pathless = b[B_PATHLESS] & mbit
        reach = ctx.row_col[m] if pathless else sight
        trigger = ctx.row_col[m] if pathless and not ctx.pathless_sight else sight
        shield = 0
        out = reach
        if b[B_KEEPER] & mbit:
            if not ctx.keeper_ranged_out:
                out = 0
            face = (b[B_FACE_LO] >> m & 1) | (b[B_FACE_HI] >> m & 1) << 1
            shield = _shield(ctx, b, m, face, monsters, lines)
        table.append((mbit, trigger, reach, out, shield))
    return tuple(table)


def _shield(ctx: Context, b: tuple[int, ...], keeper: int, face: int, monsters: list[int],
            lines: dict[int, tuple[int, int, int, int]]) -> int:
    """The monsters whose attack reaching the keeper comes from behind: it does nothing (6.5)."""
    if ctx.keeper_back:
        return ctx.back_lines[keeper][face] & b[B_MONSTER]
    shield = 0
    kbit = 1 << keeper
    for s in monsters:
        if s == keeper or b[B_PATHLESS] >> s & 1:
            continue  # a pathless's attack runs both ways round its row and file: never from behind
        reaching = [i for i in range(4) if lines[s][i] & kbit]
        if reaching and all(i == face for i in reaching):
            shield |= 1 << s
    return shield


def advanced_attack(table: tuple[tuple[int, ...], ...], monsters: int, triggered: int) -> tuple[int, int]:
    """Chain reaction (step 4) with keepers and the pathless: ``(every monster that attacks, the
    cells where a lit candle goes out)``. A monster reached by an attacking one's reach attacks
    too, unless it is a keeper that attack reaches from behind."""
    while True:
        new = 0
        for mbit, _, reach, _, _ in table:
            if triggered & mbit:
                reached = reach & monsters & ~triggered
                if reached:
                    for kbit, _, _, _, shield in table:
                        if reached & kbit and shield & mbit:
                            reached &= ~kbit
                    new |= reached
        if not new:
            break
        triggered |= new
    out = 0
    for mbit, _, _, dark, _ in table:
        if triggered & mbit:
            out |= dark
    return triggered, out
