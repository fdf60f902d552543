"""Running the planners on a position and reporting: one engine, or both checked against each other.

``--engine both`` runs the search, hints CP-SAT with its plan, and fails
loudly when the two disagree on the verdict or the optimal length (or cost).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.core.errors import UnsupportedError
from solver.endgame.plan import Solution, verify
from solver.notation.position_json import to_json
from solver.core.state import GameState

EXIT = {"win": 0, "lose": 1, "unknown": 3}
DISAGREE = 4


@dataclass
class SolveReport:
    primary: Solution
    engine: str
    others: dict[str, Solution] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    """Engines that could not answer this position, with why."""
    disagreement: str | None = None

    @property
    def exit_code(self) -> int:
        return DISAGREE if self.disagreement else EXIT[self.primary.verdict]

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

    def text(self, state: GameState, meta: dict[str, Any] | None, boards: bool = False) -> str:
        from solver.present.render import render

        lines = []
        for name, sol in self.all().items():
            lines.append(_headline(sol, name))
        for name, why in self.skipped.items():
            lines.append(f"{name}: not used: {why}")
        if self.disagreement:
            lines.append(f"DISAGREEMENT: {self.disagreement}")
        sol = self.primary
        if sol.verdict == "win":
            states = verify(state, sol.plan)
            lines.append("")
            width = len(str(len(sol.plan)))
            for i, turn in enumerate(sol.plan, start=1):
                spent = f"  ({turn.nerve} Nerve)" if turn.nerve else ""
                lines.append(f"{i:>{width}}. {turn.prisoner}: {', '.join(turn.actions)}{spent}")
                if boards:
                    lines.append(render(states[i], meta))
        elif sol.reason:
            lines.append(f"Reason: {sol.reason}")
        return "\n".join(lines)


def _headline(sol: Solution, name: str) -> str:
    s = sol.stats
    proof = "proven optimal" if s.proven_optimal and sol.verdict == "win" else "proven" if s.proven_optimal else "not proven"
    unit = "positions" if sol.engine == "search" else "branches"
    where = f"{s.nodes:,} {unit}, {s.seconds:.3f} s" + (f", horizon {s.horizon}" if s.horizon is not None else "")
    if sol.verdict == "win":
        what = f"WIN in {sol.turns} turn{'s' if sol.turns != 1 else ''}, {sol.nerve_spent} Nerve spent"
    elif sol.verdict == "lose":
        what = "LOSE"
    else:
        what = f"UNKNOWN ({sol.reason})"
    return f"{name}: {what} ({proof}; {where})"


def solve_position(state: GameState, engine: str, objective: str, time_limit: float, max_nodes: int,
                   progress: Callable[[dict[str, Any]], None] | None = None, should_stop: Callable[[], bool] | None = None) -> SolveReport:
    """Answer with one engine, or with both and compare them.

    ``progress`` and ``should_stop`` reach the search (CP-SAT reports nothing and stops at its limit).
    """
    from solver.endgame import search

    if engine == "search":
        return SolveReport(search.solve(state, objective, max_nodes, time_limit, progress=progress, should_stop=should_stop), engine)
    if engine == "cpsat":
        from solver.endgame.cpsat import planner as cpsat

        return SolveReport(cpsat.solve(state, objective, time_limit), engine)
    first = search.solve(state, objective, max_nodes, time_limit, progress=progress, should_stop=should_stop)
    report = SolveReport(first, "both")
    try:
        from solver.endgame.cpsat import planner as cpsat
    except ImportError as exc:  # a development tree without the CP-SAT planner
        report.skipped["cpsat"] = f"not available ({exc})"
        return report
    try:
        second = cpsat.solve(state, objective, time_limit, hint=first)
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


# -- piles of unknown order -------------------------------------------------------------------------

CHANCE_EXIT = {"certain": 0, "possible": 0, "impossible": 1, "unknown": 3}


def is_chance(state: GameState) -> bool:
    """Whether tiles of unknown order are still to be drawn (no deterministic plan exists)."""
    return bool(state.pile.count) and not state.pile.known


@dataclass
class ChanceReport:
    """The expectimax answer for a pile of unknown order, in the output shape of ``solve``."""

    solution: Any
    """A :class:`solver.chance.expectimax.ChanceSolution`."""
    note: str | None = None

    @property
    def exit_code(self) -> int:
        return CHANCE_EXIT[self.solution.verdict]

    def as_json(self, state: GameState, boards: bool = False) -> dict[str, Any]:
        doc = self.solution.as_json()
        # The deterministic shape's fields, null here: a plan depends on the draws.
        doc = {"verdict": doc.pop("verdict"), "p_win": doc.pop("p_win"), "turns": None, "nerve_spent": None, "plan": [], **doc}
        doc["note"] = self.note
        return doc

    def text(self, state: GameState, meta: dict[str, Any] | None, boards: bool = False) -> str:
        sol = self.solution
        where = f"{sol.nodes:,} positions, {sol.seconds:.3f} s"
        seen = sol.hindsight
        if seen is not None:
            share = f"{seen.won:,} of {seen.total:,} orders win with hindsight" + (f", {seen.open:,} left open" if seen.open else "")
            where = f"{where}; {share}"
        if sol.p_win is None and sol.verdict == "possible":
            lines = [f"expectimax+hindsight: POSSIBLE: some order of the pile lets them win; the exact chance was not computed ({sol.reason}; {where})"]
            if seen is not None and seen.share is not None:
                lines.append(f"P(win) is at most {seen.share.numerator}/{seen.share.denominator} = {float(seen.share):.2%} (the share of winning orders)")
        elif sol.p_win is None:
            lines = [f"expectimax: UNKNOWN ({sol.reason}; {where})"]
        else:
            chance = f"{sol.p_win.numerator}/{sol.p_win.denominator} = {float(sol.p_win):.2%}"
            meaning = {
                "certain": "they win whatever is drawn, choosing as the draws come",
                "possible": "some draws let them win, others do not",
                "impossible": "no order of the pile lets them win",
            }[sol.verdict]
            engine = "expectimax" if seen is None else "expectimax+hindsight"
            lines = [f"{engine}: {sol.verdict.upper()}: P(win) = {chance} under optimal play ({meaning}; proven; {where})"]
            if sol.best:
                lines.append("")
                lines.append("Now: " + ("the draw" if state.pending is not None and _awaits_draw(state) else "the choices") + ", best first:")
                for action, p in sol.best:
                    lines.append(f"  {action:<24} {p.numerator}/{p.denominator} = {float(p):.2%}")
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)


def _awaits_draw(state: GameState) -> bool:
    from solver.rules.engine import node_type

    return node_type(state) == "chance"


def solve_chance_position(state: GameState, engine: str, time_limit: float, max_nodes: int,
                          should_stop: Callable[[], bool] | None = None) -> ChanceReport:
    """Exact probability of winning over the unknown pile order (expectimax)."""
    from solver.chance.expectimax import solve_chance

    note = None
    if engine == "both":
        note = "Note: only the expectimax answers piles of unknown order; CP-SAT was not run."
    return ChanceReport(solve_chance(state, max_nodes=max_nodes, time_limit=time_limit, should_stop=should_stop), note)
