"""The Gymnasium environment (solver.nightcage.interop.gym_env), run when the extra lueur[gym] is installed."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from solver.base.errors import PositionError
from solver.nightcage.interop.observation import shapes
from solver.nightcage.notation.forms import dump, load_path
from solver.nightcage.rules.engine import legal_actions, outcome

gymnasium = pytest.importorskip("gymnasium", reason="the extra lueur[gym] is not installed: pip install -e '.[gym]'")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from solver.nightcage.interop.gym_env import ENV_ID, NightCageEnv  # noqa: E402
from tests.interop_doc import run_snippets, run_transcript  # noqa: E402
from tests.paths import ROOT  # noqa: E402


def endgame(name: str) -> str:
    path = next((ROOT / "scenarios" / "endgames").glob(f"{name}-*.toml"))
    return dump(load_path(path)[0].state, None, "json")


@pytest.mark.parametrize("parameters", [{}, {"setup": "advanced"}, {"setup": "five"}, {"position": endgame("02")}])
def test_the_environment_passes_gymnasiums_checker(parameters: dict[str, str]) -> None:
    check_env(gymnasium.make(ENV_ID, **parameters).unwrapped)


def test_the_spaces_follow_the_encoding_and_the_observation() -> None:
    env = NightCageEnv()
    assert env.action_space.n == 1236
    assert env.observation_space["planes"].shape == shapes(6, 4)["planes"] == (30, 6, 6)
    assert env.observation_space["pile"].shape == (12,)
    observation, _ = env.reset(seed=0)
    assert observation["action_mask"].sum() == 144  # the first start tile: 36 cells x 4 rotations
    assert observation["pile"].sum() == 74


@pytest.mark.parametrize("setup, seed", [("standard", 0), ("standard", 1), ("advanced", 2)])
def test_a_masked_random_episode_ends_with_the_engines_outcome(setup: str, seed: int) -> None:
    env = NightCageEnv(setup=setup)
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    position, reward, terminated = env.position, 0.0, False
    for _ in range(2_000):
        before = env.position
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated and not info["illegal_action"]
        assert env.codec.decode(action, before.turn) in legal_actions(before)  # the mask is the engine's legality
        position = env.position
        if terminated:
            break
    assert terminated
    over = outcome(position)
    assert over is not None and info["outcome"] == over.result
    assert reward == (1.0 if over.result == "win" else 0.0)
    assert np.flatnonzero(observation["action_mask"]).tolist() == [0]  # after the end: action 0 alone, which changes nothing


def test_the_same_seed_plays_the_same_game() -> None:
    def game(seed: int) -> list[str]:
        env = NightCageEnv(render_mode="ansi")
        observation, _ = env.reset(seed=seed)
        rng, seen = np.random.default_rng(7), []
        for _ in range(40):
            observation, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            seen.append(env.render())
            if terminated:
                break
        return seen

    assert game(5) == game(5)
    assert game(5) != game(6)


def test_an_action_the_mask_forbids_changes_nothing() -> None:
    env = NightCageEnv()
    observation, _ = env.reset(seed=0)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.position
    _, reward, terminated, _, info = env.step(forbidden)
    assert (reward, terminated, info["illegal_action"], env.position) == (0.0, False, True, before)


def test_a_won_end_game_gives_reward_one() -> None:
    env = NightCageEnv(position=endgame("01"))
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(env.codec.parse("move E", env.position.turn))
    assert (reward, terminated, info["outcome"]) == (1.0, True, "win")


def test_bad_parameters_are_refused_saying_what_would_do() -> None:
    with pytest.raises(PositionError, match="'huge' is not a setup"):
        NightCageEnv(setup="huge")


def test_the_example_plays_random_masked_episodes() -> None:
    done = subprocess.run([sys.executable, "examples/gym_random.py", "2"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "standard: Discrete(1236), planes (30, 6, 6)"
    assert [line.split(":")[0] for line in lines[1:]] == ["  episode 0", "  episode 1"]


def test_the_documented_snippets_run_as_shown() -> None:
    assert run_snippets("Gymnasium") == 0


def test_the_documented_transcript_is_what_the_example_prints() -> None:
    printed, shown = run_transcript("Gymnasium", "examples/gym_random.py")
    assert printed == shown
