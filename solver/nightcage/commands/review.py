"""``review``: a game record replayed, its costliest decisions by the bot's estimates, and where it was lost."""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.exit_codes import ExitCode
from solver.nightcage.notation.position_json import Position
from solver.nightcage.play.game_record import read_record
from solver.nightcage.play.review import DEFAULT_ORACLE_SECONDS, DEFAULT_SAMPLES, DEFAULT_TOP
from solver.nightcage.play.review import review as review_game


def review(position: Position, *, top: int = DEFAULT_TOP, samples: int = DEFAULT_SAMPLES, seed: int = 0,
           oracle_seconds: float = DEFAULT_ORACLE_SECONDS) -> Answer:
    """The review of a game record read as a position (``Answer.value`` is a :class:`solver.nightcage.play.review.Review`).

    Raises :class:`solver.base.errors.PositionError` (with the field: ``meta.format``,
    ``meta.actions[k]``) when the position is not a record or an action does not apply.
    """
    record = read_record(position.state, position.meta)
    result = review_game(record, top=top, samples=samples, seed=seed, oracle_seconds=oracle_seconds)
    return Answer(ExitCode.OK, result.as_json(), result)


__all__ = ["DEFAULT_ORACLE_SECONDS", "DEFAULT_SAMPLES", "DEFAULT_TOP", "review"]
