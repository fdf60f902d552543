"""New games from a setup: prisoners unplaced, the pile built from the opening stack and the rest.

>>> from solver.nightcage.model.setups import Setup
>>> s = new_game(Setup(), ["red", "blue", "green", "yellow"])
>>> s.pile.count, s.pile.known, [p.unplaced for p in s.prisoners]
(74, False, [True, True, True, True])
>>> import random
>>> new_game(Setup(), ["a", "b", "c", "d"], rng=random.Random(7)).pile.known
True
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.nightcage.model import counts
from solver.nightcage.model.counts import ZERO
from solver.nightcage.model.rulings import DEFAULT_RULINGS, Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile, Prisoner
from solver.nightcage.model.tiles import TILE_TYPES, TileType

DEFAULT_NAMES = ("red", "blue", "green", "yellow", "purple")


def new_game(
    setup: Setup,
    names: list[str] | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
    rng: random.Random | None = None,
) -> GameState:
    """The position before the first turn.

    Without ``rng`` the pile's order is unknown (two shuffled layers); with it,
    each layer is shuffled by ``rng`` and the order becomes known.
    """
    setup = replace(setup, rulings=rulings)
    names = list(names or DEFAULT_NAMES[: setup.prisoners])
    prisoners = tuple(Prisoner(name, unplaced=True) for name in names)
    layers = setup.pile_layers()
    if rng is None:
        pile = Pile(layers=layers, as_layers=True)
    else:
        order: list[TileType] = []
        for layer in layers:
            part = [t for t, n in zip(TILE_TYPES, layer) for _ in range(n)]
            rng.shuffle(part)
            order.extend(part)
        pile = Pile(order=tuple(order))
    size = setup.size
    return GameState(
        size=size,
        tiles=(None,) * (size * size),
        prisoners=prisoners,
        turn=0,
        pile=pile,
        discarded=ZERO,
        setup=setup,
        rulings=rulings,
    )


def shuffled(state: GameState, rng: random.Random) -> GameState:
    """The same position with its pile's order drawn at random (layer by layer)."""
    if state.pile.order is not None:
        return state
    order: list[TileType] = []
    for layer in state.pile.layers:
        part = [t for t, n in zip(TILE_TYPES, layer) for _ in range(n)]
        rng.shuffle(part)
        order.extend(part)
    assert counts.counts_of(order) == state.pile.contents
    return replace(state, pile=Pile(order=tuple(order)))
