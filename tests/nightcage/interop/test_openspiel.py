"""The OpenSpiel game python_night_cage (solver.nightcage.interop.openspiel_game), run when the extra lueur[openspiel] is installed.

OpenSpiel's own random simulation test on the standard and advanced setups and
from end-game positions; a golden playthrough (tests/data/openspiel_playthrough.txt);
OpenSpiel's MCTS bot finishing end-games; the same seeded sequence of actions in
OpenSpiel and in Lueur's engine giving the same positions and the same outcome.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from solver.base.errors import PositionError
from solver.nightcage.interop.observation import PRISONER_PLANE
from solver.nightcage.model.actions import Action, Verb
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TILE_TYPES, TYPE_INDEX
from solver.nightcage.notation.forms import dump, load_path
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type, outcome

pyspiel = pytest.importorskip("pyspiel", reason="the extra lueur[openspiel] is not installed: pip install -e '.[openspiel]'")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
from solver.nightcage.interop.openspiel_game import GAME_NAME, load_game  # noqa: E402  (registers the game; needs pyspiel)
from tests.interop_doc import run_snippets, run_transcript  # noqa: E402
from tests.paths import ROOT  # noqa: E402

ENDGAMES = sorted((ROOT / "scenarios" / "endgames").glob("*.toml"))
GOLDEN = ROOT / "tests" / "data" / "openspiel_playthrough.txt"


def endgame_json(name: str) -> str:
    path = next(p for p in ENDGAMES if p.name.startswith(name))
    return dump(load_path(path)[0].state, None, "json")


def test_the_game_is_registered_with_its_declared_type() -> None:
    assert GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game(GAME_NAME)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (1, 1236, 12)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert load_game(setup="five").num_distinct_actions() == 1675


@pytest.mark.parametrize("setup", ["standard", "advanced"])
def test_random_simulation_of_a_whole_game(setup: str) -> None:
    pyspiel.random_sim_test(load_game(setup=setup), num_sims=5, serialize=False, verbose=False)


@pytest.mark.parametrize("name", [p.name[:2] for p in ENDGAMES])
def test_random_simulation_from_an_end_game(name: str) -> None:
    pyspiel.random_sim_test(load_game(position=endgame_json(name)), num_sims=3, serialize=False, verbose=False)


def test_chance_nodes_carry_the_engines_exact_odds() -> None:
    state = load_game().new_initial_state()
    state.apply_action(state.legal_actions()[0])  # start a1 NE: the first fill tile is drawn
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(TYPE_INDEX[t], p) for t, p in [("straight", 0.25), ("t", 0.5), ("cross", 0.25)]]


def test_a_burn_of_several_tiles_is_drawn_a_tile_at_a_time_with_the_same_odds() -> None:
    game, rng = load_game(), random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        engine = state.position
        if state.is_chance_node() and not state.drawn and chance_outcomes(engine)[0][0].verb == Verb.BURN:
            multisets = {tuple(sorted(a.types)): float(p) for a, p in chance_outcomes(engine)}
            if len(next(iter(multisets))) > 1:
                assert sequence_probabilities(state) == pytest.approx(multisets)
                return
        step_at_random(state, rng)
    pytest.fail("no burn of several tiles in this game")


def sequence_probabilities(root: Any) -> dict[tuple[str, ...], float]:
    """Every way the chance nodes of one burn can go, with the product of their odds."""
    out: dict[tuple[str, ...], float] = {}
    frontier = [(root, 1.0)]
    while frontier:
        node, p = frontier.pop()
        for action, q in node.chance_outcomes():
            child = node.child(action)
            if child.drawn:
                frontier.append((child, p * q))
            else:
                burnt = tuple(sorted((*node.drawn, TILE_TYPES[action])))
                out[burnt] = out.get(burnt, 0.0) + p * q
    return out


def choose(state: Any, rng: random.Random) -> int:
    """A seeded choice: a draw by its odds, or any legal action."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return int(rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
    return int(rng.choice(state.legal_actions()))


def step_at_random(state: Any, rng: random.Random) -> None:
    state.apply_action(choose(state, rng))


def playthrough(seed: int = 18) -> str:
    """A seeded game of the standard setup, move by move (player, integer, text), its last observation and its return."""
    state, rng = load_game().new_initial_state(), random.Random(seed)
    lines = []
    while not state.is_terminal():
        player, action = state.current_player(), choose(state, rng)
        lines.append(f"{player} {action} {state.action_to_string(player, action)}")
        state.apply_action(action)
    lines.append(f"observation: {state.observation_string(0)}")
    lines.append(f"returns: {state.returns()}")
    return "\n".join(lines) + "\n"


def test_the_golden_playthrough_is_unchanged() -> None:
    # After a deliberate change of the encoding or the rules, regenerate it:
    # python -c "from tests.nightcage.interop.test_openspiel import playthrough, GOLDEN; GOLDEN.write_text(playthrough())"
    assert playthrough() == GOLDEN.read_text()


def test_the_observation_tensor_has_the_documented_views() -> None:
    game = load_game()
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    observation = np.array(state.observation_tensor(0), np.float32)
    assert observation.shape == (30 * 36 + 12 + 12 + 7 * 4 + 33,)
    planes = observation[: 30 * 36].reshape(30, 6, 6)
    assert planes[PRISONER_PLANE, 0, 0] == 1  # red stands on a1, the start tile's cell
    assert planes[0, 0, 0] == 1  # plane 0: a start tile
    assert planes[PRISONER_PLANE + 1].sum() == 0  # blue is not on the board yet


@pytest.mark.parametrize("name, won", [("01", True), ("02", True), ("04", True), ("13", None)])
def test_the_mcts_bot_finishes_end_games(name: str, won: bool | None) -> None:
    game = load_game(position=endgame_json(name))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), random_state=np.random.RandomState(2))
    state, rng = game.new_initial_state(), random.Random(0)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            step_at_random(state, rng)
        else:
            state.apply_action(bot.step(state))
    assert state.is_terminal()
    if won is not None:
        assert state.returns() == [1.0 if won else 0.0]


def engine_sequence(start: GameState, seed: int) -> list[tuple[Action, GameState]]:
    """A seeded game in the engine alone: each action (decision or whole draw) and the position after it."""
    rng, state, out = random.Random(seed), start, []
    while node_type(state) != "terminal":
        if node_type(state) == "chance":
            outcomes = chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)[0]
        out.append((action, state))
    return out


@pytest.mark.parametrize("setup, seed", [("standard", 1), ("standard", 2), ("advanced", 3)])
def test_openspiel_and_the_engine_agree_on_a_seeded_game(setup: str, seed: int) -> None:
    game = load_game(setup=setup)
    state = game.new_initial_state()
    sequence = engine_sequence(state.position, seed)
    for action, expected in sequence:
        if action.verb in (Verb.DRAW, Verb.BURN):
            types = action.types if action.verb == Verb.BURN else (action.tile_type,)
            left = [TYPE_INDEX[t] for t in types]
            while left:  # the tiles in an order the pile allows (its top layer first)
                assert state.is_chance_node()
                possible = {a for a, _ in state.chance_outcomes()}
                tile = next(t for t in left if t in possible)
                left.remove(tile)
                state.apply_action(tile)
        else:
            state.apply_action(game.codec.encode(action, state.position.turn))
        assert state.position == expected
    result = outcome(sequence[-1][1])
    assert result is not None and state.is_terminal()
    assert state.returns() == [1.0 if result.result == "win" else 0.0]


@pytest.mark.parametrize(
    "parameters, message",
    [
        ({"setup": "huge"}, "setup: 'huge' is not a setup"),
        ({"rulings": "LOS-END=2"}, "a switch is 1"),
        ({"rulings": "NO-SUCH=1"}, "'NO-SUCH' is not a ruling"),
        ({"position": "{\"format\": \"lueur-position/1\"}"}, "prisoners: missing"),
    ],
)
def test_bad_parameters_are_refused_saying_what_would_do(parameters: dict[str, str], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        load_game(**parameters)


def test_the_example_runs_mcts_on_an_end_game() -> None:
    done = subprocess.run([sys.executable, "examples/openspiel_mcts.py", "scenarios/endgames/01-one-step-home.toml", "30"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["  move E", "returns: [1.0]"]


def test_the_documented_snippets_run_as_shown() -> None:
    assert run_snippets("OpenSpiel") == 0


def test_the_documented_transcript_is_what_the_example_prints() -> None:
    printed, shown = run_transcript("OpenSpiel", "examples/openspiel_mcts.py")
    assert printed == shown
