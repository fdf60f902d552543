"""The turn's queue of steps and its Nerve bookkeeping: the primitives every rule uses.

A turn is a queue of steps (``state.Turn.steps``), front first. The rule
modules push and pop steps and spend or gain Nerve through these functions;
:mod:`solver.nightcage.rules.runner` advances the queue. This module imports only
:mod:`solver.nightcage.model`, so any rule module may use it without a cycle.
"""

from __future__ import annotations

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.rulings import NERVE_AFTER_GAIN
from solver.nightcage.model.setups import MAX_NERVE
from solver.nightcage.model.state import END_TURN, LAND, LIGHT, MAIN, START, GameState, Step, Turn

NERVE_PER_TURN = 2


# -- the queue -------------------------------------------------------------------


def begin_turn(state: GameState) -> GameState:
    """The first steps of the active prisoner's turn (start, landing or main action)."""
    p = state.active
    who = state.turn
    if p.unplaced:
        steps: tuple[Step, ...] = (Step(START, who), Step(LIGHT), Step(END_TURN))
    elif p.falling is not None:
        steps = (Step(LAND, who), Step(LIGHT), Step(MAIN, who))
    else:
        steps = (Step(MAIN, who),)
    flickers = state.pile.count == 0 and not p.unplaced
    spent = (0,) * len(state.prisoners)
    return state.evolve(pending=Turn(steps, spent, final_flickers=flickers))


def turn_of(state: GameState) -> Turn:
    assert state.pending is not None
    return state.pending


def pop(state: GameState) -> GameState:
    turn = turn_of(state)
    return state.evolve(pending=turn._replace(steps=turn.steps[1:]))


def push(state: GameState, *steps: Step) -> GameState:
    turn = turn_of(state)
    return state.evolve(pending=turn._replace(steps=steps + turn.steps))


def replace_front(state: GameState, step: Step) -> GameState:
    turn = turn_of(state)
    return state.evolve(pending=turn._replace(steps=(step,) + turn.steps[1:]))


# -- Nerve -----------------------------------------------------------------------


def spend_problem(state: GameState, who: int, n: int = 1, holding: bool = False) -> str | None:
    """Why prisoner ``who`` cannot spend ``n`` Nerve now (None when it can)."""
    p = state.prisoners[who]
    turn = turn_of(state)
    if p.nerve < n:
        return f"{p.name} has {p.nerve} Nerve"
    if turn.spent[who] + n > NERVE_PER_TURN:
        return f"{p.name} has already spent {turn.spent[who]} Nerve this turn (at most 2 per turn)"
    if who == state.turn and turn.gained and (holding or state.rulings.nerve_after_gain):
        return f"{p.name} gained Nerve this turn and may not spend any ({NERVE_AFTER_GAIN})"
    return None


def spend(state: GameState, who: int, n: int = 1) -> GameState:
    turn = turn_of(state)
    spent = list(turn.spent)
    spent[who] += n
    state = state.with_prisoner(who, nerve=state.prisoners[who].nerve - n)
    return state.evolve(pending=turn._replace(spent=tuple(spent)))


def gain_nerve(state: GameState, who: int) -> tuple[GameState, bool]:
    p = state.prisoners[who]
    if p.nerve >= MAX_NERVE:
        return state, False
    state = state.with_prisoner(who, nerve=p.nerve + 1)
    return state.evolve(pending=turn_of(state)._replace(gained=True)), True


def discard_tiles(state: GameState, drawn: Counts) -> GameState:
    """Tiles drawn from the pile go face up to the discard."""
    return state.evolve(pile=state.pile.without(drawn), discarded=counts.add(state.discarded, drawn))


def discard_board_tile(state: GameState, cell: Cell) -> GameState:
    tile = state.tiles[cell]
    assert tile is not None
    discarded = state.discarded if tile.type is None else counts.bump(state.discarded, tile.type)
    return state.with_tile(cell, None).evolve(discarded=discarded)


