"""The position commands: ``show``, ``check``, ``legal``, ``apply``, ``convert`` and ``odds``."""

from __future__ import annotations

from typing import Any

import click

from solver.chance.odds import position_odds
from solver.core.errors import PositionError
from solver.notation.forms import dump
from solver.notation.position_json import to_json
from solver.present.render import render
from solver.present.reports import adjudication_json, legal_json
from solver.rules.adjudicate import adjudicate
from solver.rules.engine import awaits

from .options import file_argument, json_option, load
from .output import BAD_INPUT, OK, Exit, emit_json, err, guarded, out
from .text import adjudication_text, check_text, legal_text, odds_text


@click.command()
@file_argument
@click.option("--graph", is_flag=True, help="Also report reachability, distances and cut tiles.")
@json_option
@guarded
def show(file: str, graph: bool, as_json: bool) -> None:
    """Draw the board: passages, pits, monsters and their sight, prisoners, pile."""

    pos, warnings = load(file)
    report = None
    if graph:
        from solver.present.graph import analyse

        report = analyse(pos.state)
    if as_json:
        doc: dict[str, Any] = {"position": to_json(pos.state, pos.meta), "board": render(pos.state, pos.meta), "awaits": awaits(pos.state)}
        if report is not None:
            from solver.present.graph import report_json

            doc["graph"] = report_json(report)
        emit_json(doc)
        return
    out(render(pos.state, pos.meta))
    out(f"Now: {awaits(pos.state)}")
    if report is not None:
        from solver.present.graph import report_text

        out()
        out(report_text(report))


@click.command()
@file_argument
@json_option
@guarded
def check(file: str, as_json: bool) -> None:
    """Validate a position; list every problem with where it is (exit 0 or 2)."""
    try:
        pos, warnings = load(file)
    except PositionError as exc:
        if as_json:
            emit_json({"valid": False, "problems": [p.as_json() for p in exc.problems]})
        else:
            out(check_text(file, exc.problems))
        raise Exit(BAD_INPUT) from None
    if as_json:
        emit_json({"valid": True, "problems": [], "warnings": [w.as_json() for w in warnings]})
    else:
        out(check_text(file, []))
    raise Exit(OK)


@click.command()
@file_argument
@click.option("--explain", is_flag=True, help="Also list each refused candidate with the reason.")
@json_option
@guarded
def legal(file: str, explain: bool, as_json: bool) -> None:
    """List the legal actions of the decision the position awaits."""
    pos, _ = load(file)
    doc = legal_json(pos.state, explain)
    if as_json:
        emit_json(doc)
    else:
        out(legal_text(doc))


@click.command(name="apply")
@file_argument
@click.argument("actions", nargs=-1, required=True)
@json_option
@guarded
def apply_command(file: str, actions: tuple[str, ...], as_json: bool) -> None:
    """Adjudicate ACTIONS step by step, citing the rulebook and naming rulings.

    An illegal action is refused with the reason and the legal alternatives
    (exit 2). Where the result depends on a ruling, the other reading's
    outcome is shown too.
    """
    pos, _ = load(file)
    result = adjudicate(pos.state, list(actions))
    if as_json:
        emit_json(adjudication_json(result, pos.meta))
    else:
        out(adjudication_text(result, pos.meta))
    if result.refused is not None:
        if not as_json:
            err(f"lueur: refused: {result.refused.action}: {result.refused.reason}")
        raise Exit(BAD_INPUT)


@click.command()
@file_argument
@click.option("--to", "form", type=click.Choice(["json", "toml", "line"]), required=True, help="Output form.")
@json_option
@guarded
def convert(file: str, form: str, as_json: bool) -> None:
    """Convert a position between JSON, the TOML scenario form and the one-line notation."""
    pos, _ = load(file)
    text = dump(pos.state, pos.meta, form)
    if as_json:
        emit_json({"form": form, "output": text, "position": to_json(pos.state, pos.meta)})
    else:
        out(text.rstrip("\n"))


@click.command()
@file_argument
@click.option("--draws", type=click.IntRange(min=1), default=1, show_default=True, help="How many of the next draws.")
@json_option
@guarded
def odds(file: str, draws: int, as_json: bool) -> None:
    """Exact odds of the next draws from the pile's known contents.

    For each tile type: the chance of at least one among the next DRAWS tiles
    and the expected number; and the risks to the gates and keys the group
    needs if those tiles are burnt, or if the next attack burns 3.
    """

    pos, _ = load(file)
    result = position_odds(pos.state, draws)
    if as_json:
        emit_json(result.as_json())
        return
    out(odds_text(result))
