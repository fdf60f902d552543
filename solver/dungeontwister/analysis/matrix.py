"""Zero-sum matrix games solved exactly, in fractions, with a certificate that both players' values meet.

The row player maximises, the column player minimises. :func:`solve` first
looks for a saddle point (a pure solution), then removes dominated rows and
columns (a weakly dominated strategy is never needed to reach the value), then
runs the simplex method over fractions on what is left (Bland's rule, so it
never cycles). The answer carries both mixed strategies over the whole matrix;
:func:`certify` checks that the row mix guarantees at least the value against
every column and the column mix at most the value against every row (the two
players' guarantees meet), and :func:`solve` raises if they do not (a bug,
never bad input).

>>> game = solve([[1, -1], [-1, 1]])       # matching pennies
>>> game.value, game.rows, game.columns
(Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))
>>> solve([[3, 1], [4, 2]]).value         # a saddle point: row 2, column 2
Fraction(2, 1)
>>> solve([[2, -1, 0], [-1, 1, 3]]).rows
(Fraction(2, 5), Fraction(3, 5))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

Number = int | Fraction
Matrix = Sequence[Sequence[Number]]


class CertificateError(RuntimeError):
    """The two players' guarantees do not meet: a bug in the solver, never bad input."""


@dataclass(frozen=True)
class Game:
    value: Fraction
    rows: tuple[Fraction, ...]
    """The row player's equilibrium mix (a probability per row)."""
    columns: tuple[Fraction, ...]
    pure: bool
    """Solved by a saddle point."""

    def support(self, side: str) -> tuple[int, ...]:
        mix = self.rows if side == "rows" else self.columns
        return tuple(i for i, p in enumerate(mix) if p)


def solve(matrix: Matrix) -> Game:
    """The value and an equilibrium of the game (every entry an int or a Fraction; at least one row and column).

    The entries are scaled to integers by their common denominator first: a
    saddle point and dominance need only comparisons, and integers compare
    fast. A saddle point is its own certificate (its row's least entry is its
    column's greatest); a mixed solution is certified by :func:`certify`.
    """
    rows, columns = len(matrix), len(matrix[0])
    scale = 1
    for row in matrix:
        for x in row:
            if isinstance(x, Fraction) and x.denominator != 1:
                scale = lcm(scale, x.denominator)
    m = [[entry * scale if isinstance(entry, int) else entry.numerator * (scale // entry.denominator) for entry in row]
         for row in matrix]
    saddle = _saddle(m)
    if saddle is not None:
        i, j = saddle
        return Game(Fraction(m[i][j], scale), _unit(rows, i), _unit(columns, j), True)
    keep_rows, keep_columns = _undominated(m)
    reduced = [[Fraction(m[i][j]) for j in keep_columns] for i in keep_rows]
    value, row_mix, column_mix = _mixed(reduced)
    game = Game(value / scale, _spread(rows, keep_rows, row_mix), _spread(columns, keep_columns, column_mix), False)
    certify([[Fraction(v, scale) for v in row] for row in m], game)
    return game


def certify(matrix: Sequence[Sequence[Fraction]], game: Game) -> None:
    """Raise :class:`CertificateError` unless the row mix guarantees at least the value against every column and the
    column mix at most the value against every row, and both are probabilities."""
    if sum(game.rows) != 1 or sum(game.columns) != 1 or min(game.rows) < 0 or min(game.columns) < 0:
        raise CertificateError("the mixes are not probabilities")
    low = min(sum(p * matrix[i][j] for i, p in enumerate(game.rows) if p) for j in range(len(matrix[0])))
    high = max(sum(q * matrix[i][j] for j, q in enumerate(game.columns) if q) for i in range(len(matrix)))
    if not low == game.value == high:
        raise CertificateError(f"the row mix guarantees {low}, the column mix {high}, the value found is {game.value}")


def _unit(size: int, index: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(1 if i == index else 0) for i in range(size))


def _spread(size: int, kept: list[int], mix: list[Fraction]) -> tuple[Fraction, ...]:
    out = [Fraction(0)] * size
    for index, p in zip(kept, mix):
        out[index] = p
    return tuple(out)


def _saddle(m: list[list[int]]) -> tuple[int, int] | None:
    """A pure equilibrium: the first row whose minimum is the largest, if that equals the smallest column maximum."""
    row_minima = [min(row) for row in m]
    column_maxima = [max(col) for col in zip(*m)]
    low, high = max(row_minima), min(column_maxima)
    if low != high:
        return None
    i = row_minima.index(low)
    j = next(j for j, x in enumerate(m[i]) if x == low and column_maxima[j] == high)
    return i, j


def _undominated(m: list[list[int]]) -> tuple[list[int], list[int]]:
    """Rows and columns left after removing weakly dominated ones (and duplicates) until none is."""
    rows, columns = list(range(len(m))), list(range(len(m[0])))
    changed = True
    while changed:
        changed = False
        for i in list(rows):
            if len(rows) > 1 and any(k != i and all(m[k][j] >= m[i][j] for j in columns) for k in rows):
                rows.remove(i)
                changed = True
        for j in list(columns):
            if len(columns) > 1 and any(k != j and all(m[i][k] <= m[i][j] for i in rows) for k in columns):
                columns.remove(j)
                changed = True
    return rows, columns


def _mixed(m: list[list[Fraction]]) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """The value and both mixes of a game with no saddle point, by the simplex method.

    With every entry made positive (add ``shift``), the column player's scaled
    mix ``y`` solves: maximise ``sum(y)`` with ``A y <= 1``, ``y >= 0``; the
    optimum is ``1 / value``, and the final objective row holds the row
    player's scaled mix in the slack columns.
    """
    rows, columns = len(m), len(m[0])
    if rows == 1:
        j = min(range(columns), key=lambda k: m[0][k])
        return m[0][j], [Fraction(1)], [Fraction(1 if k == j else 0) for k in range(columns)]
    if columns == 1:
        i = max(range(rows), key=lambda k: m[k][0])
        return m[i][0], [Fraction(1 if k == i else 0) for k in range(rows)], [Fraction(1)]
    shift = 1 - min(min(row) for row in m)
    width = columns + rows
    # Tableau: one row per constraint (coefficients, then the right-hand side), the objective row last.
    table = [[m[i][j] + shift for j in range(columns)] + [Fraction(int(i == k)) for k in range(rows)] + [Fraction(1)]
             for i in range(rows)]
    objective = [Fraction(-1)] * columns + [Fraction(0)] * rows + [Fraction(0)]
    basis = [columns + i for i in range(rows)]
    while True:
        entering = next((j for j in range(width) if objective[j] < 0), None)
        if entering is None:
            break
        best: tuple[Fraction, int] | None = None
        for i in range(rows):
            coefficient = table[i][entering]
            if coefficient > 0:
                ratio = table[i][-1] / coefficient
                if best is None or ratio < best[0] or (ratio == best[0] and basis[i] < basis[best[1]]):
                    best = (ratio, i)
        assert best is not None, "the game's LP is bounded: every entry is positive"
        leaving = best[1]
        pivot_row = table[leaving]
        pivot = pivot_row[entering]
        if pivot != 1:
            pivot_row = [x / pivot for x in pivot_row]
            table[leaving] = pivot_row
        for i in range(rows):
            factor = table[i][entering]
            if i != leaving and factor:
                row = table[i]
                table[i] = [a - factor * b for a, b in zip(row, pivot_row)]
        factor = objective[entering]
        objective = [a - factor * b for a, b in zip(objective, pivot_row)]
        basis[leaving] = entering
    total = objective[-1]
    y = [Fraction(0)] * columns
    for i, var in enumerate(basis):
        if var < columns:
            y[var] = table[i][-1] / total
    x = [objective[columns + i] / total for i in range(rows)]
    return 1 / total - shift, x, y
