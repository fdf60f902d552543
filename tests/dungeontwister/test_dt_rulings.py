"""Both readings of every named ruling, played: the default (``true``) and the other (``false``).

Each ruling fills a gap the aid leaves in a rule it names (docs/dungeon-twister.md says which reading its letter
supports). Adjudication replays actions under the other reading of every ruling the result depends on.
"""

from __future__ import annotations

from solver.dungeontwister.model.rulings import DEFAULT, FIXED, SWITCH_NAMES, SWITCHES
from solver.dungeontwister.model.state import Place
from solver.dungeontwister.rules.adjudicate import adjudicate
from solver.dungeontwister.rules.engagement import CombatKind, engage
from tests.dungeontwister.builders import corridor, position, with_pieces
from tests.dungeontwister.rules_helpers import dungeon, play, refused

BLUE = "blue"


def both(name: str, characters: list[dict[str, object]], objects: list[dict[str, object]] = (), **layout: object):  # type: ignore[no-untyped-def, assignment]
    """The same dungeon under the default reading of ``name`` and under the other."""
    return (dungeon(characters, objects, rulings={name: True}, **layout),  # type: ignore[arg-type]
            dungeon(characters, objects, rulings={name: False}, **layout))  # type: ignore[arg-type]


def test_every_switch_has_two_readings_and_every_fixed_ruling_one() -> None:
    assert len(SWITCHES) == 9 and all(r.other for r in SWITCHES) and all(r.other is None for r in FIXED)
    assert tuple(DEFAULT.as_dict()) == SWITCH_NAMES and all(DEFAULT.as_dict().values())


def test_rotate_site_a_mechanism_or_anywhere_in_the_room() -> None:
    """« 1 PA : la tourner ou tourner l'autre salle de même couleur » says not where from (DT-ROTATE-SITE)."""
    default, other = both("DT-ROTATE-SITE", [{"id": "gob", "kind": "goblin", "at": "A4"}], mechanisms={"A": ("1",)})
    assert "rotation mechanism" in refused(default, "rotate A by gob")
    after, events = play(other, "rotate A by gob")
    assert after.character("gob").zone == "A3" and any(e.ruling == "DT-ROTATE-SITE" for e in events)


def test_reveal_access_a_way_through_or_any_link() -> None:
    """« Si 1 perso a un accès direct à la salle » says not what direct access is (DT-REVEAL-ACCESS)."""
    layout = {"hidden": ("B",), "rims": {"A": {("2", "e"): "wall"}}}
    characters = [{"id": "gob", "kind": "goblin", "at": "A2"}]
    default = position(with_pieces(corridor(**layout), characters, rulings={"DT-REVEAL-ACCESS": True}))  # type: ignore[arg-type]
    other = position(with_pieces(corridor(**layout), characters, rulings={"DT-REVEAL-ACCESS": False}))  # type: ignore[arg-type]
    assert "no direct access" in refused(default, "reveal B by gob")
    assert play(other, "reveal B by gob")[0].layout.revealed[1]
    walker = position(with_pieces(corridor(**layout), [{"id": "wlk", "kind": "wall_walker", "at": "A2"}],  # type: ignore[arg-type]
                                  rulings={"DT-REVEAL-ACCESS": False}))
    assert "no direct access" in refused(walker, "reveal B by wlk")


def test_pit_zone_a_pit_is_a_zone_crossed_for_a_point_or_lies_between_zones() -> None:
    """« Traverser 1 fosse » and « Une corde ou le perso la transportant ne peuvent pas rester sur la fosse » leave open
    whether a pit is a zone (DT-PIT-ZONE): the troll (1 zone a move) with a rope crosses only if it lies between."""
    rope = [{"id": "rope", "kind": "rope", "at": "carried"}]
    default, other = both("DT-PIT-ZONE", [{"id": "trl", "kind": "troll", "at": "A1", "carrying": ["rope"]},
                                          {"id": "elf", "kind": "elf_lightning", "at": "A3"}], rope, pits={"A": ("2",)})
    assert "at most 1" in refused(default, "move trl A2 B1")
    assert "not linked" in refused(default, "move trl B1")
    crossed, events = play(other, "move trl B1")
    assert crossed.character("trl").zone == "B1" and any(e.ruling == "DT-PIT-ZONE" for e in events)
    assert "between the zones" in refused(other, "move elf A1 A2")
    assert play(default, "move elf A4 A2 B1")[0].character("elf").zone == "B1"


def test_escape_one_point_more_to_get_out_or_out_on_arrival() -> None:
    """« il n'est pas possible de rester sur la zone de départ adverse » says not what getting out costs (DT-ESCAPE): the
    troll (1 zone a move) gets out from B2 only if arriving is getting out."""
    default, other = both("DT-ESCAPE", [{"id": "trl", "kind": "troll", "at": "B2"}])
    assert "at most 1" in refused(default, "move trl blue-1 out")
    after, _ = play(other, "move trl blue-1")
    assert after.character("trl").place is Place.ESCAPED and after.players[0].vp == 1


def test_ranged_defence_the_red_number_with_armour_or_the_card_alone() -> None:
    """The aid gives the attacker's value at range, not the defender's (DT-RANGED-DEFENCE)."""
    pieces = [{"id": "xbw", "kind": "crossbowman", "at": "A1"},
              {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B2", "carrying": ["ar"]}]
    default, other = both("DT-RANGED-DEFENCE", pieces, [{"id": "ar", "kind": "armour", "owner": BLUE, "at": "carried"}])
    assert engage(default, CombatKind.RANGED, "xbw", "trl").defenders[0].value == 5
    assert engage(other, CombatKind.RANGED, "xbw", "trl").defenders[0].value == 0
    assert not play(default, "shoot xbw trl cards=1/0")[0].character("trl").wounded
    assert play(other, "shoot xbw trl cards=1/0")[0].character("trl").wounded


def test_assassin_group_the_initial_target_dies_or_every_loser() -> None:
    """« s'il remporte un combat (même groupé) : le perso adverse est tué » names one enemy (DT-ASSASSIN-GROUP)."""
    pieces = [{"id": "asn", "kind": "assassin", "at": "A1"}, {"id": "war", "kind": "warrior", "at": "A1"},
              {"id": "gob", "kind": "goblin", "owner": BLUE, "at": "A1"}, {"id": "thf", "kind": "thief", "owner": BLUE, "at": "A1"}]
    default, other = both("DT-ASSASSIN-GROUP", pieces)
    after, events = play(default, "attack asn gob cards=1/0")
    assert after.character("gob").place is Place.DEAD and after.character("thf").wounded and after.character("thf").place is Place.ZONE
    assert any(e.ruling == "DT-ASSASSIN-GROUP" for e in events)
    after, _ = play(other, "attack asn gob cards=1/0")
    assert after.character("gob").place is Place.DEAD and after.character("thf").place is Place.DEAD and after.players[0].vp == 2


def test_group_ranged_the_scrambled_lines_read_or_the_shooter_alone() -> None:
    """« Combat à distance groupé »: its lines came out scrambled (DT-GROUP-RANGED). Read in order: « Persos de
    l'attaquant situés dans la même zone que la cible : valeur de combat au corps à corps », « S'il y a des persos
    attaquants dans la même zone que la cible, tous les persos du défenseur situés dans cette zone »; and not « Les
    tireurs du défenseur », nor « D'autres persos du défenseur s'il n'y a pas de perso attaquant dans la même zone »."""
    pieces = [{"id": "xbw", "kind": "crossbowman", "at": "A1"}, {"id": "war", "kind": "warrior", "at": "B2"},
              {"id": "gob", "kind": "goblin", "at": "A3", "carrying": ["bow"]},
              {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B2"}, {"id": "thf", "kind": "thief", "owner": BLUE, "at": "B2"},
              {"id": "arc", "kind": "crossbowman", "owner": BLUE, "at": "B4"}]
    default, other = both("DT-GROUP-RANGED", pieces, [{"id": "bow", "kind": "bow", "at": "carried"}],
                          inside={"A": {("3", "4"): "open"}})
    grouped = engage(default, CombatKind.RANGED, "xbw", "trl")
    assert sorted(t.ident for t in grouped.attackers) == ["war", "xbw"]
    assert sorted(t.ident for t in grouped.defenders) == ["thf", "trl"]
    alone = engage(other, CombatKind.RANGED, "xbw", "trl")
    assert [t.ident for t in alone.attackers] == ["xbw"] and [t.ident for t in alone.defenders] == ["trl"]
    keys = {e.citation.key for e in grouped.events}
    assert {"group_ranged_melee", "group_ranged_defenders"} <= keys
    no_attacker_there = dungeon([p for p in pieces if p["id"] != "war"], [{"id": "bow", "kind": "bow", "at": "carried"}])
    assert [t.ident for t in engage(no_attacker_there, CombatKind.RANGED, "xbw", "trl").defenders] == ["trl"]


def test_group_ranged_other_shooters_in_sight_join() -> None:
    """« D'autres tireurs du camp de l'attaquant ayant une ligne de vue » join; the defender's do not."""
    pieces = [{"id": "xbw", "kind": "crossbowman", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "B4", "carrying": ["bow"]},
              {"id": "trl", "kind": "troll", "owner": BLUE, "at": "B2"}, {"id": "arc", "kind": "crossbowman", "owner": BLUE,
                                                                         "at": "B1"}]
    pos = dungeon(pieces, [{"id": "bow", "kind": "bow", "at": "carried"}], inside={"A": {("1", "2"): "open"}})
    joined = engage(pos, CombatKind.RANGED, "gob", "trl")
    assert sorted(t.ident for t in joined.attackers) == ["gob"]  # the crossbowman's sight to B2 passes arc's zone: no
    clear = dungeon([p for p in pieces if p["id"] != "arc"] + [{"id": "arc", "kind": "crossbowman", "owner": BLUE, "at": "A3"}],
                    [{"id": "bow", "kind": "bow", "at": "carried"}])
    joined = engage(clear, CombatKind.RANGED, "gob", "trl")
    assert sorted(t.ident for t in joined.attackers) == ["gob", "xbw"] and [t.ident for t in joined.defenders] == ["trl"]
    assert "group_ranged_shooters" in {e.citation.key for e in joined.events}


def test_wounded_pickup_as_an_object_in_a_move_or_an_action_of_its_own() -> None:
    """« 1 perso peut transporter 1 perso ami blessé » says not how it is picked up (DT-WOUNDED-PICKUP)."""
    pieces = [{"id": "trl", "kind": "troll", "at": "A1"}, {"id": "gob", "kind": "goblin", "at": "A2", "wounded": True}]
    default, other = both("DT-WOUNDED-PICKUP", pieces)
    after, _ = play(default, "move trl A2 +gob")
    assert after.character("trl").carrying == ("gob",) and after.players[0].ap == 2
    assert "during a move" in refused(play(default, "move trl A2")[0], "pickup trl gob")
    assert "action of its own" in refused(other, "move trl A2 +gob")
    after, _ = play(other, "move trl A2", "pickup trl gob")
    assert after.character("trl").carrying == ("gob",) and after.players[0].ap == 1


def test_goblin_total_two_vp_in_all_or_three() -> None:
    """« Perdu d'avance : Rapporte 2 PV s'il sort » (DT-GOBLIN-TOTAL): 2 in all, the letter, or 2 more than 1."""
    default, other = both("DT-GOBLIN-TOTAL", [{"id": "gob", "kind": "goblin", "at": "B2"}])
    assert play(default, "move gob blue-1 out")[0].players[0].vp == 2
    assert play(other, "move gob blue-1 out")[0].players[0].vp == 3


def test_adjudication_replays_under_the_other_reading_only_where_it_matters() -> None:
    pos = dungeon([{"id": "gob", "kind": "goblin", "at": "B2"}, {"id": "thf", "kind": "thief", "at": "A1"}])
    escaping = adjudicate(pos, ["move gob blue-1 out"])
    assert {a.ruling for a in escaping.alternatives} == {"DT-ESCAPE", "DT-GOBLIN-TOTAL"}
    goblin = next(a for a in escaping.alternatives if a.ruling == "DT-GOBLIN-TOTAL")
    assert goblin.refused is None and any("vp: 2 here, 3 there" in d for d in goblin.differences)
    escape = next(a for a in escaping.alternatives if a.ruling == "DT-ESCAPE")
    assert escape.refused is not None
    assert adjudicate(pos, ["move thf A2"]).alternatives == ()
