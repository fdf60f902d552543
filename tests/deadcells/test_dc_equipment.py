"""Equipment in combat, companions (p. 12) and the end-of-combat upkeep (p. 12), each rule with its sentence."""

from __future__ import annotations

from typing import Any

from solver.deadcells.model.vocabulary import LOOT_INDEX, LootKind, Round
from solver.deadcells.rules.engine import awaiting
from tests.deadcells.dc_builders import card, combat, duel, has, monster, run, settled, texts

BOW = {"kind": "equipment", "type": "replace", "round": "II", "actions": [{"damage": 2, "range": ["R1"]}]}
SWORD = {"kind": "equipment", "type": "add", "round": "III", "actions": [{"damage": 1, "range": ["R1"]}]}


def armed(*items: str, line: dict[str, Any] | None = None, **cards: Any) -> dict[str, Any]:
    doc = duel(line or card(II=[{"block": 1}], III=[{"block": 1}]), monster(9))
    doc["cards"].update({"bow": BOW, "sword": SWORD, **cards})
    doc["prisoners"][0]["equipment"] = list(items)
    return doc


def test_a_slash_item_is_used_instead_of_the_cards_actions() -> None:
    # p. 12: « Ces Équipements ont le symbole / pour indiquer qu'ils peuvent être utilisés à la Ronde de Combat indiquée
    # à la place de l'Action indiquée sur la carte Combat du Prisonnier. »
    doc = armed("bow")
    asked = awaiting(run(doc).combat)
    assert asked is not None and asked.options == ("item bow", "item none") and asked.cite == "timed_once"
    end, found = settled(doc, "item bow")
    assert end.enemies[1] is not None and end.enemies[1].damage == 2
    assert [e.text for e in found if e.round == Round.II and "shield" in e.text] == []
    end, _ = settled(doc, "item none")
    assert end.enemies[1] is not None and end.enemies[1].damage == 0


def test_a_plus_item_adds_to_the_cards_actions() -> None:
    # p. 12: « Ces Équipements ont le symbole + pour indiquer que leurs effets sont ajoutés à l'Action du Prisonnier
    # pour cette Ronde de Combat. »
    end, found = settled(armed("sword"), "item sword")
    assert end.prisoners[0].shields == 2 and end.enemies[1] is not None and end.enemies[1].damage == 1
    round3 = [e.text for e in found if e.round == Round.III]
    assert round3.index("Ann takes 1 shield (2)") < round3.index("Ann (sword) deals 1 damage to m on R1")


def test_one_timed_item_per_card_and_never_one_item_twice_a_round() -> None:
    # p. 12: « 1 seule carte d'Équipement Programmé peut être utilisée par Prisonnier par carte de Combat chaque Ronde
    # de Combat. » / « Vous ne pouvez pas utiliser un Équipement Programmé 2 fois dans la même Ronde de Combat (sur 2
    # cartes différentes dans une partie à 2 joueurs par exemple). »
    knife = {"kind": "equipment", "type": "replace", "round": "II", "actions": [{"damage": 1, "range": ["R1"]}]}
    cards = {"a": card(II=[{"block": 1}]), "b": card(II=[{"block": 1}]), "m": monster(9), "bow": BOW, "knife": knife}
    prisoners = [{"name": "Ann", "health": 3, "hand": ["a", "b"], "equipment": ["bow", "knife"]},
                 {"name": "Bob", "health": 3, "hand": ["a"]}]
    doc = combat(cards, prisoners, {"R1": "m"})
    asked = awaiting(run(doc, "play Ann a b").combat)
    assert asked is not None and asked.options == ("item bow", "item knife", "item none")
    asked = awaiting(run(doc, "play Ann a b", "item bow").combat)
    assert asked is not None and asked.options == ("item knife", "item none")


def test_an_item_with_a_printed_condition() -> None:
    # p. 12-15: the Rapière « SI LE COMBAT INCLUT UN VIDE »; the Empaleuse « Ne peut être utilisée que s'il s'agit de
    # votre SEULE carte d'Équipement ».
    rapier = {**BOW, "requires": "void"}
    assert awaiting(run(armed("rapier", rapier=rapier)).combat) is None
    assert awaiting(run({**armed("rapier", rapier=rapier), "wall_void": "void"}).combat) is not None
    spear = {**BOW, "requires": "sole"}
    assert awaiting(run(armed("spear", spear=spear)).combat) is not None
    asked = awaiting(run(armed("spear", "sword", spear=spear)).combat)
    assert asked is not None and asked.question == "Ann: use a timed item with a in round III?"


def test_an_always_active_item_is_triggered_by_its_condition() -> None:
    # p. 12: « Ces Équipements ont des effets déclenchés automatiquement pendant un Combat. Ces objets peuvent êtres
    # déclenchés plusieurs fois dans la même Ronde lorsque leur condition s'appliquent. » (the Bouclier de dégagement:
    # « Lorsque vous utilisez au moins un [bouclier], assignez [un dégât] à un Ennemi. »)
    shield = {"kind": "equipment", "type": "always", "trigger": "shield_used", "actions": [{"damage": 1, "range": ["R1"]}]}
    doc = duel(card(I=[{"block": 2}]), monster(9, I=[{"damage": 1, "first_player": True}, {"damage": 1, "first_player": True}]))
    doc["cards"]["push"] = shield
    doc["prisoners"][0]["equipment"] = ["push"]
    end, found = settled(doc)
    assert sum(1 for e in found if e.code == "trigger") == 2
    assert end.enemies[1] is not None and end.enemies[1].damage == 2


def test_a_retaliation_strikes_the_attacker_unless_a_shield_blocked_the_hit() -> None:
    # p. 11: « Toute attaque déclenchée par un Prisonnier subissant un [dégât] est annulée si elle est bloquée par un
    # Bouclier. »
    thorns = {"kind": "equipment", "type": "always", "trigger": "damaged", "actions": [{"damage": 1, "range": ["R1"]}]}
    hits = monster(9, I=[{"damage": 1, "first_player": True}], II=[{"damage": 1, "first_player": True}])
    doc = duel(card(II=[{"block": 1}]), hits)
    doc["cards"]["thorns"] = thorns
    doc["prisoners"][0]["equipment"] = ["thorns"]
    end, found = settled(doc)
    assert sum(1 for e in found if e.code == "trigger") == 1  # round I's hit lands; round II's is blocked
    assert end.enemies[1] is not None and end.enemies[1].damage == 1


def test_a_companion_takes_damage_but_no_shield_state_or_heal_and_is_discarded_when_killed() -> None:
    # p. 12: « Ils ont des Points de vie et peuvent subir des Dégâts. » / « Ils ne peuvent pas recevoir de Bouclier
    # [...], ils ne peuvent pas non plus subir d'États, et ne peuvent pas être guéris. » / « Lorsqu'ils sont « tués »
    # [...] ils sont défaussés »
    dog = {"kind": "equipment", "type": "companion", "health": 1}
    doc = duel(card(I=[{"block": 1}]), monster(9, I=[{"damage": 1}], II=[{"state": "poisoned"}]))
    doc["cards"]["dog"] = dog
    doc["prisoners"][0]["equipment"] = ["dog"]
    asked = awaiting(run(doc, "to Ann/dog").combat)
    assert asked is not None and asked.options == ("to Ann", "to Bob", "to Cy")  # no companion for a state
    done = run(doc, "to Ann/dog", "to Bob")
    assert has(done, "Ann's companion dog takes 1 damage and is killed: discarded").cite == "companion"
    assert done.combat.prisoners[0].equipment == () and done.combat.prisoners[0].damage == 0


def test_the_upkeep() -> None:
    # p. 12: « Assignez les Parchemins, les Fioles et l'Équipement pillés [...] aux Prisonniers qui étaient impliqués
    # dans le Combat. » « Les joueurs qui ont passé ne peuvent pas recevoir de Butin » « Défaussez tout Monstre non
    # éliminé. » « Défaussez tout Butin non pillé » « Reprenez des cartes Combat jusqu'à en avoir 3 en main. S'IL N'Y A
    # PLUS DE CARTES DANS VOTRE DECK, vous n'avez qu'à mélanger votre défausse » « Défaussez tous les jetons État et tous
    # les boucliers » « Défaussez la carte active de chaque Prisonnier. »
    cards = {"a": card(I=[{"loot": 1}, {"block": 1}], II=[{"loot": 1}]), "b": card(), "m": monster(9, I=[{"state": "poisoned"}])}
    prisoners = [{"name": n, "health": 5, "hand": ["a", "b"], "deck": deck, "discard": ["b", "b"]}
                 for n, deck in (("Ann", ["b", "b"]), ("Bob", []), ("Cy", ["b"]), ("Di", ["b"]))]
    doc = combat(cards, prisoners, {"R1": "m"}, loot={"scroll_red": 1, "vial": 1, "gold": 3})
    done = run(doc, "play Ann a", "pass Bob", "play Cy b", "play Di b", "loot scroll_red", "to Ann", "loot vial")
    asked = awaiting(done.combat)
    assert asked is not None and asked.options == ("give scroll_red Ann", "give scroll_red Cy", "give scroll_red Di")
    done = run(doc, "play Ann a", "pass Bob", "play Cy b", "play Di b", "loot scroll_red", "to Ann", "loot vial",
               "give scroll_red Cy", "give vial Ann")
    c = done.combat
    ann, bob, cy = c.prisoners[0], c.prisoners[1], c.prisoners[2]
    assert ann.damage == 2 and cy.scrolls == (0, 0, 1)  # 3 poison ticks, less the vial's one
    assert all(e is None for e in c.enemies) and c.loot[LOOT_INDEX[LootKind.GOLD]] == 0
    assert ann.hand == ("b", "b", "b") and ann.discard == ("b", "b", "a") and ann.states == (0,) * 5 and ann.shields == 0
    assert has(done, "Bob's deck is empty: the discard is shuffled into a new deck").cite == "reshuffle"
    assert "Bob receives" not in " ".join(texts(done))
    assert len(bob.hand) == 3 and not bob.deck.ordered
