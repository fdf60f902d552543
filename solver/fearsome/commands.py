"""The Fearsome Floors commands, once for every front end: show, new and render; the forecast, the safe
moves and the race.

Each returns an :class:`~solver.base.answers.Answer`. The analyses take a
position of the second game (:class:`solver.fearsome.model.state.Position`);
their document is the analysis's ``as_json()`` (``lueur ff forecast --json``
prints it; the protocol's ``ff.forecast`` sends it as ``result``) and their
value is the analysis itself, for the command line's text and pictures.
"""

from __future__ import annotations

import random
from typing import Any

from solver.base.answers import Answer, OptionError
from solver.base.errors import LueurError
from solver.base.exit_codes import ExitCode
from solver.fearsome.analysis.forecast import Forecast, forecast
from solver.fearsome.analysis.race import race
from solver.fearsome.analysis.safe_moves import RankingError, rank_moves
from solver.fearsome.model import setups
from solver.fearsome.model.state import Phase, Position
from solver.fearsome.notation import position_json as notation
from solver.fearsome.present.drawing import draw
from solver.fearsome.present.pictures import tile_svg
from solver.fearsome.present.status import next_draw_text, status_text

TILE_NAMES = notation.TILE_NAMES
"""The tombstone tiles by name, as ``render``'s ``tile`` takes them."""
DEFAULT_SCENERY_SEED = 1
"""The advanced game's random placement when the caller gives no seed."""


def ff_show(position: Position) -> Answer:
    """The position, the board as text, and the state in words (``status``: whose turn, what comes next)."""
    lines = [status_text(position)]
    if next_draw_text(position):
        lines.append(next_draw_text(position))
    return Answer(ExitCode.OK, {"position": notation.to_json(position), "board": draw(position), "status": lines})


def ff_new(players: int, *, advanced: bool = False, seed: int | None = None) -> Answer:
    """A starting position for ``players`` (2 to 7): the basic layout, or with ``advanced`` the 17 scenery
    pieces placed at random from ``seed`` (:data:`DEFAULT_SCENERY_SEED` when None). The document is the
    position; ``Answer.value`` the same written compactly, as a file holds it."""
    scenery = setups.random_scenery(random.Random(DEFAULT_SCENERY_SEED if seed is None else seed)) if advanced else None
    document: dict[str, Any] = notation.to_json(setups.new_game(players, scenery=scenery))
    if advanced:
        document["advanced"] = True
    return Answer(ExitCode.OK, document, notation.compact(document))


def ff_render(position: Position, *, title: str, tile: str | None = None) -> Answer:
    """The board as an SVG picture titled ``title``; with ``tile`` (one of :data:`TILE_NAMES`), the monster's
    path for that tombstone tile and the squares where pawns die. ``Answer.value`` is the SVG text."""
    svg = tile_svg(position, title, tile)
    return Answer(ExitCode.OK, {"format": "svg", "board": svg}, svg)


def ff_forecast(position: Position) -> Answer:
    """Each tile the next monster phase may draw, the monster's walk for it, and each pawn's exact danger."""
    result = forecast(position)
    return Answer(ExitCode.OK, result.as_json(), result)


def ff_moves(position: Position, pawn: str | None = None, worst_case: bool = False, lure: str | None = None,
             limit: int | None = None) -> Answer:
    """Every end of ``pawn`` (default: every pawn the player to move may move), best first.

    ``limit`` keeps the first ``limit`` moves (the document's ``total`` still counts them all). A question
    the position cannot answer (no such pawn, a lure of one's own, no pawn phase) is an
    :class:`OptionError` naming the option, or a plain error when no option is to blame; both exit 2.
    """
    try:
        ranking = rank_moves(position, pawn, worst_case=worst_case, lure=lure)
    except RankingError as exc:
        raise _ranking_error(position, str(exc), lure) from None
    document = ranking.as_json()
    document["total"] = len(ranking.moves)
    if limit is not None:
        document["moves"] = document["moves"][:limit]
    return Answer(ExitCode.OK, document, ranking)


def ff_race(position: Position) -> Answer:
    """The fewest pawn phases each pawn in play needs to get out, and who can still make it in time."""
    report = race(position)
    return Answer(ExitCode.OK, report.as_json(), report)


def _ranking_error(position: Position, message: str, lure: str | None) -> LueurError:
    if position.phase is not Phase.PAWNS:
        return LueurError(message)  # no option is to blame: no pawn moves in this phase
    if lure is not None and message.startswith("lure "):
        return OptionError("lure", message.removeprefix("lure "))
    return OptionError("pawn", message)


__all__ = ["DEFAULT_SCENERY_SEED", "TILE_NAMES", "Forecast", "ff_forecast", "ff_moves", "ff_new", "ff_race", "ff_render",
           "ff_show"]
