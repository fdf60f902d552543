"""Dungeon Twister in the engine protocol (docs/protocol.md): the ``dt.*`` commands, and serving one request.

Their ``position`` is a ``lueur-dt-position/1`` document (docs/dungeon-twister.md),
read strictly: every problem is reported under ``position.``. The answers are
the documents ``lueur dt <command> --json`` prints (both come from
:mod:`solver.dungeontwister.commands`). ``dt.economy`` and ``dt.turn`` search
(within their node budgets, ``max_nodes``); the others answer at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.base.answers import Answer, OptionError, reported
from solver.base.errors import LueurError, PositionError
from solver.base.protocol import Command, Field, Info, Request, RequestError, ShouldStop, no_first_info, request_position, result
from solver.base.schema_parts import BOOLEAN, INTEGER, NUMBER, PROBLEM, STRING, STRINGS, nullable, obj
from solver.dungeontwister import commands
from solver.dungeontwister.model.state import Position
from solver.dungeontwister.notation import position_json
from solver.dungeontwister.notation.json_schema import DT_POSITION_SCHEMA_ID, position_schema
from solver.dungeontwister.notation.position_json import FORMAT

POSITION_DEF = ("dt_position", position_schema, {"$ref": DT_POSITION_SCHEMA_ID})
"""The position in the engine's JSON Schema: its ``$defs`` name, the schema, and how a request refers to it."""

EXACT = {"type": "string", "pattern": "^-?[0-9]+(/[0-9]+)?$", "description": "An exact number: an integer or numerator/denominator."}
COUNTS = {"type": "object", "additionalProperties": INTEGER}
GEOMETRY = {"type": "string", "description": "Whose the geometry is: the user's (the aid gives no room card)."}
EVENT = obj({"text": STRING, "rule": STRING, "line": INTEGER, "french": STRING, "english": STRING, "reordered": BOOLEAN,
             "ruling": nullable(STRING)}, description="A step, citing the aid's line (French) with its translation.")
MIX = {"type": "array", "items": obj({"cards": {"type": "array", "items": INTEGER}, "p": EXACT})}
REFUSAL = nullable(obj({"action": STRING, "reason": STRING}))
POSITION_DOC = {"$ref": DT_POSITION_SCHEMA_ID}


def _terms() -> dict[str, Any]:
    return {"type": "array", "items": obj({"character": STRING, "value": INTEGER, "why": STRING})}


def _engagement() -> dict[str, Any]:
    return obj({"kind": {"enum": ["attack", "lance", "shoot"]}, "attacker": STRING, "target": STRING, "zone": STRING,
                "group": BOOLEAN, "attackers": _terms(), "defenders": _terms(), "attacker_value": INTEGER,
                "defender_value": INTEGER, "weapon": nullable({"enum": ["crossbow", "bow"]}), "free": BOOLEAN,
                "two_cards": BOOLEAN, "telepath": nullable({"enum": ["attacker", "defender"]}),
                "weapon_master": nullable({"enum": ["attacker", "defender"]}), "events": {"type": "array", "items": EVENT}},
               description="Who takes part, with what value and why.")


def _combat() -> dict[str, Any]:
    side = obj({"base": INTEGER, "cards": {"type": "array", "items": INTEGER}})
    how = {"enum": ["certain", "possible", "impossible"]}
    guarantee = obj({"cards": {"type": "array", "items": INTEGER}, "worst": {"enum": ["attacker", "tie", "defender"]},
                     "payoff": EXACT})
    return obj({"engagement": _engagement(), "attacker": side, "defender": side,
                "payoffs": obj({"attacker": EXACT, "tie": EXACT, "defender": EXACT}),
                "outcomes": obj({"attacker": how, "tie": how, "defender": how}), "value": EXACT, "value_float": NUMBER,
                "announced_cards": INTEGER, "named": nullable(INTEGER), "named_by": nullable({"enum": ["attacker", "defender"]}),
                "order": {"enum": ["at_once", "attacker_sees", "defender_sees"]}, "attacker_mix": MIX, "defender_mix": MIX,
                "chances": obj({"attacker": EXACT, "tie": EXACT, "defender": EXACT}), "attacker_maximin": guarantee,
                "defender_maximin": guarantee, "certified": BOOLEAN, "geometry": GEOMETRY})


def _economy() -> dict[str, Any]:
    advice = obj({"value": EXACT, "announced_cards": INTEGER, "named": nullable(INTEGER),
                  "order": {"enum": ["at_once", "attacker_sees", "defender_sees"]}, "attacker_mix": MIX, "defender_mix": MIX})
    fight = obj({"label": STRING, "attacker": INTEGER, "attacker_base": INTEGER, "defender_base": INTEGER, "win": EXACT,
                 "tie": EXACT, "loss": EXACT})
    return obj({"value": EXACT, "value_float": NUMBER, "for": STRING,
                "hands": {"type": "array", "items": {"type": "array", "items": INTEGER}}, "fights": {"type": "array", "items": fight},
                "first_fight": advice, "first_fight_alone": advice, "nodes": INTEGER, "certified": INTEGER, "sequential": INTEGER,
                "check": STRING, "players": STRINGS, "geometry": GEOMETRY})


def _apply() -> dict[str, Any]:
    step = obj({"action": STRING, "events": {"type": "array", "items": EVENT}})
    alternative = obj({"ruling": STRING, "reading": STRING, "refused": REFUSAL, "differences": STRINGS},
                      description="The same actions under the other reading of a ruling they depend on.")
    return obj({"applied": {"type": "array", "items": step}, "refused": REFUSAL,
                "alternatives": {"type": "array", "items": alternative}, "position": POSITION_DOC, "status": STRING,
                "geometry": GEOMETRY})


def _reach() -> dict[str, Any]:
    step = obj({"action": STRING, "turn": INTEGER, "ap_after": INTEGER})
    return obj({"character": STRING, "goal": STRING, "turns": INTEGER, "reached": BOOLEAN, "ap": nullable(INTEGER),
                "turns_used": nullable(INTEGER), "plan": {"type": "array", "items": step}, "costs": COUNTS, "nodes": INTEGER,
                "geometry": GEOMETRY, "assumption": STRING})


def _threats() -> dict[str, Any]:
    threat = obj({"enemy": STRING, "kind": {"enum": ["attack", "lance", "shoot", "fireball"]}, "target": STRING, "zone": STRING,
                  "ap": INTEGER})
    return obj({"player": STRING, "enemy_ap": INTEGER, "reach": {"type": "object", "additionalProperties": COUNTS},
                "threats": {"type": "array", "items": threat}, "shots": COUNTS, "zones": COUNTS, "geometry": GEOMETRY,
                "assumption": STRING})


RESULTS: dict[str, dict[str, Any]] = {
    "dt.check": {"oneOf": [obj({"valid": {"const": True}, "problems": {"type": "array", "maxItems": 0}, "geometry": GEOMETRY}),
                           obj({"valid": {"const": False}, "total": INTEGER, "problems": {"type": "array", "items": PROBLEM}})]},
    "dt.show": obj({"status": STRING, "text": STRING, "position": POSITION_DOC, "geometry": GEOMETRY}),
    "dt.legal": obj({"to_move": STRING, "ap": INTEGER, "actions": STRINGS, "combats": STRINGS, "note": STRING,
                     "geometry": GEOMETRY}),
    "dt.apply": _apply(),
    "dt.combat": _combat(),
    "dt.economy": _economy(),
    "dt.reach": _reach(),
    "dt.threats": _threats(),
    "dt.turn": obj({"player": STRING, "vp": INTEGER, "plan": STRINGS, "nodes": INTEGER, "assumptions": STRINGS,
                    "geometry": GEOMETRY}),
    "dt.render": obj({"format": {"const": "svg"}, "svg": STRING, "geometry": GEOMETRY}),
}

TURNS = Field("turns", "integer", "Turns allowed, AP banked between them.", 1, 5, default=1)
FIELDS: dict[str, tuple[Field, ...]] = {
    "dt.check": (),
    "dt.show": (),
    "dt.legal": (),
    "dt.apply": (Field("actions", "actions", 'a non-empty list of actions in the notation, e.g. ["move thief A1", "end"]'),),
    "dt.combat": (Field("fight", "text", "the combat, a combat action without its cards: attack A T, lance A T, shoot A T"),),
    "dt.economy": (Field("fights", "actions", 'the planned fights, each a combat action without its cards, e.g. '
                                              '["attack warrior troll", "attack troll warrior"]'),),
    "dt.reach": (Field("character", "name", "the id of the character to plan for"),
                 Field("goal", "name", "a zone, a start zone or 'out' (absent: every zone's fewest AP)"), TURNS),
    "dt.threats": (),
    "dt.turn": (),
    "dt.render": (Field("reach", "name", "tint every zone this character can reach with its fewest AP"), TURNS,
                  Field("threats", "boolean", "Ring every zone an enemy can reach, strike or shoot next turn.", default=False)),
}
SEARCHES = {"dt.economy": 60.0, "dt.turn": 60.0}
"""The commands that search, and the seconds they take when the request does not say."""
COMMANDS = tuple(Command(name, fields, RESULTS[name], "any position" if name == "dt.check" else "position",
                         searches=name in SEARCHES, time_limit=SEARCHES.get(name))
                 for name, fields in FIELDS.items())
"""The Dungeon Twister commands, in the order ``version`` lists them."""


def serve(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``): its position read as ``lueur-dt-position/1``."""
    if request.command == "dt.check":
        answer = commands.dt_check(lambda: read_position(request))
        return result(request.command, answer.exit_code, answer.document)
    try:
        position = read_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the position", problems=exc.problems).line()
    try:
        answer = _RUN[request.command](request, position)
    except LueurError as exc:  # a question the position cannot answer: an option naming no character, an illegal combat
        kind, _, message = reported(exc)
        return RequestError(kind, message).line()
    return result(request.command, answer.exit_code, answer.document)


first_info = no_first_info


def read_position(request: Request) -> Position:
    """The position of a Dungeon Twister command, a ``lueur-dt-position/1`` document read strictly.

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    return request_position(request, FORMAT, position_json.read)


def _run_combat(request: Request, position: Position) -> Answer:
    fight = request.fields.get("fight")
    if fight is None:
        raise OptionError("fight", "missing: the combat, e.g. \"attack warrior troll\"")
    return commands.dt_combat(position, fight)


def _run_reach(request: Request, position: Position) -> Answer:
    character = request.fields.get("character")
    if character is None:
        raise OptionError("character", "missing: the id of the character to plan for")
    return commands.dt_reach(position, character, request.fields.get("goal"), request.fields["turns"], request.limits.max_nodes)


_RUN: dict[str, Callable[[Request, Position], Answer]] = {
    "dt.show": lambda request, position: commands.dt_show(position),
    "dt.legal": lambda request, position: commands.dt_legal(position),
    "dt.apply": lambda request, position: commands.dt_apply(position, request.fields["actions"]),
    "dt.combat": _run_combat,
    "dt.economy": lambda request, position: commands.dt_economy_in(position, request.fields["fights"], request.limits.max_nodes),
    "dt.reach": _run_reach,
    "dt.threats": lambda request, position: commands.dt_threats(position),
    "dt.turn": lambda request, position: commands.dt_turn(position, request.limits.max_nodes),
    "dt.render": lambda request, position: commands.dt_render(position, reach_of=request.fields.get("reach"),
                                                              turns=request.fields["turns"],
                                                              with_threats=request.fields["threats"]),
}
