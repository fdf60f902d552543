"""``lueur ff``: Fearsome Floors positions: show, check, start and draw them; forecast the monster, rank moves, race.

FILE is a position (``lueur-ff-position/1``) or a scenario holding one
(``lueur-ff-scenario/1``), as docs/fearsome-floors.md describes; ``-`` reads
standard input. Problems are reported with where they are, exit 2.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from cli.options import json_option
from cli.output import EXIT_CODES_HELP, Exit, emit_json, err, guarded, out, out_document, picture_suffix
from solver.base.errors import PositionError
from solver.base.exit_codes import ExitCode
from solver.base.odds import fraction_text
from solver.base.svg.png import svg_to_png
from solver.fearsome import commands as commands
from solver.fearsome.analysis.forecast import Forecast
from solver.fearsome.model import setups
from solver.fearsome.model.board import name
from solver.fearsome.notation import position_json as notation
from solver.fearsome.notation.files import Loaded, load_path, load_stream
from solver.fearsome.present.drawing import draw
from solver.fearsome.present.status import FACING_WORDS, next_draw_text, status_text
from solver.fearsome.present.svg import board_svg
from solver.fearsome.present.svg_paths import death_squares
from solver.fearsome.present.svg_pieces import fates, tile_words
from solver.fearsome.rules.monster import MonsterTrace, monster_phase

file_argument = click.argument("file", metavar="FILE")


def load(file: str) -> Loaded:
    """FILE ('-' for standard input) as a position; PositionError (located problems) otherwise."""
    return load_stream(sys.stdin.buffer) if file == "-" else load_path(file)


@click.group(epilog=EXIT_CODES_HELP, context_settings={"help_option_names": ["-h", "--help"]})
def ff() -> None:
    """Fearsome Floors, the second game: show, check, start and draw its positions; forecast the monster.

    \b
    Examples:
      lueur ff show scenarios/fearsome/basic-start.json
      lueur ff check scenarios/fearsome/monster-eight-steps.json
      lueur ff new --players 3 -o /tmp/ff-new.json
      lueur ff render scenarios/fearsome/monster-eight-steps.json --tile 8 -o /tmp/ff-eight.svg
      lueur ff forecast scenarios/fearsome/monster-eight-steps.json
      lueur ff moves scenarios/fearsome/move-through-pawns.json --limit 5
      lueur ff race scenarios/fearsome/move-through-pawns.json
    """


@ff.command()
@file_argument
@json_option
@guarded
def show(file: str, as_json: bool) -> None:
    """Draw the board as text, with the pawns, the monster, the tombstones and whose turn it is.

    \b
    Examples:
      lueur ff show scenarios/fearsome/basic-start.json
      lueur ff show scenarios/fearsome/monster-teleporters.json --json
    """
    loaded = load(file)
    position = loaded.position
    lines = [status_text(position)]
    if next_draw_text(position):
        lines.append(next_draw_text(position))
    if as_json:
        emit_json({"position": notation.to_json(position), "board": draw(position), "status": lines})
        return
    out(draw(position).rstrip("\n"))
    for line in lines:
        out(line)


@ff.command()
@file_argument
@json_option
@guarded
def check(file: str, as_json: bool) -> None:
    """Validate a position or scenario; list every problem with where it is (exit 0 or 2).

    \b
    Examples:
      lueur ff check scenarios/fearsome/advanced-start.json
      lueur ff check scenarios/fearsome/move-through-pawns.json --json
    """
    try:
        load(file)
    except PositionError as exc:
        if as_json:
            emit_json({"file": file, "valid": False, "problems": [p.as_json() for p in exc.problems]})
        else:
            out(f"{file}: {len(exc.problems)} problem{'s' if len(exc.problems) > 1 else ''}")
            for problem in exc.problems:
                out(f"  {problem}")
        raise Exit(ExitCode.BAD_INPUT) from None
    if as_json:
        emit_json({"file": file, "valid": True, "problems": []})
    else:
        out(f"{file}: valid position")


@ff.command()
@click.option("--players", type=click.IntRange(2, 7), required=True, help="How many players (2 to 7).")
@click.option("--advanced", is_flag=True, help="The advanced game: the 17 scenery pieces placed at random (--seed).")
@click.option("--seed", type=int, default=None, help="The random placement's seed (--advanced only) [default: 1].")
@click.option("-o", "--output", metavar="FILE", help="Write the position to FILE instead of standard output.")
@guarded
def new(players: int, advanced: bool, seed: int | None, output: str | None) -> None:
    """Write a starting position: the basic layout, or the advanced game's scenery placed at random.

    The players take the colours red, blue, green, yellow, purple, orange,
    white in that order, each with their pawns waiting by the entrance.

    \b
    Examples:
      lueur ff new --players 4
      lueur ff new --players 3 --advanced --seed 7 -o /tmp/ff-advanced.json
    """
    if seed is not None and not advanced:
        err("lueur: --seed: only the advanced game's placement is random; add --advanced")
        raise Exit(ExitCode.BAD_INPUT)
    scenery = setups.random_scenery(random.Random(1 if seed is None else seed)) if advanced else None
    document: dict[str, Any] = notation.to_json(setups.new_game(players, scenery=scenery))
    if advanced:
        document["advanced"] = True
    text = notation.compact(document)
    if output is None:
        out_document(text.rstrip("\n"))
        return
    _write(Path(output), text.encode("utf-8"), "-o")
    err(f"lueur: wrote {output}")


@ff.command()
@file_argument
@click.option("-o", "--output", metavar="OUT", help="OUT.svg or OUT.png; without it, the SVG goes to stdout.")
@click.option("--tile", type=click.Choice(notation.TILE_NAMES), default=None,
              help="Draw the monster's path for this tombstone tile, and cross the squares where pawns die.")
@click.option("--zoom", type=click.FloatRange(min=0.1, max=16), default=2.0, show_default=True,
              help="PNG only: pixels per SVG unit.")
@guarded
def render(file: str, output: str | None, tile: str | None, zoom: float) -> None:
    """Draw the board as a picture, SVG or PNG (the extra lueur[png]); with --tile, the monster's path.

    \b
    Examples:
      lueur ff render scenarios/fearsome/basic-start.json -o /tmp/ff-basic.svg
      lueur ff render scenarios/fearsome/monster-eight-steps-no-g.json --tile 8 -o /tmp/ff-wall.png
    """
    suffix = picture_suffix(output, "-o")
    loaded = load(file)
    position = loaded.position
    title = loaded.title or ("stdin" if file == "-" else Path(file).name)
    traces: tuple[MonsterTrace, ...] = ()
    marks: tuple[int, ...] = ()
    caption = None
    if tile is not None:
        _, trace = monster_phase(position, tile)
        traces, marks = (trace,), death_squares(position, trace)
        caption = _path_caption(trace)
    svg = board_svg(position, title=title, caption=caption, paths=traces, marks=marks)
    if output is None:
        out_document(svg.rstrip("\n"))
        return
    data = svg_to_png(svg, zoom) if suffix == ".png" else svg.encode("utf-8")
    _write(Path(output), data, "-o")
    err(f"lueur: wrote {output}")


@ff.command()
@file_argument
@click.option("--render", "picture", metavar="OUT", help="Also draw the forecast to OUT.svg or OUT.png: one path per tile, "
                                                        "the squares where pawns die crossed.")
@click.option("--zoom", type=click.FloatRange(min=0.1, max=16), default=2.0, show_default=True,
              help="With --render to a PNG: pixels per SVG unit.")
@json_option
@guarded
def forecast(file: str, picture: str | None, zoom: float, as_json: bool) -> None:
    """Forecast the next monster phase: for each tombstone tile it may draw, with its exact chance, the
    monster's path, where it ends and faces, whom it eats or crushes and which stones it moves; then each
    pawn's exact chance of being eaten (in the pawn phase, the pawns still to move taken to stay put).

    \b
    Examples:
      lueur ff forecast scenarios/fearsome/monster-eight-steps.json
      lueur ff forecast scenarios/fearsome/basic-start.json --json
      lueur ff forecast scenarios/fearsome/monster-eight-steps.json --render /tmp/ff-forecast.svg
    """
    suffix = picture_suffix(picture, "--render")
    loaded = load(file)
    answer = commands.ff_forecast(loaded.position)
    if picture is not None and suffix is not None:
        svg = forecast_svg(loaded, answer.value, "stdin" if file == "-" else Path(file).name)
        data = svg_to_png(svg, zoom) if suffix == ".png" else svg.encode("utf-8")
        _write(Path(picture), data, "--render")
        err(f"lueur: wrote {picture}")
    if as_json:
        emit_json(answer.document)
        return
    out(answer.value.text().rstrip("\n"))


def forecast_svg(loaded: Loaded, result: Forecast, name_of_file: str) -> str:
    """The board with the monster's path for every tile the next draw may bring, and the squares where pawns die."""
    position = loaded.position
    marks = sorted({sq for tile in result.tiles for sq in death_squares(position, tile.trace)})
    title = f"{loaded.title or name_of_file}: the forecast"
    return board_svg(position, title=title, caption=_forecast_caption(result), paths=[t.trace for t in result.tiles],
                     marks=marks)


def _forecast_caption(result: Forecast) -> str:
    if not result.tiles:
        return "The game is over: no monster phase to forecast."
    chances = ", ".join(f"{tile_words(t.tile)} ({fraction_text(t.p)})" for t in result.tiles)
    danger = [f"{p.pawn} {float(p.p):.0%}" for p in result.pawns if p.p]
    eaten = f"Chance of being eaten or crushed: {', '.join(danger)}." if danger else "No pawn can be eaten."
    return f"The next tile: {chances}. {eaten}"


@ff.command()
@file_argument
@click.option("--pawn", metavar="P", default=None, help="The pawn to move (its id); default: every pawn the player to move may move.")
@click.option("--worst-case", is_flag=True, help="Also score each move by the worst the other pawns still to move can do.")
@click.option("--lure", metavar="P", default=None, help="Rank by the danger each move brings to the opponent's pawn P, most first.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Show only the N best moves.", metavar="N")
@json_option
@guarded
def moves(file: str, pawn: str | None, worst_case: bool, lure: str | None, limit: int | None, as_json: bool) -> None:
    """Rank every end the pawn to move can reach by its chance of being eaten at the next monster phase,
    the safest first (the pawns still to move taken to stay put, unless --worst-case).

    \b
    Examples:
      lueur ff moves scenarios/fearsome/move-through-pawns.json --pawn five --limit 5
      lueur ff moves scenarios/fearsome/move-through-pawns.json --worst-case --limit 3
      lueur ff moves scenarios/fearsome/move-through-pawns.json --lure x --limit 3 --json
    """
    answer = commands.ff_moves(load(file).position, pawn, worst_case, lure, limit)
    if as_json:
        emit_json(answer.document)
        return
    ranking = answer.value
    left = len(ranking.moves) - (limit or len(ranking.moves))
    if left > 0:  # the count of the moves left out goes under the moves shown, before the notes
        ranking = replace(ranking, moves=ranking.moves[:limit],
                          notes=(f"  ... and {left} more (all {len(answer.value.moves)} without --limit)", *ranking.notes))
    out(ranking.text().rstrip("\n"))


@ff.command()
@file_argument
@json_option
@guarded
def race(file: str, as_json: bool) -> None:
    """The race against the clock: for each pawn in play the fewest pawn phases it needs to get out, and
    for each player whether enough pawns can still get out in time to win outright.

    \b
    Examples:
      lueur ff race scenarios/fearsome/move-through-pawns.json
      lueur ff race scenarios/fearsome/basic-start.json --json
    """
    answer = commands.ff_race(load(file).position)
    if as_json:
        emit_json(answer.document)
        return
    out(answer.value.text().rstrip("\n"))


def _path_caption(trace: MonsterTrace) -> str:
    eaten = f"; it {fates(trace)}" if trace.eaten else "; no pawn is eaten"
    steps = len(trace.steps)
    return (f"Tile {tile_words(trace.tile)}: the monster takes {steps} step{'s' if steps != 1 else ''} to "
            f"{name(trace.end)}, facing {FACING_WORDS[trace.facing]}{eaten}.")


def _write(path: Path, data: bytes, option: str) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        err(f"lueur: {option} {path}: cannot write: {exc.strerror or exc}")
        raise Exit(ExitCode.BAD_INPUT) from None

