"""``lueur export``: write a Final Flickers position as PDDL for a classical planner."""

from __future__ import annotations

from pathlib import Path

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import BAD_INPUT, Exit, emit_json, err, guarded, out
from solver.nightcage.commands.export import ExportError, OutputError
from solver.nightcage.commands.export import export as export_command


@click.command()
@file_argument
@click.option(
    "--pddl",
    "directory",
    required=True,
    type=click.Path(file_okay=False, dir_okay=True, writable=True),
    help="Directory to write domain.pddl and problem.pddl into (created if missing).",
)
@json_option
@guarded
def export(file: str, directory: str, as_json: bool) -> None:
    """Write a Final Flickers turn-start position as a PDDL domain and problem.

    The goal is a win (every prisoner on one gate holding a key); the plan's
    cost is its number of turns, so a cost-optimal planner (Fast Downward with
    astar(blind()), for example) finds the fewest turns. The position must be
    a turn start with an empty pile and standard pieces only (exit 2
    otherwise); a finished game is written too (its goal holds at once, or
    cannot be reached). See solver/pddl.py for what the encoding models.
    """

    pos, _ = load(file)
    try:
        answer = export_command(pos.state, Path(directory), (file,))
    except ExportError as exc:
        message = f"cannot export {file}: {exc}"
        if as_json:
            emit_json({"error": "not exportable", "file": file, "message": message})
        err(f"lueur: {message}")
        raise Exit(BAD_INPUT) from None
    except OutputError as exc:
        err(f"lueur: {exc}")
        raise Exit(BAD_INPUT) from None
    except OSError as exc:
        err(f"lueur: cannot write into {directory}: {exc.strerror or exc}")
        raise Exit(BAD_INPUT) from None
    if as_json:
        emit_json(answer.document)
        return
    document = answer.document
    out(f"wrote {document['domain']} and {document['problem']}")
    prisoners = ", ".join(f"{o} ({n})" if o != n else o for o, n in document["prisoners"].items())
    out(f"{document['cells']} cells, prisoners {prisoners}; {document['active']} to play")
    out("plan cost = number of turns (begin-turn costs 1, every other action 0)")
