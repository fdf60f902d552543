"""``analyze``: the chance of escaping, between what a policy wins and what hindsight allows (Monte Carlo).

One :class:`~solver.base.control.Control` steers it, from the command line
and the engine protocol alike: ``limits.playouts`` games (:data:`DEFAULT_PLAYOUTS`
when None), ``limits.seed``, ``limits.time_limit`` for the whole analysis
(none when None), progress reports and a stop request. An analysis cut short
by its time limit or a stop still answers, from the playouts and orders done,
and exits 3 (``cut_short`` in the document says why).
"""

from __future__ import annotations

from solver.base.answers import Answer
from solver.base.control import NO_CONTROL, Control
from solver.base.exit_codes import ExitCode
from solver.base.limits import Limits
from solver.nightcage.model.state import GameState
from solver.nightcage.play.analyze import STOPPED, Analysis, analyze_position
from solver.nightcage.play.playouts import POLICIES

DEFAULT_PLAYOUTS = 1_000
"""Games played when the caller does not say (the command line asks for 10,000 by default)."""
DEFAULT_ORDERS = 200
DEFAULT_ORDER_NODES = 150
DEFAULT_ORDER_TIME = 2.0


def analyze(
    state: GameState, *, control: Control = NO_CONTROL, workers: int = 1, policy: str = "greedy", orders: int = DEFAULT_ORDERS,
    order_nodes: int = DEFAULT_ORDER_NODES, order_time: float | None = DEFAULT_ORDER_TIME,
) -> Answer:
    """The analysis (``Answer.value`` is an :class:`Analysis`); exit 0, or 3 when it was cut short.

    ``orders`` pile orders are sampled and solved as if known, each within
    ``order_nodes`` positions (reproducible) and ``order_time`` seconds (a
    safety cap); ``workers`` processes share the work (the answer is the same
    for a seed whatever their number).
    """
    control = control.within(Limits(playouts=DEFAULT_PLAYOUTS))
    analysis = analyze_position(state, control=control, workers=workers, policy=policy, orders=orders, order_time=order_time,
                                order_nodes=order_nodes)
    return Answer(ExitCode.LIMIT if analysis.cut_short else ExitCode.OK, analysis.as_json(), analysis)


__all__ = ["DEFAULT_ORDERS", "DEFAULT_ORDER_NODES", "DEFAULT_ORDER_TIME", "DEFAULT_PLAYOUTS", "POLICIES", "STOPPED", "Analysis",
           "analyze"]
