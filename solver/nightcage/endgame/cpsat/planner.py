"""An independent exact planner for Final Flickers positions: OR-Tools CP-SAT (engine ``cpsat``).

The search (:mod:`solver.nightcage.endgame.search`) walks the game tree turn by turn; this
planner states the whole plan as one constraint model per horizon
(:mod:`solver.nightcage.endgame.cpsat.model`) and lets CP-SAT find a plan or prove there is none.
The two share only the rules engine that replays every plan
(:func:`solver.nightcage.endgame.plan.verify`) and the admissible bounds of :mod:`solver.nightcage.endgame.bounds`.

The loop. A model of horizon ``H`` asks for a win within at most ``H`` turns.
``H`` starts at :func:`solver.nightcage.endgame.bounds.turns_needed` (a lower bound) and goes
up; for objective ``turns`` the first feasible ``H`` is the optimum (``H - 1``
was proved infeasible), and its model minimises the Nerve spent. No game lasts
more than :func:`solver.nightcage.endgame.bounds.turns_left` turns, so a model infeasible at
that horizon proves the position lost; after a few infeasible horizons the
loop tries that maximum at once (one proof covers every horizon below it).
For objective ``nerve``, the Nerve of the first plan found is improved by one
model at the maximum horizon (fewest Nerve, then fewest turns).

Supported: Final Flickers turn-start positions of the standard pieces (those
:func:`solver.nightcage.endgame.kernel.from_state` accepts), under every reading of the
end-game rulings. Under RULING-FF-OCCUPIED's alternative a turn may burn
nothing, so no game-length bound exists: objective ``turns`` then searches up
to the default reading's bound and answers ``unknown`` beyond it, and
objective ``nerve`` is unsupported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solver.base.errors import NotCovered, UnsupportedError
from solver.base.limits import NO_LIMITS, Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, turns_left, turns_needed
from solver.nightcage.endgame.cpsat.board import LETTERS, STEPS, Board, Tables, board_of, tables_of
from solver.nightcage.endgame.cpsat.model import FlickersModel
from solver.nightcage.endgame.plan import (
    Objective,
    PlanError,
    Planner,
    PlanTurn,
    Solution,
    Stats,
    Verdict,
    already_over,
    objective_of,
    verify,
)
from solver.nightcage.endgame.reasons import loss_reason
from solver.nightcage.model.state import GameState

ENGINE = Planner.CPSAT
DEFAULT_TIME_LIMIT = 60.0
STEP_HORIZONS = 2
"""Horizons tried one by one before the maximum horizon is tried at once."""


def solve(state: GameState, *, objective: str = Objective.TURNS, limits: Limits = NO_LIMITS, hint: Solution | None = None) -> Solution:
    """Solve a Final Flickers position exactly with CP-SAT.

    Args:
        state: a Final Flickers turn-start position of the standard pieces.
        objective: ``turns`` (fewest turns, then fewest Nerve) or ``nerve``.
        limits: ``time_limit``, seconds for all the models together (60 when None);
            when it runs out the verdict is ``unknown``. CP-SAT counts no positions:
            ``max_nodes`` does not apply.
        hint: another planner's solution (a win); its plan's choices are given to
            CP-SAT as a hint in every model long enough to hold it (a model of
            horizon ``H`` admits any plan of at most ``H`` turns). A plan that does
            not replay is ignored (``Stats.notes`` says so).

    Raises:
        UnsupportedError: the position is not a Final Flickers turn start of the
            standard pieces, or objective ``nerve`` under RULING-FF-OCCUPIED's alternative.
        PlanError: the plan found does not replay (a bug in the model).
    """
    goal = objective_of(objective)
    started = time.perf_counter()
    answered = already_over(state, ENGINE, goal, started)
    if answered is not None:
        return answered
    k = kernel_position(state)
    if goal == Objective.NERVE and turns_left(k) >= INFINITE:
        raise UnsupportedError(
            "CP-SAT: objective 'nerve' needs a bound on the game's length, and under the alternative "
            "reading of RULING-FF-OCCUPIED a turn may burn nothing, so none exists"
        )
    time_limit = DEFAULT_TIME_LIMIT if limits.time_limit is None else limits.time_limit
    return _Run(state, k, goal, started + time_limit, hint, started).run()


def kernel_position(state: GameState) -> eg.K:
    """The kernel form of a position CP-SAT can answer; :class:`UnsupportedError` otherwise."""
    try:
        return eg.from_state(state, kinds=eg.STANDARD_KINDS)
    except NotCovered as exc:
        raise UnsupportedError(f"CP-SAT answers Final Flickers turn starts of the standard pieces only: {exc}") from None


# -- the loop ----------------------------------------------------------------------------------------


@dataclass
class _Answer:
    """One model's result."""

    status: str
    horizon: int
    model: FlickersModel | None = None
    solver: cp_model.CpSolver | None = None


@dataclass
class _Tally:
    models: int = 0
    branches: int = 0
    conflicts: int = 0
    log: list[str] = field(default_factory=list)


class _Run:
    def __init__(
        self, state: GameState, k: eg.K, objective: Objective, deadline: float | None, hint: Solution | None, started: float
    ) -> None:
        self.state = state
        self.k = k
        self.objective = objective
        self.deadline = deadline
        self.started = started
        self.board: Board = board_of(k)
        self.tables: Tables = tables_of(self.board)
        self.tally = _Tally()
        self.horizon = 0
        self.hint_turns: list[dict[str, Any]] | None = None
        if hint is not None and hint.verdict == "win" and hint.plan:
            self.hint_turns = plan_decisions(state, hint.plan)
            if self.hint_turns is None:
                self.tally.log.append("hint ignored: its plan does not replay")

    def run(self) -> Solution:
        low = turns_needed(self.k)
        left = turns_left(self.k)
        if low >= INFINITE or (left < INFINITE and low > left):
            reason = loss_reason(self.state, self.k, 0)
            if reason.startswith("no sequence of turns"):  # its last resort speaks of the search
                reason = f"no plan can win: at least {low} turns are needed and the board lasts at most {left}"
            return self.lost(reason)
        bounded = left < INFINITE
        top = left if bounded else _default_bound(self.k)
        first = self.first_win(low, top)
        if first.status in ("unknown", "lose"):
            return self.finish_without_win(first, top, bounded)
        if self.objective == "nerve":
            first = self.least_nerve(first, top)
        return self.won(first)

    def first_win(self, low: int, top: int) -> _Answer:
        """The least horizon with a win (its model optimising the objective within it).

        After :data:`STEP_HORIZONS` infeasible horizons, one feasibility model at
        the maximum either proves the loss at once or finds a plan whose length
        caps the horizons still to try.
        """
        h = low = max(low, 1)
        while h <= top:
            if h - low == STEP_HORIZONS and h < top:
                probe = self.solve_model(top, feasibility=True)
                if probe.status == "infeasible":
                    return _Answer("lose", top)
                if probe.status == "unknown":
                    return probe
                assert probe.model is not None and probe.solver is not None
                top = int(probe.solver.value(probe.model.turns_expr))
            answer = self.solve_model(h)
            if answer.status != "infeasible":
                return answer
            h += 1
        return _Answer("lose", top)

    def least_nerve(self, first: _Answer, top: int) -> _Answer:
        """Objective ``nerve``: can more turns (up to the maximum) save Nerve? One model decides."""
        assert first.model is not None and first.solver is not None
        spent = int(first.solver.value(first.model.nerve_expr))
        if spent == 0 or first.horizon >= top:
            return first
        better = self.solve_model(top, nerve_cap=spent - 1)
        if better.status == "infeasible":
            return first
        if better.status == "unknown":
            return _Answer("feasible", first.horizon, first.model, first.solver)  # proven only in part
        return better

    def solve_model(self, horizon: int, nerve_cap: int | None = None, feasibility: bool = False) -> _Answer:
        """Build and solve one model; status ``optimal``, ``feasible``, ``infeasible`` or ``unknown``."""
        remaining = None if self.deadline is None else self.deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            return _Answer("unknown", horizon)
        self.horizon = horizon
        model = FlickersModel(self.board, self.tables, horizon, self.objective, nerve_cap)
        if feasibility:
            model.model.clear_objective()
        if self.hint_turns is not None and len(self.hint_turns) <= horizon:
            model.add_hint(self.hint_turns)
        solver = cp_model.CpSolver()
        if remaining is not None:
            solver.parameters.max_time_in_seconds = max(remaining, 0.01)
        status = solver.solve(model.model)
        self.tally.models += 1
        self.tally.branches += solver.num_branches
        self.tally.conflicts += solver.num_conflicts
        name = solver.status_name(status).lower()
        self.tally.log.append(
            f"H={horizon}{' (probe)' if feasibility else ''}{f' Nerve<={nerve_cap}' if nerve_cap is not None else ''}: {name}"
        )
        if status == cp_model.MODEL_INVALID:
            raise PlanError(f"CP-SAT rejected the model: {model.model.validate()}")
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return _Answer(name, horizon, model, solver)
        return _Answer(name, horizon)

    # -- results -------------------------------------------------------------------------------

    def stats(self, proven: bool) -> Stats:
        t = self.tally
        notes = (
            f"nodes = CP-SAT branches summed over {t.models} model{'s' if t.models != 1 else ''} ({t.conflicts:,} conflicts)",
            "; ".join(t.log),
        )
        return Stats(t.branches, 0, time.perf_counter() - self.started, proven, self.horizon, tuple(n for n in notes if n))

    def won(self, answer: _Answer) -> Solution:
        assert answer.model is not None and answer.solver is not None
        plan = decode(answer.model, answer.solver)
        verify(self.state, plan)
        return Solution(Verdict.WIN, ENGINE, self.objective, plan, None, self.stats(answer.status == "optimal"))

    def lost(self, reason: str) -> Solution:
        return Solution(Verdict.LOSE, ENGINE, self.objective, (), reason, self.stats(True))

    def finish_without_win(self, answer: _Answer, top: int, bounded: bool) -> Solution:
        if answer.status == "unknown":
            spent = time.perf_counter() - self.started
            reason = f"the time limit was reached after {self.tally.models} models ({spent:.1f} s; horizon {answer.horizon})"
            return Solution(Verdict.UNKNOWN, ENGINE, self.objective, (), reason, self.stats(False))
        if not bounded:
            reason = (
                f"no plan of at most {top} turns wins, and under the alternative reading of RULING-FF-OCCUPIED "
                "a game has no length bound, so longer plans were not ruled out"
            )
            return Solution(Verdict.UNKNOWN, ENGINE, self.objective, (), reason, self.stats(False))
        return self.lost(f"no plan of at most {top} turns wins (CP-SAT proved every horizon infeasible)")


def _default_bound(k: eg.K) -> int:
    """The game-length bound of the default reading (2 x tiles + Nerve), used as a search cap."""
    tiles = k[eg.PRESENT].bit_count()
    return 2 * tiles + sum(p >> eg.NERVE_SHIFT & 3 for p in k[eg.PRISONERS :])


# -- decoding ----------------------------------------------------------------------------------------


def decode(model: FlickersModel, solver: cp_model.CpSolver) -> tuple[PlanTurn, ...]:
    """The solution as turns in the text notation :func:`solver.nightcage.rules.adjudicate.play` reads."""
    b = model.board
    won_at = model.win_step(solver)
    plan = []
    for t in range(won_at[0] + 1):
        acts = _passes(model, solver, t, 0)
        moved = False
        for k in STEPS:
            step = model.step_action(solver, t, k)
            if step is not None:
                acts += (["again"] if k > 1 else []) + _step_texts(step)
                moved = step[0] != "stay"
                if (t, k) == won_at:
                    break
            acts += _passes(model, solver, t, k)
        else:
            acts += _final_texts(model, solver, t, moved)
        plan.append(PlanTurn(b.names[b.active(t)], tuple(acts), model.spent_in(solver, t)))
    return tuple(plan)


def _step_texts(step: tuple[Any, ...]) -> list[str]:
    if step[0] == "stay":
        return ["stay"]
    if step[0] == "move":
        return [f"move {LETTERS[step[2]]}"]
    return [f"charge {LETTERS[step[2]]}", f"scramble {LETTERS[step[3]]}"]


def _final_texts(model: FlickersModel, solver: cp_model.CpSolver, t: int, moved: bool) -> list[str]:
    """The Final Flickers end. ``end`` (RULING-FF-OCCUPIED alternative, nothing to discard or hold):
    after a move the move-again decision still waits while a key could change hands, and needs
    its own ``end`` (rules notes 4)."""
    final = model.final_action(solver, t)
    if final[0] == "discard":
        return [f"discard {model.board.name(final[1])}"]
    if final[0] == "hold":
        return ["hold"]
    _, _, keys, _, keyed = model.keys_at(solver, t, 3)
    return ["end", "end"] if moved and len(key_configurations(keys, keyed)) > 1 else ["end"]


def _passes(model: FlickersModel, solver: cp_model.CpSolver, t: int, k: int) -> list[str]:
    group, before, after, took, _ = model.keys_at(solver, t, k)
    return key_passes(model.board.names, group, before, after, took)


def _pass_moves(names: tuple[str, ...], group: list[int], keys: tuple[bool, ...], keyed: bool) -> list[tuple[tuple[bool, ...], bool, str]]:
    """Each single pass or take from a configuration (the active prisoner is ``group[0]``)."""
    out = []
    a = names[group[0]]
    for i in range(1, len(group)):
        if keys[0] != keys[i]:
            swapped = list(keys)
            swapped[0], swapped[i] = keys[i], keys[0]
            text = f"give {names[group[i]]}" if keys[0] else f"give {names[group[i]]} {a}"
            out.append((tuple(swapped), keyed, text))
    if keyed and not keys[0]:
        out.append(((True, *keys[1:]), False, "take"))
    return out


def key_configurations(keys: tuple[bool, ...], keyed: bool) -> set[tuple[tuple[bool, ...], bool]]:
    """Every configuration of a group's keys (active first) that passes and a take can reach."""
    names = tuple(str(i) for i in range(len(keys)))
    group = list(range(len(keys)))
    seen = {(keys, keyed)}
    todo = [(keys, keyed)]
    while todo:
        ks, kd = todo.pop()
        for nk, nkd, _ in _pass_moves(names, group, ks, kd):
            if (nk, nkd) not in seen:
                seen.add((nk, nkd))
                todo.append((nk, nkd))
    return seen


def key_passes(names: tuple[str, ...], group: list[int], before: tuple[bool, ...], after: tuple[bool, ...], take: bool) -> list[str]:
    """A shortest sequence of ``give``/``take`` actions from one key configuration to another."""
    start, goal = (before, take), (after, False)
    paths: dict[tuple[tuple[bool, ...], bool], list[str]] = {start: []}
    queue = [start]
    for current in queue:
        if current == goal:
            return paths[current]
        for nk, nkd, text in _pass_moves(names, group, *current):
            if (nk, nkd) not in paths:
                paths[(nk, nkd)] = paths[current] + [text]
                queue.append((nk, nkd))
    raise PlanError(f"no key passes lead from {before} to {after} (take: {take})")


# -- hints -------------------------------------------------------------------------------------------


def plan_decisions(state: GameState, plan: tuple[PlanTurn, ...]) -> list[dict[str, Any]] | None:
    """A replayable plan's choices turn by turn, as the model's decision keys (None if it does not replay)."""
    try:
        boards = verify(state, plan)
    except PlanError:
        return None
    geo = state.geo
    out = []
    for board, turn in zip(boards[:-1], plan, strict=True):
        cell = board.active.cell
        assert cell is not None
        decided: dict[str, Any] = {
            "at": [p.cell for p in board.prisoners],
            "moves": set(),
            "charges": set(),
            "stay": False,
            "hold": False,
            "discard": None,
        }
        step = 0
        texts = list(turn.actions)
        for i, text in enumerate(texts):
            verb, *rest = text.split()
            if verb == "stay":
                decided["stay"], step = True, 1
            elif verb == "move":
                step += 1
                d = LETTERS.index(rest[0])
                decided["moves"].add((step, cell, d))
                cell = geo.neighbours[cell][d]
            elif verb == "charge":
                step += 1
                d = LETTERS.index(rest[0])
                e = LETTERS.index(texts[i + 1].split()[1])
                decided["charges"].add((step, cell, d, e))
                cell = geo.neighbours[geo.neighbours[cell][d]][e]
            elif verb == "discard":
                decided["discard"] = geo.parse(rest[0])
            elif verb == "hold":
                decided["hold"] = True
        out.append(decided)
    return out


__all__ = ["ENGINE", "decode", "kernel_position", "key_configurations", "key_passes", "plan_decisions", "solve"]
