"""The simulator's game end (§5), as :mod:`solver.nightcage.rules.outcome` and :mod:`solver.nightcage.rules.landing`.

The game ends by raising :class:`~solver.nightcage.sim.position.Over`; the checks run only
after the steps that can change the outcome.
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.sim.position import FILE, GATE, KEEPER, KEY, NOTYPE, ROW, Over, Position

KEYS_IN = tuple(int(t == KEY or t == KEEPER) for t in range(NOTYPE + 1))
"""The keys a tile in hand holds, by type (the last entry, for ``hand == -1``: none)."""


class Outcome(Position):
    """The win, the losses, and where a falling prisoner may land."""

    __slots__ = ()

    def won(self) -> bool:
        """Every prisoner on one gate, each holding a key (§5)."""
        c = self.pc[0]
        if c < 0 or not self.gate >> c & 1:
            return False
        key = self.key
        for i, x in enumerate(self.pc):
            if x != c or not key[i]:
                return False
        return True

    def check_win(self) -> None:
        if self.won():
            raise Over("win")

    def lost(self) -> bool:
        """A falling prisoner with an empty pile; no gate left; fewer keys (keepers' included) than prisoners (§5)."""
        top = self.top
        if top >= self.npile:
            for f in self.pf:
                if f >= 0:
                    return True
        for f in self.pf:
            if f >= ROW and self.nowhere_to_land(f):  # its line chosen (FELL + cell: not yet)
                return True
        hand = self.hand
        if not self.gate and not self.gsuf[top] and hand != GATE:
            return True
        # Each keeper still holds its key; a drawn key tile or keeper counts until placed.
        keys = (self.keyed | self.keeper).bit_count() + self.ksuf[top] + KEYS_IN[hand]
        for k in self.key:
            keys += k
        return keys < self.n

    def landing_tiles(self, cells: Any) -> list[int]:
        """Existing tiles a falling prisoner may land on: no pit, no prisoner unless a gate."""
        present, pit, gate = self.present, self.pit, self.gate
        occ = self.occupied()
        return [c for c in cells if present >> c & 1 and not pit >> c & 1 and (not occ >> c & 1 or gate >> c & 1)]

    def nowhere_to_land(self, f: int) -> bool:
        """A falling prisoner's line has no empty unlit cell and the board no tile to take it."""
        # On masks: it runs in every loss check of the chance search (landing_tiles goes cell by cell).
        line = self.tb.filemask[f - FILE] if f >= FILE else self.tb.rowmask[f - ROW]
        if line & ~(self.present | self.illuminated()):
            return False
        return not self.present & ~self.pit & (~self.occupied() | self.gate)

    def check_loss(self) -> None:
        if self.lost():
            raise Over("lose")

    def over(self) -> str | None:
        """The outcome of the position as it stands (the win first)."""
        if self.won():
            return "win"
        return "lose" if self.lost() else None
