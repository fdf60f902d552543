"""The rounds, the actions and the states (p. 11-12), each rule with the sentence that decides it."""

from __future__ import annotations

from solver.deadcells.model.vocabulary import LOOT_INDEX, LootKind, Round
from solver.deadcells.rules.engine import awaiting, tally
from tests.deadcells.dc_builders import card, combat, duel, events, has, monster, run, settled, texts

ALL = ["L", "R1", "R2", "R3"]


def test_the_golden_rule_left_enemy_then_the_group_from_the_first_player_then_the_right() -> None:
    # p. 11: « Le Combat se déroule toujours de gauche à droite, suivant l'ordre du plateau Combat. Si un Monstre est
    # présent dans l'espace le plus à gauche du plateau Combat, il résoudra donc son action en premier. »
    # « Les Actions du groupe sont résolues à partir du Premier Joueur, puis selon le sens horaire. »
    cards = {"s": card(I=[{"block": 1}]), "l": monster(9, I=[{"block": 1}], name="left"),
             "a": monster(9, I=[{"block": 1}], name="first"), "b": monster(9, I=[{"block": 1}], name="second")}
    prisoners = [{"name": n, "health": 3, "hand": ["s"]} for n in ("Ann", "Bob", "Cy")]
    done = run(combat(cards, prisoners, {"L": "l", "R1": "a", "R3": "b"}, first_player="Bob"))
    shields = [t.split(" takes")[0] for t in texts(done) if " shield (" in t and " takes 1 " in t]
    assert shields == ["left on L", "Bob", "Cy", "Ann", "first on R1", "second on R3"]


def test_round_0_is_played_only_when_something_has_its_icon() -> None:
    # p. 11: « La Ronde 0 [...] n'est déclenchée que si de l'Équipement, des Aptitudes ou des Monstres portant l'icône
    # [0] sont en jeu. »
    quiet = run(duel(card(I=[{"block": 1}]), monster(3)))
    assert has(quiet, "no round 0").cite == "round0"
    loud = run(duel(card(Z=[{"block": 1}]), monster(3)))
    assert has(loud, "Ann takes 1 shield").round == Round.ZERO
    also = run(duel(card(), monster(3, Z=[{"block": 1}])))
    assert has(also, "takes 1 shield").round == Round.ZERO


def test_an_action_with_one_possible_target_needs_no_choice() -> None:
    # p. 11: « Toutes les actions sur les cartes Combat et cartes Monstre doivent être jouées, si possible. »
    done = run(duel(card(I=[{"damage": 1, "range": ALL}]), monster(3)))
    assert has(done, "Ann (a) deals 1 damage to m on R1").round == Round.I


def test_a_range_reaches_one_enemy_at_a_time_and_an_empty_range_does_nothing() -> None:
    # p. 11: « à moins d'indication contraire sur l'attaque elle-même, un seul Monstre est atteint à la fois. »
    cards = {"a": card(I=[{"damage": 1, "range": ["R1", "R2"]}]), "idle": card(), "m": monster(3), "n": monster(3)}
    prisoners = [{"name": n, "health": 3, "hand": [c]} for n, c in (("Ann", "a"), ("Bob", "idle"), ("Cy", "idle"))]
    asked = awaiting(run(combat(cards, prisoners, {"R1": "m", "R2": "n"})).combat)
    assert asked is not None and asked.options == ("target R1", "target R2")
    # « Si un Monstre est éliminé et que sa carte est retirée du plateau Combat, les attaques atteignant cet espace n'ont
    # pas d'effet. »
    done = run(duel(card(I=[{"damage": 1, "range": ["R3"]}]), monster(3)))
    assert has(done, "no enemy in range, no effect").cite == "range_empty"


def test_several_targets_when_the_action_says_so() -> None:
    cards = {"a": card(I=[{"damage": 1, "range": ALL, "targets": 2}]), "idle": card(), "m": monster(3), "n": monster(3)}
    prisoners = [{"name": n, "health": 3, "hand": [c]} for n, c in (("Ann", "a"), ("Bob", "idle"), ("Cy", "idle"))]
    end, _ = settled(combat(cards, prisoners, {"R1": "m", "R2": "n"}))
    assert [e.damage for e in end.enemies if e] == [1, 1]


def test_a_kill_gives_its_reward_at_once_and_leaves_the_space_empty_until_the_end_of_the_round() -> None:
    # p. 11: « Si le nombre de jetons Dégâts sur la carte est égal ou supérieur à la Vie du Monstre, ce Monstre est
    # éliminé ». p. 12: « prenez immédiatement le bonus d'élimination » / « L'espace occupé par le Monstre éliminé
    # demeurera vide jusqu'à la phase de Fin de Ronde ».
    cards = {"a": card(I=[{"damage": 2, "range": ["R1"]}]), "idle": card(), "m": monster(2, death={"gold": 2}),
             "n": monster(3, I=[{"block": 1}], name="behind")}
    prisoners = [{"name": n, "health": 3, "hand": [c]} for n, c in (("Ann", "a"), ("Bob", "idle"), ("Cy", "idle"))]
    done = run(combat(cards, prisoners, {"R1": "m", "R2": "n"}))
    order = texts(done)
    assert order.index("m on R1 is eliminated; death reward: 2 gold") < order.index("behind on R2 takes 1 shield (1)")
    assert order.index("behind on R2 takes 1 shield (1)") < order.index("behind advances from R2 to R1")
    assert done.combat.bag[LOOT_INDEX[LootKind.GOLD]] == 2 and tally(done.combat).kills == 1


def test_a_death_reward_damage_goes_to_a_prisoner_of_the_groups_choice() -> None:
    # p. 12: « S'il y a une icône Dégât, ce dégât doit également être assigné à un Prisonnier. »
    doc = duel(card(I=[{"damage": 1, "range": ["R1"]}]), monster(1, death={"damage": 1}))
    asked = awaiting(run(doc).combat)
    assert asked is not None and asked.options == ("to Ann", "to Bob", "to Cy") and asked.cite == "reward_damage"
    assert run(doc, "to Bob").combat.prisoners[1].damage == 1


def test_an_enemys_damage_goes_to_the_prisoner_or_companion_the_group_chooses() -> None:
    # p. 11: « Assignez 1 jeton Dégâts sur la piste Vie du Prisonnier (ou Compagnon) de votre choix, le Premier Joueur
    # ayant le dernier mot. »
    doc = duel(card(), monster(3, I=[{"damage": 1}]))
    doc["cards"]["dog"] = {"kind": "equipment", "type": "companion", "health": 2}
    doc["prisoners"][1]["equipment"] = ["dog"]
    asked = awaiting(run(doc).combat)
    assert asked is not None and asked.options == ("to Ann", "to Bob", "to Cy", "to Bob/dog")
    first = awaiting(run(duel(card(), monster(3, I=[{"damage": 1, "first_player": True}]))).combat)
    assert first is None  # one recipient only: the First Player, Ann


def test_a_shield_cancels_one_damage_but_not_a_state() -> None:
    # p. 11: « Chaque jeton Bouclier sur un plateau Prisonnier va prévenir un [dégât]. » / « Les jetons Bouclier ne
    # bloquent pas les États »
    doc = duel(card(I=[{"block": 1}]), monster(3, I=[{"damage": 2, "first_player": True},
                                                     {"state": "bleeding", "first_player": True}]))
    done = run(doc)
    assert has(done, "Ann discards 1 shield: 1 damage cancelled").cite == "block"
    ann = done.combat.prisoners[0]
    assert ann.dead and has(done, "Ann is Bleeding after round III").cite == "bleeding"


def test_an_enemy_blocks_with_shields_on_its_card() -> None:
    # p. 11: « Action de Monstre : Assignez 1 jeton Bouclier sur la carte Monstre. »
    end, found = settled(duel(card(II=[{"damage": 1, "range": ["R1"]}]), monster(3, I=[{"block": 1}])))
    assert [e.round for e in found if e.text.startswith("m on R1 discards 1 shield")] == [Round.II]
    assert end.enemies[1] is not None and end.enemies[1].damage == 0


def test_a_skill_is_never_mandatory_and_a_scroll_skill_acts_once_a_round() -> None:
    # p. 11: « Entreprendre une Action Aptitude n'est jamais obligatoire. » / « Les Actions d'Aptitude sur les pistes
    # Parchemin ne peuvent être effectuées qu'une seule fois par Ronde de Combat. »
    doc = duel(card(I=[{"skill": 2}]), monster(3))
    doc["cards"]["guard"] = {"kind": "skill", "actions": [{"block": 1}]}
    doc["prisoners"][0]["skills"] = ["guard"]
    asked = awaiting(run(doc).combat)
    assert asked is not None and asked.options == ("skill guard", "skill none")
    second = awaiting(run(doc, "skill guard").combat)
    assert second is None  # the scroll skill is spent this round: nothing left to activate
    assert settled(doc, "skill guard")[0].prisoners[0].shields == 1
    assert settled(doc, "skill none")[0].prisoners[0].shields == 0


def test_a_skill_item_may_be_activated_again() -> None:
    # p. 11: « Si votre Action a plus qu'une [Aptitude], elles peuvent être utilisées pour activer des Aptitudes
    # différentes ou la même Aptitude à répétition. » p. 12: « Vous pouvez activer un objet doté d'une Aptitude à
    # l'aide d'une Action [Aptitude]. »
    doc = duel(card(I=[{"skill": 2}]), monster(3))
    doc["cards"]["cleaver"] = {"kind": "equipment", "type": "skill", "actions": [{"state": "bleeding", "range": ["R1"]}]}
    doc["prisoners"][0]["equipment"] = ["cleaver"]
    done = run(doc, "skill cleaver", "skill cleaver")
    assert has(done, "m on R1 is bleeding (2 tokens)").round == Round.I


def test_loot_takes_all_of_one_type_or_gives_a_potion() -> None:
    # p. 11: « Prenez tous les Butins d'un même type qui se trouvent dans l'espace Groupe » / « Vous pouvez utiliser
    # votre action Piller pour assigner une Potion à un Prisonnier dans le Groupe. »
    doc = duel(card(I=[{"loot": 1}]), monster(3), loot={"gold": 2, "cell": 1}, bag={"potion": 1})
    doc["prisoners"][1]["damage"] = 2
    asked = awaiting(run(doc).combat)
    assert asked is not None and asked.options == ("loot cell", "loot gold", "loot potion Bob")
    gold, _ = settled(doc, "loot gold")
    assert gold.bag[LOOT_INDEX[LootKind.GOLD]] == 2 and gold.loot[LOOT_INDEX[LootKind.CELL]] == 1
    potion = run(doc, "loot potion Bob")
    assert potion.combat.prisoners[1].damage == 0 and has(potion, "a potion removes all 2 damage from Bob").cite == "loot_potion"


def test_heal_removes_damage() -> None:
    doc = duel(card(I=[{"heal": 1}]), monster(3))
    doc["prisoners"][2]["damage"] = 2
    assert run(doc).combat.prisoners[2].damage == 1


def test_the_combat_goes_on_when_every_monster_is_dead() -> None:
    # p. 12: « Si tous les Monstres ont été éliminés, le Combat n'est pas terminé. [...] les États auront toujours leurs
    # effets, mais aussi que les Prisonniers pourront entreprendre des actions pour piller. »
    doc = duel(card(I=[{"damage": 1, "range": ["R1"]}], III=[{"loot": 1}]), monster(1), loot={"cell": 1})
    done = run(doc)
    assert has(done, "m on R1 is eliminated").round == Round.I
    assert has(done, "Ann loots 1 cell").round == Round.III and done.combat.bag[LOOT_INDEX[LootKind.CELL]] == 1


def test_poison_deals_one_damage_per_token_at_the_end_of_each_round() -> None:
    # p. 11: « Assignez 1 jeton Dégâts pour chaque jeton Empoisonné sur le Prisonnier ou l'Ennemi pendant la phase de
    # Fin de Ronde de chaque Ronde de Combat »
    doc = duel(card(I=[{"state": "poisoned", "range": ["R1"]}, {"state": "poisoned", "range": ["R1"]}]), monster(9))
    done = run(doc)
    ticks = [e for e in events(done) if e.code == "poison"]
    assert [e.round for e in ticks] == [Round.I, Round.II, Round.III]
    assert done.combat.enemies[1] is None or done.combat.enemies[1].damage == 6


def test_bleeding_eliminates_after_round_iii() -> None:
    # p. 11: « Tout Prisonnier ou Ennemi avec un jeton Ensanglanté après la Ronde de Combat III est éliminé. »
    done = run(duel(card(I=[{"state": "bleeding", "range": ["R1"]}]), monster(9, death={"cell": 1})))
    event = has(done, "m on R1 is Bleeding after round III")
    assert event.round == Round.III and tally(done.combat).kills == 1


def test_a_second_burning_token_eliminates_at_once() -> None:
    # p. 11: « Le premier jeton Enflammé reçu [...] n'a pas d'effet. Dès qu'un Prisonnier ou un Ennemi reçoit un second
    # jeton Enflammé, il est immédiatement éliminé. »
    done = run(duel(card(I=[{"state": "burning", "range": ["R1"]}], II=[{"state": "burning", "range": ["R1"]}]),
                    monster(9, III=[{"damage": 1}])))
    assert has(done, "receives a second Burning token").round == Round.II
    assert tally(done.combat).kills == 1 and all(p.damage == 0 for p in done.combat.prisoners)


def test_frozen_cancels_the_next_line_with_an_action() -> None:
    # p. 11: « Ce jeton est placé sur la prochaine ligne de Combat [...] qui contient une Action (pas une ligne vide).
    # Le personnage Gelé ne résoudra aucune de ses actions pour la Ronde en question. »
    done = run(duel(card(I=[{"state": "frozen", "range": ["R1"]}]), monster(9, III=[{"damage": 1, "first_player": True}])))
    assert has(done, "Frozen on line III").cite == "frozen"
    assert has(done, "is frozen: it resolves nothing in round III").cite == "frozen_effect"
    assert done.combat.prisoners[0].damage == 0


def test_targeted_adds_one_damage_per_token_to_each_hit() -> None:
    # p. 11: « Tout Prisonnier ou Ennemi avec un jeton Ciblé se fait assigner un [dégât] supplémentaire par jeton Ciblé
    # chaque fois qu'un [dégât] ou plus lui est infligé pour le reste du Combat. »
    end, _ = settled(duel(card(I=[{"state": "targeted", "range": ["R1"]}], II=[{"damage": 1, "range": ["R1"]}],
                          III=[{"damage": 2, "range": ["R1"]}]), monster(9)))
    assert end.enemies[1] is not None and end.enemies[1].damage == 5  # 1 + 1, then 2 + 1


def test_immunity_and_cancelling_a_state_on_an_immune_prisoner() -> None:
    # p. 11: « Cela signifie que ce jeton État n'est pas assigné et n'a donc aucun effet. Vous pouvez donner un État à un
    # Prisonnier qui est Immunisé contre celui-ci afin d'annuler son effet. »
    doc = duel(card(), monster(9, I=[{"state": "poisoned"}]))
    doc["prisoners"][2]["immunities"] = ["poisoned"]
    done = run(doc, "to Cy")
    assert has(done, "Cy is immune to poisoned").cite == "immunity"
    assert all(p.damage == 0 for p in done.combat.prisoners)
    immune = run(duel(card(I=[{"state": "burning", "range": ["R1"]}]), monster(9, immunities=["burning"])))
    assert has(immune, "immune to burning").cite == "immunity"


def test_monsters_advance_into_the_free_spaces_never_past_the_group() -> None:
    # p. 12: « S'il y a des espaces libres à droite de l'espace Groupe, déplacez les Monstres vers le Groupe pour remplir
    # ces espaces. Un ennemi se trouvant sur le dernier espace à la droite du plateau Combat avance de deux si les deux
    # autres cases sont vides. » « Ne déplacez pas les Monstres au-delà du Groupe jusqu'à l'espace à leur gauche. »
    cards = {"idle": card(), "far": monster(9, name="far"), "back": monster(9, name="back")}
    prisoners = [{"name": n, "health": 3, "hand": ["idle"]} for n in ("Ann", "Bob", "Cy")]
    end, found = settled(combat(cards, prisoners, {"L": "back", "R3": "far"}))
    moves = [(e.text, e.cite) for e in found if e.code == "advance"]
    assert moves == [("far advances from R3 to R1", "advance_two")]
    assert [e.card if e else None for e in end.enemies] == ["back", "far", None, None]


def test_round_iv_is_taken_by_the_enemies_still_on_the_board() -> None:
    # p. 12: « Tout Monstre toujours sur le plateau qui possède une icône Ronde [IV] entreprend ses actions pour la Ronde
    # [IV]. »
    done = run(duel(card(), monster(9, IV=[{"damage": 1, "first_player": True}])))
    assert has(done, "m (R1) deals 1 damage to Ann").round == Round.IV


def test_a_dead_prisoner_stops_but_the_combat_is_played_to_its_end() -> None:
    # p. 12: « ce Prisonnier est éliminé et votre Run se termine. » / « si un Prisonnier est éliminé lors d'un Combat,
    # vous devez tout de même terminer le Combat. »
    doc = duel(card(III=[{"damage": 1, "range": ["R1"]}]), monster(9, I=[{"damage": 1, "first_player": True}]), health=1)
    done = run(doc)
    assert has(done, "Ann is eliminated: the Run ends").cite == "die"
    assert has(done, "round III") and "Ann (a) deals" not in " ".join(texts(done))
    assert tally(done.combat).deaths == 1
