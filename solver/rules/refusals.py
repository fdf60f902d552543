"""Candidates a player may try that no decision lists, each with the rule that refuses it.

The decisions (:mod:`solver.rules.decisions`) list what the moment offers;
this module adds the nearby attempts they leave out, so that ``legal
--explain`` and ``apply`` name the reason instead of "not a choice at this
moment": a key passed between two prisoners neither of whom is active, a
landing off the chosen row or file, a stay's monster swapped onto a neighbour
that is not connected, a Block against a hit that cannot be blocked.

Kept apart from the legal options: the planners ask for those often, and
only explanations need these.
"""

from __future__ import annotations

from solver.core.actions import Action, Option, Verb
from solver.core.grid import DIRECTIONS, FILE_LETTERS
from solver.core.rulebook import section
from solver.core.rulings import BLOCK_ANY_TURN, STAY_SWAP
from solver.core.state import BLOCK, LAND, SWAP, GameState, Hit, Step
from solver.core.tiles import Kind
from solver.rules.decisions import KEY_DECISIONS
from solver.rules.describe import monster_rule
from solver.rules.hit_choices import block_options
from solver.rules.landing import landing_options
from solver.rules.lighting import connected
from solver.rules.steps import spend_problem, turn_of


def more_refusals(state: GameState) -> list[Option]:
    """Refused candidates of the decision awaited that its options do not list."""
    step = turn_of(state).front
    if step.name in KEY_DECISIONS:
        return _keys_off_turn(state)
    if step.name == LAND:
        return _landings_off_line(state, step)
    if step.name == SWAP:
        return _swaps_refused(state, step)
    if step.name == BLOCK:
        return _blocks_refused(state, step)
    return []


def _keys_off_turn(state: GameState) -> list[Option]:
    """``give A B`` between two prisoners neither of whom is active (rules §5)."""
    me = state.turn
    active = state.active.name
    out: list[Option] = []
    for a, pa in enumerate(state.prisoners):
        for b, pb in enumerate(state.prisoners):
            if a == b or me in (a, b):
                continue
            reason = (
                f"{pa.name} and {pb.name} may pass a key only during the turn of one of them, "
                f"and it is {active}'s turn ({section('keys')})"
            )
            out.append((Action(Verb.GIVE, names=(pa.name, pb.name)), reason))
    return out


def _landings_off_line(state: GameState, step: Step) -> list[Option]:
    """Cells off the row or file a falling prisoner chose (rules §4 step 0)."""
    p = state.prisoners[step.who]
    if p.falling is None or p.falling[0] not in ("row", "file"):
        return []
    listed = {action.cell for action, _ in landing_options(state, step.who)}
    axis, index = p.falling
    label = f"row {index + 1}" if axis == "row" else f"file {FILE_LETTERS[index]}"
    out: list[Option] = []
    for cell in range(state.geo.cells):
        if cell not in listed:
            reason = f"{state.geo.name(cell)} is not on {label}, the line {p.name} chose when it fell ({section('falling')})"
            out.append((Action(Verb.LAND, cell=cell), reason))
    return out


def _swaps_refused(state: GameState, step: Step) -> list[Option]:
    """Neighbours a stay's monster may not be swapped with (rules §4 step 1, RULING-STAY-SWAP)."""
    cell = state.active.cell
    if cell is None:
        return []
    geo = state.geo
    name = state.active.name
    out: list[Option] = []
    seen = set(step.cells) | {cell}
    for d in DIRECTIONS:
        nb = geo.neighbour(cell, d)
        if nb in seen:
            continue
        seen.add(nb)
        tile = state.tiles[nb]
        there = geo.name(nb)
        if tile is None:
            reason = f"{there} holds no tile to swap with"
        elif not connected(state, cell, d):
            reason = (
                f"the tile on {there} is adjacent to {name}'s but not connected to it: the monster a stay "
                f"draws swaps with a connected neighbour ({section('stay')})"
            )
        else:
            reason = f"{there} holds a prisoner: the monster a stay draws swaps only with an unoccupied tile ({STAY_SWAP})"
        out.append((Action(Verb.SWAP, cell=nb), reason))
    return out


def _blocks_refused(state: GameState, step: Step) -> list[Option]:
    """``block <name>`` for each prisoner who may not Block now, with why (rules §6.2)."""
    allowed = set(block_options(state, step))
    out: list[Option] = []
    for i, p in enumerate(state.prisoners):
        if i not in allowed:
            out.append((Action(Verb.BLOCK, names=(p.name,)), _block_problem(state, step, i)))
    return out


def _block_problem(state: GameState, step: Step, who: int) -> str:
    name = state.prisoners[who].name
    mine = [h for h in step.hits if h.prisoner == who]
    if not mine:
        return f"{name} is not hit by this attack"
    open_hits = [h for h in mine if h.blockable and not h.blocked]
    if not open_hits:
        unblockable = [h for h in mine if not h.blockable]
        if not unblockable:
            return f"{name} has already Blocked its hit ({section('block')})"
        return _unblockable(state, unblockable[0])
    if not state.pile.count:
        return f"the pile is empty: a Block would save nothing ({section('block')})"
    if who != state.turn and not state.rulings.block_any_turn:
        return f"only the active prisoner may Block ({BLOCK_ANY_TURN}, other reading)"
    problem = spend_problem(state, who)
    return f"{problem} ({section('block')})" if problem else f"{name} may not Block now"


def _unblockable(state: GameState, hit: Hit) -> str:
    tile = state.tiles[hit.monster]
    where_from = state.geo.name(hit.monster)
    name = state.prisoners[hit.prisoner].name
    if tile is not None and tile.dirge:  # the Dirge's hit: its square now lies where the omen was
        return f"{name} was swallowed by the Dirge: only the omen's placer may Block it ({section('dirge')})"
    if tile is not None and tile.kind is Kind.PATHLESS:
        what = f"the pathless's attack from {where_from} (5 tiles)"
    elif tile is not None and tile.kind is Kind.KEEPER:
        what = f"the keeper's ranged hit from {where_from} (1 tile)"
    else:
        what = f"the hit from {where_from}"
    rule = section(monster_rule(tile.kind)) if tile is not None else section("block")
    return f"{what} on {name} cannot be Blocked ({rule})"


__all__ = ["more_refusals"]
