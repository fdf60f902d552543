"""The simulator's keys: passes between connected neighbours, taking a key tile's key
(§5, §8.1, §8.3), as :mod:`solver.nightcage.rules.keys`.
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.sim.position import Position

TAKE = ("take",)
"""The ``take`` option (shared, never mutated)."""


class Keys(Position):
    """Key passes and takes."""

    __slots__ = ()

    def key_options(self, a: int) -> list[tuple[Any, ...]]:
        """Key passes between the active prisoner and a connected neighbour; ``take`` (§5, §8.1, §8.3)."""
        ca = self.pc[a]
        if ca < 0:
            return []
        key, pc = self.key, self.pc
        out: list[tuple[Any, ...]] = []
        near = self.tb.nbmask[ca]
        give = self.tb.give
        for j in range(self.n):
            cj = pc[j]
            if j == a or cj < 0 or not near >> cj & 1 or key[a] == key[j] or not self.adjacent(ca, cj):
                continue
            out.append(give[a][j] if key[a] else give[j][a])
        if (self.keyed | self.keeper) >> ca & 1 and not key[a]:  # a keeper: before the scramble off it
            out.append(TAKE)
        return out

    def pass_key(self, a: int, opt: tuple[Any, ...]) -> None:
        if opt[0] == "take":
            self.key[a] = True
            bit = 1 << self.pc[a]
            self.keyed &= ~bit
            if self.keeper & bit:
                self.to_pits(bit)  # the keeper's key taken: it becomes a pit (6.5)
        else:
            self.key[opt[1]] = False
            self.key[opt[2]] = True
        self.check_win()
