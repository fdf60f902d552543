"""Boss fights (p. 13-14) and solo play with Serenade (p. 18), each rule with the sentence that decides it."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

from solver.deadcells.model.vocabulary import Round
from solver.deadcells.rules.engine import awaiting, tally
from tests.deadcells.dc_builders import card, combat, events, has, monster, run, texts

HIT = [{"damage": 1, "range": ["R1", "R2", "R3"]}]


def boss_fight(players: int = 3, *, stage1: int = 9, boss_lines: dict[str, Any] | None = None, space: str = "R2",
               **fields: Any) -> dict[str, Any]:
    cards: dict[str, Any] = {
        "hit": card(I=HIT), "wait": card(),
        "keeper": {"kind": "boss", "name": "Keeper", "stages": [
            {"name": "Keeper", "health": stage1, "lines": boss_lines or {}, "death": {"cell": 1}},
            {"name": "Furious Keeper", "health": 9, "lines": {"0": [{"block": 1}]}},
        ]},
    }
    names = ("Ann", "Bob", "Cy", "Di")[:players]
    prisoners = [{"name": n, "health": 3, "hand": ["hit", "wait", "wait"], "deck": ["wait"] * 4} for n in names]
    return combat(cards, prisoners, {space: "keeper"}, **fields)


def three_plays(doc: dict[str, Any], card_name: str = "wait") -> list[str]:
    names = [p["name"] for p in doc["prisoners"]]
    first = names.index(doc["first_player"])
    order = names[first:] + names[:first]
    return [f"play {n} {card_name}" for n in order]


def test_a_boss_never_advances() -> None:
    # p. 13: « Le Boss est un Ennemi, mais pas un Monstre. [...] Ce qui signifie que le Boss n'avance pas
    # automatiquement vers le Groupe à la fin de chaque Ronde. »
    done = run(boss_fight(), *three_plays(boss_fight()))
    assert has(done, "Keeper is not a monster: it does not advance").cite == "boss_still"
    assert done.combat.enemies[2] is not None


def test_a_new_manche_draws_a_card_passes_the_first_player_token_and_skips_round_0() -> None:
    # p. 13: « Une fois que vous êtes rendus à la fin de la Ronde III ou IV, commencez une nouvelle manche en : 1. Tirant
    # une nouvelle carte Combat de votre deck ; 2. Donnant le jeton Premier Joueur en suivant l'ordre de jeu ; 3. Jouant
    # de nouvelles cartes Combat face cachée devant vous. » « La Ronde 0 n'est jouée qu'au début du Combat et au début de
    # chaque nouvelle instance du Boss »
    doc = boss_fight(boss_lines={"0": [{"block": 1}]})
    done = run(doc, *three_plays(doc))
    assert has(done, "Keeper on R2 takes 1 shield").round == Round.ZERO
    c = done.combat
    assert c.boss is not None and c.boss.manche == 2 and c.prisoners[c.first].name == "Bob"
    assert has(done, "the First Player token passes to Bob").cite == "manche_first"
    assert [len(p.hand) for p in c.prisoners] == [3, 3, 3] and [p.discard for p in c.prisoners] == [("wait",)] * 3
    asked = awaiting(c)
    assert asked is not None and asked.question.startswith("Bob: which card")
    second = run(doc, *three_plays(doc), "play Bob wait", "play Cy wait", "play Ann wait")
    assert has(second, "no round 0 in a new manche").cite == "boss_round0"


def test_a_stage_falls_ends_the_manche_at_once_and_restarts_from_round_0() -> None:
    # p. 14: « La première fois qu'une Étape de Boss est vaincue: 1. La Manche se termine immédiatement. 3. Tous les
    # États et Boucliers sont retirés du Boss. 4. Retournez la carte Boss [...] 5. Défaussez toutes les Cartes Combat
    # Actives des Prisonniers, et prenez une nouvelle Carte Combat. 6. Le Combat recommence avec la nouvelle Étape du
    # Boss, à partir de la Ronde 0. »
    doc = boss_fight(stage1=1, boss_lines={"I": [{"damage": 1}]})
    doc["enemies"]["R2"]["states"] = {"targeted": 1}
    done = run(doc, "play Ann hit", "play Bob wait", "play Cy wait")
    assert has(done, "Keeper falls: the manche ends at once").cite == "stage_fall"
    assert "Keeper (R2) deals" not in " ".join(texts(done))  # it never acted in that manche
    boss = done.combat.enemies[2]
    assert boss is not None and boss.stage == 1 and boss.damage == 0 and boss.states == (0,) * 5
    assert done.combat.prisoners[0].name == "Ann" and done.combat.first == 0  # the token does not move
    # Ann's new hand holds one kind of card: her play is the only one (a single choice is made for the group).
    restarted = run(doc, "play Ann hit", "play Bob wait", "play Cy wait", "play Bob wait", "play Cy wait")
    assert any(e.round == Round.ZERO and "Furious Keeper on R2 takes 1 shield" in e.text for e in events(restarted))


def test_the_boss_fight_is_won_only_if_everyone_lives() -> None:
    # p. 14: « Le Combat de Boss se termine immédiatement une fois le Boss vaincu. » / « Tous les Prisonniers doivent
    # être vivants lorsque le Boss meurt pour que cela soit compté comme une Victoire. »
    doc = boss_fight(space="R1")
    doc["cards"]["keeper"]["stages"][1]["lines"] = {}
    doc["enemies"]["R1"]["stage"] = 1
    doc["enemies"]["R1"]["damage"] = 8
    won = run(doc, "play Ann hit", "play Bob wait", "play Cy wait")
    assert won.combat.boss is not None and won.combat.boss.result == "won"
    doc["prisoners"][2]["damage"] = 2
    doc["cards"]["keeper"]["stages"][1]["lines"] = {"0": [{"damage": 1}]}
    lost = run(doc, "play Ann hit", "play Bob wait", "play Cy wait", "to Cy")
    assert lost.combat.boss is not None and lost.combat.boss.result == "lost"
    assert has(lost, "a prisoner is dead: it is not a victory").cite == "boss_win"


def test_a_dead_prisoner_loses_the_fight_at_the_end_of_the_manche() -> None:
    # p. 14: « Un Prisonnier ou plus meurent : Si cela se produit, vous avez perdu, et le Combat de Boss se termine à la
    # fin de la Manche en cours (toutes les Rondes de Combat). »
    doc = boss_fight(boss_lines={"I": [{"damage": 3, "first_player": True}]})
    done = run(doc, *three_plays(doc))
    assert has(done, "Ann is eliminated").round == Round.I
    assert has(done, "the boss fight ends with this manche, lost").cite == "boss_loss"
    assert any(e.round == Round.III for e in events(done))
    assert done.combat.boss is not None and done.combat.boss.result == "lost"


def _manche(doc: dict[str, Any], first: str, passer: str) -> list[str]:
    names = [p["name"] for p in doc["prisoners"]]
    start = names.index(first)
    order = names[start:] + names[:start]
    return [f"pass {n}" if n == passer else f"play {n} wait" for n in order]


def test_four_players_a_different_player_passes_each_manche() -> None:
    # p. 13: « Dans une partie à 4 joueurs, un joueur différent doit passer son tour à chaque manche. Une fois que tous
    # les joueurs ont passé une fois leur tour, vous pouvez de nouveau changer l'ordre des joueurs qui passent. Le joueur
    # qui passe ne fait pas de Test de Deck »
    doc = boss_fight(4)
    done = run(doc, *_manche(doc, "Ann", "Bob"))
    assert has(done, "Bob makes no deck check").cite == "boss_pass_no_check"
    bob = done.combat.prisoners[1]
    assert bob.discard == () and len(bob.deck) == 3  # no card revealed; one drawn for the new manche
    asked = awaiting(done.combat)  # manche 2: Bob is First Player; Bob passed already
    assert asked is not None and asked.question.startswith("Bob")
    asked = awaiting(run(doc, *_manche(doc, "Ann", "Bob"), "play Bob wait").combat)
    assert asked is not None and "pass Cy" in asked.options
    asked = awaiting(run(doc, *_manche(doc, "Ann", "Bob"), "play Bob wait", "pass Cy").combat)
    assert asked is not None and "pass Di" not in asked.options


def test_the_pass_rotation_deadlock_both_readings() -> None:
    # DC-PASS-DEADLOCK: Bob, Cy and Di have passed; Ann, the only one left, is the First Player, who may not pass.
    doc = boss_fight(4, first_player="Ann", boss={"passed": ["Bob", "Cy", "Di"]})
    asked = awaiting(run(doc).combat)
    assert asked is not None and "pass Ann" not in asked.options
    done = run(doc, "play Ann wait", "pass Bob")
    assert has(done, "only the First Player was left to pass: the cycle starts over").ruling == "DC-PASS-DEADLOCK"
    other = copy.deepcopy(doc)
    other["rulings"] = {"DC-PASS-DEADLOCK": False}
    forced = run(other)
    assert has(forced, "Only one choice: pass Ann").code == "forced"
    assert has(forced, "Ann, the First Player, passes: the rotation prevails").ruling == "DC-PASS-DEADLOCK"


# -- solo -------------------------------------------------------------------------------------------------------------


def solo(**serenade: Any) -> dict[str, Any]:
    cards = {"hit": {**card(I=HIT), "symbols": ["red"]}, "guard": {**card(I=[{"block": 1}]), "symbols": ["green", "purple"]},
             "song": card(II=HIT), "hum": card(III=[{"block": 1}]), "m": monster(9)}
    powers = {"green": {"round": "0", "actions": [{"state": "frozen", "range": ["R1", "R2", "R3"]}]},
              "purple": {"round": "0", "actions": [{"state": "targeted", "range": ["R1", "R2", "R3"]}]},
              "red": {"round": "III", "actions": [{"damage": 1, "range": ["R1", "R2", "R3"]}]}}
    her = {"name": "Serenade", "serenade": True, "deck": {"unknown": ["song", "song", "hum"]}, "powers": powers}
    her.update(serenade)
    return combat(cards, [{"name": "Ann", "health": 3, "hand": ["hit", "guard", "hit"]}, her], {"R1": "m"})


def test_solo_the_prisoner_plays_two_cards_then_serenade_reveals_hers() -> None:
    # p. 18: « Le Prisonnier joue toujours 2 cartes » / « Le Prisonnier commence le Combat en jouant ses cartes.
    # Ensuite, révélez la carte du dessus du deck Combat de Sérénade »
    doc = solo()
    asked = awaiting(run(doc).combat)
    assert asked is not None and "play Ann hit guard" in asked.options and "play Ann hit hit" in asked.options
    reveal = awaiting(run(doc, "play Ann hit guard").combat)
    assert reveal is not None and reveal.is_chance
    assert dict(zip(reveal.options, reveal.weights)) == {"reveal hum": Fraction(1, 3), "reveal song": Fraction(2, 3)}
    done = run(doc, "play Ann hit guard", "reveal song")
    assert has(done, "Serenade reveals song").cite == "serenade_card"


def test_serenades_power_follows_the_symbol_of_the_prisoners_top_discard() -> None:
    # p. 18: « Sérénade activera également un pouvoir selon le symbole sur la carte du dessus de la défausse du
    # Prisonnier, dans la Ronde indiquée » « S'il n'y a pas de carte dans la défausse, Sérénade ne peut pas activer de
    # pouvoir spécial. Si la carte dans la défausse a plus d'un symbole, le joueur peut choisir lequel utiliser. »
    none = run(solo(), "play Ann hit guard", "reveal song")
    assert has(none, "Serenade activates no power").cite == "serenade_no_power"
    doc = solo()
    doc["prisoners"][0]["discard"] = ["hit"]
    red = run(doc, "play Ann hit guard", "reveal song")
    assert has(red, "Serenade's power (red) in round III").round == Round.III
    doc["prisoners"][0]["discard"] = ["hit", "guard"]
    asked = awaiting(run(doc, "play Ann hit guard", "reveal song").combat)
    assert asked is not None and asked.options == ("power green", "power purple") and asked.cite == "serenade_choose"
    frozen = run(doc, "play Ann hit guard", "reveal song", "power green")
    assert has(frozen, "Serenade's power (green) in round 0").round == Round.ZERO


def test_serenade_uses_her_board_when_her_deck_is_empty() -> None:
    # p. 18: « Si le deck de cartes Combat de Sérénade devient vide, vous devrez utiliser les actions imprimées sur son
    # plateau »
    done = run(solo(deck=[], board="hum"), "play Ann hit guard")
    assert has(done, "Serenade's deck is empty: she uses the actions printed on her board").cite == "serenade_board"
    assert "Serenade takes 1 shield (1)" in texts(done)


def test_serenade_has_four_health_and_her_death_ends_the_run() -> None:
    # p. 18: « Elle n'a que 4 Points de vie » « Sérénade est considérée comme un Prisonnier ; si elle meurt, la Run se
    # termine. »
    doc = solo(deck=["hum"])
    doc["cards"]["m"] = monster(9, I=[{"damage": 4}])
    done = run(doc, "play Ann hit guard", "to Serenade")
    assert done.start.prisoners[1].health == 4
    assert has(done, "Serenade is eliminated: the Run ends").cite == "die" and tally(done.combat).deaths == 1
