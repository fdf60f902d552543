"""The simulator's light and darkness, as :mod:`solver.nightcage.rules.lighting`: what is illuminated,
turn step 6 (darkness, relighting, then the lit cells filled).
"""

from __future__ import annotations

from solver.nightcage.sim.position import Position


class Lighting(Position):
    """What the prisoners illuminate; step 6."""

    __slots__ = ()

    def illuminated(self) -> int:
        """Every cell some prisoner illuminates (§3)."""
        lightm, opn, lit = self.tb.lightm, self.opn, self.lit
        mask = 0
        for i, c in enumerate(self.pc):
            if c >= 0:
                mask |= lightm[c][opn[c]] if lit[i] else 1 << c
        return mask

    def adjacent(self, a: int, b: int) -> bool:
        """Connected neighbouring cells (two prisoners on one gate are not adjacent)."""
        tb = self.tb
        d = tb.between[a * tb.cells + b]
        return d >= 0 and bool(self.opn[a] >> d & 1) and bool(self.opn[b] >> (d ^ 2) & 1)

    def light(self) -> None:
        """Step 6: darkness, relighting, then the empty lit cells filled one drawn tile at a time."""
        lit = self.illuminated()
        dark = self.present & ~lit & ~self.keeper  # a keeper stays until its key is taken
        if self.dirge:  # the Dirge's pit leaves as a whole, once none of it is lit
            dark = dark & ~self.dirge if self.dirge & lit else dark | self.dirge
        if dark:
            self.remove(dark)
        if not all(self.lit):
            if self.relight():
                lit = self.illuminated()
        if dark:
            self.check_loss()
        empty = lit & ~self.present
        if empty and self.top < self.npile:
            self.fill(empty)

    def relight(self) -> bool:
        """RULING-RELIGHT-WITH-ACTIVE: the active prisoner and its connected neighbours."""
        a = self.turn
        here = self.pc[a]
        if here < 0:
            return False
        lit, pc = self.lit, self.pc
        near = [j for j in range(self.n) if j != a and pc[j] >= 0 and self.adjacent(here, pc[j])]
        changed = False
        if not lit[a]:
            if not any(lit[j] for j in near):
                return False
            lit[a] = changed = True
        for j in near:
            if not lit[j]:
                lit[j] = changed = True
        return changed
