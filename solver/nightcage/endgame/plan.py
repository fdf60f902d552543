"""What a planner returns: the verdict, an optimal plan, a reason, statistics.

A :class:`Solution` is the same whichever engine produced it, so the two
planners can be compared field by field. Every plan is replayed through the
rules engine (:func:`verify`) before a planner returns it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from solver.nightcage.model.state import GameState
from solver.nightcage.rules.adjudicate import play
from solver.nightcage.rules.outcome import outcome


class Verdict(StrEnum):
    WIN = "win"
    LOSE = "lose"
    UNKNOWN = "unknown"
    """A limit was reached before an answer."""


class Objective(StrEnum):
    """What an optimal plan minimises first."""

    TURNS = "turns"
    """Fewest turns, then fewest Nerve."""
    NERVE = "nerve"
    """Fewest Nerve, then fewest turns."""


class Planner(StrEnum):
    """The exact planners of deterministic positions (each checks the other)."""

    SEARCH = "search"
    CPSAT = "cpsat"


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
    verdict: Verdict
    engine: Planner
    objective: Objective = Objective.TURNS
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


def objective_of(name: str) -> Objective:
    """The objective called ``name``; a ``ValueError`` that lists the objectives otherwise."""
    try:
        return Objective(name)
    except ValueError:
        raise ValueError(f"objective must be one of {', '.join(Objective)}") from None


def already_over(state: GameState, engine: Planner, objective: Objective, started: float) -> Solution | None:
    """The answer when the game is over before any turn (every planner starts with this), else None."""
    over = outcome(state)
    if over is None:
        return None
    stats = Stats(seconds=time.perf_counter() - started, proven_optimal=True)
    if over.result == "win":
        return Solution(Verdict.WIN, engine, objective, (), None, stats)
    return Solution(Verdict.LOSE, engine, objective, (), over.reason, stats)


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
