"""The text form of a planner's answer (``lueur solve`` without ``--json``).

A deterministic position's answer (:class:`~solver.nightcage.endgame.solving.SolveReport`):
a headline per planner, then the optimal plan turn by turn (with the board after
each turn on request) or the reason it is lost. A pile of unknown order
(:class:`~solver.nightcage.chance.answer.ChanceReport`): the exact chance of winning and
the best choices now.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solver.nightcage.chance.answer import ChanceReport, fraction_text
from solver.nightcage.endgame.plan import Solution, verify
from solver.nightcage.endgame.solving import SolveReport
from solver.nightcage.model.state import GameState
from solver.nightcage.present.render import render
from solver.nightcage.rules.engine import node_type


def answer_text(report: SolveReport | ChanceReport, state: GameState, meta: dict[str, Any] | None, boards: bool = False) -> str:
    """The answer as ``lueur solve`` prints it."""
    if isinstance(report, ChanceReport):
        return chance_text(report, state)
    return solve_text(report, state, meta, boards)


def solve_text(report: SolveReport, state: GameState, meta: dict[str, Any] | None, boards: bool = False) -> str:
    lines = []
    for name, sol in report.all().items():
        lines.append(_headline(sol, name))
    for name, why in report.skipped.items():
        lines.append(f"{name}: not used: {why}")
    if report.disagreement:
        lines.append(f"DISAGREEMENT: {report.disagreement}")
    sol = report.primary
    if sol.verdict == "win":
        # The planner replayed the plan before returning it; replayed again here only for the boards drawn.
        states = verify(state, sol.plan) if boards else []
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


def chance_text(report: ChanceReport, state: GameState) -> str:
    sol = report.solution
    where = f"{sol.nodes:,} positions, {sol.seconds:.3f} s"
    seen = sol.hindsight
    if seen is not None:
        share = f"{seen.won:,} of {seen.total:,} orders win with hindsight" + (f", {seen.open:,} left open" if seen.open else "")
        where = f"{where}; {share}"
    if sol.p_win is None and sol.verdict == "possible":
        engine = "expectimax" if seen is None else "expectimax+hindsight"
        lines = [
            f"{engine}: POSSIBLE: some order of the pile lets them win; "
            f"the exact chance was not computed ({sol.reason}; {where})"
        ]
        if seen is not None and seen.share is not None:
            lines.append(
                f"P(win) is at most {_chance(seen.share)} (the share of winning orders)"
            )
    elif sol.p_win is None:
        lines = [f"expectimax: UNKNOWN ({sol.reason}; {where})"]
    else:
        chance = _chance(sol.p_win)
        meaning = {
            "certain": "they win whatever is drawn, choosing as the draws come",
            "possible": "some draws let them win, others do not",
            "impossible": "no order of the pile lets them win",
        }[sol.verdict]
        engine = "expectimax" if seen is None else "expectimax+hindsight"
        lines = [f"{engine}: {sol.verdict.upper()}: P(win) = {chance} under optimal play ({meaning}; proven; {where})"]
        if sol.best:
            lines.append("")
            lines.append(f"Now: {_what_awaits(state)}, best first:")
            for action, p in sol.best:
                lines.append(f"  {action:<24} {_chance(p)}")
    if sol.p_win is None and any(lo > 0 or hi < 1 for _, lo, hi in sol.bounds):
        lines.append("")
        lines.append(f"Now: {_what_awaits(state)}, what the search proved before it stopped:")
        lines.extend(f"  {action:<24} {_interval_text(lo, hi)}" for action, lo, hi in sol.bounds)
    if report.note:
        lines.append(report.note)
    return "\n".join(lines)


def _interval_text(lo: Fraction, hi: Fraction) -> str:
    """A choice's proven interval in words: ``lost (proven)``, ``between 1/6 and 1/3``, ``at least 1/2``."""
    if hi == 0:
        return "lost (proven)"
    if lo == hi:
        return f"{_chance(lo)} (proven)"
    if lo == 0 and hi == 1:
        return "not settled"
    if hi == 1:
        return f"at least {_chance(lo)}"
    if lo == 0:
        return f"at most {_chance(hi)}"
    return f"between {fraction_text(lo)} and {fraction_text(hi)}"


def _chance(p: Fraction) -> str:
    """``1/2 = 50.00%``."""
    return f"{fraction_text(p)} = {float(p):.2%}"


def _what_awaits(state: GameState) -> str:
    """What the listed choices are: the draw under way, or the group's decision."""
    return "the draw" if state.pending is not None and node_type(state) == "chance" else "the choices"
