"""The stages of a hint (:mod:`solver.nightcage.play.hint`): the exact stage, then the estimate of
what it left unsettled, by lookahead with the learned evaluation or by playouts."""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Protocol

from solver.base.errors import LimitReached
from solver.base.limits import Limits, PositionBudget, compiled_max_positions, max_positions
from solver.base.stats import Proportion
from solver.nightcage.bot.value import load
from solver.nightcage.chance.fast_expectimax import FastExpectimax, Root, solve_rounds
from solver.nightcage.chance.lookahead import Lookahead
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.play.hint_values import ChoiceValue
from solver.nightcage.play.playouts import Playouts, playout_rng
from solver.nightcage.rules.engine import apply_unchecked, legal_actions

SMALL_PILE = 6
"""A pile of unknown order this small or smaller: the exact stage may well settle it."""
EXACT_SHARE_SMALL, EXACT_SHARE_LARGE = 2 / 3, 1 / 4
"""The share of the time limit the exact stage may take on a small pile, and on a larger one."""
FLOOR_SMALL, FLOOR_LARGE = 10_000, 2_000
"""Positions the exact stage expands per second of the limit before the clock may stop it (about half
the limit on the 2-core development machine, on a small pile)."""
EXACT_SHARE_DETERMINISTIC = 1 / 2
"""On a deterministic position (the optimal search, then the oracle for the other choices)."""
MAX_NODES = 1 << 40
"""The exact stage is bounded by its time, its floor and its memory, not by a count."""
MAX_HORIZON = 12
"""Turns the lookahead looks past the current one, at most."""
ONE = Fraction(1)


class Watch(Protocol):
    """What the stages report progress to (:class:`solver.nightcage.play.hint._Watcher`)."""

    def due(self) -> bool: ...

    def estimates(self, choices: list[ChoiceValue], playouts: int) -> None: ...


class ExactStage:
    """The exact stage's position, clock, floor of work and tables (shared with the lookahead)."""

    def __init__(self, state: GameState, started: float, time_limit: float, should_stop: Callable[[], bool] | None,
                 limits: Limits) -> None:
        self.state = state
        self.started = started
        self.time_limit = time_limit
        small = state.pile.count <= SMALL_PILE
        self.floor = int((FLOOR_SMALL if small else FLOOR_LARGE) * time_limit)
        self.share = EXACT_SHARE_SMALL if small else EXACT_SHARE_LARGE
        self.external_stop = should_stop
        self.limits = limits
        self.budget = PositionBudget(max_positions(limits))
        self.compiled_budget = PositionBudget(compiled_max_positions(limits))
        """The compiled oracle's memory, held apart (see :class:`EndgameOracle`), as ``solve`` holds it."""
        self.root: Root | None = None
        self.rounds = 0
        self.stopped: str | None = None

    def best_proven(self) -> bool:
        """The exact stage proved one choice at least as good as every other."""
        return self.root is not None and self.root.search.round >= 0 and self.root.best_proven() and bool(self.rounds)

    def asked_to_stop(self) -> bool:
        return self.external_stop is not None and self.external_stop()

    def summary(self) -> dict[str, Any] | None:
        root = self.root
        if root is None:
            return None
        search = root.search
        return {"nodes": search.nodes + search.oracle.expanded, "rounds": self.rounds,
                "settled": sum(lo == hi for lo, hi in root.bounds), "choices": len(root.texts), "stopped": self.stopped}


def exact_chance(stage: ExactStage, notes: list[str]) -> tuple[list[ChoiceValue], str]:
    """Rounds of the fast chance search until one choice is proven best, then until every choice is
    exact, while the time share lasts (past the floor of work), the memory budget holds and the caller
    does not stop it. With ``limits.playouts`` (a reproducible hint) the floor alone bounds it."""
    deadline = stage.started + stage.time_limit * stage.share
    search = FastExpectimax(MAX_NODES, None, None, stage.budget, stage.compiled_budget)

    def stop() -> bool:
        done = search.nodes + search.oracle.expanded
        if stage.limits.playouts is not None:  # a reproducible hint: the floor, whatever the clock
            return stage.asked_to_stop() or done >= stage.floor
        return stage.asked_to_stop() or (done >= stage.floor and time.perf_counter() > deadline)

    search.should_stop = search.oracle.should_stop = stop
    root = stage.root = Root(search, stage.state)

    def counted(_: Root, r: int) -> None:
        stage.rounds = r + 1

    try:
        solve_rounds(root, counted, best=True)
        solve_rounds(root, counted)  # the best is proven: the others' exact values while the time lasts
    except LimitReached as exc:
        stage.stopped = str(exc)
        if not root.best_proven():
            notes.append(f"the exact stage stopped ({exc}); what it proved is kept")
    choices = []
    for text, (lo, hi) in zip(root.texts, root.bounds):
        if lo == hi:
            verdict = "certain" if lo == 1 else "impossible" if lo == 0 else "possible"
            choices.append(ChoiceValue.exact(text, lo, verdict))
        else:
            choices.append(ChoiceValue(text, False, lower=lo, upper=hi))
    if root.settled():
        return choices, "exact: expectimax over the draws"
    if root.best_proven():
        return choices, "exact: expectimax over the draws (the best choice proven; the others' values bounded)"
    return choices, "exact stage: bounds proven by the expectimax over the draws"


def exact_deterministic(stage: ExactStage, notes: list[str]) -> tuple[list[ChoiceValue], str]:
    """The optimal search for the best line, the end-game oracle for every other choice."""
    state = stage.state
    deadline = stage.started + stage.time_limit * EXACT_SHARE_DETERMINISTIC
    actions = legal_actions(state)
    texts = [format_action(a, state.size) for a in actions]
    # The caller's budget, or none said: the search then takes its own default (larger when compiled).
    limits = Limits(time_limit=max(0.0, deadline - time.perf_counter()), max_positions=stage.limits.max_positions)
    sol = solve(state, limits=limits, should_stop=stage.external_stop)
    if sol.verdict == "unknown":
        notes.append(f"the exact search stopped: {sol.reason}")
        return [ChoiceValue(t, False) for t in texts], ""
    best_text = sol.plan[0].actions[0] if sol.verdict == "win" and sol.plan and sol.plan[0].actions else None
    oracle = EndgameOracle(should_stop=stage.external_stop, budget=PositionBudget(stage.budget.limit),
                           compiled_budget=PositionBudget(stage.compiled_budget.limit))
    choices = []
    for action, text in zip(actions, texts):
        if text == best_text:
            choices.append(ChoiceValue.exact(text, ONE, "win", sol.turns))
            continue
        if sol.verdict == "lose":  # nothing wins from here, so no choice does
            choices.append(ChoiceValue.exact(text, Fraction(0), "lose"))
            continue
        if stage.asked_to_stop():
            notes.append(f"{text}: not decided (stopped on request)")
            choices.append(ChoiceValue(text, False))
            continue
        try:
            wins = oracle.wins(apply_unchecked(state, action)[0], deadline)
        except LimitReached as exc:
            notes.append(f"{text}: not decided ({exc})")
            choices.append(ChoiceValue(text, False))
            continue
        choices.append(ChoiceValue.exact(text, Fraction(int(wins)), "win" if wins else "lose"))
    return choices, "exact: optimal search, the other choices proven by the end-game oracle"


def estimate_by_lookahead(stage: ExactStage, choices: list[ChoiceValue], deadline: float, policy: str, watch: Watch,
                          notes: list[str]) -> str:
    """The unsettled choices valued by expectimax over whole turns with the learned evaluation at the
    horizon, deepened while the time lasts, choice by choice (a choice keeps the deepest value found).
    Choices left without a value (the simulator cannot look ahead from them, or the time ran out) are
    played out with ``policy``."""
    root = stage.root
    if root is None:  # a deterministic position: a search of its own, with nothing proven yet
        root = stage.root = Root(FastExpectimax(MAX_NODES, None, None, stage.budget, stage.compiled_budget), stage.state)
    search = root.search
    search.should_stop = search.oracle.should_stop = lambda: stage.asked_to_stop() or time.perf_counter() > deadline
    look = Lookahead(root, load().chance)
    by_text = {c.action: c for c in choices}
    todo = [i for i, text in enumerate(root.texts) if not by_text[text].proven]
    deepest = -1
    try:
        for horizon in range(MAX_HORIZON + 1):
            look.new_horizon()
            for i in todo:
                value = look.value(i, horizon)
                if value is not None:
                    by_text[root.texts[i]].guess = value
                if watch.due():
                    watch.estimates(choices, 0)
            deepest = horizon
            if time.perf_counter() > deadline or stage.asked_to_stop():
                break
    except LimitReached:
        pass
    how = f"expectimax over the draws to the end of this turn and {deepest} more, the search bot's learned evaluation beyond"
    if deepest < 0:
        how = "expectimax over the draws to the end of this turn (not finished for every choice), the learned evaluation beyond"
    left = [c for c in choices if not c.proven and c.guess is None]
    if left:
        played = estimate_by_playouts(stage, left, deadline, policy, stage.limits, watch)
        notes.append(f"{len(left)} choices without a lookahead value were played out: {played}")
    return how


def estimate_by_playouts(stage: ExactStage, choices: list[ChoiceValue], deadline: float, policy: str, limits: Limits,
                         watch: Watch) -> str:
    """Every unsettled choice played out again and again, round-robin until the time is up (at least once
    each), or ``limits.playouts`` times each."""
    state = stage.state
    actions = {format_action(a, state.size): a for a in legal_actions(state)}
    todo = [c for c in choices if not c.proven]
    sims: list[Playouts | None] = [None] * len(todo)  # built on first use: a start round has 100+ choices
    wins = [0] * len(todo)
    plays = [0] * len(todo)
    rounds, seed = limits.playouts, limits.seed
    round_, how = 0, ""
    # Round-robin. With a time limit it may stop inside a round (choices left
    # unplayed are ranked on their proven bounds and said so), but never before one playout.
    while rounds is None or round_ < rounds:
        for i, choice in enumerate(todo):
            if (round_ or i) and (rounds is None and time.perf_counter() > deadline or stage.asked_to_stop()):
                break
            sim = sims[i]
            if sim is None:
                sim = sims[i] = Playouts(apply_unchecked(state, actions[choice.action])[0], policy)
                how = how or sim.how
            wins[i] += sim.win(playout_rng(seed, round_ * len(todo) + i, "hint"))
            plays[i] += 1
            choice.estimate = Proportion(wins[i], plays[i])
            if watch.due():
                watch.estimates(choices, sum(plays))
        else:
            round_ += 1
            continue
        break
    least, most = min(plays, default=0), max(plays, default=0)
    count = f"{most:,} per choice" if least == most else f"{least:,} to {most:,} per choice"
    if least == 0:
        count += f"; {plays.count(0):,} choices not played in the time"
    return f"playouts, {count} ({how})"


__all__ = ["ExactStage", "estimate_by_lookahead", "estimate_by_playouts", "exact_chance", "exact_deterministic"]
