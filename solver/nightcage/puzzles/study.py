"""One end-game puzzle: is this position a puzzle, what is its answer, how hard is it?

:func:`study` takes a Final Flickers turn start and answers with a
:class:`Study`: ``unique`` (a win whose optimal line is unique, graded),
``ambiguous`` (a win with several optimal lines), ``lose`` (no escape,
graded as a "prove there is no escape" puzzle), ``unknown`` (a budget ran
out), or ``unsuitable`` (not a puzzle: the game is over, a prisoner is
falling, a one-turn win, a loss the rules or the bounds declare at once).
Uniqueness and the optimum are proven by the search (:mod:`solver.nightcage.puzzles.unique`);
with ``cpsat=True`` the CP-SAT proof runs too and the two must agree (``agree``).
A position with pieces the kernel does not model (keepers, the pathless, the
Dirge's pit) is proven through the rules engine instead (:func:`engine_study`:
the A* optimum, then every optimal line by :mod:`solver.nightcage.puzzles.engine_lines`). The plan written
out is the exact planner's (:func:`solver.nightcage.endgame.search.solve`), replayed through
the engine, and its line must be the unique one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from solver.base.errors import NotCovered
from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, turns_left, turns_needed
from solver.nightcage.endgame.plan import PlanTurn, verify
from solver.nightcage.endgame.search import solve
from solver.nightcage.endgame.solving import Engine, solve_position
from solver.nightcage.model.state import GameState
from solver.nightcage.puzzles.engine_lines import EngineLineSearch, engine_walk, line_of_boards
from solver.nightcage.puzzles.grade import GRADES, Grade, first_turn_traps, grade_of_score, grade_win, score_of, shortest_reason, tricks_of
from solver.nightcage.puzzles.unique import DEFAULT_CAP, Line, LineSearch, UniquenessUnknown, cpsat_lines
from solver.nightcage.rules.outcome import outcome

DEFAULT_MAX_NODES = 1_000
"""Positions the line search may expand for one candidate (a deterministic budget: the same
candidates pass on every machine)."""
MAX_TURNS = 12
"""Longest optimal solution a puzzle may have."""
MIN_TURNS = 3
"""Shorter wins are not puzzles (a one-turn win is a move; two turns are "wait, then step in")."""
LOSE_MIN_NODES = 20
"""A lose-puzzle's proof must expand at least this many positions (else it is obvious)."""
LOSE_MAX_NODES = 5_000
"""A lose-puzzle whose A* proof needs more positions is beyond a person (and slow to prove twice)."""
CPSAT_LOSE_SECONDS = 120.0
ENGINE_ASTAR_NODES = 5_000
"""Positions the A* planner may expand on a position outside the kernel (a deterministic budget)."""
ENGINE_NODES_FACTOR = 20
"""The rules-engine line enumeration may expand this many times the kernel search's budget: its
positions keep every burn choice apart, the kernel's canonical key does not."""
LOSE_THRESHOLDS = (9.0, 12.0, 14.5)
"""Lose-puzzle scores cut into grades (docs/puzzles.md; from the first 150 candidates of seed 2026)."""


@dataclass(frozen=True)
class Study:
    status: str
    """``unique``, ``ambiguous``, ``lose``, ``unknown`` or ``unsuitable``."""
    reason: str = ""
    turns: int | None = None
    nerve: int | None = None
    plan: tuple[PlanTurn, ...] = ()
    grade: Grade | None = None
    lines: int = 0
    """Optimal lines the search found (at most :data:`DEFAULT_CAP`)."""
    cpsat_lines: int | None = None
    """The same count by CP-SAT (None: not run)."""
    agree: bool | None = None
    """Both proofs give the same optimum and the same lines (None: CP-SAT not run)."""
    details: dict[str, Any] = field(default_factory=dict)
    found: frozenset[Line] = field(default=frozenset(), compare=False, repr=False)
    """The optimal lines themselves (kept for :func:`second_proof`; not written out)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "reason": self.reason,
            "turns": self.turns,
            "nerve": self.nerve,
            "plan": [t.as_json() for t in self.plan],
            "grade": self.grade.as_json() if self.grade else None,
            "lines": self.lines,
            "cpsat_lines": self.cpsat_lines,
            "agree": self.agree,
        }


def kernel_of(state: GameState) -> Any | None:
    """The kernel position, or None when it is not a Final Flickers turn start of the standard pieces."""
    if state.pending is not None or state.pile.count:
        return None
    try:
        return eg.from_state(state)
    except NotCovered:
        return None


def study(state: GameState, max_nodes: int = DEFAULT_MAX_NODES, cpsat: bool = False, want: str = "win", second: bool = False) -> Study:
    """Prove and grade one position (``want``: ``win`` for escape puzzles, ``lose`` for no-escape ones).

    ``second``: where CP-SAT does not prove a win (advanced pieces), prove its optimum again with
    the A* planner, which shares nothing with the depth-first line search but the rules (``agree``).
    A loss is always proven twice by search (A* and depth-first)."""
    over = outcome(state)
    if over is not None:
        return Study("unsuitable", f"the game is over ({over.result})")
    if any(p.falling is not None or p.cell is None for p in state.prisoners):
        return Study("unsuitable", "a prisoner is not on the board")
    k = kernel_of(state)
    if k is None and state.pending is None and not state.pile.count and state.setup.base != "standard":
        return engine_study(state, max_nodes, want)
    if k is None:
        return Study("unsuitable", "not a Final Flickers turn start of the standard pieces")
    low, left = turns_needed(k), turns_left(k)
    if low >= INFINITE or low > left:
        return Study("unsuitable", "lost at once by the bounds")
    search = LineSearch(max_nodes)
    try:
        turns = search.distance(k, min(MAX_TURNS, left))
        if turns is None:
            if want == "lose":
                return _lose(state, k, search, cpsat, want)
            return Study("unsuitable", f"no win within {min(MAX_TURNS, left)} turns")
        if want == "lose":
            return Study("unsuitable", f"a win in {turns} turns")
        if turns < MIN_TURNS:
            return Study("unsuitable", "a one-turn win" if turns == 1 else f"a {turns}-turn win is too short to be a puzzle", turns)
        found = search.lines(k, turns, DEFAULT_CAP)
        nerve = search.cost(k, turns)
        proof_nodes = search.evaluated  # before the plan and the grade look further
        if len(found) > 1:
            return _with_cpsat(Study("ambiguous", "several optimal lines", turns, nerve, lines=len(found)), k, found, cpsat)
        plan = _plan(state, k, search, turns)
        grade = grade_win(k, search, turns, plan, proof_nodes)
        names = tuple(p.name for p in state.prisoners)
        details = {"shortest": shortest_reason(k, turns, names), "first_traps": first_turn_traps(k, search, turns, names)}
    except UniquenessUnknown as exc:
        return Study("unknown", str(exc))
    result = Study("unique", "", turns, nerve, plan, grade, len(found), details=details, found=found)
    return _with_astar(result, state) if second and not cpsat else _with_cpsat(result, k, found, cpsat)


def second_proof(state: GameState, result: Study, cpsat: bool) -> Study:
    """The second proof of a unique win that :func:`study` proved by search alone (``agree`` None):
    what ``study(state, cpsat=cpsat, second=not cpsat)`` gives, without searching again (the search
    is deterministic): CP-SAT's optimum and lines against the search's, or the A* optimum."""
    if not cpsat:
        return _with_astar(result, state)
    return _with_cpsat(result, kernel_of(state), result.found, True)


def engine_study(state: GameState, max_nodes: int = DEFAULT_MAX_NODES, want: str = "win") -> Study:
    """A Final Flickers turn start with pieces the kernel does not model (keepers, the pathless, the
    Dirge's pit), proven by two methods that both go through the rules engine: the optimum by the A*
    planner, then every optimal line by :class:`EngineLineSearch`, which must find the same optimum
    (nothing within one turn less, the same Nerve) and a single line, the A* plan's (``agree``)."""
    if want == "lose":
        return Study("unsuitable", "no-escape puzzles need the kernel's board-life bound for their second proof")
    sol = solve_position(state, engine=Engine.SEARCH, limits=Limits(max_nodes=ENGINE_ASTAR_NODES)).primary
    if sol.verdict == "unknown":
        return Study("unknown", f"A* proof: {sol.reason}")
    if sol.verdict != "win" or sol.turns is None:
        return Study("unsuitable", f"the search says {sol.verdict}")
    turns, plan = sol.turns, tuple(sol.plan)
    if turns < MIN_TURNS:
        return Study("unsuitable", "a one-turn win" if turns == 1 else f"a {turns}-turn win is too short to be a puzzle", turns)
    if turns > MAX_TURNS:
        return Study("unsuitable", f"no win within {MAX_TURNS} turns")
    search = EngineLineSearch(max_nodes * ENGINE_NODES_FACTOR)
    try:
        nerve = search.cost(state, turns)
        faster = search.cost(state, turns - 1)
        found = search.lines(state, turns, DEFAULT_CAP)
        proof_nodes = search.evaluated
        if len(found) > 1:
            return Study("ambiguous", "several optimal lines (rules-engine enumeration)", turns, nerve, lines=len(found))
        features: dict[str, Any] = {"turns": turns, "nerve": nerve, **engine_walk(state, search, turns), **tricks_of(plan),
                                    "monsters": None, "proof_nodes": proof_nodes, "greedy_solves": False,
                                    "prisoners": len(state.prisoners), "tiles": sum(t is not None for t in state.tiles)}
    except UniquenessUnknown as exc:
        return Study("unknown", str(exc))
    boards = verify(state, plan)
    agree = (faster >= INFINITE and nerve == sol.nerve_spent and len(found) == 1
             and line_of_boards(boards, plan[-1].nerve) in found)
    score = score_of(features)
    grade = Grade(grade_of_score(score, False), score, features)
    details = {"shortest": f"the enumeration of every line within {turns - 1} turns finds no win", "first_traps": [],
               "proofs": "engine"}
    return Study("unique", "", turns, nerve, plan, grade, len(found), None, agree, details)


def _with_astar(result: Study, state: GameState) -> Study:
    """The optimum found again by the A* planner: the same turns and the same Nerve."""
    sol = solve(state, limits=Limits(max_nodes=LOSE_MAX_NODES * 20))
    if sol.verdict == "unknown":
        return Study("unknown", f"A* proof: {sol.reason}")
    agree = sol.verdict == "win" and sol.turns == result.turns and sol.nerve_spent == result.nerve
    return Study(result.status, result.reason, result.turns, result.nerve, result.plan, result.grade, result.lines,
                 None, agree, result.details)


def _with_cpsat(result: Study, k: Any, found: frozenset[Line], cpsat: bool) -> Study:
    if not cpsat:
        return result
    assert result.turns is not None
    try:
        proof = cpsat_lines(k, result.turns + 1, expect=result.turns)
    except UniquenessUnknown as exc:
        return Study("unknown", f"CP-SAT: {exc}")
    agree = proof.turns == result.turns and proof.nerve == result.nerve
    if len(found) == 1:
        agree = agree and proof.lines == found
    else:
        agree = agree and len(proof.lines) > 1
    return Study(result.status, result.reason, result.turns, result.nerve, result.plan, result.grade, result.lines,
                 len(proof.lines), agree, result.details)


def _plan(state: GameState, k: Any, search: LineSearch, turns: int) -> tuple[PlanTurn, ...]:
    """The unique line as a plan, actions from the kernel, replayed through the engine."""
    names = tuple(p.name for p in state.prisoners)
    plan = []
    d = turns
    while d >= 1:
        target = search.cost(k, d)
        active = k[eg.TURN]
        before = k[eg.PRISONERS + active]
        for after, actions in eg.successors(k, include_losses=False):
            spent = eg.nerve_spent(before, after[eg.PRISONERS + active], actions)
            won = eg.outcome(after) == "win"
            if (won and d == 1 and spent == target) or (not won and d > 1 and spent + search.cost(after, d - 1) == target):
                plan.append(PlanTurn(names[active], actions, spent))
                k = after
                break
        else:
            raise AssertionError("the optimal line breaks off")
        d -= 1
    verify(state, tuple(plan))
    return tuple(plan)


def _lose(state: GameState, k: Any, search: LineSearch, cpsat: bool, want: str) -> Study:
    """A no-escape puzzle: lost, not by the bounds at once, with a proof of some size but one a
    person could follow. Proven by the A* search and again by the depth-first search bounded by
    the board's life (:func:`solver.nightcage.endgame.bounds.turns_left`); by CP-SAT too when asked."""
    sol = solve(state, limits=Limits(max_nodes=LOSE_MAX_NODES))
    if sol.verdict != "lose":
        return Study("unknown" if sol.verdict == "unknown" else "unsuitable", f"the search says {sol.verdict}")
    if sol.stats.nodes < LOSE_MIN_NODES:
        return Study("unsuitable", "lost after a trivial search")
    try:
        escapes = LineSearch(4 * LOSE_MAX_NODES).wins_within(k, turns_left(k))
    except UniquenessUnknown as exc:
        return Study("unknown", f"depth-first proof: {exc}")
    first = {after[eg.PRISONERS :] for after, _ in eg.successors(k, include_losses=False)}
    features = {"proof_nodes": sol.stats.nodes, "first_options": len(first), "prisoners": len(k) - eg.PRISONERS,
                "tiles": k[eg.PRESENT].bit_count()}
    score = round(1.5 * math.log2(1 + sol.stats.nodes) + 0.3 * len(first), 2)
    grade = Grade(GRADES[sum(score >= t for t in LOSE_THRESHOLDS)], score, features)
    agree = not escapes
    others = 0
    if cpsat:
        from solver.nightcage.endgame.cpsat.planner import solve as cpsat_solve

        other = cpsat_solve(state, limits=Limits(time_limit=CPSAT_LOSE_SECONDS))
        if other.verdict == "unknown":
            return Study("unknown", f"CP-SAT: {other.reason}")
        agree = agree and other.verdict == "lose"
    return Study("lose", sol.reason or "", grade=grade, cpsat_lines=others if cpsat else None, agree=agree)


__all__ = ["DEFAULT_MAX_NODES", "MAX_TURNS", "MIN_TURNS", "Study", "engine_study", "kernel_of", "second_proof", "study"]
