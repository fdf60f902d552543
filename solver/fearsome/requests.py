"""Fearsome Floors in the engine protocol (docs/protocol.md): the ``ff.*`` commands, and serving one request.

Their ``position`` is a ``lueur-ff-position/1`` document (docs/fearsome-floors.md),
read strictly: every problem is reported under ``position.``. Each command answers
within a second, so none searches: they run on the protocol runner's thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.base.answers import Answer, reported
from solver.base.errors import LueurError, PositionError, Problem
from solver.base.protocol import Command, Field, Info, Request, RequestError, ShouldStop, json_type, result
from solver.base.schema_parts import BOOLEAN, FRACTION, INTEGER, NUMBER, STRING, STRINGS, nullable, obj
from solver.fearsome import commands
from solver.fearsome.model.board import Direction
from solver.fearsome.model.state import TILES, Phase, Position
from solver.fearsome.notation import position_json
from solver.fearsome.notation.json_schema import FF_POSITION_SCHEMA_ID, position_schema
from solver.fearsome.notation.position_json import FORMAT

FF_PHASES = tuple(p.value for p in Phase)
FF_TILES = tuple(dict.fromkeys(TILES))
FACINGS = tuple(d.letter for d in Direction)

POSITION_DEF = ("ff_position", position_schema, {"$ref": FF_POSITION_SCHEMA_ID})
"""The position in the engine's JSON Schema: its ``$defs`` name, the schema, and how a request refers to it."""


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


FIELDS: dict[str, tuple[Field, ...]] = {
    "ff.forecast": (),
    "ff.moves": (
        Field("pawn", "name", "the id of the Fearsome Floors pawn to move (default: every pawn the player to move may move)"),
        Field("worst_case", "boolean", "Also score each move by the worst the pawns still to move can do.", default=False),
        Field("lure", "name", "the id of an opponent's pawn: rank by the danger each move brings to it, most first"),
    ),
    "ff.race": (),
}
RESULTS = {"ff.forecast": _ff_forecast(), "ff.moves": _ff_moves(), "ff.race": _ff_race()}
COMMANDS = tuple(Command(name, fields, RESULTS[name]) for name, fields in FIELDS.items())
"""The Fearsome Floors commands, in the order ``version`` lists them."""


def serve(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``): its position read as ``lueur-ff-position/1``."""
    try:
        position = read_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the position", problems=exc.problems).line()
    try:
        answer = _RUN[request.command](request, position)
    except LueurError as exc:  # a question the position cannot answer (an option naming no pawn that may move...)
        kind, _, message = reported(exc)
        return RequestError(kind, message).line()
    return result(request.command, answer.exit_code, answer.document)


def first_info(request: Request) -> dict[str, Any] | None:
    return None


def read_position(request: Request) -> Position:
    """The position of a Fearsome Floors command, a ``lueur-ff-position/1`` document read strictly.

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    if not isinstance(request.position_doc, dict):
        raise PositionError([Problem("position", f"a JSON object in the {FORMAT} format, not {json_type(request.position_doc)}")])
    try:
        return position_json.read(request.position_doc)
    except PositionError as exc:
        raise exc.relocated(_under_position) from None


def _under_position(problem: Problem) -> Problem:
    return Problem(f"position.{problem.path}" if problem.path else "position", problem.message)


_RUN: dict[str, Callable[[Request, Position], Answer]] = {
    "ff.forecast": lambda request, position: commands.ff_forecast(position),
    "ff.moves": lambda request, position: commands.ff_moves(position, request.fields.get("pawn"),
                                                            request.fields["worst_case"], request.fields.get("lure")),
    "ff.race": lambda request, position: commands.ff_race(position),
}
