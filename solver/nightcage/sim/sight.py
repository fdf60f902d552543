"""The simulator's monsters' line of sight (§6.1), as :mod:`solver.nightcage.rules.sight`.

Wax eaters look along their four lines. A keeper (6.5) looks ahead and to its
sides, never at its back line (RULING-KEEPER-BACK: not even through a front or
side line wrapping round the torus onto it). A pathless sees as a four-way wax
eater (RULING-PATHLESS-SIGHT) and, having no passages, stops any line that meets
it, in sight there (RULING-LOS-END, as a T met from its stem). Boards without a
keeper or a pathless take the plain wax eater's path, which is the rollouts'
hot path.
"""

from __future__ import annotations

from solver.nightcage.sim.position import OPP, Position, bits


class Sight(Position):
    """The monsters' sight, and who watches a cell."""

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

    def sight_advanced(self, m: int) -> int:
        """Any watching monster's sight with keepers or pathless on the board."""
        opn, pathless = self.opn, self.pathless
        keeper = self.keeper >> m & 1
        behind = self.face[m] ^ 2 if keeper else -1
        seen = 0
        for i, ray in enumerate(self.tb.rays[m]):
            if i == behind:
                continue
            ahead, back = 1 << i, OPP[i]
            for y in ray:
                if pathless >> y & 1:
                    seen |= 1 << y  # the line stops on a pathless, in sight
                    break
                o = opn[y]
                if not o & back:
                    break
                seen |= 1 << y
                if not o & ahead:
                    break
        if keeper:
            seen &= ~self.tb.back[m][self.face[m]]
        return seen

    def sights(self) -> list[tuple[int, int]]:
        """``(monster bit, sight)`` of every watching monster on the board."""
        if self.keeper | self.pathless:
            return [(1 << m, self.sight_advanced(m)) for m in bits(self.mon)]
        return [(1 << m, self.sight(m)) for m in bits(self.mon)]

    def watchers(self, c: int) -> int:
        """The monsters that have cell ``c`` in sight."""
        out = 0
        if self.mon:
            bit = 1 << c
            for mbit, seen in self.sights():
                if seen & bit:
                    out |= mbit
        return out

    def watched(self) -> int:
        """Every cell some monster sees (for policies)."""
        out = 0
        if self.mon:
            for _, seen in self.sights():
                out |= seen
        return out
