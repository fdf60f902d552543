"""``lueur``: show, check, adjudicate and convert Night Cage positions.

Each command loads a position (JSON, TOML scenario or one-line notation; ``-``
reads stdin), calls the library, prints the result and chooses the exit code.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from solver import __version__
from solver.rules.adjudicate import adjudicate
from solver.core.errors import PositionError, Problem
from solver.notation.forms import dump, load_text
from solver.notation.position_json import Position, to_json
from solver.present.reports import adjudication_json, awaits, legal_json

from .options import file_argument, json_option
from .output import BAD_INPUT, EXIT_CODES_HELP, OK, Exit, emit_json, err, guarded, out
from .text import adjudication_text, check_text, legal_text, odds_text


@click.group(epilog=EXIT_CODES_HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lueur")
def cli() -> None:
    """Lueur: rules engine, adjudicator and solver for The Night Cage (Piège obscur).

    \b
    Examples:
      lueur show scenarios/rulebook-wax-eater-sight.toml
      lueur legal position.json --explain
      lueur apply position.json "move N" "discard e2"
      lueur convert position.json --to line
    """


def load(file: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read FILE ('-' for stdin) in any of the three position forms."""
    if file == "-":
        text = sys.stdin.read()
        return load_text(text, None, lenient)
    try:
        with open(file, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {file}: {exc.strerror}")]) from None
    except UnicodeDecodeError:
        raise PositionError([Problem("file", f"{file} is not UTF-8 text")]) from None
    return load_text(text, file, lenient)


@cli.command()
@file_argument
@click.option("--graph", is_flag=True, help="Also report reachability, distances and cut tiles.")
@json_option
@guarded
def show(file: str, graph: bool, as_json: bool) -> None:
    """Draw the board: passages, pits, monsters and their sight, prisoners, pile."""
    from solver.present.render import render

    pos, warnings = load(file)
    report = None
    if graph:
        from solver.present.graph import analyse

        report = analyse(pos.state)
    if as_json:
        doc: dict[str, Any] = {"position": to_json(pos.state, pos.meta), "board": render(pos.state, pos.meta), "awaits": awaits(pos.state)}
        if report is not None:
            from solver.present.graph import report_json

            doc["graph"] = report_json(report)
        emit_json(doc)
        return
    out(render(pos.state, pos.meta))
    out(f"Now: {awaits(pos.state)}")
    if report is not None:
        from solver.present.graph import report_text

        out()
        out(report_text(report))


@cli.command()
@file_argument
@json_option
@guarded
def check(file: str, as_json: bool) -> None:
    """Validate a position; list every problem with where it is (exit 0 or 2)."""
    try:
        pos, warnings = load(file)
    except PositionError as exc:
        if as_json:
            emit_json({"valid": False, "problems": [p.as_json() for p in exc.problems]})
        else:
            out(check_text(file, exc.problems))
        raise Exit(BAD_INPUT) from None
    if as_json:
        emit_json({"valid": True, "problems": [], "warnings": [w.as_json() for w in warnings]})
    else:
        out(check_text(file, []))
    raise Exit(OK)


@cli.command()
@file_argument
@click.option("--explain", is_flag=True, help="Also list each refused candidate with the reason.")
@json_option
@guarded
def legal(file: str, explain: bool, as_json: bool) -> None:
    """List the legal actions of the decision the position awaits."""
    pos, _ = load(file)
    doc = legal_json(pos.state, explain)
    if as_json:
        emit_json(doc)
    else:
        out(legal_text(doc))


@cli.command(name="apply")
@file_argument
@click.argument("actions", nargs=-1, required=True)
@json_option
@guarded
def apply_command(file: str, actions: tuple[str, ...], as_json: bool) -> None:
    """Adjudicate ACTIONS step by step, citing the rulebook and naming rulings.

    An illegal action is refused with the reason and the legal alternatives
    (exit 2). Where the result depends on a ruling, the other reading's
    outcome is shown too.
    """
    pos, _ = load(file)
    result = adjudicate(pos.state, list(actions))
    if as_json:
        emit_json(adjudication_json(result, pos.meta))
    else:
        out(adjudication_text(result, pos.meta))
    if result.refused is not None:
        if not as_json:
            err(f"lueur: refused: {result.refused.action}: {result.refused.reason}")
        raise Exit(BAD_INPUT)


@cli.command()
@file_argument
@click.option("--to", "form", type=click.Choice(["json", "toml", "line"]), required=True, help="Output form.")
@json_option
@guarded
def convert(file: str, form: str, as_json: bool) -> None:
    """Convert a position between JSON, the TOML scenario form and the one-line notation."""
    pos, _ = load(file)
    text = dump(pos.state, pos.meta, form)
    if as_json:
        emit_json({"form": form, "output": text, "position": to_json(pos.state, pos.meta)})
    else:
        out(text.rstrip("\n"))


def main() -> None:
    cli(prog_name="lueur")


@cli.command()
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
    from solver.endgame.solving import is_chance, solve_chance_position, solve_position

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
        out(report.text(state, pos.meta, boards))
    raise Exit(report.exit_code)


from cli.export import export  # noqa: E402
cli.add_command(export)
from cli.play import play  # noqa: E402
cli.add_command(play)


@cli.command()
@file_argument
@click.option("--draws", type=click.IntRange(min=1), default=1, show_default=True, help="How many of the next draws.")
@json_option
@guarded
def odds(file: str, draws: int, as_json: bool) -> None:
    """Exact odds of the next draws from the pile's known contents.

    For each tile type: the chance of at least one among the next DRAWS tiles
    and the expected number; and the risks to the gates and keys the group
    needs if those tiles are burnt, or if the next attack burns 3.
    """
    from solver.chance.odds import position_odds

    pos, _ = load(file)
    result = position_odds(pos.state, draws)
    if as_json:
        emit_json(result.as_json())
        return
    out(odds_text(result))


from cli.analyze import analyze  # noqa: E402
from cli.hint import hint  # noqa: E402

cli.add_command(analyze)
cli.add_command(hint)

from cli.engine import engine  # noqa: E402

cli.add_command(engine)
from cli.serve import serve  # noqa: E402

cli.add_command(serve)
from cli.generate import generate, grade  # noqa: E402

cli.add_command(generate)
cli.add_command(grade)
