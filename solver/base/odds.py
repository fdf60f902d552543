"""Exact odds: probabilities as fractions, written the way every game's answers write them.

Every chance Lueur reports is a :class:`fractions.Fraction`, computed exactly;
floats appear only beside it, for reading.

>>> fraction_text(Fraction(2, 6)), percent(Fraction(1, 6)), percent(Fraction(1))
('1/3', '1/6 = 16.67%', '1 = 100.00%')
>>> hypergeometric(population=10, successes=3, draws=2, hits=1)
Fraction(7, 15)
>>> sum(hypergeometric(10, 3, 2, k) for k in range(3))
Fraction(1, 1)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb


def fraction_text(p: Fraction) -> str:
    """A probability as ``numerator/denominator`` (what the JSON documents' ``*_exact`` fields hold)."""
    return f"{p.numerator}/{p.denominator}"


def percent(p: Fraction) -> str:
    """A chance as the exact fraction and a percentage with two decimals: ``1/6 = 16.67%``, ``0 = 0.00%``."""
    if p.denominator == 1:
        return f"{p.numerator} = {float(p):.2%}"
    return f"{fraction_text(p)} = {float(p):.2%}"


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """The chance of exactly ``hits`` successes in ``draws`` cards drawn without replacement from a
    shuffled ``population`` holding ``successes`` of them."""
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError("successes and draws lie between 0 and the population")
    return Fraction(comb(successes, hits) * comb(population - successes, draws - hits), comb(population, draws))
