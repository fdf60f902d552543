"""An independent brute force for combats and the card economy, written apart from the solver.

It shares nothing with ``solver.dungeontwister`` but the rules as the aid
states them: its own plays (combinations of the hand's cards), its own totals,
its own reading of the powers, no memory between nodes, and matrix games
solved by support enumeration (Shapley and Snow: some optimal pair is
supported on a square, nonsingular part of the matrix once every entry is
positive), not by the simplex.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import NamedTuple

Cards = tuple[int, ...]


def gauss(rows: list[list[Fraction]]) -> list[Fraction] | None:
    """The solution of a square system given as augmented rows, or None when it is singular."""
    n = len(rows)
    a = [row[:] for row in rows]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def matrix_value(matrix: Sequence[Sequence[Fraction | int]]) -> Fraction:
    """The value of a zero-sum game (rows maximise), by support enumeration over square supports."""
    m, n = len(matrix), len(matrix[0])
    shift = 1 - min(min(Fraction(x) for x in row) for row in matrix)
    a = [[Fraction(x) + shift for x in row] for row in matrix]
    for k in range(1, min(m, n) + 1):
        for rows in combinations(range(m), k):
            for cols in combinations(range(n), k):
                # x on rows, with value v: every column of the support pays v; the mix sums to 1.
                xs = gauss([[a[i][j] for i in rows] + [Fraction(-1), Fraction(0)] for j in cols]
                           + [[Fraction(1)] * k + [Fraction(0), Fraction(1)]])
                ys = gauss([[a[i][j] for j in cols] + [Fraction(-1), Fraction(0)] for i in rows]
                           + [[Fraction(1)] * k + [Fraction(0), Fraction(1)]])
                if xs is None or ys is None:
                    continue
                x, v = xs[:k], xs[k]
                y, w = ys[:k], ys[k]
                if v != w or min(x) < 0 or min(y) < 0:
                    continue
                if all(sum(x[p] * a[i][j] for p, i in enumerate(rows)) >= v for j in range(n)) and \
                        all(sum(y[q] * a[i][j] for q, j in enumerate(cols)) <= v for i in range(m)):
                    return v - shift
    raise AssertionError("no equilibrium found: impossible for a finite game")


def plays(hand: Cards, count: int) -> list[Cards]:
    if not hand:
        return [()]
    return sorted({tuple(sorted(c)) for c in combinations(hand, min(count, len(hand)))})


def minus(hand: Cards, play: Cards) -> Cards:
    rest = list(hand)
    for card in play:
        if card:
            rest.remove(card)
    return tuple(sorted(rest))


class Powers(NamedTuple):
    two_cards: bool = False
    attacker_names: bool = False
    defender_names: bool = False
    attacker_sees: bool = False
    defender_sees: bool = False


def duel_value(attacker_hand: Cards, defender_hand: Cards, powers: Powers,
               payoff: Callable[[Cards, Cards], Fraction]) -> Fraction:
    """The attacker's value: its announcement (1 or 2 cards), then a telepath's naming, then the cards."""
    names_a = powers.attacker_names and not powers.defender_names
    names_d = powers.defender_names and not powers.attacker_names
    sees_a = powers.attacker_sees and not powers.defender_sees
    sees_d = powers.defender_sees and not powers.attacker_sees
    counts = [1, 2] if powers.two_cards and len(attacker_hand) >= 2 else [1]
    values = []
    for count in counts:
        ours, theirs = plays(attacker_hand, count), plays(defender_hand, 1)
        if names_a and defender_hand:
            options = [(ours, [d for d in theirs if v in d]) for v in set(defender_hand)]
            values.append(max(_stage(o, t, sees_a, sees_d, payoff) for o, t in options))
        elif names_d and attacker_hand:
            options = [([a for a in ours if v in a], theirs) for v in set(attacker_hand)]
            values.append(min(_stage(o, t, sees_a, sees_d, payoff) for o, t in options))
        else:
            values.append(_stage(ours, theirs, sees_a, sees_d, payoff))
    return max(values)


def _stage(ours: list[Cards], theirs: list[Cards], sees_a: bool, sees_d: bool,
           payoff: Callable[[Cards, Cards], Fraction]) -> Fraction:
    table = [[payoff(a, d) for d in theirs] for a in ours]
    if sees_a:
        return min(max(table[i][j] for i in range(len(ours))) for j in range(len(theirs)))
    if sees_d:
        return max(min(row) for row in table)
    return matrix_value(table)


def fight_outcome(attacker_value: int, a: Cards, defender_value: int, d: Cards) -> int:
    total = attacker_value + sum(a) - defender_value - sum(d)
    return (total > 0) - (total < 0)


class Fight(NamedTuple):
    attacker: int
    attacker_value: int
    defender_value: int
    powers: Powers
    win: Fraction
    tie: Fraction
    loss: Fraction


def economy_value(fights: Sequence[Fight], hand0: Cards, hand1: Cards) -> Fraction:
    """The sequence's value for player 0, by plain recursion (no memory)."""
    if not fights:
        return Fraction(0)
    fight, rest = fights[0], fights[1:]
    own, other = (hand0, hand1) if fight.attacker == 0 else (hand1, hand0)
    sign = 1 if fight.attacker == 0 else -1

    def payoff(a: Cards, d: Cards) -> Fraction:
        result = fight_outcome(fight.attacker_value, a, fight.defender_value, d)
        points = fight.win if result > 0 else fight.tie if result == 0 else -fight.loss
        left_a, left_d = minus(own, a), minus(other, d)
        after = (left_a, left_d) if fight.attacker == 0 else (left_d, left_a)
        return points + sign * economy_value(rest, *after)

    return sign * duel_value(own, other, fight.powers, payoff)
