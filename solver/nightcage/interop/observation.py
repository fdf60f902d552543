"""A position as numbers: the tensor observation of OpenSpiel and Gymnasium.

Four arrays, all ``float32`` (``size`` is the board's side, ``P`` the number
of prisoners; a cell ``c`` is at ``[rank, file] = divmod(c, size)``, rank 0
being rank 1, the bottom row of the pictures):

``planes``, shape ``(26 + P, size, size)``, one plane per feature, 1 where it holds:

====== =================================================================
plane  feature
====== =================================================================
0-11   the tile kind on the cell: start, straight, t, cross, key, gate,
       wax_eater, keeper, pit_fiend, pathless, omen, pit (no plane set:
       an empty cell)
12-15  the tile's openings N, E, S, W
16     the tile crumbles
17     a key lies there (a key tile's key not yet taken, or a keeper's)
18-21  a keeper's mouth faces N, E, S, W
22-25  lit cells (some prisoner's candle lights them); monsters' sight
       (a move there or out of there may trigger an attack); Nerve (the
       sum of the Nerve of the prisoners on the cell, 0 to 2 each); keys
       (the number of keys the prisoners on the cell hold)
26...  prisoner ``i`` (in turn order) stands on the cell, one plane each
====== =================================================================

``pile``, shape ``(12,)``: the tiles left in the pile by type, in
:data:`~solver.nightcage.model.tiles.TILE_TYPES` order (start, straight, t, cracked_t,
cross, key, gate, wax_eater, keeper, pit_fiend, pathless, omen).

``pile_top``, shape ``(12,)``: the tiles the next draw comes from, by type in
the same order: while the pile is shuffled in layers, its top layer (a new
game's opening layer: 4 T's, 2 crosses, 2 straights; the layers below come
after it, so the next draw's odds are ``pile_top / pile_top.sum()``); when its
order is known, the next tile alone (1 for its type); empty pile: zeros.

``status``, shape ``(7P + 33,)``: for each prisoner in turn order 7 numbers
(whose turn it is, on the board, falling, not yet placed, lit, Nerve, holds a
key), then the step the position waits for, one-hot over
:class:`~solver.nightcage.model.state.StepName` (18), the tile type in hand (a drawn tile
awaiting its placement), one-hot (12), whether the turn is a Final Flickers
turn, whether the pile's order is known, and the omens revealed for
placement (0, 1 or 2).

Not in the tensor: a known order past its next tile, and the split of the
pile below its top layer. Both are in the observation string (the position in
the one-line form) and in the position itself.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from solver.nightcage.model.grid import DIRECTIONS
from solver.nightcage.model.state import GameState, StepName
from solver.nightcage.model.tiles import TILE_TYPES, TYPE_INDEX, Kind
from solver.nightcage.rules.engine import current, outcome
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.sight import monsters, sight

KINDS: tuple[Kind, ...] = tuple(Kind)
STEPS: tuple[StepName, ...] = tuple(StepName)
PRISONER_FEATURES = ("active", "on_board", "falling", "unplaced", "lit", "nerve", "key")

OPENINGS_PLANE = len(KINDS)
CRUMBLING_PLANE = OPENINGS_PLANE + 4
KEY_PLANE = CRUMBLING_PLANE + 1
FACING_PLANE = KEY_PLANE + 1
LIT_PLANE = FACING_PLANE + 4
SIGHT_PLANE = LIT_PLANE + 1
NERVE_PLANE = SIGHT_PLANE + 1
KEYS_HELD_PLANE = NERVE_PLANE + 1
PRISONER_PLANE = KEYS_HELD_PLANE + 1
"""The first prisoner's plane; prisoner ``i`` is plane ``PRISONER_PLANE + i``."""

_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_STEP_INDEX = {s: i for i, s in enumerate(STEPS)}

Array = NDArray[np.float32]


def shapes(size: int, prisoners: int) -> dict[str, tuple[int, ...]]:
    """The shape of each array of the observation."""
    return {
        "planes": (PRISONER_PLANE + prisoners, size, size),
        "pile": (len(TILE_TYPES),),
        "pile_top": (len(TILE_TYPES),),
        "status": (len(PRISONER_FEATURES) * prisoners + len(STEPS) + len(TILE_TYPES) + 3,),
    }


def observe(state: GameState) -> dict[str, Array]:
    """The observation of a position, as new arrays."""
    arrays = {name: np.zeros(shape, np.float32) for name, shape in shapes(state.size, len(state.prisoners)).items()}
    fill(state, arrays)
    return arrays


def fill(state: GameState, arrays: dict[str, Array]) -> None:
    """Write the observation of ``state`` into ``arrays`` (shaped as :func:`shapes` says)."""
    for array in arrays.values():
        array.fill(0)
    _fill_planes(state, arrays["planes"].reshape(arrays["planes"].shape[0], -1))
    pile = arrays["pile"]
    for i, n in enumerate(state.pile.contents):
        pile[i] = n
    top = arrays["pile_top"]
    if state.pile.order is not None:
        if state.pile.order:
            top[TYPE_INDEX[state.pile.order[0]]] = 1
    else:
        for i, n in enumerate(state.pile.top_layer()):
            top[i] = n
    _fill_status(state, arrays["status"])


def _fill_planes(state: GameState, planes: Array) -> None:
    """``planes`` is viewed as (plane, cell)."""
    for cell, tile in enumerate(state.tiles):
        if tile is None:
            continue
        planes[_KIND_INDEX[tile.kind], cell] = 1
        for i, d in enumerate(DIRECTIONS):
            if tile.openings & d:
                planes[OPENINGS_PLANE + i, cell] = 1
            if tile.kind is Kind.KEEPER and tile.facing == d:
                planes[FACING_PLANE + i, cell] = 1
        planes[CRUMBLING_PLANE, cell] = tile.crumbling
        planes[KEY_PLANE, cell] = tile.has_key
    _set_mask(planes[LIT_PLANE], illuminated(state))
    seen = 0
    for monster in monsters(state):
        seen |= sight(state, monster)
    _set_mask(planes[SIGHT_PLANE], seen)
    for i, p in enumerate(state.prisoners):
        if p.cell is None:
            continue
        planes[PRISONER_PLANE + i, p.cell] = 1
        planes[NERVE_PLANE, p.cell] += p.nerve
        planes[KEYS_HELD_PLANE, p.cell] += p.key


def _set_mask(plane: Array, mask: int) -> None:
    cell = 0
    while mask:
        if mask & 1:
            plane[cell] = 1
        mask >>= 1
        cell += 1


def _fill_status(state: GameState, status: Array) -> None:
    width = len(PRISONER_FEATURES)
    for i, p in enumerate(state.prisoners):
        features = (i == state.turn, p.cell is not None, p.falling is not None, p.unplaced, p.lit, p.nerve, p.key)
        status[i * width : (i + 1) * width] = features
    at = width * len(state.prisoners)
    opened = current(state) if outcome(state) is None else state
    if opened.pending is not None:
        front = opened.pending.front
        status[at + _STEP_INDEX[front.name]] = 1
        if front.hand is not None:
            status[at + len(STEPS) + TYPE_INDEX[front.hand]] = 1
        status[at + len(STEPS) + len(TILE_TYPES)] = opened.pending.final_flickers
    status[-2] = state.pile.known
    status[-1] = state.omens


__all__ = ["shapes", "observe", "fill", "KINDS", "STEPS", "PRISONER_FEATURES", "PRISONER_PLANE"]
