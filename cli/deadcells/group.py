"""``lueur dc``: Dead Cells combats: check, show and adjudicate them; resolve, plan and draw them; the odds.

FILE is a combat position (``lueur-dc-combat/1``), JSON or the TOML form, as
docs/dead-cells.md describes; ``-`` reads standard input. CHOICE is the text
of an option the combat offers (``lueur dc show`` lists them). Problems are
reported with where they are, exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from cli.options import json_option
from cli.output import EXIT_CODES_HELP, Exit, emit_json, err, guarded, out, out_document, picture_suffix
from solver.base.exit_codes import ExitCode
from solver.base.files import OutputError, write_file
from solver.base.limits import Limits
from solver.base.svg.png import svg_to_png
from solver.deadcells import commands
from solver.deadcells.analyses.resolve import FILLS, Trace
from solver.deadcells.model.rulebook import cite
from solver.deadcells.notation.files import load_path, load_stream
from solver.deadcells.notation.position import Loaded

file_argument = click.argument("file", metavar="FILE")
choices_argument = click.argument("choices", metavar="[CHOICE]...", nargs=-1)
zoom_option = click.option("--zoom", type=click.FloatRange(min=0.1, max=16), default=2.0, show_default=True,
                           help="PNG only: pixels per SVG unit.")
fill_option = click.option("--fill", type=click.Choice(FILLS), default="none", show_default=True,
                           help="The choices left open: stop and say what is awaited (none), the plan's best, or the first option.")


def load(file: str) -> Loaded:
    """FILE ('-' for standard input) as a combat; PositionError (located problems) otherwise."""
    return load_stream(sys.stdin.buffer) if file == "-" else load_path(file)


@click.group(epilog=EXIT_CODES_HELP, context_settings={"help_option_names": ["-h", "--help"]})
def dc() -> None:
    """Dead Cells, the third game: its combat adjudicated, resolved and planned over the cards you enter.

    The rulebook prints no card and Lueur ships none: a combat file holds the
    cards you enter from your own copy (docs/dead-cells.md).

    \b
    Examples:
      lueur dc check scenarios/deadcells/rulebook-example.json
      lueur dc show scenarios/deadcells/two-players.toml
      lueur dc apply scenarios/deadcells/two-players.toml "play Ann slash parry" "play Bob parry"
      lueur dc resolve scenarios/deadcells/rulebook-example.json
      lueur dc plan scenarios/deadcells/two-players.toml
      lueur dc odds scenarios/deadcells/two-players.toml --checks 3
      lueur dc render scenarios/deadcells/rulebook-example.json --timeline -o dc-timeline.svg
    """


@dc.command()
@file_argument
@json_option
@guarded
def check(file: str, as_json: bool) -> None:
    """Validate a combat; list every problem with where it is (exit 0 or 2).

    \b
    Examples:
      lueur dc check scenarios/deadcells/rulebook-example.json
      lueur dc check scenarios/deadcells/two-players.toml --json
    """
    answer = commands.dc_check(lambda: load(file))
    if as_json:
        emit_json({"file": file, **answer.document})
    elif answer.exit_code == ExitCode.OK:
        asked = answer.document["awaiting"]
        out(f"{file}: valid combat" + (f"; it awaits: {asked['question']}" if asked else "; it is over"))
    else:
        problems = answer.value
        out(f"{file}: {answer.document['total']} problem{'s' if answer.document['total'] > 1 else ''}")
        for problem in problems:
            out(f"  {problem}")
    if answer.exit_code != ExitCode.OK:
        raise Exit(answer.exit_code)


@dc.command()
@file_argument
@choices_argument
@json_option
@guarded
def show(file: str, choices: tuple[str, ...], as_json: bool) -> None:
    """The combat after its choices (and CHOICEs): the enemies, the group space, each prisoner, and the choices it
    awaits.

    \b
    Examples:
      lueur dc show scenarios/deadcells/two-players.toml
      lueur dc show scenarios/deadcells/two-players.toml "play Ann slash parry" --json
    """
    answer = commands.dc_show(load(file), choices)
    if as_json:
        emit_json(answer.document)
        return
    out(answer.document["text"].rstrip("\n"))


@dc.command(name="apply")
@file_argument
@click.argument("choices", metavar="CHOICE...", nargs=-1, required=True)
@click.option("--cite", "citations", is_flag=True, help="Print each step's rulebook line, in French and in English.")
@click.option("-o", "--output", metavar="OUT", help="Write the position with the choices appended to OUT (JSON).")
@json_option
@guarded
def apply_command(file: str, choices: tuple[str, ...], citations: bool, output: str | None, as_json: bool) -> None:
    """Adjudicate CHOICEs one by one: what each does, every step citing the rulebook and naming its ruling.

    \b
    Examples:
      lueur dc apply scenarios/deadcells/two-players.toml "play Ann slash parry" "play Bob parry" --cite
      lueur dc apply scenarios/deadcells/two-players.toml "play Ann slash parry" -o dc-after.json
    """
    answer = commands.dc_apply(load(file), choices)
    if output is not None:
        _write(Path(output), (_json_text(answer.document["position"]) + "\n").encode("utf-8"), "-o", (file,))
        err(f"lueur: wrote {output}")
    if as_json:
        emit_json(answer.document)
        return
    for step in answer.document["steps"]:
        out(f"> {step['choice']}")
        for event in step["events"]:
            _event_lines(event["text"], event.get("cite", {}).get("key"), event.get("ruling"), citations)
    asked = answer.document["awaiting"]
    if asked is not None:
        out(f"Awaits {'a card revealed' if asked['kind'] == 'chance' else 'a choice'}: {asked['question']}")
        out("  " + " | ".join(asked["options"]))
    else:
        out("The combat is over.")


def _event_lines(text: str, key: str | None, ruling: str | None, citations: bool) -> None:
    tags = ([cite(key).where] if key else []) + ([ruling] if ruling else [])
    out(f"  {text}" + (f"  [{', '.join(tags)}]" if tags else ""))
    if citations and key:
        c = cite(key)
        out(f"      « {c.original} » ({c.english})")


def _json_text(document: object) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False)


@dc.command()
@file_argument
@choices_argument
@fill_option
@click.option("--cite", "citations", is_flag=True, help="Print each step's rulebook line, in French and in English.")
@click.option("--render", "picture", metavar="OUT", help="Also draw the combat's timeline to OUT.svg or OUT.png.")
@zoom_option
@json_option
@guarded
def resolve(file: str, choices: tuple[str, ...], fill: str, citations: bool, picture: str | None, zoom: float,
            as_json: bool) -> None:
    """The whole combat from its cards and choices, round by round: every action, hit, shield, state, kill and
    advance, each citing the rulebook; then the outcome.

    \b
    Examples:
      lueur dc resolve scenarios/deadcells/rulebook-example.json
      lueur dc resolve scenarios/deadcells/two-players.toml "play Ann slash parry" "play Bob parry" --fill plan
      lueur dc resolve scenarios/deadcells/rulebook-example.json --cite --render dc-example.svg
    """
    suffix = picture_suffix(picture, "--render")
    loaded = load(file)
    answer = commands.dc_resolve(loaded, choices, fill)
    trace: Trace = answer.value
    if picture is not None:
        svg = commands.dc_render(loaded, "timeline", choices, fill).document["svg"]
        _write(Path(picture), svg_to_png(svg, zoom) if suffix == ".png" else svg.encode("utf-8"), "--render", (file,))
        err(f"lueur: wrote {picture}")
    if as_json:
        emit_json(answer.document)
        return
    out(trace.text(citations).rstrip("\n"))


@dc.command()
@file_argument
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None, metavar="S",
              help="Stop the search after S seconds (exit 3).")
@click.option("--max-nodes", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop the search after N positions expanded (exit 3).")
@json_option
@guarded
def plan(file: str, time_limit: float | None, max_nodes: int | None, as_json: bool) -> None:
    """The group's best play with full information: which cards, who passes, every target and recipient; the
    objective is no death, then least damage taken, then most kills, then most loot. Exact, and replayed through
    the engine; in solo, averaged exactly over Serenade's unknown card.

    \b
    Examples:
      lueur dc plan scenarios/deadcells/two-players.toml
      lueur dc plan scenarios/deadcells/rulebook-example.json --json
    """
    answer = commands.dc_plan(load(file), Limits(time_limit=time_limit, max_nodes=max_nodes))
    if as_json:
        emit_json(answer.document)
        return
    out(answer.document["text"].rstrip("\n"))


@dc.command()
@file_argument
@click.option("--checks", type=click.IntRange(0, 20), default=0, show_default=True, metavar="N",
              help="Also the distribution of successes over N deck checks in a row.")
@json_option
@guarded
def odds(file: str, checks: int, as_json: bool) -> None:
    """Exact odds from the decks entered: each symbol's hand check (now and after the refill), deck check and a
    passer's reveal, the draws before a reshuffle, and in solo Serenade's next card.

    \b
    Examples:
      lueur dc odds scenarios/deadcells/two-players.toml
      lueur dc odds scenarios/deadcells/two-players.toml --checks 3 --json
    """
    answer = commands.dc_odds(load(file), checks)
    if as_json:
        emit_json(answer.document)
        return
    out(answer.value.text().rstrip("\n"))


@dc.command()
@file_argument
@choices_argument
@click.option("-o", "--output", metavar="OUT", help="OUT.svg or OUT.png; without it, the SVG goes to stdout.")
@click.option("--timeline", is_flag=True, help="Draw the resolved combat round by round instead of the board.")
@fill_option
@zoom_option
@guarded
def render(file: str, choices: tuple[str, ...], output: str | None, timeline: bool, fill: str, zoom: float) -> None:
    """Draw the combat board after its choices (and CHOICEs), or with --timeline the resolved combat, as SVG or PNG.

    \b
    Examples:
      lueur dc render scenarios/deadcells/two-players.toml -o dc-board.svg
      lueur dc render scenarios/deadcells/rulebook-example.json --timeline -o dc-timeline.png
    """
    suffix = picture_suffix(output, "-o")
    answer = commands.dc_render(load(file), "timeline" if timeline else "board", choices, fill)
    svg: str = answer.value
    if output is None:
        out_document(svg.rstrip("\n"))
        return
    _write(Path(output), svg_to_png(svg, zoom) if suffix == ".png" else svg.encode("utf-8"), "-o", (file,))
    err(f"lueur: wrote {output}")


def _write(path: Path, data: bytes, option: str, inputs: tuple[str, ...] = ()) -> None:
    """Write whole (:func:`solver.base.files.write_file`): never through a link, never over FILE."""
    try:
        write_file(path, data, inputs)
    except OutputError as exc:
        err(f"lueur: {option} {exc}")
        raise Exit(ExitCode.BAD_INPUT) from None

