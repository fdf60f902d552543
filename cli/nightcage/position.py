"""The position commands: ``show``, ``check``, ``legal``, ``apply``, ``convert`` and ``odds``."""

from __future__ import annotations

from typing import Any

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import Exit, emit_json, err, guarded, out, out_document
from solver.nightcage.commands import position as commands
from solver.nightcage.notation.forms import dump
from solver.nightcage.notation.position_json import to_json

from .pictures import render_adjudication, render_format_option, render_option, title_of
from .text import adjudication_text, check_text, legal_text, odds_text


@click.command()
@file_argument
@click.option("--graph", is_flag=True, help="Also report reachability, distances and cut tiles.")
@json_option
@guarded
def show(file: str, graph: bool, as_json: bool) -> None:
    """Draw the board: passages, pits, monsters and their sight, prisoners, pile.

    A file of another game (its `format` or `game` field says so, see
    `lueur games`) is drawn by that game's own `show`.
    """

    pos, warnings = load(file)
    report = None
    if graph:
        from solver.nightcage.present.graph import analyse

        report = analyse(pos.state)
    if as_json:
        doc: dict[str, Any] = {"position": to_json(pos.state, pos.meta), **commands.render(pos).document}
        if report is not None:
            from solver.nightcage.present.graph import report_json

            doc["graph"] = report_json(report)
        emit_json(doc)
        return
    board = commands.render(pos).document
    out(board["board"])
    out(f"Now: {board['awaits']}")
    if report is not None:
        from solver.nightcage.present.graph import report_text

        out()
        out(report_text(report))


@click.command()
@file_argument
@json_option
@guarded
def check(file: str, as_json: bool) -> None:
    """Validate a position; list every problem with where it is (exit 0 or 2).

    A file of another game (its `format` or `game` field says so, see
    `lueur games`) is checked by that game's own `check`.
    """
    answer = commands.check(lambda: load(file))
    if as_json:
        emit_json(answer.document)
    else:
        text = check_text(file, answer.value, answer.document.get("total", 0))
        over = answer.document.get("game_over")
        out(f"{text}; {over}" if over else text)
    raise Exit(answer.exit_code)


@click.command()
@file_argument
@click.option("--explain", is_flag=True, help="Also list each refused candidate with the reason.")
@json_option
@guarded
def legal(file: str, explain: bool, as_json: bool) -> None:
    """List the legal actions of the decision the position awaits."""
    pos, _ = load(file)
    answer = commands.legal(pos, explain=explain)
    if as_json:
        emit_json(answer.document)
    else:
        out(legal_text(answer.document))


@click.command(name="apply")
@file_argument
@click.argument("actions", nargs=-1, required=True)
@render_option
@render_format_option
@json_option
@guarded
def apply_command(file: str, actions: tuple[str, ...], render_dir: str | None, render_format: str, as_json: bool) -> None:
    """Adjudicate ACTIONS step by step, citing the rulebook and naming rulings.

    An illegal action is refused with the reason and the legal alternatives
    (exit 2). Where the result depends on a ruling, the other reading's
    outcome is shown too.
    """
    pos, _ = load(file)
    answer = commands.apply(pos, actions)
    result = answer.value
    if as_json:
        emit_json(answer.document)
    else:
        out(adjudication_text(result, pos.meta))
    if result.refused is not None and not as_json:
        err(f"lueur: refused: {result.refused.action}: {result.refused.reason}")
    if render_dir is not None:
        render_adjudication(render_dir, render_format, result, title_of(pos.meta, file))
    raise Exit(answer.exit_code)


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
        out_document(text.rstrip("\n"))


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
    answer = commands.odds(pos, draws=draws)
    if as_json:
        emit_json(answer.document)
        return
    out(odds_text(answer.value))
