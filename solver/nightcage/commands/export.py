"""``export``: a Final Flickers turn-start position written as a PDDL domain and problem, for a classical planner."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from solver.base.answers import Answer
from solver.base.exit_codes import ExitCode
from solver.base.files import OutputError, check_target, write_file
from solver.nightcage.endgame.pddl import ExportError, PddlTask
from solver.nightcage.endgame.pddl import export as pddl_task
from solver.nightcage.model.state import GameState

DOMAIN, PROBLEM = "domain.pddl", "problem.pddl"


def export(state: GameState, directory: Path, inputs: Iterable[str | Path] = ()) -> Answer:
    """Write ``directory/domain.pddl`` and ``directory/problem.pddl`` (the directory is created if missing).

    The document names the files, counts the cells, maps each PDDL prisoner
    object to its prisoner's name and says who is to play; ``Answer.value``
    is the :class:`PddlTask`. Raises :class:`ExportError` (nothing written)
    when the position is not a turn start with an empty pile and standard
    pieces, :class:`OutputError` when a file may not be written (a link, one
    of ``inputs``: see :mod:`solver.base.files`; nothing written then) and
    ``OSError`` when the directory cannot be made.
    """
    task = pddl_task(state)
    directory.mkdir(parents=True, exist_ok=True)
    domain, problem = directory / DOMAIN, directory / PROBLEM
    inputs = tuple(inputs)
    check_target(domain, inputs)
    check_target(problem, inputs)
    write_file(domain, task.domain, inputs)
    write_file(problem, task.problem, inputs)
    document = {
        "domain": str(domain),
        "problem": str(problem),
        "cells": len(task.cells),
        "prisoners": dict(zip(task.prisoner_objects, task.prisoners)),
        "active": task.prisoners[task.turn],
        "cost": "turns",
    }
    return Answer(ExitCode.OK, document, task)


__all__ = ["DOMAIN", "PROBLEM", "ExportError", "OutputError", "PddlTask", "export"]
