"""The rulings: every gap the aid leaves in a rule it names, with the engine's default and the other reading.

A *switch* has two readings the engine plays: ``true`` (the default) and
``false``; a position chooses in its ``rulings`` object
(``{"DT-PIT-ZONE": false}``), and ``dt apply`` replays the actions under the
other reading of each switch the result depends on. A *fixed* ruling names the
only reading played, so that a reader of a trace knows which choice was made;
docs/dungeon-twister.md says why each reading is taken.

>>> DEFAULT.pit_zone, DEFAULT.with_switch("DT-PIT-ZONE", False).pit_zone
(True, False)
>>> SWITCHES[0].name
'DT-ROTATE-SITE'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import NamedTuple


class RulingText(NamedTuple):
    name: str
    gap: str
    """What the aid leaves open."""
    default: str
    other: str | None
    """None for a fixed ruling."""


SWITCHES: tuple[RulingText, ...] = (
    RulingText("DT-ROTATE-SITE", "where a character stands to turn a room",
               "on the rotation mechanism's zone of the room, or of its twin (the other room of its colour)",
               "anywhere in the room or in its twin"),
    RulingText("DT-REVEAL-ACCESS", "what 'direct access' to a face-down room is",
               "a character in a zone linked to one of the room's zones by a boundary it could move across (open, an open or "
               "broken portcullis, a broken wall; an arrow slit for no one), or on a start zone linked to the room",
               "a character in any zone linked to one of the room's zones, whatever lies between, but for the aid's two "
               "exceptions: the snake-man never through an arrow slit, the wall walker never through a wall"),
    RulingText("DT-PIT-ZONE", "whether a pit is a zone or lies between zones",
               "a pit is a zone: a character that may cross it spends a movement point on it and may not end a move there",
               "a pit lies between the zones around it: crossing it from one of them to another is one movement point"),
    RulingText("DT-ESCAPE", "how getting out through the opponent's start zone is counted",
               "stepping onto the opponent's start zone is a movement point and stepping out of the dungeon one more, in the "
               "same move (a move cannot end there)",
               "a character is out the moment it steps onto the opponent's start zone"),
    RulingText("DT-RANGED-DEFENCE", "the defender's value in a ranged combat",
               "the defender's combat value (the red number; 0 when wounded) with its armour",
               "the defender's card alone"),
    RulingText("DT-ASSASSIN-GROUP", "which enemy the assassin kills when its side wins a group combat",
               "the initial target is killed; the other losers are wounded as usual",
               "every losing enemy is killed"),
    RulingText("DT-GROUP-RANGED", "who takes part in a ranged combat (the aid's lines are scrambled)",
               "the attacker's characters in the target's zone (melee values), and then every defender there; the attacker's "
               "other shooters with a line of sight (a crossbowman joining spends its shot of the turn); never the defender's "
               "shooters; the defender winning changes nothing",
               "the shooter alone against the target alone"),
    RulingText("DT-WOUNDED-PICKUP", "how a wounded friend is picked up",
               "as an object: for 0 AP, as the carrier passes its zone in a move",
               "as an action of its own: 1 AP, the carrier and the wounded friend in one zone"),
    RulingText("DT-GOBLIN-TOTAL", "the goblin's VP on escaping",
               "2 VP in all", "2 VP more than any character's 1: 3 in all"),
)
"""The switches, in the order the docs list them."""

FIXED: tuple[RulingText, ...] = (
    RulingText("DT-GEOMETRY", "rooms, zones, boundaries, start zones and lines of sight (not in the aid)",
               "the user's: every answer says so", None),
    RulingText("DT-WIN", "when the game ends (the aid names the scenario's VP only)",
               "a player reaching the scenario's VP wins at once", None),
    RulingText("DT-PIN-FLYERS", "whether a character that crosses enemies is held by them",
               "the dark angel, the wizard and the ghost are never held in an enemy's zone; others are, but a character of "
               "combat value 1 or less is not held by a colossus", None),
    RulingText("DT-HELD-TURNED", "a character held in an enemy's zone whose room turns",
               "it keeps the zone it came from as its only way out; if that zone is no longer next to it, it stays this turn",
               None),
    RulingText("DT-START-FACING", "which zone a character on a start zone faces",
               "one of the zones the start zone is linked to; it steps into that zone and fights there", None),
    RulingText("DT-BLOCKED-EXIT", "who blocks a way out",
               "any character on the opponent's start zone facing the zone one would step out from", None),
    RulingText("DT-LOCKPICK-ADJACENT", "which portcullis lockpicking reaches (the key's is 'adjacent')",
               "a portcullis on a boundary of the character's zone", None),
    RulingText("DT-FIREBALL-SIGHT", "what 'on its line of sight' is for a fireball",
               "a character in another zone seen along an entered line (never one in the caster's zone)", None),
    RulingText("DT-ASSASSIN-RANGED", "whether the assassin's kill works at range",
               "yes: the aid says any combat it wins; the melee powers alone are off at range", None),
    RulingText("DT-REVEAL-PIT", "where a revealed room's cards may go",
               "each card in a zone of its own; a character never on a pit", None),
    RulingText("DT-INVERSION", "where rooms lie (the inversion scroll swaps two)",
               "refused: a zone graph does not say where rooms lie", None),
    RulingText("DT-EMPTY-HAND", "a combat with no card in hand (the 0 is never spent, so only a deck without one)",
               "the side plays no card and adds 0", None),
)
"""The fixed rulings, in the order the docs list them."""


@dataclass(frozen=True, slots=True)
class Rulings:
    """The switches of :data:`SWITCHES`, as attributes (``DT-PIT-ZONE`` is ``pit_zone``)."""

    rotate_site: bool = True
    reveal_access: bool = True
    pit_zone: bool = True
    escape: bool = True
    ranged_defence: bool = True
    assassin_group: bool = True
    group_ranged: bool = True
    wounded_pickup: bool = True
    goblin_total: bool = True

    def as_dict(self) -> dict[str, bool]:
        return {ruling_name(f.name): getattr(self, f.name) for f in fields(self)}

    def with_switch(self, ruling: str, value: bool) -> Rulings:
        return replace(self, **{field_name(ruling): value})

    def reading(self, ruling: str) -> str:
        """The reading in force for ``ruling`` (its text)."""
        text = next(r for r in SWITCHES if r.name == ruling)
        chosen = getattr(self, field_name(ruling))
        return text.default if chosen else (text.other or "")


def ruling_name(field: str) -> str:
    return "DT-" + field.upper().replace("_", "-")


def field_name(ruling: str) -> str:
    return ruling.removeprefix("DT-").lower().replace("-", "_")


SWITCH_NAMES = tuple(r.name for r in SWITCHES)
DEFAULT = Rulings()

assert tuple(DEFAULT.as_dict()) == SWITCH_NAMES, "the switches and the Rulings fields are listed in one order"
