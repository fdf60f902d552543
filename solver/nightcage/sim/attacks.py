"""The simulator's arrivals and monster attacks (turn steps 1 to 5), as :mod:`solver.nightcage.rules.attacks`.

With keepers or pathless on the board an attack takes :meth:`Attacks.attack_advanced`:
a pathless reaches its whole row and column, through anything, for 5 tiles that no
Block saves; a keeper's ranged hit costs 1 tile, no Block, and puts the candle out
(RULING-KEEPER-RANGED-OUT); an attack from a keeper's back line does nothing to it,
whatever lies between (RULING-KEEPER-BACK). A keyless prisoner entering a keeper
(charged, from behind, landed or scrambled onto) takes its key and the keeper becomes
a pit; one holding a key may pass it and take the keeper's before the scramble
(RULING-KEEPER-KEY-TILE, in :mod:`solver.nightcage.sim.hit_choices`). A pit fiend placed
turns its diagonals and itself into pits (:meth:`Attacks.strike`).
"""

from __future__ import annotations

from solver.nightcage.sim.position import FELL, Over, Position, bits


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

    def complete_move(self, a: int, origin: int, dest: int, trig: int, plain: bool = False) -> None:
        """Arrival (and the win check), the origin crumbling, triggers and hits (steps 1-5).

        ``plain``: a move, not a charge or a blind step (onto a keeper only from behind:
        it enters safely, takes the key and scrambles off).
        """
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
            if plain and self.keeper & dbit:
                hits, triggered = self.attack(trig, -1, -1)
            else:
                hits, triggered = self.attack(trig | dbit, a, dest)
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

    def strike(self, cell: int, trig: int) -> None:
        """A pit fiend placed on ``cell`` (6.6): the tiles of its four diagonals (no wrap, across
        empty cells) and itself become pits; prisoners there fall (their sight taken before)."""
        solid = self.present & ~self.pit
        targets = 1 << cell
        for x in self.tb.diag[cell]:
            if solid >> x & 1:
                targets |= 1 << x
        pc = self.pc
        fallers = [i for i in range(self.n) if pc[i] >= 0 and targets >> pc[i] & 1]
        for i in fallers:
            trig |= self.watchers(pc[i])
        self.to_pits(targets)
        spots = []
        for i in fallers:
            spots.append(pc[i])
            self.pf[i] = FELL + pc[i]
            pc[i] = -1
        hits, triggered = self.attack(trig, -1, -1)
        self.check_loss()
        for i, c in zip(fallers, spots):
            self.fall(i, c)
        self.attack_steps(hits, triggered, -1, -1)

    def attack(self, trig: int, enterer: int, cell: int) -> tuple[list[int] | None, int]:
        """Steps 4-5: chain reactions, then hits (one per prisoner and monster) and Lights Out.

        ``enterer`` stands on the monster of ``cell`` (charge, blind step, landing,
        scramble onto a drawn one) and is hit by it. Returns the hits (None when
        nobody is hit: else per prisoner the hits a Block may save, and last the
        tiles of the hits none may) and the monsters that attacked.
        """
        if not trig:
            return None, 0
        if self.keeper | self.pathless:
            return self.attack_advanced(trig, enterer, cell)
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
                    hits = [0] * (self.n + 1)
                hits[i] = h
                lit[i] = False  # Lights Out is immediate (rules notes 9)
        return hits, triggered

    def attack_advanced(self, trig: int, enterer: int, cell: int) -> tuple[list[int] | None, int]:
        """:meth:`attack` with keepers or pathless on the board."""
        tb, mon, keeper, pathless, face = self.tb, self.mon, self.keeper, self.pathless, self.face
        table = [(1 << m, tb.rowcol[m] if pathless >> m & 1 else self.sight_advanced(m)) for m in bits(mon)]
        triggered = trig
        while True:
            new = 0
            for mbit, reach in table:
                if triggered & mbit:
                    reached = reach & mon & ~triggered
                    for k in bits(reached & keeper):
                        if tb.back[k][face[k]] & mbit:
                            reached &= ~(1 << k)  # from its back line: nothing happens to it
                    new |= reached
            if not new:
                break
            triggered |= new
        n = self.n
        hits = None
        pc, lit = self.pc, self.lit
        inside = 1 << cell if enterer >= 0 else 0
        for i in range(n):
            c = pc[i]
            if c < 0:
                continue
            cbit = 1 << c
            saved = fixed = 0
            if i == enterer and triggered & inside:
                if pathless & inside:
                    fixed += 5
                else:
                    saved += 1
            for mbit, reach in table:
                if triggered & mbit and reach & cbit:
                    if pathless & mbit:
                        fixed += 5
                    elif keeper & mbit:
                        fixed += 1  # the keeper's ranged hit
                    else:
                        saved += 1
            if saved or fixed:
                if hits is None:
                    hits = [0] * (n + 1)
                hits[i] = saved
                hits[n] += fixed
                lit[i] = False
        return hits, triggered

    def attack_steps(self, hits: list[int] | None, triggered: int, mover: int, cell: int) -> None:
        """The steps an attack queues: the keeper's key, Blocks, the penalty burn, the scramble,
        the monsters' removal (wax eaters that attacked and the monster entered; never a keeper)."""
        entered = 0
        if mover >= 0:
            entered = 1 << cell
            if self.keeper & entered and not self.key[mover]:
                self.key[mover] = True  # the keeper's key taken: the keeper becomes a pit (6.5)
                self.to_pits(entered)
        if hits is not None:
            self.blocks(hits)
        if mover >= 0:
            self.scramble(mover, cell)
        if triggered:
            gone = triggered & self.mon
            if gone and self.keeper | self.pathless:
                gone &= ~self.keeper & ~(self.pathless & ~entered)
            if gone:
                self.remove(gone)
