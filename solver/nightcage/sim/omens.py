"""The simulator's omens and the Dirge, as :mod:`solver.nightcage.rules.omens` (rules notes 22-30).

An omen drawn for a placement is set aside (counted in ``omens``) and the next
tile drawn instead, unless it is the one that brings the Dirge (one set aside,
no Dirge yet): then it is placed like any tile and its placer chooses where the
3x3 Dirge goes over it, wholly inside the board (``dirge <corner>``). Everything
under the Dirge is swallowed: tiles discarded, prisoners hit for 3 tiles (only
the placer may Block), put out, and falling; a monster watching a cell a
swallowed prisoner stood on attacks. The nine cells become the Dirge's pit,
which darkness removes as a whole (:mod:`solver.nightcage.sim.lighting`). Only the default
RULING-DIRGE-SHAPE is played (:mod:`solver.nightcage.sim.convert` refuses the others).
"""

from __future__ import annotations

from solver.nightcage.sim.position import FELL, NOTYPE, OMEN, Position, bits


class Omens(Position):
    """Omens drawn, the Dirge's placement and what it swallows."""

    __slots__ = ()

    def summons(self) -> bool:
        """The next omen revealed brings the Dirge (``solver.nightcage.rules.omens.summons``)."""
        return self.omens == 1 and not self.dirge

    def omen_drawn(self) -> int:
        """An omen drawn for a placement: kept in hand when it brings the Dirge, else set aside
        (revealed: counted up to 2) and the next tile drawn; -1 when the pile runs out."""
        if self.summons():
            self.hand = OMEN
            self.check_loss()
            return OMEN
        self.omens = min(2, self.omens + 1)
        self.hand = -1
        self.check_loss()
        if self.top >= self.npile:
            return -1
        return self.draw()

    def bring_dirge(self, who: int, c: int, trig: int) -> None:
        """The omen on ``c`` placed by ``who``: the Dirge laid over it (a decision), then what it
        swallows. ``trig``: monsters a blind step onto the omen left the sight of."""
        self.check_loss()  # the placement is a unit of its own (a blind step's origin crumbled)
        _, corner, _ = self.decide("dirge", list(self.tb.dirges[c]))
        self.lay_dirge(who, self.tb.square[corner], trig)

    def lay_dirge(self, who: int, under: int, trig: int) -> None:
        """``solver.nightcage.rules.omens.lay_dirge``: tiles discarded, the pit laid, prisoners swallowed."""
        pc, n = self.pc, self.n
        swallowed = [i for i in range(n) if pc[i] >= 0 and under >> pc[i] & 1]
        for i in swallowed:  # a fall triggers the monsters watching the cell (sight before the Dirge)
            trig |= self.watchers(pc[i])
        trig &= ~under
        self.remove(self.present & under)
        self.present |= under
        self.pit |= under
        self.dirge = under
        typ = self.typ
        for x in bits(under):
            typ[x] = NOTYPE
        self.omens = 2
        spots = []
        for i in swallowed:
            spots.append(pc[i])
            self.pf[i] = FELL + pc[i]
            pc[i] = -1
            self.lit[i] = False
        hits, triggered = self.attack(trig, -1, -1)
        self.check_loss()
        if swallowed:
            dirge_hits = [0] * (n + 1)
            for i in swallowed:
                if i == who:
                    dirge_hits[i] = 1  # 3 tiles, Block allowed
                else:
                    dirge_hits[n] += 3  # 3 tiles no Block saves
            self.blocks(dirge_hits)
        for i, x in zip(swallowed, spots):
            self.fall(i, x)
        self.attack_steps(hits, triggered, -1, -1)
