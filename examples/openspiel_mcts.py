"""OpenSpiel's MCTS bot plays an end-game of The Night Cage (needs `pip install -e '.[openspiel]'`).

The position is a scenario of scenarios/endgames/, handed to OpenSpiel as a
lueur-position/1 JSON document; the bot searches with random rollouts and a
fixed seed, so the run is the same every time.

    python examples/openspiel_mcts.py [scenarios/endgames/02-relay.toml] [simulations]
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from open_spiel.python.algorithms import mcts

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a plain checkout too

from solver import dump, load_path  # noqa: E402
from solver.nightcage.interop.openspiel_game import load_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main(path: str, simulations: int) -> None:
    position = load_path(path)[0]
    game = load_game(position=dump(position.state, None, "json"))
    state = game.new_initial_state()
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    chance = np.random.RandomState(3)
    print(f"{Path(path).name}: {game.num_distinct_actions()} actions, {simulations} simulations a move")
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            action = int(chance.choice(outcomes, p=probabilities))
        else:
            action = bot.step(state)
        print(f"  {state.action_to_string(state.current_player(), action)}")
        state.apply_action(action)
    print(f"returns: {state.returns()}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "scenarios/endgames/02-relay.toml"),
         int(sys.argv[2]) if len(sys.argv) > 2 else 100)
