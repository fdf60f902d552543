"""``lueur export``: write a Final Flickers position as PDDL for a classical planner."""

from __future__ import annotations

from pathlib import Path

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import BAD_INPUT, Exit, emit_json, err, guarded, out
from solver.nightcage.endgame.pddl import ExportError
from solver.nightcage.endgame.pddl import export as export_pddl


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
        task = export_pddl(pos.state)
    except ExportError as exc:
        message = f"cannot export {file}: {exc}"
        if as_json:
            emit_json({"error": "not exportable", "file": file, "message": message})
        err(f"lueur: {message}")
        raise Exit(BAD_INPUT) from None
    target = Path(directory)
    try:
        target.mkdir(parents=True, exist_ok=True)
        domain, problem = target / "domain.pddl", target / "problem.pddl"
        domain.write_text(task.domain, encoding="utf-8")
        problem.write_text(task.problem, encoding="utf-8")
    except OSError as exc:
        err(f"lueur: cannot write into {directory}: {exc.strerror or exc}")
        raise Exit(BAD_INPUT) from None
    objects = dict(zip(task.prisoner_objects, task.prisoners))
    if as_json:
        emit_json(
            {
                "domain": str(domain),
                "problem": str(problem),
                "cells": len(task.cells),
                "prisoners": objects,
                "active": task.prisoners[task.turn],
                "cost": "turns",
            }
        )
        return
    out(f"wrote {domain} and {problem}")
    prisoners = ", ".join(f"{o} ({n})" if o != n else o for o, n in objects.items())
    out(f"{len(task.cells)} cells, prisoners {prisoners}; {task.prisoners[task.turn]} to play")
    out("plan cost = number of turns (begin-turn costs 1, every other action 0)")
