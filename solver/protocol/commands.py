"""Running one checked request of the engine protocol (docs/protocol.md).

:func:`execute` answers a :class:`~solver.protocol.requests.Request` with the
same documents as the command line's ``--json`` output, wrapped in a final
line: ``{"type": "result", "command", "exit_code", "result"}`` or
``{"type": "error", ...}``. ``exit_code`` is the one ``lueur <command>``
would exit with (0 yes, 1 no, 2 refused or invalid, 3 a limit reached), so a
client can read both the same way. While it works a command may call ``info``
with partial answers; ``should_stop`` asks it to finish early with what it has.

Ids, cancellation and time limits are the caller's (:mod:`solver.protocol.runner`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver import __version__
from solver.core.errors import IllegalActionError, NightCageError, PositionError, UnsupportedError
from solver.notation.position_json import Position
from solver.protocol.requests import COMMANDS, PROTOCOL, Request, RequestError, read_position

Info = Callable[[dict[str, Any]], None]
ShouldStop = Callable[[], bool]

DEFAULT_TIME_LIMIT = {"solve": 10.0, "hint": 1.0}
DEFAULT_PLAYOUTS = 1_000
"""``analyze`` plays this many games when the request does not say."""
DEFAULT_MAX_NODES = 2_000_000

HEAVY = ("solve", "hint", "analyze")
"""Commands that search (the others answer within milliseconds)."""


def execute(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``), see the module doc."""
    if request.command == "version":
        return result("version", 0, version())
    if request.command == "check":
        return _check(request, info)
    try:
        position, warnings = read_position(request)
    except PositionError as exc:
        return RequestError("invalid position", f"{len(exc.problems)} problem(s) in the position", problems=exc.problems).line()
    for warning in warnings:
        info({"warning": warning.as_json()})
    try:
        return _RUN[request.command](request, position, info, should_stop)
    except RequestError as exc:
        return exc.line()
    except UnsupportedError as exc:
        return RequestError("unsupported", str(exc)).line()
    except IllegalActionError as exc:
        return RequestError("illegal action", f"{exc.action}: {exc.reason}").line()
    except NightCageError as exc:
        return RequestError("invalid input", str(exc)).line()


def version() -> dict[str, Any]:
    return {"engine": "lueur", "version": __version__, "protocol": PROTOCOL, "commands": list(COMMANDS)}


def result(command: str, exit_code: int, body: Any) -> dict[str, Any]:
    return {"type": "result", "command": command, "exit_code": exit_code, "result": body}


def _check(request: Request, info: Info) -> dict[str, Any]:
    try:
        _, warnings = read_position(request)
    except PositionError as exc:
        return result("check", 2, {"valid": False, "problems": [p.as_json() for p in exc.problems]})
    return result("check", 0, {"valid": True, "problems": [], "warnings": [w.as_json() for w in warnings]})


def _legal(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    from solver.present.reports import legal_json

    return result("legal", 0, legal_json(position.state, request.fields["explain"]))


def _apply(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    from solver.present.reports import adjudication_json
    from solver.rules.adjudicate import adjudicate

    adjudication = adjudicate(position.state, request.fields["actions"])
    # A refused action is an answer to the dispute, not a broken request: it
    # comes back as a result (with the reason and the legal actions), exit 2 as on the command line.
    return result("apply", 2 if adjudication.refused is not None else 0, adjudication_json(adjudication, position.meta))


def _render(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    from solver.present.render import render
    from solver.rules.engine import awaits

    return result("render", 0, {"board": render(position.state, position.meta), "awaits": awaits(position.state)})


def _odds(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    from solver.chance.odds import position_odds

    return result("odds", 0, position_odds(position.state, request.fields["draws"]).as_json())


def _solve(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    from solver.chance.solving import is_chance, solve_chance_position
    from solver.endgame.solving import solve_position

    state = position.state
    engine = request.fields["engine"]
    time_limit = request.limits.time_limit or DEFAULT_TIME_LIMIT["solve"]
    max_nodes = request.limits.max_nodes or DEFAULT_MAX_NODES
    chance = is_chance(state)
    if chance and engine == "cpsat":
        raise RequestError("invalid request", "engine: the pile's order is unknown; CP-SAT answers deterministic positions only "
                                              "(search or both: the expectimax answers piles of unknown order)")
    # One line says what runs and within which limits; the search then reports its progress
    # (positions expanded, the proven lower bound); CP-SAT and the expectimax report nothing more.
    info({"stage": "starting", "planner": "expectimax" if chance else engine, "proven": False, "time_limit": time_limit,
          "max_nodes": max_nodes})
    if chance:
        report: Any = solve_chance_position(state, engine, time_limit, max_nodes, should_stop=should_stop)
    else:
        report = solve_position(state, engine, request.fields["objective"], time_limit, max_nodes, progress=info,
                                should_stop=should_stop)
    return result("solve", report.exit_code, report.as_json(state))


def _hint(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    from solver.play.hint import NoDecision, hint

    limits = request.limits
    try:
        answer = hint(position.state, limits.time_limit or DEFAULT_TIME_LIMIT["hint"], limits.seed, request.fields["policy"],
                      limits.playouts, progress=info, should_stop=should_stop, report_every=limits.report_every,
                      announce=not request.announced)
    except NoDecision as exc:
        raise RequestError("no decision", str(exc)) from None
    return result("hint", 0, answer.as_json())


def _analyze(request: Request, position: Position, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    import time

    from solver.play.analyze import analyze

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
        analysis = analyze(position.state, limits.playouts or DEFAULT_PLAYOUTS, limits.seed, 1, request.fields["policy"],
                           request.fields["orders"], order_nodes=request.fields["order_nodes"], progress=progress)
    except _Stopped:
        raise RequestError("stopped", "stopped before the analysis was complete: no estimate") from None
    return result("analyze", 0, analysis.as_json())


def first_info(request: Request) -> dict[str, Any] | None:
    """What a command can report before it starts in earnest (a hint: the decision and its choices),
    so that a front end sends it at once, while the search's process is still starting."""
    if request.command != "hint":
        return None
    from solver.play.hint import opening

    try:
        position, _ = read_position(request)
    except PositionError:
        return None  # the command itself reports the problems
    return opening(position.state)


class _Stopped(Exception):
    pass


_RUN: dict[str, Callable[[Request, Position, Info, ShouldStop], dict[str, Any]]] = {
    "legal": _legal,
    "apply": _apply,
    "render": _render,
    "odds": _odds,
    "solve": _solve,
    "hint": _hint,
    "analyze": _analyze,
}
