"""``lueur render``: the board as a picture, SVG or PNG (optionally with a solved plan's walks drawn on it)."""

from __future__ import annotations

from pathlib import Path

import click

from cli.nightcage.files import load
from cli.options import file_argument
from cli.output import Exit, err, guarded, out_document, picture_suffix
from solver.base.control import Control
from solver.base.exit_codes import ExitCode
from solver.base.limits import Limits
from solver.base.svg.png import svg_to_png
from solver.nightcage.commands.solve import GameState, SolveReport
from solver.nightcage.commands.solve import solve as solve_command
from solver.nightcage.present.frames import plan_walks
from solver.nightcage.present.svg_board import Overlays, board_svg

from .pictures import title_of, write_file

PLAN_TIME_LIMIT = 60.0
"""--plan searches as long as ``lueur solve`` does by default."""


@click.command()
@file_argument
@click.option("-o", "--output", metavar="OUT", help="OUT.svg or OUT.png; without it, the SVG goes to stdout.")
@click.option("--sight/--no-sight", default=True, show_default=True, help="Draw the monsters' lines of sight.")
@click.option("--light", is_flag=True, help="Draw the cells each prisoner lights, in its colour.")
@click.option("--plan", is_flag=True, help="Solve first (search planner) and draw each prisoner's whole walk.")
@click.option("--time-limit", type=click.FloatRange(min=0), default=PLAN_TIME_LIMIT, show_default=True,
              help="Seconds the --plan search may take.")
@click.option("--zoom", type=click.FloatRange(min=0.1, max=16), default=2.0, show_default=True,
              help="PNG only: pixels per SVG unit.")
@guarded
def render(file: str, output: str | None, sight: bool, light: bool, plan: bool, time_limit: float, zoom: float) -> None:
    """Draw the board as a picture: SVG, or PNG with the extra lueur[png].

    The output's type follows its suffix (.svg or .png). With --plan, the
    position is solved first and each prisoner's walk along the optimal plan
    is drawn; when there is no plan to draw (the position is lost, the search
    reached its limit, or the pile's order is unknown) nothing is written,
    the reason goes to stderr and the exit code is solve's (1, 3 or 2).

    A file of another game (its `format` or `game` field says so, see
    `lueur games`) is drawn by that game's own `render`.

    \b
    Examples:
      lueur render scenarios/rulebook/wax-eater-sight.toml -o wax-eater.svg
      lueur render scenarios/rulebook/wax-eater-sight.toml --light -o wax-eater.png
      lueur render scenarios/endgames/06-charge-through.toml --plan -o charge.svg
    """
    suffix = picture_suffix(output)
    pos, _ = load(file)
    paths = _plan_paths(pos.state, time_limit) if plan else ()
    svg = board_svg(pos.state, title=title_of(pos.meta, file), overlays=Overlays(sight=sight, light=light, paths=paths))
    if output is None:
        out_document(svg.rstrip("\n"))
        return
    data = svg_to_png(svg, zoom) if suffix == ".png" else svg.encode("utf-8")
    write_file(Path(output), data, (file,))
    err(f"lueur: wrote {output}")


def _plan_paths(state: GameState, time_limit: float) -> tuple[tuple[int, tuple[int, ...]], ...]:
    limits = Limits(time_limit=time_limit)
    answer = solve_command(state, engine="search", control=Control(limits))
    report = answer.value
    if not isinstance(report, SolveReport):
        err("lueur: --plan: the pile's order is unknown, so there is no single plan to draw "
            "(lueur solve gives the chance of winning); nothing written")
        raise Exit(ExitCode.BAD_INPUT)
    solution = report.primary
    if solution.verdict != "win":
        err(f"lueur: --plan: no plan to draw: {solution.verdict.upper()}" + (f" ({solution.reason})" if solution.reason else "")
            + "; nothing written")
        raise Exit(answer.exit_code)
    return plan_walks(state, solution.plan)
