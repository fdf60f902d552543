"""``dt combat`` and ``dt economy`` against the independent brute force of tests/dungeontwister/brute.py.

Both hands are known (spent cards are shown; the aid: « Chaque joueur choisit
1 carte combat, la pose face cachée et la révèle en même temps », « Défausser
les cartes combat (sauf la 0) »), so a combat is a zero-sum game; the
solver's values must equal the brute force's exactly, as fractions, on 200
seeded random cases each.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.dungeontwister.analysis.economy import Fight, solve_economy
from solver.dungeontwister.analysis.matrix import certify, solve
from solver.dungeontwister.analysis.odds import combat_report
from solver.dungeontwister.rules.duel import Duel, Side
from tests.dungeontwister import brute

CASES = 200


def random_hand(rng: random.Random, most: int) -> tuple[int, ...]:
    size = rng.randint(0, most)
    cards = [rng.randint(0, 5) for _ in range(size)]
    return tuple(sorted(cards))


def random_powers(rng: random.Random) -> brute.Powers:
    return brute.Powers(rng.random() < 0.25, rng.random() < 0.15, rng.random() < 0.15, rng.random() < 0.15,
                        rng.random() < 0.15)


def as_duel(a_base: int, a_hand: tuple[int, ...], d_base: int, d_hand: tuple[int, ...], p: brute.Powers) -> Duel:
    return Duel(Side(a_base, a_hand, p.two_cards, p.attacker_names, p.attacker_sees),
                Side(d_base, d_hand, False, p.defender_names, p.defender_sees))


@pytest.mark.parametrize("seed", range(CASES))
def test_a_single_combat_matches_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    a_base, d_base = rng.randint(0, 5), rng.randint(0, 5)
    a_hand, d_hand = random_hand(rng, 4), random_hand(rng, 4)
    powers = random_powers(rng)
    values = (Fraction(rng.randint(0, 3)), Fraction(rng.randint(-1, 1)), Fraction(-rng.randint(0, 3)))
    report = combat_report(as_duel(a_base, a_hand, d_base, d_hand, powers), values)
    by = {1: values[0], 0: values[1], -1: values[2]}
    expected = brute.duel_value(a_hand, d_hand, powers,
                                lambda a, d: by[brute.fight_outcome(a_base, a, d_base, d)])
    assert report.value == expected
    assert sum(report.chances.values()) == 1


def random_fights(rng: random.Random) -> tuple[tuple[Fight, ...], tuple[brute.Fight, ...]]:
    ours, theirs = [], []
    for _ in range(rng.randint(1, 3)):
        attacker = rng.randint(0, 1)
        a_value, d_value = rng.randint(0, 4), rng.randint(0, 4)
        powers = random_powers(rng)
        win, tie, loss = Fraction(rng.randint(1, 3)), Fraction(rng.randint(0, 1)), Fraction(rng.randint(1, 2), rng.randint(1, 2))
        ours.append(Fight(attacker, a_value, d_value, powers.two_cards, powers.attacker_names, powers.defender_names,
                          powers.attacker_sees, powers.defender_sees, win, tie, loss))
        theirs.append(brute.Fight(attacker, a_value, d_value, powers, win, tie, loss))
    return tuple(ours), tuple(theirs)


@pytest.mark.parametrize("seed", range(CASES))
def test_a_sequence_of_combats_matches_the_brute_force(seed: int) -> None:
    rng = random.Random(1000 + seed)
    fights, reference = random_fights(rng)
    hands = (random_hand(rng, 3 if len(fights) == 3 else 4), random_hand(rng, 3 if len(fights) == 3 else 4))
    answer = solve_economy(fights, hands)
    assert answer.value == brute.economy_value(reference, *hands)
    assert answer.certified + answer.sequential >= 1


def test_save_the_high_cards_a_second_fight_turns_the_sure_six_into_a_mix() -> None:
    """Alone, a fight goes to the highest card: the 6 wins for sure. With a second fight to come, spending the 6 leaves
    the 5 unanswered, so the first fight's card becomes a coin toss between the 1 and the 6 (the defender's between its
    0 and its 5); the sequence is still worth 1 (a win more than the opponent)."""
    hands = ((0, 1, 6), (0, 5))
    one = solve_economy((Fight(0, 2, 2),), hands)
    two = solve_economy((Fight(0, 2, 2), Fight(0, 2, 2)), hands)
    assert one.as_json()["first_fight"]["attacker_mix"] == [{"cards": [6], "p": "1"}]
    assert two.as_json()["first_fight"]["attacker_mix"] == [{"cards": [1], "p": "1/2"}, {"cards": [6], "p": "1/2"}]
    assert two.as_json()["first_fight"]["defender_mix"] == [{"cards": [0], "p": "1/2"}, {"cards": [5], "p": "1/2"}]
    assert two.as_json()["first_fight_alone"]["attacker_mix"] == [{"cards": [6], "p": "1"}]
    assert one.value == two.value == 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.integers(-4, 4), min_size=1, max_size=5), min_size=1, max_size=5).filter(
    lambda rows: len({len(r) for r in rows}) == 1))
def test_every_matrix_game_is_certified_and_matches_support_enumeration(rows: list[list[int]]) -> None:
    game = solve(rows)
    certify([[Fraction(x) for x in row] for row in rows], game)
    assert game.value == brute.matrix_value(rows)
