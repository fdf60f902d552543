"""Exact odds from the decks entered: hand checks, deck checks, a passer's reveal, Serenade's card, reshuffles.

All chances are :class:`~fractions.Fraction`. A deck of known order gives
certainties; a deck of unknown order (an entered multiset) gives
hypergeometric chances. When a deck runs out its discard is shuffled into a
new one (p. 8), so a draw past the deck's end comes from the discard.

>>> from solver.deadcells.model.state import Deck
>>> top_symbol_chance(Deck(("a", "b", "b"), False), (), lambda c: c == "b")
Fraction(2, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from solver.base.odds import hypergeometric, percent
from solver.deadcells.model.cards import Catalogue
from solver.deadcells.model.state import Combat, Deck, Prisoner
from solver.deadcells.model.vocabulary import SYMBOLS, Symbol
from solver.deadcells.rules.play import top_card_chances

HAND = 3


def _source(deck: Deck, discard: tuple[str, ...]) -> Deck:
    return deck if deck.cards or not discard else Deck(tuple(sorted(discard)), False)


def top_symbol_chance(deck: Deck, discard: tuple[str, ...], has: Callable[[str], bool]) -> Fraction:
    """The chance the next card drawn (the deck's top, or the reshuffled discard's) satisfies ``has``."""
    return sum((p for card, p in top_card_chances(_source(deck, discard)) if has(card)), Fraction(0))


def draws_with(deck: Deck, discard: tuple[str, ...], k: int, has: Callable[[str], bool]) -> Fraction:
    """The chance that at least one of the next ``k`` cards drawn (kept, not discarded) satisfies ``has``.

    Draws past the deck's end come from the discard, reshuffled (the cards drawn stay in hand)."""
    if k <= 0:
        return Fraction(0)
    cards = deck.cards
    first = min(k, len(cards))
    rest = k - first
    hit_first = _at_least_one(cards[:first] if deck.ordered else cards, first, has, deck.ordered)
    if rest <= 0 or not discard:
        return hit_first
    hit_rest = _at_least_one(tuple(sorted(discard)), min(rest, len(discard)), has, False)
    return 1 - (1 - hit_first) * (1 - hit_rest)


def _at_least_one(cards: tuple[str, ...], k: int, has: Callable[[str], bool], ordered: bool) -> Fraction:
    if k <= 0 or not cards:
        return Fraction(0)
    if ordered:
        return Fraction(int(any(has(c) for c in cards[:k])))
    good = sum(1 for c in cards if has(c))
    return 1 - hypergeometric(len(cards), good, k, 0)


def deck_check_series(deck: Deck, discard: tuple[str, ...], checks: int, has: Callable[[str], bool]) -> list[Fraction]:
    """The distribution of successes over ``checks`` deck checks in a row: each draws the top card and discards it,
    and an empty deck is refilled from the discard, the checked cards included (p. 8). ``[P(0), P(1), ...]``."""
    if deck.ordered:
        good_deck = tuple(has(c) for c in deck.cards)
        return _series_ordered(good_deck, sum(1 for c in discard if has(c)), len(discard), checks)
    good = sum(1 for c in deck.cards if has(c))
    return list(_series(good, len(deck.cards) - good, sum(1 for c in discard if has(c)),
                        sum(1 for c in discard if not has(c)), checks))


def _series_ordered(deck: tuple[bool, ...], disc_good: int, disc_bad: int, checks: int) -> list[Fraction]:
    successes = sum(deck[:checks])
    take = min(checks, len(deck))
    rest = checks - take
    if rest <= 0:
        return [Fraction(int(i == successes)) for i in range(checks + 1)]
    good_now = disc_good + sum(deck)
    bad_now = disc_bad + len(deck) - sum(deck)
    tail = _series(good_now, bad_now, 0, 0, rest)
    out = [Fraction(0)] * (checks + 1)
    for i, p in enumerate(tail):
        out[successes + i] += p
    return out


@cache
def _series(good: int, bad: int, disc_good: int, disc_bad: int, checks: int) -> tuple[Fraction, ...]:
    if checks == 0:
        return (Fraction(1),)
    if good + bad == 0:
        if disc_good + disc_bad == 0:
            return (Fraction(1),) + (Fraction(0),) * checks
        return _series(disc_good, disc_bad, 0, 0, checks)
    out = [Fraction(0)] * (checks + 1)
    total = good + bad
    if good:
        for i, p in enumerate(_series(good - 1, bad, disc_good + 1, disc_bad, checks - 1)):
            out[i + 1] += Fraction(good, total) * p
    if bad:
        for i, p in enumerate(_series(good, bad - 1, disc_good, disc_bad + 1, checks - 1)):
            out[i] += Fraction(bad, total) * p
    return tuple(out)


@dataclass(frozen=True)
class SymbolOdds:
    symbol: Symbol
    hand_now: bool
    """The hand check passes now (a card with the symbol is in hand)."""
    hand_after_refill: Fraction
    """The chance the hand holds one after drawing back up to 3."""
    deck_check: Fraction
    """The chance a deck check (the top card) shows the symbol."""


@dataclass(frozen=True)
class PrisonerOdds:
    name: str
    symbols: tuple[SymbolOdds, ...]
    reveal: tuple[tuple[str, Fraction], ...]
    """A passer's reveal: the chance of each scroll (``green``...) or ``none`` (a card without a symbol)."""
    deck_left: int
    """Cards left in the deck: the draws before the discard is reshuffled."""
    refill: int
    """Cards the next refill to 3 draws."""
    reshuffle_in_refill: bool
    series: tuple[tuple[Symbol, tuple[Fraction, ...]], ...]
    """For ``checks`` deck checks in a row, the distribution of successes per symbol."""

    def as_json(self) -> dict[str, object]:
        def f(x: Fraction) -> dict[str, object]:
            return {"p": str(x), "float": float(x)}
        return {
            "name": self.name,
            "symbols": [{"symbol": s.symbol.value, "hand_now": s.hand_now, "hand_after_refill": f(s.hand_after_refill),
                         "deck_check": f(s.deck_check)} for s in self.symbols],
            "reveal": [{"scroll": k, **f(p)} for k, p in self.reveal],
            "deck_left": self.deck_left, "refill": self.refill, "reshuffle_in_refill": self.reshuffle_in_refill,
            "series": [{"symbol": s.value, "successes": [f(p) for p in dist]} for s, dist in self.series],
        }


def prisoner_odds(cards: Catalogue, prisoner: Prisoner, checks: int = 0) -> PrisonerOdds:
    def has(symbol: Symbol) -> Callable[[str], bool]:
        return lambda card: symbol in cards.combat[card].symbols

    refill = max(0, HAND - len(prisoner.hand))
    symbols = []
    for symbol in SYMBOLS:
        now = any(has(symbol)(c) for c in prisoner.hand)
        after = Fraction(1) if now else draws_with(prisoner.deck, prisoner.discard, refill, has(symbol))
        symbols.append(SymbolOdds(symbol, now, after, top_symbol_chance(prisoner.deck, prisoner.discard, has(symbol))))
    reveal: dict[str, Fraction] = {}
    for card, p in top_card_chances(_source(prisoner.deck, prisoner.discard)):
        shown = cards.combat[card].symbols
        for symbol in dict.fromkeys(shown):
            reveal[symbol.value] = reveal.get(symbol.value, Fraction(0)) + p
        if not shown:
            reveal["none"] = reveal.get("none", Fraction(0)) + p
    series = tuple((s, tuple(deck_check_series(prisoner.deck, prisoner.discard, checks, has(s)))) for s in SYMBOLS) \
        if checks else ()
    return PrisonerOdds(prisoner.name, tuple(symbols), tuple(sorted(reveal.items())), len(prisoner.deck), refill,
                        refill > len(prisoner.deck), series)


@dataclass(frozen=True)
class Odds:
    first_player: str
    prisoners: tuple[PrisonerOdds, ...]
    serenade: tuple[tuple[str, Fraction], ...]
    """Solo: each card Serenade may reveal, with its chance."""
    checks: int

    def as_json(self) -> dict[str, object]:
        return {"first_player": self.first_player, "checks": self.checks,
                "prisoners": [p.as_json() for p in self.prisoners],
                "serenade": [{"card": c, "p": str(p), "float": float(p)} for c, p in self.serenade]}

    def text(self) -> str:
        lines = [f"Tests are made by the First Player, {self.first_player} (p. 8)."]
        for p in self.prisoners:
            lines.append(f"{p.name}: {p.deck_left} card{'s' * (p.deck_left != 1)} left before a reshuffle; "
                         f"the next refill draws {p.refill}" + (" (past the deck: a reshuffle)" if p.reshuffle_in_refill else ""))
            for s in p.symbols:
                lines.append(f"  {s.symbol.value:6}  hand check: {'passes now' if s.hand_now else 'fails now'}, "
                             f"{percent(s.hand_after_refill)} after the refill; deck check: "
                             f"{percent(s.deck_check)}")
            lines.append("  passing, the reveal moves: " + ", ".join(f"{k} {percent(v)}" for k, v in p.reveal))
            for symbol, dist in p.series:
                lines.append(f"  {self.checks} deck checks, {symbol.value} shown: "
                             + ", ".join(f"{i}: {percent(x)}" for i, x in enumerate(dist) if x))
        if self.serenade:
            lines.append("Serenade reveals: " + ", ".join(f"{c} {percent(p)}" for c, p in self.serenade))
        return "\n".join(lines) + "\n"


def odds(combat: Combat, checks: int = 0) -> Odds:
    """The odds of every prisoner's checks and reveals, and Serenade's next card."""
    prisoners = tuple(prisoner_odds(combat.cards, p, checks) for p in combat.prisoners if not p.serenade)
    serenade = next((p for p in combat.prisoners if p.serenade), None)
    chances = tuple(top_card_chances(serenade.deck)) if serenade is not None and not serenade.played else ()
    return Odds(combat.prisoners[combat.first].name, prisoners, chances, checks)
