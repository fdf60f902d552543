"""Two policies compared on the same seeds: the paired table, an interval for the difference, an exact test.

Playing both policies on the same pile orders removes the piles' luck from
the comparison: what counts is the games one won and the other lost (the
discordant games). The win-rate difference ``A − B`` gets Newcombe's
interval for paired proportions (method 10 of Newcombe 1998, "Improved
confidence intervals for the difference between binomial proportions based
on paired data": each rate's Wilson interval, combined with the correlation
of the two results over the seeds, continuity-corrected), which stays inside ``[-1, 1]`` and is
honest for small counts where ``d ± z·se`` is not. The p-value is the exact
two-sided sign test (McNemar's exact test) on the discordant games: under
"neither policy is better" each is A's with chance 1/2.

>>> p = Paired.of([True, True, False, False, True], [True, False, False, True, False])
>>> (p.both, p.only_a, p.only_b, p.neither), p.difference
((1, 2, 1, 1), 0.2)
>>> round(p.sign_test_p, 4)
1.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from solver.base.stats import Z95, wilson

METHOD = ("Newcombe (1998) method 10: the two Wilson intervals combined with the results' correlation over the seeds "
          "(continuity-corrected)")


@dataclass(frozen=True)
class Paired:
    """The 2x2 table of two policies' results on the same games (A won or not, B won or not)."""

    both: int
    only_a: int
    only_b: int
    neither: int

    @classmethod
    def of(cls, a_won: Sequence[bool], b_won: Sequence[bool]) -> Paired:
        """The table of two result lists, game by game (the same games in the same order)."""
        if len(a_won) != len(b_won):
            raise ValueError("both policies must have played the same games")
        pairs = list(zip(a_won, b_won, strict=True))
        return cls(
            both=sum(a and b for a, b in pairs),
            only_a=sum(a and not b for a, b in pairs),
            only_b=sum(b and not a for a, b in pairs),
            neither=sum(not a and not b for a, b in pairs),
        )

    @property
    def games(self) -> int:
        return self.both + self.only_a + self.only_b + self.neither

    @property
    def a_wins(self) -> int:
        return self.both + self.only_a

    @property
    def b_wins(self) -> int:
        return self.both + self.only_b

    @property
    def difference(self) -> float:
        """A's win rate minus B's (0 with no games)."""
        return (self.only_a - self.only_b) / self.games if self.games else 0.0

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """Newcombe's interval for the difference (see the module doc); ``(-1, 1)`` with no games.

        >>> [round(x, 4) for x in Paired(10, 0, 0, 10).interval()]
        [-0.0898, 0.0898]
        >>> low, high = Paired(0, 30, 0, 0).interval(); round(low, 4), high
        (0.8395, 1.0)
        """
        n = self.games
        if n == 0:
            return -1.0, 1.0
        p1, p2 = self.a_wins / n, self.b_wins / n
        l1, u1 = wilson(self.a_wins, n, z)
        l2, u2 = wilson(self.b_wins, n, z)
        phi = self._correlation()
        d = self.difference
        low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
        high = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
        return max(-1.0, low), min(1.0, high)

    def _correlation(self) -> float:
        """The phi coefficient of the two results over the games, its positive part continuity-corrected.

        As Newcombe does: ``ad − bc`` less ``n/2`` when positive (0 when that goes below 0), so that a
        table with no discordant games does not give an interval of width 0. 0 when either
        result never varies.
        """
        a, b, c, d = self.both, self.only_a, self.only_b, self.neither
        spread = (a + b) * (c + d) * (a + c) * (b + d)
        if not spread:
            return 0.0
        cross = float(a * d - b * c)
        if cross > 0:
            cross = max(0.0, cross - self.games / 2)
        return cross / math.sqrt(spread)

    @property
    def sign_test_p(self) -> float:
        """The exact two-sided sign test on the discordant games (1 when there are none).

        >>> round(Paired(0, 9, 1, 0).sign_test_p, 6), round(Paired(0, 10, 0, 0).sign_test_p, 6)
        (0.021484, 0.001953)
        """
        n = self.only_a + self.only_b
        k = min(self.only_a, self.only_b)
        # Exact integers: 2 · P(X <= k) for X ~ Binomial(n, 1/2); capped at 1 when k is the middle.
        tail = sum(math.comb(n, i) for i in range(k + 1))
        return min(1.0, 2 * tail / 2**n)

    def as_json(self) -> dict[str, object]:
        low, high = self.interval()
        return {
            "games": self.games,
            "both": self.both,
            "only_a": self.only_a,
            "only_b": self.only_b,
            "neither": self.neither,
            "difference": round(self.difference, 6),
            "ci95": [round(low, 6), round(high, 6)],
            "interval_method": METHOD,
            "sign_test_p": round(self.sign_test_p, 6),
        }
