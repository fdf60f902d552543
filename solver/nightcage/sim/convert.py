"""Positions between the rules engine and the simulator: a turn-start
:class:`~solver.nightcage.model.state.GameState` compiled into a :class:`~solver.nightcage.sim.sim.Sim`,
a simulator snapshot back into a ``GameState``, the pile's order, and the
simulator's options in the engine's notation.

A position outside what the simulator covers (an omen or a pit fiend lying on the
board, other rulings, a Dirge of another shape, a turn under way, an unknown pile
order with no order given) raises :class:`~solver.base.errors.NotCovered`.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

from solver.base.errors import NotCovered
from solver.nightcage.model.actions import DIRECTED, Action, Verb, format_action
from solver.nightcage.model.grid import DIRECTIONS, dir_index
from solver.nightcage.model.rulings import DEFAULT_RULINGS, Rulings
from solver.nightcage.model.state import GameState, Pile, Prisoner
from solver.nightcage.model.tiles import TALLY_OF_KIND, TILE_TYPES, TYPE_INDEX, Kind, Tile, kind_of_type
from solver.nightcage.sim.position import CRACKED_T, FELL, FILE, GATE, KEEPER, KEY, NOTYPE, ROW, START, WAX
from solver.nightcage.sim.sim import Sim

PLAYED_KINDS = frozenset(
    {Kind.START, Kind.STRAIGHT, Kind.T, Kind.CROSS, Kind.KEY, Kind.GATE, Kind.WAX_EATER, Kind.KEEPER, Kind.PATHLESS, Kind.PIT}
)
"""What may lie on the board of a simulated turn start (a pit fiend is a pit once placed, an omen is
covered by the Dirge as it is placed: neither rests on the board)."""
_RULING_FIELDS = tuple(f.name for f in fields(Rulings) if f.name not in ("given", "adv_5p_wax", "dirge_shape"))
"""The switches that can matter with the pieces played (the set-up's aside; the Dirge's shape is checked alone)."""

# -- positions in and out ------------------------------------------------------------------------


def check_rulings(rulings: Rulings) -> None:
    """Only the default readings are implemented."""
    other = [name for name in _RULING_FIELDS if getattr(rulings, name) != getattr(DEFAULT_RULINGS, name)]
    if rulings.dirge_shape != DEFAULT_RULINGS.dirge_shape:
        other.append("dirge_shape")
    if other:
        raise NotCovered(f"the fast simulator plays the default rulings only (not: {', '.join(other)})")


def compile_state(state: GameState, order: list[int] | None = None) -> Sim:
    """The simulator position of a turn-start state (pile order: ``order``, else the state's).

    Raises :class:`~solver.base.errors.NotCovered` for a turn under way, an omen or a pit fiend
    lying on the board, other rulings, or an unknown pile order with no ``order`` given.
    """
    if state.pending is not None:
        raise NotCovered("not at a turn start (a turn is under way)")
    check_rulings(state.rulings)
    n = len(state.prisoners)
    sim = Sim(state.size, n)
    for c, tile in enumerate(state.tiles):
        if tile is not None:
            _encode_tile(sim, c, tile, state)
    for i, p in enumerate(state.prisoners):
        _encode_prisoner(sim, i, p)
    sim.turn = state.turn
    sim.omens = state.omens
    if order is None:
        if state.pile.order is None:
            raise NotCovered("the pile's order is unknown: give an order (or use rollout, which draws one)")
        order = [TYPE_INDEX[t] for t in state.pile.order]
    sim.set_pile(order)
    return sim


def _encode_tile(sim: Sim, c: int, tile: Tile, state: GameState) -> None:
    if tile.kind not in PLAYED_KINDS:
        raise NotCovered(f"{state.geo.name(c)}: {tile.describe()} lying on the board is not simulated (omens at rest, unstruck pit fiends)")
    bit = 1 << c
    sim.present |= bit
    if tile.dirge:
        sim.pit |= bit
        sim.dirge |= bit
        sim.typ[c] = NOTYPE
        return
    if tile.kind is Kind.PIT:
        sim.pit |= bit
        sim.typ[c] = NOTYPE if tile.was is None else TYPE_INDEX[tile.was]
        return
    t = TYPE_INDEX[tile.type]  # type: ignore[index]
    sim.typ[c] = t
    sim.opn[c] = tile.openings
    if t == KEEPER:
        sim.face[c] = dir_index(tile.facing)
    if t > WAX:
        sim.mon |= bit
        sim.keeper |= bit if t == KEEPER else 0
        sim.pathless |= 0 if t == KEEPER else bit
    elif t == WAX:
        sim.mon |= bit
    elif t == GATE:
        sim.gate |= bit
    elif t == KEY and not tile.key_taken:
        sim.keyed |= bit
    if tile.crumbling:
        sim.crumb |= bit


def _encode_prisoner(sim: Sim, i: int, p: Prisoner) -> None:
    sim.lit[i] = p.lit
    sim.nerve[i] = p.nerve
    sim.key[i] = p.key
    sim.unplaced[i] = p.unplaced
    if p.cell is not None:
        sim.pc[i] = p.cell
    elif p.falling is not None:
        axis, index = p.falling
        if axis == "cell":
            raise NotCovered(f"{p.name} has fallen and not chosen its row or column: not a turn start")
        sim.pf[i] = (ROW if axis == "row" else FILE) + index


def to_state(snap: tuple[Any, ...], template: GameState, order: list[int]) -> GameState:
    """The :class:`GameState` of a simulator snapshot (``Sim.snapshot``), ``pending`` None.

    ``template`` is the position the game was compiled from and ``order`` the
    pile order it was given: they give the size, names, setup, rulings, and
    the discard (every tile that left the board, the pile or a hand since).
    """
    typ, opn, pit, keyed, crumb, pc, pf, lit, nerve, key, unplaced, turn, top, hand, face, dirge, omens = snap
    tiles: list[Tile | None] = []
    after = [0] * len(TILE_TYPES)  # what the tiles count under (Tile.type), tallied as they are made
    for c, t in enumerate(typ):
        bit = 1 << c
        if t < 0:
            tiles.append(None)
        elif dirge & bit:
            tiles.append(Tile(Kind.PIT, 0, False, dirge=True))
        elif pit & bit:
            tiles.append(Tile(Kind.PIT, 0, False, was=None if t == NOTYPE else TILE_TYPES[t]))
            if t != NOTYPE:
                after[t] += 1
        else:
            taken = t == KEY and not keyed & bit
            facing = DIRECTIONS[face[c]] if t == KEEPER else 0
            kind, crumbling = KIND_OF_INDEX[t], bool(crumb & bit)
            tiles.append(Tile(kind, opn[c], crumbling, facing, taken))
            after[CRACKED_T if kind is Kind.T and crumbling else TALLY_INDEX[t]] += 1
    prisoners = tuple(
        Prisoner(p.name, pc[i] if pc[i] >= 0 else None, _falling(pf[i]), unplaced[i], lit[i], nerve[i], key[i])
        for i, p in enumerate(template.prisoners)
    )
    # Tiles are conserved: what is no longer on the board, in the pile or in a hand was discarded.
    before = _template_tally(template)
    for t in order:
        before[t] += 1
    for t in order[top:]:
        after[t] += 1
    after[START] += sum(unplaced)
    if hand >= 0:
        after[hand] += 1
    discarded = tuple(d + b - a for d, b, a in zip(template.discarded, before, after))
    pile = Pile(order=tuple(TILE_TYPES[t] for t in order[top:]))
    return replace(template, tiles=tuple(tiles), prisoners=prisoners, turn=turn, pile=pile, discarded=discarded, omens=omens, pending=None)


KIND_OF_INDEX = tuple(kind_of_type(t) for t in TILE_TYPES)
"""The kind of a tile of each type index, as placed."""
TALLY_INDEX = tuple(TYPE_INDEX[TALLY_OF_KIND[kind]] for kind in KIND_OF_INDEX)
"""The type index a placed tile of each type index counts under, unless it is a crumbling T (:attr:`Tile.type`)."""
_LAST_TEMPLATE: list[tuple[GameState, tuple[int, ...]] | None] = [None]
"""The last template's board and start tiles tallied, with the template (held, so that ``is`` compares them): a
chance search converts thousands of positions of one template. Replaced whole, so a thread reads one pair."""


def _template_tally(template: GameState) -> list[int]:
    """What ``template``'s board and unplaced start tiles count, by type index (a copy, to add to)."""
    last = _LAST_TEMPLATE[0]
    if last is None or last[0] is not template:
        last = (template, tuple(_tally(template.tiles, [], sum(p.unplaced for p in template.prisoners), -1)))
        _LAST_TEMPLATE[0] = last
    return list(last[1])


def _falling(code: int) -> tuple[str, int] | None:
    if code < 0:
        return None
    if code >= FILE:
        return ("file", code - FILE)
    if code >= ROW:
        return ("row", code - ROW)
    return ("cell", code - FELL)


def _tally(tiles: Any, pile: list[int], starts: int, hand: int) -> list[int]:
    out = [0] * len(TILE_TYPES)
    for tile in tiles:
        if tile is not None and tile.type is not None:
            out[TYPE_INDEX[tile.type]] += 1
    for t in pile:
        out[t] += 1
    out[START] += starts
    if hand >= 0:
        out[hand] += 1
    return out


def sample_order(state: GameState, rng: random.Random) -> list[int]:
    """A pile order consistent with the pile's layers (each layer shuffled), or the known one."""
    if state.pile.order is not None:
        return [TYPE_INDEX[t] for t in state.pile.order]
    order: list[int] = []
    for layer in state.pile.layers:
        part = [t for t, k in enumerate(layer) for _ in range(k)]
        rng.shuffle(part)
        order.extend(part)
    return order


# -- options in the engine's notation ---------------------------------------------------------------


def option_action(opt: tuple[Any, ...], names: tuple[str, ...], active: int) -> Action:
    """The engine's :class:`Action` for a simulator option (``active``: whose turn it is)."""
    v = Verb(opt[0])
    if len(opt) == 1:
        return Action(v)
    if v in DIRECTED:
        return Action(v, direction=DIRECTIONS[opt[1]])
    if v == Verb.PLACE:
        return Action(v, cell=opt[1], openings=opt[2], tile_type=TILE_TYPES[opt[3]])
    if v == Verb.START:
        return Action(v, cell=opt[1], openings=opt[2])
    if v == Verb.DIRGE:
        return Action(v, cell=opt[1], variant=opt[2])
    if v in (Verb.LAND, Verb.SWAP, Verb.DISCARD):
        return Action(v, cell=opt[1])
    if v == Verb.BLOCK:
        return Action(v, names=(names[opt[1]],))
    if v == Verb.GIVE:
        giver, receiver = opt[1], opt[2]
        return Action(v, names=(names[receiver],) if giver == active else (names[giver], names[receiver]))
    if v == Verb.FALL:
        return Action(v, axis=opt[1])
    raise ValueError(f"unknown option {opt!r}")


def option_text(opt: tuple[Any, ...], size: int, names: tuple[str, ...], active: int) -> str:
    """The canonical text of an option (:func:`solver.nightcage.model.actions.format_action`)."""
    return format_action(option_action(opt, names, active), size)
