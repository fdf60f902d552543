"""What OpenSpiel and Gymnasium users expect (issue 24): games that end within the declared length, a game string
that rebuilds the game, the masking conventions of maskable agents, and the pile's top layer in the observation."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver.nightcage.interop.observation import observe, shapes
from solver.nightcage.interop.setting import MAX_GAME_LENGTH, decoded, encoded, starting_state
from solver.nightcage.model.newgame import new_game, shuffled
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.tiles import TYPE_INDEX
from solver.nightcage.notation.forms import dump, load_path
from tests.paths import ROOT

pyspiel = pytest.importorskip("pyspiel", reason="the extra lueur[openspiel] is not installed: pip install -e '.[openspiel]'")
gymnasium = pytest.importorskip("gymnasium", reason="the extra lueur[gym] is not installed: pip install -e '.[gym]'")
from solver.nightcage.interop.gym_env import ENV_ID, NightCageEnv  # noqa: E402
from solver.nightcage.interop.openspiel_game import load_game  # noqa: E402

RELAY = dump(load_path(next((ROOT / "scenarios" / "endgames").glob("02-*.toml")))[0].state, None, "json")
"""End-game 2: yellow may take green's key and give it back, for ever (a pass that undoes the last one)."""


def passes_keys(texts: list[str]) -> int:
    """The index of the first key pass among the actions' texts, else of the first action."""
    return next((i for i, text in enumerate(texts) if text.startswith("give")), 0)


# -- games that never end: the adapters' bound -----------------------------------------------------------


def test_a_game_that_passes_a_key_back_and_forth_ends_at_the_declared_length() -> None:
    game = load_game(position=RELAY)
    assert game.max_game_length() == MAX_GAME_LENGTH
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[passes_keys([state.action_to_string(0, a) for a in actions])])
    assert len(state.history()) == MAX_GAME_LENGTH and state.moves == MAX_GAME_LENGTH
    assert state.returns() == [0.0] and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.clone().is_terminal()


def test_the_gym_episode_is_truncated_at_the_bound_and_registered_with_it() -> None:
    assert gymnasium.spec(ENV_ID).max_episode_steps == MAX_GAME_LENGTH
    env = NightCageEnv(position=RELAY)
    env.reset(seed=0)
    truncated = terminated = False
    steps = 0
    while not (truncated or terminated):
        legal = np.flatnonzero(env.action_masks())
        texts = [env.codec.text(int(a), env.position.turn) for a in legal]
        _, reward, terminated, truncated, info = env.step(int(legal[passes_keys(texts)]))
        steps += 1
    assert truncated and not terminated and steps == MAX_GAME_LENGTH and reward == 0.0


# -- the game string round-trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("parameters", [{"rulings": "LOS-END=0,ADV-5P-WAX=2", "setup": "advanced-five"}, {"position": RELAY},
                                        {"rulings": "DIRGE-SHAPE=[[0,0],[1,0],[2,0],[0,1],[1,1],[2,1],[0,2],[1,2],[2,2]]"}])
def test_the_game_string_rebuilds_the_game_and_states_serialize(parameters: dict[str, str]) -> None:
    game = load_game(**parameters)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.new_initial_state().position == game.new_initial_state().position
    assert {name: decoded(value) for name, value in game.get_parameters().items() if name in parameters} == parameters
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_parameter_is_read_plain_or_encoded() -> None:
    assert starting_state("standard", encoded("LOS-END=0")) == starting_state("standard", "LOS-END=0")
    assert encoded("") == "" and encoded("advanced") == "advanced" and decoded("advanced") == "advanced"


# -- Gymnasium's masking conventions -------------------------------------------------------------------------


def test_the_mask_is_in_the_observation_the_info_and_action_masks() -> None:
    env = NightCageEnv()
    observation, info = env.reset(seed=3)
    for _ in range(30):
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool)) and env.action_masks().dtype == bool
        action = int(np.flatnonzero(env.action_masks())[0])
        observation, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break


def test_after_the_end_the_mask_allows_one_action_that_changes_nothing() -> None:
    env = NightCageEnv(position=RELAY)
    _, info = env.reset(seed=0)
    rng = random.Random(0)
    terminated = truncated = False
    while not (terminated or truncated):  # at random: a win, a loss, or the bound
        _, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
    assert info["action_mask"].tolist() == [1] + [0] * (env.codec.num_actions - 1)
    before = env.position
    _, reward, still_terminated, still_truncated, info = env.step(0)
    assert (reward, still_terminated, still_truncated, info["illegal_action"]) == (0.0, terminated, truncated, False)
    assert env.position == before and env.step(5)[4]["illegal_action"] is True


def test_a_vector_environment_always_hands_out_a_mask_with_a_legal_action() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync", position=RELAY)
    _, infos = envs.reset(seed=1)
    rng = random.Random(1)
    endings = 0
    for _ in range(60):
        masks = infos["action_mask"]
        assert masks.shape == (2, envs.single_action_space.n) and (masks.sum(axis=1) >= 1).all()
        actions = np.array([rng.choice(np.flatnonzero(mask).tolist()) for mask in masks])
        _, _, terminated, truncated, infos = envs.step(actions)
        endings += int((terminated | truncated).sum())
    assert endings >= 2  # the end-game is short: both environments ended and went on


# -- the pile's top layer in the observation -----------------------------------------------------------------


def test_the_observation_holds_the_opening_layer_and_a_known_orders_next_tile() -> None:
    state = new_game(Setup())
    seen = observe(state)
    assert seen["pile_top"].sum() == 8 and seen["pile_top"][TYPE_INDEX["t"]] == 4 and seen["pile"].sum() == 74
    assert seen["status"][-2] == 0
    known = shuffled(state, random.Random(2))
    assert known.pile.order is not None
    seen = observe(known)
    assert seen["pile_top"].tolist() == [1.0 if i == TYPE_INDEX[known.pile.order[0]] else 0.0 for i in range(12)]
    assert seen["status"][-2] == 1
    assert {name: array.shape for name, array in seen.items()} == shapes(6, 4)


def test_the_openspiel_tensor_is_the_four_arrays() -> None:
    state = load_game().new_initial_state()
    tensor = np.array(state.observation_tensor(0), np.float32)
    parts = shapes(6, 4)
    assert tensor.shape == (sum(int(np.prod(s)) for s in parts.values()),)
    start = int(np.prod(parts["planes"])) + 12
    assert tensor[start : start + 12].sum() == 8  # the opening layer, after the planes and the pile
