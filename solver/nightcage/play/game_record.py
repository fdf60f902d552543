"""A game record read back for analysis: its actions, checked by the rules engine, and its pile order.

A record is what ``lueur play -o`` and the web companion save: a v1 position,
the game's start, whose ``meta`` holds ``"format": "lueur-game/1"`` and every
action in ``meta.actions``. Reading one checks every action through the rules
engine (:func:`solver.nightcage.rules.adjudicate.play`, the replay of ``lueur apply``),
so a bad record is refused with where it goes wrong: the field, the action's
number and the engine's reason.

The simulator needs the pile's order. ``lueur play`` records know it; a
companion record names each tile drawn by its placement (``place c5 t:NES``)
and each burn (``burn t t cross``), which give the order of the tiles drawn;
the undrawn rest keeps its layers' order (it is never drawn).

The players' view of the pile (:func:`players_view`) is what the bot may see:
the standard setup's shuffled layers when the start's pile matches them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.base.errors import LueurError, PositionError, Problem
from solver.nightcage.model import counts
from solver.nightcage.model.actions import Verb, parse_action
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES, TileType
from solver.nightcage.rules.adjudicate import Adjudication, play

RECORD_FORMAT = "lueur-game/1"
CHANCE_VERBS = ("burn", "draw")
"""Action texts that name what the pile gave (a pile of unknown order); the simulator draws by itself."""


@dataclass(frozen=True)
class GameRecord:
    """A record whose every action the rules engine accepts."""

    start: GameState
    actions: tuple[str, ...]
    order: tuple[TileType, ...]
    """The pile's order: the start's, or rebuilt from the tiles the actions name."""
    final: GameState
    """The position after the last action (the engine's)."""


def read_record(start: GameState, meta: dict[str, Any] | None) -> GameRecord:
    """The record of a position read from a file; raises :class:`PositionError` with where it goes wrong."""
    actions = record_actions(meta)
    adjudication = play(start, list(actions))
    if adjudication.refused is not None:
        k = len(adjudication.history) - 1
        refused = adjudication.refused
        legal = f"; legal there: {', '.join(refused.legal[:8])}{' …' if len(refused.legal) > 8 else ''}" if refused.legal else ""
        message = f"action {k + 1} of {len(actions)}, {refused.action!r}, does not apply: {refused.reason}{legal}"
        raise PositionError([Problem(f"meta.actions[{k}]", message)])
    return GameRecord(start, actions, pile_order(start, adjudication), adjudication.state)


def record_actions(meta: dict[str, Any] | None) -> tuple[str, ...]:
    """``meta.actions`` of a game record; raises :class:`PositionError` when the position is not one."""
    if not isinstance(meta, dict) or meta.get("format") != RECORD_FORMAT:
        got = meta.get("format") if isinstance(meta, dict) else None
        raise PositionError([Problem(
            "meta.format",
            f"expected {RECORD_FORMAT!r} (a game record, as `lueur play -o` or the web companion saves), got "
            + (repr(got) if got is not None else "none"),
        )])
    actions = meta.get("actions")
    if not isinstance(actions, list):
        raise PositionError([Problem("meta.actions", 'expected a list of actions in the notation, e.g. ["start c3 NE", "place d3 t:NEW"]')])
    problems = [Problem(f"meta.actions[{i}]", "expected an action in the notation (a non-empty string)")
                for i, a in enumerate(actions) if not isinstance(a, str) or not a.strip()]
    if problems:
        raise PositionError(problems)
    return tuple(actions)


def pile_order(start: GameState, adjudication: Adjudication) -> tuple[TileType, ...]:
    """The start's pile order, or the tiles the actions drew (in order) followed by the undrawn rest."""
    if start.pile.order is not None:
        return start.pile.order
    drawn: list[TileType] = []
    for step in adjudication.steps:
        if step.action.split(" ", 1)[0] not in CHANCE_VERBS:
            continue
        action = parse_action(step.action, start.size)
        if action.verb == Verb.DRAW and action.tile_type is not None:
            drawn.append(action.tile_type)
        else:
            drawn.extend(action.types)
    rest = adjudication.state.pile
    undrawn = list(rest.order) if rest.order is not None else [t for layer in rest.layers for t in _types(layer)]
    order = tuple(drawn + undrawn)
    if len(order) != start.pile.count:  # not expected: every draw is named
        raise LueurError(f"the pile's order cannot be rebuilt from the actions ({len(order)} tiles for {start.pile.count})")
    return order


def players_view(start: GameState) -> tuple[GameState, str]:
    """The start as players know it (the pile's order hidden) and a phrase saying which layers it has.

    The standard setup's layers when the start's pile holds them (layer by layer in
    a known order); else the start's own layers (an unknown order), else one layer.
    """
    pile = start.pile
    base = {4: "standard", 5: "five"}.get(len(start.prisoners))
    if base is not None:
        layers = new_game(Setup(base=base)).pile.layers
        if _holds(pile, layers):
            return replace(start, pile=Pile(layers=layers)), f"the {base} setup's pile layers"
    if pile.order is None:
        return start, f"the record's {len(pile.layers)} pile layers"
    return replace(start, pile=Pile(layers=(pile.contents,))), "one layer (the pile is not the standard setup's)"


def _holds(pile: Pile, layers: tuple[counts.Counts, ...]) -> bool:
    if pile.order is None:
        return tuple(pile.layers) == tuple(layers)
    begin = 0
    for layer in layers:
        end = begin + counts.total(layer)
        if counts.counts_of(pile.order[begin:end]) != layer:
            return False
        begin = end
    return begin == len(pile.order)


def _types(layer: counts.Counts) -> list[TileType]:
    return [t for t, n in zip(TILE_TYPES, layer) for _ in range(n)]
