"""The bot's Final Flickers: a winning line found by the end-game oracle.

Once the pile is empty the game is deterministic (rules §7), so the bot stops
guessing: at the start of a Final Flickers turn it asks the
:class:`~solver.nightcage.endgame.oracle.EndgameOracle` whether the position still wins and,
if it does, follows turn results the oracle proved won
(:func:`solver.nightcage.endgame.kernel.successors`) down to the win. Each turn comes as the
engine's action texts, which :class:`TurnScript` follows decision by decision.
"""

from __future__ import annotations

import time

from solver.base.errors import LimitReached, NotCovered
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, turns_needed
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.state import GameState

ORACLE_MEMORY = 200_000
"""Positions the oracle may remember (won and lost) before it forgets them all."""

DECLINES = ("end", "noblock")
"""Option texts that decline an optional decision: a plan read by
:func:`solver.nightcage.rules.adjudicate.play` leaves them implicit."""


class EndgamePlanner:
    """Winning Final Flickers turns, with an oracle whose memory outlives one turn."""

    def __init__(self, max_nodes: int = 400_000) -> None:
        self.max_nodes = max_nodes
        self.oracle = EndgameOracle(max_nodes)
        self.answers = {"win": 0, "lose": 0, "limit": 0, "other": 0}
        """How the turns asked for ended: a winning turn, a lost position, a limit, not a kernel position."""

    def winning_line(self, state: GameState, seconds: float | None) -> list[tuple[str, ...]] | None:
        """The action texts of each turn of a winning line, the last one winning; or None.

        None when the position is lost, is not a kernel position (advanced
        pieces), or the oracle runs out of ``seconds`` (None: no clock) or nodes: the caller then
        falls back on its heuristic. The whole line is returned because a later
        turn may open with a decision taken without asking (a single option):
        that turn's start position is never seen, but it is the one planned.
        """
        self._forget_if_full()
        try:
            k = eg.from_state(state)
        except NotCovered:
            self.answers["other"] += 1
            return None
        # The oracle's budget is per call; the deadline bounds the whole line.
        self.oracle.expanded = 0
        deadline = None if seconds is None else time.perf_counter() + seconds
        line: list[tuple[str, ...]] = []
        try:
            if not self.oracle.wins(state, deadline):
                self.answers["lose"] += 1
                return None
            while True:
                step = self._winning_turn(k, state, deadline)
                if step is None:  # not expected: the oracle proved a win from k
                    self.answers["other"] += 1
                    return None
                after, actions = step
                line.append(actions)
                if eg.outcome(after) == "win":
                    break
                k = after
        except LimitReached:
            self.answers["limit"] += 1
            return None
        self.answers["win"] += 1
        return line

    def _winning_turn(self, k: eg.K, template: GameState, deadline: float | None) -> tuple[eg.K, tuple[str, ...]] | None:
        """A turn from the won kernel position ``k`` to another won one (or the win)."""
        ranked = []
        for after, actions in eg.successors(k, include_losses=False):
            if eg.outcome(after) == "win":
                return after, actions
            h = turns_needed(after)
            if h < INFINITE:
                ranked.append((h, len(actions), after, actions))
        ranked.sort(key=lambda item: item[:2])
        # A win proven through k left its path in the oracle's memory.
        for _, _, after, actions in ranked:
            if self.oracle.known(after) == "win":
                return after, actions
        # Not remembered (k was known won beforehand): ask per child.
        for _, _, after, actions in ranked:
            if self.oracle.wins(eg.to_state(after, template), deadline):
                return after, actions
        return None

    def _forget_if_full(self) -> None:
        if self.oracle.remembered() > ORACLE_MEMORY:
            self.oracle = EndgameOracle(self.max_nodes)


class TurnScript:
    """Follows a planned turn's action texts through the simulator's decisions."""

    def __init__(self, actions: tuple[str, ...]) -> None:
        self.actions = actions
        self.next = 0

    def pick(self, texts: list[str]) -> int | None:
        """The option matching the plan's next action; a decline the plan left implicit;
        None when the plan and the options part ways (the caller takes over).

        A decision with a single option is taken without asking the policy, so
        the plan's next action may already be done: a later one matching the
        options is the one to play.
        """
        for j in range(self.next, len(self.actions)):
            if self.actions[j] in texts:
                self.next = j + 1
                return texts.index(self.actions[j])
        for decline in DECLINES:
            if decline in texts:
                return texts.index(decline)
        return None


def kernel_ready(state: GameState) -> bool:
    """A Final Flickers turn start the kernel can take."""
    return state.pending is None and state.pile.count == 0


__all__ = ["EndgamePlanner", "TurnScript", "kernel_ready"]
