"""The end of a turn in the Final Flickers (§4.8): key passes, then discard a tile or hold the light."""

from __future__ import annotations

from .board import occupied, with_prisoner, without, won
from .expansion import KeyConfig
from .layout import B_KEEPER, B_PRESENT, FALLEN, NERVE_ONE, NERVE_SHIFT, POS
from .lighting import Lighting, illuminated


class FinalFlickers(Lighting):
    """The Final Flickers decision that closes every turn that has not ended the game."""

    __slots__ = ()

    def final(
        self,
        b: tuple[int, ...],
        ps: tuple[int, ...],
        spent: int,
        gained: bool,
        acts: tuple[str, ...],
        configs: list[KeyConfig] | None = None,
        moved: bool = False,
    ) -> None:
        """Key passes, then the Final Flickers discard or hold (§4.8).

        After step 6 every tile on the board is illuminated but the keepers no
        one lights, so every other tile may be discarded (occupied ones only
        under RULING-FF-OCCUPIED). Keys pass
        here (passes at a waiting move-again decision reach the same
        configurations). With nothing to discard and no Nerve to hold the
        light (possible only under the alternative ruling) the turn ends with
        ``end``, after any key passes (rules notes 4).
        ``configs``: the key configurations, when the caller has them already;
        ``moved``: the turn's last action was a move (not a stay).
        """
        point = (b, ps, spent, gained)
        if point in self.done:
            return
        self.done.add(point)
        a = self.a
        hold = ps[a] >> NERVE_SHIFT & 3 >= 1 and spent <= 1 and not gained
        discardable = b[B_PRESENT] if self.ctx.flickers_occupied else b[B_PRESENT] & ~occupied(ps)
        if b[B_KEEPER]:
            discardable &= ~b[B_KEEPER] | illuminated(self.ctx, b, ps)
        for b1, ps1, kacts in configs or self.key_configs(b, ps):
            base = acts + kacts if kacts else acts
            if kacts and won(b1, ps1):
                self.end(b1, ps1, base)
                continue
            if not (discardable or hold):
                self.out.setdefault((self.ctx, self.nxt) + b1 + ps1, base + self.closing(b1, ps1, moved))
                continue
            if discardable:
                self.discards(b1, ps1, discardable, base)
            if hold:
                self.out.setdefault((self.ctx, self.nxt) + b1 + with_prisoner(ps1, a, ps1[a] - NERVE_ONE), base + ("hold",))

    def closing(self, b: tuple[int, ...], ps: tuple[int, ...], moved: bool) -> tuple[str, ...]:
        """How a turn with nothing to discard and no light to hold is ended in the notation.

        ``end`` closes the Final Flickers decision. After a move the move-again
        decision comes first; it still waits (with no Nerve to spend) while a
        key could change hands, and then needs its own ``end``.
        """
        if moved and len(self.key_configs(b, ps)) > 1:
            return ("end", "end")
        return ("end",)

    def discards(self, b: tuple[int, ...], ps: tuple[int, ...], cells: int, base: tuple[str, ...]) -> None:
        """One result per discarded tile: the hot loop of the end-game search."""
        ctx, out = self.ctx, self.out
        texts = ctx.discard_text
        turn_on, turn_over = self.nxt, self.a
        present, on, oe, os_, ow, pit, mon, gate, keyed, crumb, keeper, face_lo, face_hi, pathless = b
        keys = keyed | keeper
        spare_keys = keys.bit_count() - len(ps)
        fallen: dict[int, tuple[int, ...]] = {}  # cell -> the prisoners once its tile is gone
        for i, p in enumerate(ps):
            spare_keys += p >> 10 & 1
            pos = p & POS
            if pos < FALLEN:
                fallen[pos] = with_prisoner(fallen.get(pos, ps), i, p + FALLEN)
        while cells:
            low = cells & -cells
            cells ^= low
            c = low.bit_length() - 1
            if c in fallen:  # its prisoners fall: the game is lost (RULING-FF-OCCUPIED)
                if self.losses:
                    out.setdefault((ctx, turn_over) + without(b, low) + fallen[c], base + (texts[c],))
                continue
            m = ~low
            lost = gate == low or (keys & low and spare_keys <= 0)
            if lost and not self.losses:
                continue
            turn = turn_over if lost else turn_on
            k2 = (ctx, turn, present ^ low, on & m, oe & m, os_ & m, ow & m, pit & m, mon & m, gate & m, keyed & m, crumb & m,
                  keeper & m, face_lo & m, face_hi & m, pathless & m) + ps
            out.setdefault(k2, base + (texts[c],))
