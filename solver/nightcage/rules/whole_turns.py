"""Whole turns through the rules engine, for any deterministic position.

The end-game kernel (:mod:`solver.nightcage.endgame.kernel`) covers Final Flickers turn starts
with the standard pieces. Everything else a planner meets (a known pile still
being drawn, a turn already under way, landing, advanced pieces) goes through
the rules engine here: every decision of the turn is explored, intermediate
positions reached twice are explored once, and each distinct way the turn
can end is returned with one action sequence that reaches it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from solver.base.errors import LueurError
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply_unchecked, legal_actions, node_type, opened, outcome


class NotDeterministic(LueurError):
    """A tile would be drawn from a pile whose order is unknown."""


class TurnResult(NamedTuple):
    """One way the turn under way can end."""

    state: GameState
    """The position after the turn (the next turn's start), or where the game ended."""
    actions: tuple[str, ...]
    nerve: int
    """Nerve spent during the turn, by anyone."""
    result: str | None
    """``win``, ``lose`` or None (the game goes on)."""


def turn_results(state: GameState, include_losses: bool = False) -> Iterator[TurnResult]:
    """Every distinct end of the turn under way (or starting) in ``state``."""
    start_turn = state.turn
    seen: set[GameState] = {state}
    stack: list[tuple[GameState, tuple[str, ...], int]] = [(state, (), 0)]
    ended: set[GameState] = set()
    while stack:
        current, actions, nerve = stack.pop()
        kind = node_type(current)
        if kind == "chance":
            raise NotDeterministic("the pile's order is unknown: a draw would decide what happens")
        for action in legal_actions(current):
            after, _ = apply_unchecked(current, action)
            texts = (*actions, format_action(action, state.size))
            spent = nerve + _spent(current, after, action.verb)
            over = outcome(after)
            if over is not None or (after.pending is None and after.turn != start_turn) or _closed(after, start_turn):
                if after in ended:
                    continue
                ended.add(after)
                result = over.result if over is not None else None
                if result != "lose" or include_losses:
                    yield TurnResult(after, texts, spent, result)
                continue
            if after not in seen:
                seen.add(after)
                stack.append((after, texts, spent))


def _closed(state: GameState, start_turn: int) -> bool:
    """A turn that ends back on the same prisoner (a one-prisoner game) is also over."""
    return state.pending is None and len(state.prisoners) == 1


def _spent(before: GameState, after: GameState, verb: str) -> int:
    """Nerve spent by one action: what the prisoners hold less, plus a Nerve gained by a stay."""
    if before.pending is None:
        before = opened(before)[0]  # relit as the turn begins (RULING-RELIGHT-AT-START), it stays lit
    lost = sum(b.nerve - a.nerve for b, a in zip(before.prisoners, after.prisoners))
    gained = verb == "stay" and before.active.lit and before.active.nerve < 2 and before.active.cell is not None
    return lost + (1 if gained else 0)
