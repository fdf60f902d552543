"""Exact draw probabilities from a pile of known contents and unknown order.

Draws come from the top layer first (the opening stack lies on the rest), each
layer shuffled on its own. Probabilities are ``fractions.Fraction`` and sum to 1.

>>> from solver.core.counts import counts_from
>>> pile = Pile(layers=(counts_from({"t": 2, "gate": 1}),))
>>> [(t.value, str(p)) for t, p in draw_distribution(pile)]
[('t', '2/3'), ('gate', '1/3')]
>>> [(describe(c), str(p)) for c, p in burn_distribution(pile, 2)]
[('2 t', '1/3'), ('1 t, 1 gate', '2/3')]
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from solver.core import counts
from solver.core.counts import Counts, describe
from solver.core.state import Pile
from solver.core.tiles import TILE_TYPES, TileType

__all__ = ["draw_distribution", "burn_distribution", "describe"]


def draw_distribution(pile: Pile) -> list[tuple[TileType, Fraction]]:
    """The next tile's type and its probability (one outcome when the order is known)."""
    if pile.order is not None:
        return [(pile.order[0], Fraction(1))] if pile.order else []
    layer = pile.top_layer()
    n = counts.total(layer)
    return [(t, Fraction(k, n)) for t, k in zip(TILE_TYPES, layer) if k]


def burn_distribution(pile: Pile, n: int) -> list[tuple[Counts, Fraction]]:
    """The multiset of the top ``n`` tiles (all of them if the pile is shorter)."""
    n = min(n, pile.count)
    if pile.order is not None:
        return [(counts.counts_of(pile.order[:n]), Fraction(1))]
    drawn_above = counts.ZERO
    for layer in pile.layers:
        size = counts.total(layer)
        if n >= size:
            drawn_above = counts.add(drawn_above, layer)
            n -= size
            continue
        return [(counts.add(drawn_above, part), p) for part, p in _hypergeometric(layer, n)]
    return [(drawn_above, Fraction(1))]


def _hypergeometric(layer: Counts, n: int) -> list[tuple[Counts, Fraction]]:
    """Multivariate hypergeometric law of ``n`` draws from one shuffled layer."""
    denominator = comb(counts.total(layer), n)
    out = [(drawn, Fraction(ways, denominator)) for drawn, ways in _splits(layer, 0, n)]
    out.sort(key=lambda item: tuple(-x for x in item[0]))
    return out


def _splits(layer: Counts, start: int, n: int) -> list[tuple[Counts, int]]:
    """Every way to take ``n`` tiles from ``layer[start:]``, with its number of ways."""
    rest = layer[start:]
    if n == 0:
        return [((0,) * len(rest), 1)]
    if not rest or sum(rest) < n:
        return []
    out = []
    for k in range(min(rest[0], n) + 1):
        for tail, ways in _splits(layer, start + 1, n - k):
            out.append(((k, *tail), comb(rest[0], k) * ways))
    return out
