"""``lueur solve``: can the group still regroup at a gate before the last light, and how?"""

from __future__ import annotations

from typing import Any

import click

from solver.chance.solving import is_chance, solve_chance_position
from solver.endgame.solving import solve_position
from solver.present.answers import answer_text
from solver.rules.adjudicate import adjudicate

from .options import file_argument, json_option, load
from .output import BAD_INPUT, Exit, emit_json, err, guarded, out


@click.command()
@file_argument
@click.option("--engine", type=click.Choice(["search", "cpsat", "both"]), default="search", show_default=True,
              help="Which exact planner answers; 'both' runs both and checks they agree.")
@click.option("--objective", type=click.Choice(["turns", "nerve"]), default="turns", show_default=True,
              help="turns: fewest turns, then fewest Nerve; nerve: fewest Nerve, then fewest turns.")
@click.option("--time-limit", type=click.FloatRange(min=0), default=60.0, show_default=True, help="Seconds per engine.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=2_000_000, show_default=True, help="Search positions to expand.")
@click.option("--boards", is_flag=True, help="Draw the board after each turn of the plan.")
@click.option("--after", "after", multiple=True, metavar="ACTION",
              help="Apply this action first (repeatable): solve the position it leads to.")
@json_option
@guarded
def solve(
    file: str, engine: str, objective: str, time_limit: float, max_nodes: int, boards: bool, after: tuple[str, ...], as_json: bool
) -> None:
    """Can the group still regroup at a gate before the last light, and how?

    Answers deterministic positions (Final Flickers, or a pile of known order)
    exactly: WIN with an optimal plan (exit 0), LOSE with the reason (exit 1),
    or UNKNOWN when a limit is reached (exit 3). With --engine both, a
    disagreement between the planners exits 4.

    On a pile of unknown order, the exact probability of winning under
    optimal play (expectimax over the draws): CERTAIN or POSSIBLE (exit 0),
    IMPOSSIBLE (exit 1), or UNKNOWN when the pile is too large to search
    within the limits (exit 3).
    """

    pos, _ = load(file)
    state = pos.state
    if after:
        played = adjudicate(state, list(after))
        if played.refused is not None:
            err(f"lueur: refused: {played.refused.action}: {played.refused.reason}")
            raise Exit(BAD_INPUT)
        state = played.state
    if is_chance(state):
        if engine == "cpsat":
            err("lueur: --engine cpsat: the pile's order is unknown; CP-SAT answers deterministic positions only "
                "(use --engine search or both: the expectimax answers piles of unknown order)")
            raise Exit(BAD_INPUT)
        report: Any = solve_chance_position(state, engine, time_limit, max_nodes)
    else:
        report = solve_position(state, engine, objective, time_limit, max_nodes)
    if as_json:
        emit_json(report.as_json(state, boards))
    else:
        out(answer_text(report, state, pos.meta, boards))
    raise Exit(report.exit_code)
