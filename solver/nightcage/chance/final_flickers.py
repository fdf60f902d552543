"""A Final Flickers turn start of the chance search as the end-game kernel's position, read from the simulator.

The chance search asks the end-game oracle about every Final Flickers turn start it meets (thousands on
the slowest positions of the corpus, most answered from the oracle's memory). Going through a
:class:`~solver.nightcage.model.state.GameState` (:func:`~solver.nightcage.chance.fastsim.chance_state`,
then :func:`~solver.nightcage.endgame.kernel.convert.from_state`) cost more than the answer itself
when it was remembered. :func:`kernel_position` builds the same kernel tuple from the simulator's cells
and prisoners, and says None wherever that path would not give one: a piece the kernel does not
model, the Dirge, a prisoner unplaced or out of place, a game already over. The search then takes the
long path, which decides those. ``tests/nightcage/chance/test_final_flickers.py`` checks that both give
the same tuple at every question of corpus and scenario searches.
"""

from __future__ import annotations

from solver.nightcage.chance.fastsim import ChanceSim
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.kernel.layout import (
    B_CRUMBLING,
    B_FACE_HI,
    B_FACE_LO,
    B_GATE,
    B_KEEPER,
    B_KEYED,
    B_MONSTER,
    B_PATHLESS,
    B_PIT,
    B_PRESENT,
    BOARD_MASKS,
    FALLEN,
    FALLING_FILE,
    FALLING_ROW,
    KEY,
    LIT,
    MODELLED_KINDS,
    NERVE_SHIFT,
    context,
    ruling_flags,
)
from solver.nightcage.model.grid import DIRECTIONS
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TILE_TYPES, Kind, kind_of_type
from solver.nightcage.sim.convert import KIND_OF_INDEX
from solver.nightcage.sim.position import FELL, FILE, ROW

K = tuple


def _static_masks(type_index: int) -> tuple[int, ...] | None:
    """The board masks every placed tile of a type is in, whatever its cell's state (None: not modelled)."""
    kind = kind_of_type(TILE_TYPES[type_index])
    if kind not in MODELLED_KINDS:
        return None
    found = [B_PRESENT]
    if kind in (Kind.WAX_EATER, Kind.KEEPER, Kind.PATHLESS):
        found.append(B_MONSTER)
    found += [B_KEEPER] if kind is Kind.KEEPER else []
    found += [B_PATHLESS] if kind is Kind.PATHLESS else []
    found += [B_GATE] if kind is Kind.GATE else []
    return tuple(found)


STATIC_MASKS = tuple(_static_masks(t) for t in range(len(TILE_TYPES)))
OPENING_MASKS = tuple(tuple(1 + i for i, d in enumerate(DIRECTIONS) if opening & d) for opening in range(16))
"""The opening masks (``B_OPEN_N + i``) of each openings value."""


def kernel_position(sim: ChanceSim, template: GameState) -> K | None:
    """``from_state(chance_state(sim, template))`` for a Final Flickers turn start ``sim`` of the search from
    ``template``, or None where that would raise :class:`~solver.base.errors.NotCovered` or the game is over
    (see the module doc)."""
    if sim.dirge or sim.top < sim.npile or len(template.prisoners) > 8:
        return None
    masks = [0] * BOARD_MASKS
    typ, opn, pit, keyed, crumb, face = sim.typ, sim.opn, sim.pit, sim.keyed, sim.crumb, sim.face
    for c, t in enumerate(typ):
        if t < 0:
            continue
        bit = 1 << c
        if pit & bit:  # a pit: no openings, never crumbling
            masks[B_PRESENT] |= bit
            masks[B_PIT] |= bit
            continue
        static = STATIC_MASKS[t]
        if static is None:
            return None
        for i in static:
            masks[i] |= bit
        for i in OPENING_MASKS[opn[c]]:
            masks[i] |= bit
        kind = KIND_OF_INDEX[t]
        if kind is Kind.KEEPER:
            facing = face[c]
            masks[B_FACE_LO] |= bit if facing & 1 else 0
            masks[B_FACE_HI] |= bit if facing & 2 else 0
        elif kind is Kind.KEY and keyed & bit:
            masks[B_KEYED] |= bit
        if crumb & bit:
            masks[B_CRUMBLING] |= bit
    prisoners = []
    for i in range(len(template.prisoners)):
        code = _prisoner(sim, i)
        if code is None:
            return None
        prisoners.append(code)
    names = tuple(p.name for p in template.prisoners)
    k = (context(template.size, names, ruling_flags(template.rulings)), sim.turn, *masks, *prisoners)
    if eg.outcome(k) is not None or not _standing(sim, masks):
        return None
    return k


def _prisoner(sim: ChanceSim, i: int) -> int | None:
    """The kernel's int of prisoner ``i`` (convert.py's ``_encode_prisoner``), None where it raises."""
    nerve = sim.nerve[i]
    if sim.unplaced[i] or not 0 <= nerve <= 3:
        return None
    flags = (LIT if sim.lit[i] else 0) | (nerve << NERVE_SHIFT) | (KEY if sim.key[i] else 0)
    code = sim.pf[i]
    if code >= FILE:
        return FALLING_FILE + (code - FILE) | flags
    if code >= ROW:
        return FALLING_ROW + (code - ROW) | flags
    if code >= FELL:
        return FALLEN + (code - FELL) | flags
    cell = sim.pc[i]
    return None if cell < 0 else cell | flags


def _standing(sim: ChanceSim, masks: list[int]) -> bool:
    """Every prisoner on the board stands on a tile neither a pit nor a monster, alone unless on a gate
    (convert.py's ``_check_standing``)."""
    cells = [c for c in sim.pc if c >= 0]
    ground = masks[B_PRESENT] & ~masks[B_PIT] & ~masks[B_MONSTER]
    for c in cells:
        if not ground >> c & 1 or (not masks[B_GATE] >> c & 1 and cells.count(c) > 1):
            return False
    return True


__all__ = ["kernel_position"]
