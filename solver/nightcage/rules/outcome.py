"""Game end: the win and every loss the rules define (rules §5).

Whether the group can still reach a win at all is the planners' question, not
this module's: here only the conditions the rulebook states.
"""

from __future__ import annotations

from typing import NamedTuple

from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, TileType
from solver.nightcage.rules.landing import landing_options


class Outcome(NamedTuple):
    result: str
    """``win`` or ``lose``."""
    reason: str
    rule: str
    """Rulebook section key."""


_UNSET = object()


def outcome(state: GameState) -> Outcome | None:
    """The game's result if it is over, else None. The win is checked first."""
    cached = state.__dict__.get("_outcome", _UNSET)  # states are immutable: compute once
    if cached is _UNSET:
        cached = state.__dict__["_outcome"] = win(state) or _loss(state)
    return cached


def win(state: GameState) -> Outcome | None:
    cells = {p.cell for p in state.prisoners}
    if len(cells) != 1:
        return None
    (cell,) = cells
    if cell is None:
        return None
    tile = state.tiles[cell]
    if tile is None or tile.kind is not Kind.GATE or not all(p.key for p in state.prisoners):
        return None
    return Outcome("win", f"every prisoner stands on the gate at {state.geo.name(cell)} holding a key", "objective")


def _can_land(state: GameState, p: object) -> bool:
    who = state.prisoners.index(p)
    return any(reason is None for _, reason in landing_options(state, who))


def _loss(state: GameState) -> Outcome | None:
    for p in state.prisoners:
        if p.falling is not None and state.pile.count == 0:
            return Outcome("lose", f"{p.name} is falling and the pile is empty: no tile to land on", "falling")
        if p.falling is not None and p.falling[0] != "cell" and not _can_land(state, p):
            return Outcome("lose", f"{p.name} is falling and no cell of the board can take it (pits and prisoners everywhere)", "falling")
    gates_on_board = sum(1 for t in state.tiles if t is not None and t.kind is Kind.GATE)
    if gates_on_board + state.pile.count_of(TileType.GATE) + _in_hand(state, TileType.GATE) == 0:
        return Outcome("lose", "every gate is gone (none on the board, none in the pile)", "gates")
    keys = keys_available(state)
    if keys < len(state.prisoners):
        text = f"only {keys} keys can still be held (held, on key tiles, in the pile) for {len(state.prisoners)} prisoners"
        return Outcome("lose", text, "keys")
    return None


def keys_available(state: GameState) -> int:
    """Keys held + keys still on key tiles or keepers + key tiles and keepers in the pile."""
    held = sum(1 for p in state.prisoners if p.key)
    on_board = sum(1 for t in state.tiles if t is not None and t.has_key)
    pile = state.pile
    waiting = pile.count_of(TileType.KEY) + pile.count_of(TileType.KEEPER)
    # A drawn tile not yet placed still counts.
    waiting += _in_hand(state, TileType.KEY) + _in_hand(state, TileType.KEEPER)
    return held + on_board + waiting


def _in_hand(state: GameState, tile_type: TileType) -> int:
    step = state.pending.front if state.pending and state.pending.steps else None
    return 1 if step is not None and step.hand is tile_type else 0
