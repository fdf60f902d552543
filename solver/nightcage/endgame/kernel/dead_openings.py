"""Openings toward a cell without a tile, closed: one kernel position for end-games that differ only there.

In the Final Flickers no tile is drawn, so a cell without a tile never gets one, and an opening toward it
leads nowhere. Under RULING-LOS-END's default reading nothing the kernel plays reads such an opening (the C
in ``csrc/``, as its Python reference in this package):

- a move, a jump, a charge, a scramble or a relight needs a tile on the far side (and a step between two
  tiles, the far tile's opening back), as does a walk of the prisoners' region or distances;
- a candle lights the cell an opening faces, but only tiles are lit or left in the dark;
- a sight line that enters a tile opening onward toward no tile sees that tile and stops; closed, the line
  stops at the same tile, which the default reading keeps in sight (the tile where a line stops is in
  sight). Under the other reading it would not be: there, nothing is closed.

So two positions that differ only in such openings win or lose alike, yet a position's key kept them apart:
the chance search asked the end-game oracle about a T placed one way and the other, the same end-game after,
and it searched both; and a question with openings toward a tile's empty cell did not meet the same position
met inside another question's search, where the tile had crumbled. The oracle now remembers every position
by its key with those openings closed (:func:`~solver.nightcage.endgame.nerve_order.identity`, and ``identity``
in ``csrc/oracle.c``): on corpus 0005 a solve searches 366,779 → 124,681 positions, on 0028 839,156 →
517,040 (benchmarks/README.md, issue 25, "twelfth pass").
"""

from __future__ import annotations

from solver.nightcage.endgame.bitboard import shift
from solver.nightcage.endgame.kernel.layout import OPEN_N, PRESENT, K
from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE


def close_dead_openings(k: K) -> K:
    """``k`` with every opening toward a cell without a tile closed, under RULING-LOS-END's default reading;
    ``k`` itself when there is none, or under the other reading (see the module doc).

    >>> from solver.nightcage.endgame.kernel.layout import context
    >>> ctx = context(6, ("a",), 1)
    >>> east = ctx.nb[0][1]
    >>> k = (ctx, 0, 1 | 1 << east, 1, 1, 0, 0, *[0] * 9, 0)  # a tile on cell 0 open north and east
    >>> closed = close_dead_openings(k)
    >>> closed[OPEN_N:OPEN_N + 4]  # north faces no tile: closed; east faces one: kept
    (0, 1, 0, 0)
    >>> close_dead_openings(closed) is closed
    True
    >>> other = (context(6, ("a",), 0), *k[1:])  # the sight line stops before the tile: nothing closed
    >>> close_dead_openings(other) is other
    True
    """
    ctx = k[0]
    if not ctx.los_end:
        return k
    present, size = k[PRESENT], ctx.size
    # The cells whose neighbour toward d holds a tile: the tiles, one step the other way (K's openings go N, E, S, W).
    openings = [k[OPEN_N + i] & shift(present, OPPOSITE[d], size) for i, d in enumerate(DIRECTIONS)]
    if all(openings[i] == k[OPEN_N + i] for i in range(4)):
        return k
    return (*k[:OPEN_N], *openings, *k[OPEN_N + 4:])


__all__ = ["close_dead_openings"]
