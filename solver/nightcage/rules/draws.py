"""Exact draw probabilities from a pile of known contents and unknown order.

Draws come from the top layer first (the opening stack lies on the rest), each
layer shuffled on its own. Probabilities are ``fractions.Fraction`` and sum to 1.

:func:`draw_distribution` is the engine's chance node: the top tile, omens
included (an omen drawn for a placement is then set aside, and another draw
follows). :func:`placement_distribution` is what ends up placed once omens
set aside are replaced (docs/rules.md, "Omens and the Dirge"): while the
countdown is at 0 the first omen is set aside, so the tile placed is never an
omen; its probability is spread exactly over the others.

>>> from solver.nightcage.model.counts import counts_from
>>> pile = Pile(layers=(counts_from({"t": 2, "gate": 1}),))
>>> [(t.value, str(p)) for t, p in draw_distribution(pile)]
[('t', '2/3'), ('gate', '1/3')]
>>> [(describe(c), str(p)) for c, p in burn_distribution(pile, 2)]
[('2 t', '1/3'), ('1 t, 1 gate', '2/3')]
>>> omens = Pile(layers=(counts_from({"t": 2, "omen": 1, "gate": 1}),))
>>> [(t.value, str(p)) for t, p in placement_distribution(omens, set_aside_first=1)]
[('t', '2/3'), ('gate', '1/3')]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts, describe
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES, TileType
from solver.nightcage.rules.omens import dirge_on_board

__all__ = [
    "draw_distribution",
    "burn_distribution",
    "placement_distribution",
    "placed_count_law",
    "omen_placed_chance",
    "omens_set_aside_first",
    "describe",
]

_OMEN = counts.TYPE_INDEX[TileType.OMEN]


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


# -- tiles placed: omens set aside are replaced ---------------------------------------------
#
# ``set_aside_first`` says what an omen drawn for a placement does: that many omens
# are set aside before one is placed (1 while the countdown is at 0, 0 when the next
# omen brings the Dirge), and every omen after the placed one is set aside too;
# None when every omen is set aside (the Dirge has come). An omen set aside is
# replaced by the next tile, so the tiles placed are the pile's tiles in order, the
# omens set aside skipped.
#
# Within a shuffled layer, where the omens fall among the other tiles is
# independent of the order of the other tiles. So the tiles placed among the next
# ``n`` are: the placed omen or not (``omen_placed_chance``), and the first ``n``
# (or ``n - 1``) tiles of the pile with its omens taken out.


def omens_set_aside_first(state: GameState) -> int | None:
    """How many omens drawn for placements are set aside before one is placed (None: all of them)."""
    if state.omens >= 2 or dirge_on_board(state):
        return None
    return 1 - state.omens


def placement_distribution(pile: Pile, set_aside_first: int | None) -> list[tuple[TileType, Fraction]]:
    """The type of the next tile placed, omens set aside replaced by the next tile."""
    if pile.order is not None:
        placed = _placed_in_order(pile.order, 1, set_aside_first)
        return [(placed[0], Fraction(1))] if placed else []
    p_omen = omen_placed_chance(pile, 1, set_aside_first)
    others = draw_distribution(_without_omens(pile))
    out = [(t, (1 - p_omen) * p) for t, p in others if p_omen < 1]
    if p_omen:
        out.append((TileType.OMEN, p_omen))
        out.sort(key=lambda item: TILE_TYPES.index(item[0]))
    return out


def placed_count_law(pile: Pile, n: int, types: frozenset[TileType], set_aside_first: int | None) -> dict[int, Fraction]:
    """The law of how many of the next ``n`` tiles placed are of one of ``types``."""
    if pile.order is not None:
        placed = _placed_in_order(pile.order, n, set_aside_first)
        return {sum(1 for t in placed if t in types): Fraction(1)}
    p_omen = omen_placed_chance(pile, n, set_aside_first)
    rest = _without_omens(pile)
    shift = 1 if TileType.OMEN in types else 0
    law: dict[int, Fraction] = {}
    for omen, p in ((0, 1 - p_omen), (1, p_omen)):
        if not p:
            continue
        for k, q in raw_count_law(rest, n - omen, types).items():
            law[k + omen * shift] = law.get(k + omen * shift, Fraction(0)) + p * q
    return law


def raw_count_law(pile: Pile, n: int, types: frozenset[TileType]) -> dict[int, Fraction]:
    """The law of how many of the next ``n`` tiles of the pile (as drawn, top layer first) are of one of ``types``."""
    if pile.order is not None:
        return {sum(1 for t in pile.order[:n] if t in types): Fraction(1)}
    wanted = [counts.TYPE_INDEX[t] for t in types]
    fixed = 0
    for layer in pile.layers:
        size = counts.total(layer)
        hits = sum(layer[i] for i in wanted)
        if n >= size:
            fixed += hits
            n -= size
            continue
        total = comb(size, n)
        return {
            fixed + k: Fraction(comb(hits, k) * comb(size - hits, n - k), total)
            for k in range(max(0, n - (size - hits)), min(hits, n) + 1)
        }
    return {fixed: Fraction(1)}


def omen_placed_chance(pile: Pile, n: int, set_aside_first: int | None) -> Fraction:
    """The chance that an omen is among the next ``n`` tiles placed."""
    if set_aside_first is None or n <= 0:
        return Fraction(0)
    if pile.order is not None:
        return Fraction(int(TileType.OMEN in _placed_in_order(pile.order, n, set_aside_first)))
    shape = tuple((layer[_OMEN], counts.total(layer) - layer[_OMEN]) for layer in pile.layers)
    return _omen_within(shape, n, set_aside_first)


@lru_cache(maxsize=1 << 16)  # bounded: a long-running server sees many piles
def _omen_within(layers: tuple[tuple[int, int], ...], n: int, skips: int) -> Fraction:
    """Layers as (omens, other tiles): the chance the placed omen comes before ``n`` other tiles are placed."""
    while layers and sum(layers[0]) == 0:
        layers = layers[1:]
    if not layers or n <= 0:
        return Fraction(0)
    (omens, others), below = layers[0], layers[1:]
    size = omens + others
    p = Fraction(0)
    if omens:
        if skips == 0:
            p += Fraction(omens, size)
        else:
            p += Fraction(omens, size) * _omen_within(((omens - 1, others), *below), n, skips - 1)
    if others:
        p += Fraction(others, size) * _omen_within(((omens, others - 1), *below), n - 1, skips)
    return p


def _placed_in_order(order: tuple[TileType, ...], n: int, set_aside_first: int | None) -> list[TileType]:
    placed: list[TileType] = []
    skips = set_aside_first
    for t in order:
        if len(placed) == n:
            break
        if t is TileType.OMEN:
            if skips is None or skips > 0:
                skips = None if skips is None else skips - 1
                continue
            skips = None  # the omen placed: every later one is set aside
        placed.append(t)
    return placed


def _without_omens(pile: Pile) -> Pile:
    if pile.order is not None:
        return pile._replace(order=tuple(t for t in pile.order if t is not TileType.OMEN))
    return pile._replace(layers=tuple(layer[:_OMEN] + (0,) + layer[_OMEN + 1 :] for layer in pile.layers))
