"""``hint``: the best choice for the decision at hand, its evaluation and the runner-ups."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.base.answers import Answer
from solver.base.exit_codes import ExitCode
from solver.base.limits import NO_LIMITS, Limits
from solver.nightcage.model.state import GameState
from solver.nightcage.play.hint import hint as best_choice
from solver.nightcage.play.playouts import POLICIES


def hint(
    state: GameState,
    *,
    policy: str = "greedy",
    limits: Limits = NO_LIMITS,
    progress: Callable[[dict[str, Any]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    announce: bool = True,
) -> Answer:
    """The hint (``Answer.value`` is a :class:`solver.nightcage.play.hint.Hint`).

    The choices the exact stage leaves unsettled are estimated by a lookahead with the search bot's
    learned evaluation; ``limits.playouts`` plays them out instead, that many times each with
    ``policy`` (reproducible whatever the machine's speed), and ``policy`` plays out the positions
    the lookahead cannot value.
    Raises :class:`solver.base.errors.NoDecision` when the position awaits no decision.
    """
    result = best_choice(state, limits=limits, policy=policy, progress=progress, should_stop=should_stop, announce=announce)
    return Answer(ExitCode.OK, result.as_json(), result)

__all__ = ["POLICIES", "hint"]
