"""The JSON Schema of each Night Cage command's ``result`` document (what ``lueur <command> --json`` prints).

The answers are built by the commands (:mod:`solver.nightcage.commands`) and
the reports they call; their choices come from the same enumerations here
(verdicts, node types, outcomes, forms, planners). The fields every answer
carries are required; objects stay open to fields a later version adds (a
client should ignore what it does not know). ``tests/protocol/test_json_schema.py``
holds real answers of every command against these schemas, closed: a field
added to an answer and not described here fails it.

>>> RESULTS["check"]["oneOf"][0]["properties"]["valid"]
{'const': True}
"""

from __future__ import annotations

from typing import Any

from solver.base.schema_parts import BOOLEAN, FRACTION, INTEGER, NUMBER, PROBLEM, PROPORTION, STRING, STRINGS, nullable, obj
from solver.nightcage.chance.expectimax import ChanceVerdict
from solver.nightcage.commands.hint import POLICIES
from solver.nightcage.commands.solve import ENGINES, OBJECTIVES
from solver.nightcage.endgame.plan import Planner, Verdict
from solver.nightcage.notation.forms import FORMS
from solver.nightcage.notation.json_schema import POSITION_SCHEMA_ID
from solver.nightcage.rules.engine import NodeType

OUTCOMES = ("win", "lose")
"""How a finished game ended (:func:`solver.nightcage.rules.outcome.outcome`)."""
POSITION = {"$ref": POSITION_SCHEMA_ID}
OUTCOME = nullable({"enum": list(OUTCOMES)})
RENDER_FORMATS = ("text", "svg")


def _check() -> dict[str, Any]:
    valid = obj({"valid": {"const": True}, "problems": {"type": "array", "maxItems": 0}, "warnings": {"type": "array", "items": PROBLEM},
                 "outcome": OUTCOME, "game_over": nullable(STRING)}, description="A valid position (a finished game is valid).")
    invalid = obj({"valid": {"const": False}, "total": INTEGER, "problems": {"type": "array", "items": PROBLEM}},
                  description="An invalid position: every problem (at most 100 listed, then one counting the rest).")
    return {"oneOf": [valid, invalid]}


def _legal() -> dict[str, Any]:
    chance = obj({"outcome": STRING, "p": FRACTION, "p_float": NUMBER})
    illegal = obj({"action": STRING, "reason": STRING})
    return obj({"node": {"enum": [str(n) for n in NodeType]}, "awaits": STRING, "outcome": OUTCOME, "actions": STRINGS},
               {"chance": {"type": "array", "items": chance, "description": "At a draw: each tile type and its probability."},
                "illegal": {"type": "array", "items": illegal, "description": "With explain: each refused candidate and why."}})


def _apply() -> dict[str, Any]:
    event = obj({"text": STRING, "rule": STRING, "ruling": nullable(STRING), "reading": nullable(STRING),
                 "other_reading": nullable(STRING), "action": STRING, "code": STRING})
    alternative = obj({"ruling": STRING, "reading": STRING, "outcome": OUTCOME, "position": POSITION,
                       "refused": nullable(obj({"action": STRING, "reason": STRING})), "differences": STRINGS},
                      description="The same actions under the other reading of a ruling they depend on.")
    return obj({"position": POSITION, "events": {"type": "array", "items": event}, "outcome": OUTCOME, "outcome_reason": nullable(STRING),
                "applied": {"type": "array", "items": obj({"action": STRING, "implicit": BOOLEAN})}, "awaits": STRING,
                "alternatives": {"type": "array", "items": alternative}},
               {"refused": STRING, "reason": STRING, "legal": STRINGS},
               "The position the actions lead to; with refused, reason and legal when an action is refused (exit code 2).")


def _solve() -> dict[str, Any]:
    turn = obj({"prisoner": STRING, "actions": STRINGS})
    stats = obj({"nodes": INTEGER, "seconds": NUMBER, "proven_optimal": BOOLEAN},
                {"generated": INTEGER, "horizon": INTEGER, "notes": STRINGS})
    solution = obj({"verdict": {"enum": [str(v) for v in Verdict]}, "turns": nullable(INTEGER), "nerve_spent": nullable(INTEGER),
                    "plan": {"type": "array", "items": turn}, "reason": nullable(STRING), "engine": {"enum": [str(p) for p in Planner]},
                    "objective": {"enum": list(OBJECTIVES)}, "stats": stats})
    exact = obj({**solution["properties"], "engine": {"enum": [str(p) for p in Planner] + ["both"]}},
                {"engines": {"type": "object", "additionalProperties": solution},
                 "skipped": {"type": "object", "additionalProperties": STRING},
                 "agree": BOOLEAN, "disagreement": nullable(STRING), "boards": {"type": "array", "items": POSITION}},
                "A deterministic position (an empty pile or one of known order): the exact planners' answer.")
    choice = obj({"action": STRING, "p_win": FRACTION, "p_win_float": NUMBER})
    bound = obj({"action": STRING, "p_win_lower": FRACTION, "p_win_upper": FRACTION},
                description="A choice with the interval proven for its chance (equal ends: exact; 0/1 and 1/1: nothing proven).")
    chance = obj({"verdict": {"enum": [str(v) for v in ChanceVerdict]}, "p_win": nullable(FRACTION), "turns": {"type": "null"},
                  "nerve_spent": {"type": "null"}, "plan": {"type": "array", "maxItems": 0}, "p_win_float": nullable(NUMBER),
                  "choices": {"type": "array", "items": choice},
                  "bounds": {"type": "array", "items": bound,
                             "description": "Every choice searched, best first, with what is proven of it, also when "
                                            "the search stopped at a limit (the reference engine: empty)."},
                  "reason": nullable(STRING), "p_win_upper": nullable(FRACTION),
                  "engine": {"enum": ["expectimax", "expectimax+hindsight"]}, "stats": stats, "note": nullable(STRING)},
                 description="A pile of unknown order: the exact chance of winning (expectimax).")
    return {"description": f"Engines asked for: {', '.join(ENGINES)}.", "oneOf": [exact, chance]}


def _odds() -> dict[str, Any]:
    kind = obj({"in_pile": INTEGER, "p_at_least_one": NUMBER, "p_at_least_one_exact": FRACTION, "expected": NUMBER,
                "expected_exact": FRACTION})
    risk = obj({"text": STRING, "p": NUMBER, "p_exact": FRACTION})
    return obj({"draws": INTEGER, "pile": INTEGER, "kinds": {"type": "object", "additionalProperties": kind}, "keys": nullable(kind),
                "omens": nullable(STRING), "risks": {"type": "object", "additionalProperties": risk}})


def _hint() -> dict[str, Any]:
    verdicts = [*(str(v) for v in Verdict), *(str(v) for v in ChanceVerdict)]
    value = obj({"action": STRING, "proven": BOOLEAN, "verdict": nullable({"enum": verdicts}),
                 "turns": nullable(INTEGER), "p_win": nullable({**FRACTION, "description": "The exact chance of winning, when proven."}),
                 "p_win_lower": {**FRACTION, "description": "A proven lower bound of the chance of winning (0/1: nothing proven)."},
                 "p_win_upper": {**FRACTION, "description": "A proven upper bound (0/1: proven lost; 1/1: nothing proven)."},
                 "p_win_estimate": nullable({**NUMBER, "description": "What the choice is ranked by: its exact value, else its "
                                             "estimate clamped into the proven bounds; null when not estimated."}),
                 "estimate": nullable(PROPORTION)})
    exact = obj({"nodes": INTEGER, "rounds": INTEGER, "settled": INTEGER, "choices": INTEGER, "stopped": nullable(STRING)},
                description="The exact stage on a pile of unknown order: positions expanded, rounds of deepening "
                            "completed, choices whose value is exact, and why it stopped (null: it finished).")
    return obj({"decision": STRING, "best": value, "choices": {"type": "array", "items": value, "description": "Best first."},
                "method": STRING, "proven": BOOLEAN, "seconds": NUMBER, "notes": STRINGS, "exact": nullable(exact)})


def _analyze() -> dict[str, Any]:
    policy = obj({**PROPORTION["properties"], "name": {"enum": list(POLICIES)}, "how": STRING, "seconds": NUMBER})
    hindsight = obj({"orders": INTEGER, "exhaustive": BOOLEAN, "won": INTEGER, "lost": INTEGER, "open": INTEGER, "seconds": NUMBER},
                    PROPORTION["properties"], "Pile orders solved one by one: an upper bound on the chance of winning.")
    return obj({"seed": INTEGER, "policy": policy, "hindsight": nullable(hindsight), "seconds": NUMBER, "cut_short": nullable(STRING),
                "asked": obj({"playouts": INTEGER, "orders": INTEGER})})


def _render() -> dict[str, Any]:
    board = {"type": "string", "description": "The board as text, or an SVG document."}
    return obj({"format": {"enum": list(RENDER_FORMATS)}, "board": board, "awaits": STRING})


def _gallery() -> dict[str, Any]:
    words = {"ruling": STRING, "title": STRING, "question": STRING, "engine": STRING, "other": STRING,
             "letter": {"enum": ["engine", "other", "silent"]}, "letter_words": STRING, "basis": STRING}
    ruling = obj({**words, "changes": nullable({**STRINGS, "description": "What the disputed action gives under the other "
                                                                      "reading (null: not played here; apply says it)."})})
    event = _apply()["properties"]["events"]["items"]
    entry = obj({"id": STRING, "kind": STRING, "kind_title": STRING, "title": STRING, "source": STRING, "question": STRING,
                 "answer": {**STRING, "description": "What the project rules, in its own words."}, "topic": STRING,
                 "position": {"type": "object", "description": "The position as lueur-position/1 JSON (as written when invalid)."},
                 "problems": STRINGS, "actions": STRINGS, "steps": {"type": "array", "items": event}, "result": STRING,
                 "rulings": {"type": "array", "items": ruling},
                 "checks": {"type": "array", "items": obj({"note": STRING, "actions": STRINGS})}})
    return obj({"kinds": {"type": "array", "items": obj({"id": STRING, "title": STRING})}, "topics": STRINGS,
                "entries": {"type": "array", "items": entry}, "rulings": {"type": "array", "items": obj(words)},
                "sections": {"type": "array", "items": obj({"key": STRING, "rule": STRING, "summary": STRING}),
                             "description": "Each rulebook section (as events cite it) in a sentence of the project's own."},
                "endgames": {"type": "array", "description": "The bundled positions to solve (end-games and puzzles).",
                             "items": obj({"id": STRING, "group": STRING, "title": STRING, "question": STRING,
                                           "position": POSITION})},
                "notes": STRINGS})


RESULTS: dict[str, dict[str, Any]] = {
    "check": _check(),
    "legal": _legal(),
    "apply": _apply(),
    "solve": _solve(),
    "odds": _odds(),
    "hint": _hint(),
    "analyze": _analyze(),
    "render": _render(),
    "new": obj({"position": POSITION}),
    "convert": obj({"form": {"enum": list(FORMS)}, "output": {"type": "string", "description": "The position written in that form."},
                    "position": POSITION}),
    "gallery": _gallery(),
}
"""Each command's ``result`` document (null when a request was stopped before an answer)."""
