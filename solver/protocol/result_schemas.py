"""The JSON Schema of each command's ``result`` document (what ``lueur <command> --json`` prints).

The answers are built by the commands (:mod:`solver.commands`) and the reports
they call; their choices come from the same enumerations here (verdicts, node
types, outcomes, forms, planners). The fields every answer carries are
required; objects stay open to fields a later version adds (a client should
ignore what it does not know). ``tests/nightcage/notation/test_json_schema.py`` holds real answers
of every command against these schemas, closed: a field added to an answer and
not described here fails it.

>>> sorted(RESULTS) == sorted(COMMANDS)
True
>>> RESULTS["check"]["oneOf"][0]["properties"]["valid"]
{'const': True}
"""

from __future__ import annotations

from typing import Any

from solver.fearsome.model.board import Direction
from solver.fearsome.model.state import TILES, Phase
from solver.nightcage.chance.expectimax import ChanceVerdict
from solver.nightcage.commands.hint import POLICIES
from solver.nightcage.commands.solve import ENGINES, OBJECTIVES
from solver.nightcage.endgame.plan import Planner, Verdict
from solver.nightcage.notation.forms import FORMS
from solver.nightcage.notation.json_schema import POSITION_SCHEMA_ID
from solver.nightcage.rules.engine import NodeType
from solver.protocol.schema import COMMAND_FIELDS, COMMANDS

OUTCOMES = ("win", "lose")
"""How a finished game ended (:func:`solver.nightcage.rules.outcome.outcome`)."""
FF_PHASES = tuple(p.value for p in Phase)
FF_TILES = tuple(dict.fromkeys(TILES))
FACINGS = tuple(d.letter for d in Direction)
POSITION = {"$ref": POSITION_SCHEMA_ID}
PROBLEM = {"type": "object", "required": ["path", "message"],
           "properties": {"path": {"type": "string", "description": "Where (a field path, a line and column); empty for the whole."},
                          "message": {"type": "string"}}}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def obj(required: dict[str, Any], optional: dict[str, Any] | None = None, description: str | None = None) -> dict[str, Any]:
    """An object with these fields (``required`` always there, ``optional`` sometimes)."""
    schema: dict[str, Any] = {"type": "object"}
    if description:
        schema["description"] = description
    schema["required"] = list(required)
    schema["properties"] = {**required, **(optional or {})}
    return schema


STRING = {"type": "string"}
BOOLEAN = {"type": "boolean"}
INTEGER = {"type": "integer"}
NUMBER = {"type": "number"}
FRACTION = {"type": "string", "pattern": "^[0-9]+/[0-9]+$", "description": "An exact probability, as numerator/denominator."}
STRINGS = {"type": "array", "items": STRING}
OUTCOME = nullable({"enum": list(OUTCOMES)})
PROPORTION = obj({"successes": INTEGER, "trials": INTEGER, "rate": nullable(NUMBER),
                  "ci95": {"type": "array", "prefixItems": [NUMBER, NUMBER], "minItems": 2, "maxItems": 2}},
                 description="successes out of trials, with the 95% Wilson interval.")


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
    chance = obj({"verdict": {"enum": [str(v) for v in ChanceVerdict]}, "p_win": nullable(FRACTION), "turns": {"type": "null"},
                  "nerve_spent": {"type": "null"}, "plan": {"type": "array", "maxItems": 0}, "p_win_float": nullable(NUMBER),
                  "choices": {"type": "array", "items": choice}, "reason": nullable(STRING), "p_win_upper": nullable(FRACTION),
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


def _ff_forecast() -> dict[str, Any]:
    square, squares, ids = STRING, STRINGS, STRINGS
    facing = {"enum": list(FACINGS)}
    push = obj({"thing": STRING, "from": square, "to": nullable(square), "fate": STRING})
    step = obj({"number": INTEGER, "from": square,
                "saw": {"type": "array", "items": obj({"direction": facing, "pawn": STRING, "distance": INTEGER})},
                "facing": facing, "pivots": STRINGS, "squares": squares, "wall": BOOLEAN, "teleport": nullable(squares),
                "pushes": {"type": "array", "items": push}, "eaten": ids, "crushed": ids, "to": square, "end_facing": facing})
    tile = obj({"tile": {"enum": list(FF_TILES)}, "p": NUMBER, "p_exact": FRACTION, "path": squares, "end": square,
                "facing": facing, "eaten": ids, "crushed": ids, "stones": {"type": "array", "items": push},
                "steps": {"type": "array", "items": step}},
               description="The monster's walk if this tile is drawn, and its exact chance.")
    pawn = obj({"pawn": STRING, "colour": STRING, "at": square, "p": NUMBER, "p_exact": FRACTION, "tiles": STRINGS},
               description="A pawn on the board: its exact chance of being eaten or crushed, and by which tiles.")
    return obj({"phase": {"enum": list(FF_PHASES)}, "round": INTEGER, "drawn": INTEGER, "first_draw": BOOLEAN,
                "assumption": nullable(STRING), "tiles": {"type": "array", "items": tile},
                "pawns": {"type": "array", "items": pawn}})


def _ff_moves() -> dict[str, Any]:
    move = obj({"pawn": STRING, "to": STRING, "steps": INTEGER, "path": STRINGS, "paths": {"type": "array", "items": STRINGS},
                "stones": {"type": "object", "additionalProperties": STRING}, "danger": NUMBER, "danger_exact": FRACTION,
                "tiles": STRINGS},
               {"worst": nullable(NUMBER), "worst_exact": nullable(FRACTION), "replies": nullable(INTEGER), "note": nullable(STRING),
                "lure": NUMBER, "lure_exact": FRACTION},
               "One end of the pawn: where, by which paths, the stones after, and its danger (worst and lure when asked).")
    return obj({"colour": STRING, "pawn": nullable(STRING), "mode": {"enum": ["safe", "worst_case", "lure"]},
                "lure": nullable(STRING), "worst_case": BOOLEAN, "assumption": STRING, "max_replies": INTEGER,
                "moves": {"type": "array", "items": move, "description": "Best first."}, "notes": STRINGS,
                "total": INTEGER})


def _ff_race() -> dict[str, Any]:
    pawn = obj({"pawn": STRING, "colour": STRING, "at": STRING, "budgets": {"type": "array", "items": INTEGER},
                "available": INTEGER, "phases": nullable(INTEGER), "in_time": BOOLEAN,
                "route": {"type": "array", "items": STRINGS}})
    player = obj({"colour": STRING, "out": INTEGER, "needed": INTEGER, "in_time": INTEGER, "may_win_outright": BOOLEAN})
    return obj({"played": INTEGER, "monster_phases_left": INTEGER, "assumption": STRING,
                "pawns": {"type": "array", "items": pawn}, "players": {"type": "array", "items": player}})


def _render() -> dict[str, Any]:
    formats = next(f for f in COMMAND_FIELDS["render"] if f.name == "format").choices
    return obj({"format": {"enum": list(formats)}, "board": {"type": "string", "description": "The board as text, or an SVG document."},
                "awaits": STRING})


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
    "ff.forecast": _ff_forecast(),
    "ff.moves": _ff_moves(),
    "ff.race": _ff_race(),
    "cancel": obj({"target": {"description": "The id of the request asked to stop."}, "stopping": BOOLEAN}, {"reason": STRING}),
    "version": obj({"engine": {"const": "lueur"}, "version": STRING, "protocol": STRING,
                    "commands": {"type": "array", "items": {"enum": list(COMMANDS)}}}),
}
"""Each command's ``result`` document (null when a request was stopped before an answer)."""


__all__ = ["RESULTS", "PROBLEM", "OUTCOMES", "nullable", "obj"]
