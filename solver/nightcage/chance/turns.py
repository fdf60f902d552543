"""A turn of the simulator as a tree of decisions and draws, walked by replay.

The simulator plays a turn straight through, asking its policy at each decision
(:meth:`solver.nightcage.sim.position.Position.decide`) and, in a
:class:`~solver.nightcage.chance.fastsim.ChanceSim`, its ``reveal`` hook at each draw. A
point inside a turn cannot be copied (it lives on the call stack), so a node of the
turn's tree is named by its *script*: the indices chosen at each decision and draw
with more than one option since the turn began. :func:`step` replays a script from
the turn's start and reports what comes next: a decision or a draw
(:class:`Frontier`, with its options or outcomes), the game's end, or the next turn
start. A turn holds a handful of such points, and a replay of one costs tens of
microseconds: far less than the rules engine's narrated steps. A point deeper than a
decision the turn can be resumed at (the main action, a move again, the extra move: what
follows them depends on the position alone) is replayed from that decision instead
(:func:`step_from`), which skips the move before it, lighting and filling included.

Decisions with a single option are taken without asking (as in rollouts), so a
script's indices are the choices that matter.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solver.nightcage.chance.fastsim import ChanceSim
from solver.nightcage.sim.position import Over
from solver.nightcage.sim.runner import RESUMABLE

DECISION = 0
CHANCE = 1


class Frontier(Exception):
    """The replay reached a decision (``options``) or a draw (``outcomes`` with their odds) past its script."""

    def __init__(self, kind: int, decision: str, options: list[Any]) -> None:
        super().__init__(decision)
        self.kind = kind
        self.decision = decision
        """The simulator's name for the decision (``main``, ``place``, ...), ``draw`` for a draw."""
        self.options = options
        self.sim: Any = None
        """The simulator at that point (set by :func:`step`; mid-turn, not to be played on)."""


class _Script:
    """Plays the script's indices, then stops at the next choice or draw."""

    __slots__ = ("steps", "at")

    def __init__(self, steps: list[int]) -> None:
        self.steps = steps
        self.at = 0

    def choose(self, sim: Any, kind: str, options: list[Any]) -> int:
        at = self.at
        if at < len(self.steps):
            self.at = at + 1
            return self.steps[at]
        raise Frontier(DECISION, kind, options)

    def reveal(self, outcomes: list[tuple[Any, Fraction]]) -> int:
        at = self.at
        if at < len(self.steps):
            self.at = at + 1
            return self.steps[at]
        raise Frontier(CHANCE, "draw", outcomes)


def record(root: ChanceSim, choices: list[int], reveal: Any) -> tuple[list[int], Frontier | str | ChanceSim]:
    """Replay the turn from ``root`` making ``choices`` at its decisions (those with more than one
    option) and drawing what ``reveal(sim, outcomes)`` says, until the decision after the last choice:
    the script of that point (decisions and draws), and what stands there (as :func:`step` says)."""
    sim = root.copy()
    script: list[int] = []
    made = iter(choices)

    def choose(_: Any, kind: str, options: list[Any]) -> int:
        pick = next(made, None)
        if pick is None:
            raise Frontier(DECISION, kind, options)
        script.append(pick)
        return pick

    def drawn(outcomes: list[tuple[Any, Fraction]]) -> int:
        pick = int(reveal(sim, outcomes))
        script.append(pick)
        return pick

    sim.choose = choose
    sim.reveal = drawn
    try:
        sim.play_turn()
    except Frontier as frontier:
        frontier.sim = sim
        return script, frontier
    except Over as end:
        return script, end.result
    sim.choose = None
    return script, sim


def step(root: ChanceSim, script: list[int]) -> Frontier | str | ChanceSim:
    """Replay ``script`` from the turn start ``root`` (left unchanged).

    Returns the :class:`Frontier` met next, ``"win"`` or ``"lose"`` when the game ends,
    or the position at the next turn start. A decision with no option at all (a fall
    with nowhere to land that the rules do not call lost) is a frontier without options.
    """
    return _replay(root.copy(), script, None)


def resumable(frontier: Frontier) -> bool:
    """The turn can be replayed from this decision (:func:`step_from`) instead of from its start."""
    return frontier.kind == DECISION and frontier.decision in RESUMABLE


def step_from(at: Frontier, script: list[int]) -> Frontier | str | ChanceSim:
    """As :func:`step`, the script starting at the decision ``at`` (a :func:`resumable` frontier met by a
    replay, left unchanged): the turn is replayed from there, not from its start. Only the part of a turn
    after its last resumable decision is replayed again for each of its deeper points, and a turn's costly
    part (a move's light and fill) usually comes before one: the same answers as :func:`step`
    (``tests/nightcage/chance/test_fastsim.py``), faster."""
    sim = at.sim.copy()
    sim.decisions -= 1  # (counted once the decision was asked; asked again on resuming)
    return _replay(sim, script, at.decision)


def _replay(sim: ChanceSim, script: list[int], decision: str | None) -> Frontier | str | ChanceSim:
    """``sim`` (a copy, played on) replays ``script`` from its turn start (``decision`` None) or from ``decision``."""
    player = _Script(script)
    sim.choose = player.choose
    sim.reveal = player.reveal
    try:
        if decision is None:
            sim.play_turn()
        else:
            sim.resume(decision)
    except Frontier as frontier:
        frontier.sim = sim
        return frontier
    except Over as end:
        return end.result
    sim.choose = None
    return sim


__all__ = ["CHANCE", "DECISION", "Frontier", "record", "resumable", "step", "step_from"]
