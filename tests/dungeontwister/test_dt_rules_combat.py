"""Melee, group and ranged combat, wounds and deaths, lines of sight and every combat modifier of the catalogue: each
test quotes the aid's line that decides it.

The dungeon is invented (tests/dungeontwister/builders.py): red-1 | room A | room B | blue-1; both players hold the
cards 0, 1, 2, 3 unless a test says otherwise (the aid gives no deck).
"""

from __future__ import annotations

from dataclasses import replace

from solver.dungeontwister.analysis.odds import combat_report
from solver.dungeontwister.model.state import Place
from solver.dungeontwister.rules.engagement import CombatKind, engage
from solver.dungeontwister.rules.sight import sees
from tests.dungeontwister.builders import corridor, position, with_pieces
from tests.dungeontwister.rules_helpers import cited, dungeon, play, refused

RED, BLUE = "red", "blue"


def duel_of(pos, kind, attacker, target):  # type: ignore[no-untyped-def]
    return engage(pos, kind, attacker, target).duel(pos)


def test_a_melee_is_against_an_enemy_in_the_same_zone() -> None:
    """« >< 1 perso ennemi dans la même zone »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A2"}])
    assert "not in war's zone" in refused(pos, "attack war trl cards=3/0")


def test_cards_are_chosen_at_once_added_to_the_red_number_and_the_higher_total_wounds_the_other() -> None:
    """« Chaque joueur choisit 1 carte combat, la pose face cachée et la révèle en même temps », « Ajouter la valeur de la
    carte combat à la valeur de combat du perso (chiffre rouge) », « Le + élevé gagne : l'autre perso est blessé »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}])
    after, events = play(pos, "attack war trl cards=2/0")
    assert after.character("trl").wounded and after.character("trl").wounded_this_turn
    assert {"melee_cards", "melee_add", "melee_higher"} <= cited(events)
    lost, _ = play(pos, "attack war trl cards=0/0")
    assert lost.character("war").wounded and not lost.character("trl").wounded


def test_a_tie_does_nothing_but_the_cards_are_spent_but_the_0() -> None:
    """« Egal : rien ne se passe » and « Défausser les cartes combat (sauf la 0) »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}])
    after, events = play(pos, "attack war trl cards=1/0")
    assert not after.character("war").wounded and not after.character("trl").wounded
    assert after.players[0].cards == (0, 2, 3) and after.players[1].cards == (0, 1, 2, 3)
    assert {"melee_tie", "cards_discard"} <= cited(events)
    assert "holds no 1" in refused(after, "attack war trl cards=1/0")


def test_no_combat_against_a_character_wounded_this_turn() -> None:
    """« Il est interdit d'engager un combat contre 1 perso qui a été blessé (de n'importe quelle manière) ce tour-ci »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "sam", "kind": "samurai", "at": "A1"},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}])
    after, _ = play(pos, "attack war trl cards=3/0")
    assert "wounded this turn" in refused(after, "attack sam trl cards=3/0")
    assert not play(play(after, "end")[0], "end")[0].character("trl").wounded_this_turn


def test_a_character_on_its_start_zone_is_attacked_from_the_zone_it_faces() -> None:
    """« On peut engager un combat contre 1 perso se trouvant sur sa zone de départ » and « Le perso sur la zone de
    départ ou les persos dans la salle y faisant face peuvent engager le combat (pas de herse fermée, mur, meurtrière ou
    fosse) »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "B2"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "blue-1",
                                                                   "facing": "B2"}])
    after, events = play(pos, "attack war trl cards=2/0")
    assert after.character("trl").wounded and {"start_target", "start_combat"} <= cited(events)
    walled = dungeon([{"id": "war", "kind": "warrior", "at": "B2"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "blue-1",
                                                                      "facing": "B2"}], start_links="portcullis_closed")
    assert "closed" in refused(walled, "attack war trl cards=2/0")


def test_a_wounded_character_acts_no_more_defends_at_0_and_must_play_a_card() -> None:
    """« Ne peut effectuer aucune action » and « Peut se défendre s'il est attaqué : valeur de combat : 0 & doit jouer une
    carte combat »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1", "wounded": True},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}])
    assert "wounded" in refused(pos, "move war A2")
    blue = play(pos, "end")[0]
    assert duel_of(blue, CombatKind.MELEE, "trl", "war").defender.base == 0
    assert "plays 1 card" in refused(blue, "attack trl war cards=0/")


def test_a_wounded_character_that_loses_is_eliminated_and_leaves_its_object() -> None:
    """« S'il perd 1 combat : éliminé & laisser son objet sur place »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1", "wounded": True, "carrying": ["axe"]}],
                  [{"id": "axe", "kind": "sword", "owner": BLUE, "at": "carried"}])
    after, events = play(pos, "attack war trl cards=1/3")
    assert after.character("trl").place is Place.DEAD and after.item("axe").zone == "A1" and after.players[0].vp == 1
    assert "wounded_loses" in cited(events)


def test_a_wounded_character_that_wins_wounds_its_attacker_and_has_no_ability() -> None:
    """« S'il gagne : l'adversaire est blessé » and « Perd toutes ses capacités »: a wounded assassin that wins wounds,
    it does not kill."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"},
                   {"id": "asn", "kind": "assassin", "owner": BLUE, "at": "A1", "wounded": True}])
    after, events = play(pos, "attack gob asn cards=0/3")
    assert after.character("gob").wounded and after.character("gob").place is Place.ZONE
    assert "wounded_wins" in cited(events)


def test_a_carrier_that_loses_is_wounded_and_the_friend_it_carries_is_killed() -> None:
    """« 1 perso peut transporter 1 perso ami blessé. S'il perd un combat, il est blessé et le blessé est tué »."""
    pos = dungeon([{"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"},
                   {"id": "pal", "kind": "paladin", "at": "A1", "carrying": ["gob"]},
                   {"id": "gob", "kind": "goblin", "at": "carried", "wounded": True}], to_move=BLUE)
    after, events = play(pos, "attack trl pal cards=3/0")
    assert after.character("pal").wounded and after.character("gob").place is Place.DEAD
    assert after.players[1].vp == 1 and "carry_wounded" in cited(events)


def test_a_group_combat_takes_every_character_of_both_sides_in_the_zone_one_card_each_and_wounds_every_loser() -> None:
    """« Tous les persos de chaque camp se trouvant dans la même zone sont impliqués dans le combat », « Ne jouer qu'une
    seule carte combat et l'additionner à la somme des forces de tous vos persos », « Tous les persos perdants sont
    blessés »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A1"},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}, {"id": "thf", "kind": "thief", "owner": BLUE,
                                                                              "at": "A1"}])
    engagement = engage(pos, CombatKind.MELEE, "war", "trl")
    assert engagement.group and sum(t.value for t in engagement.attackers) == 4 and sum(t.value for t in engagement.defenders) == 6
    after, events = play(pos, "attack war trl cards=3/0")
    assert after.character("trl").wounded and after.character("thf").wounded
    assert {"group_all", "group_one_card", "group_losers"} <= cited(events)


def test_a_wounded_character_joins_a_group_combat_only_as_the_initial_target() -> None:
    """« 1 perso blessé ne participe à un combat groupé que s'il est la cible initiale de l'attaquant »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"},
                   {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1", "wounded": True}])
    on_troll = engage(pos, CombatKind.MELEE, "war", "trl")
    assert [t.ident for t in on_troll.defenders] == ["trl"]
    on_goblin = engage(pos, CombatKind.MELEE, "war", "gob")
    assert [t.ident for t in on_goblin.defenders] == ["gob", "trl"]
    assert "group_wounded" in {e.citation.key for e in on_troll.events}


def test_the_sword_adds_one_attacking_the_armour_one_defending_even_wounded() -> None:
    """« Bonus de combat +1 lorsqu'il attaque en corps à corps » and « Valeur de combat +1 en défense. 1 blessé conserve
    cet avantage »."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1", "carrying": ["sw"]},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1", "wounded": True, "carrying": ["ar"]}],
                  [{"id": "sw", "kind": "sword", "at": "carried"}, {"id": "ar", "kind": "armour", "owner": BLUE, "at": "carried"}])
    duel = duel_of(pos, CombatKind.MELEE, "war", "trl")
    assert (duel.attacker.base, duel.defender.base) == (4, 1)
    assert duel_of(play(dungeon([{"id": "war", "kind": "warrior", "at": "A1", "carrying": ["sw"]},
                                 {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}],
                                [{"id": "sw", "kind": "sword", "at": "carried"}]), "end")[0],
                   CombatKind.MELEE, "trl", "war").defender.base == 3


def test_the_general_gives_friends_in_its_room_one_but_not_itself_nor_when_wounded_or_on_a_start_zone() -> None:
    """« Tous les persos amis (même blessés) (mais pas le général) dans la même salle ont 1 bonus de +1 en combat au corps
    à corps » and « Ne fonctionne pas si le général est blessé ou s'il est dans un zone de départ »."""
    base = [{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}]
    assert duel_of(dungeon(base + [{"id": "gen", "kind": "general", "at": "A4"}]), CombatKind.MELEE, "war", "trl").attacker.base == 4
    assert duel_of(dungeon(base + [{"id": "gen", "kind": "general", "at": "B1"}]), CombatKind.MELEE, "war", "trl").attacker.base == 3
    assert duel_of(dungeon(base + [{"id": "gen", "kind": "general", "at": "A4", "wounded": True}]), CombatKind.MELEE, "war",
                   "trl").attacker.base == 3
    assert duel_of(dungeon(base + [{"id": "gen", "kind": "general", "at": "red-1", "facing": "A1"}]), CombatKind.MELEE,
                   "war", "trl").attacker.base == 3
    alone = dungeon([{"id": "gen", "kind": "general", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}])
    assert duel_of(alone, CombatKind.MELEE, "gen", "trl").attacker.base == 1


def test_the_traitress_stabs_for_two_in_a_group_melee_with_a_friend() -> None:
    """« Poignarder : +2 en combat (attaque & défense) si combat groupé au corps à corps avec au moins 1 perso ami »."""
    foe = [{"id": "trl", "kind": "troll", "owner": BLUE, "at": "A1"}]
    alone = dungeon([{"id": "trs", "kind": "traitress", "at": "A1"}] + foe)
    assert duel_of(alone, CombatKind.MELEE, "trs", "trl").attacker.base == 2
    grouped = dungeon([{"id": "trs", "kind": "traitress", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A1"}] + foe)
    assert duel_of(grouped, CombatKind.MELEE, "trs", "trl").attacker.base == 2 + 2 + 1


def test_the_berserker_attacking_alone_may_play_two_cards_both_spent() -> None:
    """« S'il attaque dans un combat singulier au corps à corps, il peut jouer 2 cartes combat -> défausse (sauf 0) ».
    « Il doit annoncer combien de cartes il joue »: the count is an open choice before the cards."""
    pos = dungeon([{"id": "ber", "kind": "berserker", "at": "A1"}, {"id": "col", "kind": "colossus", "owner": BLUE, "at": "A1"}])
    after, events = play(pos, "attack ber col cards=2+3/2")
    assert after.character("col").wounded and after.players[0].cards == (0, 1) and "melee_cards" in cited(events)
    report = combat_report(duel_of(pos, CombatKind.MELEE, "ber", "col"))
    assert report.solution.stage.branch.count == 2 and report.possibility["attacker"] == "possible"
    grouped = dungeon([{"id": "ber", "kind": "berserker", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A1"},
                       {"id": "col", "kind": "colossus", "owner": BLUE, "at": "A1"}])
    assert "1 card" in refused(grouped, "attack ber col cards=2+3/3")


def test_the_telepath_names_the_card_its_opponent_must_play_two_telepaths_cancel() -> None:
    """« il peut obliger l'adversaire à jouer une carte d'une valeur qu'il nomme à condition que l'adversaire ait encore
    cette carte » and « 2 télépathes annulent leur pouvoir »."""
    pos = dungeon([{"id": "tlp", "kind": "telepath", "at": "A1"}, {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1"}],
                  red={"combat_cards": [0, 3]}, blue={"combat_cards": [0, 2]})
    assert "must play it" in refused(pos, "attack tlp gob cards=3/2 name=0")
    after, events = play(pos, "attack tlp gob cards=3/0 name=0")
    assert after.character("gob").wounded and "mind_control" in cited(events)
    report = combat_report(duel_of(pos, CombatKind.MELEE, "tlp", "gob"))
    assert report.value == 1 and report.solution.stage.branch.named == 0
    both = dungeon([{"id": "tlp", "kind": "telepath", "at": "A1"}, {"id": "tp2", "kind": "telepath", "owner": BLUE, "at": "A1"}])
    assert "only a telepath" in refused(both, "attack tlp tp2 cards=3/0 name=0")


def test_the_weapon_master_sees_the_other_card_first_two_cancel() -> None:
    """« le joueur qui la contrôle peut voir la carte jouée par l'adversaire avant de jouer la sienne » and « Les
    capacités de plusieurs maitresses d'armes s'annulent »: seeing first, the defender ties a 2-0-3 hand every time."""
    cards = {"red": {"combat_cards": [0, 2]}, "blue": {"combat_cards": [0, 2]}}
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"}, {"id": "wms", "kind": "weapon_master", "owner": BLUE, "at": "A1"}],
                  **cards)
    report = combat_report(duel_of(pos, CombatKind.MELEE, "war", "wms"))
    assert report.solution.stage.order.value == "defender_sees" and report.value == 0
    both = dungeon([{"id": "wm1", "kind": "weapon_master", "at": "A1"}, {"id": "wm2", "kind": "weapon_master", "owner": BLUE,
                                                                          "at": "A1"}], **cards)
    assert combat_report(duel_of(both, CombatKind.MELEE, "wm1", "wm2")).solution.stage.order.value == "at_once"


def test_the_assassin_kills_the_one_it_beats() -> None:
    """« Coup mortel : s'il remporte un combat (même groupé) : le perso adverse est tué immédiatement »."""
    pos = dungeon([{"id": "asn", "kind": "assassin", "at": "A1"}, {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1"}])
    after, events = play(pos, "attack asn gob cards=1/0")
    assert after.character("gob").place is Place.DEAD and after.players[0].vp == 1 and "deadly_blow" in cited(events)


def test_the_samurai_has_one_free_melee_a_turn() -> None:
    """« une fois par tour il peut engager un combat au corps à corps singulier ou groupé pour 0PA »."""
    pos = dungeon([{"id": "sam", "kind": "samurai", "at": "A1"}, {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1"},
                   {"id": "thf", "kind": "thief", "owner": BLUE, "at": "A2"}], red={"ap": 0})
    after, events = play(pos, "attack sam gob cards=1/0")
    assert after.players[0].ap == 0 and after.character("gob").wounded and "seasoned" in cited(events)
    moved = play(dungeon([{"id": "sam", "kind": "samurai", "at": "A1"}, {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1"},
                          {"id": "thf", "kind": "thief", "owner": BLUE, "at": "A1"}], red={"ap": 1}), "attack sam thf cards=3/0")[0]
    assert moved.players[0].ap == 1


def test_the_paladin_scores_one_more_for_an_undead_it_helps_eliminate() -> None:
    """« Chasseur de mort vivants : Il gagne 1 PV supplémentaire s'il élimine 1 mort vivant lors d'un combat singulier,
    groupé ou à distance où il est impliqué »."""
    pos = dungeon([{"id": "pal", "kind": "paladin", "at": "A1"},
                   {"id": "gho", "kind": "ghost", "owner": BLUE, "at": "A1", "wounded": True}])
    after, events = play(pos, "attack pal gho cards=0/0")
    assert after.character("gho").place is Place.DEAD and after.players[0].vp == 2 and "undead_hunter" in cited(events)


def test_the_telescopic_lance_strikes_a_linked_zone_and_breaks_when_it_loses() -> None:
    """« Peut engager un combat au corps à corps contre un perso se trouvant dans une autre zone adjacente ortho »; « L'
    utilisateur de la lance n'est pas affecté par le résultat mais en cas de défaite, la lance est brisée »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "carrying": ["lance"]},
                   {"id": "thf", "kind": "thief", "owner": BLUE, "at": "A2"}], [{"id": "lance", "kind": "telescopic_lance",
                                                                                 "at": "carried"}])
    after, events = play(pos, "lance gob thf cards=0/0")
    assert not after.character("gob").wounded and after.item("lance").place is Place.GONE
    assert "telescopic_lance" in cited(events)
    won, _ = play(pos, "lance gob thf cards=3/0")
    assert won.character("thf").wounded and won.character("gob").zone == "A1"
    walled = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "carrying": ["lance"]},
                      {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A2"}],
                     [{"id": "lance", "kind": "telescopic_lance", "at": "carried"}], inside={"A": {("1", "2"): "portcullis_closed"}})
    assert "stops the lance" in refused(walled, "lance gob trl cards=3/0")


def test_a_line_of_sight_runs_along_a_line_and_is_stopped_by_walls_closed_portcullises_and_characters() -> None:
    """« Ligne droite horizontale ou verticale (pas diagonale) avec 1 point de départ dans la zone et point d'arrivée
    dans l'autre zone » and « Ne traverse pas les murs, les herses fermées et les zones contenant des persos blessés ou
    pas »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "owner": BLUE, "at": "B1", "wounded": True}],
                  inside={"B": {("2", "4"): "portcullis_closed"}, "A": {("1", "3"): "wall"}})
    assert sees(pos, "A1", "A2") and not sees(pos, "A1", "A4")
    assert not sees(pos, "A1", "B2")
    assert not sees(pos, "B2", "B4") and not sees(pos, "A1", "A3")


def test_sight_passes_objects_mechanisms_and_pits() -> None:
    """« Traverse les zones contenant objets, mécanismes de rotation et fosse »."""
    pos = dungeon([], [{"id": "key", "kind": "key", "at": "B1"}], pits={"A": ("2",)}, mechanisms={"B": ("1",)})
    assert sees(pos, "A1", "B2")


def test_a_character_next_to_an_arrow_slit_sees_beyond_it() -> None:
    """« Si un perso se trouve dans une zone adjacente à une meurtrière, sa ligne de vue s'étend au-delà de la
    meurtrière »: from A1 through the slit beside it; not from A1 through a slit beyond A2."""
    assert sees(dungeon([], inside={"A": {("1", "2"): "arrow_slit"}}), "A1", "B2")
    assert not sees(dungeon([], rims={"A": {("2", "e"): "arrow_slit"}}), "A1", "B2")


def test_the_crossbowman_shoots_once_a_turn_a_bow_as_often_as_there_is_ap() -> None:
    """« L'arbalétrier ou tout perso portant un arc peut engager un combat à distance pour 1 PA », « il ne peut effectuer
    qu'1 seul tir par tour », the bow: « Peut être utilisé plusieurs fois par tour »."""
    pos = dungeon([{"id": "xbw", "kind": "crossbowman", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A3", "carrying": ["bow"]},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "A2"}, {"id": "thf", "kind": "thief", "owner": BLUE,
                                                                              "at": "A4"}],
                  [{"id": "bow", "kind": "bow", "at": "carried"}], rulings={"DT-GROUP-RANGED": False})
    after, events = play(pos, "shoot xbw trl cards=0/0")
    assert after.players[0].ap == 2 and "ranged_who" in cited(events)
    assert "once a turn" in refused(after, "shoot xbw trl cards=3/0")
    twice, _ = play(pos, "shoot gob thf cards=0/0", "shoot gob thf cards=1/0")
    assert twice.players[0].ap == 1


def test_a_shot_needs_a_line_of_sight_another_zone_and_no_enemy_beside_the_shooter() -> None:
    """« Il lui faut une ligne de vue sans limite de distance », « On ne peut pas engager 1 combat à distance contre 1
    perso situé dans la même zone », « On ne peut pas engager un combat à distance si un perso ennemi se trouve dans la
    même zone »."""
    pos = dungeon([{"id": "xbw", "kind": "crossbowman", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B2"},
                   {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1"}, {"id": "thf", "kind": "thief", "owner": BLUE,
                                                                               "at": "A4"}])
    assert "in the shooter's zone" in refused(pos, "shoot xbw gob cards=3/0")
    assert "enemy is in" in refused(pos, "shoot xbw trl cards=3/0")
    clear = dungeon([{"id": "xbw", "kind": "crossbowman", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B2"},
                     {"id": "thf", "kind": "thief", "owner": BLUE, "at": "A4"}], inside={"A": {("1", "2"): "wall"}})
    assert "no line of sight" in refused(clear, "shoot xbw trl cards=3/0")


def test_no_shot_at_a_character_wounded_this_turn_and_a_start_zone_may_be_shot_at() -> None:
    """« On ne peut pas tirer sur un perso qui vient d'être blessé ce tour-ci » and « Combat à distance >< 1 zone de
    départ possible »."""
    doc = with_pieces(corridor(), [{"id": "xbw", "kind": "crossbowman", "at": "B1"},
                                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "blue-1", "facing": "B2"}])
    doc["lines"].append(["A2", "B1", "B2", "blue-1"])
    doc["rulings"] = {"DT-GROUP-RANGED": False}
    pos = position(doc)
    after, events = play(pos, "shoot xbw trl cards=3/0")
    assert after.character("trl").wounded and "ranged_start" in cited(events)
    fresh = after.with_character(replace(after.character("xbw"), shot=False))
    assert "wounded this turn" in refused(fresh, "shoot xbw trl cards=3/0")


def test_the_shooters_value_is_its_ranged_value_which_nothing_raises() -> None:
    """« La valeur de combat de l'attaquant = sa valeur de combat à distance et non celle au corps à corps » and « Cette
    valeur ne peut pas être améliorée par 1 capacité, objet ou élément de décor » and « Les pouvoirs affectant les combats
    au corps à corps ne sont pas activés (ex : télépathe) »: the bow's 1, sword and general aside."""
    pos = dungeon([{"id": "tlp", "kind": "telepath", "at": "A1", "carrying": ["bow"]}, {"id": "gen", "kind": "general", "at": "A3"},
                   {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B2"}],
                  [{"id": "bow", "kind": "bow", "at": "carried"}])
    engagement = engage(pos, CombatKind.RANGED, "tlp", "trl")
    assert engagement.attackers[0].value == 1 and engagement.duel_flags == (False,) * 5
    assert {"ranged_value", "ranged_no_melee_powers"} <= {e.citation.key for e in engagement.events}


def test_each_side_plays_a_card_the_attacker_winning_wounds_the_defender_winning_nothing() -> None:
    """« Chacun joue 1 carte », « Si l'attaquant gagne : défenseur blessé », « Si le défenseur gagne : rien ne se
    passe »."""
    pos = dungeon([{"id": "xbw", "kind": "crossbowman", "at": "A1"}, {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "B2"}],
                  rulings={"DT-GROUP-RANGED": False})
    hit, events = play(pos, "shoot xbw gob cards=1/2")
    assert hit.character("gob").wounded and {"ranged_cards", "ranged_attacker_wins"} <= cited(events)
    miss, events = play(pos, "shoot xbw gob cards=0/3")
    assert not miss.character("xbw").wounded and not miss.character("gob").wounded and "ranged_defender_wins" in cited(events)


def test_the_great_shield_is_never_shot_at() -> None:
    """« Ne peut pas être la cible d'un combat à distance »."""
    pos = dungeon([{"id": "xbw", "kind": "crossbowman", "at": "A1"},
                   {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "B2", "carrying": ["shield"]}],
                  [{"id": "shield", "kind": "great_shield", "owner": BLUE, "at": "carried"}])
    assert "great shield" in refused(pos, "shoot xbw gob cards=3/0")
