"""The turn, the victory points and the golden rules: each test quotes the aid's line that decides it.

The dungeon is invented (tests/dungeontwister/builders.py): red-1 | room A | room B | blue-1, rooms of 2 x 2 zones.
"""

from __future__ import annotations

import pytest

from solver.base.errors import PositionError
from solver.dungeontwister.model.state import Place
from tests.dungeontwister.builders import corridor, position, with_pieces
from tests.dungeontwister.rules_helpers import cited, dungeon, play, refused


def test_a_killed_enemy_scores_one_vp() -> None:
    """« 1 par perso adverse tué » (1 VP for each enemy character killed)."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1"},
                   {"id": "gob", "kind": "goblin", "owner": "blue", "at": "A1", "wounded": True}])
    after, events = play(pos, "attack war gob cards=1/0")
    assert after.character("gob").place is Place.DEAD
    assert after.players[0].vp == 1 and {"vp_kill", "wounded_loses"} <= cited(events)


def test_a_character_out_through_the_opponents_start_zone_scores_one_vp() -> None:
    """« 1 par perso qui s'échappe par la zone de départ adverse » (1 VP for each character that escapes)."""
    after, events = play(dungeon([{"id": "thf", "kind": "thief", "at": "B2"}]), "move thf blue-1 out")
    assert after.character("thf").place is Place.ESCAPED and after.players[0].vp == 1
    assert "vp_escape" in cited(events)


def test_no_character_stays_on_the_opponents_start_zone() -> None:
    """« il n'est pas possible de rester sur la zone de départ adverse »."""
    assert "cannot stay" in refused(dungeon([{"id": "thf", "kind": "thief", "at": "B2"}]), "move thf blue-1")


def test_an_object_carried_out_is_discarded_and_the_treasure_scores() -> None:
    """« Si le perso sort avec un objet : défaussé »; the treasure: « 1 PV s'il sort du labyrinthe »."""
    pos = dungeon([{"id": "thf", "kind": "thief", "at": "B2", "carrying": ["gold"]}],
                  [{"id": "gold", "kind": "treasure", "at": "carried"}])
    after, events = play(pos, "move thf blue-1 out")
    assert after.item("gold").place is Place.GONE and after.players[0].vp == 2
    assert "escape_object" in cited(events) and "treasure" in cited(events)


def test_a_wounded_friend_carried_out_scores_nothing() -> None:
    """« Si le perso sort avec un perso blessé : le blessé ne rapporte pas de PV »."""
    pos = dungeon([{"id": "pal", "kind": "paladin", "at": "B2", "carrying": ["thf"]},
                   {"id": "thf", "kind": "thief", "at": "carried", "wounded": True}])
    after, events = play(pos, "move pal blue-1 out")
    assert after.character("thf").place is Place.ESCAPED and after.players[0].vp == 1
    assert "escape_wounded" in cited(events)


def test_a_character_on_its_start_zone_blocks_the_way_out_through_the_zone_it_faces() -> None:
    """« Un perso sur une zone de départ bloque la sortie par la zone à laquelle il fait face »."""
    pos = dungeon([{"id": "thf", "kind": "thief", "at": "B2"}, {"id": "elf", "kind": "elf_lightning", "at": "B4"},
                   {"id": "trl", "kind": "troll", "owner": "blue", "at": "blue-1", "facing": "B2"}])
    assert "blocked" in refused(pos, "move thf blue-1 out")
    after, _ = play(pos, "move elf blue-1 out")
    assert after.character("elf").place is Place.ESCAPED


def test_reaching_the_scenarios_vp_ends_the_game() -> None:
    """« Choisir une carte scénario (5 ou 6 PVs) »: the first to the scenario's VP wins (DT-WIN)."""
    pos = dungeon([{"id": "thf", "kind": "thief", "at": "B2"}, {"id": "gob", "kind": "goblin", "at": "A1"}],
                  red={"vp": 4}, target_vp=5)
    after, _ = play(pos, "move thf blue-1 out")
    assert after.winner == 0
    assert "game is over" in refused(after, "move gob A2")
    assert position(corridor()).target_vp == 6 and position({**corridor(), "target_vp": 5}).target_vp == 5


def test_each_player_starts_with_three_jump_cards() -> None:
    """« Chacun prend 3 cartes saut »: a player written without jump cards has 3."""
    doc = corridor()
    assert "jump_cards" not in doc["players"][0]
    assert position(doc).players[0].jump_cards == 3


def test_the_second_player_gains_three_ap_on_its_first_turn() -> None:
    """« 1ER Tour : 1er joueur gagne 2 PA – 2ème joueur 3 PA »: the first player has its 2, the second 3 when it plays."""
    pos = dungeon(red={"ap": 2}, blue={"ap": 0})
    after, events = play(pos, "end")
    assert after.to_move == 1 and after.players[1].ap == 3 and "ap_gain" in cited(events)


def test_later_turns_add_three_ap_and_at_most_three_are_kept() -> None:
    """« Tours suivants : +3 PAs » and « CONSERVER MAX 3 PAs POUR LE TOUR SUIVANT »."""
    after, events = play(dungeon(red={"ap": 5}, blue={"ap": 3}), "end")
    assert after.players[0].ap == 3 and after.players[1].ap == 6
    assert {"ap_keep", "ap_gain"} <= cited(events)


def test_every_action_costs_one_ap() -> None:
    """« Réaliser 1 action = diminuer sa carte d'1 PA »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], red={"ap": 1})
    after, _ = play(pos, "move gob A2")
    assert after.players[0].ap == 0
    assert "no AP left" in refused(after, "move gob A1")


def test_a_character_on_its_start_zone_steps_into_the_zone_it_faces() -> None:
    """« Indiquer la zone par l'icône qui pointe vers la salle »: a start-zone character faces one zone and enters by
    it; « 1 pt de mouvement pour changer l'orientation du perso »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "red-1", "facing": "A1"}])
    assert "faces" in refused(pos, "move gob A3")
    after, events = play(pos, "move gob @A3 A3")
    assert after.character("gob").zone == "A3" and {"start_turn", "move_may"} <= cited(events)


def test_an_action_is_finished_before_the_next_and_a_refused_one_changes_nothing() -> None:
    """« 1 action doit être complètement terminée avant d'en commencer une autre »: a move is played whole or refused
    whole (here its end breaks no rule but it takes a step too many)."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}])
    assert "at most 2" in refused(pos, "move gob A2 B1 B2")
    assert pos.character("gob").zone == "A1" and pos.players[0].ap == 3


def test_no_more_than_three_characters_of_a_player_in_a_zone_at_the_end_of_an_action() -> None:
    """« A la fin d'une action, il ne peut jamais y avoir plus de 3 persos contrôlés par 1 même joueur dans 1 même zone
    (y compris les blessés) »: a fourth may pass through, not stop; the wounded count."""
    crowd = [{"id": "a", "kind": "goblin", "at": "A2"}, {"id": "b", "kind": "troll", "at": "A2"},
             {"id": "c", "kind": "cleric", "at": "A2", "wounded": True}, {"id": "d", "kind": "thief", "at": "A1"}]
    pos = dungeon(crowd)
    assert "golden rule B" in refused(pos, "move d A2")
    after, _ = play(pos, "move d A2 B1")
    assert after.character("d").zone == "B1"


def test_a_character_carries_one_object_or_one_wounded_friend_the_paladin_two() -> None:
    """« 1 perso peut transporter max 1 objet ou 1 perso blessé »; the paladin: « Peut transporter 2 objets ou 1 objet +
    1 blessé ou 2 blessés »."""
    items = [{"id": "key", "kind": "key", "at": "carried"}, {"id": "sword", "kind": "sword", "at": "A2"}]
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "carrying": ["key"]}], items)
    assert "golden rule C" in refused(pos, "move gob A2 +sword")
    pos = dungeon([{"id": "pal", "kind": "paladin", "at": "A1", "carrying": ["key"]}], items)
    after, _ = play(pos, "move pal A2 +sword")
    assert after.character("pal").carrying == ("key", "sword")


def test_the_checker_refuses_a_fourth_character_in_a_zone_and_an_overloaded_carrier() -> None:
    """Golden rules B and C hold of a position as entered too: every problem is listed with its place."""
    doc = with_pieces(corridor(), [{"id": f"g{i}", "kind": kind, "at": "A1"} for i, kind in
                                   enumerate(("goblin", "troll", "thief", "cleric"))])
    with pytest.raises(PositionError) as caught:
        position(doc)
    assert any(p.path == "characters" and "golden rule B" in p.message for p in caught.value.problems)
