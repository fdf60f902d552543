"""The simulator's tiles drawn and placed: the start tile, landing, the stay's monster, filling
lit cells, as :mod:`solver.nightcage.rules.placing` (a pit fiend strikes where it is placed; a pathless,
with no passages, goes anywhere it is drawn for).
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.sim.position import FILE, KEEPER, OMEN, OPP, PATHLESS, PIT_FIEND, ROTATIONS, ROW, START, Over, Position, bits


class Placing(Position):
    """The start tile, landing, the stay's swap targets, the fill of step 6."""

    __slots__ = ()

    def place_advanced(self, c: int, t: int) -> None:
        """A keeper (its mouth toward the placer, 6.5) or a pathless joins the watching monsters."""
        bit = 1 << c
        if t == KEEPER:
            self.mon |= bit
            self.keeper |= bit
            self.face = {**self.face, c: self.keeper_facing(c)}  # a new dict: copies share the old one
        elif t == PATHLESS:
            self.mon |= bit
            self.pathless |= bit

    def keeper_facing(self, c: int) -> int:
        """``solver.nightcage.rules.placing._keeper_facing``: toward the active prisoner when it is next to
        ``c``, else toward the first (N, E, S, W) side through which a lit prisoner lights ``c``."""
        tb = self.tb
        here = self.pc[self.turn]
        if here >= 0:
            d = tb.between[c * tb.cells + here]
            if d >= 0:
                return d
        best = 4
        opn, nb = self.opn, tb.nb
        for i, x in enumerate(self.pc):
            if x < 0 or not self.lit[i]:
                continue
            for d in range(4):
                if opn[x] >> d & 1 and nb[x][d] == c and d ^ 2 < best:
                    best = d ^ 2
        return best if best < 4 else 0

    def start_tile(self, a: int) -> None:
        """The first turn: the start tile on any empty cell, in any rotation (rules notes 1-2)."""
        table = self.tb.start
        present = self.present
        opts = [table[c][o] for c in range(self.tb.cells) if not present >> c & 1 for o in ROTATIONS[START]]
        _, c, o = self.decide("start", opts)
        self.place_tile(c, START, o)
        self.pc[a] = c
        self.unplaced[a] = False

    def land(self, a: int) -> None:
        """Step 0: an empty unlit cell of the line (a drawn tile), else an existing tile there."""
        f = self.pf[a]
        line = self.tb.files[f - FILE] if f >= FILE else self.tb.rows[f - ROW]
        present = self.present
        lit = self.illuminated()
        table = self.tb.land
        opts = [table[c] for c in line if not (present | lit) >> c & 1]
        if not opts:  # RULING-LAND-FULL-LINE default, then the whole board (rules-notes: nowhere to land)
            opts = [table[c] for c in self.landing_tiles(line)] or [table[c] for c in self.landing_tiles(range(self.tb.cells))]
            if not opts:
                raise Over("lose")  # (lost() says so first; kept as a guard)
        c = self.decide("land", opts)[1]
        if not present >> c & 1:
            t = self.draw()
            if t < 0:
                return  # omens set aside emptied the pile: lost (draw says so)
            table2 = self.tb.place[t][c]
            _, _, o, _ = self.decide("place", [table2[o] for o in ROTATIONS[t]])
            self.place_tile(c, t, o)
            self.hand = -1
            if t == PIT_FIEND:  # landing on what turns into a pit: falling again
                self.pc[a] = c
                self.pf[a] = -1
                self.strike(c, 0)
                return
            if t == OMEN:  # the lander stands on it, under the Dirge wherever it goes
                self.pc[a] = c
                self.pf[a] = -1
                self.bring_dirge(a, c, 0)
                return
        if self.mon >> c & 1:  # landing on a monster (6.4)
            self.pc[a] = c
            self.pf[a] = -1
            hits, triggered = self.attack(1 << c, a, c)
            self.attack_steps(hits, triggered, a, c)
        else:
            self.arrive(a, c)
            self.check_win()

    def loses_at_once(self, decision: str, options: list[Any], i: int) -> bool:
        """Option ``i`` of a ``land`` or ``place`` decision loses at once, told without playing it (the chance search
        asks before each replay; on corpus 0012 these were a third of its replays).

        Both draw the pile's last tile while a prisoner is falling, which
        :meth:`~solver.nightcage.sim.outcome.Outcome.lost` calls lost at the draw (§5):
        - landing on an empty cell draws a tile for it, the lander still falling;
        - placing a tile of the fill (:meth:`fill`) with another cell to fill draws the next tile. Only the fill offers
          a placement on more than one cell, and the options' other cells are cells it still has to fill.
        Neither when the last tile is an omen, which :meth:`draw` sets aside and plays first, nor after placing a pit
        fiend or an omen, which end the fill."""
        top = self.top
        if top != self.npile - 1 or self.order[top] == OMEN:
            return False
        c = options[i][1]
        if decision == "land":
            return not self.present >> c & 1
        if decision != "place" or self.hand == PIT_FIEND or self.hand == OMEN:
            return False
        if max(self.pf) < 0:  # nobody falling
            return False
        for option in options:
            if option[1] != c:
                return True
        return False

    def swap_targets(self, c: int) -> list[int]:
        """Tiles adjacent to and connected with the stayer, unoccupied (RULING-STAY-SWAP)."""
        occ = self.occupied()
        opn = self.opn
        out = []
        for d, y in enumerate(self.tb.nb[c]):
            if opn[c] >> d & 1 and opn[y] & OPP[d] and not occ >> y & 1:
                out.append(y)
        out.sort()
        return out

    def fill(self, empty: int) -> None:
        """Step 6c (RULING-FILL-ALL-LIT): each drawn tile goes to one of the cells left, connected
        back to one of the lit passages that light it."""
        sides: dict[int, int] = {}
        nbs, opn = self.tb.nb, self.opn
        for i, c in enumerate(self.pc):
            if c < 0 or not self.lit[i]:
                continue
            o = opn[c]
            for d in range(4):
                if o >> d & 1:
                    y = nbs[c][d]
                    if empty >> y & 1:
                        sides[y] = sides.get(y, 0) | OPP[d]
        cells = bits(empty)
        place = self.tb.place
        while cells and self.top < self.npile:
            t = self.draw()
            if t < 0:
                return  # omens set aside emptied the pile: the cells stay empty
            rots = ROTATIONS[t]
            table = place[t]
            opts = [table[c][o] for c in cells for o in rots if o & sides[c] or not o]
            _, c, o, _ = self.decide("place", opts)
            self.place_tile(c, t, o)
            self.hand = -1
            if t == PIT_FIEND:  # it strikes; then the light again, and a fill of what it lights
                self.strike(c, 0)
                self.light()
                return
            if t == OMEN:  # the Dirge, then the light again and a fill of what is lit
                self.bring_dirge(self.turn, c, 0)
                self.light()
                return
            cells.remove(c)
