"""The Dead Cells commands, once for every front end: check, show, apply, resolve, plan, odds and render.

Each takes a position read (:class:`~solver.deadcells.notation.position.Loaded`)
and returns an :class:`~solver.base.answers.Answer`: the JSON document
(``lueur dc <command> --json`` prints it; the protocol's ``dc.<command>`` sends
it as ``result``) and the value it was made from, for the command line's text
and pictures. A choice the rules refuse is an ``IllegalActionError`` listing
the options (exit 2); a search stopped by a limit is ``LimitReached`` (exit 3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solver.base.answers import Answer
from solver.base.errors import PositionError
from solver.base.exit_codes import ExitCode
from solver.base.limits import NO_LIMITS, Limits
from solver.deadcells.analyses.odds import odds
from solver.deadcells.analyses.plan import plan_position
from solver.deadcells.analyses.resolve import resolve
from solver.deadcells.notation.position import Loaded, document_with_choices, with_choices
from solver.deadcells.present.board_svg import board_svg
from solver.deadcells.present.text import board_json, plan_text, show_text
from solver.deadcells.present.timeline_svg import timeline_svg
from solver.deadcells.rules.engine import awaiting, tally

PICTURES = ("board", "timeline")


def _state(loaded: Loaded) -> dict[str, Any]:
    asked = awaiting(loaded.combat)
    return {"board": board_json(loaded.combat), "awaiting": asked.as_json() if asked is not None else None,
            "outcome": tally(loaded.combat).as_json()}


def dc_check(read: Callable[[], Loaded]) -> Answer:
    """Whether a combat position is valid: every problem with its field path, or what the combat awaits."""
    try:
        loaded = read()
    except PositionError as exc:
        return Answer(ExitCode.BAD_INPUT, {"valid": False, "total": exc.total, "problems": [p.as_json() for p in exc.problems]},
                      exc.problems)
    return Answer(ExitCode.OK, {"valid": True, "problems": [], "choices": len(loaded.choices), **_state(loaded)}, loaded)


def dc_show(loaded: Loaded, more: Sequence[str] = ()) -> Answer:
    """The combat after its choices (and ``more``): the board, the text ``lueur dc show`` prints, what it awaits."""
    loaded, _ = with_choices(loaded, list(more))
    text = show_text(loaded.combat, awaiting(loaded.combat))
    return Answer(ExitCode.OK, {"text": text, **_state(loaded)}, loaded)


def dc_apply(loaded: Loaded, choices: Sequence[str]) -> Answer:
    """Each choice adjudicated in turn: the events it caused, each citing the rulebook and naming its ruling; then
    the combat after them and the position with the choices appended (``position``)."""
    steps = []
    current = loaded
    for choice in choices:
        current, found = with_choices(current, [choice])
        steps.append({"choice": current.choices[-1], "events": [e.as_json() for e in found]})
    document = {"steps": steps, **_state(current), "position": document_with_choices(current)}
    return Answer(ExitCode.OK, document, (current, steps))


def dc_resolve(loaded: Loaded, more: Sequence[str] = (), fill: str = "none", limits: Limits = NO_LIMITS) -> Answer:
    """The whole trace round by round (``fill``: none, plan or first for the choices left open)."""
    trace = resolve(loaded, list(more), fill, limits)
    return Answer(ExitCode.OK, trace.as_json(), trace)


def dc_plan(loaded: Loaded, limits: Limits = NO_LIMITS) -> Answer:
    """The group's best play, exact, replayed through the engine; its document with the plan in words."""
    found = plan_position(loaded, limits)
    document = {**found.as_json(), "text": plan_text(found, loaded.initial)}
    return Answer(ExitCode.OK, document, found)


def dc_odds(loaded: Loaded, checks: int = 0) -> Answer:
    """Exact odds of the tests, a passer's reveal, Serenade's card and the reshuffles, from the decks entered."""
    result = odds(loaded.combat, checks)
    return Answer(ExitCode.OK, result.as_json(), result)


def dc_render(loaded: Loaded, picture: str = "board", more: Sequence[str] = (), fill: str = "none",
              limits: Limits = NO_LIMITS) -> Answer:
    """The combat board as it stands after the choices (``board``), or the resolved combat's timeline, as SVG."""
    if picture == "timeline":
        trace = resolve(loaded, list(more), fill, limits)
        svg = timeline_svg(trace, title=loaded.title)
    else:
        loaded, _ = with_choices(loaded, list(more))
        asked = awaiting(loaded.combat)
        caption = f"Awaits: {asked.question}" if asked is not None else None
        svg = board_svg(loaded.combat, title=loaded.title, caption=caption)
    return Answer(ExitCode.OK, {"picture": picture, "svg": svg}, svg)
