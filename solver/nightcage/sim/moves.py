"""The simulator's main action and what closes a turn: stay, move, jump, charge, blind steps,
moving again, and the Final Flickers discard or hold, as :mod:`solver.nightcage.rules.moves`.
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.sim.position import FELL, MAX_NERVE, NERVE_PER_TURN, OMEN, OPP, PIT_FIEND, ROTATIONS, SWAPPED, Position, bits

# Option tuples that need no argument (shared, never mutated).
STAY = ("stay",)
AGAIN = ("again",)
END = ("end",)
HOLD = ("hold",)
MOVE = tuple(("move", d) for d in range(4))
JUMP = tuple(("jump", d) for d in range(4))
CHARGE = tuple(("charge", d) for d in range(4))
BLIND = tuple(("blind", d) for d in range(4))


class Moves(Position):
    """The main action's options, the stay, the moves, moving again, Final Flickers."""

    __slots__ = ()

    def move_options(self, a: int, extra: bool) -> list[tuple[Any, ...]]:
        """``solver.nightcage.rules.moves.move_problem`` for every direction and verb, and the stay (§4.1, §8.6)."""
        c = self.pc[a]
        o = self.opn[c]
        nb = self.tb.nb[c]
        opn = self.opn
        present, pit, mon, gate = self.present, self.pit, self.mon, self.gate
        lit = self.lit[a]
        can_draw = self.top < self.npile
        occ = 0
        for x in self.pc:
            if x >= 0:
                occ |= 1 << x
        opts: list[tuple[Any, ...]] = []
        walk = False
        for d in range(4):
            if not o >> d & 1:
                continue
            y = nb[d]
            yb = 1 << y
            if not present & yb:
                if not lit and can_draw:
                    opts.append(BLIND[d])
                    walk = True
                continue
            if pit & yb:
                opts.append(JUMP[d])
                walk = True
                continue
            if not opn[y] & OPP[d]:
                continue
            if mon & yb:
                if self.keeper & yb and self.face[y] == d:  # behind a keeper: a plain move (RULING-KEEPER-KEY-TILE)
                    opts.append(MOVE[d])
                    walk = True
                elif self.can_spend(a):
                    opts.append(CHARGE[d])
                continue
            if occ & yb and not gate & yb:
                continue
            opts.append(MOVE[d])
            walk = True
        if not extra and (lit or not walk or self.can_spend(a)):
            opts.append(STAY)
        return opts

    def stay(self, a: int) -> None:
        """Stay (§4.1): Nerve, the pile's top tile discarded (a monster swapped in), collapse."""
        if self.lit[a]:
            if self.nerve[a] < MAX_NERVE:
                self.nerve[a] += 1
                self.gained = True
        elif self.can_spend(a):
            self.spend(a)  # a Lights Out prisoner pays to stay whenever it can (§8.6 amended)
        c = self.pc[a]
        crumbling = self.crumb >> c & 1
        if self.top < self.npile:
            t = self.next_tile()
            if t in SWAPPED and (t != OMEN or self.summons()):  # any other omen: simply discarded
                targets = self.swap_targets(c)
                if targets:
                    self.hand = t
                    self.check_loss()
                    _, x = self.decide("swap", [self.tb.swap[x] for x in targets])
                    self.remove(1 << x)
                    self.place_tile(x, t, ROTATIONS[t][0])
                    self.hand = -1
                    if t == PIT_FIEND:  # it takes effect as if placed
                        self.strike(x, 0)
                    elif t == OMEN:  # as if placed: the stayer lays the Dirge
                        self.bring_dirge(a, x, 0)
            self.check_loss()
        if crumbling and self.pc[a] == c:  # (a pit fiend's strike may have made it fall already)
            self.collapse_fall(a, c)
        self.light()

    def move(self, a: int, verb: str, d: int) -> None:
        """``solver.nightcage.rules.moves.perform_move`` and the steps it queues, step 6 included."""
        origin = self.pc[a]
        dest = self.tb.nb[origin][d]
        trig = self.watchers(origin)  # sight taken before the move (RULING-TRIGGER-ORIGIN)
        if verb == "charge":
            self.spend(a)
        if verb == "blind":
            t = self.draw()
            if t < 0:  # omens set aside emptied the pile: the step is not made
                self.light()
                return
            want = OPP[d]
            table = self.tb.place[t][dest]
            _, _, o, _ = self.decide("place", [table[o] for o in ROTATIONS[t] if o & want or not o])
            self.place_tile(dest, t, o)
            self.hand = -1
            if t == PIT_FIEND:
                self.pc[a] = dest
                self.collapse(origin)
                self.strike(dest, trig)
            elif t == OMEN:  # the stepper stands on it; the tile left still crumbles
                self.pc[a] = dest
                self.collapse(origin)
                self.bring_dirge(a, dest, trig)
            else:
                self.complete_move(a, origin, dest, trig)
        elif verb == "jump":
            self.pc[a] = -1
            self.pf[a] = FELL + dest
            self.collapse(origin)
            hits, triggered = self.attack(trig, -1, -1)
            self.check_loss()
            self.fall(a, dest)
            self.attack_steps(hits, triggered, -1, -1)
        else:
            self.complete_move(a, origin, dest, trig, verb == "move")
        self.light()

    def again(self, a: int) -> None:
        """Move again for 1 Nerve (§4.7) while a move is then possible; key passes meanwhile."""
        while self.pc[a] >= 0:
            possible = False
            if self.can_spend(a):
                self.spend(a)
                possible = bool(self.move_options(a, True))
                self.nerve[a] += 1
                self.spent[a] -= 1
            keys = self.key_options(a)
            if not possible and not keys:
                return
            opts = [AGAIN, END] if possible else [END]
            opt = self.decide("again", opts + keys if keys else opts)
            if opt is END:
                return
            if opt is AGAIN:
                self.spend(a)
                opt = self.decide("extra", self.move_options(a, True))
                self.move(a, opt[0], opt[1])
            else:
                self.pass_key(a, opt)

    def final(self, a: int) -> None:
        """Final Flickers (§4.8, §7): discard an illuminated tile (occupied too) or hold the light."""
        if not self.flickers:
            return
        table = self.tb.discard
        while self.pc[a] >= 0:
            tiles = self.present & self.illuminated()
            hold = self.nerve[a] >= 1 and self.spent[a] <= NERVE_PER_TURN - 1 and not self.gained
            keys = self.key_options(a)
            # The decision always waits: with nothing to discard or hold, ``end`` closes it.
            opts: list[tuple[Any, ...]] = [table[c] for c in bits(tiles)]
            if hold:
                opts.append(HOLD)
            if not opts:
                opts.append(END)
            opt = self.decide("final", opts + keys if keys else opts)
            v = opt[0]
            if v == "give" or v == "take":
                self.pass_key(a, opt)
                continue
            if v == "discard":
                c = opt[1]
                self.remove(1 << c)
                for i, x in enumerate(self.pc):
                    if x == c:
                        self.pc[i] = -1
                        self.pf[i] = FELL + c
                self.check_loss()
            elif v == "hold":
                self.spend(a)
            return
