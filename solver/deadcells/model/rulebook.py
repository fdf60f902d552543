"""The rulebook's lines the engine cites: page, one short French sentence, and the project's English.

The source is the French rulebook (Le Scorpion Masqué, 2024) as a text dump
without its pictures (docs/dead-cells.md). The dump carries no page numbers:
a page here is the one the rulebook's own index and cross-references give to
the section (« Règle d'or : 11 », « Exemple complet : 16-17 »). A bracketed
word stands for an icon the dump lost.

>>> cite("golden_rule").where, cite("golden_rule").english
('p. 11', 'Combat always runs from left to right, in the order of the combat board.')
"""

from __future__ import annotations

from solver.base.citations import Citation


def _at(page: int, french: str, english: str) -> Citation:
    return Citation(f"p. {page}", french, english)


CITATIONS: dict[str, Citation] = {
    # Tests (p. 8) and the potion (p. 7)
    "hand_check": _at(8, "Si le Premier Joueur peut défausser de sa main une carte Combat qui porte le symbole "
                              "requis, le Groupe a réussi le Test.",
                           "If the First Player can discard from hand a combat card showing the symbol, the group "
                           "passes the test."),
    "deck_check": _at(8, "Le Premier Joueur tire la carte sur le dessus de son deck de cartes Combat.",
                           "The First Player draws the top card of their combat deck."),
    "deck_check_discard": _at(8, "La carte est défaussée.", "The card is discarded."),
    "refill": _at(8, "Après un Test, les joueurs reprennent des cartes jusqu'à en avoir 3 en main.",
                       "After a test, the players draw back up to 3 cards in hand."),
    "reshuffle": _at(8, "S'il n'y a plus de cartes dans votre deck de cartes Combat, vous n'avez qu'à mélanger "
                             "les cartes de votre défausse",
                          "When your combat deck is empty, just shuffle your discard pile"),
    "potion": _at(7, "Ce jeton peut être défaussé pour enlever TOUS les jetons Dégâts d'un plateau Prisonnier",
                       "This token may be discarded to remove ALL damage tokens from a prisoner's board"),
    # Setting up (p. 8)
    "place_first": _at(8, "Débutez toujours par l'espace [R1].", "Always start with the space [R1]."),
    "place_left": _at(8, "Si une carte Monstre a l'icône [L], elle est placée à gauche du Groupe.",
                           "A monster card with the [L] icon is placed left of the group."),
    "place_taken": _at(8, "placez ce nouvel Ennemi comme vous le feriez avec un Ennemi sans icône de position "
                               "spéciale.",
                            "place the new enemy as you would an enemy without a special placement icon."),
    # Playing cards (p. 10)
    "three_cards": _at(10, "Il n'y aura toujours que 3 cartes Combat qui seront jouées",
                            "Only 3 combat cards are ever played"),
    "two_players": _at(10, "Le Premier Joueur joue 2 cartes, puis l'autre joueur joue 1 carte.",
                            "The First Player plays 2 cards, then the other player plays 1."),
    "first_card": _at(10, "Tous les effets qui s'appliquent à la carte du Premier Joueur affectent seulement la "
                               "première carte jouée.",
                           "Every effect on the First Player's card affects only the first card played."),
    "three_players": _at(10, "Tous les joueurs jouent 1 carte.", "Every player plays 1 card."),
    "four_players": _at(10, "Le Premier Joueur DOIT prendre part au Combat et ne peut pas passer son tour.",
                             "The First Player MUST take part in the combat and may not pass."),
    "announce": _at(10, "Annoncer UNE Action qu'ils vont faire et la Ronde de Combat au cours de laquelle elle "
                             "aura lieu",
                         "Announce ONE action they will take and the combat round it will happen in"),
    "heal": _at(10, "Soigner", "Heal (one of the six actions a prisoner may take in a combat round)"),
    "passer_reveal": _at(10, "le joueur révèle la carte sur le dessus de son deck de cartes Combat.",
                              "the player reveals the top card of their combat deck."),
    "passer_scroll": _at(10, "Si la carte affiche plus d'un symbole, le joueur en choisit un de son choix.",
                              "If the card shows more than one symbol, the player chooses one."),
    "passer_cycle": _at(10, "Le joueur qui passe son tour peut maintenant défausser autant de cartes de sa main qu'il "
                                 "le désire et reprendre autant de cartes depuis son deck.",
                             "The passing player may now discard as many cards from hand as they like and draw as many "
                             "from their deck."),
    "passer_discard": _at(10, "La carte dévoilée est défaussée, qu'elle affiche un symbole ou non.",
                               "The revealed card is discarded, whether it shows a symbol or not."),
    "passer_out": _at(10, "il ne subit donc pas de dégâts, mais il ne bénéficie pas non plus des Butins",
                           "so it takes no damage, but gets none of the loot either"),
    # The combat phase (p. 11)
    "rounds": _at(11, "Les Actions du groupe sont résolues à partir du Premier Joueur, puis selon le sens "
                           "horaire.",
                       "The group's actions are resolved from the First Player, then clockwise."),
    "golden_rule": _at(11, "Le Combat se déroule toujours de gauche à droite, suivant l'ordre du plateau Combat.",
                            "Combat always runs from left to right, in the order of the combat board."),
    "must_play": _at(11, "Toutes les actions sur les cartes Combat et cartes Monstre doivent être jouées, si "
                              "possible.",
                          "Every action on the combat and monster cards must be carried out, if possible."),
    "round0": _at(11, "La Ronde 0 est une Ronde de Combat spéciale qui a lieu avant la Ronde I",
                       "Round 0 is a special combat round that comes before round I"),
    "round0_potion": _at(11, "La Ronde 0 est également un moment où le Groupe peut utiliser des Potions.",
                              "Round 0 is also when the group may use potions."),
    "range": _at(11, "un seul Monstre est atteint à la fois.", "a single monster is hit at a time."),
    "range_empty": _at(11, "les attaques atteignant cet espace n'ont pas d'effet.",
                            "attacks reaching that space have no effect."),
    "damage_enemy": _at(11, "Si le nombre de jetons Dégâts sur la carte est égal ou supérieur à la Vie du "
                                 "Monstre [( 2 )], ce Monstre est éliminé",
                             "When the damage tokens on the card equal or exceed the monster's health, it is "
                             "eliminated"),
    "damage_prisoner": _at(11, "Assignez 1 jeton Dégâts sur la piste Vie du Prisonnier (ou Compagnon, voir p.12) "
                                    "de votre choix, le Premier Joueur ayant le dernier mot.",
                                "Put 1 damage token on the health track of the prisoner (or companion) of your "
                                "choice, the First Player having the last word."),
    "block": _at(11, "Chaque jeton Bouclier sur un plateau Prisonnier va prévenir un [dégât].",
                      "Each shield token on a prisoner's board will prevent one [damage]."),
    "block_enemy": _at(11, "Assignez 1 jeton Bouclier sur la carte Monstre.", "Put 1 shield token on the monster card."),
    "shield_states": _at(11, "Les jetons Bouclier ne bloquent pas les États", "Shield tokens do not block states"),
    "shield_trigger": _at(11, "Toute attaque déclenchée par un Prisonnier subissant un [dégât] est annulée si elle "
                                   "est bloquée par un Bouclier.",
                               "An attack a prisoner triggers by suffering [damage] is cancelled if a shield blocks "
                               "that damage."),
    "skill": _at(11, "Entreprendre une Action Aptitude n'est jamais obligatoire.",
                      "Taking a skill action is never mandatory."),
    "skill_once": _at(11, "Les Actions d'Aptitude sur les pistes Parchemin ne peuvent être effectuées qu'une "
                               "seule fois par Ronde de Combat.",
                           "Skill actions on the scroll tracks may be taken only once per combat round."),
    "loot": _at(11, "Prenez tous les Butins d'un même type qui se trouvent dans l'espace Groupe",
                     "Take all the loot of one type lying on the group space"),
    "loot_potion": _at(11, "Vous pouvez utiliser votre action Piller pour assigner une Potion à un Prisonnier",
                            "You may use your loot action to give a potion to a prisoner"),
    "poisoned": _at(11, "Assignez 1 jeton Dégâts pour chaque jeton Empoisonné sur le Prisonnier ou l'Ennemi "
                             "pendant la phase de Fin de Ronde",
                         "Put 1 damage token for each Poisoned token on the prisoner or enemy in the end-of-round "
                         "phase"),
    "bleeding": _at(11, "Tout Prisonnier ou Ennemi avec un jeton Ensanglanté après la Ronde de Combat III est "
                             "éliminé.",
                         "Any prisoner or enemy with a Bleeding token after combat round III is eliminated."),
    "burning": _at(11, "Dès qu'un Prisonnier ou un Ennemi reçoit un second jeton Enflammé, il est immédiatement "
                            "éliminé.",
                        "As soon as a prisoner or enemy receives a second Burning token, it is eliminated at once."),
    "frozen": _at(11, "Ce jeton est placé sur la prochaine ligne de Combat [( I, II ou III )] de la carte "
                           "Prisonnier ou Ennemi qui contient une Action",
                       "This token goes on the next combat line of the prisoner or enemy card that holds an action"),
    "frozen_effect": _at(11, "Le personnage Gelé ne résoudra aucune de ses actions pour la Ronde en question.",
                              "The frozen character resolves none of its actions in that round."),
    "targeted": _at(11, "se fait assigner un [dégât] supplémentaire par jeton Ciblé chaque fois qu'un [dégât] ou "
                             "plus lui est infligé",
                         "takes one more [damage] per Targeted token each time one [damage] or more is inflicted on "
                         "it"),
    "immunity": _at(11, "Cela signifie que ce jeton État n'est pas assigné et n'a donc aucun effet.",
                         "That state token is then not assigned and has no effect."),
    # Equipment, companions, kills, the end of a round, the upkeep (p. 12)
    "timed_replace": _at(12, "peuvent être utilisés à la Ronde de Combat indiquée à la place de l'Action indiquée "
                                  "sur la carte Combat",
                              "may be used in the round shown instead of the action shown on the combat card"),
    "timed_add": _at(12, "leurs effets sont ajoutés à l'Action du Prisonnier pour cette Ronde de Combat.",
                          "their effects are added to the prisoner's action for that combat round."),
    "timed_once": _at(12, "1 seule carte d'Équipement Programmé peut être utilisée par Prisonnier par carte de "
                               "Combat chaque Ronde de Combat.",
                           "A single timed equipment card may be used per prisoner per combat card each round."),
    "timed_twice": _at(12, "Vous ne pouvez pas utiliser un Équipement Programmé 2 fois dans la même Ronde de "
                                "Combat",
                            "You may not use a timed item twice in the same combat round"),
    "skill_item": _at(12, "Vous pouvez activer un objet doté d'une Aptitude à l'aide d'une Action [Aptitude].",
                           "You may activate an item with a skill by a [skill] action."),
    "always": _at(12, "Ces objets peuvent êtres déclenchés plusieurs fois dans la même Ronde",
                       "These items may be triggered several times in one round"),
    "companion": _at(12, "Ils ont des Points de vie et peuvent subir des Dégâts.",
                          "They have health and can take damage."),
    "companion_limits": _at(12, "Ils ne peuvent pas recevoir de Bouclier, quel que soit son type, ils ne peuvent "
                                     "pas non plus subir d'États, et ne peuvent pas être guéris.",
                                 "They can receive no shield of any kind, suffer no states, and cannot be healed."),
    "kill_reward": _at(12, "prenez immédiatement le bonus d'élimination",
                            "take the death reward at once"),
    "reward_damage": _at(12, "S'il y a une icône Dégât, ce dégât doit également être assigné à un Prisonnier.",
                              "If there is a damage icon, that damage must also be assigned to a prisoner."),
    "kill_space": _at(12, "L'espace occupé par le Monstre éliminé demeurera vide jusqu'à la phase de Fin de "
                               "Ronde",
                           "The space of the eliminated monster stays empty until the end-of-round phase"),
    "all_dead": _at(12, "Si tous les Monstres ont été éliminés, le Combat n'est pas terminé.",
                         "If every monster has been eliminated, the combat is not over."),
    "end_round": _at(12, "Appliquez ces effets, comme d'habitude, de gauche à droite.",
                          "Apply these effects, as usual, from left to right."),
    "advance": _at(12, "déplacez les Monstres vers le Groupe pour remplir ces espaces.",
                        "move the monsters toward the group to fill those spaces."),
    "advance_two": _at(12, "Un ennemi se trouvant sur le dernier espace à la droite du plateau Combat avance de "
                                "deux si les deux autres cases sont vides.",
                            "An enemy on the last space to the right advances two if both other spaces are empty."),
    "round_iv": _at(12, "Tout Monstre toujours sur le plateau qui possède une icône Ronde [IV] entreprend ses "
                             "actions pour la Ronde [IV].",
                         "Every monster still on the board with a round [IV] icon takes its round [IV] actions."),
    "upkeep_give": _at(12, "Assignez les Parchemins, les Fioles et l'Équipement pillés qui sont dans la Besace "
                                "du Groupe aux Prisonniers qui étaient impliqués dans le Combat.",
                            "Give the looted scrolls, vials and equipment in the bag to prisoners who took part in "
                            "the combat."),
    "upkeep_passer": _at(12, "Les joueurs qui ont passé ne peuvent pas recevoir de Butin pour leurs Prisonniers.",
                              "Players who passed may not receive loot for their prisoners."),
    "upkeep_monsters": _at(12, "Défaussez tout Monstre non éliminé.", "Discard every monster not eliminated."),
    "upkeep_loot": _at(12, "Défaussez tout Butin non pillé", "Discard every loot not taken"),
    "upkeep_refill": _at(12, "Reprenez des cartes Combat jusqu'à en avoir 3 en main.",
                              "Draw combat cards up to 3 in hand."),
    "upkeep_clear": _at(12, "Défaussez tous les jetons État et tous les boucliers sur les plateaux Prisonnier.",
                             "Discard every state token and every shield on the prisoners' boards."),
    "upkeep_active": _at(12, "Défaussez la carte active de chaque Prisonnier.",
                              "Discard each prisoner's active card."),
    "die": _at(12, "ce Prisonnier est éliminé et votre Run se termine.",
                    "that prisoner is eliminated and your Run ends."),
    "die_finish": _at(12, "si un Prisonnier est éliminé lors d'un Combat, vous devez tout de même terminer le "
                               "Combat.",
                           "if a prisoner is eliminated during a combat, you must still finish the combat."),
    # Bosses (p. 13-14)
    "boss_still": _at(13, "le Boss n'avance pas automatiquement vers le Groupe à la fin de chaque Ronde.",
                           "the boss does not advance toward the group at the end of each round."),
    "boss_round0": _at(13, "La Ronde 0 n'est jouée qu'au début du Combat et au début de chaque nouvelle instance "
                                "du Boss",
                            "Round 0 is played only at the start of the combat and at the start of each new instance "
                            "of the boss"),
    "manche_draw": _at(13, "Tirant une nouvelle carte Combat de votre deck", "Drawing a new combat card from your deck"),
    "manche_first": _at(13, "Donnant le jeton Premier Joueur en suivant l'ordre de jeu",
                             "Passing the First Player token in the order of play"),
    "boss_pass": _at(13, "Dans une partie à 4 joueurs, un joueur différent doit passer son tour à chaque manche.",
                          "In a 4-player game, a different player must pass each manche."),
    "boss_pass_no_check": _at(13, "Le joueur qui passe ne fait pas de Test de Deck.",
                                   "The passing player makes no deck check."),
    "stage_fall": _at(14, "La Manche se termine immédiatement.", "The manche ends at once."),
    "stage_clear": _at(14, "Tous les États et Boucliers sont retirés du Boss.",
                            "Every state and shield is removed from the boss."),
    "stage_cards": _at(14, "Défaussez toutes les Cartes Combat Actives des Prisonniers, et prenez une nouvelle "
                                "Carte Combat.",
                            "Discard the prisoners' active combat cards and take a new combat card."),
    "stage_restart": _at(14, "Le Combat recommence avec la nouvelle Étape du Boss, à partir de la Ronde 0.",
                              "The combat starts again with the boss's new stage, from round 0."),
    "boss_dies": _at(14, "Le Combat de Boss se termine immédiatement une fois le Boss vaincu.",
                          "The boss fight ends at once when the boss is beaten."),
    "boss_win": _at(14, "Tous les Prisonniers doivent être vivants lorsque le meurt Boss [sic] pour que cela "
                             "soit compté comme une Victoire.",
                         "Every prisoner must be alive when the boss dies for it to count as a victory."),
    "boss_loss": _at(14, "le Combat de Boss se termine à la fin de la Manche en cours",
                          "the boss fight ends at the end of the current manche"),
    # Solo (p. 18)
    "solo_two": _at(18, "Le Prisonnier joue toujours 2 cartes", "The prisoner always plays 2 cards"),
    "serenade_card": _at(18, "Ensuite, révélez la carte du dessus du deck Combat de Sérénade",
                              "Then reveal the top card of Serenade's combat deck"),
    "serenade_power": _at(18, "Sérénade activera également un pouvoir selon le symbole sur la carte du dessus de "
                                   "la défausse du Prisonnier",
                               "Serenade also activates a power by the symbol on the top card of the prisoner's "
                               "discard"),
    "serenade_no_power": _at(18, "S'il n'y a pas de carte dans la défausse, Sérénade ne peut pas activer de "
                                      "pouvoir spécial.",
                                  "With no card in the discard, Serenade can activate no special power."),
    "serenade_choose": _at(18, "Si la carte dans la défausse a plus d'un symbole, le joueur peut choisir lequel "
                                    "utiliser.",
                                "If the discard's card has more than one symbol, the player chooses which to use."),
    "serenade_health": _at(18, "Elle n'a que 4 Points de vie", "She has only 4 health"),
    "serenade_board": _at(18, "Si le deck de cartes Combat de Sérénade devient vide, vous devrez utiliser les "
                                   "actions imprimées sur son plateau",
                               "If Serenade's combat deck runs out, use the actions printed on her board"),
    "serenade_prisoner": _at(18, "Sérénade est considérée comme un Prisonnier ; si elle meurt, la Run se termine.",
                                  "Serenade counts as a prisoner; if she dies, the Run ends."),
}
"""Every citation, by the key events and docs use."""


def cite(key: str) -> Citation:
    return CITATIONS[key]
