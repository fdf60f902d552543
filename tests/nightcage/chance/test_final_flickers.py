"""The kernel's position read from the simulator (:mod:`solver.nightcage.chance.final_flickers`) against the long
path through a :class:`GameState` (``from_state(chance_state(...))``): the same tuple, or None exactly where that
path gives none, at every question of chance searches and at Final Flickers turn starts of random games."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from solver.base.errors import NotCovered
from solver.nightcage.chance import fast_expectimax
from solver.nightcage.chance.fast_expectimax import EXACT_ROUNDS, FastExpectimax, Root, solve_rounds
from solver.nightcage.chance.fastsim import ChanceSim, chance_state, compile_chance
from solver.nightcage.chance.final_flickers import kernel_position
from solver.nightcage.chance.turns import step
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.model import counts
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.engine import outcome
from solver.testing.endgame import sample_position
from tests.paths import ROOT
from tests.playouts import playout

CORPUS = ROOT / "benchmarks" / "chance"
INDEX = {e["id"]: e for e in json.loads((CORPUS / "index.json").read_text())}


def by_long_path(sim: ChanceSim, template: GameState) -> Any:
    """The kernel's position through the GameState, None where that path gives none (the game over, or not covered)."""
    state = chance_state(sim, template)
    if outcome(state) is not None:
        return None
    try:
        return eg.from_state(state)
    except NotCovered:
        return None


@pytest.mark.parametrize("ident", ["0090", "0092", "0093", "0097", "chance/01", "chance/03"])
def test_every_question_of_a_search_gets_the_long_paths_position(ident: str, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[bool] = []
    original = fast_expectimax.ask_oracle

    def checked(oracle: Any, sim: ChanceSim, template: GameState, deadline: float | None) -> bool:
        mine = kernel_position(sim, template)
        assert mine == by_long_path(sim, template)
        asked.append(mine is not None)
        return original(oracle, sim, template, deadline)

    monkeypatch.setattr(fast_expectimax, "ask_oracle", checked)
    if ident.startswith("chance/"):
        path = sorted((ROOT / "scenarios" / "chance").glob(f"{ident[-2:]}-*.toml"))[0]
        state = load_path(str(path))[0].state
    else:
        state = load_path(str(CORPUS / INDEX[ident]["file"]))[0].state
    solve_rounds(Root(FastExpectimax(50_000_000), state), rounds=EXACT_ROUNDS)
    assert any(asked)  # (else the search asked nothing, and this compared nothing)


def short_pile(state: GameState, keep: int, rng: random.Random) -> GameState:
    """The same position with ``keep`` tiles of its pile left in it (drawn at random), the others discarded."""
    tiles = [t for t, n in enumerate(state.pile.contents) for _ in range(n)]
    rng.shuffle(tiles)
    kept, rest = [0] * len(state.discarded), [0] * len(state.discarded)
    for n, t in enumerate(tiles):
        (kept if n < keep else rest)[t] += 1
    return replace(state, pile=Pile(layers=(tuple(kept),)), discarded=counts.add(state.discarded, tuple(rest)))


def final_flickers_starts(states: list[GameState], rng: random.Random, paths: int) -> list[tuple[ChanceSim, GameState]]:
    """The Final Flickers turn starts met on random paths through the turns from ``states``, with their template."""
    found = []
    for root in states:
        try:
            sim = compile_chance(root)
        except NotCovered:
            continue
        for _ in range(paths):
            here_sim, script = sim, []
            for _ in range(300):
                here = step(here_sim, script)
                if isinstance(here, str):
                    break
                if isinstance(here, ChanceSim):
                    if here.top >= here.npile:  # (the search asks the oracle there, and plays no turn on)
                        found.append((here, root))
                        break
                    here_sim, script = here, []
                    continue
                if not here.options:
                    break
                script.append(rng.randrange(len(here.options)))
    return found


@pytest.mark.parametrize("setup", [Setup(), Setup(base="five"), Setup(base="advanced", supreme=(("pathless", 2), ("omen", 2)))],
                         ids=["standard", "five", "advanced-supreme"])
def test_final_flickers_starts_of_random_games_get_the_long_paths_position(setup: Setup) -> None:
    rng = random.Random(11)
    met = [(compile_chance(state), state) for state in (sample_position(rng, setup) for _ in range(25))]
    starts = []
    for seed in range(3):
        starts += [s for s in playout(seed, known_order=False, max_steps=200, setup=setup) if s.pending is None and outcome(s) is None]
    met += final_flickers_starts([short_pile(s, rng.randint(1, 2), rng) for s in starts], rng, paths=8)
    found = [kernel_position(sim, template) for sim, template in met]
    assert found == [by_long_path(sim, template) for sim, template in met]
    assert sum(k is not None for k in found) >= 25


def test_a_piece_the_kernel_does_not_model_takes_the_long_path() -> None:
    """(The simulator holds no pit fiend or omen at rest: of the pieces it plays, the kernel lacks the Dirge's pit.)"""
    rng = random.Random(5)
    for _ in range(10):
        state = sample_position(rng, Setup(base="advanced"))
        cells = [c for c, t in enumerate(state.tiles) if t is not None and not t.is_pit and not state.occupants(c)]
        dirge = Tile(Kind.PIT, 0, False, dirge=True)
        sunk = replace(state, tiles=tuple(dirge if c == cells[0] else t for c, t in enumerate(state.tiles)))
        sim = compile_chance(sunk)
        assert kernel_position(sim, sunk) is None and by_long_path(sim, sunk) is None
        assert kernel_position(compile_chance(state), state) is not None
