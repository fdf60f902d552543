"""A combat as a card game: two sides, their values before cards, their hands, and the powers that change how the
cards are chosen.

Both hands are known to both players (every card played is shown; the spent
ones leave the game but the 0), so a combat is a zero-sum game. Its moves, in
order:

1. a berserker attacking alone announces whether it plays 1 or 2 cards (the
   aid: « Il doit annoncer combien de cartes il joue »);
2. a telepath in a single melee names a value: the opponent must play a card
   of that value if it still holds one (two telepaths cancel);
3. the cards: chosen at once, face down; or, with a weapon master on one side
   only (two cancel), the other side's card first, shown, then hers.

Steps 1 and 2 are choices both players see; the card stage is a matrix game,
or a maximin when one side sees the other's card
(:mod:`solver.dungeontwister.analysis.games` solves it).

>>> duel = Duel(Side(3, (0, 1, 2)), Side(3, (0, 1)))
>>> outcome(duel, (2,), (1,)), [b.count for group in branches(duel) for b in group]
(<Outcome.ATTACKER: 1>, [1])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum
from fractions import Fraction
from itertools import combinations

Play = tuple[int, ...]
"""The cards one side plays, sorted (none when its hand is empty: DT-EMPTY-HAND)."""


class Outcome(IntEnum):
    ATTACKER = 1
    TIE = 0
    DEFENDER = -1

    @property
    def word(self) -> str:
        return {1: "the attacker wins", 0: "a tie", -1: "the defender wins"}[int(self)]


class Order(StrEnum):
    AT_ONCE = "at_once"
    ATTACKER_SEES = "attacker_sees"
    """The attacker's weapon master sees the defender's card first."""
    DEFENDER_SEES = "defender_sees"


@dataclass(frozen=True)
class Side:
    base: int
    """The side's value before its cards: combat values and every modifier."""
    hand: tuple[int, ...]
    """The cards it holds, sorted."""
    two_cards: bool = False
    """A berserker attacking alone: it may play 2 cards."""
    names_card: bool = False
    """A telepath in a single melee."""
    sees_card: bool = False
    """A weapon master in a melee."""


@dataclass(frozen=True)
class Duel:
    attacker: Side
    defender: Side

    def normal(self) -> Duel:
        """Two telepaths, or two weapon masters, cancel; only an attacker plays two cards."""
        a, d = self.attacker, self.defender
        if a.names_card and d.names_card:
            a, d = replace(a, names_card=False), replace(d, names_card=False)
        if a.sees_card and d.sees_card:
            a, d = replace(a, sees_card=False), replace(d, sees_card=False)
        return Duel(a, replace(d, two_cards=False))

    @property
    def order(self) -> Order:
        duel = self.normal()
        if duel.attacker.sees_card:
            return Order.ATTACKER_SEES
        return Order.DEFENDER_SEES if duel.defender.sees_card else Order.AT_ONCE


def plays(hand: tuple[int, ...], count: int) -> tuple[Play, ...]:
    """Every distinct play of ``count`` cards from ``hand`` (a hand of equal cards gives one play).

    >>> plays((0, 1, 1, 2), 2)
    ((0, 1), (0, 2), (1, 1), (1, 2))
    >>> plays((), 1)
    ((),)
    """
    if not hand:
        return ((),)
    return tuple(sorted(set(combinations(hand, min(count, len(hand))))))


def outcome(duel: Duel, attacker: Play, defender: Play) -> Outcome:
    """Who wins with these plays: the higher total (value and cards), or a tie."""
    total = duel.attacker.base + sum(attacker) - duel.defender.base - sum(defender)
    return Outcome.ATTACKER if total > 0 else Outcome.DEFENDER if total < 0 else Outcome.TIE


def spent(play: Play) -> Play:
    """The cards that leave the game: all but the 0."""
    return tuple(card for card in play if card != 0)


def remaining(hand: tuple[int, ...], play: Play) -> tuple[int, ...]:
    """The hand after a play (the 0 comes back).

    >>> remaining((0, 1, 1, 3), (0, 1))
    (0, 1, 3)
    """
    rest = list(hand)
    for card in spent(play):
        rest.remove(card)
    return tuple(rest)


@dataclass(frozen=True)
class Branch:
    """One way the choices before the cards can go, with the plays it leaves each side."""

    count: int
    """Cards the attacker announced (1, or 2 for a berserker)."""
    named: int | None
    """The value a telepath named (the opponent holds one), or None."""
    namer: str | None
    """``attacker`` or ``defender``: whose telepath named it."""
    attacker_plays: tuple[Play, ...]
    defender_plays: tuple[Play, ...]


def branches(duel: Duel) -> list[list[Branch]]:
    """The branches, grouped by the attacker's announcement (the outer choice, the attacker's); inside a group, one
    branch per value a telepath may name (its owner's choice), or a single branch."""
    duel = duel.normal()
    a, d = duel.attacker, duel.defender
    counts = (1, 2) if a.two_cards and len(a.hand) >= 2 else (1,)
    groups = []
    for count in counts:
        attacker_plays, defender_plays = plays(a.hand, count), plays(d.hand, 1)
        group = []
        if a.names_card and d.hand:
            for value in sorted(set(d.hand)):
                group.append(Branch(count, value, "attacker", attacker_plays, tuple(p for p in defender_plays if value in p)))
        elif d.names_card and a.hand:
            for value in sorted(set(a.hand)):
                group.append(Branch(count, value, "defender", tuple(p for p in attacker_plays if value in p), defender_plays))
        else:
            group.append(Branch(count, None, None, attacker_plays, defender_plays))
        groups.append(group)
    return groups


Hands = tuple[tuple[int, ...], tuple[int, ...]]
MAX_FIGHTS = 6
MAX_HAND = 12
"""The documented bounds of a card economy question (checked before any work): 6 fights, 12 cards a hand."""


@dataclass(frozen=True)
class Fight:
    attacker: int
    """Player 0 or 1."""
    attacker_base: int
    defender_base: int
    two_cards: bool = False
    """The attacker is a berserker fighting alone."""
    attacker_names: bool = False
    defender_names: bool = False
    """A telepath on that side (a single melee)."""
    attacker_sees: bool = False
    defender_sees: bool = False
    """A weapon master on that side."""
    win: Fraction = Fraction(1)
    """What the attacker's player gains when the attacker wins."""
    tie: Fraction = Fraction(0)
    """What the attacker's player gains on a tie."""
    loss: Fraction = Fraction(1)
    """What the defender's player gains when the defender wins."""
    label: str = ""

    def duel(self, attacker_hand: tuple[int, ...], defender_hand: tuple[int, ...]) -> Duel:
        return Duel(Side(self.attacker_base, attacker_hand, self.two_cards, self.attacker_names, self.attacker_sees),
                    Side(self.defender_base, defender_hand, False, self.defender_names, self.defender_sees))

    def points(self, result: Outcome) -> Fraction:
        """The result for the attacker's player."""
        return self.win if result is Outcome.ATTACKER else self.tie if result is Outcome.TIE else -self.loss
