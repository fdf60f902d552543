"""The simulator's turn runner: a whole turn and a whole game, as :mod:`solver.nightcage.rules.runner`
and :mod:`solver.nightcage.rules.steps` (the turn's order of steps, played here as direct calls).
"""

from __future__ import annotations

from solver.nightcage.sim.position import Over, Position

RESUMABLE = frozenset({"main", "again", "extra"})
"""The decisions a turn can be resumed at (:meth:`Runner.resume`): the turn's rest depends on the position alone,
not on where the turn's calls stand."""


class Runner(Position):
    """The active prisoner's turn, its main action, and turns until the game ends."""

    __slots__ = ()

    def play_turn(self) -> None:
        """The active prisoner's whole turn (``solver.nightcage.rules.steps.begin_turn`` and the steps it queues)."""
        a = self.turn
        n = self.n
        self.turns += 1
        self.spent = [0] * n
        self.gained = False
        if self.unplaced[a]:
            self.flickers = False
            self.start_tile(a)
            self.light()
        else:
            self.flickers = self.top >= self.npile
            if self.pf[a] >= 0:
                self.land(a)
                self.light()
                if self.pc[a] >= 0:
                    self.main(a)
            else:
                self.relight_at_start()
                if self.pc[a] >= 0:  # (a pit fiend filled in may have struck under it)
                    self.main(a)
        self.turn = (a + 1) % n

    def relight_at_start(self) -> None:
        """RULING-RELIGHT-AT-START (§8.2): pairs with the active prisoner relit before its first
        decision, the cells they now light filled at once (``solver.nightcage.rules.runner.open_turn``)."""
        if all(self.lit) or not self.relight():
            return
        empty = self.illuminated() & ~self.present
        if empty and self.top < self.npile:
            self.fill(empty)

    def main(self, a: int) -> None:
        """The main action (§4.1) with key passes before it; then move again and Final Flickers."""
        while True:
            opts = self.move_options(a, False)
            keys = self.key_options(a)
            opt = self.decide("main", opts + keys if keys else opts)
            v = opt[0]
            if v == "give" or v == "take":
                self.pass_key(a, opt)
                continue
            break
        if v == "stay":
            self.stay(a)
        else:
            self.move(a, v, opt[1])
            self.again(a)
        self.final(a)

    def resume(self, decision: str) -> None:
        """The rest of the active prisoner's turn from ``decision`` (one of :data:`RESUMABLE`), this position being
        the one the turn stood in when the decision was asked: the same options are offered again, and the turn
        goes on as :meth:`play_turn` would have gone on from there. A search replays a turn's deeper points
        from such a decision rather than from the turn start (:mod:`solver.nightcage.chance.turns`)."""
        a = self.turn
        if decision == "main":
            self.main(a)
        else:
            if decision == "extra":  # (the Nerve for the extra move is already spent)
                opt = self.decide("extra", self.move_options(a, True))
                self.move(a, opt[0], opt[1])
            elif decision != "again":
                raise ValueError(f"a turn cannot be resumed at {decision!r}")
            self.again(a)
            self.final(a)
        self.turn = (a + 1) % self.n

    def play(self, max_turns: int = 100_000) -> str:
        """Turns until the game ends; returns ``"win"`` or ``"lose"``."""
        result = self.over()
        if result is not None:
            return result
        try:
            while self.turns < max_turns:
                if self.on_turn is not None:
                    self.on_turn(self)
                self.play_turn()
                if self.log is not None:
                    self.log.append(("turn_end", self.snapshot()))
        except Over as end:
            return end.result
        raise RuntimeError(f"no end after {max_turns} turns")
