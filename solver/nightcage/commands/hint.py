"""``hint``: the best choice for the decision at hand, its evaluation and the runner-ups.

One :class:`~solver.base.control.Control` steers it: ``limits.time_limit``
(the time to think, 1 s when None), ``limits.playouts`` (playouts per choice,
reproducible, instead of playing until the time is up), ``limits.seed``,
``limits.max_positions`` (the exact stage's memory), progress reports (the
decision and its choices, then the ranking so far) and a stop request (the
ranking so far is the answer).
"""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.control import NO_CONTROL, Control, Progress, ShouldStop, folded
from solver.base.exit_codes import ExitCode
from solver.base.limits import Limits
from solver.nightcage.model.state import GameState
from solver.nightcage.play.hint import Hint
from solver.nightcage.play.hint import hint as best_choice
from solver.nightcage.play.playouts import POLICIES


def hint(
    state: GameState,
    *,
    policy: str = "greedy",
    control: Control = NO_CONTROL,
    announce: bool = True,
    limits: Limits | None = None,
    progress: Progress | None = None,
    should_stop: ShouldStop | None = None,
) -> Answer:
    """The hint (``Answer.value`` is a :class:`Hint`).

    The choices the exact stage leaves unsettled are estimated by a lookahead with the search bot's
    learned evaluation; ``limits.playouts`` plays them out instead, that many times each with
    ``policy`` (reproducible whatever the machine's speed), and ``policy`` plays out the positions
    the lookahead cannot value.
    Raises :class:`solver.base.errors.NoDecision` when the position awaits no
    decision. ``announce=False``: the caller already sent the first report
    (:func:`solver.nightcage.play.hint.opening`). ``limits``, ``progress`` and
    ``should_stop`` are the transitional keywords of :func:`solver.base.control.folded`.
    """
    control = folded(control, limits, progress, should_stop)
    result = best_choice(state, limits=control.limits, policy=policy, progress=control.progress, should_stop=control.should_stop,
                         announce=announce)
    return Answer(ExitCode.OK, result.as_json(), result)


__all__ = ["POLICIES", "Hint", "hint"]
