"""``lueur review``: a game record's costliest decisions by the search bot, and the turn it was lost for good."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.play.autoplay import PlayedGame, play_game, record_json
from solver.nightcage.play.game_record import read_record
from solver.nightcage.play.review import Review, review
from solver.nightcage.rules.adjudicate import play

FLICKERS_LOSS_SEED = 6
"""A greedy game that reaches the Final Flickers with its pile order and loses there (found by trying seeds)."""


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def game() -> PlayedGame:
    return play_game(FLICKERS_LOSS_SEED, policy="greedy")


@pytest.fixture(scope="module")
def reviewed(game: PlayedGame) -> Review:
    return review(read_record(game.start, record_json(game)["meta"]), samples=1)


@pytest.fixture()
def saved(tmp_path: Path, game: PlayedGame) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_json(game)))
    return path


def test_the_costliest_decisions_are_real_choices_of_the_game_with_a_better_option(game: PlayedGame, reviewed: Review) -> None:
    assert reviewed.result == game.result and reviewed.turns == game.turns
    assert 0 < len(reviewed.costliest) <= 5
    for d in reviewed.costliest:
        recorded = game.record.decisions[d.action_index]  # type: ignore[union-attr]
        assert d.options[d.played] == recorded.chosen == game.actions[d.action_index]
        assert set(d.options) <= set(recorded.options) and len(d.options) > 1
        assert d.best != d.played and d.drop > 0
    drops = [d.drop for d in reviewed.costliest]
    assert drops == sorted(drops, reverse=True)
    assert max(d.drop for d in reviewed.decisions) == drops[0]


def test_estimates_are_win_chances(reviewed: Review) -> None:
    assert all(0.0 <= e <= 1.0 for d in reviewed.decisions for e in d.estimates)
    estimates = [t.estimate for t in reviewed.turn_starts if t.estimate is not None]
    assert estimates and all(0.0 <= e <= 1.0 for e in estimates)
    assert [t.turn for t in reviewed.turn_starts] == list(range(1, reviewed.turns + 1))


def test_the_loss_is_placed_where_the_oracle_proves_it(game: PlayedGame, reviewed: Review) -> None:
    assert game.result == "lose" and reviewed.lost_at is not None
    start = {t.turn: t for t in reviewed.turn_starts}[reviewed.lost_at]
    assert start.pile == 0 and start.oracle == "lose"
    # The record's position at that turn start: the oracle, without a time limit, agrees.
    state = turn_start(game, reviewed.lost_at)
    assert state.pile.count == 0 and not EndgameOracle().wins(state)
    assert all(t.oracle != "win" for t in reviewed.turn_starts if t.turn > reviewed.lost_at)
    assert reviewed.last_winnable is None or reviewed.last_winnable < reviewed.lost_at
    assert f"Lost for good at turn {reviewed.lost_at}" in reviewed.verdict


def test_a_loss_before_the_final_flickers_is_said_to_be_unproven_before_it() -> None:
    game = play_game(0, policy="greedy")
    assert game.result == "lose" and game.record is not None and game.record.final.pile.count > 0
    result = review(read_record(game.start, record_json(game)["meta"]), samples=1)
    assert result.lost_at is None and all(t.oracle is None for t in result.turn_starts)
    assert "The oracle proves nothing before the Final Flickers" in result.verdict


def test_the_cli_prints_the_review_the_same_for_a_seed(saved: Path, reviewed: Review) -> None:
    first = lueur("review", str(saved), "--samples", "1")
    assert first.exit_code == 0, first.output
    assert lueur("review", str(saved), "--samples", "1").output == first.output
    top = reviewed.costliest[0]
    assert f"turn {top.turn}, {top.prisoner}" in first.output and f"better: {top.options[top.best]}" in first.output
    assert reviewed.verdict in " ".join(first.output.split())
    doc = json.loads(lueur("review", str(saved), "--samples", "1", "--top", "2", "--json").output)
    assert set(doc) == {"result", "turns", "actions", "decisions_valued", "costliest", "lost_for_good", "turn_starts",
                        "bot", "oracle_seconds"}
    assert [d["action_index"] for d in doc["costliest"]] == [d.action_index for d in reviewed.costliest[:2]]
    assert doc["lost_for_good"]["turn"] == reviewed.lost_at


def test_another_seed_samples_other_orders(saved: Path) -> None:
    outputs = {lueur("review", str(saved), "--samples", "1", "--seed", str(s), "--json").output for s in (0, 1)}
    assert len(outputs) == 2


@pytest.mark.parametrize(("content", "where"), [
    ('{"a": ', "line 1, column 7"),
    (json.dumps(to_json(new_game(Setup()), {})), "meta.format"),
])
def test_a_file_that_is_not_a_record_is_refused_with_where(tmp_path: Path, content: str, where: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = lueur("review", str(path))
    assert result.exit_code == 2
    assert f"{path}: {where}" in result.output and "Traceback" not in result.output


def test_an_action_that_does_not_apply_is_refused_with_its_number(tmp_path: Path, game: PlayedGame) -> None:
    record = record_json(game)
    k = next(i for i, a in enumerate(game.actions) if a.startswith("place"))
    record["meta"]["actions"][k] = "stay"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = lueur("review", str(path), "--samples", "1")
    assert result.exit_code == 2
    assert f"meta.actions[{k}]: action {k + 1} of {len(game.actions)}, 'stay', does not apply" in result.output


def test_a_companion_record_with_the_pile_unknown_gives_the_same_review(game: PlayedGame, reviewed: Review) -> None:
    start, actions = companion_record(game)
    assert any(a.startswith("burn") for a in actions)
    record = read_record(start, {"format": "lueur-game/1", "actions": actions})
    assert record.order == game.start.pile.order
    again = review(record, samples=1)
    assert [(d.turn, d.options[d.played], d.estimates) for d in again.decisions] == \
        [(d.turn, d.options[d.played], d.estimates) for d in reviewed.decisions]
    assert again.lost_at == reviewed.lost_at
    # A record saved in the middle of the game: reviewed up to where it stops.
    half = review(read_record(start, {"format": "lueur-game/1", "actions": actions[:40]}), samples=1)
    assert half.result is None and "before the game's end" in half.verdict


def turn_start(game: PlayedGame, turn: int) -> GameState:
    assert game.record is not None
    return game.start if turn == 1 else game.record.turn_ends[turn - 2][1]


def companion_record(game: PlayedGame) -> tuple[GameState, list[str]]:
    """The game as the web companion records it: the pile's order unknown, each burn named where the engine asks."""
    order = game.start.pile.order
    assert order is not None
    known = play(game.start, list(game.actions))
    start = replace(game.start, pile=new_game(Setup()).pile)
    actions = list(game.actions)
    named = 0
    for _ in range(len(order)):
        replayed = play(start, actions)
        if replayed.refused is None:
            return start, actions
        k = len(replayed.history) - 1
        after = known.history[k - named].pile.order or ()
        burnt = order[len(order) - replayed.state.pile.count: len(order) - len(after)]
        if replayed.refused.action.startswith("place"):  # that action draws its own tile after the burn
            burnt = burnt[:-1]
        actions.insert(k, "burn " + " ".join(t.value for t in burnt))
        named += 1
    raise AssertionError("the burns could not be named")
