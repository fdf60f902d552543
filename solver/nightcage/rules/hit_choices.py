"""The choices an attack leaves: Block, the faller's row or column, the scramble."""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.grid import DIRECTIONS
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.state import BURN, GameState, Hit, Step
from solver.nightcage.model.tiles import Kind, TileType
from solver.nightcage.rules.attacks import arrive, queue_placement, scramble_options
from solver.nightcage.rules.steps import pop, push, replace_front, spend, spend_problem, turn_of

# -- attacks: Block, falls, scrambles -----------------------------------------------------


def _block_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = [(Action(Verb.BLOCK, names=(state.prisoners[i].name,)), None) for i in block_options(state, step)]
    out.append((Action(Verb.NOBLOCK), None))
    return out


def _do_block(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    if action.verb == Verb.NOBLOCK:
        total = hits_total(step.hits)
        state = pop(state)
        return push(state, Step(BURN, count=total)) if total else state
    who = state.prisoner_index(action.names[0])
    assert who is not None
    hits = list(step.hits)
    k = next(i for i, h in enumerate(hits) if h.prisoner == who and h.blockable and not h.blocked)
    hits[k] = hits[k]._replace(blocked=True)
    state = spend(replace_front(state, step._replace(hits=tuple(hits))), who)
    name = action.names[0]
    events.append(event("block", f"{name} spends 1 Nerve to Block: 2 tiles instead of 3", "block", None, name))
    return state


def _fall_options(state: GameState, step: Step) -> list[Option]:
    return [(Action(Verb.FALL, axis="row"), None), (Action(Verb.FALL, axis="file"), None)]


def _do_fall(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = pop(state)
    geo = state.geo
    index = geo.rank_of(step.cell) if action.axis == "row" else geo.file_of(step.cell)
    state = state.with_prisoner(step.who, falling=(action.axis, index))
    label = f"row {index + 1}" if action.axis == "row" else f"file {'abcdefg'[index]}"
    name = state.prisoners[step.who].name
    events.append(event("fall_line", f"{name} will land on {label}", "falling", None, name))
    return state


def _scramble_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = []
    for d, (_, reason) in zip(DIRECTIONS, scramble_options(state, step)):
        out.append((Action(Verb.SCRAMBLE, direction=d), reason))
    return out


def _do_scramble(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = pop(state)
    nb = state.geo.neighbour(step.cell, action.direction)
    name = state.prisoners[step.who].name
    events.append(event("scramble", f"{name} scrambles to {state.geo.name(nb)}", _scramble_rule(state, step), None, name))
    if state.tiles[nb] is None:
        return queue_placement(state, step.who, nb, "scramble", step.cell)
    return arrive(state, step.who, nb, events)


def _scramble_rule(state: GameState, step: Step) -> str:
    """Scrambling off a keeper is the Keepers section's rule; off any other monster, Falling onto a Monster's."""
    tile = state.tiles[step.cell]
    from_keeper = tile is not None and (tile.kind is Kind.KEEPER or (tile.is_pit and tile.was is TileType.KEEPER))
    return "keeper" if from_keeper else "falling_onto"


def block_options(state: GameState, step: Step) -> list[int]:
    """Prisoners who may Block one of their remaining hits now."""
    if not state.pile.count:
        return []  # with an empty pile a Block would save nothing
    out = []
    for i in sorted({h.prisoner for h in step.hits if h.blockable and not h.blocked}):
        if i != state.turn and not state.rulings.block_any_turn:
            continue
        if spend_problem(state, i) is None:
            out.append(i)
    return out


def hits_total(hits: tuple[Hit, ...]) -> int:
    return sum(h.tiles - (1 if h.blocked else 0) for h in hits)
