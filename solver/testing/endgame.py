"""Test support for the end-game kernel: its reference, and sample positions.

:func:`engine_successors` finds a turn's results with the rules engine, one
action at a time (slow): the reference the kernel's :func:`~solver.nightcage.endgame.kernel.successors`
is checked against. :func:`sample_position` and :func:`playout_positions`
make end-game positions for the tests and the benchmarks. The library never
imports this module.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from solver.nightcage.endgame.kernel import from_state, outcome
from solver.nightcage.model import counts
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.grid import DIRECTIONS, geometry
from solver.nightcage.model.newgame import DEFAULT_NAMES, new_game
from solver.nightcage.model.rulings import DEFAULT_RULINGS, Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile, Prisoner
from solver.nightcage.model.tiles import ADVANCED_TYPES, TILE_TYPES, Kind, Tile, TileType, kind_of_type, rotations
from solver.nightcage.rules.engine import apply, legal_actions, node_type
from solver.nightcage.rules.outcome import outcome as engine_outcome
from solver.nightcage.rules.validate import consistency_problems


def settled(state: GameState) -> GameState:
    """An engine state as a kernel result: a finished game's unplayable rest of turn dropped."""
    if state.pending is not None and engine_outcome(state) is not None:
        return replace(state, pending=None)
    return state


def engine_successors(state: GameState) -> dict[GameState, tuple[str, ...]]:
    """Every distinct result of one full turn, found by the rules engine itself (slow).

    Explores every legal action (with an empty pile there is no chance node)
    until the turn ends or the game does; results go through :func:`settled`.
    The cross-check reference for :func:`successors`.
    """
    results: dict[GameState, tuple[str, ...]] = {}
    if engine_outcome(state) is not None:
        return results
    seen = {state}
    stack: list[tuple[GameState, tuple[str, ...]]] = [(state, ())]
    while stack:
        current, path = stack.pop()
        if node_type(current) != "decision":
            raise ValueError(f"not a decision after {path}: the end-game has no chance nodes")
        for action in legal_actions(current):
            nxt, _ = apply(current, action)
            texts = path + (format_action(action, state.size),)
            if engine_outcome(nxt) is not None or nxt.pending is None:
                results.setdefault(settled(nxt), texts)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, texts))
    return results


def final_flickers_version(state: GameState) -> GameState:
    """The same position with its whole pile moved to the discard (an end-game position)."""
    return replace(state, pile=Pile(order=()), discarded=counts.add(state.discarded, state.pile.contents))


# -- sample positions (tests and benchmarks) ------------------------------------------------------

_STANDABLE = (TileType.START, TileType.STRAIGHT, TileType.T, TileType.CRACKED_T, TileType.CROSS, TileType.KEY, TileType.GATE)
_WEIGHT = {TileType.WAX_EATER: 2.0, TileType.GATE: 2.0, TileType.KEY: 2.0, TileType.CRACKED_T: 3.0}
"""Extra weight (over the setup's counts) for the pieces that make end-game turns eventful."""


def sample_position(rng: random.Random, setup: Setup | None = None, rulings: Rulings = DEFAULT_RULINGS) -> GameState:
    """A random consistent end-game turn-start position that is not over yet.

    Prisoners stand close together (often sharing a gate, sometimes one step
    from a win); lit prisoners' passages lead to random tiles (wax eaters,
    pits, key tiles with or without their key, crumbling tiles), or to empty
    cells; Nerve, keys and candles are random. Every tile is lit and the
    setup's totals hold (the rest is discarded), so
    :func:`solver.nightcage.rules.validate.consistency_problems` finds nothing.
    """
    setup = setup or Setup(difficulty=(("cracked_t", True),))
    while True:
        state = _try_position(rng, setup, rulings)
        if state is not None and not consistency_problems(state) and outcome(from_state(state)) is None:
            return state


def _try_position(rng: random.Random, setup: Setup, rulings: Rulings) -> GameState | None:
    geo = geometry(setup.size)
    n = setup.prisoners
    totals = setup.totals()
    left = dict(zip(TILE_TYPES, totals))
    left[TileType.START] = min(left[TileType.START], n)
    tiles: list[Tile | None] = [None] * geo.cells

    def draw(types: tuple[TileType, ...]) -> Tile | None:
        weights = [left[t] * _WEIGHT.get(t, 1.0) for t in types]
        if not any(weights):
            return None
        t = rng.choices(types, weights)[0]
        left[t] -= 1
        return Tile.of_type(t, rng.choice(rotations(kind_of_type(t))))

    cells, lone = _prisoner_cells(rng, geo, n)
    for c in set(cells):
        if cells.count(c) > 1:
            left[TileType.GATE] -= 1
            tiles[c] = Tile.of_type(TileType.GATE)
        else:
            tiles[c] = draw(_STANDABLE)
    if any(tiles[c] is None for c in cells):
        return None
    lit = [rng.random() < 0.7 for _ in range(n)]
    every = tuple(t for t in TILE_TYPES if t not in ADVANCED_TYPES)
    for i, c in enumerate(cells):
        tile = tiles[c]
        if tile is None or not lit[i]:
            continue
        for j, d in enumerate(DIRECTIONS):
            x = geo.neighbours[c][j]
            if tile.openings & d and tiles[x] is None and rng.random() < 0.85:
                tiles[x] = _maybe_pit(rng, draw(every))
    if min(left.values()) < 0:
        return None
    tiles = [_maybe_taken(rng, t) for t in tiles]
    key_odds = 0.6 if lone is None else 0.9
    prisoners = tuple(
        Prisoner(name, cell=c, lit=lit[i], nerve=rng.choice((0, 1, 1, 2)), key=rng.random() < key_odds)
        for i, (name, c) in enumerate(zip(DEFAULT_NAMES, cells))
    )
    turn = lone if lone is not None and rng.random() < 0.7 else rng.randrange(n)
    base = GameState(geo.size, tuple(tiles), prisoners, turn, Pile(order=()), counts.ZERO, setup, rulings)
    return replace(base, discarded=counts.sub(totals, base.board_counts()))


def _prisoner_cells(rng: random.Random, geo: Any, n: int) -> tuple[list[int], int | None]:
    """Cells close together, and the prisoner kept off a shared gate when all the others are on it.

    Sometimes several prisoners share a gate; sometimes all but one do and
    the last is one or two steps away (a win may be one move off).
    """
    centre = rng.randrange(geo.cells)
    near = sorted({y for x in (centre, *geo.neighbours[centre]) for y in (x, *geo.neighbours[x])})
    roll = rng.random()
    if roll < 0.25:
        lone = rng.randrange(n)
        step = rng.choice(geo.neighbours[centre])
        away = step if rng.random() < 0.7 else rng.choice([x for x in geo.neighbours[step] if x != centre])
        cells = [centre] * n
        cells[lone] = away
        return cells, lone
    cells = rng.sample(near, n)
    if roll < 0.5:
        k = rng.randint(2, n)
        cells = [cells[0]] * k + cells[k:]
        rng.shuffle(cells)
    return cells, None


def _maybe_pit(rng: random.Random, tile: Tile | None) -> Tile | None:
    """Now and then a crumbling tile already flipped into a pit."""
    if tile is None or not tile.crumbling or rng.random() > 0.3:
        return tile
    return tile.pit()


def _maybe_taken(rng: random.Random, tile: Tile | None) -> Tile | None:
    if tile is not None and tile.kind is Kind.KEY and rng.random() < 0.3:
        return tile._replace(key_taken=True)
    return tile


def playout_positions(seed: int, max_actions: int = 400) -> list[GameState]:
    """The turn-start positions of one seeded random game, as end-game positions.

    Random games from the standard setup, with the pile dumped into the
    discard: mostly lost already (the gates or keys were in the pile, or a
    prisoner is falling), which the kernel must recognise too.
    """

    rng = random.Random(seed)
    state = new_game(Setup(), rng=random.Random(seed))
    out = []
    for _ in range(max_actions):
        if node_type(state) == "terminal":
            break
        state = apply(state, rng.choice(legal_actions(state)))[0]
        if state.pending is None and not any(p.unplaced for p in state.prisoners):
            out.append(final_flickers_version(state))
    return out


