"""The player aid's rules, each as one short French line with the project's own English translation.

The source is a two-page French player aid of *Dungeon Twister: The Card Game*
(Vin d'jeu, 2013). Every step the engine takes cites one of these lines, so
that a reader can check the reading against the aid. ``line`` is the line of
the aid's text where the quotation starts. Some lines of the combat section
came out of the PDF with their words in scrambled order: those quotations put
the same words back in reading order and say so (``reordered``). The symbol
the text shows as ``э`` is read « contenant » (containing).

>>> RULES["golden_b"].english
'at the end of an action, one player never has more than 3 characters in one zone, the wounded included'
>>> print(cite("melee_tie"))
« Egal : rien ne se passe » (aid, line 151: a tie: nothing happens)
"""

from __future__ import annotations

from typing import NamedTuple


class Citation(NamedTuple):
    key: str
    line: int
    french: str
    english: str
    reordered: bool = False
    """The aid's words for this line came out scrambled; the quotation puts them back in order."""

    def text(self) -> str:
        """The quotation and its translation, as an event shows it."""
        where = f"aid, line {self.line}" + (", words reordered" if self.reordered else "")
        return f"« {self.french} » ({where}: {self.english})"

    def as_json(self) -> dict[str, object]:
        return {"key": self.key, "line": self.line, "french": self.french, "english": self.english,
                "reordered": self.reordered}


_LINES: tuple[Citation, ...] = (
    # Victory points
    Citation("vp_kill", 6, "1 par perso adverse tué", "1 VP for each enemy character killed"),
    Citation("vp_escape", 7, "1 par perso qui s'échappe par la zone de départ adverse",
             "1 VP for each character that escapes through the opponent's start zone"),
    Citation("no_stay", 9, "il n'est pas possible de rester sur la zone de départ adverse",
             "a character cannot stay on the opponent's start zone"),
    Citation("escape_object", 10, "Si le perso sort avec un objet : défaussé",
             "an object carried out is discarded"),
    Citation("escape_wounded", 11, "Si le perso sort avec un perso blessé : le blessé ne rapporte pas de PV",
             "a wounded character carried out scores no VP"),
    Citation("start_blocks", 12, "Un perso sur une zone de départ bloque la sortie par la zone à laquelle il fait face",
             "a character on a start zone blocks the way out through the zone it faces"),
    Citation("scenario", 16, "Choisir une carte scénario (5 ou 6 PVs)", "choose a scenario card (5 or 6 VP)"),
    Citation("jump_cards_setup", 35, "Chacun prend 3 cartes saut", "each player takes 3 jump cards"),
    # The turn
    Citation("ap_first", 48, "1ER Tour : 1er joueur gagne 2 PA – 2ème joueur 3 PA",
             "first turn: the first player gains 2 AP, the second 3"),
    Citation("ap_gain", 49, "Tours suivants : +3 PAs", "later turns: 3 AP more"),
    Citation("ap_spend", 52, "Réaliser 1 action = diminuer sa carte d'1 PA", "each action costs 1 AP"),
    Citation("zone_icon", 53, "Indiquer la zone par l'icône qui pointe vers la salle",
             "a card shows its zone by the icon pointing at the room"),
    Citation("ap_keep", 55, "CONSERVER MAX 3 PAs POUR LE TOUR SUIVANT", "keep at most 3 AP for the next turn"),
    # Golden rules
    Citation("golden_a", 60, "1 action doit être complètement terminée avant d'en commencer une autre",
             "an action is finished before the next one starts"),
    Citation("golden_b", 61, "A la fin d'une action, il ne peut jamais y avoir plus de 3 persos contrôlés par 1 même "
                             "joueur dans 1 même zone (y compris les blessés)",
             "at the end of an action, one player never has more than 3 characters in one zone, the wounded included"),
    Citation("golden_c", 64, "1 perso peut transporter max 1 objet ou 1 perso blessé",
             "a character carries at most 1 object or 1 wounded character"),
    # 1) Reveal a room
    Citation("reveal_access", 70, "Si 1 perso a un accès direct à la salle (toujours pour les persos sur la zone de départ)",
             "if a character has direct access to the room (always so for characters on the start zone)"),
    Citation("reveal_outside", 71, "le perso ne rentre pas dans la salle", "the character does not enter the room"),
    Citation("reveal_active_places", 74, "Le joueur actif décide où placer tous les persos & les objets adverses",
             "the active player places every character and the opponent's objects"),
    Citation("reveal_other_places", 75, "L'autre joueur décide où placer les objets du joueur actif",
             "the other player places the active player's objects"),
    Citation("reveal_one_per_zone", 76, "Placer max 1 carte (objet/perso) par zone", "at most 1 card (object or character) per zone"),
    # 2) Move
    Citation("move_count", 81, "Chiffre blanc = nombre de zones maximum", "the white number is the most zones it moves"),
    Citation("move_may", 84, "Aller sur 1 zone adjacente vide (et éventuellement en sortir) ou contenant 1 perso ami ou "
                             "1 perso adverse blessé",
             "it may go into an adjacent zone that is empty (and maybe leave it again), or holds a friend or a wounded enemy"),
    Citation("move_portcullis", 87, "Traverser une herse ouverte", "it may go through an open portcullis"),
    Citation("move_pin", 90, "Il ne peut pas sortir de cette zone ce tour-ci sauf par l'endroit par où il est entré",
             "having entered a zone with an unwounded enemy, it cannot leave it this turn except the way it came in"),
    Citation("move_start", 93, "Se déplacer sur la zone de départ", "it may move onto the start zone"),
    Citation("move_may_not", 96, "Traverser 1 fosse / 1 herse fermée / 1 mur / 1 meurtrière",
             "it may not cross a pit, a closed portcullis, a wall or an arrow slit"),
    Citation("start_turn", 98, "1 pt de mouvement pour changer l'orientation du perso",
             "on the start zone, 1 movement point turns the character to face another zone"),
    Citation("start_other", 99, "1 pt de mvt pour se déplacer sur l'autre zone de départ et faire face à l'autre salle",
             "1 movement point takes it to the other start zone, facing the other room"),
    Citation("object_take", 104, "Le prendre (mettre l'objet sous la carte perso) ou le déposer pour 0 PA",
             "passing an object it may take it, or drop one, for 0 AP"),
    Citation("object_any_colour", 105, "1 perso peut transporter des objets de n'importe quelle couleur",
             "a character may carry objects of either colour"),
    Citation("object_exchange", 106, "Si le perso passe par une zone contenant 1 perso ami, il peut prendre/donner/échanger "
                                     "les objets pour 0 PA",
             "passing a friend, it may take, give or swap objects for 0 AP"),
    # 3) 4) Abilities and objects
    Citation("ability_ap", 112, "1 PA quand le « soleil » est indiqué à côté de la capacité",
             "an ability costs 1 AP when the sun is shown beside it"),
    Citation("object_ap", 116, "1 PA si « soleil » à côté de la capacité de l'objet",
             "using an object costs 1 AP when the sun is shown beside it"),
    # 5) Rotation
    Citation("rotate", 120, "1 PA : la tourner ou tourner l'autre salle de même couleur d'1/4 de tour dans le sens de la "
                            "flèche de la salle qui tourne",
             "1 AP turns the room, or the other room of its colour, a quarter turn the way the turning room's arrow points"),
    Citation("rotate_one", 121, "1PA ne permet de tourner qu'une seule salle", "1 AP turns one room only"),
    Citation("rotate_final", 122, "1 fois la rotation effectuée, on ne peut pas revenir en arrière",
             "once turned, a room is not turned back"),
    Citation("rotate_orientation", 123, "Les objets & perso ne changent pas d'orientation lors d'1 rotation",
             "objects and characters keep their orientation when a room turns"),
    # 6) Jump
    Citation("jump", 127, "1 PA pour jouer 1 carte saut & faire sauter 1 perso au-dessus d'une fosse",
             "1 AP and a jump card make a character jump over a pit"),
    Citation("jump_land", 128, "Le perso atterrit dans la zone adjacente à condition qu'elle ne contienne pas 1 perso adverse "
                               "non blessé",
             "it lands in the adjacent zone, if no unwounded enemy is there"),
    Citation("jump_card_out", 131, "Retirer la carte saut du jeu", "the jump card leaves the game"),
    Citation("jump_two_pits", 132, "On ne peut pas sauter au-dessus de 2 fosses adjacentes", "no jump over 2 adjacent pits"),
    Citation("jump_diagonal", 133, "On peut sauter en diagonale", "a jump may be diagonal"),
    Citation("jump_combat_card", 135, "Si vous n'avez plus de carte saut, vous pouvez définitivement vous défausser d'une "
                                      "carte combat ≠ 0 comme carte saut",
             "with no jump card left, a combat card other than the 0 may be discarded for good as a jump card"),
    # 7) Melee
    Citation("melee_target", 147, ">< 1 perso ennemi dans la même zone", "against an enemy character in the same zone"),
    Citation("melee_cards", 148, "Chaque joueur choisit 1 carte combat, la pose face cachée et la révèle en même temps",
             "each player chooses a combat card face down and both are shown at once"),
    Citation("melee_add", 149, "Ajouter la valeur de la carte combat à la valeur de combat du perso (chiffre rouge)",
             "the card's value is added to the character's combat value (the red number)"),
    Citation("melee_higher", 150, "Le + élevé gagne : l'autre perso est blessé", "the higher total wins: the other character is wounded"),
    Citation("melee_tie", 151, "Egal : rien ne se passe", "a tie: nothing happens"),
    Citation("cards_discard", 152, "Défausser les cartes combat (sauf la 0)", "the combat cards played are discarded, except the 0"),
    Citation("not_wounded_this_turn", 153, "Il est interdit d'engager un combat contre 1 perso qui a été blessé (de n'importe "
                                           "quelle manière) ce tour-ci",
             "no combat against a character wounded this turn, however it was wounded"),
    Citation("start_target", 155, "On peut engager un combat contre 1 perso se trouvant sur sa zone de départ",
             "a character on its start zone may be attacked"),
    Citation("wounded_no_ability", 157, "Perd toutes ses capacités", "a wounded character loses all its abilities"),
    Citation("wounded_no_action", 158, "Ne peut effectuer aucune action", "a wounded character takes no action"),
    Citation("wounded_defends", 159, "Peut se défendre s'il est attaqué : valeur de combat : 0 & doit jouer une carte combat",
             "attacked, a wounded character defends with combat value 0 and must play a combat card"),
    Citation("wounded_loses", 160, "S'il perd 1 combat : éliminé & laisser son objet sur place",
             "a wounded character that loses a combat is eliminated and leaves its object where it was"),
    Citation("wounded_wins", 161, "S'il gagne : l'adversaire est blessé", "if it wins, its opponent is wounded"),
    Citation("carry_wounded", 163, "1 perso peut transporter 1 perso ami blessé.  S'il perd un combat, il est blessé et le "
                                   "blessé est tué",
             "a character may carry a wounded friend; if it loses a combat it is wounded and the one it carries is killed"),
    Citation("group_all", 167, "Tous les persos de chaque camp se trouvant dans la même zone sont impliqués dans le combat",
             "every character of each side in the zone takes part in the combat", reordered=True),
    Citation("group_one_card", 170, "Ne jouer qu'une seule carte combat et l'additionner à la somme des forces de tous vos persos",
             "each side plays one combat card, added to the sum of its characters' values", reordered=True),
    Citation("group_losers", 173, "Tous les persos perdants sont blessés", "every character on the losing side is wounded"),
    Citation("group_wounded", 174, "1 perso blessé ne participe à un combat groupé que s'il est la cible initiale de l'attaquant",
             "a wounded character takes part in a group combat only as the attacker's initial target", reordered=True),
    Citation("start_combat", 178, "Le perso sur la zone de départ ou les persos dans la salle y faisant face peuvent engager "
                                  "le combat (pas de herse fermée, mur, meurtrière ou fosse)",
             "the character on a start zone and the characters in the zone it faces may fight, with no closed portcullis, "
             "wall, arrow slit or pit between"),
    # 8) Ranged combat
    Citation("sight_line", 185, "Ligne droite horizontale ou verticale (pas diagonale) avec 1 point de départ dans la zone et "
                                "point d'arrivée dans l'autre zone",
             "a straight horizontal or vertical line, never diagonal, from a point in one zone to a point in the other",
             reordered=True),
    Citation("sight_blocked", 188, "Ne traverse pas les murs, les herses fermées et les zones contenant des persos blessés ou pas",
             "sight does not pass walls, closed portcullises, or zones holding characters, wounded or not", reordered=True),
    Citation("sight_passes", 189, "Traverse les zones contenant objets, mécanismes de rotation et fosse",
             "sight passes zones holding objects, rotation mechanisms and pits"),
    Citation("sight_slit", 190, "Si un perso se trouve dans une zone adjacente à une meurtrière, sa ligne de vue s'étend "
                                "au-delà de la meurtrière",
             "a character in a zone next to an arrow slit sees beyond the slit", reordered=True),
    Citation("ranged_who", 197, "L'arbalétrier ou tout perso portant un arc peut engager un combat à distance pour 1 PA",
             "the crossbowman, or any character carrying a bow, may start a ranged combat for 1 AP", reordered=True),
    Citation("ranged_sight", 198, "Il lui faut une ligne de vue sans limite de distance",
             "it needs a line of sight, at any distance", reordered=True),
    Citation("ranged_not_same_zone", 199, "On ne peut pas engager 1 combat à distance contre 1 perso situé dans la même zone",
             "no ranged combat against a character in the shooter's own zone"),
    Citation("ranged_not_enemy_here", 200, "On ne peut pas engager un combat à distance si un perso ennemi se trouve dans la "
                                           "même zone",
             "no ranged combat while an enemy is in the shooter's zone"),
    Citation("ranged_not_wounded", 203, "On ne peut pas tirer sur un perso qui vient d'être blessé ce tour-ci",
             "no shot at a character wounded this turn", reordered=True),
    Citation("ranged_start", 204, "Combat à distance >< 1 zone de départ possible",
             "a ranged combat against a start zone is allowed", reordered=True),
    Citation("ranged_value", 205, "La valeur de combat de l'attaquant = sa valeur de combat à distance et non celle au corps "
                                  "à corps",
             "the attacker's value is its ranged value, not its melee value", reordered=True),
    Citation("ranged_no_bonus", 207, "Cette valeur ne peut pas être améliorée par 1 capacité, objet ou élément de décor",
             "no ability, object or scenery raises that value", reordered=True),
    Citation("ranged_no_melee_powers", 208, "Les pouvoirs affectant les combats au corps à corps ne sont pas activés "
                                            "(ex : télépathe)",
             "powers that affect melee combat do not work (the telepath's, say)", reordered=True),
    Citation("ranged_cards", 211, "Chacun joue 1 carte", "each side plays a card"),
    Citation("ranged_attacker_wins", 213, "Si l'attaquant gagne : défenseur blessé", "if the attacker wins, the defender is wounded"),
    Citation("ranged_defender_wins", 214, "Si le défenseur gagne : rien ne se passe", "if the defender wins, nothing happens"),
    Citation("group_ranged_melee", 219, "Persos de l'attaquant situés dans la même zone que la cible : valeur de combat au "
                                        "corps à corps",
             "the attacker's characters in the target's zone take part with their melee values", reordered=True),
    Citation("group_ranged_defenders", 222, "S'il y a des persos attaquants dans la même zone que la cible, tous les persos du "
                                            "défenseur situés dans cette zone",
             "if attackers are in the target's zone, all the defender's characters in that zone take part", reordered=True),
    Citation("group_ranged_shooters", 225, "D'autres tireurs du camp de l'attaquant ayant une ligne de vue",
             "other shooters of the attacker's side with a line of sight take part", reordered=True),
    Citation("group_ranged_not_shooters", 228, "Les tireurs du défenseur", "the defender's shooters do not take part"),
    Citation("group_ranged_not_others", 229, "D'autres persos du défenseur s'il n'y a pas de perso attaquant dans la même zone",
             "the defender's other characters do not take part when no attacker is in the target's zone", reordered=True),
)

RULES: dict[str, Citation] = {c.key: c for c in _LINES}
"""The aid's rules by key (the characters' and objects' own lines are in :mod:`solver.dungeontwister.model.catalogue`)."""

assert len(RULES) == len(_LINES), "each key once"


def cite(key: str) -> str:
    """The quotation of rule ``key`` with its translation (a KeyError for a key the table lacks is a bug)."""
    return RULES[key].text()
