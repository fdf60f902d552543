"""Exact odds of the tests (p. 8), a passer's reveal (p. 10), Serenade's card (p. 18) and reshuffles."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from solver.deadcells.analyses.odds import deck_check_series, draws_with, odds
from solver.deadcells.model.state import Deck
from solver.deadcells.model.vocabulary import Symbol
from tests.deadcells.dc_builders import card, combat, monster, run
from tests.deadcells.test_dc_boss_solo import solo


def _position(hand: list[str], deck: object, discard: list[str] | None = None) -> object:
    cards = {"g": {**card(), "symbols": ["green"]}, "r": {**card(), "symbols": ["red"]},
             "gp": {**card(), "symbols": ["green", "purple"]}, "x": card(), "m": monster(3)}
    prisoners = [{"name": "Ann", "health": 3, "hand": hand, "deck": deck, "discard": discard or []},
                 {"name": "Bob", "health": 3, "hand": ["x"]}, {"name": "Cy", "health": 3, "hand": ["x"]}]
    return run(combat(cards, prisoners, {"R1": "m"})).initial


def _symbol(answer: object, name: str, symbol: Symbol) -> object:
    prisoner = next(p for p in answer.prisoners if p.name == name)  # type: ignore[attr-defined]
    return next(s for s in prisoner.symbols if s.symbol is symbol)


def test_a_hand_check_is_certain_from_the_hand() -> None:
    # p. 8: « Si le Premier Joueur peut défausser de sa main une carte Combat qui porte le symbole requis, le Groupe a
    # réussi le Test. »
    answer = odds(_position(["g", "x", "x"], ["r"]))
    assert _symbol(answer, "Ann", Symbol.GREEN).hand_now and not _symbol(answer, "Ann", Symbol.RED).hand_now


def test_a_hand_after_the_refill_is_hypergeometric() -> None:
    # p. 8: « Après un Test, les joueurs reprennent des cartes jusqu'à en avoir 3 en main. »
    answer = odds(_position(["x"], {"unknown": ["g", "x", "x", "x"]}))
    # two cards drawn from four of which one is green: 1 - C(3,2)/C(4,2) = 1/2
    assert _symbol(answer, "Ann", Symbol.GREEN).hand_after_refill == Fraction(1, 2)


def test_a_deck_check_shows_the_top_card() -> None:
    # p. 8: « Le Premier Joueur tire la carte sur le dessus de son deck de cartes Combat. Si la carte affiche un des
    # symboles indiqués, le Premier Joueur gagne la récompense indiquée. »
    unknown = odds(_position(["x"], {"unknown": ["g", "gp", "r", "x"]}))
    assert _symbol(unknown, "Ann", Symbol.GREEN).deck_check == Fraction(1, 2)
    assert _symbol(unknown, "Ann", Symbol.PURPLE).deck_check == Fraction(1, 4)
    known = odds(_position(["x"], ["r", "g"]))
    assert _symbol(known, "Ann", Symbol.RED).deck_check == 1 and _symbol(known, "Ann", Symbol.GREEN).deck_check == 0


def test_an_empty_deck_is_refilled_from_the_discard() -> None:
    # p. 8: « S'il n'y a plus de cartes dans votre deck de cartes Combat, vous n'avez qu'à mélanger les cartes de votre
    # défausse »
    answer = odds(_position(["x", "x", "x"], [], ["g", "x", "x"]))
    assert _symbol(answer, "Ann", Symbol.GREEN).deck_check == Fraction(1, 3)
    ann = answer.prisoners[0]
    assert ann.deck_left == 0 and ann.refill == 0


def test_a_passers_reveal() -> None:
    # p. 10: « Si la carte affiche le symbole [...], le joueur déplace le Parchemin de cette couleur [...] Si la carte
    # affiche plus d'un symbole, le joueur en choisit un de son choix. Si la carte n'affiche pas de symbole, aucun
    # Parchemin n'est déplacé. »
    answer = odds(_position(["x"], {"unknown": ["g", "gp", "r", "x"]}))
    assert dict(answer.prisoners[0].reveal) == {"green": Fraction(1, 2), "purple": Fraction(1, 4), "red": Fraction(1, 4),
                                                "none": Fraction(1, 4)}


def test_reshuffle_timing() -> None:
    answer = odds(_position(["x"], ["g"], ["r", "r"]))
    ann = answer.prisoners[0]
    assert ann.deck_left == 1 and ann.refill == 2 and ann.reshuffle_in_refill


def test_successive_deck_checks_against_every_order() -> None:
    """The series over a reshuffle, checked against every order of the deck and of the reshuffled discard."""
    deck, discard = ("g", "x", "x"), ("g",)
    checks = 5

    def has(c: str) -> bool:
        return c == "g"

    series = deck_check_series(Deck(tuple(sorted(deck)), False), discard, checks, has)
    counts = [Fraction(0)] * (checks + 1)
    orders = list(permutations(deck))
    for order in orders:
        successes = sum(has(c) for c in order)
        rest = checks - len(order)
        pile = discard + order  # the checked cards join the discard, which becomes the deck
        tails = list(permutations(pile))
        for tail in tails:
            counts[successes + sum(has(c) for c in tail[:rest])] += Fraction(1, len(orders) * len(tails))
    assert series == counts and sum(series) == 1


def test_drawing_past_the_deck() -> None:
    assert draws_with(Deck(("x",), True), ("g", "x"), 2, lambda c: c == "g") == Fraction(1, 2)


def test_serenades_next_card() -> None:
    answer = odds(run(solo()).initial)
    assert dict(answer.serenade) == {"hum": Fraction(1, 3), "song": Fraction(2, 3)}
    assert answer.as_json()["serenade"][0] == {"card": "hum", "p": "1/3", "float": 1 / 3}
