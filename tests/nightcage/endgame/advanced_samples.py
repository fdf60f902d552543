"""End-game positions with keepers and the pathless, for the kernel's tests (issue 29).

:func:`sample_advanced` starts from :func:`solver.testing.endgame.sample_position` on an
advanced setup (keepers, no key tiles; the supreme pathless added) and turns some of
the tiles around the prisoners into keepers and pathless: keepers next to a prisoner,
often facing away from it (the prisoner is behind them), others anywhere, and a
pathless now and then. Every tile total still holds and the game is not over.
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.nightcage.endgame.kernel import from_state, outcome
from solver.nightcage.model import counts
from solver.nightcage.model.grid import DIRECTIONS
from solver.nightcage.model.rulings import DEFAULT_RULINGS, Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, Tile, TileType
from solver.nightcage.rules.validate import consistency_problems
from solver.testing.endgame import sample_position

SUPREME = (("pathless", 2),)


def sample_advanced(rng: random.Random, five: bool = False, rulings: Rulings = DEFAULT_RULINGS) -> GameState:
    """A random consistent end-game turn start with at least one keeper or pathless, not over."""
    setup = Setup(base="advanced-five" if five else "advanced", supreme=SUPREME, rulings=rulings)
    while True:
        state = _with_monsters(rng, sample_position(rng, setup=setup, rulings=rulings))
        if state is not None and not consistency_problems(state) and outcome(from_state(state)) is None:
            return state


def _with_monsters(rng: random.Random, state: GameState) -> GameState | None:
    geo = state.geo
    standing = {p.cell for p in state.prisoners if p.cell is not None}
    left = dict(zip(TileType, counts.sub(state.setup.totals(), state.board_counts())))
    keepers, pathless = left.get(TileType.KEEPER, 0), left.get(TileType.PATHLESS, 0)
    tiles = list(state.tiles)
    candidates = [c for c, t in enumerate(tiles) if t is not None and c not in standing and not t.is_pit and t.kind is not Kind.GATE]
    rng.shuffle(candidates)
    changed = 0
    for c in candidates:
        near = [i for i, x in enumerate(geo.neighbours[c]) if x in standing]
        roll = rng.random()
        if keepers and (near and roll < 0.6 or roll < 0.2):
            # Mostly facing away from a neighbouring prisoner: it stands behind the keeper.
            face = near[0] ^ 2 if near and rng.random() < 0.6 else rng.randrange(4)
            tiles[c] = Tile.make(Kind.KEEPER, facing=DIRECTIONS[face])
            keepers -= 1
            changed += 1
        elif pathless and roll > 0.9:
            tiles[c] = Tile.make(Kind.PATHLESS)
            pathless -= 1
            changed += 1
    if not changed:
        return None
    # Keys redrawn at even odds: keyless prisoners take keepers' keys, holders pass theirs.
    prisoners = tuple(p._replace(key=rng.random() < 0.5) for p in state.prisoners)
    out = replace(state, tiles=tuple(tiles), prisoners=prisoners)
    return replace(out, discarded=counts.sub(state.setup.totals(), out.board_counts()))
