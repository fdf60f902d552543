"""The rulings: every question the Dead Cells rulebook leaves open, named, with the engine's default reading.

A *switch* has two readings the engine plays: ``true``, the default, and
``false``, the other. A position chooses in its ``rulings`` object
(``{"DC-POISON-SHIELD": false}``). A *fixed* ruling names a reading the
engine always takes, so that a reader of a trace knows which choice was made;
docs/dead-cells.md says why for each. :data:`REFUSED` lists what the text
names without defining it: a position that needs it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from solver.base.rulings import Ruling

SWITCHES: tuple[Ruling, ...] = (
    Ruling("DC-FROZEN-CURRENT",
               "Frozen on a card that has not acted yet this round lands on this round's line, if it holds an action",
               "Frozen always lands on a later round's line",
               letter=(
               "« la prochaine ligne de Combat » (p. 11) does not say whether the current round's line is "
               "\"next\"; its example (« pour annuler son action [...], s'il en a une ») lost its round "
               "numerals. The default follows the golden rule's purpose: freezing an enemy to the right before "
               "it acts")),
    Ruling("DC-FROZEN-NONE",
               "Frozen with no line I-III left holding an action has no effect",
               "it cancels the enemy's round IV actions instead",
               letter=(
               "the text lists the lines « ( , ou III ) »: three numerals, IV not among them; the default")),
    Ruling("DC-FROZEN-STACK",
               "a second Frozen token lands on the next line with an action that is not frozen yet",
               "it lands on the same line as the first, and is wasted",
               letter=(
               "silent; 6 Frozen tokens exist, the default lets each cancel a line")),
    Ruling("DC-ROUND0-POTION",
               "round 0 is played only when something in play has a round 0 icon; a potion is then usable in it",
               "round 0 is also played when the group's bag holds a potion, so that it can be drunk",
               letter=(
               "« n'est déclenchée que si de l'Équipement, des Aptitudes ou des Monstres portant l'icône [0] "
               "sont en jeu » (p. 11): the default; « également un moment où le Groupe peut utiliser des Potions "
               "» could be read as a trigger")),
    Ruling("DC-ROUND0-END",
               "the end-of-round phase follows round 0 too: poison ticks, monsters advance",
               "round 0 has no end-of-round phase",
               letter=(
               "round 0 is « une Ronde de Combat spéciale » and the end-of-round phase follows « la Ronde de "
               "Combat »: the default")),
    Ruling("DC-POISON-SHIELD",
               "a shield does not stop the damage of a poison tick (shields do not block states)",
               "a shield cancels a poison tick's damage like any damage",
               letter=(
               "« Les jetons Bouclier ne bloquent pas les États » (p. 11): the default reads the tick as the "
               "state's effect; the other reads a tick as plain damage tokens")),
    Ruling("DC-TARGETED-TICK",
               "a poison tick of several tokens is one infliction: Targeted adds its damage once",
               "each poison token is an infliction of its own: Targeted adds its damage for each",
               letter=(
               "« chaque fois qu'un [dégât] ou plus lui est infligé » (p. 11): one tick inflicts « un ou plus »: "
               "the default")),
    Ruling("DC-TARGETED-BLOCKED",
               "Targeted adds its damage to every infliction, before shields cancel damage one by one",
               "a hit the shields cancel entirely is not inflicted: Targeted adds nothing to it",
               letter=(
               "silent on the order; the default counts the hit as inflicted")),
    Ruling("DC-DEATH-REWARD-ANY",
               "an enemy killed by any cause gives its death reward (poison included, as the worked example shows)",
               "an enemy eliminated by Bleeding or a second Burning token gives no death reward",
               letter=(
               "the worked example gives the reward of a death by poison (p. 17, 5b); « Une fois un Monstre "
               "éliminé, prenez immédiatement le bonus » names no cause: the default")),
    Ruling("DC-HEAL-TARGET",
               "a heal removes damage from any prisoner in the combat, the healer included",
               "a heal removes damage from the healer only",
               letter=(
               "« Soigner » is not described further; the vial heals « un Prisonnier » (p. 7): the default")),
    Ruling("DC-TIMED-EMPTY-LINE",
               "a timed item ('/' or '+') may be used in its round even when the card's line for that round is empty",
               "a timed item is used only with a card whose line for that round holds an action",
               letter=(
               "« à la place de l'Action » and « ajoutés à l'Action du Prisonnier » (p. 12) suppose an action; "
               "the one limit stated is one item per card per round. Open either way")),
    Ruling("DC-BOSS-MANCHE-DRAW",
               "at a boss's new manche each player draws one combat card",
               "each player draws up to three cards in hand",
               letter=(
               "« Tirant une nouvelle carte Combat de votre deck » (p. 13): the default")),
    Ruling("DC-BOSS-STAGE-CLEAR",
               "the fall of a boss stage clears the states and shields of the boss only",
               "it clears the prisoners' states and shields too",
               letter=(
               "« Tous les États et Boucliers sont retirés du Boss » (p. 14): the default; the list's step 2 is "
               "missing from the text")),
    Ruling("DC-PASS-DEADLOCK",
               "when only the First Player is left to pass in a 4-player boss fight, the cycle starts over: "
               "any other player may pass",
               "the rotation prevails: the First Player passes that manche",
               letter=(
               "« Le Premier Joueur DOIT prendre part au Combat » (p. 10) against « un joueur différent doit "
               "passer son tour à chaque manche » (p. 13): the First Player moves each manche, so the last one "
               "left may be the First Player")),
)
"""The switches, in the order the docs list them."""

FIXED: tuple[Ruling, ...] = (
    Ruling("DC-ANNOUNCE-FREE",
               "an announcement binds nothing: every action on a played card is carried out "
               "(in the worked example Diane announces poison in round II and also deals damage in round III)", None),
    Ruling("DC-FIRST-CARD",
               "a prisoner who plays two cards resolves the first, then the second, in its turn; an effect on "
               "its card (Frozen) goes on the first card played", None),
    Ruling("DC-PLUS-AFTER",
               "a '+' item's effect comes after the card's actions of that round; Serenade's power after her card's",
               None),
    Ruling("DC-FROZEN-WHOLE-TURN",
               "a frozen line cancels that card's actions and the timed item used with it in that round", None),
    Ruling("DC-SHIELD-ALWAYS",
               "a shield cancels one damage whenever damage it can stop is inflicted; it is not kept back", None),
    Ruling("DC-ENEMY-STATE-RECIPIENT",
               "an enemy's state goes to the prisoner the group chooses, the First Player having the last word, "
               "as its damage does", None),
    Ruling("DC-DEAD-OUT",
               "an eliminated prisoner or companion no longer acts and receives nothing more", None),
    Ruling("DC-NO-ADVANCE-AFTER-III",
               "no advance follows round III: the end-of-round space there lists poison, bleeding and round IV, "
               "and no position matters afterwards", None),
    Ruling("DC-LOOT-TYPES",
               "a loot type is a kind of token or card of the contents list: the three scroll colours are three types",
               None),
    Ruling("DC-REWARD-DAMAGE",
               "the damage of a death reward is an infliction like any other: Targeted and shields apply", None),
    Ruling("DC-BOSS-MANCHE-KEEP",
               "damage, states and shields stay from one manche of a boss fight to the next (they are cleared at "
               "the end of the combat)", None),
    Ruling("DC-BOSS-STAGE-FRESH",
               "a boss's new stage starts without damage or Frozen tokens; the First Player keeps the token; the "
               "passing rotation counts it as a new manche", None),
)
"""The fixed rulings, in the order the docs list them."""

REFUSED: tuple[tuple[str, str], ...] = (
    ("golden shield", "the contents list 6 golden shield tokens, but no page says what they do"),
    ("range icons", "the printed range shapes are lost; a range is entered as the set of spaces it reaches"),
    ("card text", "the rulebook prints no card: every card is entered, its actions from the closed vocabulary"),
)
"""What the text names without defining it, with why: a position is refused where it would need it."""


@dataclass(frozen=True, slots=True)
class Rulings:
    """The switches of :data:`SWITCHES` as attributes (``DC-POISON-SHIELD`` is ``poison_shield``)."""

    frozen_current: bool = True
    frozen_none: bool = True
    frozen_stack: bool = True
    round0_potion: bool = True
    round0_end: bool = True
    poison_shield: bool = True
    targeted_tick: bool = True
    targeted_blocked: bool = True
    death_reward_any: bool = True
    heal_target: bool = True
    timed_empty_line: bool = True
    boss_manche_draw: bool = True
    boss_stage_clear: bool = True
    pass_deadlock: bool = True

    def as_dict(self) -> dict[str, bool]:
        return {ruling_name(f.name): getattr(self, f.name) for f in fields(self)}

    def with_switch(self, ruling: str, value: bool) -> Rulings:
        return replace(self, **{field_name(ruling): value})

    def changed(self) -> tuple[str, ...]:
        """The switches set to their other reading."""
        return tuple(name for name, value in self.as_dict().items() if not value)


def ruling_name(field: str) -> str:
    """>>> ruling_name("poison_shield")
    'DC-POISON-SHIELD'
    """
    return "DC-" + field.upper().replace("_", "-")


def field_name(ruling: str) -> str:
    """>>> field_name("DC-ROUND0-POTION")
    'round0_potion'
    """
    return ruling.removeprefix("DC-").lower().replace("-", "_")


SWITCH_NAMES = tuple(r.name for r in SWITCHES)
FIXED_NAMES = tuple(r.name for r in FIXED)
DEFAULT = Rulings()
TEXTS = {r.name: r for r in (*SWITCHES, *FIXED)}

assert tuple(DEFAULT.as_dict()) == SWITCH_NAMES, "the switches and the Rulings fields are listed in one order"
