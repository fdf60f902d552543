"""The integer encoding of actions (solver.nightcage.interop.actions): a bijection on every legal action met.

Every legal action of many positions (every scenario and a few random steps
from it, random games of the standard, five-prisoner and advanced setups,
omens included) encodes to an integer in range that decodes to the very same
action, and distinct actions of a position get distinct integers.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from solver.base.errors import PositionError
from solver.nightcage.interop.actions import PLACEMENTS, ActionCodec
from solver.nightcage.model.actions import Action, Verb, format_action, parse_action
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.engine import legal_actions, node_type
from tests.interop_doc import run_snippets
from tests.paths import ROOT, night_cage_scenarios
from tests.playouts import playout, random_step

SCENARIOS = night_cage_scenarios()
SETUPS = (
    Setup(),
    Setup(base="five"),
    Setup(base="advanced"),
    Setup(base="advanced", supreme=(("pathless", 2), ("omens", 2))),
)


def codec_of(state: GameState) -> ActionCodec:
    return ActionCodec(state.size, tuple(p.name for p in state.prisoners))


def assert_bijective(state: GameState) -> int:
    codec = codec_of(state)
    actions = legal_actions(state)
    codes = [codec.encode(a, state.turn) for a in actions]
    assert all(0 <= c < codec.num_actions for c in codes)
    assert len(set(codes)) == len(codes), "two legal actions share an integer"
    for action, code in zip(actions, codes):
        assert codec.decode(code, state.turn) == action, format_action(action, state.size)
    return len(actions)


def scenario_states(path: Path, steps: int = 12) -> list[GameState]:
    try:
        state = load_path(path, lenient=True)[0].state
    except PositionError:
        return []  # a scenario showing a refused position (its checks expect the error)
    states = [state]
    rng = random.Random(path.name)
    for _ in range(steps):
        if node_type(state) == "terminal":
            break
        state = random_step(state, rng)
        states.append(state)
    return states


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_every_legal_action_of_a_scenario_round_trips(path: Path) -> None:
    states = scenario_states(path)
    for state in states:
        assert_bijective(state)


def test_nearly_every_scenario_is_read() -> None:
    unread = [p.name for p in SCENARIOS if not scenario_states(p, steps=0)]
    assert len(unread) <= 3, unread


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.base + ("+supreme" if s.supreme else ""))
def test_every_legal_action_of_random_games_round_trips(setup: Setup) -> None:
    verbs: set[Verb] = set()
    for seed in range(3):
        for state in playout(seed, known_order=seed % 2 == 0, max_steps=250, setup=setup):
            assert_bijective(state)
            verbs.update(a.verb for a in legal_actions(state))
    assert {Verb.START, Verb.PLACE, Verb.STAY, Verb.MOVE} <= verbs


def test_the_blocks_tile_the_range_without_gaps() -> None:
    codec = ActionCodec(6, ("red", "blue", "green", "yellow"))
    assert codec.num_actions == 1236
    assert len(PLACEMENTS) == 22
    assert ActionCodec(7, ("a", "b", "c", "d", "e")).num_actions == 1675
    # Every integer decodes, and re-encodes to itself.
    for active in range(4):
        for i in range(codec.num_actions):
            assert codec.encode(codec.decode(i, active), active) == i


def test_give_is_written_from_the_active_prisoner() -> None:
    codec = ActionCodec(6, ("red", "blue", "green", "yellow"))
    mine = codec.parse("give blue", active=0)
    assert mine == codec.parse("give red blue", active=0)
    assert codec.text(mine, active=0) == "give blue"
    assert codec.text(mine, active=2) == "give red blue"
    assert codec.parse("block", active=3) == codec.parse("block yellow", active=0)


@pytest.mark.parametrize(
    "action, message",
    [
        (Action(Verb.DRAW, tile_type=parse_action("draw t", 6).tile_type), "a draw, not a decision"),
        (parse_action("give blue purple", 6), "'purple' is not a prisoner"),
        (parse_action("land g7", 7), "off a 6x6 board"),
        (parse_action("dirge b2 5", 6), "a Dirge variant is 0 to 3"),
    ],
)
def test_what_is_not_a_decision_of_this_game_is_refused(action: Action, message: str) -> None:
    codec = ActionCodec(6, ("red", "blue", "green", "yellow"))
    with pytest.raises(ValueError, match=message):
        codec.encode(action, 0)


def test_an_integer_out_of_range_is_refused() -> None:
    codec = ActionCodec(6, ("red", "blue"))
    with pytest.raises(ValueError, match="from 0 to"):
        codec.decode(codec.num_actions, 0)


def test_the_documented_snippets_run_as_shown() -> None:
    assert run_snippets("The action encoding") == 0


BLOCK_EXTRAS = """
import sys
class NoExtras:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pyspiel", "open_spiel", "gymnasium"):
            raise ImportError(f"{name} is hidden by the test")
sys.meta_path.insert(0, NoExtras())
import solver
assert "pyspiel" not in sys.modules and "gymnasium" not in sys.modules
from solver.base.errors import UnsupportedError
from solver.nightcage.interop import gym_env, openspiel_game
for build in (openspiel_game.load_game, gym_env.NightCageEnv):
    try:
        build()
    except UnsupportedError as exc:
        print(exc)
"""


def test_without_the_extras_the_modules_import_and_say_what_to_install() -> None:
    done = subprocess.run([sys.executable, "-c", BLOCK_EXTRAS], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "OpenSpiel is not installed: pip install -e '.[openspiel]'",
        "Gymnasium is not installed: pip install -e '.[gym]'",
    ]


def test_the_positions_tried_offer_every_decision_verb() -> None:
    """So the round trips above cover every block of the encoding."""
    offered: set[Verb] = set()
    for path in SCENARIOS:
        for state in scenario_states(path):
            offered.update(a.verb for a in legal_actions(state))
    for setup in SETUPS:
        for seed in range(3):
            for state in playout(seed, known_order=seed % 2 == 0, max_steps=250, setup=setup):
                offered.update(a.verb for a in legal_actions(state))
    assert offered == set(Verb) - {Verb.DRAW, Verb.BURN}
