"""A combat's card game solved: the announcement, the naming, then the cards (a matrix game, or a maximin when one
side sees the other's card).

Steps 1 and 2 of :mod:`solver.dungeontwister.rules.duel` are choices both
players see, so the value is a maximum (or a minimum) over them of the card
stage's value. :func:`solve_duel` takes the payoff of each pair of plays (the
attacker maximises), so the same game serves a single combat and a node of
the card economy.

>>> duel = Duel(Side(3, (0, 1, 2)), Side(3, (0, 1, 2)))
>>> solve_duel(duel, lambda a, d: Fraction(outcome(duel, a, d))).value   # highest card wins: the 2 against the 2
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from solver.dungeontwister.analysis.matrix import Game, solve
from solver.dungeontwister.rules.duel import Branch, Duel, Order, Play, Side, branches, outcome

Payoff = Callable[[Play, Play], Fraction | int]
__all__ = ["Payoff", "Stage", "Solution", "solve_stage", "solve_duel", "Side", "outcome"]


@dataclass(frozen=True)
class Stage:
    """The card stage of one branch, solved: its value and each side's equilibrium mix over its plays."""

    branch: Branch
    order: Order
    value: Fraction
    attacker_mix: tuple[Fraction, ...]
    defender_mix: tuple[Fraction, ...]
    game: Game | None
    """The matrix game (cards chosen at once), with its certificate; None when one side sees the other's card."""


@dataclass(frozen=True)
class Solution:
    value: Fraction
    stage: Stage
    """The branch both players' choices lead to, solved."""
    stages: tuple[Stage, ...]
    """Every branch, solved (the chosen one among them)."""


def solve_stage(branch: Branch, order: Order, payoff: Payoff) -> Stage:
    matrix = [[payoff(a, d) for d in branch.defender_plays] for a in branch.attacker_plays]
    if order is Order.AT_ONCE:
        game = solve(matrix)
        return Stage(branch, order, game.value, game.rows, game.columns, game)
    if order is Order.ATTACKER_SEES:  # the defender commits to a pure play, the attacker answers it
        worst = [max(row[j] for row in matrix) for j in range(len(branch.defender_plays))]
        j = min(range(len(worst)), key=worst.__getitem__)
        i = max(range(len(matrix)), key=lambda k: matrix[k][j])
    else:
        best = [min(row) for row in matrix]
        i = max(range(len(best)), key=best.__getitem__)
        j = min(range(len(matrix[i])), key=matrix[i].__getitem__)
    unit_a = tuple(Fraction(int(k == i)) for k in range(len(matrix)))
    unit_d = tuple(Fraction(int(k == j)) for k in range(len(matrix[0])))
    return Stage(branch, order, Fraction(matrix[i][j]), unit_a, unit_d, None)


def solve_duel(duel: Duel, payoff: Payoff) -> Solution:
    """The value of the combat for the attacker (who maximises ``payoff``) and how both sides play it."""
    order = duel.order
    stages: list[Stage] = []
    chosen: Stage | None = None
    for group in branches(duel):
        solved = [solve_stage(branch, order, payoff) for branch in group]
        stages += solved
        namer = group[0].namer
        pick = max if namer == "attacker" else min if namer == "defender" else max
        inner = pick(solved, key=lambda s: s.value)
        if chosen is None or inner.value > chosen.value:
            chosen = inner
    assert chosen is not None
    return Solution(chosen.value, chosen, tuple(stages))
