"""Tiles drawn and placed: filling lit cells, landing, the first turn's start tile,
and the monster a stay draws.
"""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.grid import DIR_LETTER, DIRECTIONS, Cell
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.rulings import LAND_FULL_LINE, STAY_SWAP
from solver.nightcage.model.state import LIGHT, GameState, Step
from solver.nightcage.model.tiles import Kind, Tile, TileType, a_type_name, placements, rotations, type_name
from solver.nightcage.rules.attacks import Trigger, arrive, complete_move, pit_fiend_strike, queue_placement, start_attack
from solver.nightcage.rules.landing import landing_options
from solver.nightcage.rules.lighting import connected, lighting_passages
from solver.nightcage.rules.omens import dirge_placements, omen_placed, omen_swapped
from solver.nightcage.rules.steps import discard_board_tile, pop, push, turn_of

# -- tiles drawn ---------------------------------------------------------------------


def _place_options(state: GameState, step: Step) -> list[Option]:
    if step.hand is None:
        return []  # a chance draw comes first
    out: list[Option] = []
    for cell in step.cells:
        must, any_of, why = placement_rule(state, step, cell)
        allowed = placements(step.hand, must, any_of)
        if step.hand is TileType.OMEN and not dirge_placements(state, cell):
            allowed, why = (), f"no placement of the Dirge inside the board would cover {state.geo.name(cell)}"
        for openings in rotations(Tile.of_type(step.hand).kind):
            reason = None if openings in allowed else why
            out.append((Action(Verb.PLACE, cell=cell, openings=openings, tile_type=step.hand), reason))
    return out


def placement_rule(state: GameState, step: Step, cell: Cell) -> tuple[int, bool, str]:
    """Sides the tile must open toward, whether any one suffices, and the refusal text."""
    geo = state.geo
    if step.purpose == "land":
        return 0, False, ""
    if step.purpose in ("blind", "scramble"):
        d = geo.direction_between(cell, step.origin)
        assert d is not None
        return d, False, f"it must connect back toward {geo.name(step.origin)}"
    sides = lighting_passages(state, cell)
    letters = "".join(DIR_LETTER[d] for d in DIRECTIONS if sides & d)
    return sides, True, f"it must open toward a passage lighting {geo.name(cell)} (side {' or '.join(letters)})"


def _do_place(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    assert step.hand is not None
    cell = action.cell
    facing = _keeper_facing(state, cell) if step.hand is TileType.KEEPER else 0
    tile = Tile.of_type(step.hand, action.openings, facing)
    state = pop(state).with_tile(cell, tile)
    name = state.active.name
    text = f"{name} draws {a_type_name(step.hand)} and places it on {state.geo.name(cell)} as {tile.describe()}"
    events.append(event("place", text, "light", None, name))
    if tile.kind is Kind.OMEN:
        return omen_placed(state, step, cell, events)
    if tile.kind is Kind.PIT_FIEND and step.purpose in ("fill", "land", "scramble"):
        if step.purpose == "fill":
            state = push(state, Step(LIGHT))  # the board changed: light again, then fill what is lit
        else:
            state = state.with_prisoner(step.who, cell=cell, falling=None)
        return pit_fiend_strike(state, cell, [], events)
    if step.purpose == "fill":
        rest = tuple(c for c in step.cells if c != cell)
        return push(state, step._replace(cells=rest, hand=None)) if rest else state
    if step.purpose == "land":
        return arrive_land(state, step.who, cell, events)
    if step.purpose == "blind":
        return complete_move(state, step.who, step.origin, cell, step.triggered, events, Verb.BLIND)
    if tile.is_monster:
        # Scrambling onto a freshly drawn monster is stepping onto it: it attacks
        # (rules 6.4, as for a blind step) and the prisoner scrambles again.
        state = state.with_prisoner(step.who, cell=cell)
        who = state.prisoners[step.who].name
        return start_attack(state, [Trigger(cell, f"{who} scrambled onto it")], (step.who, cell), None, events)
    return arrive(state, step.who, cell, events)  # scramble


def _keeper_facing(state: GameState, cell: Cell) -> int:
    """A keeper's mouth faces the prisoner who placed it (6.5).

    When the placer is not next to the cell (it fills a cell another prisoner
    lights, or lands on it), the mouth faces a passage that lights the cell.
    """
    active = state.active.cell
    d = state.geo.direction_between(cell, active) if active is not None else None
    if d:
        return d
    sides = lighting_passages(state, cell)
    return next((side for side in DIRECTIONS if sides & side), DIRECTIONS[0])


# -- landing and the first turn -------------------------------------------------------


def _land_options(state: GameState, step: Step) -> list[Option]:
    return landing_options(state, step.who)


def _do_land(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = pop(state)
    p = state.prisoners[step.who]
    where = state.geo.name(action.cell)
    if state.tiles[action.cell] is None:
        events.append(event("land", f"{p.name} lands on {where}: a tile is drawn for it", "falling", None, p.name))
        return queue_placement(state, step.who, action.cell, "land")
    ruling = LAND_FULL_LINE
    events.append(event("land", f"{p.name} lands on the existing tile on {where} (the line is full)", "falling", ruling, p.name))
    return arrive_land(state, step.who, action.cell, events)


def arrive_land(state: GameState, who: int, cell: Cell, events: list[Event]) -> GameState:
    tile = state.tiles[cell]
    assert tile is not None
    if not tile.is_monster:
        return arrive(state, who, cell, events)
    state = state.with_prisoner(who, cell=cell, falling=None)
    if tile.kind is Kind.PIT_FIEND:  # landing on what turns into a pit: falling again
        return pit_fiend_strike(state, cell, [], events)
    name = state.prisoners[who].name
    return start_attack(state, [Trigger(cell, f"{name} landed on it")], (who, cell), None, events)


def _start_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = []
    for cell in range(state.geo.cells):
        reason = None if state.tiles[cell] is None else f"{state.geo.name(cell)} is not empty"
        for openings in rotations(Kind.START):
            out.append((Action(Verb.START, cell=cell, openings=openings), reason))
    return out


def _do_start(state: GameState, action: Action, events: list[Event]) -> GameState:
    who = state.turn
    state = pop(state)
    state = state.with_tile(action.cell, Tile.of_type(TileType.START, action.openings))
    state = state.with_prisoner(who, cell=action.cell, unplaced=False)
    name = state.prisoners[who].name
    text = f"{name} places its start tile on {state.geo.name(action.cell)} ({Tile.of_type(TileType.START, action.openings).describe()})"
    events.append(event("start", text, "start", None, name))
    return state


# -- staying with a monster drawn ---------------------------------------------------------


def swap_targets(state: GameState, drawn: TileType) -> tuple[Cell, ...]:
    """Tiles adjacent to and connected with the staying prisoner (RULING-STAY-SWAP)."""
    cell = state.active.cell
    assert cell is not None
    out = []
    for d in DIRECTIONS:
        nb = state.geo.neighbour(cell, d)
        if not connected(state, cell, d):
            continue
        if state.occupants(nb) and state.rulings.stay_swap:
            continue
        out.append(nb)
    return tuple(sorted(out))


def _swap_options(state: GameState, step: Step) -> list[Option]:
    return [(Action(Verb.SWAP, cell=c), None) for c in step.cells]


def _do_swap(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    assert step.hand is not None
    state = pop(state)
    cell = action.cell
    old = state.tiles[cell]
    assert old is not None
    facing = _keeper_facing(state, cell) if step.hand is TileType.KEEPER else 0
    state = discard_board_tile(state, cell).with_tile(cell, Tile.of_type(step.hand, None, facing))
    where = state.geo.name(cell)
    text = f"the {type_name(step.hand)} takes the place of the {old.describe()} on {where}, which is discarded"
    events.append(event("swap", text, "stay", STAY_SWAP, state.active.name))
    if step.hand is TileType.PIT_FIEND:  # it takes effect as if placed
        return pit_fiend_strike(state, cell, [], events)
    if step.hand is TileType.OMEN:  # as if placed: it brings the Dirge
        return omen_swapped(state, cell)
    occupants = state.occupants(cell)
    if occupants:  # only under the alternative reading of RULING-STAY-SWAP
        who = occupants[0]
        name = state.prisoners[who].name
        return start_attack(state, [Trigger(cell, f"it was swapped in under {name}", STAY_SWAP)], (who, cell), None, events)
    return state
