"""Dead Cells in the engine protocol (docs/protocol.md): the ``dc.*`` commands, and serving one request.

Their ``position`` is a ``lueur-dc-combat/1`` document (docs/dead-cells.md),
read strictly: every problem is reported under ``position.``; its ``choices``
are replayed through the engine. ``dc.plan`` and ``dc.resolve`` search (the
plan, or the fill by the plan), in a process of their own with a time limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.base.answers import Answer, reported
from solver.base.errors import LimitReached, LueurError, PositionError
from solver.base.exit_codes import ExitCode
from solver.base.protocol import Command, Field, Info, Request, RequestError, ShouldStop, no_first_info, request_position, result
from solver.base.schema_parts import BOOLEAN, FRACTION, INTEGER, NUMBER, PROBLEM, STRING, STRINGS, nullable, obj
from solver.deadcells import commands
from solver.deadcells.analyses.resolve import FILLS
from solver.deadcells.notation import position
from solver.deadcells.notation.json_schema import DC_COMBAT_SCHEMA_ID, position_schema
from solver.deadcells.notation.position import FORMAT, Loaded

POSITION_DEF = ("dc_combat", position_schema, {"$ref": DC_COMBAT_SCHEMA_ID})
"""The position in the engine's JSON Schema: its ``$defs`` name, the schema, and how a request refers to it."""
PLAN_TIME_LIMIT = 60.0
"""Seconds ``dc.plan`` (and ``dc.resolve`` filling by the plan) search when the request does not say."""

EXACT = obj({"value": FRACTION | {"pattern": "^-?[0-9]+(/[0-9]+)?$"}, "float": NUMBER})
AWAITING = nullable(obj({"kind": {"enum": ["decision", "chance"]}, "question": STRING, "options": STRINGS},
                        {"chances": {"type": "array", "items": obj({"option": STRING, "p": STRING, "float": NUMBER})}},
                        "What the combat waits for: a decision of the group, or a card revealed."))
OUTCOME = obj({"deaths": INTEGER, "damage": INTEGER, "kills": INTEGER, "loot": INTEGER})
EVENT = obj({"code": STRING, "text": STRING, "round": INTEGER},
            {"cite": obj({"key": STRING, "where": STRING, "french": STRING, "english": STRING}), "ruling": STRING})
STATE = {"board": {"type": "object", "description": "The board as it stands (enemies, loot, prisoners)."},
         "awaiting": AWAITING, "outcome": OUTCOME}


def _results() -> dict[str, dict[str, Any]]:
    value = obj({"no_death": EXACT, "damage": EXACT, "kills": EXACT, "loot": EXACT})
    return {
        "dc.check": obj({"valid": BOOLEAN, "problems": {"type": "array", "items": PROBLEM}},
                        {"total": INTEGER, "choices": INTEGER, **STATE}),
        "dc.show": obj({"text": STRING, **STATE}),
        "dc.apply": obj({"steps": {"type": "array", "items": obj({"choice": STRING, "events": {"type": "array", "items": EVENT}})},
                         **STATE, "position": {"type": "object", "description": "The position with the choices appended."}}),
        "dc.resolve": obj({"sections": {"type": "array", "items": obj({"section": STRING, "events": {"type": "array", "items": EVENT}})},
                           "awaiting": AWAITING, "outcome": OUTCOME, "over": BOOLEAN, "filled": STRINGS,
                           "boss": nullable(obj({"manche": INTEGER, "result": nullable(STRING)}))}),
        "dc.plan": obj({"objective": STRING, "value": value, "positions": INTEGER, "line": STRINGS,
                        "plan": {"type": "object", "description": "The plan's tree: decisions, chance outcomes, leaves."},
                        "proven": BOOLEAN, "text": STRING}),
        "dc.odds": obj({"first_player": STRING, "checks": INTEGER, "prisoners": {"type": "array", "items": {"type": "object"}},
                        "serenade": {"type": "array", "items": obj({"card": STRING, "p": STRING, "float": NUMBER})}}),
        "dc.render": obj({"picture": {"enum": list(commands.PICTURES)}, "svg": STRING}),
    }


FIELDS: dict[str, tuple[Field, ...]] = {
    "dc.check": (),
    "dc.show": (),
    "dc.apply": (Field("choices", "actions", 'a non-empty list of choices, each the text of an option the combat offers, '
                                             'e.g. ["play Ann st-04", "target R2"]'),),
    "dc.resolve": (Field("fill", "choice", "How the choices left open are made: none (stop and say what is awaited), "
                                           "plan (the plan's best) or first (the first option).", choices=FILLS, default="none"),),
    "dc.plan": (),
    "dc.odds": (Field("checks", "integer", "Also the distribution of successes over this many deck checks in a row.",
                      0, 20, default=0),),
    "dc.render": (Field("picture", "choice", "board: the combat board as it stands; timeline: the resolved combat round "
                                             "by round.", choices=commands.PICTURES, default="board"),),
}
SEARCHES = {"dc.plan": PLAN_TIME_LIMIT, "dc.resolve": PLAN_TIME_LIMIT}
RESULTS = _results()
COMMANDS = tuple(Command(name, fields, RESULTS[name], "any position" if name == "dc.check" else "position", name in SEARCHES,
                         SEARCHES.get(name))
                 for name, fields in FIELDS.items())
"""The Dead Cells commands, in the order ``version`` lists them."""


def serve(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``): its position read as ``lueur-dc-combat/1``."""
    if request.command == "dc.check":
        answer = commands.dc_check(lambda: read_position(request))
        return result(request.command, answer.exit_code, answer.document)
    try:
        loaded = read_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the position", problems=exc.problems).line()
    try:
        answer = _RUN[request.command](request, loaded)
    except LimitReached as exc:  # no answer within the limits: a result, as when the runner stops a search
        return {**result(request.command, ExitCode.LIMIT, None), "note": str(exc)}
    except LueurError as exc:  # a choice the rules refuse, with the options
        kind, _, message = reported(exc)
        return RequestError(kind, message).line()
    return result(request.command, answer.exit_code, answer.document)


first_info = no_first_info


def read_position(request: Request) -> Loaded:
    """The position of a Dead Cells command, a ``lueur-dc-combat/1`` document read strictly (its choices replayed).

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    return request_position(request, FORMAT, position.read)


_RUN: dict[str, Callable[[Request, Loaded], Answer]] = {
    "dc.show": lambda request, loaded: commands.dc_show(loaded),
    "dc.apply": lambda request, loaded: commands.dc_apply(loaded, request.fields["choices"]),
    "dc.resolve": lambda request, loaded: commands.dc_resolve(loaded, fill=request.fields["fill"], limits=request.limits),
    "dc.plan": lambda request, loaded: commands.dc_plan(loaded, request.limits),
    "dc.odds": lambda request, loaded: commands.dc_odds(loaded, request.fields["checks"]),
    "dc.render": lambda request, loaded: commands.dc_render(loaded, request.fields["picture"], limits=request.limits),
}
