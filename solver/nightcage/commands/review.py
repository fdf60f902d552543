"""``review``: a game record replayed, its costliest decisions by the bot's estimates, and where it was lost.

One :class:`~solver.base.control.Control` steers it: ``limits.seed`` seeds the
bot's samples, ``limits.time_limit`` bounds the end-game oracle at each Final
Flickers turn start (:data:`DEFAULT_ORACLE_SECONDS` when None), and a stop
request leaves the oracle's remaining questions unanswered ("unknown"). It
reports no progress: the bot's estimates take seconds, not minutes.
"""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.control import NO_CONTROL, Control
from solver.base.exit_codes import ExitCode
from solver.nightcage.notation.position_json import Position
from solver.nightcage.play.game_record import read_record
from solver.nightcage.play.review import DEFAULT_ORACLE_SECONDS, DEFAULT_SAMPLES, DEFAULT_TOP, Review, ReviewedDecision
from solver.nightcage.play.review import review as review_game


def review(position: Position, *, top: int = DEFAULT_TOP, samples: int = DEFAULT_SAMPLES, control: Control = NO_CONTROL) -> Answer:
    """The review of a game record read as a position (``Answer.value`` is a :class:`Review`).

    ``samples``: the bot's sampled pile orders per branch of the next draw.
    Raises :class:`solver.base.errors.PositionError` (with the field: ``meta.format``,
    ``meta.actions[k]``) when the position is not a record or an action does not apply.
    """
    limits = control.limits
    seconds = DEFAULT_ORACLE_SECONDS if limits.time_limit is None else limits.time_limit
    record = read_record(position.state, position.meta)
    result = review_game(record, top=top, samples=samples, seed=limits.seed, oracle_seconds=seconds, should_stop=control.should_stop)
    return Answer(ExitCode.OK, result.as_json(), result)


__all__ = ["DEFAULT_ORACLE_SECONDS", "DEFAULT_SAMPLES", "DEFAULT_TOP", "Review", "ReviewedDecision", "review"]
