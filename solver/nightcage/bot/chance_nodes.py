"""The draws the search branches on: the next tile's type, with its exact odds.

The pile is shuffled layer by layer (:func:`solver.nightcage.model.newgame.shuffled`), and
players know each layer's contents, not its order. The next tile drawn is
therefore any type still in the current layer, with odds proportional to its
count there: what the rules engine's :func:`solver.nightcage.rules.engine.chance_outcomes`
offers at a draw. The search weighs each branch by these odds
(``tests/nightcage/bot/test_bot_search.py`` compares them with the engine's).

>>> draw_odds([1, 2, 2, 5, 6, 6], 1, (3, 6))
[(2, Fraction(1, 1))]
>>> draw_odds([1, 2, 2, 5, 6, 6], 3, (3, 6))
[(5, Fraction(1, 3)), (6, Fraction(2, 3))]
>>> draw_odds([1, 2], 2, (2,))
[]
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction


def current_layer(top: int, layer_ends: tuple[int, ...], size: int) -> int:
    """Where the layer holding the next tile (position ``top``) ends."""
    for end in layer_ends:
        if end > top:
            return end
    return size


def draw_odds(order: list[int], top: int, layer_ends: tuple[int, ...]) -> list[tuple[int, Fraction]]:
    """Each tile type the next draw may bring, with its odds, by type; empty when the pile is out.

    ``order`` is only read as contents: which tiles lie in each layer from ``top`` on.
    """
    end = current_layer(top, layer_ends, len(order))
    counts = Counter(order[top:end])
    total = end - top
    return [(t, Fraction(counts[t], total)) for t in sorted(counts)]


def with_next(order: list[int], top: int, end: int, tile: int, rng: random.Random) -> list[int]:
    """``order`` (a sample of the undrawn part) with a tile of type ``tile`` brought to ``top``
    from a random place in its layer: a sample of the pile given that the next draw is ``tile``."""
    places = [i for i in range(top, end) if order[i] == tile]
    i = places[rng.randrange(len(places))]
    out = order[:]
    out[top], out[i] = out[i], out[top]
    return out
