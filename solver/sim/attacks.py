"""The simulator's arrivals and monster attacks (turn steps 1 to 5), as :mod:`solver.rules.attacks`."""

from __future__ import annotations

from solver.sim.position import FELL, Over, Position


class Attacks(Position):
    """Arriving, a move's completion, the collapse under a stayer, attacks and the steps they queue."""

    __slots__ = ()

    def arrive(self, who: int, c: int) -> None:
        """A prisoner reaches a tile and takes its key if it holds none."""
        self.pc[who] = c
        self.pf[who] = -1
        bit = 1 << c
        if self.keyed & bit and not self.key[who]:
            self.key[who] = True
            self.keyed &= ~bit

    def complete_move(self, a: int, origin: int, dest: int, trig: int) -> None:
        """Arrival (and the win check), the origin crumbling, triggers and hits (steps 1-5)."""
        dbit = 1 << dest
        entering = self.mon & dbit
        if entering:
            self.pc[a] = dest  # on the monster only until the scramble
        else:
            self.arrive(a, dest)
            if self.won():
                raise Over("win")  # checked on arrival, before any trigger (§8.10)
        self.collapse(origin)
        trig |= self.watchers(dest)
        if entering:
            trig |= dbit
            hits, triggered = self.attack(trig, a, dest)
            self.check_loss()
            self.attack_steps(hits, triggered, a, dest)
        else:
            hits, triggered = self.attack(trig, -1, -1)
            self.check_loss()
            self.attack_steps(hits, triggered, -1, -1)

    def collapse_fall(self, a: int, c: int) -> None:
        """A stay on a crumbling tile: it flips and the prisoner falls (sight taken before)."""
        trig = self.watchers(c)
        self.collapse(c)
        self.pc[a] = -1
        self.pf[a] = FELL + c
        hits, triggered = self.attack(trig, -1, -1)
        self.check_loss()
        self.fall(a, c)
        self.attack_steps(hits, triggered, -1, -1)

    def attack(self, trig: int, enterer: int, cell: int) -> tuple[list[int] | None, int]:
        """Steps 4-5: chain reactions, then hits (one per prisoner and monster) and Lights Out.

        ``enterer`` stands on the monster of ``cell`` (charge, blind step, landing,
        scramble onto a drawn one) and is hit by it. Returns the hits per
        prisoner (None when nobody is hit) and the monsters that attacked.
        """
        if not trig:
            return None, 0
        table = self.sights()
        triggered = trig
        while True:
            seen = 0
            for mbit, s in table:
                if triggered & mbit:
                    seen |= s
            new = seen & self.mon & ~triggered
            if not new:
                break
            triggered |= new
        hits = None
        pc, lit = self.pc, self.lit
        inside = 1 << cell if enterer >= 0 else 0
        for i in range(self.n):
            c = pc[i]
            if c < 0:
                continue
            cbit = 1 << c
            h = 1 if i == enterer and triggered & inside else 0
            for mbit, s in table:
                if triggered & mbit and s & cbit:
                    h += 1
            if h:
                if hits is None:
                    hits = [0] * self.n
                hits[i] = h
                lit[i] = False  # Lights Out is immediate (rules notes 9)
        return hits, triggered

    def attack_steps(self, hits: list[int] | None, triggered: int, mover: int, cell: int) -> None:
        """The steps an attack queues: Blocks, the penalty burn, the scramble, the monsters' removal."""
        if hits is not None:
            self.blocks(hits)
        if mover >= 0:
            self.scramble(mover, cell)
        if triggered:
            gone = triggered & self.mon
            if gone:
                self.remove(gone)
