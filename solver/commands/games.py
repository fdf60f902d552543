"""``lueur games``: the games Lueur plays, each with its position format, its commands and its documentation."""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.exit_codes import ExitCode
from solver.games import games_json


def games() -> Answer:
    """Every game of the registry (:mod:`solver.games`), in its order: the first is the default."""
    listed = games_json()
    return Answer(ExitCode.OK, {"games": listed}, listed)
