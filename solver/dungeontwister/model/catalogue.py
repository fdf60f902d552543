"""The catalogue: the aid's 25 characters and 10 objects as typed data.

Each character has its white number (movement, in zones), its red number
(melee combat value), its abilities (the AP each costs, ``None`` for one that
is always on, or that changes another action), and the aid's line for each.
Each object has its AP cost, its effect and its line. The effects are the
project's own words; the citations quote the aid.

The game has 13 objects and traps, the aid describes 10 objects and no trap:
a name that is not in this catalogue is refused, naming what is (an object or
trap the aid does not describe cannot be played from it).

>>> CHARACTERS[Kind.GOBLIN].move, CHARACTERS[Kind.GOBLIN].combat, CHARACTERS[Kind.GOBLIN].french
(2, 1, 'Gobelin')
>>> len(CHARACTERS), len(OBJECTS)
(25, 10)
>>> character_kind("troll"), character_kind("Méchanork"), object_kind("épée")
(<Kind.TROLL: 'troll'>, <Kind.MECHANORK: 'mechanork'>, <ObjectKind.SWORD: 'sword'>)
>>> object_kind("piège")
Traceback (most recent call last):
...
solver.dungeontwister.model.catalogue.CatalogueError: 'piège': traps are not in the player aid (it describes none), ...
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from solver.dungeontwister.model.aid import Citation


class Kind(StrEnum):
    """The 25 characters (English ids; each card's French name is ``CHARACTERS[kind].french``)."""

    ASSASSIN = "assassin"
    TRAITRESS = "traitress"
    BERSERKER = "berserker"
    CLERIC = "cleric"
    COLOSSUS = "colossus"
    CROSSBOWMAN = "crossbowman"
    DARK_ANGEL = "dark_angel"
    ELF_LIGHTNING = "elf_lightning"
    GENERAL = "general"
    GHOST = "ghost"
    GOBLIN = "goblin"
    GOLEM = "golem"
    MECHANORK = "mechanork"
    SNAKE_MAN = "snake_man"
    PALADIN = "paladin"
    PICKPOCKET = "pickpocket"
    SAMURAI = "samurai"
    WIZARD = "wizard"
    TELEKINETIC = "telekinetic"
    TELEPATH = "telepath"
    THIEF = "thief"
    TROLL = "troll"
    WALL_WALKER = "wall_walker"
    WARRIOR = "warrior"
    WEAPON_MASTER = "weapon_master"


class Ability(StrEnum):
    DEADLY_BLOW = "deadly_blow"
    STAB = "stab"
    LOCKPICK = "lockpick"
    FRENZY = "frenzy"
    HEAL = "heal"
    BEND_BARS = "bend_bars"
    GIANT = "giant"
    CROSSBOW = "crossbow"
    FLIGHT = "flight"
    UNDEAD = "undead"
    ACROBATICS = "acrobatics"
    CHARISMA = "charisma"
    INCORPOREAL = "incorporeal"
    NO_CARRYING = "no_carrying"
    LOST_CAUSE = "lost_cause"
    BREAK_WALLS = "break_walls"
    TINKER = "tinker"
    CONTORTIONIST = "contortionist"
    MIGHTY = "mighty"
    UNDEAD_HUNTER = "undead_hunter"
    PICK_POCKET = "pick_pocket"
    SEASONED = "seasoned"
    LEVITATION = "levitation"
    SPELLCASTER = "spellcaster"
    PSYCHOKINESIS = "psychokinesis"
    MIND_CONTROL = "mind_control"
    REGENERATION = "regeneration"
    WALK_THROUGH_WALLS = "walk_through_walls"
    COMBAT_TECHNIQUES = "combat_techniques"


@dataclass(frozen=True)
class AbilityCard:
    ability: Ability
    french: str
    ap: int | None
    """1 for an action of its own ("1 PA" in the aid), None for a power always on or one that changes another action."""
    effect: str
    citation: Citation


@dataclass(frozen=True)
class CharacterCard:
    kind: Kind
    french: str
    move: int
    """The white number: the most zones a move goes."""
    combat: int
    """The red number: the melee combat value."""
    abilities: tuple[AbilityCard, ...]
    ranged: int | None = None
    """The ranged combat value of its own weapon (the crossbowman's 3); a bow gives any carrier 1."""

    def has(self, ability: Ability) -> bool:
        return any(a.ability is ability for a in self.abilities)

    @property
    def undead(self) -> bool:
        return self.has(Ability.UNDEAD)

    @property
    def spellcaster(self) -> bool:
        return self.has(Ability.SPELLCASTER)

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "french": self.french, "move": self.move, "combat": self.combat,
                "ranged": self.ranged,
                "abilities": [{"ability": a.ability.value, "french": a.french, "ap": a.ap, "effect": a.effect,
                               "citation": a.citation.as_json()} for a in self.abilities]}


def _ability(ability: Ability, french: str, ap: int | None, effect: str, line: int, quote: str, english: str) -> AbilityCard:
    return AbilityCard(ability, french, ap, effect, Citation(ability.value, line, quote, english))


_UNDEAD = (Ability.UNDEAD, "Mort vivant", None, "an undead: the paladin scores 1 VP more for eliminating it")

_CARDS: tuple[CharacterCard, ...] = (
    CharacterCard(Kind.ASSASSIN, "Assassin", 2, 2, (
        _ability(Ability.DEADLY_BLOW, "Coup mortel", None, "an enemy it beats in a combat, even a group combat, is killed",
                 250, "s'il remporte un combat (même groupé) : le perso adverse est tué immédiatement",
                 "if it wins a combat, even a group combat, the enemy character is killed at once"),)),
    CharacterCard(Kind.TRAITRESS, "Traitresse", 2, 2, (
        _ability(Ability.STAB, "Poignarder", None, "+2 in a group melee with at least one friend, attacking or defending",
                 253, "+2 en combat (attaque & défense) si combat groupé au corps à corps avec au moins 1 perso ami",
                 "+2 in combat, attack and defence, in a group melee with at least one friend"),
        _ability(Ability.LOCKPICK, "Crochetage", 1, "opens or closes a portcullis", 256, "Crochetage (1PA) : Ouvrir ou fermer 1 herse",
                 "lockpicking (1 AP): open or close a portcullis"))),
    CharacterCard(Kind.BERSERKER, "Bersek", 2, 3, (
        _ability(Ability.FRENZY, "Folie meurtrière", None,
                 "attacking in a single melee it may play 2 combat cards, announced before they are chosen",
                 258, "S'il attaque dans un combat singulier au corps à corps, il peut jouer 2 cartes combat",
                 "attacking in a single melee, it may play 2 combat cards"),)),
    CharacterCard(Kind.CLERIC, "Clerc", 2, 2, (
        _ability(Ability.HEAL, "Soins", 1, "heals a wounded character in its zone that it does not carry, never itself; "
                 "the healed one does nothing else this turn",
                 262, "Soigner 1 blessé (qu'il ne transporte pas) dans la même zone",
                 "heal a wounded character in the same zone, one it does not carry"),)),
    CharacterCard(Kind.COLOSSUS, "Colosse", 1, 5, (
        _ability(Ability.BEND_BARS, "Torsion des barres", 1, "breaks an adjacent portcullis for good",
                 266, "Torsion des barres (1 PA) : Briser une herse adjacente", "bending the bars (1 AP): break an adjacent portcullis"),
        _ability(Ability.GIANT, "Géant", None, "characters of combat value 1 or less pass through its zone without stopping",
                 268, "les persos avec une valeur de combat ≤ 1 (avant modifs) peuvent passer entre les jambes du colosse",
                 "characters of combat value 1 or less, before modifiers, may pass between the colossus's legs"))),
    CharacterCard(Kind.CROSSBOWMAN, "Arbalétrier", 2, 3, (
        _ability(Ability.CROSSBOW, "Attaques à distance", 1, "a ranged combat with value 3, once a turn",
                 272, "il ne peut effectuer qu'1 seul tir par tour", "it shoots once a turn only"),), ranged=3),
    CharacterCard(Kind.DARK_ANGEL, "Ange sombre", 3, 2, (
        _ability(Ability.FLIGHT, "Vol", None, "crosses pits and zones holding enemies",
                 278, "Vol : traverse des fosses & des zones contenant des persos ennemis",
                 "flight: it crosses pits and zones holding enemies"),
        _ability(*_UNDEAD, 279, "Mort vivant", "undead"))),
    CharacterCard(Kind.ELF_LIGHTNING, "Eclair Elfe", 4, 1, (
        _ability(Ability.ACROBATICS, "Acrobatie", None, "crosses pits", 281, "Acrobatie : peut passer au dessus des fosses",
                 "acrobatics: it may pass over pits"),)),
    CharacterCard(Kind.GENERAL, "Général", 2, 1, (
        _ability(Ability.CHARISMA, "Charismatique", None,
                 "+1 in melee to every friend in its room, wounded ones too, but not itself; not when it is wounded or on a "
                 "start zone", 282, "Tous les persos amis (même blessés) (mais pas le général) dans la même salle ont 1 bonus de "
                 "+1 en combat au corps à corps", "every friend, wounded ones too but not the general, in the same room has +1 in "
                 "melee"),)),
    CharacterCard(Kind.GHOST, "Fantôme", 2, 0, (
        _ability(Ability.INCORPOREAL, "Incorporel", None, "passes every obstacle (walls, pits, enemies...); may work rotation "
                 "mechanisms", 289, "Peut traverser tout type d'obstacle (mur, fosse, ennemis,…)",
                 "it may pass every kind of obstacle: wall, pit, enemies..."),
        _ability(Ability.NO_CARRYING, "Pas de transport", None, "carries nothing and uses no object",
                 291, "ne peut rien transporter/pas utiliser d'objet", "it carries nothing and uses no object"),
        _ability(*_UNDEAD, 292, "Mort vivant", "undead"))),
    CharacterCard(Kind.GOBLIN, "Gobelin", 2, 1, (
        _ability(Ability.LOST_CAUSE, "Perdu d'avance", None, "scores 2 VP when it escapes",
                 294, "Rapporte 2 PV s'il sort", "it scores 2 VP if it gets out"),)),
    CharacterCard(Kind.GOLEM, "Golem", 1, 4, (
        _ability(Ability.BREAK_WALLS, "Briser des murs", 1, "breaks every wall of its room, the portcullis too; once a game",
                 295, "tous les murs de la salle sont brisés y compris la herse",
                 "every wall of the room is broken, the portcullis too"),)),
    CharacterCard(Kind.MECHANORK, "Méchanork", 2, 2, (
        _ability(Ability.TINKER, "Bricolage", 1, "turns a room or its twin a quarter turn either way",
                 303, "Peut activer la rotation d'une salle ou de sa jumelle dans le sens de son choix",
                 "it may turn a room or its twin the way it chooses"),)),
    CharacterCard(Kind.SNAKE_MAN, "Homme-serpent", 3, 2, (
        _ability(Ability.CONTORTIONIST, "Contorsionniste", None, "passes arrow slits, even carrying; reveals no room through one",
                 311, "Peut passer à travers les meurtrières même s'il transporte un objet ou un blessé",
                 "it may pass arrow slits even carrying an object or a wounded character"),)),
    CharacterCard(Kind.PALADIN, "Paladin", 2, 3, (
        _ability(Ability.MIGHTY, "Puissant", None, "carries 2 objects, or an object and a wounded character, or 2 wounded; "
                 "the objects' effects add up; kept when wounded", 315,
                 "Peut transporter 2 objets ou 1 objet + 1 blessé ou 2 blessés", "it may carry 2 objects, or 1 object and 1 "
                 "wounded, or 2 wounded"),
        _ability(Ability.UNDEAD_HUNTER, "Chasseur de mort vivants", None,
                 "1 VP more when an undead is eliminated in a combat it takes part in", 318,
                 "Il gagne 1 PV supplémentaire s'il élimine 1 mort vivant", "it scores 1 VP more if it eliminates an undead"))),
    CharacterCard(Kind.PICKPOCKET, "Pickpocket", 3, 2, (
        _ability(Ability.PICK_POCKET, "Vol à la tire", 1, "steals an object (never a wounded character) from an enemy in its zone",
                 325, "Peut voler 1 objet (pas un blessé) à un ennemi se trouvant dans la même zone",
                 "it may steal an object, not a wounded character, from an enemy in the same zone"),)),
    CharacterCard(Kind.SAMURAI, "Samouraï", 2, 3, (
        _ability(Ability.SEASONED, "Combattant aguerri", None, "once a turn, a melee (single or group) for 0 AP",
                 328, "une fois par tour il peut engager un combat au corps à corps singulier ou groupé pour 0PA",
                 "once a turn it may start a melee, single or group, for 0 AP"),)),
    CharacterCard(Kind.WIZARD, "Magicien", 2, 1, (
        _ability(Ability.LEVITATION, "Lévitation", None, "crosses pits and enemies",
                 331, "Lévitation : Peut traverser des fosses et des persos ennemis", "levitation: it may cross pits and enemies"),
        _ability(Ability.SPELLCASTER, "Jeteur de sort", None, "may use scrolls", 332, "Peut utiliser des parchemins",
                 "it may use scrolls"))),
    CharacterCard(Kind.TELEKINETIC, "Télékinésiste", 3, 1, (
        _ability(Ability.PSYCHOKINESIS, "Psychokinésie", 1,
                 "moves an object no one carries, from any zone of its room, up to 3 zones as if flying; may give it to a "
                 "character where it lands", 337,
                 "Peut déplacer 1 objet se trouvant dans n'importe quelle zone de la salle où elle se trouve",
                 "it may move an object lying in any zone of its room"),
        _ability(Ability.SPELLCASTER, "Jeteur de sort", None, "may use scrolls", 343, "Peut utiliser des parchemins",
                 "it may use scrolls"))),
    CharacterCard(Kind.TELEPATH, "Télépathe", 2, 0, (
        _ability(Ability.MIND_CONTROL, "Contrôle de l'esprit", None,
                 "in a single melee it names a card value the opponent must play if it still holds one; two telepaths cancel",
                 345, "il peut obliger l'adversaire à jouer une carte d'une valeur qu'il nomme",
                 "it may make the opponent play a card of a value it names"),)),
    CharacterCard(Kind.THIEF, "Voleuse", 3, 2, (
        _ability(Ability.ACROBATICS, "Acrobatie", None, "crosses pits", 352, "Acrobatie : peut passer par-dessus les fosses",
                 "acrobatics: it may pass over pits"),
        _ability(Ability.LOCKPICK, "Crochetage", 1, "opens or closes a portcullis", 353,
                 "Crochetage (1PA) : Peut ouvrir ou fermer une herse", "lockpicking (1 AP): open or close a portcullis"))),
    CharacterCard(Kind.TROLL, "Troll", 1, 4, (
        _ability(Ability.REGENERATION, "Regénération", 1,
                 "wounded, it heals itself from the turn after the one it was wounded in, and does nothing else that turn",
                 355, "S'il est blessé, il peut se regénérer à partir du tour suivant où il a été blessé",
                 "wounded, it may regenerate from the turn after the one it was wounded in"),)),
    CharacterCard(Kind.WALL_WALKER, "Passe-muraille", 2, 1, (
        _ability(Ability.WALK_THROUGH_WALLS, "Traverser les murs", 1,
                 "crosses a wall or a double wall, even carrying, as an action apart from moving; never a portcullis",
                 363, "Peut traverser un mur (ou un double mur) même en transportant un objet ou un blessé",
                 "it may cross a wall, or a double wall, even carrying an object or a wounded character"),)),
    CharacterCard(Kind.WARRIOR, "Guerrier", 2, 3, (
        _ability(Ability.BEND_BARS, "Torsion des barres", 1, "breaks an adjacent portcullis for good",
                 368, "Torsion des barres (1 PA) : Briser une herse adjacente", "bending the bars (1 AP): break an adjacent portcullis"),)),
    CharacterCard(Kind.WEAPON_MASTER, "Maîtresse d'armes", 2, 3, (
        _ability(Ability.COMBAT_TECHNIQUES, "Techniques de combat", None,
                 "in a single or group melee its player sees the opponent's card before choosing; two cancel",
                 374, "le joueur qui la contrôle peut voir la carte jouée par l'adversaire avant de jouer la sienne",
                 "its player may see the card the opponent plays before playing its own"),)),
)

CHARACTERS: dict[Kind, CharacterCard] = {card.kind: card for card in _CARDS}
assert tuple(CHARACTERS) == tuple(Kind), "one card per kind, in the enumeration's order"


class ObjectKind(StrEnum):
    """The 10 objects the aid lists."""

    ARMOUR = "armour"
    BOW = "bow"
    KEY = "key"
    FIREBALL_SCROLL = "fireball_scroll"
    GREAT_SHIELD = "great_shield"
    ROPE = "rope"
    INVERSION_SCROLL = "inversion_scroll"
    SWORD = "sword"
    TREASURE = "treasure"
    TELESCOPIC_LANCE = "telescopic_lance"


@dataclass(frozen=True)
class ObjectCard:
    kind: ObjectKind
    french: str
    ap: int | None
    """1 when using it is an action ("1PA"), None for an object that works by itself."""
    effect: str
    citation: Citation
    magic: bool = False
    single_use: bool = False

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "french": self.french, "ap": self.ap, "effect": self.effect, "magic": self.magic,
                "single_use": self.single_use, "citation": self.citation.as_json()}


def _object(kind: ObjectKind, french: str, ap: int | None, effect: str, line: int, quote: str, english: str,
            magic: bool = False, single_use: bool = False) -> ObjectCard:
    return ObjectCard(kind, french, ap, effect, Citation(kind.value, line, quote, english), magic, single_use)


_OBJECTS: tuple[ObjectCard, ...] = (
    _object(ObjectKind.ARMOUR, "Armure", None, "+1 to its carrier's combat value in defence, kept when wounded",
            381, "Valeur de combat +1 en défense.  1 blessé conserve cet avantage",
            "+1 combat value in defence; a wounded carrier keeps it"),
    _object(ObjectKind.BOW, "Arc", 1, "a ranged combat of value 1, as often as there are AP",
            383, "Permet d'engager un combat à distance.  Peut être utilisé plusieurs fois par tour",
            "it starts a ranged combat; it may be used several times a turn"),
    _object(ObjectKind.KEY, "Clé", 1, "opens or closes an adjacent portcullis, again and again",
            386, "Ouvrir ou fermer une herse adjacente", "open or close an adjacent portcullis"),
    _object(ObjectKind.FIREBALL_SCROLL, "Parchemin de boule de feu", 1,
            "a spellcaster eliminates a character in its line of sight; discarded after use",
            393, "un jeteur de sort peut cibler 1 perso sur sa ligne de vue (même dans la même salle).  Ce perso est éliminé "
                 "directement", "a spellcaster may target a character in its line of sight, even in its own room: it is "
                 "eliminated at once", magic=True, single_use=True),
    _object(ObjectKind.GREAT_SHIELD, "Grand bouclier", None, "its carrier cannot be the target of a ranged combat (a fireball "
            "still reaches it)", 401, "Ne peut pas être la cible d'un combat à distance",
            "it cannot be the target of a ranged combat"),
    _object(ObjectKind.ROPE, "Corde", None, "its carrier crosses pits, never stopping on one",
            404, "Le perso peut traverser une fosse", "the character may cross a pit"),
    _object(ObjectKind.INVERSION_SCROLL, "Parchemin d'inversion", 1,
            "a spellcaster swaps its room with an orthogonally adjacent room, orientation kept; discarded after use",
            412, "1 jeteur de sort peut échanger la salle où il se trouve avec 1 salle adjacente orthogonalement",
            "a spellcaster may swap its room with an orthogonally adjacent room", magic=True, single_use=True),
    _object(ObjectKind.SWORD, "Epée", None, "+1 when its carrier attacks in melee",
            418, "Bonus de combat +1 lorsqu'il attaque en corps à corps", "+1 combat when it attacks in melee"),
    _object(ObjectKind.TREASURE, "Trésor", None, "1 VP when it is carried out of the dungeon",
            420, "1 PV s'il sort du labyrinthe", "1 VP if it gets out of the dungeon"),
    _object(ObjectKind.TELESCOPIC_LANCE, "Lance télescopique", None,
            "a melee against a character in an adjacent zone in sight; the user is not affected by the result, but a defeat "
            "breaks the lance", 426, "Peut engager un combat au corps à corps contre un perso se trouvant dans une autre zone "
            "adjacente ortho", "it may start a melee against a character in another, orthogonally adjacent zone"),
)

OBJECTS: dict[ObjectKind, ObjectCard] = {card.kind: card for card in _OBJECTS}
assert tuple(OBJECTS) == tuple(ObjectKind), "one card per object, in the enumeration's order"

OBJECTS_IN_THE_GAME = 13
"""The box holds 13 objects (the rules article on jedisjeux.net); the aid describes the 10 above."""


class CatalogueError(ValueError):
    """A name that is not in the catalogue (a trap, an object the aid does not describe, a typo); says what is."""


def _folded(text: str) -> str:
    """Lower case, accents and separators dropped: ``Méchanork`` and ``mechanork`` name one card."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return "".join(ch for ch in plain if ch.isalnum())


_CHARACTER_NAMES = {**{_folded(c.french): c.kind for c in _CARDS}, **{_folded(k.value): k for k in Kind}}
_OBJECT_NAMES = {**{_folded(o.french): o.kind for o in _OBJECTS}, **{_folded(k.value): k for k in ObjectKind}}
_TRAP_WORDS = ("trap", "piege")


def character_kind(name: str) -> Kind:
    """The character named ``name`` (the English id or the French name, accents and case aside)."""
    kind = _CHARACTER_NAMES.get(_folded(name))
    if kind is None:
        raise CatalogueError(f"{name!r} is not one of the aid's 25 characters: {', '.join(k.value for k in Kind)}")
    return kind


def object_kind(name: str) -> ObjectKind:
    """The object named ``name``; a trap, or an object the aid does not describe, is refused saying so."""
    folded = _folded(name)
    kind = _OBJECT_NAMES.get(folded)
    if kind is not None:
        return kind
    if any(word in folded for word in _TRAP_WORDS):
        raise CatalogueError(f"{name!r}: traps are not in the player aid (it describes none), so they cannot be played; remove it")
    raise CatalogueError(f"{name!r} is not one of the 10 objects the aid describes ({', '.join(k.value for k in ObjectKind)}); "
                         f"the game has {OBJECTS_IN_THE_GAME}, but the other {OBJECTS_IN_THE_GAME - len(OBJECTS)} are not in "
                         "the aid, so they cannot be played")
