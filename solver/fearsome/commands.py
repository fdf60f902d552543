"""The Fearsome Floors commands, once for every front end: show, new and the pictures; the forecast, the safe
moves and the race; what the position waits for and actions played and told (the workbench's companion).

Each returns an :class:`~solver.base.answers.Answer`. The analyses take a
position of the second game (:class:`solver.fearsome.model.state.Position`);
their document is the analysis's ``as_json()`` (``lueur ff forecast --json``
prints it; the protocol's ``ff.forecast`` sends it as ``result``) and their
value is the analysis itself, for the command line's text and pictures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from solver.base.answers import Answer, OptionError
from solver.base.errors import LueurError
from solver.base.exit_codes import ExitCode
from solver.fearsome.analysis.forecast import Forecast, forecast, fraction_text
from solver.fearsome.analysis.race import race
from solver.fearsome.analysis.safe_moves import RankingError, rank_moves
from solver.fearsome.model import setups
from solver.fearsome.model.board import name
from solver.fearsome.model.state import Pawn, Phase, Place, Position
from solver.fearsome.notation import position_json
from solver.fearsome.notation.actions import DRAW, ActionError, DrawAction, move_text, parse_action
from solver.fearsome.present.drawing import draw
from solver.fearsome.present.narration import monster_sentences, move_sentences
from solver.fearsome.present.pictures import tile_svg
from solver.fearsome.present.status import monster_text, next_draw_text, status_text
from solver.fearsome.present.svg import board_svg
from solver.fearsome.present.svg_paths import death_squares
from solver.fearsome.present.svg_pieces import fates, tile_words
from solver.fearsome.rules import turns
from solver.fearsome.rules.monster import MonsterTrace, monster_phase
from solver.fearsome.rules.moves import IllegalMove, PawnMove, move_along, pawn_moves
from solver.fearsome.rules.rounds import IllegalTile, next_tiles, resolve, winner

TILE_NAMES = position_json.TILE_NAMES
"""The tombstone tiles by name, as ``render``'s ``tile`` takes them."""
DEFAULT_SCENERY_SEED = 1
"""The advanced game's random placement when the caller gives no seed."""


def ff_show(position: Position) -> Answer:
    """The position, the board as text, and the state in words (``status``: whose turn, what comes next)."""
    lines = [status_text(position)]
    if next_draw_text(position):
        lines.append(next_draw_text(position))
    return Answer(ExitCode.OK, {"position": position_json.to_json(position), "board": draw(position), "status": lines})


def ff_tile_picture(position: Position, *, title: str, tile: str | None = None) -> Answer:
    """The board as ``lueur ff render`` draws it, titled ``title``; with ``tile`` (one of :data:`TILE_NAMES`), the
    monster's path for that tombstone tile and the squares where pawns die. ``Answer.value`` is the SVG text."""
    svg = tile_svg(position, title, tile)
    return Answer(ExitCode.OK, {"format": "svg", "board": svg}, svg)


def ff_forecast(position: Position) -> Answer:
    """Each tile the next monster phase may draw, the monster's walk for it, and each pawn's exact danger."""
    result = forecast(position)
    return Answer(ExitCode.OK, result.as_json(), result)


def _never() -> bool:
    return False


def ff_moves(position: Position, pawn: str | None = None, worst_case: bool = False, lure: str | None = None,
             limit: int | None = None, should_stop: Callable[[], bool] = _never) -> Answer:
    """Every end of ``pawn`` (default: every pawn the player to move may move), best first.

    ``limit`` keeps the first ``limit`` moves (the document's ``total`` still counts them all). Once
    ``should_stop`` answers true (a time limit, a cancel) the worst cases not yet scored are left out, the
    moves rank by what was scored, and the exit code is 3 (a limit reached). A question
    the position cannot answer (no such pawn, a lure of one's own, no pawn phase) is an
    :class:`OptionError` naming the option, or a plain error when no option is to blame; both exit 2.
    """
    try:
        ranking = rank_moves(position, pawn, worst_case=worst_case, lure=lure, should_stop=should_stop)
    except RankingError as exc:
        raise _ranking_error(position, str(exc), lure) from None
    document = ranking.as_json()
    document["total"] = len(ranking.moves)
    if limit is not None:
        document["moves"] = document["moves"][:limit]
    return Answer(ExitCode.LIMIT if ranking.cut_short else ExitCode.OK, document, ranking)


def ff_race(position: Position) -> Answer:
    """The fewest pawn phases each pawn in play needs to get out, and who can still make it in time."""
    report = race(position)
    return Answer(ExitCode.OK, report.as_json(), report)


def _ranking_error(position: Position, message: str, lure: str | None) -> LueurError:
    if position.phase is not Phase.PAWNS:
        return LueurError(message)  # no option is to blame: no pawn moves in this phase
    if lure is not None and message.startswith("lure "):
        return OptionError("lure", message.removeprefix("lure "))
    return OptionError("pawn", message)


def ff_new(players: int = 4, advanced: bool = False, seed: int | None = None, *, title: str | None = None) -> Answer:
    """A starting position for ``players`` (2 to 7): the basic layout, or with ``advanced`` the 17 scenery pieces
    placed at random from ``seed`` (:data:`DEFAULT_SCENERY_SEED` when None), titled ``title`` when given. The
    document is ``{"position": ...}``; ``Answer.value`` the position written compactly, as a file holds it."""
    scenery = setups.random_scenery(random.Random(DEFAULT_SCENERY_SEED if seed is None else seed)) if advanced else None
    document: dict[str, Any] = position_json.to_json(setups.new_game(players, scenery=scenery),
                                                     {"title": title} if title else None)
    if advanced:
        document["advanced"] = True
    return Answer(ExitCode.OK, {"position": document}, position_json.compact(document))


def new_game_title(players: int, advanced: bool) -> str:
    """The title the protocol's ``ff.new`` gives a new game."""
    return f"New game, {players} players{', advanced' if advanced else ''}"


def ff_legal(position: Position) -> Answer:
    """What the position waits for: in the pawn phase every move of every pawn the player to move may move (each
    as an action's text), in the monster phase each tile the draw may bring with its exact chance."""
    pawns = []
    if position.phase is Phase.PAWNS:
        for pawn in turns.movable(position, position.players[position.to_move]):
            ends = [{"action": move_text(pawn.ident, move.paths[0]), "to": _end_name(move), "steps": move.steps,
                     "paths": [list(path) for path in move.paths]} for move in pawn_moves(position, pawn.ident)]
            pawns.append({"pawn": pawn.ident, "colour": pawn.colour, "at": _place_name(pawn), "value": pawn.value,
                          "moves": ends})
    tiles = [{"tile": tile, "words": tile_words(tile), "p": float(p), "p_exact": fraction_text(p), "action": f"{DRAW} {tile}"}
             for tile, p in next_tiles(position)]
    return Answer(ExitCode.OK, {"phase": position.phase.value, "status": status_text(position),
                                "to_move": position.players[position.to_move] if position.phase is Phase.PAWNS else None,
                                "pawns": pawns, "tiles": tiles, "winner": winner(position)})


def ff_apply(position: Position, actions: Sequence[str], meta: dict[str, Any] | None = None, *, advanced: bool = False) -> Answer:
    """Play ``actions`` (moves and draws, :mod:`solver.fearsome.notation.actions`) one after the other, each told in
    sentences. The first one the rules refuse stops the play: the document says which and why (exit code 2)."""
    events: list[dict[str, Any]] = []
    refused: dict[str, Any] | None = None
    for text in actions:
        try:
            position, sentences = _play(position, text)
        except (ActionError, IllegalMove, IllegalTile, KeyError) as exc:
            reason = exc.args[0] if isinstance(exc, KeyError) else str(exc)
            refused = {"refused": text, "reason": str(reason)}
            break
        events += [{"action": text, "text": sentence} for sentence in sentences]
    written = position_json.to_json(position, meta)
    if advanced:  # the scenery is held to the advanced game's placement rules, as it was
        written["advanced"] = True
    document: dict[str, Any] = {"position": written, "events": events,
                                "status": status_text(position), "phase": position.phase.value, "winner": winner(position)}
    if refused is None:
        return Answer(ExitCode.OK, document)
    return Answer(ExitCode.BAD_INPUT, {**document, **refused})


def _play(position: Position, text: str) -> tuple[Position, list[str]]:
    action = parse_action(text)
    if isinstance(action, DrawAction):
        after, trace = resolve(position, action.tile)
        return after, monster_sentences(position, after, trace)
    if action.pawn not in {p.ident for p in position.pawns}:
        raise KeyError(f"no pawn {action.pawn!r}: the pawns are {', '.join(p.ident for p in position.pawns)}")
    after = move_along(position, action.pawn, action.path)
    return after, move_sentences(position, after, action.pawn, action.path)


def ff_render(position: Position, *, forecast_paths: bool = False, tile: str | None = None, legend: bool = True,
              panel: bool = True, title: str | None = None) -> Answer:
    """The board as ``lueur ff render`` draws it, with the monster's path for ``tile``, or (``forecast_paths``) for every
    tile the next draw may bring, each tile's chance in the caption; and the state in words."""
    caption = None
    traces: list[MonsterTrace] = []
    if tile is not None:
        _, trace = monster_phase(position, tile)
        traces = [trace]
        caption = f"Tile {tile_words(tile)}: the monster {fates(trace) or 'eats nobody'}; it ends on {name(trace.end)}."
    elif forecast_paths:
        result = forecast(position)
        traces = [t.trace for t in result.tiles]
        chances = ", ".join(f"{tile_words(t.tile)} ({fraction_text(t.p)})" for t in result.tiles)
        caption = f"The next tile: {chances}." if chances else "No monster phase is left to forecast."
    marks = sorted({sq for trace in traces for sq in death_squares(position, trace)})
    svg = board_svg(position, title=title, caption=caption, paths=traces, marks=marks, legend=legend, panel_shown=panel)
    lines = [status_text(position), monster_text(position)] + ([next_draw_text(position)] if next_draw_text(position) else [])
    return Answer(ExitCode.OK, {"board": svg, "status": lines, "caption": caption})


def _end_name(move: PawnMove) -> str:
    return name(move.square) if move.place is Place.BOARD else move.place.value


def _place_name(pawn: Pawn) -> str:
    return name(pawn.square) if pawn.place is Place.BOARD else pawn.place.value


__all__ = ["DEFAULT_SCENERY_SEED", "TILE_NAMES", "Forecast", "ff_apply", "ff_forecast", "ff_legal", "ff_moves", "ff_new",
           "ff_race", "ff_render", "ff_show", "ff_tile_picture", "new_game_title"]
