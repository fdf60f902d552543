"""Moving, jumping, turning and revealing rooms, objects and abilities: each test quotes the aid's line that decides it.

The dungeon is invented (tests/dungeontwister/builders.py): red-1 | room A | room B | blue-1; A1 A2 above A3 A4.
"""

from __future__ import annotations

from solver.dungeontwister.model.board import Edge
from solver.dungeontwister.model.state import Place
from tests.dungeontwister.builders import corridor, position, with_pieces
from tests.dungeontwister.rules_helpers import cited, dungeon, play, refused


def test_a_move_goes_at_most_the_white_number_of_zones() -> None:
    """« Chiffre blanc = nombre de zones maximum »: the elf moves 4, the troll 1."""
    pos = dungeon([{"id": "elf", "kind": "elf_lightning", "at": "A1"}, {"id": "trl", "kind": "troll", "at": "A3"}])
    after, events = play(pos, "move elf A2 B1 B2 B4")
    assert after.character("elf").zone == "B4" and "move_count" in cited(events)
    assert "at most 1" in refused(pos, "move trl A4 B3")


def test_a_move_passes_friends_and_wounded_enemies_freely() -> None:
    """« Aller sur 1 zone adjacente vide (et éventuellement en sortir) ou contenant 1 perso ami ou 1 perso adverse
    blessé »: no one holds the mover."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}, {"id": "thf", "kind": "thief", "at": "A2"},
                   {"id": "trl", "kind": "troll", "owner": "blue", "at": "B1", "wounded": True},
                   {"id": "elf", "kind": "elf_lightning", "at": "A3"}])
    after, events = play(pos, "move elf A1 A2 B1 B2")
    assert after.character("elf").zone == "B2" and after.character("elf").entered_from == ""
    assert "move_may" in cited(events)


def test_a_move_may_take_a_wounded_enemys_object() -> None:
    """« ... ou 1 perso adverse blessé et éventuellement lui prendre son objet »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A2"},
                   {"id": "trl", "kind": "troll", "owner": "blue", "at": "B1", "wounded": True, "carrying": ["axe"]}],
                  [{"id": "axe", "kind": "sword", "owner": "blue", "at": "carried"}])
    after, _ = play(pos, "move gob B1 +axe B2")
    assert after.character("gob").carrying == ("axe",) and after.character("trl").carrying == ()


def test_an_unwounded_enemy_holds_a_character_that_enters_its_zone() -> None:
    """« Il ne peut pas sortir de cette zone ce tour-ci sauf par l'endroit par où il est entré »."""
    pos = dungeon([{"id": "elf", "kind": "elf_lightning", "at": "A2"}, {"id": "trl", "kind": "troll", "owner": "blue", "at": "B1"}])
    assert "leaves only the way it came" in refused(pos, "move elf B1 B2")
    after, events = play(pos, "move elf B1")
    assert after.character("elf").entered_from == "A2" and "move_pin" in cited(events)
    back, _ = play(after, "move elf A2 A1")
    assert back.character("elf").zone == "A1"
    assert "leaves only" in refused(after, "move elf B3")


def test_a_closed_portcullis_a_wall_an_arrow_slit_and_a_pit_stop_a_move_an_open_portcullis_does_not() -> None:
    """« Traverser une herse ouverte » and « Traverser 1 fosse / 1 herse fermée / 1 mur / 1 meurtrière » (may not)."""
    inside = {"A": {("1", "2"): "portcullis_open", ("1", "3"): "portcullis_closed", ("2", "4"): "wall", ("3", "4"): "arrow_slit"}}
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}, {"id": "war", "kind": "warrior", "at": "A4"},
                   {"id": "trl", "kind": "troll", "at": "B1"}], inside=inside, pits={"B": ("3",)})
    after, events = play(pos, "move gob A2")
    assert after.character("gob").zone == "A2" and "move_portcullis" in cited(events)
    assert "closed portcullis" in refused(pos, "move gob A3")
    assert "wall" in refused(pos, "move war A2")
    assert "arrow slit" in refused(pos, "move war A3")
    assert "pit" in refused(pos, "move trl B3")


def test_a_character_may_move_onto_its_own_start_zone_and_faces_the_zone_it_came_from() -> None:
    """« Se déplacer sur la zone de départ »."""
    after, events = play(dungeon([{"id": "gob", "kind": "goblin", "at": "A3"}]), "move gob red-1")
    assert after.character("gob").zone == "red-1" and after.character("gob").facing == "A3"
    assert "move_start" in cited(events)


def test_one_point_takes_a_character_to_its_other_start_zone_facing_the_room_it_chooses() -> None:
    """« 1 pt de mvt pour se déplacer sur l'autre zone de départ et faire face à l'autre salle »."""
    doc = with_pieces(corridor(), [{"id": "trl", "kind": "troll", "at": "red-1", "facing": "A1"}])
    doc["start_zones"].append({"id": "red-2", "player": "red", "at": [0, 1]})
    doc["boundaries"].append({"between": ["red-2", "A3"]})
    pos = position(doc)
    after, events = play(pos, "move trl red-2@A3")
    assert (after.character("trl").zone, after.character("trl").facing) == ("red-2", "A3")
    assert "start_other" in cited(events)


def test_passing_an_object_a_character_takes_or_drops_it_for_no_ap() -> None:
    """« Le prendre (mettre l'objet sous la carte perso) ou le déposer pour 0 PA »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "carrying": ["rope"]}],
                  [{"id": "rope", "kind": "rope", "at": "carried"}, {"id": "key", "kind": "key", "at": "A2"}])
    after, events = play(pos, "move gob A2 -rope +key A4")
    assert after.item("rope").zone == "A2" and after.character("gob").carrying == ("key",)
    assert after.players[0].ap == 2 and "object_take" in cited(events)


def test_a_character_carries_objects_of_either_colour() -> None:
    """« 1 perso peut transporter des objets de n'importe quelle couleur »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], [{"id": "shield", "kind": "great_shield", "owner": "blue",
                                                                   "at": "A2"}])
    after, _ = play(pos, "move gob A2 +shield")
    assert after.character("gob").carrying == ("shield",) and after.item("shield").owner == 1


def test_passing_a_friend_objects_change_hands_for_no_ap() -> None:
    """« Si le perso passe par une zone contenant 1 perso ami, il peut prendre/donner/échanger les objets pour 0 PA »:
    the goblin swaps its key for the thief's rope on the way, then gives the key to the troll, for the move's 1 AP."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "carrying": ["key"]},
                   {"id": "thf", "kind": "thief", "at": "A2", "carrying": ["rope"]}, {"id": "trl", "kind": "troll", "at": "A4"}],
                  [{"id": "key", "kind": "key", "at": "carried"}, {"id": "rope", "kind": "rope", "at": "carried"}])
    assert "golden rule C" in refused(pos, "move gob A2 +rope")
    after, events = play(pos, "move gob A2 key~rope")
    assert after.character("gob").carrying == ("rope",) and after.character("thf").carrying == ("key",)
    given, _ = play(pos, "move gob A2 A4 key>trl")
    assert given.character("trl").carrying == ("key",) and given.players[0].ap == 2
    assert "object_exchange" in cited(events)


def test_an_ability_with_the_sun_and_an_object_with_the_sun_cost_one_ap() -> None:
    """« 1 PA quand le « soleil » est indiqué à côté de la capacité » and « 1 PA si « soleil » à côté de la capacité de
    l'objet »: the thief picks the lock of a closed portcullis, the goblin's key shuts it again."""
    pos = dungeon([{"id": "thf", "kind": "thief", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A2", "carrying": ["key"]}],
                  [{"id": "key", "kind": "key", "at": "carried"}], inside={"A": {("1", "2"): "portcullis_closed"}})
    opened, events = play(pos, "lockpick thf A2")
    assert opened.layout.edge(opened.board, "A1", "A2") is Edge.PORTCULLIS_OPEN and opened.players[0].ap == 2
    assert "lockpick" in cited(events)
    shut, events = play(opened, "key gob A1")
    assert shut.layout.edge(shut.board, "A1", "A2") is Edge.PORTCULLIS_CLOSED and shut.players[0].ap == 1
    assert "key" in cited(events)


def test_a_room_turns_a_quarter_the_way_its_arrow_points_from_its_mechanism_or_its_twins() -> None:
    """« 1 PA : la tourner ou tourner l'autre salle de même couleur d'1/4 de tour dans le sens de la flèche de la salle
    qui tourne »: from A's mechanism, A turns clockwise (its arrow) or B counter-clockwise (B's arrow)."""
    pos = dungeon([{"id": "mec", "kind": "goblin", "at": "A1"}, {"id": "thf", "kind": "thief", "at": "B1"}],
                  mechanisms={"A": ("1",)}, arrows={"A": "cw", "B": "ccw"})
    turned, events = play(pos, "rotate A by mec")
    assert turned.character("mec").zone == "A2" and "A2" in turned.layout.mechanisms and "rotate" in cited(events)
    twin, _ = play(pos, "rotate B by mec")
    assert twin.character("thf").zone == "B3" and twin.character("mec").zone == "A1"


def test_one_ap_turns_one_room_only() -> None:
    """« 1PA ne permet de tourner qu'une seule salle »: turning A leaves its twin B as it was."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}, {"id": "thf", "kind": "thief", "at": "B1"}],
                  mechanisms={"A": ("1",)})
    after, _ = play(pos, "rotate A by gob")
    assert after.layout.orientation == (1, 0) and after.character("thf").zone == "B1" and after.players[0].ap == 2


def test_a_turned_room_is_not_turned_back_only_on_round() -> None:
    """« 1 fois la rotation effectuée, on ne peut pas revenir en arrière »: a room turns only its arrow's way, so its
    contents come back after four quarter turns, never by one the other way (only the mechanork chooses)."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], mechanisms={"A": ("1",)})
    assert "only the mechanork chooses" in refused(pos, "rotate A by gob ccw")
    after, _ = play(pos, "rotate A by gob", "rotate A by gob", "rotate A by gob")
    assert after.character("gob").zone == "A3"
    after, _ = play(after, "end", "end", "rotate A by gob")
    assert after.character("gob").zone == "A1" and after.layout.orientation[0] == 0


def test_characters_and_objects_keep_their_orientation_when_a_room_turns() -> None:
    """« Les objets & perso ne changent pas d'orientation lors d'1 rotation »: a character on the start zone still
    faces the same zone of the room, whatever turned into it."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "red-1", "facing": "A1"}, {"id": "mec", "kind": "thief", "at": "A1"}],
                  [{"id": "key", "kind": "key", "at": "A2"}], mechanisms={"A": ("1",)})
    after, events = play(pos, "rotate A by mec")
    assert after.character("gob").facing == "A1" and after.item("key").zone == "A4"
    assert "rotate_orientation" in cited(events)


def test_a_jump_card_takes_a_character_over_a_pit_and_leaves_the_game() -> None:
    """« 1 PA pour jouer 1 carte saut & faire sauter 1 perso au-dessus d'une fosse » and « Retirer la carte saut du
    jeu »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], pits={"A": ("2",)})
    after, events = play(pos, "jump gob A2 B1")
    assert after.character("gob").zone == "B1" and after.players[0].jump_cards == 2 and after.players[0].ap == 2
    assert {"jump", "jump_card_out"} <= cited(events)


def test_a_jump_lands_only_where_no_unwounded_enemy_stands() -> None:
    """« Le perso atterrit dans la zone adjacente à condition qu'elle ne contienne pas 1 perso adverse non blessé »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": "blue", "at": "B1"},
                   {"id": "thf", "kind": "thief", "owner": "blue", "at": "A4", "wounded": True}], pits={"A": ("2",)})
    assert "unwounded enemy" in refused(pos, "jump gob A2 B1")
    after, events = play(pos, "jump gob A2 A4")
    assert after.character("gob").zone == "A4" and "jump_land" in cited(events)


def test_no_jump_over_two_adjacent_pits() -> None:
    """« On ne peut pas sauter au-dessus de 2 fosses adjacentes »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], pits={"A": ("2", "4")})
    assert "2 adjacent pits" in refused(pos, "jump gob A2 A4")


def test_a_jump_may_be_diagonal() -> None:
    """« On peut sauter en diagonale »: from A1 over the pit A2 to A4, A1's diagonal neighbour."""
    after, _ = play(dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], pits={"A": ("2",)}), "jump gob A2 A4")
    assert after.character("gob").zone == "A4"


def test_with_no_jump_card_left_a_combat_card_other_than_the_0_is_one() -> None:
    """« Si vous n'avez plus de carte saut, vous pouvez définitivement vous défausser d'une carte combat ≠ 0 comme carte
    saut »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], pits={"A": ("2",)}, red={"jump_cards": 0})
    assert "no jump card left" in refused(pos, "jump gob A2 B1")
    assert "no jump card left" in refused(pos, "jump gob A2 B1 card=0")
    after, events = play(pos, "jump gob A2 B1 card=2")
    assert after.players[0].cards == (0, 1, 3) and "jump_combat_card" in cited(events)
    assert "only when no jump card is left" in refused(dungeon([{"id": "gob", "kind": "goblin", "at": "A1"}], pits={"A": ("2",)}),
                                                       "jump gob A2 B1 card=2")


def test_a_reveal_needs_direct_access_and_the_character_stays_outside() -> None:
    """« Si 1 perso a un accès direct à la salle (toujours pour les persos sur la zone de départ) » and « le perso ne
    rentre pas dans la salle »: room B is face down; the goblin next to it reveals it and stays in A2. The cards beside
    it are placed: « Le joueur actif décide où placer tous les persos & les objets adverses » and « L'autre joueur décide
    où placer les objets du joueur actif » (the action names where each went)."""
    doc = with_pieces(corridor(hidden=("B",)), [{"id": "gob", "kind": "goblin", "at": "A2"},
                                                {"id": "trl", "kind": "troll", "owner": "blue", "at": "beside:B"}],
                      [{"id": "axe", "kind": "sword", "owner": "blue", "at": "beside:B"},
                       {"id": "key", "kind": "key", "at": "beside:B"}])
    pos = position(doc)
    assert "place every card" in refused(pos, "reveal B by gob")
    after, events = play(pos, "reveal B by gob trl@B1 axe@B2 key@B3")
    assert after.layout.revealed == (True, True) and after.character("gob").zone == "A2"
    assert after.character("trl").zone == "B1" and after.item("key").zone == "B3"
    assert {"reveal_access", "reveal_outside", "reveal_active_places", "reveal_other_places", "reveal_one_per_zone"} <= cited(events)


def test_at_most_one_card_a_zone_when_a_room_is_revealed() -> None:
    """« Placer max 1 carte (objet/perso) par zone »."""
    doc = with_pieces(corridor(hidden=("B",)), [{"id": "gob", "kind": "goblin", "at": "A2"},
                                                {"id": "trl", "kind": "troll", "owner": "blue", "at": "beside:B"}],
                      [{"id": "key", "kind": "key", "at": "beside:B"}])
    assert "two cards in B1" in refused(position(doc), "reveal B by gob trl@B1 key@B1")


def test_a_character_on_the_start_zone_always_has_access_to_its_room() -> None:
    """« (toujours pour les persos sur la zone de départ) »: even facing another zone, behind a wall."""
    doc = with_pieces(corridor(hidden=("A",), start_links="wall"), [{"id": "gob", "kind": "goblin", "at": "red-1", "facing": "A1"}])
    after, _ = play(position(doc), "reveal A by gob")
    assert after.layout.revealed[0]


def test_nothing_enters_a_face_down_room() -> None:
    """« le perso ne rentre pas dans la salle »: a move into a face-down room is refused until it is revealed."""
    doc = with_pieces(corridor(hidden=("B",)), [{"id": "gob", "kind": "goblin", "at": "A2"}])
    assert "face-down room" in refused(position(doc), "move gob B1")


def test_the_ghost_passes_every_obstacle_and_carries_nothing() -> None:
    """« Incorporel : Peut traverser tout type d'obstacle (mur, fosse, ennemis,…) » and « Pas de transport : ne peut rien
    transporter/pas utiliser d'objet »."""
    pos = dungeon([{"id": "gho", "kind": "ghost", "at": "A1"}, {"id": "trl", "kind": "troll", "owner": "blue", "at": "A2"}],
                  [{"id": "key", "kind": "key", "at": "A2"}], inside={"A": {("1", "2"): "wall"}})
    after, _ = play(pos, "move gho A2 B1")
    assert after.character("gho").zone == "B1"
    assert "carries nothing" in refused(pos, "move gho A2 +key")


def test_flyers_cross_pits_and_enemies_acrobats_cross_pits_but_are_held() -> None:
    """« Vol : traverse des fosses & des zones contenant des persos ennemis » (the dark angel), « Lévitation : Peut
    traverser des fosses et des persos ennemis » (the wizard), « Acrobatie : peut passer au dessus des fosses » (the
    elf): under DT-PIT-ZONE a pit is a zone crossed for a point, never a stop."""
    pos = dungeon([{"id": "ang", "kind": "dark_angel", "at": "A1"}, {"id": "elf", "kind": "elf_lightning", "at": "A3"},
                   {"id": "trl", "kind": "troll", "owner": "blue", "at": "B1"}], pits={"A": ("2",)})
    after, _ = play(pos, "move ang A2 B1 B2")
    assert after.character("ang").zone == "B2"
    assert "leaves only" in refused(pos, "move elf A4 B3 B1 B2")
    assert "stays on the pit" in refused(pos, "move elf A4 A2")


def test_the_colossus_lets_small_characters_through() -> None:
    """« Géant : les persos avec une valeur de combat ≤ 1 (avant modifs) peuvent passer entre les jambes du colosse »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A2"}, {"id": "thf", "kind": "thief", "at": "A4"},
                   {"id": "col", "kind": "colossus", "owner": "blue", "at": "B1"}])
    after, _ = play(pos, "move gob B1 B2")
    assert after.character("gob").zone == "B2"
    assert "leaves only" in refused(pos, "move thf A2 B1 B2")


def test_the_snake_man_passes_arrow_slits_carrying() -> None:
    """« Contorsionniste : Peut passer à travers les meurtrières même s'il transporte un objet ou un blessé »."""
    pos = dungeon([{"id": "snk", "kind": "snake_man", "at": "A3", "carrying": ["key"]}], [{"id": "key", "kind": "key",
                                                                                            "at": "carried"}],
                  inside={"A": {("3", "4"): "arrow_slit"}})
    after, _ = play(pos, "move snk A4")
    assert after.character("snk").zone == "A4"


def test_the_wall_walker_crosses_a_wall_as_an_action_of_its_own_never_a_portcullis() -> None:
    """« Traverser les murs (1PA) : Peut traverser un mur (ou un double mur) même en transportant un objet ou un blessé »
    and « Pas passer à travers une herse »."""
    pos = dungeon([{"id": "wlk", "kind": "wall_walker", "at": "A1"}],
                  inside={"A": {("1", "2"): "wall", ("1", "3"): "portcullis_closed"}})
    after, events = play(pos, "wallwalk wlk A2")
    assert after.character("wlk").zone == "A2" and after.players[0].ap == 2 and "walk_through_walls" in cited(events)
    assert "never a portcullis" in refused(pos, "wallwalk wlk A3")


def test_the_colossus_and_the_warrior_break_a_portcullis_for_good() -> None:
    """« Torsion des barres (1 PA) : Briser une herse adjacente »: a broken portcullis no key shuts."""
    pos = dungeon([{"id": "war", "kind": "warrior", "at": "A1", "carrying": ["key"]}], [{"id": "key", "kind": "key",
                                                                                          "at": "carried"}],
                  inside={"A": {("1", "2"): "portcullis_closed"}})
    after, events = play(pos, "bend war A2")
    assert after.layout.edge(after.board, "A1", "A2") is Edge.PORTCULLIS_BROKEN and "bend_bars" in cited(events)
    assert "no portcullis that opens and closes" in refused(after, "key war A2")


def test_the_golem_breaks_every_wall_of_its_room_once_a_game() -> None:
    """« Briser des murs (1 PA) : Placer la carte mur brisé : tous les murs de la salle sont brisés y compris la herse »
    and « Le Golem ne peut utiliser cette capacité qu'1 fois par partie »."""
    pos = dungeon([{"id": "glm", "kind": "golem", "at": "A1"}],
                  inside={"A": {("1", "2"): "wall", ("3", "4"): "portcullis_closed"}, "B": {("1", "2"): "wall"}})
    after, _ = play(pos, "smash glm")
    assert after.layout.edge(after.board, "A1", "A2") is Edge.BROKEN_WALL
    assert after.layout.edge(after.board, "A3", "A4") is Edge.PORTCULLIS_BROKEN
    assert after.layout.edge(after.board, "B1", "B2") is Edge.WALL
    assert "once a game" in refused(after, "smash glm")


def test_the_mechanork_turns_a_room_either_way() -> None:
    """« Bricolage (1 PA) : Peut activer la rotation d'une salle ou de sa jumelle dans le sens de son choix »."""
    pos = dungeon([{"id": "mec", "kind": "mechanork", "at": "A1"}], mechanisms={"A": ("1",)})
    after, events = play(pos, "rotate A by mec ccw")
    assert after.character("mec").zone == "A3" and after.layout.orientation[0] == 3 and "tinker" in cited(events)


def test_the_cleric_heals_a_wounded_character_in_its_zone_never_itself() -> None:
    """« Soins (1 PA) : Soigner 1 blessé (qu'il ne transporte pas) dans la même zone »; « Le perso blessé ne peut rien
    faire d'autre ce tour-ci. Le clerc ne sait pas se soigner lui-même »."""
    pos = dungeon([{"id": "clr", "kind": "cleric", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A1", "wounded": True}])
    after, events = play(pos, "heal clr gob")
    assert not after.character("gob").wounded and after.character("gob").resting and "heal" in cited(events)
    assert "does nothing else" in refused(after, "move gob A2")
    assert "never itself" in refused(pos, "heal clr clr")


def test_the_troll_regenerates_from_the_turn_after_its_wound() -> None:
    """« Regénération (1PA): S'il est blessé, il peut se regénérer à partir du tour suivant où il a été blessé »."""
    pos = dungeon([{"id": "trl", "kind": "troll", "at": "A1", "wounded": True, "wounded_this_turn": True}])
    assert "turn after" in refused(pos, "regenerate trl")
    later, _ = play(pos, "end", "end")
    healed, events = play(later, "regenerate trl")
    assert not healed.character("trl").wounded and "regeneration" in cited(events)
    assert "does nothing else" in refused(healed, "move trl A2")


def test_the_pickpocket_steals_an_object_never_a_wounded_character() -> None:
    """« Vol à la tire (1 PA) : Peut voler 1 objet (pas un blessé) à un ennemi se trouvant dans la même zone »."""
    pos = dungeon([{"id": "pkt", "kind": "pickpocket", "at": "A1"},
                   {"id": "pal", "kind": "paladin", "owner": "blue", "at": "A1", "carrying": ["axe", "gob"]},
                   {"id": "gob", "kind": "goblin", "owner": "blue", "at": "carried", "wounded": True}],
                  [{"id": "axe", "kind": "sword", "owner": "blue", "at": "carried"}])
    after, _ = play(pos, "steal pkt axe")
    assert after.character("pkt").carrying == ("axe",)
    assert "never stolen" in refused(pos, "steal pkt gob")


def test_the_telekinetic_flies_an_object_of_its_room_three_zones() -> None:
    """« Psychokinésie (1PA) : Peut déplacer 1 objet se trouvant dans n'importe quelle zone de la salle où elle se trouve
    ... de 3 zones »."""
    pos = dungeon([{"id": "tlk", "kind": "telekinetic", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "B2"}],
                  [{"id": "key", "kind": "key", "at": "A3"}], pits={"A": ("4",)})
    after, events = play(pos, "telekinesis tlk key A4 B3 B4")
    assert after.item("key").zone == "B4" and "psychokinesis" in cited(events)
    given, _ = play(pos, "telekinesis tlk key A1 A2 B1")
    assert given.item("key").zone == "B1"
    assert "1 to 3 zones" in refused(pos, "telekinesis tlk key A4 B3 B4 B2")


def test_the_fireball_eliminates_a_character_in_sight_even_a_shielded_one() -> None:
    """« un jeteur de sort peut cibler 1 perso sur sa ligne de vue (même dans la même salle). Ce perso est éliminé
    directement »; the great shield: « il peut être ciblé par une boule de feu »."""
    pos = dungeon([{"id": "wiz", "kind": "wizard", "at": "A1", "carrying": ["fire"]},
                   {"id": "trl", "kind": "troll", "owner": "blue", "at": "B2", "carrying": ["shield"]},
                   {"id": "gob", "kind": "goblin", "at": "A2"}],
                  [{"id": "fire", "kind": "fireball_scroll", "at": "carried"},
                   {"id": "shield", "kind": "great_shield", "owner": "blue", "at": "carried"}])
    assert "line of sight" in refused(pos, "fireball wiz trl")
    moved, _ = play(pos, "move gob A4")
    after, events = play(moved, "fireball wiz trl")
    assert after.character("trl").place is Place.DEAD and after.item("fire").place is Place.GONE
    assert after.players[0].vp == 1 and "fireball_scroll" in cited(events)


def test_the_rope_carries_its_bearer_over_a_pit_never_onto_it() -> None:
    """« Le perso peut traverser une fosse » and « Une corde ou le perso la transportant ne peuvent pas rester sur la
    fosse »."""
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "A1", "carrying": ["rope"]}], [{"id": "rope", "kind": "rope",
                                                                                          "at": "carried"}],
                  pits={"A": ("2",)})
    after, _ = play(pos, "move gob A2 B1")
    assert after.character("gob").zone == "B1"
    assert "stays on the pit" in refused(pos, "move gob A2")


def test_the_inversion_scroll_is_refused_with_its_reason() -> None:
    """« 1 jeteur de sort peut échanger la salle où il se trouve avec 1 salle adjacente orthogonalement »: a zone graph
    does not say where rooms lie, so the swap is not played (DT-INVERSION)."""
    pos = dungeon([{"id": "wiz", "kind": "wizard", "at": "A1", "carrying": ["inv"]}], [{"id": "inv", "kind": "inversion_scroll",
                                                                                         "at": "carried"}])
    assert "DT-INVERSION" in refused(pos, "inversion wiz B")
