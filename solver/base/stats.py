"""Small statistics: proportions with a 95% interval (Monte Carlo estimates), percentiles (benchmarks)."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal."""


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank percentile ``q`` (0 to 1) of ``values``, None when there are none.

    >>> percentile([3, 1, 2, 4], 0.5), percentile([5.0], 0.95), percentile([], 0.5)
    (3, 5.0, None)
    """
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: honest near 0 and 1, where p ± z·se is not.

    >>> [round(x, 4) for x in wilson(0, 100)], [round(x, 4) for x in wilson(22, 2000)]
    ([0.0, 0.037], [0.0073, 0.0166])
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # At 0 or all successes a bound is exactly 0 or 1 (the formula leaves a rounding residue).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Proportion:
    """``successes`` out of ``trials``, with its 95% Wilson interval."""

    successes: int
    trials: int

    @property
    def rate(self) -> float | None:
        return self.successes / self.trials if self.trials else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    def as_json(self) -> dict[str, object]:
        low, high = self.interval
        return {
            "successes": self.successes,
            "trials": self.trials,
            "rate": self.rate,
            "ci95": [round(low, 6), round(high, 6)],
        }

    def text(self) -> str:
        if not self.trials:
            return "no trials"
        low, high = self.interval
        return f"{self.rate:.2%} (95% interval {low:.2%} to {high:.2%}; {self.successes:,} of {self.trials:,})"
