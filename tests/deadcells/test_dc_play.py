"""Playing the three cards and passing (p. 10), each rule with the sentence that decides it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solver.base.errors import PositionError
from solver.deadcells.rules.engine import awaiting
from tests.deadcells.dc_builders import card, combat, has, monster, run, texts

HIT = [{"damage": 1, "range": ["R1"]}]


def four_players(**fields: object) -> dict[str, object]:
    cards = {"hit": card(I=HIT), "wait": card(), "m": monster(9, I=[{"damage": 1}]), "sym": {**card(), "symbols": ["red"]},
             "two": {**card(), "symbols": ["green", "purple"]}}
    prisoners = [{"name": n, "health": 3, "hand": ["hit", "wait"], "deck": ["sym"]} for n in ("Ann", "Bob", "Cy", "Di")]
    return combat(cards, prisoners, {"R1": "m"}, **fields)


def test_two_players_the_first_player_plays_two_cards_the_other_one() -> None:
    # p. 10: « Le Premier Joueur joue 2 cartes, puis l'autre joueur joue 1 carte. »
    cards = {"a": card(I=HIT), "b": card(I=[{"block": 1}]), "c": card(), "m": monster(9)}
    doc = combat(cards, [{"name": "Ann", "health": 3, "hand": ["a", "b", "c"]}, {"name": "Bob", "health": 3, "hand": ["c", "a"]}],
                 {"R1": "m"})
    first = awaiting(run(doc).combat)
    assert first is not None and "play Ann b a" in first.options and "play Ann a a" not in first.options
    second = awaiting(run(doc, "play Ann b a").combat)
    assert second is not None and second.options == ("play Bob c", "play Bob a")
    # « Tous les effets qui s'appliquent à la carte du Premier Joueur affectent seulement la première carte jouée »:
    # the first card played acts first in the First Player's turn.
    done = run(doc, "play Ann b a", "play Bob c")
    order = [t for t in texts(done) if t.startswith("Ann takes 1 shield") or t.startswith("Ann (a) deals")]
    assert order == ["Ann takes 1 shield (1)", "Ann (a) deals 1 damage to m on R1"]


def test_three_players_play_one_card_each() -> None:
    # p. 10: « Tous les joueurs jouent 1 carte. »
    cards = {"a": card(), "b": card(), "m": monster(9)}
    prisoners = [{"name": n, "health": 3, "hand": ["a", "b"]} for n in ("Ann", "Bob", "Cy")]
    asked = awaiting(run(combat(cards, prisoners, {"R1": "m"})).combat)
    assert asked is not None and asked.options == ("play Ann a", "play Ann b")


def test_four_players_the_first_player_never_passes_and_one_other_must() -> None:
    # p. 10: « Le Premier Joueur DOIT prendre part au Combat et ne peut pas passer son tour. »
    doc = four_players()
    asked = awaiting(run(doc).combat)
    assert asked is not None and "pass Ann" not in asked.options
    asked = awaiting(run(doc, "play Ann hit").combat)
    assert asked is not None and "pass Bob" in asked.options
    # Nobody passed before the last seat: it must (only 3 cards are played); a single choice is made for the group.
    done = run(doc, "play Ann hit", "play Bob wait", "play Cy wait")
    assert has(done, "Only one choice: pass Di").code == "forced"
    assert done.combat.passer == 3 and has(done, "Di passes").cite == "passer_out"
    # Once one has passed, the others play.
    asked = awaiting(run(doc, "play Ann hit", "pass Bob").combat)
    assert asked is not None and "pass Cy" not in asked.options


def test_the_passer_takes_no_damage() -> None:
    # p. 10: « il ne subit donc pas de dégâts, mais il ne bénéficie pas non plus des Butins acquis durant ce Combat. »
    done = run(four_players(), "play Ann hit", "pass Bob", "play Cy wait", "play Di wait")
    asked = awaiting(done.combat)
    assert asked is not None and asked.options == ("to Ann", "to Cy", "to Di")


def test_the_passer_reveals_its_top_card_discards_it_and_moves_the_scroll() -> None:
    # p. 10: « le joueur révèle la carte sur le dessus de son deck de cartes Combat. Si la carte affiche le symbole [...]
    # le joueur déplace le Parchemin de cette couleur d'un espace » / « La carte dévoilée est défaussée, qu'elle affiche
    # un symbole ou non. »
    done = run(four_players(), "play Ann hit", "pass Bob")
    bob = done.combat.prisoners[1]
    assert bob.discard == ("sym",) and bob.deck.cards == () and bob.scrolls == (0, 0, 1)
    assert has(done, "Bob reveals sym (red) and discards it").cite == "passer_discard"


def test_a_reveal_with_two_symbols_lets_the_player_choose() -> None:
    # p. 10: « Si la carte affiche plus d'un symbole, le joueur en choisit un de son choix. »
    doc = four_players()
    doc["prisoners"][1]["deck"] = ["two"]  # type: ignore[index]
    asked = awaiting(run(doc, "play Ann hit", "pass Bob").combat)
    assert asked is not None and asked.options == ("scroll green", "scroll purple")
    assert run(doc, "play Ann hit", "pass Bob", "scroll purple").combat.prisoners[1].scrolls == (0, 1, 0)


def test_a_reveal_from_a_deck_of_unknown_order_is_chance() -> None:
    doc = four_players()
    doc["prisoners"][1]["deck"] = {"unknown": ["sym", "two", "two"]}  # type: ignore[index]
    asked = awaiting(run(doc, "play Ann hit", "pass Bob").combat)
    assert asked is not None and asked.is_chance
    assert dict(zip(asked.options, asked.weights)) == {"reveal sym": Fraction(1, 3), "reveal two": Fraction(2, 3)}


def test_an_announcement_must_name_an_action_of_the_card() -> None:
    # p. 10: « Annoncer UNE Action qu'ils vont faire et la Ronde de Combat au cours de laquelle elle aura lieu »
    cards = {"a": card(II=[{"state": "poisoned", "range": ["R1"]}]), "m": monster(9)}
    prisoners = [{"name": n, "health": 3, "played": [{"card": "a", "announce": {"action": "poisoned", "round": "II"}}]}
                 for n in ("Ann", "Bob", "Cy")]
    run(combat(cards, prisoners, {"R1": "m"}))
    prisoners[1]["played"] = [{"card": "a", "announce": {"action": "damage", "round": "II"}}]
    with pytest.raises(PositionError) as error:
        run(combat(cards, prisoners, {"R1": "m"}))
    assert [p.path for p in error.value.problems] == ["prisoners[1].played[0].announce"]


def test_three_cards_are_played_in_all() -> None:
    # p. 10: « Il n'y aura toujours que 3 cartes Combat qui seront jouées, quel que soit le nombre de joueurs. »
    cards = {"a": card(), "m": monster(9)}
    prisoners = [{"name": "Ann", "health": 3, "played": ["a"]}, {"name": "Bob", "health": 3, "played": ["a"]}]
    with pytest.raises(PositionError) as error:
        run(combat(cards, prisoners, {"R1": "m"}))
    assert "Ann plays 2 cards, not 1" in str(error.value)


def test_the_first_player_may_not_be_named_the_passer() -> None:
    cards = {"a": card(), "m": monster(9)}
    prisoners = [{"name": n, "health": 3, "played": ["a"]} for n in ("Ann", "Bob", "Cy")] + [{"name": "Di", "health": 3}]
    prisoners[0]["played"] = []
    prisoners[3]["played"] = ["a"]
    with pytest.raises(PositionError) as error:
        run(combat(cards, prisoners, {"R1": "m"}, passer="Ann"))
    assert any(p.path == "passer" and "First Player" in p.message for p in error.value.problems)
