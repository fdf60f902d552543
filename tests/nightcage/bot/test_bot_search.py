"""The search bot: its chance weights are the engine's, it never reads the pile's order, its
evaluation file is the recorded one, and self-play does not depend on the workers."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from solver.nightcage.bot import value
from solver.nightcage.bot.chance_nodes import draw_odds, with_next
from solver.nightcage.bot.features import NAMES, features
from solver.nightcage.bot.search import SearchBot
from solver.nightcage.bot.td import Trace, fit
from solver.nightcage.model import counts
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES
from solver.nightcage.play.selfplay import Job, run
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type
from solver.nightcage.sim.convert import compile_state, to_state
from solver.nightcage.sim.position import Over

TEMPLATE = new_game(Setup())


def players_view(template: GameState, drawn: list[int]) -> Pile:
    """The template's layered pile with the tiles drawn so far taken from the top layers."""
    layers = list(template.pile.layers)
    for t in drawn:
        i = next(i for i, layer in enumerate(layers) if counts.total(layer))
        layers[i] = counts.bump(layers[i], TILE_TYPES[t], -1)
    return Pile(layers=tuple(layers))


def engine_draw_odds(state: GameState) -> dict[str, float] | None:
    """The engine's odds of the next tile, at a chance node of one tile that an action reaches
    (a move into the dark draws one; a stay burns one); None if no action reaches one."""
    for action in legal_actions(state):
        after, _ = apply(state, action)
        if node_type(after) != "chance":
            continue
        outcomes = chance_outcomes(after)
        if all(o.tile_type is not None or len(o.types) == 1 for o, _ in outcomes):
            return {(o.tile_type or o.types[0]).value: float(p) for o, p in outcomes}
    return None


def test_chance_weights_are_the_engines_chance_outcomes() -> None:
    compared = 0
    for seed in range(3):
        known = new_game(Setup(), rng=random.Random(f"pile-{seed}"))
        bot = SearchBot(random.Random(seed), TEMPLATE, samples=1)
        sim = compile_state(known)
        sim.choose = bot.choose
        try:
            while sim.top < sim.npile and sim.turns < 40:
                if not any(sim.unplaced):
                    state = to_state(sim.snapshot(), known, sim.order)
                    view = dataclasses.replace(state, pile=players_view(TEMPLATE, sim.order[: sim.top]))
                    engine = engine_draw_odds(view)
                    if engine is not None:
                        mine = {TILE_TYPES[t].value: p for t, p in bot.draw_weights(sim)}
                        assert mine == pytest.approx(engine), (seed, sim.turns)
                        compared += 1
                sim.play_turn()
        except Over:
            pass
    assert compared >= 20


def test_chance_weights_sum_to_one_and_follow_the_layer() -> None:
    order = [1, 2, 2, 5, 6, 6, 6]
    odds = draw_odds(order, 3, (3, 7))
    assert sum(p for _, p in odds) == 1
    assert dict(odds) == {5: pytest.approx(0.25), 6: pytest.approx(0.75)}
    forced = with_next(order, 3, 7, 5, random.Random(0))
    assert forced[3] == 5 and sorted(forced[3:]) == sorted(order[3:]) and forced[:3] == order[:3]


def test_the_bot_never_reads_the_undrawn_order() -> None:
    """Two piles alike in what was drawn and in each layer's contents: the same choice and values."""
    picks = []
    for shuffle_seed in (1, 2):
        known = new_game(Setup(), rng=random.Random("pile-7"))
        sim = compile_state(known)
        rng = random.Random(shuffle_seed)
        order = sim.order[:]
        ends = [0]
        for layer in TEMPLATE.pile.layers:
            ends.append(ends[-1] + counts.total(layer))
        for a, b in zip(ends, ends[1:]):
            part = order[a:b]
            rng.shuffle(part)
            order[a:b] = part
        sim.set_pile(order)
        bot = SearchBot(random.Random(0), TEMPLATE, samples=2)
        seen: list[tuple[int, list[float]]] = []

        def choose(s, kind, options, bot=bot, seen=seen):  # type: ignore[no-untyped-def]
            bot.last_values = []
            pick = bot.choose(s, kind, options)
            if bot.last_values:
                seen.append((pick, list(bot.last_values)))
                raise StopIteration
            return pick

        sim.choose = choose
        with pytest.raises(StopIteration):
            while True:
                sim.play_turn()
        picks.append(seen[0])
    assert picks[0] == picks[1]


def test_the_weights_file_loads_and_matches_its_checksum() -> None:
    data = value.weights_bytes()
    assert value.checksum(data) == value.WEIGHTS_SHA256
    model = value.load()
    assert model.names == NAMES and len(model.weights) == len(NAMES)
    assert model.training is not None and "command" in model.training


def test_an_altered_weights_file_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    altered = value.weights_bytes().replace(b'"bias": ', b'"bias": 1')
    monkeypatch.setattr(value, "weights_bytes", lambda: altered)
    value.load.cache_clear()
    try:
        with pytest.raises(value.ValueFileError, match="SHA-256"):
            value.load()
    finally:
        value.load.cache_clear()


def test_a_file_for_other_features_is_refused() -> None:
    doc = value.hand_made().to_json()
    doc["names"] = doc["names"][:-1]
    with pytest.raises(value.ValueFileError, match="names"):
        value.model_from_json(doc)


def test_the_hand_made_model_ranks_positions_as_the_hand_made_evaluation() -> None:
    from solver.nightcage.bot.evaluate import evaluate  # the comparison's reference

    model = value.hand_made()
    sim = compile_state(new_game(Setup(), rng=random.Random(3)))
    p = evaluate(sim, None)
    assert model.chance(sim) == pytest.approx(p / (1 + p))
    assert model.chance_of(features(sim)) == model.chance(sim)


def test_self_play_is_the_same_whatever_the_workers() -> None:
    job = Job(5, value.hand_made().to_json(), samples=1)
    one = run(job, 4, workers=1)
    two = run(job, 4, workers=2)
    assert [(g.index, g.rows, g.label, g.how) for g in one] == [(g.index, g.rows, g.label, g.how) for g in two]
    assert all(g.rows and g.label in (0.0, 1.0) for g in one)


def test_td_fit_learns_the_sign_of_what_wins() -> None:
    rng = np.random.default_rng(0)
    traces = []
    for _ in range(300):
        x = rng.random((5, 2))
        x[:, 0] = rng.random()  # what decides the game, the same all game long; column 1 is noise
        label = float(rng.random() < 1 / (1 + np.exp(-(4 * x[0, 0] - 2))))
        traces.append(Trace(x, label))
    weights, _, losses = fit(traces, np.zeros(2), 0.0, lam=1.0, rounds=2)
    assert weights[0] > 1.0 and abs(weights[1]) < weights[0] / 2
    assert losses[-1] <= losses[0] + 1e-9
