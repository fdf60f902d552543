"""The best choice for the decision at hand, with its evaluation and the runner-ups (anytime).

Two stages share the time limit:

1. **Exact.** A deterministic position (empty pile or known order) is solved by the
   optimal search, and every other choice proven winning or losing by the end-game
   oracle (up to half the time). A pile of unknown order goes to the fast chance search
   (:mod:`solver.nightcage.chance.fast_expectimax`) in rounds of deepening, until one
   choice is proven best, then until every value is exact: every choice gets the
   interval of win chances proven for it, exact once both ends meet, and what a round
   proves is kept however the time runs out. On a small pile (where proofs come) it may
   take two thirds of the time, and never less than a floor of positions per second of
   the limit (:data:`solver.nightcage.play.hint_stages.FLOOR_SMALL`), so that what a slow
   machine proves is what a fast one proves at least; on a larger pile a quarter of the
   time (floor :data:`~solver.nightcage.play.hint_stages.FLOOR_LARGE`). With
   ``limits.playouts`` it expands the floor and no more, whatever the clock, so that the
   answer is reproducible.
2. **Estimate** (the rest of the time, for the choices left unsettled): an expectimax of
   whole turns with the search bot's learned evaluation at the horizon
   (:mod:`solver.nightcage.chance.lookahead`), the horizon deepened turn by turn while the
   time lasts. With ``limits.playouts`` (a fixed number per choice: reproducible), playouts
   by ``policy`` (:mod:`solver.nightcage.play.playouts`) instead, with 95% intervals; they
   also value what the lookahead cannot (positions the simulator does not play, or no time left).

**The ranking never misleads.** A choice is ranked by its exact value, else by its
estimate clamped into its proven interval; so a choice proven better than another (its
lower bound above the other's upper bound) always comes first, and a choice proven lost
(upper bound 0) never comes before one that can still win. Each choice says what is
proven (``p_win`` exact, ``p_win_lower`` and ``p_win_upper`` bounds) and what is estimated.

A caller that wants to watch (the engine protocol) passes ``progress``: it gets a
partial answer at the start (the decision and its legal choices), when the exact stage
ends unsettled, and every ``report_every`` seconds of the estimate. ``should_stop`` ends
either stage early, with what was found so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.base.errors import NoDecision
from solver.base.limits import Limits
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.play.hint_stages import ExactStage, estimate_by_lookahead, estimate_by_playouts, exact_chance, exact_deterministic
from solver.nightcage.play.hint_values import ChoiceValue
from solver.nightcage.rules.engine import awaits, current, legal_actions, node_type
from solver.nightcage.rules.outcome import outcome


@dataclass
class Hint:
    decision: str
    choices: list[ChoiceValue]
    """Best first."""
    method: str
    seconds: float
    notes: list[str] = field(default_factory=list)
    exact: dict[str, Any] | None = None
    """The exact stage's work on a pile of unknown order: nodes, rounds, choices settled."""

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
            "exact": self.exact,
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
    machine's speed) instead of the lookahead or playing until the time is up;
    ``limits.seed`` seeds them; ``limits.report_every`` paces the progress reports;
    ``limits.max_positions`` bounds the memory of the exact stage.
    """
    time_limit = DEFAULT_TIME_LIMIT if limits.time_limit is None else limits.time_limit
    started = time.perf_counter()
    deadline = started + time_limit
    over = outcome(state)
    if over is not None:
        raise NoDecision(f"the game is over ({over.result}): there is no decision to make")
    if node_type(state) != "decision":
        raise NoDecision("the next step is a draw, not a decision: apply the tile drawn, then ask again")
    texts = [format_action(a, state.size) for a in legal_actions(state)]
    decision = _decision_name(state)
    if len(texts) == 1:
        return Hint(decision, [ChoiceValue(texts[0], True, verdict=None)], "forced (the only legal choice)", time.perf_counter() - started)
    notes: list[str] = []
    watch = _Watcher(progress, decision, texts, started, limits.report_every)
    if announce:  # a caller that already sent :func:`opening` says so
        watch.stage("exact")
    stage = ExactStage(state, started, time_limit, should_stop, limits)
    if state.pile.count and not state.pile.known:
        choices, method = exact_chance(stage, notes)
    else:
        choices, method = exact_deterministic(stage, notes)
    if all(c.proven for c in choices) or stage.best_proven():
        return _answer(decision, choices, method, started, notes, stage)
    watch.stage("estimate", notes)
    if limits.playouts is None:
        how = estimate_by_lookahead(stage, choices, deadline, policy, watch, notes)
    else:
        how = estimate_by_playouts(stage, choices, deadline, policy, limits, watch)
    if should_stop is not None and should_stop():
        notes.append("stopped on request before the time limit")
    return _answer(decision, choices, f"{method}; estimate: {how}" if method else f"estimate: {how}", started, notes, stage)


def _answer(decision: str, choices: list[ChoiceValue], method: str, started: float, notes: list[str], stage: ExactStage) -> Hint:
    return Hint(decision, sorted(choices, key=ChoiceValue.sort_key), method, time.perf_counter() - started, notes, stage.summary())


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


__all__ = ["ChoiceValue", "Hint", "NoDecision", "hint", "opening"]
