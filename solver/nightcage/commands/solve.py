"""``solve``: can the group still regroup at a gate before the last light, and how?

A deterministic position (an empty pile, or a pile of known order) goes to the
exact planners; a pile of unknown order to the expectimax (the exact chance of
winning). ``after`` plays some actions first and answers the position they
lead to.

One :class:`~solver.base.control.Control` steers it: ``limits.time_limit``
(per engine), ``limits.max_nodes`` and ``limits.max_positions``
(:data:`DEFAULT_LIMITS` for those left None), progress reports and a stop
request. A limit reached, or a stop, answers UNKNOWN, exit 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from solver.base.answers import Answer, OptionError
from solver.base.control import Control, Progress, ShouldStop, folded
from solver.base.errors import IllegalActionError
from solver.base.limits import Limits
from solver.base.named import load
from solver.nightcage.chance.answer import ChanceReport, is_chance
from solver.nightcage.endgame.plan import Objective, PlanTurn
from solver.nightcage.endgame.solving import Engine, SolveReport, solve_position
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.adjudicate import play

if TYPE_CHECKING:  # the named look-up below, as an import the layer contracts check (none at run time)
    from solver.nightcage.chance.solving import solve_chance_position  # noqa: F401

ENGINES = tuple(e.value for e in Engine)
OBJECTIVES = tuple(o.value for o in Objective)
DEFAULT_TIME_LIMIT = 10.0
DEFAULT_MAX_NODES = 2_000_000
DEFAULT_LIMITS = Limits(time_limit=DEFAULT_TIME_LIMIT, max_nodes=DEFAULT_MAX_NODES)
"""Used for a limit the caller leaves out (the command line sets its own). The memory budget is left to each
search: :data:`solver.base.limits.DEFAULT_MAX_POSITIONS`, or :data:`~solver.base.limits.DEFAULT_COMPILED_MAX_POSITIONS`
for the compiled end-game search and the compiled oracle's memory."""
DEFAULT_CONTROL = Control(DEFAULT_LIMITS)
EXPECTIMAX = "solver.nightcage.chance.solving:solve_chance_position"
"""The planner of a pile of unknown order, named and imported when such a position comes: the expectimax,
the simulator and the odds it loads are not needed by a deterministic position, and ``lueur solve`` of one
starts without them (tests/nightcage/commands/test_solve_imports.py holds the name to the function)."""


def solve(
    state: GameState,
    *,
    engine: str = Engine.SEARCH,
    objective: str = Objective.TURNS,
    control: Control = DEFAULT_CONTROL,
    after: Sequence[str] = (),
    boards: bool = False,
    limits: Limits | None = None,
    progress: Progress | None = None,
    should_stop: ShouldStop | None = None,
    workers: int = 1,
) -> Answer:
    """The planners' answer (see the module doc); ``Answer.value`` is the report, ``Answer.state`` the position solved.

    Raises :class:`IllegalActionError` when an action of ``after`` is refused,
    and :class:`OptionError` when CP-SAT is asked about a pile of unknown order.
    The control's progress first gets one line saying what runs within which
    limits, then the search's own reports. ``limits``, ``progress`` and
    ``should_stop`` are the transitional keywords of :func:`solver.base.control.folded`. ``workers``: worker
    processes for a pile of unknown order (:mod:`solver.nightcage.chance.split`; forked, so only from a
    process with no other threads at work).
    """
    control = folded(control, limits, progress, should_stop).within(DEFAULT_LIMITS)
    if after:
        played = play(state, list(after))  # the position they lead to; the other readings are not asked
        if played.refused is not None:
            raise IllegalActionError(played.refused.action, played.refused.reason, list(played.refused.legal))
        state = played.state
    chance = is_chance(state)
    if chance and engine == Engine.CPSAT:
        raise OptionError("engine", "the pile's order is unknown; CP-SAT answers deterministic positions only "
                                    "(search or both: the expectimax answers piles of unknown order)")
    within = control.limits
    control.report({"stage": "starting", "planner": "expectimax" if chance else engine, "proven": False,
                    "time_limit": within.time_limit, "max_nodes": within.max_nodes, "max_positions": within.max_positions})
    report: SolveReport | ChanceReport
    if chance:
        report = load(EXPECTIMAX)(state, engine=engine, limits=within, should_stop=control.should_stop, workers=workers)
    else:
        report = solve_position(state, engine=engine, objective=objective, limits=within, progress=control.progress,
                                should_stop=control.should_stop)
    return Answer(report.exit_code, report.as_json(state, boards), report, state)


__all__ = ["DEFAULT_CONTROL", "DEFAULT_LIMITS", "DEFAULT_MAX_NODES", "DEFAULT_TIME_LIMIT", "ENGINES", "OBJECTIVES", "ChanceReport",
           "GameState", "PlanTurn", "SolveReport", "solve"]
