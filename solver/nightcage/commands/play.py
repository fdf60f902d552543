"""``play``: one whole seeded game from the standard setup, played by a policy, and its record.

``control.limits.seed`` fixes the game (the pile's order and the policy's
choices); ``control.limits.time_limit`` bounds each decision of the bots
(``bot`` and ``classic``; none when None, and the game is then the same on
every machine). A game takes seconds: it reports no progress and is not
stopped early.
"""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.control import NO_CONTROL, Control
from solver.base.exit_codes import ExitCode
from solver.nightcage.bot.policy import DEFAULT_SAMPLES as CLASSIC_SAMPLES
from solver.nightcage.bot.search import DEFAULT_SAMPLES as SEARCH_SAMPLES
from solver.nightcage.play.autoplay import POLICIES, BotOptions, PlayedGame, play_game, record_json


def play(*, prisoners: int = 4, policy: str = "bot", samples: int | None = None, control: Control = NO_CONTROL) -> Answer:
    """The game (``Answer.value`` is a :class:`PlayedGame`); the document is its record, a v1 position whose
    meta holds the seed, the policy, the result and every action (``lueur apply`` replays it).

    ``samples``: the bot's sampled pile orders per branch of the next draw
    (:data:`SEARCH_SAMPLES` when None), or the classic bot's per option
    (:data:`CLASSIC_SAMPLES`). Exit 0 when the prisoners escape, 1 when they lose.
    """
    limits = control.limits
    game = play_game(limits.seed, prisoners, policy, BotOptions(samples, limits.time_limit))
    return Answer(ExitCode.OK if game.result == "win" else ExitCode.NO, record_json(game), game)


__all__ = ["CLASSIC_SAMPLES", "POLICIES", "SEARCH_SAMPLES", "PlayedGame", "play"]
