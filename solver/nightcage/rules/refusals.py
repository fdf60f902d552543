"""Candidates a player may try that no decision lists, each with the rule that refuses it.

The decisions (:mod:`solver.nightcage.rules.decisions`) list what the moment offers;
this module adds the nearby attempts they leave out, so that ``legal
--explain`` and ``apply`` name the reason instead of "not a choice at this
moment": a key passed between two prisoners neither of whom is active, or to
or from a prisoner off the board, a landing off the chosen row or file, a tile
placed on a cell that awaits none, a stay's monster swapped onto a neighbour
that is not connected or onto a tile that is no neighbour, a Block against a
hit that cannot be blocked. :func:`refusal_of` answers for the attempts too
many to list (a tile on any cell, in any orientation).

Kept apart from the legal options: the planners ask for those often, and
only explanations need these.
"""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.grid import DIRECTIONS, FILE_LETTERS, Cell
from solver.nightcage.model.rulebook import section
from solver.nightcage.model.rulings import BLOCK_ANY_TURN, STAY_SWAP
from solver.nightcage.model.state import BLOCK, DIRGE, LAND, PLACE, SWAP, GameState, Hit, Step
from solver.nightcage.model.tiles import Kind, Tile, rotations, type_name
from solver.nightcage.rules.decisions import KEY_DECISIONS
from solver.nightcage.rules.describe import monster_rule
from solver.nightcage.rules.hit_choices import block_options
from solver.nightcage.rules.landing import landing_options
from solver.nightcage.rules.lighting import connected
from solver.nightcage.rules.omens import shape_variants
from solver.nightcage.rules.steps import spend_problem, turn_of


def more_refusals(state: GameState) -> list[Option]:
    """Refused candidates of the decision awaited that its options do not list."""
    step = turn_of(state).front
    if step.name in KEY_DECISIONS:
        return _keys_off_turn(state)
    if step.name == LAND:
        return _landings_off_line(state, step)
    if step.name == SWAP:
        return _swaps_refused(state, step) + _swaps_afar(state, step)
    if step.name == BLOCK:
        return _blocks_refused(state, step)
    if step.name == PLACE and step.hand is not None:
        return _placements_elsewhere(state, step)
    return []


def refusal_of(state: GameState, action: Action) -> str | None:
    """Why an attempt that no candidate list holds is refused, when a rule says why (else None)."""
    step = turn_of(state).front
    if action.verb == Verb.PLACE and step.name == PLACE and step.hand is not None and action.cell not in step.cells:
        return _not_awaiting(state, step, action.cell)
    if action.verb == Verb.SWAP and step.name == SWAP and action.cell is not None:
        return _not_a_neighbour(state, action.cell)
    if action.verb == Verb.DIRGE and step.name == DIRGE and action.cell is not None:
        return _dirge_elsewhere(state, step, action)
    return None


def _dirge_elsewhere(state: GameState, step: Step, action: Action) -> str:
    """A Dirge laid from a corner the options do not offer: off the board, or not over the omen (6.8)."""
    corner, geo = action.cell, state.geo
    assert corner is not None
    shapes = shape_variants(state.rulings.dirge_shape)
    if not 0 <= action.variant < len(shapes):
        return f"the Dirge has {len(shapes)} orientation(s) here, numbered 0 to {len(shapes) - 1} ({section('dirge')})"
    x0, y0 = corner % state.size, corner // state.size
    shape = shapes[action.variant]
    if any(not (0 <= x0 + x < state.size and 0 <= y0 + y < state.size) for x, y in shape):
        return f"laid from {geo.name(corner)}, the Dirge would leave the board: it lies wholly inside it ({section('dirge')})"
    return f"laid from {geo.name(corner)}, the Dirge would not cover the omen on {geo.name(step.cell)} ({section('dirge')})"


def _keys_off_turn(state: GameState) -> list[Option]:
    """``give A B`` between two prisoners neither of whom is active (rules §5)."""
    me = state.turn
    active = state.active.name
    out: list[Option] = []
    for a, pa in enumerate(state.prisoners):
        for b, pb in enumerate(state.prisoners):
            if a == b:
                continue
            if me in (a, b):
                out += _keys_off_board(state, a, b)
                continue
            reason = (
                f"{pa.name} and {pb.name} may pass a key only during the turn of one of them, "
                f"and it is {active}'s turn ({section('keys')})"
            )
            out.append((Action(Verb.GIVE, names=(pa.name, pb.name)), reason))
    return out


def _keys_off_board(state: GameState, a: int, b: int) -> list[Option]:
    """``give`` between the active prisoner and one off the board (falling): rules §5."""
    pa, pb = state.prisoners[a], state.prisoners[b]
    off = next((p for p in (pa, pb) if p.cell is None), None)
    if off is None:
        return []
    names = (pb.name,) if a == state.turn else (pa.name, pb.name)
    reason = (
        f"{off.name} is off the board (falling): a key passes only between prisoners on connected "
        f"neighbouring tiles ({section('keys')})"
    )
    return [(Action(Verb.GIVE, names=names), reason)]


def _placements_elsewhere(state: GameState, step: Step) -> list[Option]:
    """The empty cells beside those awaiting the tile drawn: where a player might put it by mistake."""
    geo = state.geo
    assert step.hand is not None
    openings = rotations(Tile.of_type(step.hand).kind)[0]
    near = {geo.neighbour(c, d) for c in step.cells for d in DIRECTIONS}
    out: list[Option] = []
    for cell in sorted(near - set(step.cells)):
        if state.tiles[cell] is None:
            action = Action(Verb.PLACE, cell=cell, openings=openings, tile_type=step.hand)
            out.append((action, _not_awaiting(state, step, cell)))
    return out


def _not_awaiting(state: GameState, step: Step, cell: Cell) -> str:
    """``place`` on a cell that awaits no tile: where the tile drawn goes, and the rule that says so."""
    geo = state.geo
    there = geo.name(cell)
    what = type_name(step.hand) if step.hand is not None else "tile"
    who = state.prisoners[step.who].name if step.who >= 0 else state.active.name
    target = geo.name(step.cells[0]) if step.cells else "?"
    if step.purpose == "land":
        return f"{who} lands on {target}: the {what} drawn goes there, not on {there} ({section('falling')})"
    if step.purpose == "blind":
        return f"{who} steps blind onto {target}: the {what} drawn goes there, not on {there} ({section('lights_out')})"
    if step.purpose == "scramble":
        return f"{who} scrambles onto {target}: the {what} drawn goes there, not on {there} ({section('falling_onto')})"
    held = "holds a tile already" if state.tiles[cell] is not None else "is not lit"
    cells = ", ".join(geo.name(c) for c in step.cells)
    return f"{there} {held}: the {what} drawn fills an empty cell a prisoner lights ({cells}) ({section('light')})"


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
    own = f"{geo.name(cell)} is {name}'s own tile: the monster a stay draws swaps with a neighbour of it ({section('stay')})"
    out.append((Action(Verb.SWAP, cell=cell), own))
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


def _swaps_afar(state: GameState, step: Step) -> list[Option]:
    """Tiles on the board that are no neighbour of the stayer's: the swap a player might try."""
    cell = state.active.cell
    if cell is None:
        return []
    near = {state.geo.neighbour(cell, d) for d in DIRECTIONS} | {cell}
    afar = [c for c, t in enumerate(state.tiles) if t is not None and c not in near]
    return [(Action(Verb.SWAP, cell=c), _not_a_neighbour(state, c)) for c in afar]


def _not_a_neighbour(state: GameState, target: Cell) -> str | None:
    """``swap`` onto a cell that is not adjacent to the stayer's tile (None for a neighbour)."""
    cell = state.active.cell
    geo = state.geo
    if cell is None or target == cell or any(geo.neighbour(cell, d) == target for d in DIRECTIONS):
        return None
    return (
        f"{geo.name(target)} is not adjacent to {state.active.name}'s tile on {geo.name(cell)}: the monster a stay "
        f"draws swaps with a connected neighbour ({section('stay')})"
    )


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


__all__ = ["more_refusals", "refusal_of"]
