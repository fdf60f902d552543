"""The rulebook's worked 4-player combat (pp. 8, 10, 16-17), rebuilt from its narrative, resolves as the book tells.

The position (scenarios/deadcells/rulebook-example.json) holds only what the
text says of the two monsters and the three cards played: the Zombie on R1
with 2 health (it dies at its second damage token), no round I action, 1
damage in round IV and a cell as death reward; the Undead Archer, an elite
with the R3 placement icon drawn first (example B, p. 8), 3 health, 1 damage
to 2 different prisoners in round I, nothing in round II, 1 damage to the
First Player in round III and an equipment card as death reward. The green
scroll lies on the group space. Diane (the First Player), Charlotte, Mario and
Gabriel sit clockwise: the order in which p. 10 has them play.
"""

from __future__ import annotations

from solver.deadcells.analyses.plan import plan
from solver.deadcells.analyses.resolve import resolve
from solver.deadcells.model.vocabulary import LOOT_INDEX, LootKind, Round
from solver.deadcells.rules.engine import tally
from tests.deadcells.dc_builders import events, has, run, scenario

BOOK = scenario("rulebook-example.json")


def _sections() -> dict[str, list[str]]:
    loaded = run({**BOOK, "choices": []}, *BOOK["choices"])
    trace = resolve(loaded)
    return {name: [e.text for e in found] for name, found in trace.sections()}


def test_example_b_places_the_archer_on_r3_and_the_zombie_on_r1() -> None:
    # p. 8: « l'Archer Élite a été tiré en premier, mais son icône spéciale pour sa position indique qu'il doit se
    # trouver sur l'espace [R3] » / « Le second Monstre tiré est un Zombie, qui est placé, comme normalement, dans
    # l'espace [R1] ».
    loaded = run({**BOOK, "choices": []})
    cards = [e.card if e else None for e in loaded.start.enemies]
    assert cards == [None, "zombie", None, "archer"]


def test_the_play_page_10() -> None:
    # p. 10: Diane « Je vais faire du poison à la Ronde 2 », Charlotte « une action Aptitude à la Ronde 1 »,
    # « Mario décide de passer », « Il tire heureusement une carte avec une [purple], ce qui lui permet d'avancer
    # son Parchemin Violet », Gabriel « Je vais piller à la Ronde 3 ».
    play = _sections()["play"]
    assert play[:3] == ["Diane plays Poisoned ST-04", "Charlotte plays Flayed ST-18", "Mario passes: no damage, no loot"]
    assert "Mario reveals Quartered ST-21 (purple) and discards it" in play
    assert "Mario moves the purple scroll one space" in play
    assert play.index("Gabriel plays Immolated ST-08") > play.index("Mario moves the purple scroll one space")
    done = run(BOOK).combat
    mario = done.prisoners[2]
    assert mario.scrolls == (0, 1, 0) and mario.discard == ("st-21",)


def test_no_round_0() -> None:
    # p. 16, 1: « Les joueurs vérifient leur plateau Prisonnier pour voir si l'un d'entre eux a accès à une Action de
    # Ronde 0 ; personne n'en a. »
    assert "no round 0: nothing in play has a round 0 icon" in _sections()["play"]
    assert "0" not in _sections()


def test_round_one() -> None:
    # p. 16: « Diane n'a pas d'action à la Ronde I », Charlotte « fait une Action Aptitude pour l'Écorché, qui est de
    # gagner un jeton Bouclier », « c'est au tour de Gabriel maintenant, mais il n'a pas d'action à la Ronde I »,
    # « Le Zombie est dans l'espace à droite du Groupe, donc il agit en premier. Il n'a pas d'action pour la Ronde I »,
    # « L'Archer mort-vivant Élite fait 1 dégât à 2 Prisonniers différents. [...] l'Écorché prendra le premier dégât
    # et perdra son jeton Bouclier (6a), et [...] l'Immolé prendra l'autre dégât (6b). »
    # p. 17, 7: « personne n'a reçu de jetons Poison, mais l'Archer mort-vivant Élite se déplace d'un espace vers la
    # gauche en direction du Groupe. »
    assert _sections()["I"] == [
        "round I",
        "Diane (Poisoned ST-04) has no action in round I",
        "Charlotte activates Flayed: gain a shield",
        "Charlotte takes 1 shield (1)",
        "Gabriel (Immolated ST-08) has no action in round I",
        "Zombie (R1) has no action in round I",
        "Undead Archer (R3) deals 1 damage to Charlotte",
        "Charlotte discards 1 shield: 1 damage cancelled",
        "Undead Archer (R3) deals 1 damage to Gabriel",
        "Gabriel takes 1 damage (1/3)",
        "end of round I",
        "Undead Archer advances from R3 to R2",
    ]


def test_round_two() -> None:
    # p. 17: « Diane fait une Action Poison [...] elle assigne un jeton Empoisonné à l'Archer Élite (1a). Il n'y a PAS
    # d'effet immédiat », « Charlotte fait 1 dégât et place 1 jeton Dégâts sur le Zombie (2a) parce qu'il est le seul
    # Ennemi que sa Portée lui permet de frapper », « Gabriel fait 1 dégât [...] sur le Zombie (3a), qui est
    # immédiatement retiré du plateau », « il donne 1 Cellule [...] le Groupe place 1 Cellule dans sa Besace (4a) »,
    # « l'Archer mort-vivant Élite, qui ne fait rien à la Ronde II », « l'Archer [...] doit prendre 1 dégât parce qu'il
    # a été Empoisonné (6a). Finalement, il est déplacé dans l'espace nouvellement vacant à côté du Groupe (6b). »
    assert _sections()["II"] == [
        "round II",
        "Diane (Poisoned ST-04) gives poisoned to Undead Archer on R2",
        "Undead Archer on R2 is poisoned (1 token)",
        "Charlotte (Flayed ST-18) deals 1 damage to Zombie on R1",
        "Zombie on R1 takes 1 damage (1/2)",
        "Gabriel (Immolated ST-08) deals 1 damage to Zombie on R1",
        "Zombie on R1 takes 1 damage (2/2)",
        "Zombie on R1 is eliminated; death reward: 1 cell",
        "R1 stays empty until the end of the round",
        "Undead Archer (R2) has no action in round II",
        "end of round II",
        "Undead Archer on R2 is poisoned (1): 1 damage",
        "Undead Archer on R2 takes 1 damage (1/3)",
        "Undead Archer advances from R2 to R1",
    ]


def test_round_three_and_the_end() -> None:
    # p. 17: « Diane commence avec une Action 1 Dégât et assigne 1 jeton Dégâts à l'Archer », « Charlotte n'a pas
    # d'Action à la Ronde III », « Gabriel entreprend une Action Piller et récupère le Parchemin Vert », « [l'Archer]
    # fait 1 dégât au Premier Joueur, donc Diane place un jeton Dégâts sur son plateau », « Ce troisième jeton Dégâts
    # (5a) signifie que le Monstre est mort [...] la carte du dessus du deck Équipement est placée face visible dans
    # la Besace du Groupe (5b) », « Le Combat est maintenant terminé. »
    sections = _sections()
    assert sections["III"] == [
        "round III",
        "Diane (Poisoned ST-04) deals 1 damage to Undead Archer on R1",
        "Undead Archer on R1 takes 1 damage (2/3)",
        "Charlotte (Flayed ST-18) has no action in round III",
        "Gabriel: loot what? Only one choice: loot scroll_green",
        "Gabriel loots 1 scroll_green from the group space into the bag",
        "Undead Archer (R1) deals 1 damage to Diane",
        "Diane takes 1 damage (1/3)",
        "end of round III",
        "Undead Archer on R1 is poisoned (1): 1 damage",
        "Undead Archer on R1 takes 1 damage (3/3)",
        "Undead Archer on R1 is eliminated; death reward: 1 equipment",
        "R1 stays empty until the end of the round",
    ]
    assert "IV" not in sections  # « Si le Zombie était demeuré « vivant » [...] il aurait fait 1 Dégât [...] à la Ronde IV. »


def test_the_upkeep() -> None:
    # p. 17: « la carte Équipement est donnée à l'Immolé [...] le Parchemin Vert est donné à l'Empoisonné [...] La
    # Cellule reste dans la Besace. »
    done = run(BOOK)
    end = [e.text for e in events(done) if e.round == Round.III and e.code == "give"]
    assert end == ["Diane receives the scroll_green and moves that scroll one space",
                   "Gabriel receives the equipment card, to equip"]
    combat = done.combat
    assert combat.bag[LOOT_INDEX[LootKind.CELL]] == 1 and sum(combat.bag) == 1
    assert combat.prisoners[0].scrolls == (1, 0, 0)
    assert [p.damage for p in combat.prisoners] == [1, 0, 0, 1]
    assert tally(combat).kills == 2 and tally(combat).deaths == 0


def test_every_step_of_the_example_cites_the_rulebook() -> None:
    done = run(BOOK)
    uncited = [e.text for e in events(done) if e.cite is None]
    assert uncited == []
    assert has(done, "advances from R3 to R2").cite == "advance"
    assert has(done, "death reward: 1 cell").cite == "kill_reward"


def test_the_zombie_would_have_struck_in_round_iv() -> None:
    # p. 17: « Si le Zombie était demeuré « vivant » à la fin du Combat, il aurait fait 1 Dégât en tant qu'Action
    # finale de Combat, à la Ronde IV. » Gabriel strikes the archer instead of the zombie in round II.
    choices = [c if c != "target R1" else "target R2" for c in BOOK["choices"]][:8] + ["target R2", "to Diane"]
    done = run({**BOOK, "choices": []}, *choices)
    assert has(done, "round IV").round == Round.IV
    assert has(done, "Zombie (R1) deals 1 damage to Diane").round == Round.IV


def test_the_plan_of_the_example_takes_less_damage_than_the_table_did() -> None:
    table = tally(run(BOOK).combat)
    best = plan(run({**BOOK, "choices": []}).combat)
    assert best.value.alive == 1
    assert best.value.damage < table.damage
    line = best.line()
    assert "pass Mario" in line and line[0].startswith("play Diane")
