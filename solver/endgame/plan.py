"""What a planner returns: the verdict, an optimal plan, a reason, statistics.

A :class:`Solution` is the same whichever engine produced it, so the two
planners can be compared field by field. Every plan is replayed through the
rules engine (:func:`verify`) before a planner returns it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.core.state import GameState
from solver.rules.adjudicate import play
from solver.rules.outcome import outcome


class PlanError(RuntimeError):
    """A planner produced a plan the rules engine does not accept: a bug, reported as an internal error."""


@dataclass(frozen=True)
class PlanTurn:
    """One prisoner's whole turn: its actions in the text notation."""

    prisoner: str
    actions: tuple[str, ...]
    nerve: int = 0
    """Nerve spent during this turn (by anyone: a Block on another's turn counts)."""

    def as_json(self) -> dict[str, Any]:
        return {"prisoner": self.prisoner, "actions": list(self.actions)}


@dataclass(frozen=True)
class Stats:
    nodes: int = 0
    """Positions expanded (turn starts whose turns were enumerated)."""
    generated: int = 0
    """Turn results generated."""
    seconds: float = 0.0
    proven_optimal: bool = False
    """The verdict is proven and, for a win, no shorter (or cheaper) plan exists."""
    horizon: int | None = None
    """CP-SAT: the number of turns of the last model solved."""
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "nodes": self.nodes,
            "generated": self.generated,
            "seconds": round(self.seconds, 6),
            "proven_optimal": self.proven_optimal,
        }
        if self.horizon is not None:
            out["horizon"] = self.horizon
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass(frozen=True)
class Solution:
    verdict: str
    """``win``, ``lose`` or ``unknown``."""
    engine: str
    objective: str = "turns"
    plan: tuple[PlanTurn, ...] = ()
    reason: str | None = None
    """For ``lose``: the simplest true reason found. For ``unknown``: which limit was reached."""
    stats: Stats = field(default_factory=Stats)

    @property
    def turns(self) -> int | None:
        return len(self.plan) if self.verdict == "win" else None

    @property
    def nerve_spent(self) -> int | None:
        return sum(t.nerve for t in self.plan) if self.verdict == "win" else None

    def as_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "turns": self.turns,
            "nerve_spent": self.nerve_spent,
            "plan": [t.as_json() for t in self.plan],
            "reason": self.reason,
            "engine": self.engine,
            "objective": self.objective,
            "stats": self.stats.as_json(),
        }


def verify(state: GameState, plan: tuple[PlanTurn, ...]) -> list[GameState]:
    """Replay a winning plan through the rules engine; return the start and the position after each turn.

    Raises :class:`PlanError` if an action is refused, a turn is played by the
    wrong prisoner, a turn does not end where the plan says, or the last turn
    does not win.
    """
    boards = [state]
    current = state
    for i, turn in enumerate(plan):
        expected = current.active.name
        if turn.prisoner != expected:
            raise PlanError(f"turn {i + 1} is {turn.prisoner}'s in the plan, but {expected} is to play")
        result = play(current, list(turn.actions))
        if result.refused is not None:
            raise PlanError(f"turn {i + 1} ({turn.prisoner}): {result.refused.action!r} refused: {result.refused.reason}")
        current = result.state
        last = i == len(plan) - 1
        over = outcome(current)
        if last:
            if over is None or over.result != "win":
                raise PlanError(f"the plan's last turn does not win (outcome: {over})")
        elif over is not None:
            raise PlanError(f"the game ends ({over.result}) during turn {i + 1}, before the plan does")
        elif current.pending is not None:
            raise PlanError(f"turn {i + 1} ({turn.prisoner}) does not end after its actions")
        boards.append(current)
    return boards
