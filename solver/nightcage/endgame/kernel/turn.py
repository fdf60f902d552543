"""Every result of one whole turn: :func:`successors`, and :class:`Turn`, the main action that starts it.

:func:`successors` gives one entry per distinct position one full turn of the
active prisoner can reach, with one action sequence (the engine's canonical
notation, readable by :func:`solver.nightcage.rules.adjudicate.play`) that reaches it. A turn
that ends the game (a win on arrival; a fall, the last gate or too few keys)
stops where the engine stops: the result keeps ``turn`` on the active
prisoner and shows the board at that moment (for example a wax eater that
has just attacked is still there if the loss came before its removal). The
engine keeps the unplayed rest of that turn in ``pending``; a finished game
has no rest to play, so the kernel drops it (:func:`solver.testing.endgame.settled`
does the same to an engine state, for comparisons).

Pruning is limited to choices that cannot change the set of results: the
order of key passes (their reachable configurations are enumerated once per
decision point), key passes before a stay that cannot fall (the same passes
are possible after it), decision points reached again by another path, and
duplicate results. ``successors(k, include_losses=False)`` also leaves out
the lost results, for planners that only need to know a turn loses.
"""

from __future__ import annotations

from collections.abc import Iterator

from .board import attack, collapsed, lost, outcome, put_out, sight_table, watchers, with_prisoner, won
from .layout import B_CRUMBLING, B_KEEPER, B_MONSTER, CTX, FALLEN, LIT, NERVE_ONE, NERVE_SHIFT, POS, PRESENT, PRISONERS, TURN, K
from .moves import Moves


def successors(k: K, include_losses: bool = True) -> Iterator[tuple[K, tuple[str, ...]]]:
    """Every distinct result of one full turn of the active prisoner, with actions reaching it.

    Nothing when the game is already over. With ``include_losses=False`` the
    results where the game is lost are left out (a planner's choice: they
    are all worth the same); no result at all then means every turn loses.
    """
    if outcome(k) is not None:
        return iter(())
    turn = Turn(k[CTX], k[TURN], len(k) - PRISONERS, include_losses)
    turn.main(k[PRESENT:PRISONERS], k[PRISONERS:])
    return iter(turn.out.items())


def successor_map(k: K, include_losses: bool = True) -> dict[K, tuple[str, ...]]:
    """:func:`successors` as a dict (result → actions)."""
    return dict(successors(k, include_losses))


class Turn(Moves):
    """One expansion from a turn start: the main action (§4.1), then the parts it builds on.

    The methods follow the rules' order (§4): ``main`` (key passes, then stay,
    move, jump or charge), ``after_move`` (move again), ``final`` (key passes,
    then discard or hold).
    """

    __slots__ = ()

    def main(self, b: tuple[int, ...], ps: tuple[int, ...]) -> None:
        """The turn from its start: key passes, then each main action (§4.1)."""
        a = self.a
        cell = ps[a] & POS
        if self.ctx.relight_at_start and cell < FALLEN:
            # RULING-RELIGHT-AT-START (§8.2): relit before the first decision (nothing to fill).
            for p in ps:
                if not p & LIT:
                    ps = self.relight(b, ps)
                    break
        # A stay that cannot fall changes no adjacency, so passes before it equal passes
        # after it at the Final Flickers decision, which always waits under
        # RULING-FF-OCCUPIED (the active prisoner's own tile can be discarded).
        # Under RULING-KEEPER-KEY-TILE's other reading a key held can bar the only move (a keeper's
        # back), which makes a Lights Out stay free: the stay then depends on the passes.
        stay_every_config = (
            bool(b[B_CRUMBLING] >> cell & 1) or not self.ctx.flickers_occupied or (bool(b[B_KEEPER]) and not self.ctx.keeper_key_tile)
        )
        for n, (b1, ps1, kacts) in enumerate(self.key_configs(b, ps)):
            if kacts and won(b1, ps1):
                self.end(b1, ps1, kacts)
                continue
            if n == 0 or stay_every_config:
                self.stay(b1, ps1, kacts)
            for d in range(4):
                self.step(b1, ps1, d, 0, kacts)

    def stay(self, b: tuple[int, ...], ps: tuple[int, ...], acts: tuple[str, ...]) -> None:
        """Stay (§4.1): gain 1 Nerve if lit; Lights Out, pay 1, or free with no Nerve and no move at all (§8.6)."""
        a = self.a
        p = ps[a]
        cell = p & POS
        spent, gained = 0, False
        if p & LIT:
            if p >> NERVE_SHIFT & 3 < 2:
                p += NERVE_ONE
                gained = True
        elif p >> NERVE_SHIFT & 3:
            # Lights Out: the stay costs 1 Nerve whenever it can be paid (§8.6 amended); at a
            # turn's start nothing has been spent or gained yet.
            p -= NERVE_ONE
            spent = 1
        elif self.mobility(b, ps)[0]:
            return
        ps = with_prisoner(ps, a, p)
        acts = acts + ("stay",)
        bit = 1 << cell
        if b[B_CRUMBLING] & bit:
            # The tile crumbles under the prisoner, who falls: sight taken before the pit forms.
            trig = watchers(sight_table(self.ctx, b), bit) if b[B_MONSTER] else 0
            b = collapsed(b, bit)
            ps = with_prisoner(ps, a, p - cell + FALLEN + cell)
            if trig:
                ps = put_out(ps, attack(sight_table(self.ctx, b), b[B_MONSTER], trig)[1])
            self.end(b, ps, acts)
            return
        b, ps = self.light(b, ps)
        if lost(b, ps):
            self.end(b, ps, acts)
            return
        self.final(b, ps, spent, gained, acts)
