"""Conversion between the engine's :class:`~solver.nightcage.model.state.GameState` and kernel positions.

:func:`from_state` refuses, with :class:`~solver.base.errors.NotCovered`, the
positions the kernel does not cover (a turn under way, tiles left in the pile,
advanced pieces, an unplaced prisoner...); :func:`to_state` rebuilds a state
from a kernel position and the template position it descends from.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from solver.base.errors import NotCovered
from solver.nightcage.model import counts
from solver.nightcage.model.grid import DIRECTIONS
from solver.nightcage.model.state import GameState, Prisoner
from solver.nightcage.model.tiles import Kind, Tile

from .board import outcome
from .layout import (
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
    CTX,
    FALLEN,
    FALLING_FILE,
    FALLING_ROW,
    KEY,
    KEYED,
    LIT,
    MODELLED_KINDS,
    NERVE_SHIFT,
    OPEN_N,
    PIT,
    POS,
    PRESENT,
    PRISONERS,
    STANDARD_KINDS,
    TURN,
    Context,
    K,
    context,
    ruling_flags,
)


def from_state(state: GameState, kinds: frozenset[Kind] = MODELLED_KINDS) -> K:
    """The kernel position of an end-game turn-start state.

    Raises :class:`~solver.base.errors.NotCovered` when the state is not at a
    turn start, its pile is not empty, it holds pieces other than ``kinds``
    (the kernel's: the standard ones, keepers and the pathless; a planner that
    models fewer passes its own, e.g. :data:`STANDARD_KINDS`), or a prisoner is
    unplaced or (the game not being over) stands where no prisoner can stand
    between turns. Finished games are accepted as they
    are, so that every result of :func:`~solver.nightcage.endgame.kernel.turn.successors`
    converts back and forth.
    """
    if state.pending is not None:
        raise NotCovered("not at a turn start (a turn is under way)")
    if state.pile.count:
        raise NotCovered(f"not the end-game: the pile holds {state.pile.count} tiles")
    if len(state.prisoners) > 8:
        raise NotCovered("too many prisoners")
    masks = [0] * BOARD_MASKS
    for c, tile in enumerate(state.tiles):
        if tile is not None:
            _encode_tile(masks, c, tile, state, kinds)
    prisoners = tuple(_encode_prisoner(state, i) for i in range(len(state.prisoners)))
    ctx = context(state.size, tuple(p.name for p in state.prisoners), ruling_flags(state.rulings))
    k = (ctx, state.turn, *masks, *prisoners)
    if outcome(k) is None:
        for p in state.prisoners:
            _check_standing(state, p)
    return k


def _encode_tile(masks: list[int], c: int, tile: Tile, state: GameState, kinds: frozenset[Kind]) -> None:
    encoded = _tile_masks(tile, kinds)
    if isinstance(encoded, str):
        raise NotCovered(f"{state.geo.name(c)}: {encoded}")
    bit = 1 << c
    for i in encoded:
        masks[i] |= bit


@cache
def _tile_masks(tile: Tile, kinds: frozenset[Kind]) -> tuple[int, ...] | str:
    """The board masks a tile is in, or why the kernel does not model it. (Kept: tiles are few of a kind, and the
    chance search converts a position at every question it asks the end-game oracle.)"""
    if tile.kind not in kinds or tile.dirge:
        what = "a standard end-game piece" if kinds == STANDARD_KINDS else "an end-game piece of the kernel"
        return f"{tile.describe()} is not {what}: not modelled"
    found = [B_PRESENT, *(1 + i for i, d in enumerate(DIRECTIONS) if tile.openings & d)]
    if tile.kind is Kind.PIT:
        found.append(B_PIT)
    if tile.kind in (Kind.WAX_EATER, Kind.KEEPER, Kind.PATHLESS):
        found.append(B_MONSTER)
    if tile.kind is Kind.KEEPER:
        if tile.facing not in DIRECTIONS:
            return "the keeper faces no side"
        found.append(B_KEEPER)
        face = DIRECTIONS.index(tile.facing)
        found += [B_FACE_LO] if face & 1 else []
        found += [B_FACE_HI] if face & 2 else []
    if tile.kind is Kind.PATHLESS:
        found.append(B_PATHLESS)
    if tile.kind is Kind.GATE:
        found.append(B_GATE)
    if tile.kind is Kind.KEY and not tile.key_taken:
        found.append(B_KEYED)
    if tile.crumbling:
        found.append(B_CRUMBLING)
    return tuple(found)


def _encode_prisoner(state: GameState, i: int) -> int:
    p = state.prisoners[i]
    if p.unplaced:
        raise NotCovered(f"{p.name} has not placed its start tile")
    if not 0 <= p.nerve <= 3:
        raise NotCovered(f"{p.name} holds {p.nerve} Nerve")
    flags = (LIT if p.lit else 0) | (p.nerve << NERVE_SHIFT) | (KEY if p.key else 0)
    if p.falling is not None:
        axis, index = p.falling
        base = {"cell": FALLEN, "row": FALLING_ROW, "file": FALLING_FILE}[axis]
        return base + index | flags
    assert p.cell is not None
    return p.cell | flags


def _check_standing(state: GameState, p: Prisoner) -> None:
    """Between turns a prisoner stands on a tile that is neither a pit nor a monster, alone unless on a gate."""
    if p.cell is None:
        return
    tile = state.tiles[p.cell]
    where = state.geo.name(p.cell)
    if tile is None or tile.is_pit or tile.is_monster:
        raise NotCovered(f"{p.name} stands on {where}, which holds no tile a prisoner can stand on")
    if tile.kind is not Kind.GATE and len(state.occupants(p.cell)) > 1:
        raise NotCovered(f"several prisoners stand on {where}, which is not a gate")


def to_state(k: K, template: GameState) -> GameState:
    """The :class:`GameState` of a kernel position, between turns (``pending`` None).

    ``template`` is the end-game position the kernel position descends from
    (any earlier one of the same game): it gives the size, setup, rulings,
    names, pile, the tiles' kinds and the discard counts, which are increased
    by every tile no longer on the board. Raises ``ValueError`` when ``k``
    cannot descend from ``template``.
    """
    ctx: Context = k[CTX]
    names = tuple(p.name for p in template.prisoners)
    if ctx.size != template.size or ctx.names != names or ctx.flags != ruling_flags(template.rulings):
        raise ValueError("the template does not match the position's size, prisoners or rulings")
    tiles: list[Tile | None] = []
    discarded = template.discarded
    for c, old in enumerate(template.tiles):
        tile = _decode_tile(k, c, old)
        if tile is None and old is not None and old.type is not None:
            discarded = counts.bump(discarded, old.type)
        tiles.append(tile)
    prisoners = tuple(_decode_prisoner(p, k[PRISONERS + i]) for i, p in enumerate(template.prisoners))
    return replace(template, tiles=tuple(tiles), prisoners=prisoners, turn=k[TURN], discarded=discarded, pending=None)


def _decode_tile(k: K, c: int, old: Tile | None) -> Tile | None:
    bit = 1 << c
    if not k[PRESENT] & bit:
        return None
    if old is None:
        raise ValueError(f"cell {c} holds a tile the template does not have")
    if k[PIT] & bit:
        return old if old.is_pit else old.pit()
    openings = sum(d for i, d in enumerate(DIRECTIONS) if k[OPEN_N + i] & bit)
    if old.is_pit or openings != old.openings:
        raise ValueError(f"cell {c} holds a tile that differs from the template's")
    if old.kind is Kind.KEY:
        return old._replace(key_taken=not k[KEYED] & bit)
    return old


def _decode_prisoner(p: Prisoner, code: int) -> Prisoner:
    pos = code & POS
    lit, nerve, key = bool(code & LIT), code >> NERVE_SHIFT & 3, bool(code & KEY)
    if pos < FALLEN:
        return p._replace(cell=pos, falling=None, lit=lit, nerve=nerve, key=key)
    if pos < FALLING_ROW:
        falling: tuple[str, int] = ("cell", pos - FALLEN)
    elif pos < FALLING_FILE:
        falling = ("row", pos - FALLING_ROW)
    else:
        falling = ("file", pos - FALLING_FILE)
    return p._replace(cell=None, falling=falling, lit=lit, nerve=nerve, key=key)
