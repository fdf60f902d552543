"""The Night Cage's commands in the engine protocol (docs/protocol.md): their fields, and serving one request.

The protocol (:mod:`solver.protocol`) reads a request with :data:`COMMANDS`
and hands it here; :func:`serve` answers with the final line, the same
documents as ``lueur <command> --json`` prints (both come from
:mod:`solver.nightcage.commands`). Positions are in the ``lueur-position/1``
format, read leniently: an unknown field is ignored with a warning.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from solver.base.answers import Answer, reported
from solver.base.errors import LimitReached, LueurError, PositionError, Problem
from solver.base.exit_codes import ExitCode
from solver.base.protocol import Command, Field, Info, Request, RequestError, ShouldStop, capped_warnings, json_type, result
from solver.nightcage.commands import hint as hint_command
from solver.nightcage.commands import position as position_commands
from solver.nightcage.commands import solve as solve_command
from solver.nightcage.commands.hint import POLICIES
from solver.nightcage.commands.solve import ENGINES, OBJECTIVES
from solver.nightcage.model.grid import geometry
from solver.nightcage.model.setups import BASES
from solver.nightcage.notation.forms import FORMS, load_text
from solver.nightcage.notation.json_schema import POSITION_SCHEMA_ID, position_schema
from solver.nightcage.notation.position_json import Position, read
from solver.nightcage.play.analyze import analyze
from solver.nightcage.play.hint import DEFAULT_TIME_LIMIT as HINT_TIME_LIMIT
from solver.nightcage.play.hint import opening
from solver.nightcage.result_schemas import RENDER_FORMATS, RESULTS

FORMAT = "lueur-position/1"
DEFAULT_PLAYOUTS = 1_000
"""``analyze`` plays this many games when the request does not say."""
MAX_NODES = 100_000_000

POLICY = Field("policy", "choice", "The playouts' policy.", choices=POLICIES, default="greedy")
FIELDS: dict[str, tuple[Field, ...]] = {
    "check": (),
    "legal": (Field("explain", "boolean", "Also list each refused candidate with the reason.", default=False),),
    "apply": (Field("actions", "actions", 'a non-empty list of actions in the text notation, e.g. ["move N", "discard e2"]'),),
    "solve": (
        Field("engine", "choice", "Which exact planner answers; both runs both and checks they agree.", choices=ENGINES,
              default="search"),
        Field("objective", "choice", "turns: fewest turns, then fewest Nerve; nerve: the other way round.", choices=OBJECTIVES,
              default="turns"),
    ),
    "odds": (Field("draws", "integer", "How many of the next draws.", 1, 100, default=1),),
    "hint": (POLICY,),
    "analyze": (
        POLICY,
        Field("orders", "integer", "Pile orders sampled for the hindsight bound.", 0, 100_000, default=20),
        Field("order_nodes", "integer", "Positions the planner may expand per sampled order.", 1, MAX_NODES, default=150),
    ),
    "render": (
        Field("format", "choice", "text: the board as `lueur show` draws it; svg: the picture `lueur render` draws.",
              choices=RENDER_FORMATS, default="text"),
        Field("sight", "boolean", "Mark the monsters' lines of sight.", default=True),
        Field("light", "boolean", "svg: tint the cells each prisoner lights.", default=False),
        Field("highlight", "cells", 'svg: a list of cell names to outline, e.g. ["c4"]', default=()),
        Field("legend", "boolean", "svg: draw the legend of the symbols under the board.", default=True),
        Field("panel", "boolean", "svg: draw the prisoners' panel beside the board (a narrow window may leave it out).",
              default=True),
        Field("draft", "boolean", "Draw a position that fails only the checks of the position as a whole "
                                  "(totals, lighting, prisoners' cells), as an editor shows one being set up.", default=False),
    ),
    "new": (Field("setup", "choice", "The setup of the position before the first turn (the pile's order unknown).",
                  choices=BASES, default="standard"),),
    "convert": (
        Field("to", "choice", "The form to write: json, toml (a scenario) or line (the one-line notation).", choices=FORMS,
              default="json"),
        Field("text", "text", "a position written in any form (JSON, a TOML scenario, the one-line notation), instead of position"),
    ),
}
SEARCHES = {"solve": solve_command.DEFAULT_TIME_LIMIT, "hint": HINT_TIME_LIMIT, "analyze": None}
"""The commands that search, with the seconds they take when the request does not say (analyze: its playouts)."""
TAKES = {"new": "nothing", "convert": "position or text"}

COMMANDS = tuple(
    Command(name, fields, RESULTS[name], TAKES.get(name, "position"), name in SEARCHES, SEARCHES.get(name))
    for name, fields in FIELDS.items()
)
"""The Night Cage's commands, in the order ``version`` lists them."""

POSITION_DEF = ("position", position_schema, {"$ref": POSITION_SCHEMA_ID})
"""The position in the engine's JSON Schema: its ``$defs`` name, the schema, and how a request refers to it."""


def serve(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``)."""
    if request.command == "check":
        answer = position_commands.check(lambda: read_position(request))
        return result("check", answer.exit_code, answer.document)
    if request.command == "convert" and "text" in request.fields:
        return _convert_text(request, info)
    if request.command == "new":
        answer = position_commands.new(request.fields["setup"])
        return result("new", answer.exit_code, answer.document)
    try:
        position, warnings = read_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the position", problems=exc.problems).line()
    for warning in warnings:
        info({"warning": warning.as_json()})
    try:
        answer = _RUN[request.command](request, position, info, should_stop)
    except RequestError as exc:
        return exc.line()
    except LimitReached as exc:  # no answer within the limits: a result, as when the runner stops a search
        return {**result(request.command, ExitCode.LIMIT, None), "note": str(exc)}
    except LueurError as exc:
        kind, _, message = reported(exc)
        return RequestError(kind, message).line()
    return result(request.command, answer.exit_code, answer.document)


def first_info(request: Request) -> dict[str, Any] | None:
    """What a command can report before it starts in earnest (a hint: the decision and its choices),
    so that a front end sends it at once, while the search's process is still starting."""
    if request.command != "hint":
        return None
    try:
        position, _ = read_position(request)
    except PositionError:
        return None  # the command itself reports the problems
    return opening(position.state)


def read_position(request: Request) -> tuple[Position, list[Problem]]:
    """The request's position and its warnings (unknown fields are ignored, as the format asks of the protocol).

    Raises :class:`PositionError` with every problem, each path starting ``position``. A ``render``
    with ``draft`` skips the checks of the position as a whole (an editor draws a position being set up).
    """
    if not isinstance(request.position_doc, dict):
        raise PositionError([Problem("position", f"a JSON object in the {FORMAT} format, not {json_type(request.position_doc)}")])
    try:
        position, warnings = read(request.position_doc, lenient=True, consistent=not request.fields.get("draft", False))
    except PositionError as exc:
        raise exc.relocated(under_position) from None
    return position, capped_warnings([under_position(w) for w in warnings])


def under_position(problem: Problem) -> Problem:
    """A problem of the request's position, located from the request's top (``position.…``)."""
    return Problem(f"position.{problem.path}" if problem.path else "position", problem.message)


def _convert_text(request: Request, info: Info) -> dict[str, Any]:
    """``convert`` of a position written as text: its problems are where the text has them (a line and
    column, a field path, a field of the one-line form), as ``lueur check`` says them of a file."""
    try:
        position, warnings = load_text(request.fields["text"], lenient=True)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the text", problems=exc.problems).line()
    for warning in warnings:
        info({"warning": warning.as_json()})
    answer = position_commands.convert(position, request.fields["to"])
    return result("convert", answer.exit_code, answer.document)


def _convert(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    return position_commands.convert(position, request.fields["to"])


def _legal(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    return position_commands.legal(position, explain=request.fields["explain"])


def _apply(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    return position_commands.apply(position, request.fields["actions"])


def _render(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    grid = geometry(position.state.size)
    cells, problems = [], []
    for i, name in enumerate(request.fields["highlight"]):
        try:
            cells.append(grid.parse(name))
        except ValueError as exc:
            problems.append(Problem(f"highlight[{i}]", str(exc)))
    if problems:
        raise RequestError("invalid request", "; ".join(str(p) for p in problems), problems=problems)
    return position_commands.render(position, picture=request.fields["format"], sight=request.fields["sight"],
                                    light=request.fields["light"], highlight=cells,
                                    legend=request.fields["legend"], panel=request.fields["panel"])


def _odds(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    return position_commands.odds(position, draws=request.fields["draws"])


def _solve(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    return solve_command.solve(position.state, engine=request.fields["engine"], objective=request.fields["objective"],
                               limits=request.limits, progress=info, should_stop=should_stop)


def _hint(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    return hint_command.hint(position.state, policy=request.fields["policy"], limits=request.limits, progress=info,
                             should_stop=should_stop, announce=not request.announced)


def _analyze(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> Answer:
    limits = request.limits
    last = [0.0]

    def progress(phase: str, done: int, total: int) -> None:
        if should_stop():
            raise _Stopped
        now = time.monotonic()
        if now - last[0] >= limits.report_every or done == total:
            last[0] = now
            info({"stage": phase, "done": done, "total": total, "proven": False})

    try:
        # One worker: requests run side by side already, each in its own process.
        analysis = analyze(position.state, limits=replace(limits, playouts=limits.playouts or DEFAULT_PLAYOUTS), workers=1,
                           policy=request.fields["policy"], orders=request.fields["orders"], order_nodes=request.fields["order_nodes"],
                           progress=progress)
    except _Stopped:
        raise RequestError("stopped", "stopped before the analysis was complete: no estimate") from None
    return Answer(ExitCode.OK, analysis.as_json(), analysis)


class _Stopped(Exception):
    pass


_RUN: dict[str, Callable[[Request, Position, Info, ShouldStop], Answer]] = {
    "legal": _legal,
    "apply": _apply,
    "render": _render,
    "convert": _convert,
    "odds": _odds,
    "solve": _solve,
    "hint": _hint,
    "analyze": _analyze,
}
