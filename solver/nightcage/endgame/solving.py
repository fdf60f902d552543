"""Running the planners on a position: one engine, or both checked against each other.

``--engine both`` runs the search, hints CP-SAT with its plan, and fails
loudly when the two disagree on the verdict or the optimal length (or cost).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from solver.base.errors import UnsupportedError
from solver.base.exit_codes import ExitCode
from solver.base.limits import Limits
from solver.nightcage.endgame import search
from solver.nightcage.endgame.plan import Objective, Solution, verify
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.position_json import to_json

EXIT = {"win": ExitCode.OK, "lose": ExitCode.NO, "unknown": ExitCode.LIMIT}


@dataclass
class SolveReport:
    primary: Solution
    engine: str
    others: dict[str, Solution] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    """Engines that could not answer this position, with why."""
    disagreement: str | None = None

    @property
    def exit_code(self) -> ExitCode:
        return ExitCode.DISAGREE if self.disagreement else EXIT[self.primary.verdict]

    def as_json(self, state: GameState, boards: bool = False) -> dict[str, Any]:
        doc = self.primary.as_json()
        doc["engine"] = self.engine
        if self.engine == "both":
            doc["engines"] = {name: sol.as_json() for name, sol in self.all().items()}
            doc["skipped"] = self.skipped
            doc["agree"] = self.disagreement is None
            doc["disagreement"] = self.disagreement
        if boards and self.primary.verdict == "win":
            doc["boards"] = [to_json(s) for s in verify(state, self.primary.plan)[1:]]
        return doc

    def all(self) -> dict[str, Solution]:
        return {self.primary.engine: self.primary, **self.others}


class Engine(StrEnum):
    """Which planner answers ``solve``: one of them, or both checked against each other."""

    SEARCH = "search"
    CPSAT = "cpsat"
    BOTH = "both"


def solve_position(
    state: GameState,
    *,
    engine: str = Engine.SEARCH,
    objective: str = Objective.TURNS,
    limits: Limits,
    progress: Callable[[dict[str, Any]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> SolveReport:
    """Answer with one engine, or with both and compare them.

    ``limits`` reach each engine whole (``time_limit`` is per engine). ``progress``
    and ``should_stop`` reach the search (CP-SAT reports nothing and stops at its limit).
    """
    if engine == Engine.SEARCH:
        return SolveReport(search.solve(state, objective=objective, limits=limits, progress=progress, should_stop=should_stop), engine)
    if engine == Engine.CPSAT:
        from solver.nightcage.endgame.cpsat import planner as cpsat

        return SolveReport(cpsat.solve(state, objective=objective, limits=limits), engine)
    first = search.solve(state, objective=objective, limits=limits, progress=progress, should_stop=should_stop)
    report = SolveReport(first, Engine.BOTH)
    from solver.nightcage.endgame.cpsat import planner as cpsat

    try:
        second = cpsat.solve(state, objective=objective, limits=limits, hint=first)
    except UnsupportedError as exc:
        report.skipped["cpsat"] = str(exc)
        return report
    report.others["cpsat"] = second
    report.disagreement = compare(first, second, objective)
    return report


def compare(a: Solution, b: Solution, objective: str) -> str | None:
    """How two proven answers disagree (None when they agree or one is not proven)."""
    if "unknown" in (a.verdict, b.verdict):
        return None
    if a.verdict != b.verdict:
        return f"{a.engine} says {a.verdict}, {b.engine} says {b.verdict}"
    if a.verdict == "win":
        cost_a = (a.turns, a.nerve_spent) if objective == "turns" else (a.nerve_spent, a.turns)
        cost_b = (b.turns, b.nerve_spent) if objective == "turns" else (b.nerve_spent, b.turns)
        if a.stats.proven_optimal and b.stats.proven_optimal and cost_a != cost_b:
            return (
                f"{a.engine}: {a.turns} turns and {a.nerve_spent} Nerve; "
                f"{b.engine}: {b.turns} turns and {b.nerve_spent} Nerve"
            )
    return None
