"""The bot: its Final Flickers play is exact, its samples keep what is known, its games replay."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from solver.nightcage.bot.endgame import TurnScript
from solver.nightcage.bot.evaluate import at_least, evaluate
from solver.nightcage.bot.lookahead import TurnRoot, sample_order
from solver.nightcage.bot.policy import BotPolicy
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.notation.forms import load_path
from solver.nightcage.play.autoplay import play_game
from solver.nightcage.rules.adjudicate import play
from solver.nightcage.sim.convert import compile_state
from solver.nightcage.sim.game import Game
from tests.paths import ROOT

CORPUS = ROOT / "benchmarks" / "endgames"


def corpus(verdict: str, limit: int) -> list[Path]:
    index = json.loads((CORPUS / "index.json").read_text())
    return [CORPUS / e["file"] for e in index if e["verdict"] == verdict][:limit]


@pytest.mark.parametrize("path", corpus("win", 12), ids=lambda p: p.stem)
def test_the_bot_wins_every_won_final_flickers_position(path: Path) -> None:
    state = load_path(str(path))[0].state
    bot = BotPolicy(random.Random(0), start=state, endgame_seconds=20.0)
    result = Game(state).rollout(bot, random.Random(0), record=True)
    assert result.result == "win"
    assert bot.endgame.answers["win"] >= 1
    record = result.record
    assert record is not None
    assert play(record.start, list(record.actions)).outcome.result == "win"  # type: ignore[union-attr]


@pytest.mark.parametrize("path", corpus("lose", 3), ids=lambda p: p.stem)
def test_a_lost_final_flickers_position_is_played_to_its_loss(path: Path) -> None:
    state = load_path(str(path))[0].state
    bot = BotPolicy(random.Random(0), start=state)
    assert Game(state).rollout(bot, random.Random(0)).result == "lose"


def test_samples_keep_the_drawn_tiles_and_each_layer_s_contents() -> None:
    sim = compile_state(new_game(Setup(), rng=random.Random(4)))
    sim.top = 5
    ends = (8, 74)
    for seed in range(20):
        order = sample_order(sim, random.Random(seed), ends)
        assert order[:5] == sim.order[:5]
        assert Counter(order[5:8]) == Counter(sim.order[5:8])
        assert Counter(order[8:]) == Counter(sim.order[8:])
    assert len({tuple(sample_order(sim, random.Random(s), ends)) for s in range(5)}) == 5


def test_a_turn_start_is_recognised() -> None:
    sim = compile_state(new_game(Setup(), rng=random.Random(4)))
    assert TurnRoot.opens_turn(sim, "start")
    assert not TurnRoot.opens_turn(sim, "place")
    sim.spent[0] = 1
    assert not TurnRoot.opens_turn(sim, "main")


def test_a_script_follows_its_plan_skipping_actions_taken_without_asking() -> None:
    script = TurnScript(("move W", "again", "move E", "discard a4"))
    assert script.pick(["move W", "stay"]) == 0
    assert script.pick(["again", "end"]) == 0
    # "move E" was the only option: taken without asking the policy.
    assert script.pick(["discard a1", "discard a4", "hold"]) == 1
    assert script.pick(["give red", "end"]) == 1  # an optional decision the plan leaves implicit
    assert script.pick(["discard b1"]) is None


def test_at_least_counts_every_combination() -> None:
    assert at_least(2, [0.5, 0.5, 0.5]) == pytest.approx(0.5)
    assert at_least(1, [0.2, 0.3]) == pytest.approx(1 - 0.8 * 0.7)
    assert at_least(3, [0.9, 0.9]) == 0.0


def test_the_evaluation_is_a_probability_and_knows_the_ends() -> None:
    sim = compile_state(new_game(Setup(), rng=random.Random(4)))
    assert evaluate(sim, "win") == 1.0 and evaluate(sim, "lose") == 0.0
    assert 0.0 < evaluate(sim, None) < 1.0


@pytest.mark.parametrize("policy", ["bot", "classic"])
def test_a_seeded_bot_game_is_reproducible_and_replays_through_the_engine(policy: str) -> None:
    first = play_game(1, policy=policy)
    second = play_game(1, policy=policy)
    assert first.actions == second.actions and first.result == second.result
    replay = play(first.start, list(first.actions))
    assert replay.refused is None
    assert replay.outcome is not None and replay.outcome.result == first.result


def test_the_pile_samples_follow_the_starting_layers() -> None:
    sim = compile_state(new_game(Setup(), rng=random.Random(4)))
    assert BotPolicy(random.Random(0), start=new_game(Setup()))._layers(sim) == (8, 74)
    sim.set_pile(sim.order[:30])  # not this game's pile: one layer
    assert BotPolicy(random.Random(0))._layers(sim) == (30,)
