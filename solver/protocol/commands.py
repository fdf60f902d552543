"""Running one checked request of the engine protocol (docs/protocol.md).

:func:`execute` answers a :class:`~solver.protocol.requests.Request` with the
same documents as the command line's ``--json`` output (both come from
:mod:`solver.commands`), wrapped in a final line: ``{"type": "result",
"command", "exit_code", "result"}`` or ``{"type": "error", ...}``.
``exit_code`` is the one ``lueur <command>`` would exit with (0 yes, 1 no, 2
refused or invalid, 3 a limit reached), so a client can read both the same
way. While it works a command may call ``info`` with partial answers;
``should_stop`` asks it to finish early with what it has.

Ids, cancellation and time limits are the caller's (:mod:`solver.protocol.runner`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from solver import __version__
from solver.base.answers import Answer, reported
from solver.base.errors import LimitReached, LueurError, PositionError, Problem
from solver.base.exit_codes import ExitCode
from solver.fearsome import commands as fearsome_commands
from solver.fearsome.model.state import Position as FearsomePosition
from solver.nightcage.commands import hint as hint_command
from solver.nightcage.commands import position as position_commands
from solver.nightcage.commands import solve as solve_command
from solver.nightcage.model.grid import geometry
from solver.nightcage.notation.forms import load_text
from solver.nightcage.notation.position_json import Position
from solver.nightcage.play.analyze import analyze
from solver.nightcage.play.hint import DEFAULT_TIME_LIMIT as HINT_TIME_LIMIT
from solver.nightcage.play.hint import opening
from solver.protocol.requests import PROTOCOL, Request, RequestError, read_ff_position, read_position
from solver.protocol.schema import COMMANDS, FEARSOME

Info = Callable[[dict[str, Any]], None]
ShouldStop = Callable[[], bool]

DEFAULT_PLAYOUTS = 1_000
"""``analyze`` plays this many games when the request does not say."""

DEFAULT_TIME_LIMIT = {"solve": solve_command.DEFAULT_TIME_LIMIT, "hint": HINT_TIME_LIMIT}
"""The seconds a search takes when the request does not say (the runner's hard limit counts from them)."""

HEAVY = ("solve", "hint", "analyze")
"""Commands that search (the others answer within milliseconds)."""


def execute(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``), see the module doc."""
    if request.command == "version":
        return result("version", 0, version())
    if request.command == "check":
        return _check(request)
    if request.command == "convert" and "text" in request.fields:
        return _convert_text(request, info)
    if request.command == "new":
        answer = position_commands.new(request.fields["setup"])
        return result("new", answer.exit_code, answer.document)
    if request.command in FEARSOME:
        return _fearsome(request)
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


def version() -> dict[str, Any]:
    return {"engine": "lueur", "version": __version__, "protocol": PROTOCOL, "commands": list(COMMANDS)}


def result(command: str, exit_code: int, body: Any) -> dict[str, Any]:
    return {"type": "result", "command": command, "exit_code": int(exit_code), "result": body}


def _fearsome(request: Request) -> dict[str, Any]:
    """A Fearsome Floors command: its position read as ``lueur-ff-position/1``, every problem under ``position.``."""
    try:
        position = read_ff_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{exc.total:,} problem(s) in the position", problems=exc.problems).line()
    try:
        answer = _FF_RUN[request.command](request, position)
    except LueurError as exc:  # a question the position cannot answer (an option naming no pawn that may move...)
        kind, _, message = reported(exc)
        return RequestError(kind, message).line()
    return result(request.command, answer.exit_code, answer.document)


def _check(request: Request) -> dict[str, Any]:
    answer = position_commands.check(lambda: read_position(request))
    return result("check", answer.exit_code, answer.document)


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

_FF_RUN: dict[str, Callable[[Request, FearsomePosition], Answer]] = {
    "ff.forecast": lambda request, position: fearsome_commands.ff_forecast(position),
    "ff.moves": lambda request, position: fearsome_commands.ff_moves(position, request.fields.get("pawn"),
                                                                     request.fields["worst_case"], request.fields.get("lure")),
    "ff.race": lambda request, position: fearsome_commands.ff_race(position),
}
"""The Fearsome Floors commands (quick: each answers within a second, on the runner's thread)."""
