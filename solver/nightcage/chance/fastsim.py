"""The simulator with the pile's order unknown: each tile is revealed as it leaves the pile.

:class:`solver.nightcage.sim.sim.Sim` plays a pile of known order. The exact chance
search needs the draws as chance events, with the odds the rules engine gives
(:mod:`solver.nightcage.rules.draws`): the next tile is any type still in the pile's
current layer, in proportion to its count there, and tiles burnt unseen are the
multivariate hypergeometric law of the layer. :class:`ChanceSim` keeps the pile as
a list whose part from ``top`` on is any arrangement of each layer's contents; when
a tile leaves the pile (:meth:`ChanceSim.next_tile`, :meth:`ChanceSim.burn`, the
simulator's only two reads of the pile) it asks its ``reveal`` hook which outcome
comes and moves a tile of that type to the top of its layer. Nothing else reads the
order beyond ``top``: the loss checks count the pile's gates and keys from ``top``
on, which do not depend on the arrangement.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> sim = compile_chance(new_game(Setup()))
>>> sim.npile, sim.ends[:2]
(74, (8, 74))
>>> sim.reveal = lambda outcomes: len(outcomes) - 1  # the last type of the top layer
>>> sim.next_tile(), sim.top
(4, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from math import comb
from typing import Any

from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TYPE_INDEX
from solver.nightcage.sim.convert import compile_state, to_state
from solver.nightcage.sim.position import GATE, KEEPER, KEY
from solver.nightcage.sim.sim import Sim

Reveal = Callable[[list[tuple[Any, Fraction]]], int]
"""Given the outcomes of a chance event with their odds, the index of the one that comes."""


class ChanceSim(Sim):
    """A :class:`Sim` whose pile order is revealed tile by tile through ``reveal``.

    ``ends`` are the absolute indices in ``order`` where each layer ends (increasing);
    a known order is layers of one tile each.
    """

    __slots__ = ("ends", "reveal", "span")
    ends: tuple[int, ...]
    reveal: Reveal
    span: tuple[int, int]
    """Where in ``order`` the tiles being revealed lie (start, count), while ``reveal`` is asked."""

    def copy(self) -> ChanceSim:
        s = super().copy()
        s.ends = self.ends
        s.reveal = self.reveal
        s.span = self.span
        return s

    def layer_end(self, at: int) -> int:
        for end in self.ends:
            if end > at:
                return end
        return self.npile

    def next_tile(self) -> int:
        top = self.top
        end = self.layer_end(top)
        order = self.order
        t = order[top]
        if end - top > 1:
            seen: dict[int, int] = {}
            for x in order[top:end]:
                seen[x] = seen.get(x, 0) + 1
            if len(seen) > 1:
                size = end - top
                outcomes = [(x, _odds(k, size)) for x, k in sorted(seen.items())]
                self.span = (top, 1)
                t = outcomes[self.reveal(outcomes)][0]
                if order[top] != t:
                    order = order[:]
                    j = order.index(t, top, end)
                    order[j] = order[top]
                    order[top] = t
                    self._rearranged(order, top, end)
        self.top = top + 1
        return t

    def burn(self, count: int) -> None:
        at = self.top
        count = min(count, self.npile - at)
        while count:
            end = self.layer_end(at)
            if count >= end - at:  # the whole layer goes: nothing to reveal
                count -= end - at
                at = end
                continue
            outcomes = burn_outcomes(self.order[at:end], count)
            if len(outcomes) > 1:
                self.span = (at, count)
                chosen = outcomes[self.reveal(outcomes)][0]
                order = self.order[:]
                order[at:end] = _burnt_first(order[at:end], chosen)
                self._rearranged(order, at, end)
            at += count
            count = 0
        self.top = at

    def _rearranged(self, order: list[int], start: int, end: int) -> None:
        """``order`` changed within ``[start, end)`` only: the suffix counts there follow."""
        g, k = self.gsuf[:], self.ksuf[:]
        for i in range(end - 1, start, -1):
            g[i] = g[i + 1] + (order[i] == GATE)
            k[i] = k[i + 1] + (order[i] == KEY or order[i] == KEEPER)
        self.order, self.gsuf, self.ksuf = order, g, k


_ODDS: dict[tuple[int, int], Fraction] = {}
"""``k / size`` by ``(k, size)``: every replay of a turn asks the same few draws' odds again."""


def _odds(k: int, size: int) -> Fraction:
    """``Fraction(k, size)``, made once (a pile holds at most a few dozen tiles: a few hundred entries).

    >>> _odds(2, 4), _odds(2, 4) is _odds(2, 4)
    (Fraction(1, 2), True)
    """
    p = _ODDS.get((k, size))
    if p is None:
        p = _ODDS[(k, size)] = Fraction(k, size)
    return p


def burn_outcomes(layer: list[int], count: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """The multisets (sorted type tuples) of ``count`` tiles burnt unseen from one shuffled layer, with their odds.

    >>> [(m, str(p)) for m, p in burn_outcomes([2, 2, 6], 2)]
    [((2, 2), '1/3'), ((2, 6), '2/3')]
    """
    kinds = sorted(set(layer))
    have = [layer.count(t) for t in kinds]
    total = comb(len(layer), count)
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def split(i: int, left: int, taken: list[int], ways: int) -> None:
        if i == len(kinds):
            if not left:
                out.append((tuple(taken), Fraction(ways, total)))
            return
        for k in range(min(have[i], left), -1, -1):
            split(i + 1, left - k, taken + [kinds[i]] * k, ways * comb(have[i], k))

    split(0, count, [], 1)
    return out


def _burnt_first(layer: list[int], burnt: tuple[int, ...]) -> list[int]:
    rest = layer[:]
    for t in burnt:
        rest.remove(t)
    return list(burnt) + rest


def compile_chance(state: GameState, arrangement: list[int] | None = None) -> ChanceSim:
    """The :class:`ChanceSim` of a turn-start position (known order: layers of one tile).

    ``arrangement``: the pile's tiles in an order consistent with its layers (default: each layer
    sorted by type). Nothing depends on it, except :func:`follow_arrangement`.
    Raises :class:`~solver.base.errors.NotCovered` where :func:`solver.nightcage.sim.convert.compile_state` does.
    """
    pile = state.pile
    order: list[int] = []
    if pile.order is not None:
        order = [TYPE_INDEX[t] for t in pile.order]
        ends = tuple(range(1, len(order) + 1))
    else:
        ends_list: list[int] = []
        for layer in pile.layers:
            order.extend(t for t, k in enumerate(layer) for _ in range(k))
            if not ends_list or len(order) > ends_list[-1]:
                ends_list.append(len(order))
        ends = tuple(ends_list)
    if arrangement is not None:
        if sorted(arrangement) != sorted(order):
            raise ValueError("the arrangement does not hold the pile's tiles")
        order = list(arrangement)
    base = compile_state(state, order)
    sim = ChanceSim.__new__(ChanceSim)
    for name in Sim.__slots__:
        setattr(sim, name, getattr(base, name))
    sim.ends = ends
    sim.reveal = _no_reveal
    sim.span = (0, 0)
    return sim


def follow_arrangement(sim: ChanceSim, outcomes: list[tuple[Any, Fraction]]) -> int:
    """The outcome that brings the tiles where ``sim``'s arrangement has them (the tiles being revealed,
    ``sim.span``): for replaying a turn whose draws are known, the arrangement holding the true order."""
    at, count = sim.span
    if count == 1 and isinstance(outcomes[0][0], int):
        want: Any = sim.order[at]
    else:
        want = tuple(sorted(sim.order[at:at + count]))
    return [o for o, _ in outcomes].index(want)


def _no_reveal(outcomes: list[tuple[Any, Fraction]]) -> int:
    raise RuntimeError("a ChanceSim drew without a reveal hook")


def position_key(sim: ChanceSim) -> tuple[Any, ...]:
    """A turn start's identity: the board, the prisoners, whose turn, the omens, and each layer's
    contents left (not their arrangement, which nothing depends on)."""
    top = sim.top
    layers = []
    start = top
    for end in sim.ends:
        if end > start:
            layers.append(tuple(sorted(sim.order[start:end])))
            start = end
    return (
        tuple(sim.typ), tuple(sim.opn), sim.pit, sim.keyed, sim.crumb, sim.dirge, tuple(sorted(sim.face.items())),
        tuple(sim.pc), tuple(sim.pf), tuple(sim.lit), tuple(sim.nerve), tuple(sim.key), tuple(sim.unplaced),
        sim.turn, sim.omens, tuple(layers),
    )


def chance_state(sim: ChanceSim, template: GameState) -> GameState:
    """The :class:`GameState` of a turn start of the search, its pile as layers of unknown order.

    ``template`` is the root position ``sim`` descends from (the discard is counted from it and
    the pile, whose order ``sim`` only rearranges).
    """
    state = to_state(sim.snapshot(), template, sim.order)
    if template.pile.order is not None or sim.top >= sim.npile:
        return state
    layers = []
    start = sim.top
    for end in sim.ends:
        if end > start:
            layer = [0] * len(template.pile.layers[0])
            for t in sim.order[start:end]:
                layer[t] += 1
            layers.append(tuple(layer))
            start = end
    return replace(state, pile=Pile(layers=tuple(layers), as_layers=template.pile.as_layers))


__all__ = ["ChanceSim", "burn_outcomes", "chance_state", "compile_chance", "follow_arrangement", "position_key"]
