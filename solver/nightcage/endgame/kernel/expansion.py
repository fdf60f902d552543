"""The base of one turn's expansion: the results found, the decision points explored, and key passes.

:class:`Expansion` holds what every part of the turn enumeration shares; the
parts build on it in the rules' order, each in its own module:
:class:`~solver.nightcage.endgame.kernel.lighting.Lighting` (step 6),
:class:`~solver.nightcage.endgame.kernel.final_flickers.FinalFlickers` (the end of the turn),
:class:`~solver.nightcage.endgame.kernel.moves.Moves` (moves, jumps, charges, moving again) and
:class:`~solver.nightcage.endgame.kernel.turn.Turn` (the main action). Only ``Expansion``
has slots; the parts add none (``__slots__ = ()``), so a turn is one small object.
"""

from __future__ import annotations

from typing import Any

from .board import adjacent, collapsed, key_taken, with_prisoner, won
from .layout import B_KEYED, B_PIT, FALLEN, KEY, POS, Context, K

KeyConfig = tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]
"""``(board, prisoners, actions)``: a key configuration and the passes that reach it."""


class Expansion:
    """One expansion: walks the turn's decisions and collects the distinct results.

    ``b`` is the board tuple, ``ps`` the prisoner ints, ``spent`` the Nerve
    the active prisoner spent this turn, ``acts`` the actions so far.
    """

    __slots__ = ("ctx", "a", "nxt", "losses", "out", "done")

    def __init__(self, ctx: Context, active: int, n: int, losses: bool = True) -> None:
        self.ctx = ctx
        self.a = active
        self.nxt = (active + 1) % n
        self.losses = losses
        self.out: dict[K, tuple[str, ...]] = {}
        self.done: set[tuple[Any, ...]] = set()
        """Decision points already explored (reached again by other paths: same results)."""

    def end(self, b: tuple[int, ...], ps: tuple[int, ...], acts: tuple[str, ...]) -> None:
        """The game ended mid-turn (won or lost): the result keeps the turn on the active prisoner."""
        if self.losses or won(b, ps):
            self.out.setdefault((self.ctx, self.a) + b + ps, acts)

    # -- keys -------------------------------------------------------------------------------------

    def key_configs(self, b: tuple[int, ...], ps: tuple[int, ...]) -> list[KeyConfig]:
        """Every key configuration passes (and ``take``) can reach now, the current one first.

        Passes join the active prisoner and a connected neighbour (§5, §8.1); a
        prisoner on a key tile whose key is there may take it when keyless
        (§8.3). The order of passes does not matter, only what they reach.
        """
        ctx, a = self.ctx, self.a
        here = ps[a] & POS
        hbit = 1 << here
        near = [j for j, q in enumerate(ps) if j != a and q & POS < FALLEN and adjacent(ctx, b, here, q & POS)]
        can_take = b[B_KEYED] & hbit
        if not can_take:
            holders = ps[a] >> 10 & 1
            for j in near:
                holders += ps[j] >> 10 & 1
            if holders == 0 or holders == len(near) + 1:
                return [(b, ps, ())]
        give_to, give_from = ctx.give_to[a], ctx.give_from[a]
        found: list[KeyConfig] = [(b, ps, ())]
        seen = {(ps, b[B_KEYED])}
        i = 0
        while i < len(found):
            b0, ps0, acts0 = found[i]
            i += 1
            pa = ps0[a]
            moves = []
            if pa & KEY:
                for j in near:
                    if not ps0[j] & KEY:
                        moves.append((b0, with_prisoner(with_prisoner(ps0, a, pa ^ KEY), j, ps0[j] | KEY), give_to[j]))
            else:
                for j in near:
                    if ps0[j] & KEY:
                        moves.append((b0, with_prisoner(with_prisoner(ps0, a, pa | KEY), j, ps0[j] ^ KEY), give_from[j]))
                if b0[B_KEYED] & hbit:
                    moves.append((key_taken(b0, hbit), with_prisoner(ps0, a, pa | KEY), "take"))
            for b1, ps1, text in moves:
                state = (ps1, b1[B_KEYED])
                if state not in seen:
                    seen.add(state)
                    found.append((b1, ps1, acts0 + (text,)))
        return found

    def keeper_configs(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int) -> list[KeyConfig]:
        """On a keeper still holding its key, before the scramble off it (RULING-KEEPER-KEY-TILE):
        every key configuration passes reach, the current one first, and after each one where the
        active prisoner is keyless, ``take``: the keeper becomes a pit and no pass follows."""
        ctx, a = self.ctx, self.a
        near = [j for j, q in enumerate(ps) if j != a and q & POS < FALLEN and adjacent(ctx, b, cell, q & POS)]
        give_to, give_from = ctx.give_to[a], ctx.give_from[a]
        found: list[KeyConfig] = [(b, ps, ())]
        seen = {ps}
        i = 0
        while i < len(found):
            b0, ps0, acts0 = found[i]
            i += 1
            if b0[B_PIT] >> cell & 1:
                continue  # taken: the scramble follows at once
            pa = ps0[a]
            moves = []
            if pa & KEY:
                for j in near:
                    if not ps0[j] & KEY:
                        moves.append((b0, with_prisoner(with_prisoner(ps0, a, pa ^ KEY), j, ps0[j] | KEY), give_to[j]))
            else:
                for j in near:
                    if ps0[j] & KEY:
                        moves.append((b0, with_prisoner(with_prisoner(ps0, a, pa | KEY), j, ps0[j] ^ KEY), give_from[j]))
                moves.append((collapsed(b0, 1 << cell), with_prisoner(ps0, a, pa | KEY), ctx.take_text))
            for b1, ps1, text in moves:
                state = ps1 if text != ctx.take_text else ps1 + (-1,)
                if state not in seen:
                    seen.add(state)
                    found.append((b1, ps1, acts0 + (text,)))
        return found
