"""``solve``: can the group still regroup at a gate before the last light, and how?

A deterministic position (an empty pile, or a pile of known order) goes to the
exact planners; a pile of unknown order to the expectimax (the exact chance of
winning). ``after`` plays some actions first and answers the position they
lead to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from solver.base.answers import Answer, OptionError
from solver.base.errors import IllegalActionError
from solver.base.limits import DEFAULT_MAX_POSITIONS, Limits
from solver.nightcage.chance.solving import ChanceReport, is_chance, solve_chance_position
from solver.nightcage.endgame.plan import Objective
from solver.nightcage.endgame.solving import Engine, SolveReport, solve_position
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.adjudicate import play

ENGINES = tuple(e.value for e in Engine)
OBJECTIVES = tuple(o.value for o in Objective)
DEFAULT_TIME_LIMIT = 10.0
DEFAULT_MAX_NODES = 2_000_000
DEFAULT_LIMITS = Limits(time_limit=DEFAULT_TIME_LIMIT, max_nodes=DEFAULT_MAX_NODES, max_positions=DEFAULT_MAX_POSITIONS)
"""Used for a limit the caller leaves out (the command line sets its own)."""


def solve(
    state: GameState,
    *,
    engine: str = Engine.SEARCH,
    objective: str = Objective.TURNS,
    limits: Limits = DEFAULT_LIMITS,
    after: Sequence[str] = (),
    boards: bool = False,
    progress: Callable[[dict[str, Any]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Answer:
    """The planners' answer (see the module doc); ``Answer.value`` is the report, ``Answer.state`` the position solved.

    Raises :class:`IllegalActionError` when an action of ``after`` is refused,
    and :class:`OptionError` when CP-SAT is asked about a pile of unknown order.
    ``progress`` first gets one line saying what runs within which limits,
    then the search's own reports.
    """
    if after:
        played = play(state, list(after))  # the position they lead to; the other readings are not asked
        if played.refused is not None:
            raise IllegalActionError(played.refused.action, played.refused.reason, list(played.refused.legal))
        state = played.state
    time_limit = DEFAULT_TIME_LIMIT if limits.time_limit is None else limits.time_limit
    max_nodes = DEFAULT_MAX_NODES if limits.max_nodes is None else limits.max_nodes
    max_positions = DEFAULT_MAX_POSITIONS if limits.max_positions is None else limits.max_positions
    limits = replace(limits, time_limit=time_limit, max_nodes=max_nodes, max_positions=max_positions)
    chance = is_chance(state)
    if chance and engine == Engine.CPSAT:
        raise OptionError("engine", "the pile's order is unknown; CP-SAT answers deterministic positions only "
                                    "(search or both: the expectimax answers piles of unknown order)")
    if progress is not None:
        progress({"stage": "starting", "planner": "expectimax" if chance else engine, "proven": False, "time_limit": time_limit,
                  "max_nodes": max_nodes, "max_positions": max_positions})
    report: SolveReport | ChanceReport
    if chance:
        report = solve_chance_position(state, engine=engine, limits=limits, should_stop=should_stop)
    else:
        report = solve_position(state, engine=engine, objective=objective, limits=limits, progress=progress, should_stop=should_stop)
    return Answer(report.exit_code, report.as_json(state, boards), report, state)
