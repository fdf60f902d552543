"""Moving in the end-game (§4, §6.4, §8.7): moves, jumps into pits, charges and scrambles, and moving again.

Each move runs the rules' steps 1-6 at once on the board tuple: arrive (and
take a key), win on arrival, crumble, trigger the wax eaters that see the
prisoner, hit, then step 6 (:class:`~solver.nightcage.endgame.kernel.lighting.Lighting`);
the turn then offers to move again (§4.7) before its Final Flickers end
(:class:`~solver.nightcage.endgame.kernel.final_flickers.FinalFlickers`).
"""

from __future__ import annotations

from .board import (
    attack,
    collapsed,
    facing,
    key_taken,
    lost,
    occupied,
    put_out,
    sight_table,
    watchers,
    wax_eaters,
    with_prisoner,
    without,
    won,
)
from .final_flickers import FinalFlickers
from .layout import B_CRUMBLING, B_GATE, B_KEEPER, B_KEYED, B_MONSTER, B_PIT, B_PRESENT, FALLEN, KEY, LIT, NERVE_ONE, NERVE_SHIFT, POS


class Moves(FinalFlickers):
    """Moves, jumps and charges toward a direction, their consequences, and the move-again decision."""

    __slots__ = ()

    def step(self, b: tuple[int, ...], ps: tuple[int, ...], d: int, spent: int, acts: tuple[str, ...]) -> None:
        """A move, jump or charge toward direction index ``d``, if legal (blind steps need a tile)."""
        ctx = self.ctx
        p = ps[self.a]
        cell = p & POS
        if not b[1 + d] >> cell & 1:
            return
        target = ctx.nb[cell][d]
        tbit = 1 << target
        if not b[B_PRESENT] & tbit:
            return
        if b[B_PIT] & tbit:
            self.jump(b, ps, cell, target, acts + (ctx.jump_text[d],))
            return
        if not b[1 + (d ^ 2)] & tbit:
            return
        if b[B_MONSTER] & tbit:
            if b[B_KEEPER] & tbit and facing(b, target) == d:  # behind a keeper: a plain move (6.5)
                if not p & KEY or ctx.keeper_key_tile:
                    self.enter_keeper(b, ps, cell, target, spent, acts + (ctx.move_text[d],))
            elif p >> NERVE_SHIFT & 3 and spent <= 1:
                self.charge(b, ps, cell, target, spent + 1, acts + (ctx.charge_text[d],))
            return
        if not b[B_GATE] & tbit and occupied(ps) & tbit:
            return
        self.move(b, ps, cell, target, spent, acts + (ctx.move_text[d],))

    def mobility(self, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[bool, bool]:
        """``(a move or jump is legal, a monster could be charged)`` for the active prisoner."""
        cell = ps[self.a] & POS
        occ = occupied(ps)
        walk = charge = False
        for d in range(4):
            if not b[1 + d] >> cell & 1:
                continue
            tbit = self.ctx.nb_bit[cell][d]
            if not b[B_PRESENT] & tbit:
                continue
            if b[B_PIT] & tbit:
                walk = True
            elif not b[1 + (d ^ 2)] & tbit:
                continue
            elif b[B_MONSTER] & tbit:
                if not b[B_KEEPER] & tbit or facing(b, self.ctx.nb[cell][d]) != d:
                    charge = True
                elif not ps[self.a] & KEY or self.ctx.keeper_key_tile:
                    walk = True  # behind a keeper: a plain move
            elif b[B_GATE] & tbit or not occ & tbit:
                walk = True
        return walk, charge

    # -- moves -------------------------------------------------------------------------------

    def move(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, spent: int, acts: tuple[str, ...]) -> None:
        """Steps 1-6 of a move onto a tile (§4): arrive, win?, crumble, trigger, hit, light."""
        ctx, a = self.ctx, self.a
        cbit, tbit = 1 << cell, 1 << target
        trig = watchers(sight_table(ctx, b), cbit) if ctx.trigger_origin and b[B_MONSTER] else 0
        p = ps[a] - cell + target
        if b[B_KEYED] & tbit and not p & KEY:
            p |= KEY
            b = key_taken(b, tbit)
        ps = with_prisoner(ps, a, p)
        if won(b, ps):  # checked on arrival, before any trigger (§8.10)
            self.end(b, ps, acts)
            return
        if b[B_CRUMBLING] & cbit:
            b = collapsed(b, cbit)  # a key tile crumbling with its key may lose the game here
        if b[B_MONSTER]:
            table = sight_table(ctx, b)
            trig |= watchers(table, tbit)
            if trig:
                trig, seen = attack(table, b[B_MONSTER], trig)
                ps = put_out(ps, seen)
        if lost(b, ps):
            self.end(b, ps, acts)
            return
        if trig and ctx.monster_removed:
            b = without(b, trig & wax_eaters(b))
        self.settle(b, ps, spent, acts)

    def enter_keeper(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, spent: int, acts: tuple[str, ...]) -> None:
        """A plain move onto a keeper from behind (6.5): no hit from it, and no win on arrival; a
        keyless prisoner takes its key (it becomes a pit), then the scramble off it."""
        ctx, a = self.ctx, self.a
        cbit, tbit = 1 << cell, 1 << target
        trig = watchers(sight_table(ctx, b), cbit) if ctx.trigger_origin else 0
        ps = with_prisoner(ps, a, ps[a] - cell + target)
        if b[B_CRUMBLING] & cbit:
            b = collapsed(b, cbit)
        table = sight_table(ctx, b)
        trig |= watchers(table, tbit)
        if trig:
            trig, seen = attack(table, b[B_MONSTER], trig)
            ps = put_out(ps, seen)
        if not ps[a] & KEY:
            ps = with_prisoner(ps, a, ps[a] | KEY)
            b = collapsed(b, tbit)
        if lost(b, ps):
            self.end(b, ps, acts)
            return
        self.scramble_off(b, ps, target, trig & wax_eaters(b) if ctx.monster_removed else 0, spent, acts)

    def charge(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, spent: int, acts: tuple[str, ...]) -> None:
        """Charge (§6.4, §8.7): 1 Nerve, the monster attacks its sight and the charger, who
        scrambles to a connected free tile (or falls); the monster is discarded."""
        ctx, a = self.ctx, self.a
        cbit, tbit = 1 << cell, 1 << target
        trig = watchers(sight_table(ctx, b), cbit) if ctx.trigger_origin else 0
        ps = with_prisoner(ps, a, ps[a] - NERVE_ONE - cell + target)
        if b[B_CRUMBLING] & cbit:
            b = collapsed(b, cbit)
        table = sight_table(ctx, b)
        trig, seen = attack(table, b[B_MONSTER], trig | watchers(table, tbit) | tbit)
        ps = put_out(ps, seen)
        ps = with_prisoner(ps, a, ps[a] & ~LIT)  # the charged monster hits the charger
        keeper = b[B_KEEPER] & tbit
        removed = trig & wax_eaters(b) if ctx.monster_removed else 0
        if not keeper:
            removed |= tbit
        elif not ps[a] & KEY:  # a keyless charger takes the keeper's key: it becomes a pit
            ps = with_prisoner(ps, a, ps[a] | KEY)
            b = collapsed(b, tbit)
        if lost(b, ps):
            self.end(b, ps, acts)
            return
        self.scramble_off(b, ps, target, removed, spent, acts)

    def scramble_off(self, b: tuple[int, ...], ps: tuple[int, ...], target: int, removed: int, spent: int, acts: tuple[str, ...]) -> None:
        """The scramble off an entered monster to a connected free tile, or the fall (6.4, 6.5).

        On a keeper that still holds its key, keys pass first and its key may be taken, as on a
        key tile (RULING-KEEPER-KEY-TILE), while a scramble is possible."""
        ctx, a = self.ctx, self.a
        occ = occupied(ps)
        ways = []
        for e in range(4):
            ubit = ctx.nb_bit[target][e]
            if not b[B_PRESENT] & ubit or b[B_PIT] & ubit or b[B_MONSTER] & ubit or not b[1 + (e ^ 2)] & ubit:
                continue
            if occ & ubit and not b[B_GATE] & ubit:
                continue
            ways.append(e)
        if not ways:
            self.end(b, with_prisoner(ps, a, ps[a] - target + FALLEN + target), acts)
            return
        if b[B_KEEPER] >> target & 1 and ctx.keeper_key_tile:
            configs = self.keeper_configs(b, ps, target)
        else:
            configs = [(b, ps, ())]
        for b1, ps1, kacts in configs:
            for e in ways:
                self.scramble(b1, ps1, target, ctx.nb[target][e], removed, spent, acts + kacts + (ctx.scramble_text[e],))

    def scramble(
        self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, removed: int, spent: int, acts: tuple[str, ...]
    ) -> None:
        """The charger steps off the monster (not a move: nothing triggers, nothing crumbles)."""
        a = self.a
        tbit = 1 << target
        p = ps[a] - cell + target
        if b[B_KEYED] & tbit and not p & KEY:
            p |= KEY
            b = key_taken(b, tbit)
        ps = with_prisoner(ps, a, p)
        if won(b, ps):
            self.end(b, ps, acts)
            return
        self.settle(without(b, removed), ps, spent, acts)

    def jump(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, acts: tuple[str, ...]) -> None:
        """A jump into a pit is a fall: the monsters that saw the prisoner attack; the game is lost."""
        ctx, a = self.ctx, self.a
        cbit = 1 << cell
        trig = watchers(sight_table(ctx, b), cbit) if b[B_MONSTER] else 0
        ps = with_prisoner(ps, a, ps[a] - cell + FALLEN + target)
        if b[B_CRUMBLING] & cbit:
            b = collapsed(b, cbit)
        if trig:
            ps = put_out(ps, attack(sight_table(ctx, b), b[B_MONSTER], trig)[1])
        self.end(b, ps, acts)

    def settle(self, b: tuple[int, ...], ps: tuple[int, ...], spent: int, acts: tuple[str, ...]) -> None:
        """Step 6 after a move, then the move-again decision."""
        b, ps = self.light(b, ps)
        if lost(b, ps):
            self.end(b, ps, acts)
            return
        self.after_move(b, ps, spent, acts)

    # -- move again ---------------------------------------------------------------------------------

    def after_move(self, b: tuple[int, ...], ps: tuple[int, ...], spent: int, acts: tuple[str, ...]) -> None:
        """Move again (§4.7) for 1 Nerve, offered when a move is then possible; or go on."""
        point = (b, ps, spent)
        if point in self.done:
            return
        self.done.add(point)
        a = self.a
        nerve = ps[a] >> NERVE_SHIFT & 3
        again = False
        # Under RULING-KEEPER-KEY-TILE's other reading a key held bars a keeper's back: whether a
        # move is left then depends on the key configuration the passes reach.
        by_config = bool(b[B_KEEPER]) and not self.ctx.keeper_key_tile
        if nerve and spent <= 1:
            walk, charge = self.mobility(b, ps)
            again = by_config or walk or (charge and nerve >= 2 and spent == 0)
        configs = None
        if again:
            configs = self.key_configs(b, ps)
            for b1, ps1, kacts in configs:
                base = acts + kacts
                if kacts and won(b1, ps1):
                    self.end(b1, ps1, base)
                    continue
                if by_config:
                    walk, charge = self.mobility(b1, ps1)
                    if not (walk or (charge and nerve >= 2 and spent == 0)):
                        continue
                paid = with_prisoner(ps1, a, ps1[a] - NERVE_ONE)
                base = base + ("again",)
                for d in range(4):
                    self.step(b1, paid, d, spent + 1, base)
        self.final(b, ps, spent, False, acts, configs, moved=True)
