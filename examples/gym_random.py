"""Random masked play in the Gymnasium environment of The Night Cage (needs `pip install -e '.[gym]'`).

Trains nothing: each step picks uniformly among the actions the observation's
``action_mask`` allows. Seeded, so the run is the same every time.

    python examples/gym_random.py [episodes] [setup]
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a plain checkout too

from solver.nightcage.interop.gym_env import NightCageEnv  # noqa: E402


def main(episodes: int, setup: str) -> None:
    env = NightCageEnv(setup=setup)
    rng = np.random.default_rng(0)
    print(f"{setup}: {env.action_space}, planes {env.observation_space['planes'].shape}")
    for episode in range(episodes):
        observation, info = env.reset(seed=episode)
        steps, reward, done = 0, 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, truncated, info = env.step(action)
            steps, done = steps + 1, terminated or truncated
        print(f"  episode {episode}: {steps} steps, {info['outcome']}, reward {reward:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, sys.argv[2] if len(sys.argv) > 2 else "standard")
