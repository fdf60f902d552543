"""Geometry, tiles, setups, tallies, notation and exact draw odds."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from solver.base.errors import NotationError
from solver.nightcage.model import counts
from solver.nightcage.model.actions import VERBS, Action, action_from_json, action_json, format_action, parse_action
from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE, E, N, S, W, geometry, openings_text, parse_openings, rotate
from solver.nightcage.model.setups import Setup, setup_problems
from solver.nightcage.model.state import Pile
from solver.nightcage.model.tiles import Kind, TileType, rotations
from solver.nightcage.rules.draws import burn_distribution, draw_distribution


@pytest.mark.parametrize("size", [6, 7])
def test_every_cell_has_four_distinct_neighbours_and_moves_reverse(size: int) -> None:
    g = geometry(size)
    for cell in range(g.cells):
        nbrs = [g.neighbour(cell, d) for d in DIRECTIONS]
        assert len(set(nbrs)) == 4
        for d in DIRECTIONS:
            assert g.neighbour(g.neighbour(cell, d), OPPOSITE[d]) == cell
        assert g.parse(g.name(cell)) == cell


def test_the_board_wraps_at_every_edge() -> None:
    g = geometry(6)
    assert g.name(g.neighbour(g.parse("f6"), E)) == "a6"
    assert g.name(g.neighbour(g.parse("f6"), N)) == "f1"
    assert g.name(g.neighbour(g.parse("a1"), W)) == "f1"
    assert g.name(g.neighbour(g.parse("a1"), S)) == "a6"
    with pytest.raises(ValueError):
        g.parse("g1")


def test_rotations_and_openings_text() -> None:
    assert len(rotations(Kind.START)) == 4 and len(rotations(Kind.STRAIGHT)) == 2
    assert len(rotations(Kind.T)) == 4 and rotations(Kind.CROSS) == (0b1111,)
    assert rotate(N | E, 1) == E | S and openings_text(parse_openings("wn")) == "NW"
    with pytest.raises(ValueError):
        parse_openings("NX")


def test_standard_setups_have_the_rulebook_totals() -> None:
    assert counts.total(Setup().totals()) == 78
    assert [counts.total(x) for x in Setup().pile_layers()] == [8, 66]
    assert [counts.total(x) for x in Setup("five").pile_layers()] == [10, 63]
    advanced = Setup("advanced").totals()
    assert counts.get(advanced, TileType.KEY) == 0 and counts.get(advanced, TileType.KEEPER) == 6
    assert counts.get(advanced, TileType.WAX_EATER) == 4
    hard = Setup(difficulty=(("keys", -1), ("gates", -1), ("cracked_t", True)))
    assert counts.get(hard.totals(), TileType.KEY) == 5 and counts.get(hard.totals(), TileType.GATE) == 3
    assert counts.get(hard.totals(), TileType.CRACKED_T) == 2 and setup_problems(hard) == []
    assert setup_problems(Setup("five", difficulty=(("keys", 2),)))  # 9 key tiles: the box holds 8


ACTIONS = [
    "start c3 NE", "land c5", "place c5 t:NES", "place d4 gate", "stay", "move N", "jump W", "charge E", "blind S",
    "swap d4", "again", "block", "block blue", "noblock", "scramble N", "give blue", "give blue red", "take",
    "fall row", "fall file", "burn t cross key", "draw gate", "discard e2", "hold", "end", "dirge b2", "dirge b2 1",
]


@pytest.mark.parametrize("text", ACTIONS)
def test_action_notation_round_trips_through_text_and_json(text: str) -> None:
    action = parse_action(text, 6)
    assert format_action(action, 6) == text
    assert action_from_json(action_json(action, 6), 6) == action


def test_every_verb_is_covered_and_bad_actions_say_what_is_expected() -> None:
    assert {t.split()[0] for t in ACTIONS} == set(VERBS)
    for bad in ("move", "move Q", "place c5 t", "place z9 cross", "fly N", "fall sideways", ""):
        with pytest.raises(NotationError):
            parse_action(bad, 6)


def brute_force(layers: list[dict[str, int]], n: int) -> dict[tuple, Fraction]:
    """Enumerate every order of every layer (distinct tiles), count the top ``n``."""
    tiles_per_layer = [[f"{t}#{i}" for t, k in layer.items() for i in range(k)] for layer in layers]
    results: Counter = Counter()
    total = 0
    for orders in itertools.product(*(itertools.permutations(ts) for ts in tiles_per_layer)):
        seq = [t.split("#")[0] for order in orders for t in order][:n]
        results[counts.counts_of(TileType(t) for t in seq)] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in results.items()}


@pytest.mark.parametrize(
    "layers,n",
    [
        ([{"t": 2, "gate": 1, "key": 2}], 1),
        ([{"t": 2, "gate": 1, "key": 2}], 3),
        ([{"t": 1, "cross": 1}, {"key": 2, "wax_eater": 1}], 3),
        ([{"t": 2}, {"key": 1, "gate": 1, "t": 1}], 2),
    ],
)
def test_draw_odds_agree_with_brute_force_enumeration(layers: list[dict[str, int]], n: int) -> None:
    pile = Pile(layers=tuple(counts.counts_from(layer) for layer in layers))
    exact = dict(burn_distribution(pile, n))
    assert exact == brute_force(layers, n)
    assert sum(exact.values()) == 1
    if n == 1:
        single = {counts.counts_of([t]): p for t, p in draw_distribution(pile)}
        assert single == exact


def test_a_known_order_has_one_outcome() -> None:
    pile = Pile(order=(TileType.GATE, TileType.T, TileType.KEY))
    assert draw_distribution(pile) == [(TileType.GATE, Fraction(1))]
    assert burn_distribution(pile, 5) == [(counts.counts_of(pile.order), Fraction(1))]


def test_an_action_value_is_hashable_and_compares_by_value() -> None:
    assert Action("move", direction=N) == parse_action("move N", 6)
    assert len({parse_action("move N", 6), parse_action("move N", 7)}) == 1
