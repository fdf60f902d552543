"""How hard is an end-game puzzle? Measured features, one documented formula, four grades.

Difficulty has two sources (Pelánek 2011): how hard each step is to find,
and how the steps depend on each other. The features below measure both on
the optimal line and on the search around it; the score is a weighted sum
(:data:`WEIGHTS`, docs/puzzles.md), cut into grades at :data:`THRESHOLDS`.

Features (all deterministic: no timing enters a grade):

* ``turns``: the optimal length; ``nerve``: the Nerve it spends;
* ``options``: distinct turn results (by line projection) summed over the
  solution's turns, and ``choice_turns``: turns with more than one;
* ``traps_first`` / ``traps``: turn results that the lower bound still
  calls on schedule (the remaining turns would suffice) yet lead off every
  optimal line: "forced-looking but losing" moves, at the first turn and in all
  (counted by line projection; the right move with a wrong discard or an
  idle hold counts once);
* ``again``, ``holds``, ``charges``: Nerve tricks in the solution (move
  again, hold the light, Charge); ``passes``: key passes and takes;
  ``waits``: turns a prisoner stays; ``put_out``: candles put out on the way
  (monsters exploited or suffered);
* ``monsters``: wax eaters the prisoners can reach at the start;
* ``proof_nodes``: (position, turns left) pairs the exact search evaluated to prove the
  line (every child is evaluated, so the count does not depend on the kernel's order);
* ``greedy_solves``: the trivial heuristic (:func:`greedy_wins`) escapes in the optimal number
  of turns (it then solves the puzzle's question, its Nerve aside).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, canonical, gate_distances, reach, turns_needed
from solver.nightcage.endgame.plan import PlanTurn
from solver.nightcage.puzzles.unique import LineSearch

GRADES = ("easy", "medium", "hard", "expert")

WEIGHTS = {
    "turns": 1.0,  # per turn beyond the first
    "traps_first": 1.5,  # per tempting first move that fails (at most 4 counted)
    "traps": 0.4,  # per tempting move later on the line (at most 10 counted)
    "choice_turns": 0.5,  # per turn with more than one sensible result
    "again": 1.5,
    "holds": 2.0,
    "charges": 2.5,
    "passes": 1.5,  # per turn with key passes or a take
    "put_out": 1.0,
    "proof": 0.5,  # per doubling of the positions the proof expanded
    "greedy_fails": 2.0,
}
"""The score's weights (docs/puzzles.md explains each)."""

THRESHOLDS = (11.5, 16.0, 20.0)
"""Scores below the first are easy, then medium, hard; from the last up, expert. Calibrated on
1,200 candidates of seed 0 (4 prisoners): the easy/medium cut at about the median of the puzzles
the heuristic solves, the hard/expert cut at about the median of those it does not."""

GREEDY_CAP = "medium"
"""A puzzle the trivial heuristic solves is graded at most this (the issue's quality filter)."""


@dataclass(frozen=True)
class Grade:
    grade: str
    score: float
    features: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"grade": self.grade, "score": self.score, "features": self.features}


def grade_of_score(score: float, greedy_solves: bool) -> str:
    level = sum(score >= t for t in THRESHOLDS)
    if greedy_solves:
        level = min(level, GRADES.index(GREEDY_CAP))
    return GRADES[level]


def score_of(f: dict[str, Any]) -> float:
    """The weighted sum of the features (rounded, so the grade never hangs on float noise)."""
    w = WEIGHTS
    score = (
        w["turns"] * (f["turns"] - 1)
        + w["traps_first"] * min(f["traps_first"], 4)
        + w["traps"] * min(f["traps"], 10)
        + w["choice_turns"] * f["choice_turns"]
        + w["again"] * f["again"]
        + w["holds"] * f["holds"]
        + w["charges"] * f["charges"]
        + w["passes"] * f["passes"]
        + w["put_out"] * f["put_out"]
        + w["proof"] * math.log2(1 + f["proof_nodes"])
        + w["greedy_fails"] * (not f["greedy_solves"])
    )
    return round(score, 2)


def grade_win(k: Any, search: LineSearch, turns: int, plan: tuple[PlanTurn, ...], proof_nodes: int) -> Grade:
    """Grade a win puzzle: kernel position ``k`` with optimum ``turns`` (``search`` has proved it,
    evaluating ``proof_nodes`` positions: :attr:`LineSearch.evaluated` right after the proof)."""
    walk = _walk_line(k, search, turns)
    tricks = tricks_of(plan)
    ps = k[eg.PRISONERS :]
    features: dict[str, Any] = {
        "turns": turns,
        "nerve": search.cost(k, turns),
        **walk,
        **tricks,
        "monsters": (k[eg.MONSTER] & reach(k)).bit_count(),
        "proof_nodes": proof_nodes,
        "greedy_solves": greedy_wins(k, turns),
        "prisoners": len(ps),
        "tiles": k[eg.PRESENT].bit_count(),
    }
    score = score_of(features)
    return Grade(grade_of_score(score, features["greedy_solves"]), score, features)


def _projection(after: Any) -> Any:
    return after[eg.PRISONERS :]


def _walk_line(k: Any, search: LineSearch, turns: int) -> dict[str, int]:
    """Options, choices and traps along the optimal line, summed over its turns.

    The line fixes what the prisoners do, not which tiles burn, so several
    positions lie on it at each turn. The walk takes the most forgiving way
    along it (the least ``0.4 traps + 0.5 choice turns``, then the fewest
    traps, choices, options), a minimum over all of them: so the features do
    not depend on the order in which the kernel lists the results, and
    symmetric positions get the same grade.
    """
    memo: dict[tuple[Any, int], tuple[float, int, int, int]] = {}

    def turn_counts(k: Any, d: int) -> tuple[int, int, list[Any]]:
        """(options, traps, the results on the line) of the turn from ``k`` with ``d`` turns left."""
        target = search.cost(k, d)
        seen: set[Any] = set()
        tempting: set[Any] = set()
        on: list[Any] = []
        for after, spent, won in search.successors(k):
            proj = ("win",) if won else _projection(after)
            seen.add(proj)
            if (won and d == 1 and spent == target) or (not won and d > 1 and spent + search.cost(after, d - 1) == target):
                on.append(after)
            elif not won and 1 + turns_needed(after) <= d:
                tempting.add(proj)
        assert on, "the line must go on"
        return len(seen), len(tempting), on

    def easiest(k: Any, d: int) -> tuple[float, int, int, int]:
        """(weighted cost, traps, choice turns, options) of the most forgiving way from ``k``."""
        key = (search.facts(k)[1], d)
        found = memo.get(key)
        if found is not None:
            return found
        options, traps, on = turn_counts(k, d)
        choice = int(options > 1)
        rest = min(easiest(after, d - 1) for after in on) if d > 1 else (0.0, 0, 0, 0)  # noqa: F821 (deleted after the walk)
        found = memo[key] = (round(0.4 * traps + 0.5 * choice + rest[0], 6), traps + rest[1], choice + rest[2], options + rest[3])
        return found

    _, traps, choice_turns, options = easiest(k, turns)
    del easiest  # it refers to itself: a cycle holding the search's tables until the collector runs
    _, traps_first, _ = turn_counts(k, turns)
    # Candles and waits follow from the line itself (the prisoner half of each position).
    put_out = waits = 0
    d = turns
    while d > 1:
        _, _, on = turn_counts(k, d)
        after = on[0]
        before = k[eg.PRISONERS :]
        put_out += sum(1 for p, q in zip(before, after[eg.PRISONERS :]) if p & eg.LIT and not q & eg.LIT)
        waits += (before[k[eg.TURN]] & eg.POS) == (after[eg.PRISONERS + k[eg.TURN]] & eg.POS)
        k = after
        d -= 1
    return {"options": options, "choice_turns": choice_turns, "traps": traps, "traps_first": traps_first,
            "put_out": put_out, "waits": waits}


def tricks_of(plan: tuple[PlanTurn, ...]) -> dict[str, int]:
    count = {"again": 0, "holds": 0, "charges": 0, "passes": 0}
    for turn in plan:
        verbs = [a.split()[0] for a in turn.actions]
        count["again"] += verbs.count("again")
        count["holds"] += verbs.count("hold")
        count["charges"] += verbs.count("charge")
        count["passes"] += any(v in ("give", "take") for v in verbs)
    return count


# -- explanations ----------------------------------------------------------------------------------


def first_turn_traps(k: Any, search: LineSearch, turns: int, names: tuple[str, ...]) -> list[str]:
    """The tempting first turns (on schedule by the lower bound, on no optimal line), each with what
    goes wrong: ``"move N, discard c3: no win within 4 more turns"`` or ``"...: 2 Nerve more"``."""
    target = search.cost(k, turns)
    active = k[eg.TURN]
    before = k[eg.PRISONERS + active]
    out: dict[Any, str] = {}
    for after, actions in eg.successors(k, include_losses=False):
        if eg.outcome(after) == "win" or 1 + turns_needed(after) > turns:
            continue
        proj = after[eg.PRISONERS :]
        if proj in out:
            continue
        spent = eg.nerve_spent(before, after[eg.PRISONERS + active], actions)
        rest = search.cost(after, turns - 1)
        if rest >= INFINITE:
            why = f"no win within the {turns - 1} turns left"
        elif spent + rest > target:
            why = f"{spent + rest - target} Nerve more"
        else:
            continue
        out[proj] = f"{names[active]}: {', '.join(actions)} ({why})"
    return sorted(out.values())


def shortest_reason(k: Any, turns: int, names: tuple[str, ...]) -> str:
    """Why no win takes fewer turns: the lower bound's binding prisoner, or the exhaustive search."""
    bound = turns_needed(k)
    if bound < turns:
        return f"the lower bound allows {bound} turns, but the exhaustive search finds no win in {turns - 1}"
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    ps = k[eg.PRISONERS :]
    n = len(ps)
    geo_name = ctx.discard_text
    best = None
    for gate in gate_distances(ctx, b, ps[0] & eg.POS):
        worst = (0, -1, 0)
        for i, p in enumerate(ps):
            d = gate_distances(ctx, b, p & eg.POS).get(gate)
            if d is None:
                worst = (INFINITE, i, 0)
                break
            if d:
                own = max(-(-d // 3), d - ((p >> eg.NERVE_SHIFT) & 3))
                worst = max(worst, ((i - k[eg.TURN]) % n + (own - 1) * n + 1, i, d))
        if best is None or worst[0] < best[1][0]:
            best = (gate, worst)
    assert best is not None
    gate, (_, i, d) = best
    where = geo_name[gate].split()[-1]
    return (f"{names[i]} is {d} step(s) from the gate {where} with {(ps[i] >> eg.NERVE_SHIFT) & 3} Nerve "
            f"and cannot arrive before turn {turns} (at most 3 steps a turn, one more step per Nerve)")


# -- the trivial heuristic ------------------------------------------------------------------------


def greedy_wins(k: Any, limit: int) -> bool:
    """Does "everyone walks the shortest lit path to the nearest gate" escape within ``limit`` turns?

    Each turn the active prisoner takes the result that wins at once, else the
    one the lower bound likes best (fewest turns still needed), then the one
    leaving the prisoners the fewest steps in all to their nearest gates, then
    the fewest Nerve: one step of lookahead, no search. The rule solves the
    puzzle when it wins however its ties are broken (every tied result is
    followed), so the answer does not depend on the kernel's order; a rule
    that won only by a lucky tie-break (say, the right key pass among passes
    that all look alike to it) does not count as solving it.
    """
    memo: dict[tuple[Any, int], bool] = {}

    def wins(k: Any, left: int) -> bool:
        if left <= 0:
            return False
        key = (canonical(k), left)
        if key in memo:
            return memo[key]
        memo[key] = False
        active = k[eg.TURN]
        before = k[eg.PRISONERS + active]
        best_key = None
        best: list[Any] = []
        won = False
        for after, actions in eg.successors(k, include_losses=False):
            if eg.outcome(after) == "win":
                won = True
                break
            rank = (turns_needed(after), _steps_to_gates(after), _spent(before, after, active, actions))
            if best_key is None or rank < best_key:
                best, best_key = [after], rank
            elif rank == best_key:
                best.append(after)
        if not won and best_key is not None and best_key[0] < INFINITE:
            won = all(wins(after, left - 1) for after in best)  # noqa: F821 (deleted after the answer)
        memo[key] = won
        return won

    answer = wins(k, limit)
    del wins  # it refers to itself: a cycle holding its memo until the collector runs
    return answer


def _spent(before: int, after: Any, active: int, actions: tuple[str, ...]) -> int:
    return eg.nerve_spent(before, after[eg.PRISONERS + active], actions)


def _steps_to_gates(k: Any) -> int:
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    total = 0
    for p in k[eg.PRISONERS :]:
        dist = gate_distances(ctx, b, p & eg.POS)
        total += min(dist.values()) if dist else 99
    return total


__all__ = [
    "GRADES", "GREEDY_CAP", "THRESHOLDS", "WEIGHTS", "Grade",
    "first_turn_traps", "grade_of_score", "grade_win", "greedy_wins", "score_of", "shortest_reason", "tricks_of",
]
