"""Scenario checks: the expectations a scenario file states about its position.

A scenario (``scenarios/**/*.toml``) carries ``[[check]]`` tables. Each check
applies ``actions`` (text notation) to the scenario's position, optionally
under other ``rulings``, and states what must follow:

| key | meaning |
|---|---|
| `actions` | actions to apply (default: none) |
| `rulings` | ruling switches overriding the position's for this check |
| `outcome` | `"win"`, `"lose"` or `"none"` after the actions |
| `refused` | a substring of the refusal reason of the last action (it must be refused) |
| `events` | substrings each found in some event text |
| `absent_events` | substrings found in no event text |
| `rulings_used` | ruling identifiers each named by some event |
| `depends_on` | exactly the rulings whose other reading changes the result |
| `legal` / `legal_include` / `legal_exclude` | the legal actions afterwards (exactly / at least / none of) |
| `expect` | ``{path: value}`` in the v1 JSON of the resulting position (paths below) |
| `awaits` | a substring of what the resulting position waits for |
| `valid` | false: the position itself must be rejected by the checker (with `problem` substrings) |
| `solve` | the exact planner's answer after the actions (below) |

``expect`` paths: ``prisoners.red.candle``, ``tiles.c3.kind``, ``tiles.c3``
(``"absent"`` for an empty cell), ``pile.count``, ``discarded.t``…

``solve``: ``{verdict, turns, nerve_spent, objective, engine, plan, reason}``
(each optional; ``plan`` is the expected list of turns, each a list of
actions; ``reason`` a substring); on a pile of unknown order
``{verdict, p_win, best}`` (``p_win`` a fraction string, ``best`` the best
first choice).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from solver.base.limits import Limits
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.rulings import Rulings
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.rules.adjudicate import adjudicate
from solver.nightcage.rules.engine import awaits, legal_actions

KNOWN = {
    "actions", "rulings", "outcome", "refused", "events", "absent_events", "rulings_used", "depends_on",
    "legal", "legal_include", "legal_exclude", "expect", "awaits", "note", "valid", "problem", "solve",
}


def with_rulings(state: GameState, overrides: dict[str, Any]) -> GameState:
    given = dict(state.rulings.given)
    given.update(overrides)
    rulings = Rulings.from_given(given)
    return replace(state, rulings=rulings, setup=replace(state.setup, rulings=rulings))


def run_check(state: GameState, check: dict[str, Any]) -> list[str]:
    """The failures of one check (empty when it holds)."""
    unknown = set(check) - KNOWN
    if unknown:
        return [f"unknown check keys: {sorted(unknown)}"]
    state = with_rulings(state, check.get("rulings", {}))
    result = adjudicate(state, list(check.get("actions", [])))
    fails: list[str] = []
    texts = [e.text for e in result.events]
    if "refused" in check:
        if result.refused is None:
            fails.append(f"expected a refusal containing {check['refused']!r}, none happened")
        elif check["refused"] not in result.refused.reason:
            fails.append(f"refusal reason {result.refused.reason!r} lacks {check['refused']!r}")
    elif result.refused is not None:
        fails.append(f"unexpected refusal of {result.refused.action!r}: {result.refused.reason}")
    if "outcome" in check:
        got = result.outcome.result if result.outcome else "none"
        if got != check["outcome"]:
            fails.append(f"outcome {got!r}, expected {check['outcome']!r}")
    for want in check.get("events", []):
        if not any(want in t for t in texts):
            fails.append(f"no event contains {want!r}; events: {texts}")
    for unwanted in check.get("absent_events", []):
        if any(unwanted in t for t in texts):
            fails.append(f"an event contains {unwanted!r}")
    used = {e.ruling for e in result.events if e.ruling}
    for rid in check.get("rulings_used", []):
        if rid not in used:
            fails.append(f"no event names {rid}; named: {sorted(used)}")
    if "depends_on" in check:
        got_rulings = sorted(a.ruling for a in result.alternatives)
        if got_rulings != sorted(check["depends_on"]):
            fails.append(f"depends on {got_rulings}, expected {sorted(check['depends_on'])}")
    fails += _legal(result.state, check)
    if "expect" in check:
        doc = to_json(result.state)
        for path, want in check["expect"].items():
            got = lookup(doc, path)
            if got != want:
                fails.append(f"{path} is {got!r}, expected {want!r}")
    if "awaits" in check and check["awaits"] not in awaits(result.state):
        fails.append(f"awaits {awaits(result.state)!r}, expected it to mention {check['awaits']!r}")
    if "solve" in check:
        fails += _solve(result.state, check["solve"])
    return fails


def _solve(state: GameState, want: dict[str, Any]) -> list[str]:
    """The planners' answer against the expected one (``engine``: search, cpsat or both)."""
    from solver.nightcage.chance.solving import is_chance
    from solver.nightcage.endgame.solving import solve_position

    if is_chance(state):
        return _solve_chance(state, want)
    engine = want.get("engine", "search")
    objective = want.get("objective", "turns")
    report = solve_position(state, engine=engine, objective=objective, limits=Limits(time_limit=60.0, max_nodes=2_000_000))
    fails = []
    if report.disagreement:
        fails.append(f"the planners disagree: {report.disagreement}")
    sol = report.primary
    for field in ("verdict", "turns", "nerve_spent"):
        if field in want and getattr(sol, field) != want[field]:
            fails.append(f"solve {field} is {getattr(sol, field)!r}, expected {want[field]!r}")
    if "plan" in want:
        got = [list(t.actions) for t in sol.plan]
        if got != want["plan"]:
            fails.append(f"plan {got}, expected {want['plan']}")
    if "reason" in want and (sol.reason is None or want["reason"] not in sol.reason):
        fails.append(f"reason {sol.reason!r} lacks {want['reason']!r}")
    return fails


def _solve_chance(state: GameState, want: dict[str, Any]) -> list[str]:
    """A pile of unknown order: the verdict, the exact chance and the best choice."""
    from solver.nightcage.chance.expectimax import solve_chance

    sol = solve_chance(state, limits=Limits(time_limit=60.0))
    got = sol.as_json()
    fails = []
    for field in ("verdict", "p_win"):
        if field in want and got[field] != want[field]:
            fails.append(f"solve {field} is {got[field]!r}, expected {want[field]!r}")
    if "best" in want and (not sol.best or sol.best[0][0] != want["best"]):
        fails.append(f"best choice {sol.best[:1]!r}, expected {want['best']!r}")
    return fails


def _legal(state: GameState, check: dict[str, Any]) -> list[str]:
    if not any(k in check for k in ("legal", "legal_include", "legal_exclude")):
        return []
    texts = [format_action(a, state.size) for a in legal_actions(state)]
    fails = []
    if "legal" in check and sorted(texts) != sorted(check["legal"]):
        fails.append(f"legal actions {texts}, expected {check['legal']}")
    for a in check.get("legal_include", []):
        if a not in texts:
            fails.append(f"{a!r} is not legal; legal: {texts}")
    for a in check.get("legal_exclude", []):
        if a in texts:
            fails.append(f"{a!r} is legal but should not be")
    return fails


def lookup(doc: dict[str, Any], path: str) -> Any:
    """A value in a v1 position document; prisoners are addressed by name."""
    node: Any = doc
    parts = path.split(".")
    for i, part in enumerate(parts):
        if isinstance(node, list):
            node = next((p for p in node if isinstance(p, dict) and p.get("name") == part), None)
        elif isinstance(node, dict):
            if part not in node:
                return "absent" if i == len(parts) - 1 or parts[0] == "tiles" else None
            node = node[part]
        else:
            return None
        if node is None:
            return None
    return node
