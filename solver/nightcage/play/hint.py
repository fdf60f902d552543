"""The best choice for the decision at hand, with its evaluation and the runner-ups (anytime).

Two stages share the time limit:

1. **Exact** (up to half the time): a deterministic position (empty pile or
   known order) is solved by the optimal search, and every other choice is
   proven winning or losing by the end-game oracle; a pile of unknown order
   goes to the expectimax, which values every choice as an exact probability.
2. **Estimate** (the rest, when the exact stage did not finish): every legal
   choice is played out again and again, round-robin until the time is up
   (:mod:`solver.nightcage.play.playouts`), and ranked by its win rate, with a 95% interval.
   A longer limit means more playouts and narrower intervals; the shortest
   limit still plays every choice once.

A caller that wants to watch (the engine protocol) passes ``progress``: it
gets a partial answer at the start (the decision and its legal choices), when
the exact stage gives up, and every ``report_every`` seconds of the estimate.
``should_stop`` ends the estimate early (after at least one playout), with
what was found so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from solver.base.errors import LimitReached, NoDecision
from solver.base.limits import Limits, PositionBudget, max_positions
from solver.base.stats import Proportion
from solver.nightcage.chance.expectimax import DEFAULT_MAX_NODES as DEFAULT_CHANCE_NODES
from solver.nightcage.chance.expectimax import solve_chance
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.play.playouts import Playouts, playout_rng
from solver.nightcage.rules.engine import apply_unchecked, awaits, current, legal_actions, node_type
from solver.nightcage.rules.outcome import outcome


@dataclass
class ChoiceValue:
    action: str
    proven: bool
    verdict: str | None = None
    """Proven values: ``win`` / ``lose`` (deterministic) or ``certain`` / ``possible`` / ``impossible``."""
    turns: int | None = None
    """Deterministic wins: the optimal number of turns, when known."""
    p_win: Fraction | None = None
    estimate: Proportion | None = None

    def sort_key(self) -> tuple[float, float]:
        if self.p_win is not None:
            return (-float(self.p_win), 0.0)
        if self.verdict in ("win", "lose"):
            # A win of known (optimal) length before wins proven without a length.
            return (-1.0 if self.verdict == "win" else 0.0, float("inf") if self.turns is None else float(self.turns))
        assert self.estimate is not None
        if not self.estimate.trials:
            return (1.0, 0.0)  # not played: after every choice that was
        rate = self.estimate.rate or 0.0
        return (-rate, -self.estimate.interval[0])

    def as_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"action": self.action, "proven": self.proven, "verdict": self.verdict, "turns": self.turns}
        doc["p_win"] = None if self.p_win is None else f"{self.p_win.numerator}/{self.p_win.denominator}"
        doc["estimate"] = None if self.estimate is None else self.estimate.as_json()
        return doc

    def text(self) -> str:
        if self.p_win is not None:
            return f"P(win) = {self.p_win.numerator}/{self.p_win.denominator} = {float(self.p_win):.2%} (proven)"
        if self.verdict == "win":
            return "wins" + (f" in {self.turns} turns, optimal" if self.turns is not None else "") + " (proven)"
        if self.verdict == "lose":
            return "loses whatever follows (proven)"
        assert self.estimate is not None
        if not self.estimate.trials:
            return "not played in the time"
        return f"wins about {self.estimate.text()}"


@dataclass
class Hint:
    decision: str
    choices: list[ChoiceValue]
    """Best first."""
    method: str
    seconds: float
    notes: list[str] = field(default_factory=list)

    @property
    def best(self) -> ChoiceValue:
        return self.choices[0]

    def as_json(self) -> dict[str, Any]:
        return {
            "decision": self.decision,
            "best": self.best.as_json(),
            "choices": [c.as_json() for c in self.choices],
            "method": self.method,
            "proven": self.best.proven,
            "seconds": round(self.seconds, 6),
            "notes": self.notes,
        }


Progress = Callable[[dict[str, Any]], None]
DEFAULT_TIME_LIMIT = 1.0
DEFAULT_LIMITS = Limits(time_limit=DEFAULT_TIME_LIMIT)


def hint(
    state: GameState, *, limits: Limits = DEFAULT_LIMITS, policy: str = "greedy", progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None, announce: bool = True,
) -> Hint:
    """The best choice now (see the module doc).

    ``limits.time_limit`` is the time to think (1 s when None). ``limits.playouts``
    fixes the playouts per choice of the estimate (reproducible whatever the
    machine's speed) instead of playing until the time is up; ``limits.seed``
    seeds them; ``limits.report_every`` paces the progress reports;
    ``limits.max_positions`` bounds the memory of the exact stage (past it, the estimate answers).
    """
    time_limit = DEFAULT_TIME_LIMIT if limits.time_limit is None else limits.time_limit
    seed, rounds, report_every = limits.seed, limits.playouts, limits.report_every
    started = time.perf_counter()
    deadline = started + time_limit
    over = outcome(state)
    if over is not None:
        raise NoDecision(f"the game is over ({over.result}): there is no decision to make")
    if node_type(state) != "decision":
        raise NoDecision("the next step is a draw, not a decision: apply the tile drawn, then ask again")
    actions = legal_actions(state)
    texts = [format_action(a, state.size) for a in actions]
    decision = _decision_name(state)
    if len(actions) == 1:
        return Hint(decision, [ChoiceValue(texts[0], True, verdict=None)], "forced (the only legal choice)", time.perf_counter() - started)
    notes: list[str] = []
    watch = _Watcher(progress, decision, texts, started, report_every)
    if announce:  # a caller that already sent :func:`opening` says so
        watch.stage("exact")
    exact = _exact(state, actions, texts, started + time_limit / 2, notes, should_stop, max_positions(limits))
    if exact is not None:
        method, choices = exact
        return Hint(decision, sorted(choices, key=ChoiceValue.sort_key), method, time.perf_counter() - started, notes)
    watch.stage("estimate", notes)
    choices, how = _estimate(state, actions, texts, deadline, seed, policy, rounds, watch, should_stop)
    if should_stop is not None and should_stop():
        notes.append("stopped on request before the time limit")
    return Hint(decision, sorted(choices, key=ChoiceValue.sort_key), f"estimate: playouts, {how}", time.perf_counter() - started, notes)


class _Watcher:
    """Sends the partial answers to ``progress`` (nothing when there is none)."""

    def __init__(self, progress: Progress | None, decision: str, texts: list[str], started: float, every: float) -> None:
        self.progress = progress
        self.decision = decision
        self.texts = texts
        self.started = started
        self.every = every
        self.next_report = started + every

    def stage(self, name: str, notes: list[str] | None = None) -> None:
        if self.progress is not None:
            self.progress({**_stage_report(name, self.decision, self.texts, notes),
                           "seconds": round(time.perf_counter() - self.started, 6)})

    def due(self) -> bool:
        return self.progress is not None and time.perf_counter() >= self.next_report

    def estimates(self, choices: list[ChoiceValue], playouts: int) -> None:
        assert self.progress is not None
        now = time.perf_counter()
        self.next_report = now + self.every
        ranked = sorted(choices, key=ChoiceValue.sort_key)
        self.progress({"stage": "estimate", "decision": self.decision, "best": ranked[0].as_json(),
                       "choices": [c.as_json() for c in ranked], "proven": False, "playouts": playouts,
                       "seconds": round(now - self.started, 6)})


def opening(state: GameState) -> dict[str, Any] | None:
    """The first partial answer :func:`hint` reports (the decision and its legal choices), or None when
    there is no decision; cheap, so a caller can send it before the hint itself gets going."""
    if outcome(state) is not None or node_type(state) != "decision":
        return None
    texts = [format_action(a, state.size) for a in legal_actions(state)]
    return _stage_report("exact", _decision_name(state), texts, None)


def _stage_report(stage: str, decision: str, texts: list[str], notes: list[str] | None) -> dict[str, Any]:
    return {"stage": stage, "decision": decision, "choices": texts, "proven": False, "notes": list(notes or [])}


def _decision_name(state: GameState) -> str:
    return str(awaits(current(state)))


Stop = Callable[[], bool] | None


def _exact(state: GameState, actions: list[Any], texts: list[str], deadline: float, notes: list[str],
           should_stop: Stop, memory: int) -> tuple[str, list[ChoiceValue]] | None:
    if state.pile.count and not state.pile.known:
        return _exact_chance(state, actions, texts, deadline, notes, should_stop, memory)
    return _exact_deterministic(state, actions, texts, deadline, notes, should_stop, memory)


def _exact_deterministic(state: GameState, actions: list[Any], texts: list[str], deadline: float, notes: list[str],
                         should_stop: Stop, memory: int) -> tuple[str, list[ChoiceValue]] | None:

    limits = Limits(time_limit=max(0.0, deadline - time.perf_counter()), max_positions=memory)
    sol = solve(state, limits=limits, should_stop=should_stop)
    if sol.verdict == "unknown":
        notes.append(f"the exact search stopped: {sol.reason}")
        return None
    best_text = sol.plan[0].actions[0] if sol.verdict == "win" and sol.plan and sol.plan[0].actions else None
    oracle = EndgameOracle(should_stop=should_stop, budget=PositionBudget(memory))
    choices = []
    for action, text in zip(actions, texts):
        if text == best_text:
            choices.append(ChoiceValue(text, True, "win", sol.turns))
            continue
        if sol.verdict == "lose":  # nothing wins from here, so no choice does
            choices.append(ChoiceValue(text, True, "lose"))
            continue
        if should_stop is not None and should_stop():
            notes.append(f"{text}: not decided (stopped on request)")
            continue
        try:
            wins = oracle.wins(apply_unchecked(state, action)[0], deadline)
        except LimitReached as exc:
            notes.append(f"{text}: not decided ({exc})")
            continue
        choices.append(ChoiceValue(text, True, "win" if wins else "lose"))
    return "exact: optimal search, the other choices proven by the end-game oracle", choices


def _exact_chance(state: GameState, actions: list[Any], texts: list[str], deadline: float, notes: list[str],
                  should_stop: Stop, memory: int) -> tuple[str, list[ChoiceValue]] | None:

    # Values per choice, or nothing.
    limits = Limits(time_limit=max(0.0, deadline - time.perf_counter()), max_nodes=DEFAULT_CHANCE_NODES, max_positions=memory)
    sol = solve_chance(state, limits=limits, hindsight=False, should_stop=should_stop)
    if sol.p_win is None or not sol.best:
        notes.append(f"the exact expectimax stopped: {sol.reason}")
        return None
    choices = []
    for text, p in sol.best:
        verdict = "certain" if p == 1 else "impossible" if p == 0 else "possible"
        choices.append(ChoiceValue(text, True, verdict, p_win=p))
    return "exact: expectimax over the draws", choices


def _estimate(
    state: GameState, actions: list[Any], texts: list[str], deadline: float, seed: int, policy: str, rounds: int | None,
    watch: _Watcher, should_stop: Callable[[], bool] | None,
) -> tuple[list[ChoiceValue], str]:
    sims: list[Playouts | None] = [None] * len(actions)  # built on first use: a start round has 100+ choices
    wins = [0] * len(actions)
    plays = [0] * len(actions)
    round_ = 0
    how = ""
    # Round-robin. With a time limit it may stop inside a round (choices left
    # unplayed are ranked last and said so), but never before one playout:
    # a short limit still gives an answer.
    while rounds is None or round_ < rounds:
        for i, action in enumerate(actions):
            if (round_ or i) and (rounds is None and time.perf_counter() > deadline or should_stop is not None and should_stop()):
                break
            sim = sims[i]
            if sim is None:
                sim = sims[i] = Playouts(apply_unchecked(state, action)[0], policy)
                how = how or sim.how
            wins[i] += sim.win(playout_rng(seed, round_ * len(actions) + i, "hint"))
            plays[i] += 1
            if watch.due():
                watch.estimates(_values(texts, wins, plays), sum(plays))
        else:
            round_ += 1
            continue
        break
    choices = _values(texts, wins, plays)
    least, most = min(plays), max(plays)
    count = f"{most:,} per choice" if least == most else f"{least:,} to {most:,} per choice"
    if least == 0:
        count += f"; {plays.count(0):,} choices not played in the time"
    return choices, f"{count} ({how})"


def _values(texts: list[str], wins: list[int], plays: list[int]) -> list[ChoiceValue]:
    return [ChoiceValue(t, False, estimate=Proportion(w, n)) for t, w, n in zip(texts, wins, plays)]


__all__ = ["ChoiceValue", "Hint", "NoDecision", "hint", "opening"]
