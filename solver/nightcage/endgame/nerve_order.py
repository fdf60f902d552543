"""More Nerve never hurts: what the end-game oracle proves of one position holds for others.

Two Final Flickers positions that differ only in the prisoners' Nerve are ordered: one *dominates*
the other when every prisoner has at least as much Nerve in it. Every turn open to the dominated
position is open to the dominating one and leaves a position that dominates its result, so:

- a position won with some Nerve is won with more (the same turns win);
- a position lost with some Nerve is lost with less.

Why the turns carry over (``docs/planners.md``, "More Nerve never hurts", walks through the rules): Nerve is
only ever spent, never required to be spent, except by a Lights Out prisoner who stays, and
that paid stay leaves it no worse off than the free stay of a prisoner with none (both end with
nothing gained, and the one with Nerve keeps the rest). A stay gains Nerve up to 2; at 2 it gains
nothing, so the prisoner may still spend (RULING-NERVE-AFTER-GAIN, both readings): more options, not
fewer. Wins and losses (keys, gates, falls) do not look at Nerve. The bounds the oracle prunes with
(:func:`solver.nightcage.endgame.bounds.win_bound`) only loosen with more Nerve.

:func:`identity` splits a kernel position's canonical key into the key without Nerve and the
Nerve of each prisoner; :class:`ProvenByNerve` remembers identities proven won or lost and answers
for every position they dominate (or are dominated by); :func:`undominated` drops the turn results
a sibling dominates. The compiled oracle (``kernel/csrc/oracle.c``) does the same with fingerprints.

>>> lost = ProvenByNerve(lost=True)
>>> lost.add((("board",), (2, 1)))
>>> lost.covers((("board",), (1, 1))), lost.covers((("board",), (2, 2))), lost.covers((("other",), (0, 0)))
(True, False, False)
>>> won = ProvenByNerve(lost=False)
>>> won.add((("board",), (1, 0)))
>>> won.covers((("board",), (1, 2))), won.covers((("board",), (0, 2)))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import canonical
from solver.nightcage.endgame.kernel.dead_openings import close_dead_openings

NERVE_BITS = 3 << eg.NERVE_SHIFT

Identity = tuple[tuple[Any, ...], tuple[int, ...]]
"""A position's canonical key with every prisoner's Nerve left out, and that Nerve, prisoner by prisoner."""


def identity(k: eg.K) -> Identity:
    """The kernel position ``k``'s canonical key split into its part without Nerve and its Nerve; the key of ``k``
    with its openings toward no tile closed (:mod:`~solver.nightcage.endgame.kernel.dead_openings`: positions that
    differ only there win or lose alike, and are remembered as one)."""
    key = canonical(close_dead_openings(k))  # (turn, the prisoners' ints, the board's part)
    ps: tuple[int, ...] = k[eg.PRISONERS :]
    bare = tuple(p & ~NERVE_BITS for p in ps)
    return (key[0], bare, *key[2:]), tuple((p >> eg.NERVE_SHIFT) & 3 for p in ps)


def at_least(more: Sequence[int], less: Sequence[int]) -> bool:
    """Every prisoner has at least as much Nerve in ``more`` as in ``less``.

    >>> at_least((2, 1, 0), (1, 1, 0)), at_least((2, 0, 0), (1, 1, 0))
    (True, False)
    """
    return all(m >= n for m, n in zip(more, less, strict=True))


class ProvenByNerve:
    """Identities proven lost (``lost=True``) or won, each answering for the positions it dominates
    (lost) or is dominated by (won); with ``ordered=False``, for itself alone. Its length is the
    number of identities added, as the compiled memory counts its entries."""

    def __init__(self, lost: bool, ordered: bool = True) -> None:
        self.lost = lost
        self.ordered = ordered
        self.by_key: dict[tuple[Any, ...], list[tuple[int, ...]]] = {}
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def covers(self, ident: Identity) -> bool:
        """Whether some identity added proves this one the same way."""
        key, nerve = ident
        if not self.ordered:
            return nerve in self.by_key.get(key, ())
        for proven in self.by_key.get(key, ()):
            if at_least(proven, nerve) if self.lost else at_least(nerve, proven):
                return True
        return False

    def add(self, ident: Identity) -> None:
        key, nerve = ident
        proven = self.by_key.setdefault(key, [])
        if nerve not in proven:
            proven.append(nerve)
            self.count += 1

    def clear(self) -> None:
        self.by_key.clear()
        self.count = 0


def undominated(children: list[tuple[Identity, Any]]) -> list[tuple[Identity, Any]]:
    """The children (identity, position) no sibling dominates, in their order; of equal ones the first.

    If the dominating sibling wins, the turn wins; if it loses, so does the dominated one: trying
    the dominated one cannot change the answer.

    >>> a, b, c = (("x",), (1, 1)), (("x",), (2, 1)), (("y",), (0, 0))
    >>> [p for _, p in undominated([(a, "a"), (b, "b"), (c, "c"), (b, "b again")])]
    ['b', 'c']
    """
    siblings: dict[tuple[Any, ...], list[tuple[int, tuple[int, ...]]]] = {}
    for i, ((key, nerve), _) in enumerate(children):
        siblings.setdefault(key, []).append((i, nerve))
    kept = []
    for i, (ident, child) in enumerate(children):
        key, nerve = ident
        dominated = any(j != i and at_least(other, nerve) and (other != nerve or j < i) for j, other in siblings[key])
        if not dominated:
            kept.append((ident, child))
    return kept


__all__ = ["Identity", "ProvenByNerve", "at_least", "identity", "undominated"]
