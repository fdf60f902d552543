"""The quick commands: check, legal, apply, show, render, odds, new and convert."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solver.base.answers import Answer
from solver.base.errors import PositionError, Problem
from solver.base.exit_codes import ExitCode
from solver.nightcage.chance.odds import position_odds
from solver.nightcage.commands.reading import read_file, read_stream
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.notation.forms import dump
from solver.nightcage.notation.json_writer import to_json
from solver.nightcage.notation.position_json import Position
from solver.nightcage.present.frames import walk_overlays
from solver.nightcage.present.render import render as draw
from solver.nightcage.present.reports import adjudication_json, legal_json
from solver.nightcage.present.svg_board import Overlays, board_svg
from solver.nightcage.rules.adjudicate import Adjudication, adjudicate
from solver.nightcage.rules.engine import awaits
from solver.nightcage.rules.outcome import outcome


def check(read: Callable[[], tuple[Position, list[Problem]]]) -> Answer:
    """Whether a position is valid: ``read`` reads it (from a file, a request...); every problem
    found on the way, or the warnings (and, for a game already won or lost, ``outcome`` and
    ``game_over``, the sentence saying so). ``Answer.value`` is the list of problems: at most
    ``MAX_LISTED`` and a last one counting the rest; ``total`` in the document counts them all."""
    try:
        position, warnings = read()
    except PositionError as exc:
        document = {"valid": False, "total": exc.total, "problems": [p.as_json() for p in exc.problems]}
        return Answer(ExitCode.BAD_INPUT, document, exc.problems)
    # A finished game is still a valid position, but every action on it will be
    # refused: say so at once rather than "valid" alone.
    over = outcome(position.state)
    document = {
        "valid": True,
        "problems": [],
        "warnings": [w.as_json() for w in warnings],
        "outcome": over.result if over else None,
        "game_over": f"the game is over: {over.result} ({over.reason})" if over else None,
    }
    return Answer(ExitCode.OK, document, [])


def legal(position: Position, *, explain: bool = False) -> Answer:
    """The legal actions of the decision awaited (and, with ``explain``, every refused candidate with why)."""
    return Answer(ExitCode.OK, legal_json(position.state, explain))


def apply(position: Position, actions: Sequence[str]) -> Answer:
    """Adjudicate the actions step by step.

    A refused action is an answer to the dispute, not a broken request: the
    document says why and lists the legal actions, and the exit code is 2.
    """
    adjudication = adjudicate(position.state, list(actions))
    code = ExitCode.BAD_INPUT if adjudication.refused is not None else ExitCode.OK
    return Answer(code, adjudication_json(adjudication, position.meta), adjudication)


def render(position: Position, *, picture: str = "text", sight: bool = True, light: bool = False,
           highlight: Sequence[Cell] = (), legend: bool = True,
           panel: bool = True, walk: Sequence[str] = ()) -> Answer:
    """The board as ``lueur show`` draws it (``picture`` text) or as ``lueur render`` draws it
    (``svg``), and what the position waits for. ``walk``: actions whose walks are drawn over the
    position (svg), as a stepped page draws a turn; one the rules refuse is an error saying why."""
    if picture == "svg":
        title = position.meta.get("title") if position.meta else None
        if walk:
            overlays = walk_overlays(position.state, walk, sight=sight, light=light, highlight=frozenset(highlight))
        else:
            overlays = Overlays(sight=sight, light=light, highlight=frozenset(highlight))
        board = board_svg(position.state, title=str(title) if title else None, overlays=overlays, legend=legend,
                          panel_shown=panel)
    else:
        board = draw(position.state, position.meta, show_sight=sight)
    return Answer(ExitCode.OK, {"format": picture, "board": board, "awaits": awaits(position.state)})


def show(position: Position, *, graph: bool = False) -> Answer:
    """``lueur show``: the position, the board as text and what it waits for; with ``graph``, the board
    graph's analyses too (``Answer.value`` is then the :class:`solver.nightcage.present.graph.GraphReport`, else None)."""
    document: dict[str, Any] = {"position": to_json(position.state, position.meta), **render(position).document}
    if not graph:
        return Answer(ExitCode.OK, document)
    from solver.nightcage.present.graph import analyse, report_json  # networkx: only for the graph

    report = analyse(position.state)
    document["graph"] = report_json(report)
    return Answer(ExitCode.OK, document, report)


def new(base: str = "standard") -> Answer:
    """The position before the first turn of a game set up as ``base`` (the pile's order unknown)."""
    state = new_game(Setup(base=base))
    return Answer(ExitCode.OK, {"position": to_json(state, {"title": f"New game ({base} setup)"})})


def odds(position: Position, *, draws: int = 1) -> Answer:
    """Exact odds of the next ``draws`` draws, and the risks to the gates and keys."""
    result = position_odds(position.state, draws)
    return Answer(ExitCode.OK, result.as_json(), result)


def convert(position: Position, form: str) -> Answer:
    """The position written in ``form`` (``json``, ``toml`` or ``line``), as ``lueur convert --json`` gives it."""
    text = dump(position.state, position.meta, form)
    return Answer(ExitCode.OK, {"form": form, "output": text, "position": to_json(position.state, position.meta)})


__all__ = ["Adjudication", "Position", "apply", "check", "convert", "legal", "new", "odds", "read_file", "read_stream", "render", "show"]
