"""The Fearsome Floors analyses, once for every front end: the forecast, the safe moves and the race.

Each takes a position of the second game (:class:`solver.fearsome.model.state.Position`)
and returns an :class:`~solver.base.answers.Answer` whose document is the
analysis's ``as_json()`` (``lueur ff forecast --json`` prints it; the protocol's
``ff.forecast`` sends it as ``result``) and whose value is the analysis itself,
for the command line's text and pictures.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.answers import Answer, OptionError
from solver.base.errors import LueurError
from solver.base.exit_codes import ExitCode
from solver.fearsome.analysis.forecast import forecast
from solver.fearsome.analysis.race import race
from solver.fearsome.analysis.safe_moves import RankingError, rank_moves
from solver.fearsome.model.state import Phase, Position


def ff_forecast(position: Position) -> Answer:
    """Each tile the next monster phase may draw, the monster's walk for it, and each pawn's exact danger."""
    result = forecast(position)
    return Answer(ExitCode.OK, result.as_json(), result)


def _never() -> bool:
    return False


def ff_moves(position: Position, pawn: str | None = None, worst_case: bool = False, lure: str | None = None,
             limit: int | None = None, should_stop: Callable[[], bool] = _never) -> Answer:
    """Every end of ``pawn`` (default: every pawn the player to move may move), best first.

    ``limit`` keeps the first ``limit`` moves (the document's ``total`` still counts them all). Once
    ``should_stop`` answers true (a time limit, a cancel) the worst cases not yet scored are left out, the
    moves rank by what was scored, and the exit code is 3 (a limit reached). A question
    the position cannot answer (no such pawn, a lure of one's own, no pawn phase) is an
    :class:`OptionError` naming the option, or a plain error when no option is to blame; both exit 2.
    """
    try:
        ranking = rank_moves(position, pawn, worst_case=worst_case, lure=lure, should_stop=should_stop)
    except RankingError as exc:
        raise _ranking_error(position, str(exc), lure) from None
    document = ranking.as_json()
    document["total"] = len(ranking.moves)
    if limit is not None:
        document["moves"] = document["moves"][:limit]
    return Answer(ExitCode.LIMIT if ranking.cut_short else ExitCode.OK, document, ranking)


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
