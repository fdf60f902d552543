"""The board pictures the commands draw: one tombstone tile's monster path, and the forecast's every path.

Each is :func:`solver.fearsome.present.svg.board_svg` with the monster's
paths, the squares where pawns die crossed, and a caption in words.
"""

from __future__ import annotations

from solver.fearsome.analysis.forecast import Forecast, fraction_text
from solver.fearsome.model.board import name
from solver.fearsome.model.state import Position
from solver.fearsome.present.status import FACING_WORDS
from solver.fearsome.present.svg import board_svg
from solver.fearsome.present.svg_paths import death_squares
from solver.fearsome.present.svg_pieces import fates, tile_words
from solver.fearsome.rules.monster import MonsterTrace, monster_phase


def tile_svg(position: Position, title: str, tile: str | None = None) -> str:
    """The board; with ``tile``, the monster's path for that tombstone tile, the squares where pawns die
    crossed, and a caption saying where the monster ends and whom it takes."""
    if tile is None:
        return board_svg(position, title=title)
    _, trace = monster_phase(position, tile)
    return board_svg(position, title=title, caption=path_caption(trace), paths=(trace,), marks=death_squares(position, trace))


def forecast_svg(position: Position, result: Forecast, name_of_position: str) -> str:
    """The board with the monster's path for every tile the next draw may bring, and the squares where pawns die."""
    marks = sorted({sq for tile in result.tiles for sq in death_squares(position, tile.trace)})
    return board_svg(position, title=f"{name_of_position}: the forecast", caption=forecast_caption(result),
                     paths=[t.trace for t in result.tiles], marks=marks)


def forecast_caption(result: Forecast) -> str:
    if not result.tiles:
        return "The game is over: no monster phase to forecast."
    chances = ", ".join(f"{tile_words(t.tile)} ({fraction_text(t.p)})" for t in result.tiles)
    danger = [f"{p.pawn} {float(p.p):.0%}" for p in result.pawns if p.p]
    eaten = f"Chance of being eaten or crushed: {', '.join(danger)}." if danger else "No pawn can be eaten."
    return f"The next tile: {chances}. {eaten}"


def path_caption(trace: MonsterTrace) -> str:
    eaten = f"; it {fates(trace)}" if trace.eaten else "; no pawn is eaten"
    steps = len(trace.steps)
    return (f"Tile {tile_words(trace.tile)}: the monster takes {steps} step{'s' if steps != 1 else ''} to "
            f"{name(trace.end)}, facing {FACING_WORDS[trace.facing]}{eaten}.")
