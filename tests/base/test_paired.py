"""The paired comparison of two policies (solver.base.paired): the table, Newcombe's interval, the exact sign test."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from solver.base.paired import Paired

COUNTS = st.tuples(*[st.integers(0, 60)] * 4)


@given(COUNTS)
def test_the_interval_holds_the_difference_and_stays_in_range(counts: tuple[int, int, int, int]) -> None:
    table = Paired(*counts)
    low, high = table.interval()
    assert -1 <= low <= table.difference <= high <= 1


@given(COUNTS)
def test_swapping_the_policies_mirrors_everything(counts: tuple[int, int, int, int]) -> None:
    both, only_a, only_b, neither = counts
    table, swapped = Paired(both, only_a, only_b, neither), Paired(both, only_b, only_a, neither)
    low, high = table.interval()
    s_low, s_high = swapped.interval()
    assert math.isclose(low, -s_high, abs_tol=1e-12) and math.isclose(high, -s_low, abs_tol=1e-12)
    assert table.sign_test_p == swapped.sign_test_p


@given(st.integers(0, 40), st.integers(0, 40))
def test_the_sign_test_is_the_exact_binomial_tail(only_a: int, only_b: int) -> None:
    n, k = only_a + only_b, min(only_a, only_b)
    tail = sum(Fraction(math.comb(n, i), 2**n) for i in range(k + 1))
    assert math.isclose(Paired(5, only_a, only_b, 5).sign_test_p, float(min(Fraction(1), 2 * tail)))


def test_on_many_games_the_interval_is_the_normal_one_from_the_discordant_counts() -> None:
    table = Paired(250, 90, 60, 600)
    n, d = table.games, table.difference
    se = math.sqrt(table.only_a + table.only_b - (table.only_a - table.only_b) ** 2 / n) / n
    low, high = table.interval()
    assert math.isclose(low, d - 1.96 * se, abs_tol=0.001) and math.isclose(high, d + 1.96 * se, abs_tol=0.001)


def test_the_table_counts_game_by_game() -> None:
    table = Paired.of([True, True, False, False], [True, False, True, False])
    assert (table.both, table.only_a, table.only_b, table.neither) == (1, 1, 1, 1)
    assert (table.a_wins, table.b_wins, table.difference) == (2, 2, 0.0)
