"""A choice of a hint: what is proven of its chance of winning, and what is estimated.

>>> c = ChoiceValue("move E", False, lower=Fraction(1, 4), upper=Fraction(3, 4), guess=0.9)
>>> c.value, c.text()
(0.75, 'P(win) between 1/4 and 3/4 (proven); about 75.0% (estimated)')
>>> lost = ChoiceValue("stay", False, upper=Fraction(0), guess=0.5)
>>> sorted([lost, ChoiceValue("move N", False, guess=0.0)], key=ChoiceValue.sort_key)[0].action
'move N'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solver.base.stats import Proportion

ZERO, ONE = Fraction(0), Fraction(1)


@dataclass
class ChoiceValue:
    """A choice with its proven interval ``[lower, upper]`` and its estimate.

    Ranked (:meth:`sort_key`) by :attr:`value`: the exact value, else the estimate clamped into
    the proven interval, so that a choice proven better than another (its lower bound at or above
    the other's upper bound) never comes after it; ties put a choice proven lost last.
    """

    action: str
    proven: bool
    """The exact value is proven (``p_win``, or ``verdict`` win / lose), or the choice is the only one."""
    verdict: str | None = None
    """Proven values: ``win`` / ``lose`` (deterministic) or ``certain`` / ``possible`` / ``impossible``."""
    turns: int | None = None
    """Deterministic wins: the optimal number of turns, when known."""
    p_win: Fraction | None = None
    estimate: Proportion | None = None
    """Playouts' wins, when the estimate played the choice out."""
    lower: Fraction = ZERO
    upper: Fraction = ONE
    """The interval proven for the chance of winning (``[p, p]`` once exact)."""
    guess: float | None = None
    """The lookahead's win chance, before it is clamped into the proven interval."""

    @classmethod
    def exact(cls, action: str, value: Fraction, verdict: str | None = None, turns: int | None = None) -> ChoiceValue:
        return cls(action, True, verdict, turns, p_win=value, lower=value, upper=value)

    @property
    def value(self) -> float | None:
        """What the choice is ranked by: its exact value, else its estimate within its proven interval."""
        if self.lower == self.upper:
            return float(self.lower)
        guess = self.guess
        if guess is None and self.estimate is not None and self.estimate.trials:
            guess = self.estimate.rate
        if guess is None:
            return None
        return min(max(guess, float(self.lower)), float(self.upper))

    def sort_key(self) -> tuple[float, ...]:
        value = self.value
        return (-(float(self.lower) if value is None else value), float(self.upper == 0), -float(self.upper), -float(self.lower),
                float(value is None), float("inf") if self.turns is None else float(self.turns))

    def as_json(self) -> dict[str, Any]:
        value = self.value
        exact = self.lower == self.upper
        return {"action": self.action, "proven": self.proven, "verdict": self.verdict, "turns": self.turns,
                "p_win": _fraction(self.lower) if exact else None,
                "p_win_lower": _fraction(self.lower), "p_win_upper": _fraction(self.upper),
                "p_win_estimate": None if value is None else round(value, 6),
                "estimate": None if self.estimate is None else self.estimate.as_json()}

    def text(self) -> str:
        if self.verdict == "win":
            return "wins" + (f" in {self.turns} turns, optimal" if self.turns is not None else "") + " (proven)"
        if self.upper == 0:
            return "loses whatever follows (proven)"
        if self.lower == self.upper:
            return f"P(win) = {_fraction(self.lower)} = {float(self.lower):.2%} (proven)"
        if self.proven:
            return "the only legal choice"
        parts = []
        if self.lower > 0 or self.upper < 1:
            parts.append(f"P(win) between {_fraction(self.lower)} and {_fraction(self.upper)} (proven)")
        value = self.value
        if value is None:
            parts.append("not estimated")
        elif self.estimate is not None and self.estimate.trials and self.guess is None:
            parts.append(f"wins about {self.estimate.text()}")
        else:
            parts.append(f"about {value:.1%} (estimated)")
        return "; ".join(parts)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


__all__ = ["ChoiceValue"]
