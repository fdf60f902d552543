"""The turn runner: advances the step queue through its automatic and chance steps.

Decisions wait at the front of the queue for an action; chance steps wait for
a draw unless the pile's order is known, in which case the draw is simply the
top tile; every other step runs by itself. :func:`run` advances a state until
it reaches a decision, a chance draw, the end of the turn or the end of the
game. The runner sits above the rule modules and dispatches into them.
"""

from __future__ import annotations

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.rulings import MONSTER_REMOVED, STAY_SWAP
from solver.nightcage.model.state import (
    AGAIN,
    BLOCK,
    BURN,
    COLLAPSE,
    DISCARD_MONSTERS,
    END_TURN,
    EXTRA,
    FINAL,
    LIGHT,
    MAIN,
    PLACE,
    STAY_DRAW,
    SWAP,
    GameState,
    Step,
)
from solver.nightcage.model.tiles import MONSTER_TYPES, TileType, a_type_name, type_name
from solver.nightcage.rules.attacks import fall_from_collapse, scramble_fall, scramble_options
from solver.nightcage.rules.hit_choices import block_options, hits_total
from solver.nightcage.rules.keys import key_pass_possible
from solver.nightcage.rules.lighting import darkness, illuminated, lit_by, relight
from solver.nightcage.rules.moves import again_possible, final_options
from solver.nightcage.rules.omens import dirge_placements, omen_is_placed, set_aside, summons
from solver.nightcage.rules.outcome import outcome
from solver.nightcage.rules.placing import swap_targets
from solver.nightcage.rules.steps import begin_turn, discard_board_tile, discard_tiles, pop, push, replace_front, turn_of

# -- the runner --------------------------------------------------------------------


def open_turn(state: GameState, events: list[Event]) -> GameState:
    """The active prisoner's turn begun: its first steps queued and, under
    RULING-RELIGHT-AT-START (§8.2), Lights Out prisoners connected to a lit one
    relit before the first decision, the cells they light filled at once.

    Which pairs relight follows RULING-RELIGHT-WITH-ACTIVE, as at step 6b (the
    active prisoner and a neighbour; the alternative: any pair, in chains). A
    falling or unplaced prisoner begins with no cell: the check waits for the
    step 6 after its landing or start.
    """
    state = begin_turn(state)
    p = state.active
    if not state.rulings.relight_at_start or p.cell is None or all(q.lit for q in state.prisoners):
        return state
    state, relit, evs = relight(state, (), at_start=True)
    if not evs:
        return state
    events.extend(evs)
    state = state.evolve(pending=turn_of(state)._replace(relit=relit))
    cells = fill_cells(state)
    if cells and state.pile.count:
        state = push(state, Step(PLACE, state.turn, cells=cells, purpose="fill"))
    return run(state, events)


def run(state: GameState, events: list[Event]) -> GameState:
    """Advance through automatic steps until a decision, a draw, or the turn's end."""
    while state.pending is not None and outcome(state) is None:
        if not state.pending.steps:
            # Nothing left to do (e.g. a prisoner who fell while landing): the turn ends.
            return _end_turn(state, Step(END_TURN), events)
        step = state.pending.steps[0]
        if step.name in _ACTIVE_ONLY and state.active.cell is None:
            state = pop(state)  # the active prisoner fell: its turn has no more actions
            continue
        auto = _AUTOMATIC.get(step.name)
        if auto is None:
            return state
        before = state
        state = auto(state, step, events)
        if state is before:
            return state  # the step waits (a chance draw with an unknown order)
    return state


_ACTIVE_ONLY = frozenset({MAIN, EXTRA, AGAIN, FINAL})


def _end_turn(state: GameState, step: Step, events: list[Event]) -> GameState:
    nxt = (state.turn + 1) % len(state.prisoners)
    return state.evolve(pending=None, turn=nxt)


def _light(state: GameState, step: Step, events: list[Event]) -> GameState:
    """Step 6: darkness, then relighting until nothing changes, then the fill placements."""
    state = pop(state)
    state, evs = darkness(state)
    events.extend(evs)
    state, relit, evs = relight(state, turn_of(state).relit)
    events.extend(evs)
    state = state.evolve(pending=turn_of(state)._replace(relit=relit))
    cells = fill_cells(state)
    if cells and state.pile.count:
        state = push(state, Step(PLACE, state.turn, cells=cells, purpose="fill"))
    elif cells:
        names = ", ".join(state.geo.name(c) for c in cells)
        events.append(event("pile_empty", f"the pile is empty: {names} stay(s) empty", "final"))
    return state


def fill_cells(state: GameState) -> tuple[Cell, ...]:
    """Empty illuminated cells to fill (RULING-FILL-ALL-LIT) in cell order."""
    if state.rulings.fill_all_lit:
        lit = illuminated(state)
    else:
        # The French letter: the active prisoner's passages and those of prisoners relit this turn.
        lit = lit_by(state, state.turn)
        for i in turn_of(state).relit:
            lit |= lit_by(state, i)
    return tuple(c for c in range(state.geo.cells) if lit >> c & 1 and state.tiles[c] is None)


def _discard_monsters(state: GameState, step: Step, events: list[Event]) -> GameState:
    state = pop(state)
    for cell in step.cells:
        tile = state.tiles[cell]
        if tile is None or not tile.is_monster:
            continue
        entered = cell == step.cell
        if not entered and not state.rulings.monster_removed:
            continue
        state = discard_board_tile(state, cell)
        where = state.geo.name(cell)
        if entered:
            events.append(event("monster_removed", f"the {tile.describe()} on {where} is discarded", "falling_onto"))
        else:
            text = f"the {tile.describe()} on {where} attacked and is discarded"
            events.append(event("monster_removed", text, "monsters", MONSTER_REMOVED))
    return state


def _block(state: GameState, step: Step, events: list[Event]) -> GameState:
    """Blocks are awaited while someone can still Block; then the penalty is burnt."""
    if block_options(state, step):
        return state
    total = hits_total(step.hits)
    state = pop(state)
    return push(state, Step(BURN, count=total)) if total else state


def _burn(state: GameState, step: Step, events: list[Event]) -> GameState:
    n = min(step.count, state.pile.count)
    if n == 0:
        return pop(state)
    if state.pile.order is None:
        return state  # chance: the burnt kinds must be given
    return resolve_burn(state, counts.counts_of(state.pile.order[:n]), events)


def resolve_burn(state: GameState, drawn: Counts, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = discard_tiles(pop(state), drawn)
    what = counts.describe(drawn)
    short = " (the pile ran out)" if counts.total(drawn) < step.count else ""
    n = counts.total(drawn)
    events.append(event("burn", f"{n} tile{'s' if n != 1 else ''} discarded from the pile{short}: {what}", "torments"))
    return state


def _stay_draw(state: GameState, step: Step, events: list[Event]) -> GameState:
    if not state.pile.count:
        return pop(state)
    if state.pile.order is None:
        return state
    return resolve_stay_draw(state, state.pile.order[0], events)


def resolve_stay_draw(state: GameState, drawn: TileType, events: list[Event]) -> GameState:
    state = pop(state)
    state = state.evolve(pile=state.pile.without(counts.counts_of([drawn])))
    name = state.active.name
    if drawn is TileType.OMEN and not summons(state):
        # Q29's reading: an omen a stay meets counts only when it brings the Dirge.
        text = f"{name}'s stay burns the top tile: an omen, discarded (it does not count toward the Dirge)"
        events.append(event("stay_discard", text, "dirge", None, name))
        return state.evolve(discarded=counts.bump(state.discarded, drawn))
    if drawn in MONSTER_TYPES:
        targets = swap_targets(state, drawn)
        if drawn is TileType.OMEN:  # it must bring the Dirge where it goes
            targets = tuple(c for c in targets if dirge_placements(state, c))
        if targets:
            text = f"{name} stays and draws {a_type_name(drawn)}: it must be swapped with a connected neighbouring tile"
            events.append(event("stay_monster", text, "stay", STAY_SWAP, name))
            return push(state, Step(SWAP, state.turn, cells=targets, hand=drawn))
        text = f"{name} stays and draws {a_type_name(drawn)}; no tile can take it, so it is discarded"
        events.append(event("stay_discard", text, "stay", STAY_SWAP, name))
    else:
        events.append(event("stay_discard", f"{name}'s stay burns the top tile: {type_name(drawn)}", "stay", None, name))
    return state.evolve(discarded=counts.bump(state.discarded, drawn))


def _place(state: GameState, step: Step, events: list[Event]) -> GameState:
    """A tile must be drawn before it is placed: automatic when the order is known."""
    if step.hand is not None:
        return state
    if not state.pile.count:
        events.append(event("pile_empty", "the pile is empty: nothing more is drawn", "final"))
        return pop(state)
    if state.pile.order is None:
        return state
    return resolve_draw(state, state.pile.order[0], events)


def resolve_draw(state: GameState, drawn: TileType, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = state.evolve(pile=state.pile.without(counts.counts_of([drawn])))
    if drawn is TileType.OMEN and not omen_is_placed(state, step.cells):
        return set_aside(state, events)
    return replace_front(state, step._replace(hand=drawn))


def _again(state: GameState, step: Step, events: list[Event]) -> GameState:
    """Wait when Nerve can buy a move, or when a key can still change hands this turn."""
    return state if again_possible(state) or key_pass_possible(state) else pop(state)


def _final(state: GameState, step: Step, events: list[Event]) -> GameState:
    if not turn_of(state).final_flickers:
        return pop(state)
    if any(reason is None for _, reason in final_options(state)) or key_pass_possible(state):
        return state
    events.append(event("final_nothing", "no tile can be discarded and the light cannot be held", "final"))
    return pop(state)


def _collapse(state: GameState, step: Step, events: list[Event]) -> GameState:
    if state.prisoners[step.who].cell is None:
        return pop(state)  # swallowed meanwhile by the Dirge its stay's omen brought: nothing left to crumble
    return fall_from_collapse(pop(state), step.who, events)


def _scramble(state: GameState, step: Step, events: list[Event]) -> GameState:
    if any(reason is None for _, reason in scramble_options(state, step)):
        return state
    return scramble_fall(state, step, events)


_AUTOMATIC = {
    END_TURN: _end_turn,
    LIGHT: _light,
    DISCARD_MONSTERS: _discard_monsters,
    BLOCK: _block,
    BURN: _burn,
    STAY_DRAW: _stay_draw,
    PLACE: _place,
    AGAIN: _again,
    FINAL: _final,
    COLLAPSE: _collapse,
    "scramble": _scramble,
}
"""Steps that may run by themselves. A handler returns the state unchanged to wait."""
