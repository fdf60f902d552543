"""RULING-KEEPER-KEY-TILE: a prisoner holding a key and a keeper (issue 24).

The rulebook gives a keeper's key "comme pour une tuile Clef classique": by default a
prisoner holding a key may enter a keeper from behind and, on it, before scrambling
off, pass its key and take the keeper's. Under the other reading it may not enter.
Two positions of the advanced end-game corpus turn on it: ``0009.json`` (a loss under
the other reading, a win at once by default) and ``0111.json`` (4 turns against 1).
Every engine that models keepers plays the default: the rules engine (both readings),
the fast simulator (the default only) and the end-game planners.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from solver.base.limits import Limits
from solver.nightcage.endgame.plan import verify
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.actions import format_action, parse_action
from solver.nightcage.model.rulings import KEEPER_KEY_TILE, Rulings
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.engine import apply, legal_actions
from solver.nightcage.rules.outcome import outcome
from solver.nightcage.sim.convert import option_text
from solver.nightcage.sim.game import Game
from solver.testing.reference_search import reference_solve
from tests.paths import ROOT

ADVANCED = ROOT / "benchmarks" / "endgames" / "advanced"
LINES = {
    "0009.json": ("blue", ("move N", "give green", "take", "scramble S")),
    "0111.json": ("red", ("move S", "give yellow", "take", "scramble N")),
}
"""The one-turn win each position has under the default reading."""


@cache
def position(name: str) -> GameState:
    return load_path(ADVANCED / name)[0].state


def other_reading(state: GameState) -> GameState:
    rulings = Rulings.from_given({KEEPER_KEY_TILE: False})
    return replace(state, rulings=rulings, setup=replace(state.setup, rulings=rulings))


def legal(state: GameState) -> set[str]:
    return {format_action(a, state.size) for a in legal_actions(state)}


def play(state: GameState, actions: tuple[str, ...]) -> GameState:
    for text in actions:
        state = apply(state, parse_action(text, state.size))[0]
    return state


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_default_wins_with_the_key_passed_on_the_keeper(name: str) -> None:
    state = position(name)
    who, line = LINES[name]
    assert state.active.name == who
    after_move = play(state, line[:1])
    assert {line[1], line[3]} <= legal(after_move), "on the keeper: keys pass, and the scramble"
    assert "take" not in legal(after_move), "it holds a key: it must pass it first"
    assert "take" in legal(play(state, line[:2]))
    end = play(state, line)
    assert outcome(end) is not None and outcome(end).result == "win"
    sol = solve(state, limits=Limits(max_nodes=20_000))
    assert (sol.verdict, sol.turns, sol.nerve_spent) == ("win", 1, 0)
    verify(state, sol.plan)


def test_the_other_reading_refuses_the_move_and_plays_as_before() -> None:
    answers = {}
    for name, (_, line) in LINES.items():
        state = other_reading(position(name))
        assert line[0] not in legal(state)
        with pytest.raises(Exception, match="already holds a key and cannot take the keeper's"):
            play(state, line[:1])
        sol = solve(state, limits=Limits(max_nodes=20_000))
        ref = reference_solve(state, max_positions=20_000)
        answers[name] = (str(sol.verdict), sol.turns)
        assert (ref.verdict, ref.turns, ref.nerve_spent) == (sol.verdict, sol.turns, sol.nerve_spent)
    assert answers == {"0009.json": ("lose", None), "0111.json": ("win", 4)}


def test_a_keyless_prisoner_takes_the_key_on_arrival_under_both_readings() -> None:
    # 0111: yellow holds no key; moved onto the keeper d5 from behind it takes the key at once.
    state = position("0111.json")
    for s in (state, other_reading(state)):
        s = replace(s, turn=3)
        after = play(s, ("move S",))
        assert after.prisoners[3].key and after.tiles[s.geo.parse("d5")].is_pit
        assert not {"take", "give red"} & legal(after), "the keeper is a pit: no key window"


class Scripted:
    """A simulator policy playing the first offered text of a line, then the texts after it
    (the simulator takes a lone option without asking)."""

    def __init__(self, texts: tuple[str, ...], names: tuple[str, ...], size: int) -> None:
        self.texts, self.names, self.size = list(texts), names, size

    def choose(self, sim: Any, kind: str, options: list[Any]) -> int:
        texts = [option_text(o, self.size, self.names, sim.turn) for o in options]
        for i, want in enumerate(self.texts):
            if want in texts:
                del self.texts[: i + 1]
                return texts.index(want)
        return 0


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_simulator_plays_the_default(name: str) -> None:
    state = position(name)
    _, line = LINES[name]
    names = tuple(p.name for p in state.prisoners)
    policy = Scripted(line, names, state.size)
    result = Game(state).rollout(policy, random.Random(0), record=True)
    assert result.result == "win" and result.turns == 1 and result.record is not None
    assert tuple(d.chosen for d in result.record.decisions) == line
    on_keeper = result.record.decisions[1]
    assert set(on_keeper.options) == legal(play(state, line[:1])), "the same choices as the engine on the keeper"
