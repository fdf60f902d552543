"""Step 6 with an empty pile (§3, §4 step 6): darkness removes the unlit tiles (keepers stay), then prisoners relight."""

from __future__ import annotations

from .board import adjacent, with_prisoner, without
from .expansion import Expansion
from .layout import B_KEEPER, B_PRESENT, FALLEN, LIT, POS, Context


class Lighting(Expansion):
    """Darkness and relighting, after a move or a stay (nothing is filled: the pile is empty)."""

    __slots__ = ()

    def light(self, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Step 6 with an empty pile (§3): darkness (keepers stay), then relighting; nothing is filled."""
        dark = b[B_PRESENT] & ~illuminated(self.ctx, b, ps) & ~b[B_KEEPER]
        if dark:
            b = without(b, dark)
        for p in ps:
            if not p & LIT:
                return b, self.relight(b, ps)
        return b, ps

    def relight(self, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[int, ...]:
        """Relighting (§4 step 6, RULING-RELIGHT-WITH-ACTIVE): pairs with the active prisoner.

        The active prisoner is relit by a lit connected neighbour, and then
        (or if lit already) relights every connected neighbour.
        """
        ctx, a = self.ctx, self.a
        if not ctx.relight_with_active:
            return relight_chains(ctx, b, ps)
        here = ps[a] & POS
        near = [j for j, q in enumerate(ps) if j != a and q & POS < FALLEN and adjacent(ctx, b, here, q & POS)]
        if not ps[a] & LIT:
            if not any(ps[j] & LIT for j in near):
                return ps
            ps = with_prisoner(ps, a, ps[a] | LIT)
        for j in near:
            ps = with_prisoner(ps, j, ps[j] | LIT)
        return ps


def illuminated(ctx: Context, b: tuple[int, ...], ps: tuple[int, ...]) -> int:
    """The cells the prisoners light: their own, and a lit one's neighbours its tile opens toward (§3)."""
    nb_bit = ctx.nb_bit
    lit = 0
    for p in ps:
        pos = p & POS
        if pos >= FALLEN:
            continue
        bit = 1 << pos
        lit |= bit
        if p & LIT:
            near = nb_bit[pos]
            if b[1] & bit:
                lit |= near[0]
            if b[2] & bit:
                lit |= near[1]
            if b[3] & bit:
                lit |= near[2]
            if b[4] & bit:
                lit |= near[3]
    return lit


def relight_chains(ctx: Context, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[int, ...]:
    """RULING-RELIGHT-WITH-ACTIVE alternative: any connected pair, in chains."""
    changed = True
    while changed:
        changed = False
        for i, p in enumerate(ps):
            if p & LIT or p & POS >= FALLEN:
                continue
            for q in ps:
                if q & LIT and q & POS < FALLEN and adjacent(ctx, b, p & POS, q & POS):
                    ps = with_prisoner(ps, i, p | LIT)
                    changed = True
                    break
    return ps
