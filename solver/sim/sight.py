"""The simulator's monsters' line of sight (§6.1), as :mod:`solver.rules.sight`."""

from __future__ import annotations

from solver.sim.position import OPP, Position, bits


class Sight(Position):
    """A wax eater's sight, and who watches a cell."""

    __slots__ = ()

    def sight(self, m: int) -> int:
        """A wax eater's line of sight (RULING-LOS-END default: the stopping tile is in sight)."""
        opn = self.opn
        seen = 0
        for i, ray in enumerate(self.tb.rays[m]):
            ahead, back = 1 << i, OPP[i]
            for y in ray:
                o = opn[y]
                if not o & back:
                    break
                seen |= 1 << y
                if not o & ahead:
                    break
        return seen

    def sights(self) -> list[tuple[int, int]]:
        """``(monster bit, sight)`` of every wax eater on the board."""
        return [(1 << m, self.sight(m)) for m in bits(self.mon)]

    def watchers(self, c: int) -> int:
        """The wax eaters that have cell ``c`` in sight."""
        out = 0
        if self.mon:
            bit = 1 << c
            for mbit, seen in self.sights():
                if seen & bit:
                    out |= mbit
        return out

    def watched(self) -> int:
        """Every cell some wax eater sees (for policies)."""
        out = 0
        if self.mon:
            for _, seen in self.sights():
                out |= seen
        return out
