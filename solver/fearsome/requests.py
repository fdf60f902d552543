"""Fearsome Floors in the engine protocol (docs/protocol.md): the ``ff.*`` commands, and serving one request.

Their ``position`` is a ``lueur-ff-position/1`` document (docs/fearsome-floors.md),
read strictly: every problem is reported under ``position.``. ``ff.forecast`` and
``ff.race`` answer within a second and run on the protocol runner's thread;
``ff.moves`` searches when asked for its worst case (a product over the pawns
still to move), so it is a search: a process of its own, counted by a server's
cap, stopped by ``cancel`` and by its ``time_limit`` (:data:`MOVES_TIME_LIMIT`
by default), past which it answers with the worst cases it scored (exit 3).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from solver.base.answers import Answer, reported
from solver.base.errors import LueurError, PositionError
from solver.base.protocol import Command, Field, Info, Request, RequestError, ShouldStop, no_first_info, request_position, result
from solver.base.schema_parts import BOOLEAN, FRACTION, INTEGER, NUMBER, STRING, STRINGS, nullable, obj
from solver.fearsome import commands
from solver.fearsome.model.board import Direction
from solver.fearsome.model.state import TILES, Phase, Position
from solver.fearsome.notation import position_json
from solver.fearsome.notation.json_schema import FF_POSITION_SCHEMA_ID, position_schema
from solver.fearsome.notation.position_json import FORMAT

MOVES_TIME_LIMIT = 10.0
"""The seconds ``ff.moves`` searches when the request does not say."""
FF_PHASES = tuple(p.value for p in Phase)
ACTIONS_TEXT = ("a non-empty list of actions in the game's text notation, e.g. [\"move N\", \"discard e2\"] (The Night Cage) "
                "or [\"red4 in n n\", \"draw 8\"] (Fearsome Floors: a pawn's id and its steps, or draw and a tombstone tile)")
"""The ``actions`` field's description, the same words as the Night Cage's ``apply`` (one field in the published schema)."""
PANEL_TEXT = ("svg: draw the panel beside the board (The Night Cage: the prisoners; Fearsome Floors: the players and the "
              "monster's paths); a narrow window may leave it out.")
"""The ``panel`` field's description, the same words as the Night Cage's ``render``."""
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


def _ff_new() -> dict[str, Any]:
    return obj({"position": {"$ref": FF_POSITION_SCHEMA_ID}})


def _ff_legal() -> dict[str, Any]:
    end = obj({"action": STRING, "to": STRING, "steps": INTEGER, "paths": {"type": "array", "items": STRINGS}},
              description="One end the pawn can reach: the action that plays it (its first shortest path), and every shortest path.")
    pawn = obj({"pawn": STRING, "colour": STRING, "at": STRING, "value": INTEGER, "moves": {"type": "array", "items": end}})
    tile = obj({"tile": {"enum": list(FF_TILES)}, "words": STRING, "p": NUMBER, "p_exact": FRACTION, "action": STRING})
    return obj({"phase": {"enum": list(FF_PHASES)}, "status": STRING, "to_move": nullable(STRING),
                "pawns": {"type": "array", "items": pawn, "description": "The pawn phase: every pawn the player to move may move."},
                "tiles": {"type": "array", "items": tile, "description": "The monster phase: each tile the draw may bring."},
                "winner": nullable(STRING)})


def _ff_apply() -> dict[str, Any]:
    event = obj({"action": STRING, "text": STRING})
    return obj({"position": {"$ref": FF_POSITION_SCHEMA_ID}, "events": {"type": "array", "items": event}, "status": STRING,
                "phase": {"enum": list(FF_PHASES)}, "winner": nullable(STRING)},
               {"refused": STRING, "reason": STRING},
               "The position the actions lead to and what each did, in sentences; with refused and reason when an action "
               "is refused (exit code 2), the position being the one before it.")


def _ff_render() -> dict[str, Any]:
    return obj({"board": {"type": "string", "description": "The SVG picture (each square a <g class=\"square\" data-square=\"c4\">)."},
                "status": STRINGS, "caption": nullable(STRING)})


FIELDS: dict[str, tuple[Field, ...]] = {
    "ff.forecast": (),
    "ff.moves": (
        Field("pawn", "name", "the id of the Fearsome Floors pawn to move (default: every pawn the player to move may move)"),
        Field("worst_case", "boolean", "Also score each move by the worst the pawns still to move can do.", default=False),
        Field("lure", "name", "the id of an opponent's pawn: rank by the danger each move brings to it, most first"),
    ),
    "ff.race": (),
    "ff.new": (
        Field("players", "integer", "How many players (2 to 7).", 2, 7, default=4),
        Field("advanced", "boolean", "The advanced game: the 17 scenery pieces placed at random (from the request's seed).",
              default=False),
    ),
    "ff.legal": (),
    "ff.apply": (Field("actions", "actions", ACTIONS_TEXT),),
    "ff.render": (
        Field("forecast", "boolean", "Draw the monster's path for every tile the next draw may bring.", default=False),
        Field("tile", "choice", "Draw the monster's path for this tombstone tile (none: no path).", choices=("none", *FF_TILES),
              default="none"),
        Field("legend", "boolean", "svg: draw the legend of the symbols under the board.", default=True),
        Field("panel", "boolean", PANEL_TEXT, default=True),
    ),
}
RESULTS = {"ff.forecast": _ff_forecast(), "ff.moves": _ff_moves(), "ff.race": _ff_race(), "ff.new": _ff_new(),
           "ff.legal": _ff_legal(), "ff.apply": _ff_apply(), "ff.render": _ff_render()}
TAKES = {"ff.new": "nothing"}
SEARCHES = {"ff.moves": MOVES_TIME_LIMIT}
"""The commands that search, with the seconds they take when the request does not say."""
COMMANDS = tuple(Command(name, fields, RESULTS[name], TAKES.get(name, "position"), searches=name in SEARCHES,
                         time_limit=SEARCHES.get(name))
                 for name, fields in FIELDS.items())
"""The Fearsome Floors commands, in the order ``version`` lists them."""


def serve(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``): its position read as ``lueur-ff-position/1``."""
    if request.command == "ff.new":
        answer = commands.ff_new(request.fields["players"], request.fields["advanced"], request.limits.seed,
                                 title=commands.new_game_title(request.fields["players"], request.fields["advanced"]))
        return result(request.command, answer.exit_code, answer.document)
    try:
        position = read_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the position", problems=exc.problems).line()
    try:
        answer = _RUN[request.command](request, position, _until(request, should_stop))
    except LueurError as exc:  # a question the position cannot answer (an option naming no pawn that may move...)
        kind, _, message = reported(exc)
        return RequestError(kind, message).line()
    return result(request.command, answer.exit_code, answer.document)


first_info = no_first_info


def read_position(request: Request) -> Position:
    """The position of a Fearsome Floors command, a ``lueur-ff-position/1`` document read strictly.

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    return request_position(request, FORMAT, position_json.read)


def _until(request: Request, should_stop: ShouldStop) -> ShouldStop:
    """``should_stop``, or past the request's time limit (its command's default when it gives none)."""
    seconds = request.limits.time_limit or SEARCHES.get(request.command)
    if seconds is None:
        return should_stop
    deadline = time.monotonic() + seconds
    return lambda: should_stop() or time.monotonic() > deadline


_RUN: dict[str, Callable[[Request, Position, ShouldStop], Answer]] = {
    "ff.forecast": lambda request, position, stop: commands.ff_forecast(position),
    "ff.moves": lambda request, position, stop: commands.ff_moves(position, request.fields.get("pawn"),
                                                                  request.fields["worst_case"], request.fields.get("lure"),
                                                                  should_stop=stop),
    "ff.race": lambda request, position, stop: commands.ff_race(position),
    "ff.legal": lambda request, position, stop: commands.ff_legal(position),
    "ff.apply": lambda request, position, stop: commands.ff_apply(position, request.fields["actions"], _meta(request),
                                                                  advanced=request.position_doc.get("advanced") is True),
    "ff.render": lambda request, position, stop: commands.ff_render(
        position, forecast_paths=request.fields["forecast"], tile=None if request.fields["tile"] == "none" else request.fields["tile"],
        legend=request.fields["legend"], panel=request.fields["panel"], title=_title(request)),
}


def _title(request: Request) -> str | None:
    title = _meta(request).get("title")
    return None if title is None else str(title)


def _meta(request: Request) -> dict[str, Any]:
    """The position's ``meta`` (its title...), kept on the position an action leads to (the position is read by then)."""
    meta = request.position_doc.get("meta")
    return meta if isinstance(meta, dict) else {}
