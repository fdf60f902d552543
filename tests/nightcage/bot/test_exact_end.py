"""The search bot's exact chance search near the end of the pile (:mod:`solver.nightcage.bot.exact_end`)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from solver.nightcage.bot.exact_end import ExactEnd, hidden_turn_start
from solver.nightcage.bot.search import SearchBot, make_search_bot
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES
from solver.nightcage.notation.forms import load_path
from solver.nightcage.play.autoplay import BotOptions, play_game
from solver.nightcage.sim.convert import compile_state, option_text
from solver.testing.scripts import load_benchmark
from tests.paths import ROOT

TEMPLATE = new_game(Setup())
ISSUE_POSITION = ROOT / "benchmarks" / "chance" / "0009.json"
"""``lueur play --seed 880006`` after 106 actions: move S wins whatever the order, stay and move E lose."""


def with_order(state: GameState, order: tuple[Any, ...]) -> GameState:
    return replace(state, pile=Pile(order=order))


def first_decision(state: GameState, bot: SearchBot) -> tuple[str, list[float]]:
    """The bot's pick at the turn's first decision, and the values it gave the options."""
    sim = compile_state(state)
    seen: list[tuple[str, list[float]]] = []
    names = tuple(p.name for p in state.prisoners)

    def choose(s: Any, kind: str, options: list[Any]) -> int:
        pick = bot.choose(s, kind, options)
        seen.append((option_text(options[pick], state.size, names, s.turn), list(bot.last_values)))
        raise StopIteration

    sim.choose = choose
    with pytest.raises(StopIteration):
        sim.play_turn()
    return seen[0]


def test_the_issue_position_is_played_right_whatever_the_order() -> None:
    """The bot sees the layers, not the order: two orders of the three tiles left, the same proven pick."""
    hidden = load_path(str(ISSUE_POSITION))[0].state
    tiles = [t for t, k in zip(TILE_TYPES, hidden.pile.contents) for _ in range(k)]
    answers = []
    for order in sorted(set(itertools.permutations(tiles)))[::3]:
        bot = SearchBot(random.Random(0), TEMPLATE, samples=2, exact=ExactEnd(4, 200_000))
        answers.append(first_decision(with_order(hidden, order), bot))
        assert bot.exact is not None and bot.exact.proven == 1
    assert {pick for pick, _ in answers} == {"move S"} and len({tuple(v) for _, v in answers}) == 1


def test_the_hidden_turn_start_keeps_the_position_and_hides_the_order() -> None:
    known = new_game(Setup(), rng=random.Random("pile-3"))
    sim = compile_state(known)
    state = hidden_turn_start(sim, TEMPLATE, (8, 74))
    assert state.pile.order is None and state.pile.layers == TEMPLATE.pile.layers
    assert replace(state, pile=known.pile) == known


def test_a_game_with_the_exact_search_is_reproducible() -> None:
    one = play_game(880006, bot=BotOptions(exact_tiles=4, exact_nodes=5_000))
    two = play_game(880006, bot=BotOptions(exact_tiles=4, exact_nodes=5_000))
    assert one.actions == two.actions and one.result == two.result


def test_bounds_stay_sound_on_a_small_budget() -> None:
    """Cut short, the intervals still hold the exact values (the corpus labels them)."""
    hidden = load_path(str(ISSUE_POSITION))[0].state
    tiles = [t for t, k in zip(TILE_TYPES, hidden.pile.contents) for _ in range(k)]
    sim = compile_state(with_order(hidden, tuple(tiles)))
    exact = ExactEnd(4, 300)
    names = tuple(p.name for p in hidden.prisoners)
    options: list[Any] = []
    bounds = None

    def choose(s: Any, kind: str, offered: list[Any]) -> int:
        nonlocal bounds, options
        options = offered
        bounds = exact.bounds(s.copy(), TEMPLATE, (3,), [], offered)
        raise StopIteration

    sim.choose = choose
    with pytest.raises(StopIteration):
        sim.play_turn()
    assert bounds is not None
    values = {"move S": Fraction(1), "stay": Fraction(0), "move E": Fraction(0)}
    for opt, (lo, hi) in zip(options, bounds):
        assert lo <= values[option_text(opt, hidden.size, names, hidden.turn)] <= hi


def test_a_turn_opened_by_lone_decisions_is_searched_from_its_start() -> None:
    """Game 30027 of ``bot_hindsight.py`` (3 tiles left; order straight, wax eater, T): the next turn but one
    opens with a lone landing whose draws are placed before the first question. Told of each turn start
    (``Sim.on_turn``), the search bot searches that turn exactly and wins, as a group knowing the order
    would; not told, it has no turn start to search from, plays that turn greedily and loses."""
    bench = load_benchmark("bot_hindsight.py", "bot_hindsight_for_exact_end")
    options = bench.Options(3, "classic", ("bot",), 200_000, None)
    position = bench.find_position(30027, options)
    assert position is not None
    by_name = {t.value: t for t in TILE_TYPES}
    order = [by_name[name] for name in ("straight", "wax_eater", "t")]
    results = {}
    for told in (True, False):
        sim = position.sim.copy()
        top = sim.top
        sim.set_pile(sim.order[:top] + [TILE_TYPES.index(t) for t in order])
        sim.top = top
        bot = make_search_bot(random.Random(f"hindsight-{position.seed}"), TEMPLATE)
        sim.choose = bot.choose
        sim.on_turn = bot.turn_starting if told else None
        results[told] = sim.play(sim.turns + 200)
    assert results == {True: "win", False: "lose"}
