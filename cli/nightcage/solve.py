"""``lueur solve``: can the group still regroup at a gate before the last light, and how?"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import Exit, emit_json, err, guarded, out
from solver.base.control import Control
from solver.base.errors import IllegalActionError
from solver.base.exit_codes import ExitCode
from solver.base.limits import DEFAULT_COMPILED_MAX_POSITIONS, DEFAULT_MAX_POSITIONS, Limits
from solver.base.named import load as load_named
from solver.base.workers import usable_cpus
from solver.nightcage.commands.solve import ENGINES, OBJECTIVES, SolveReport
from solver.nightcage.commands.solve import solve as solve_command
from solver.nightcage.present.answers import answer_text

from .picture_options import render_format_option, render_option, title_of

if TYPE_CHECKING:  # the named look-up below, as an import the layer contracts check (none at run time)
    from cli.nightcage.pictures import render_plan  # noqa: F401

RENDER_PLAN = "cli.nightcage.pictures:render_plan"
"""``--render``'s pictures, named: the board drawing they need loads only when they are asked for."""


@click.command()
@file_argument
@click.option("--engine", type=click.Choice(ENGINES), default="search", show_default=True,
              help="Which exact planner answers; 'both' runs both and checks they agree.")
@click.option("--objective", type=click.Choice(OBJECTIVES), default="turns", show_default=True,
              help="turns: fewest turns, then fewest Nerve; nerve: fewest Nerve, then fewest turns.")
@click.option("--time-limit", type=click.FloatRange(min=0), default=60.0, show_default=True, help="Seconds per engine.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=2_000_000, show_default=True, help="Search positions to expand.")
@click.option("--max-positions", type=click.IntRange(min=1), default=None,
              help=f"Positions the search may keep in memory at once: {DEFAULT_MAX_POSITIONS:,} when not given, "
                   f"{DEFAULT_COMPILED_MAX_POSITIONS:,} for the compiled end-game search and oracle (their positions weigh far less); "
                   "about 2 KB each at most; exit 3 past it.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes sharing out the choices of a pile of unknown order (the same answer for any number "
                   "from two)  [default: the CPUs this process may use]")
@click.option("--boards", is_flag=True, help="Draw the board after each turn of the plan.")
@click.option("--after", "after", multiple=True, metavar="ACTION",
              help="Apply this action first, then solve the position it leads to. "
                   "Repeat for several: --after 'move N' --after 'discard e2'.")
@render_option
@render_format_option
@json_option
@guarded
def solve(
    file: str, engine: str, objective: str, time_limit: float, max_nodes: int, max_positions: int | None, workers: int | None,
    boards: bool,
    after: tuple[str, ...], render_dir: str | None, render_format: str, as_json: bool,
) -> None:
    """Can the group still regroup at a gate before the last light, and how?

    Answers deterministic positions (Final Flickers, or a pile of known order)
    exactly: WIN with an optimal plan (exit 0), LOSE with the reason (exit 1),
    or UNKNOWN when a limit (time, nodes, or the memory budget of
    --max-positions) is reached (exit 3). With --engine both, a
    disagreement between the planners exits 4.

    On a pile of unknown order, the exact probability of winning under
    optimal play (expectimax over the draws): CERTAIN or POSSIBLE (exit 0),
    IMPOSSIBLE (exit 1), or UNKNOWN when the pile is too large to search
    within the limits (exit 3). With two workers or more, each choice still
    open after a short search is solved by a worker of its own (one choice
    alone open: each option or draw just below it), with what is left of
    --max-nodes and --max-positions for itself, so that the positions
    counted can pass --max-nodes.
    """

    pos, _ = load(file)
    limits = Limits(time_limit=time_limit, max_nodes=max_nodes, max_positions=max_positions)
    try:
        answer = solve_command(pos.state, engine=engine, objective=objective, control=Control(limits), after=after, boards=boards,
                               workers=workers or usable_cpus())
    except IllegalActionError as exc:
        err(f"lueur: refused: {exc.action}: {exc.reason}")
        raise Exit(ExitCode.BAD_INPUT) from None
    if as_json:
        emit_json(answer.document)
    else:
        out(answer_text(answer.value, answer.state or pos.state, pos.meta, boards))
    if render_dir is not None:
        report = answer.value
        won = isinstance(report, SolveReport) and report.primary.verdict == "win"
        load_named(RENDER_PLAN)(render_dir, render_format, report.primary.plan if won else None, answer.state or pos.state,
                    title_of(pos.meta, file), (file,))
    raise Exit(answer.exit_code)
