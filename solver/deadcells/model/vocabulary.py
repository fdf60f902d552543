"""The closed sets of the combat: rounds, spaces, states, action verbs, loot kinds, test symbols.

Each is a ``StrEnum`` (or an ``IntEnum`` for rounds) equal to the word the
position form uses, so the JSON and TOML forms and the choices read the same
words the library compares.

>>> Round.parse("III"), Round.II.label, [s.value for s in SPACES]
(<Round.III: 3>, 'II', ['L', 'R1', 'R2', 'R3'])
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Round(IntEnum):
    """A combat round; IV is the monsters' final round after round III (p. 12)."""

    ZERO = 0
    I = 1  # noqa: E741 (the rulebook's numeral)
    II = 2
    III = 3
    IV = 4

    @property
    def label(self) -> str:
        return ROUND_LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Round:
        return cls(ROUND_LABELS.index(text))


ROUND_LABELS = ("0", "I", "II", "III", "IV")
CARD_ROUNDS = (Round.ZERO, Round.I, Round.II, Round.III)
"""The lines of a combat card: rounds 0 to III (only enemies have a round IV line)."""
ENEMY_ROUNDS = (Round.ZERO, Round.I, Round.II, Round.III, Round.IV)
FREEZABLE = (Round.I, Round.II, Round.III)
"""The lines a Frozen token may land on (p. 11: « ( , ou III ) »)."""


class Space(StrEnum):
    """An enemy space of the combat board: one left of the group, three right of it (p. 8-9)."""

    L = "L"
    R1 = "R1"
    R2 = "R2"
    R3 = "R3"


SPACES = (Space.L, Space.R1, Space.R2, Space.R3)
RIGHT = (Space.R1, Space.R2, Space.R3)
SPACE_INDEX = {space: index for index, space in enumerate(SPACES)}


class StateKind(StrEnum):
    """The five states (p. 11)."""

    POISONED = "poisoned"
    FROZEN = "frozen"
    BURNING = "burning"
    BLEEDING = "bleeding"
    TARGETED = "targeted"


STATES = tuple(StateKind)
STATE_INDEX = {state: index for index, state in enumerate(STATES)}
STATE_FRENCH = {
    StateKind.POISONED: "Empoisonné", StateKind.FROZEN: "Gelé", StateKind.BURNING: "Enflammé",
    StateKind.BLEEDING: "Ensanglanté", StateKind.TARGETED: "Ciblé",
}


class Verb(StrEnum):
    """The six combat actions (p. 10: « Assigner des Dégâts, Bloquer, Piller, Utiliser une Aptitude, Assigner
    un État, Soigner »)."""

    DAMAGE = "damage"
    BLOCK = "block"
    LOOT = "loot"
    SKILL = "skill"
    STATE = "state"
    HEAL = "heal"


PRISONER_VERBS = tuple(Verb)
ENEMY_VERBS = (Verb.DAMAGE, Verb.BLOCK, Verb.STATE)
"""What an enemy may do: damage and block (« à la fois par les Prisonniers et par les Monstres », p. 11) and
states (« Les États fonctionnent de la même manière pour les Prisonnier et les Ennemis »)."""


class LootKind(StrEnum):
    """The loot a combat can hold or give: the tokens and cards of the contents list (p. 2) and the vial (p. 7)."""

    CELL = "cell"
    BIG_CELL = "big_cell"
    GOLD = "gold"
    BIG_GOLD = "big_gold"
    POTION = "potion"
    VIAL = "vial"
    SCROLL_GREEN = "scroll_green"
    SCROLL_PURPLE = "scroll_purple"
    SCROLL_RED = "scroll_red"
    EQUIPMENT = "equipment"
    BLUEPRINT = "blueprint"


LOOT_KINDS = tuple(LootKind)
LOOT_INDEX = {kind: index for index, kind in enumerate(LOOT_KINDS)}
ASSIGNED_AT_UPKEEP = (LootKind.SCROLL_GREEN, LootKind.SCROLL_PURPLE, LootKind.SCROLL_RED, LootKind.VIAL,
                      LootKind.EQUIPMENT)
"""Looted items given to a prisoner at the end of the combat (p. 12: « Assignez les Parchemins, les Fioles et
l'Équipement pillés »)."""


class Symbol(StrEnum):
    """A test symbol on a combat card, by its scroll colour: survival, tactics, brutality (p. 5, 8)."""

    GREEN = "green"
    PURPLE = "purple"
    RED = "red"


SYMBOLS = tuple(Symbol)
SYMBOL_INDEX = {symbol: index for index, symbol in enumerate(SYMBOLS)}


class EquipmentKind(StrEnum):
    """The kinds of equipment (p. 12)."""

    REPLACE = "replace"
    """Timed '/': used in its round instead of the card's actions."""
    ADD = "add"
    """Timed '+': its effect is added to the card's actions of its round."""
    SKILL = "skill"
    """Activated by a skill action."""
    ALWAYS = "always"
    """Always active: triggered by a condition."""
    COMPANION = "companion"
    """Has health and takes damage; no shields, states or healing."""


TIMED = (EquipmentKind.REPLACE, EquipmentKind.ADD)


class Trigger(StrEnum):
    """The conditions of always-active equipment the rulebook shows (p. 11-12)."""

    SHIELD_USED = "shield_used"
    """« Lorsque vous utilisez au moins un [bouclier] » (the Bouclier de dégagement, p. 12)."""
    DAMAGED = "damaged"
    """An enemy's attack that damages the owner (« Toute attaque déclenchée par un Prisonnier subissant un
    [dégât] est annulée si elle est bloquée par un Bouclier », p. 11): the effect strikes that enemy."""


class Requirement(StrEnum):
    """Conditions printed on equipment the rulebook shows (p. 12-15)."""

    WALL = "wall"
    VOID = "void"
    SOLE = "sole"
    """« Ne peut être utilisée que s'il s'agit de votre SEULE carte d'Équipement » (the Empaleuse)."""


class EnemyKind(StrEnum):
    MONSTER = "monster"
    """A monster or an elite: advances toward the group."""
    BOSS = "boss"
    """An enemy but not a monster (p. 13): it never advances; it has stages."""
    ENEMY = "enemy"
    """Any other enemy (a boss's special card): not a monster, so it never advances."""


class Only(StrEnum):
    """Attacks that reach only some enemies (p. 8: « Élites seulement, par exemple »)."""

    MONSTERS = "monsters"
    ELITES = "elites"
