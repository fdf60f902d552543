"""The choices an attack leaves in the simulator: Blocks, the scramble, the faller's row or column,
as :mod:`solver.nightcage.rules.hit_choices`.
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.sim.position import FELL, FILE, OMEN, OPP, PIT_FIEND, ROTATIONS, ROW, Position

# Option tuples that need no argument (shared, never mutated).
NOBLOCK = ("noblock",)
FALL_ROW = ("fall", "row")
FALL_FILE = ("fall", "file")
FALLS = [FALL_ROW, FALL_FILE]
SCRAMBLE = tuple(("scramble", d) for d in range(4))


class HitChoices(Position):
    """Blocks and the burn, the scramble off a monster, the fall's line."""

    __slots__ = ()

    def blocks(self, hits: list[int]) -> None:
        """Blocks one at a time (rules notes 7), then 3 tiles per hit (2 blocked) burnt (6.2),
        and the tiles of the hits no Block saves (``hits[n]``)."""
        blocked = [0] * self.n
        table = self.tb.block
        while self.top < self.npile:
            opts: list[tuple[Any, ...]] = [table[i] for i in range(self.n) if hits[i] > blocked[i] and self.can_spend(i)]
            if not opts:
                break
            opts.append(NOBLOCK)
            opt = self.decide("block", opts)
            if opt is NOBLOCK:
                break
            i = opt[1]
            blocked[i] += 1
            self.spend(i)
        total = 3 * sum(hits) - 2 * hits[self.n] - sum(blocked)
        if self.top < self.npile:
            self.burn(total)
            self.check_loss()

    def scramble(self, who: int, cell: int) -> None:
        """Off the monster (6.4, §8.7): onto a connected free tile, or a drawn tile; else fall."""
        nb = self.tb.nb[cell]
        present, opn = self.present, self.opn
        can_draw = self.top < self.npile
        occ = self.occupied()
        opts = []
        for d in range(4):
            y = nb[d]
            yb = 1 << y
            if not present & yb:
                if can_draw:
                    opts.append(SCRAMBLE[d])
                continue
            if self.pit & yb or not opn[y] & OPP[d] or self.mon & yb:
                continue
            if occ & yb and not self.gate & yb:
                continue
            opts.append(SCRAMBLE[d])
        if not opts:
            self.pc[who] = -1
            self.pf[who] = FELL + cell
            self.check_loss()
            self.fall(who, cell)
            return
        if self.keeper >> cell & 1 and who == self.turn:
            # On a keeper that still holds its key, keys pass and its key is taken as on a key
            # tile before the scramble (RULING-KEEPER-KEY-TILE); a take makes it a pit.
            opts = opts + self.key_options(who)
        opt = self.decide("scramble", opts)
        if opt[0] != "scramble":
            self.pass_key(who, opt)
            self.scramble(who, cell)
            return
        d = opt[1]
        y = nb[d]
        if present >> y & 1:
            self.arrive(who, y)
            self.check_win()
            return
        t = self.draw()
        if t < 0:  # omens set aside emptied the pile: the scramble is chosen again
            self.scramble(who, cell)
            return
        want = OPP[d]
        table = self.tb.place[t][y]
        _, _, o, _ = self.decide("place", [table[o] for o in ROTATIONS[t] if o & want or not o])
        self.place_tile(y, t, o)
        self.hand = -1
        if t == PIT_FIEND:  # it strikes at once, under the scrambler too
            self.pc[who] = y
            self.strike(y, 0)
        elif t == OMEN:
            self.pc[who] = y
            self.bring_dirge(who, y, 0)
        elif self.mon >> y & 1:  # scrambling onto a drawn monster enters it (rules notes 13)
            self.pc[who] = y
            hits, triggered = self.attack(1 << y, who, y)
            self.attack_steps(hits, triggered, who, y)
        else:
            self.arrive(who, y)
            self.check_win()

    def fall(self, who: int, c: int) -> None:
        """The faller's row or column (§4.3)."""
        opt = self.decide("fall", FALLS)
        size = self.tb.size
        self.pf[who] = ROW + c // size if opt is FALL_ROW else FILE + c % size
