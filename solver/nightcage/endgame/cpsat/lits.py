"""The literal algebra of the CP-SAT model: Boolean gates that fold constants.

A literal is a CP-SAT Boolean literal or a Python ``bool`` (a constant); the
gates of :class:`Lits` fold constants, so impossible things (cells a
prisoner cannot reach in time, cells no monster sees) create no variables.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

Lit = Any
"""A CP-SAT literal (a Boolean variable or its negation) or a Python bool."""


class Lits:
    """Boolean gates over literals and constants; a gate of constants creates no variable."""

    def __init__(self, model: cp_model.CpModel) -> None:
        self.model = model

    def new(self, name: str) -> Any:
        return self.model.new_bool_var(name)

    @staticmethod
    def not_(x: Lit) -> Lit:
        return (not x) if isinstance(x, bool) else ~x

    def and_(self, name: str, xs: list[Lit]) -> Lit:
        """A literal equal to the conjunction of ``xs``."""
        if any(x is False for x in xs):
            return False
        ys = [x for x in xs if x is not True]
        if len(ys) <= 1:
            return ys[0] if ys else True
        v = self.new(name)
        self.model.add_bool_and(ys).only_enforce_if(v)
        self.model.add_bool_or([~y for y in ys] + [v])
        return v

    def or_(self, name: str, xs: list[Lit]) -> Lit:
        """A literal equal to the disjunction of ``xs``."""
        if any(x is True for x in xs):
            return True
        ys = [x for x in xs if x is not False]
        if len(ys) <= 1:
            return ys[0] if ys else False
        v = self.new(name)
        self.model.add_bool_or(ys).only_enforce_if(v)
        for y in ys:
            self.model.add_implication(y, v)
        return v

    def clause(self, xs: list[Lit]) -> None:
        """At least one of ``xs`` holds (an empty clause makes the model infeasible)."""
        if any(x is True for x in xs):
            return
        self.model.add_bool_or([x for x in xs if x is not False])

    def implies(self, a: Lit, b: Lit) -> None:
        self.clause([self.not_(a), b])

    def select(self, name: str, onehot: dict[int, Lit], values: dict[int, Lit]) -> Lit:
        """``values[c]`` for the one ``c`` whose ``onehot[c]`` holds (False where missing)."""
        picked = {c: values.get(c, False) for c, on in onehot.items() if on is not False}
        if all(v is False for v in picked.values()):
            return False
        if all(v is True for v in picked.values()):
            return True
        sure = [c for c in picked if onehot[c] is True]
        if sure:
            return picked[sure[0]]
        v = self.new(name)
        for c, value in picked.items():
            on = onehot[c]
            self.clause([self.not_(on), self.not_(v), value])
            self.clause([self.not_(on), v, self.not_(value)])
        return v

    def one_of(self, name: str, xs: list[Lit]) -> Lit:
        """A literal equal to a sum of literals known to be at most 1."""
        ys = [x for x in xs if x is not False]
        if any(y is True for y in ys):
            return True
        if len(ys) <= 1:
            return ys[0] if ys else False
        v = self.new(name)
        self.model.add(v == sum(ys))
        return v


def num(x: Lit) -> Any:
    """A literal as a 0/1 term of a linear expression."""
    return int(x) if isinstance(x, bool) else x


def value_of(solver: cp_model.CpSolver, x: Lit) -> bool:
    """A literal's value in the solution found."""
    return x if isinstance(x, bool) else bool(solver.boolean_value(x))


__all__ = ["Lit", "Lits", "num", "value_of"]
