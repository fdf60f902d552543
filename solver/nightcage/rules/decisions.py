"""Decisions: the candidate actions of the decision awaited, why each is (not) legal,
and what each legal action does.

``options(state)`` lists ``(action, reason)`` pairs: the reason is None for a
legal action and a sentence a player can read for a refused one. Each decision
keeps its legality rule and its explanation side by side, in the module of its
concern: :mod:`solver.nightcage.rules.moves` (the main action, moving again, Final Flickers),
:mod:`solver.nightcage.rules.placing` (tiles drawn, landing, the start, the stay's monster),
:mod:`solver.nightcage.rules.hit_choices` (Block, falls, scrambles) and :mod:`solver.nightcage.rules.keys`.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.nightcage.model.actions import Action, Option
from solver.nightcage.model.rulebook import Event
from solver.nightcage.model.state import (
    AGAIN,
    BLOCK,
    BURN,
    DIRGE,
    EXTRA,
    FALL,
    FINAL,
    LAND,
    MAIN,
    PLACE,
    SCRAMBLE,
    START,
    STAY_DRAW,
    SWAP,
    GameState,
    Step,
)
from solver.nightcage.rules.hit_choices import _block_options, _do_block, _do_fall, _do_scramble, _fall_options, _scramble_options
from solver.nightcage.rules.keys import _do_give, _do_take, key_options, key_pass_possible, on_keeper
from solver.nightcage.rules.moves import (
    _again_options,
    _do_again,
    _do_final,
    _do_move,
    _do_stay,
    _extra_options,
    _main_options,
    again_possible,
    final_options,
)
from solver.nightcage.rules.omens import dirge_options, do_dirge
from solver.nightcage.rules.placing import (
    _do_land,
    _do_place,
    _do_start,
    _do_swap,
    _land_options,
    _place_options,
    _start_options,
    _swap_options,
    swap_targets,
)
from solver.nightcage.rules.steps import turn_of

KEY_DECISIONS = frozenset({MAIN, AGAIN, FINAL})
"""Keys may be passed (and a key tile's key taken) between the active prisoner's actions."""


def options(state: GameState) -> list[Option]:
    """Every candidate action of the decision awaited, each with the reason it is refused."""
    step = turn_of(state).front
    out = _OPTIONS[step.name](state, step)
    if step.name in KEY_DECISIONS or on_keeper(state, step):
        out = out + key_options(state)
    return out


def _do_end(state: GameState, action: Action, events: list[Event]) -> GameState:
    """``end`` declines moving again, or closes a Final Flickers turn with nothing to discard."""
    if turn_of(state).front.name == FINAL:
        return _do_final(state, action, events)
    return _do_again(state, action, events)


def resolve(state: GameState, action: Action, events: list[Event]) -> GameState:
    """Apply a legal decision action (legality already checked)."""
    return _RESOLVE[action.verb](state, action, events)


_OPTIONS: dict[str, Callable[[GameState, Step], list[Option]]] = {
    MAIN: _main_options,
    EXTRA: _extra_options,
    AGAIN: _again_options,
    FINAL: final_options,
    PLACE: _place_options,
    LAND: _land_options,
    START: _start_options,
    SWAP: _swap_options,
    BLOCK: _block_options,
    FALL: _fall_options,
    SCRAMBLE: _scramble_options,
    DIRGE: dirge_options,
    BURN: lambda state, step: [],
    STAY_DRAW: lambda state, step: [],
}

_RESOLVE: dict[str, Callable[[GameState, Action, list[Event]], GameState]] = {
    "stay": _do_stay,
    "move": _do_move,
    "jump": _do_move,
    "charge": _do_move,
    "blind": _do_move,
    "again": _do_again,
    "end": _do_end,
    "discard": _do_final,
    "hold": _do_final,
    "place": _do_place,
    "land": _do_land,
    "start": _do_start,
    "swap": _do_swap,
    "block": _do_block,
    "noblock": _do_block,
    "fall": _do_fall,
    "scramble": _do_scramble,
    "dirge": do_dirge,
    "give": _do_give,
    "take": _do_take,
}

__all__ = ["options", "resolve", "key_options", "key_pass_possible", "final_options", "again_possible", "swap_targets"]
