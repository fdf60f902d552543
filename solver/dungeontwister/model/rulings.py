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

from solver.base.rulings import Ruling

SWITCHES: tuple[Ruling, ...] = (
    Ruling("DT-ROTATE-SITE",
           "on the rotation mechanism's zone of the room, or of its twin (the other room of its colour)",
           "anywhere in the room or in its twin",
           question="where a character stands to turn a room",
           letter="the letter names no site; the ghost's « Il peut activer les mécanismes de rotation » (line 290) implies a rotation is"
                  " worked at a mechanism: the default"),
    Ruling("DT-REVEAL-ACCESS",
           "a character in a zone linked to one of the room's zones by a boundary it could move across (open, an open or broken "
           "portcullis, a broken wall; an arrow slit for no one), or on a start zone linked to the room",
           "a character in any zone linked to one of the room's zones, whatever lies between, but for the aid's two exceptions: the "
           "snake-man never through an arrow slit, the wall walker never through a wall",
           question="what 'direct access' to a face-down room is",
           letter="« accès direct » (line 70); the snake-man and the wall walker, who pass arrow slits and walls, still reveal through "
                  "neither (lines 312, 365): access is a way through, the default"),
    Ruling("DT-PIT-ZONE",
           "a pit is a zone: a character that may cross it spends a movement point on it and may not end a move there",
           "a pit lies between the zones around it: crossing it from one of them to another is one movement point",
           question="whether a pit is a zone or lies between zones",
           letter="« les zones contenant ... fosse » (line 189) and « rester sur la fosse » (line 406) speak of a pit as a place: the "
                  "default"),
    Ruling("DT-ESCAPE",
           "stepping onto the opponent's start zone is a movement point and stepping out of the dungeon one more, in the same move (a "
           "move cannot end there)",
           "a character is out the moment it steps onto the opponent's start zone",
           question="how getting out through the opponent's start zone is counted",
           letter="« il n'est pas possible de rester sur la zone de départ adverse » (line 9) says a character cannot stay, not that "
                  "arriving is leaving: the default"),
    Ruling("DT-RANGED-DEFENCE",
           "the defender's combat value (the red number; 0 when wounded) with its armour",
           "the defender's card alone",
           question="the defender's value in a ranged combat",
           letter="only the attacker's value is defined (line 205); the default keeps the defender's ordinary value"),
    Ruling("DT-ASSASSIN-GROUP",
           "the initial target is killed; the other losers are wounded as usual",
           "every losing enemy is killed",
           question="which enemy the assassin kills when its side wins a group combat",
           letter="« le perso adverse est tué » (line 250) is singular: the default"),
    Ruling("DT-GROUP-RANGED",
           "the attacker's characters in the target's zone (melee values), and then every defender there; the attacker's other shooters "
           "with a line of sight (a crossbowman joining spends its shot of the turn); never the defender's shooters; the defender "
           "winning changes nothing",
           "the shooter alone against the target alone",
           question="who takes part in a ranged combat (the aid's lines are scrambled)",
           letter="the scrambled lines 217 to 231, read in order, give the default"),
    Ruling("DT-WOUNDED-PICKUP",
           "as an object: for 0 AP, as the carrier passes its zone in a move",
           "as an action of its own: 1 AP, the carrier and the wounded friend in one zone",
           question="how a wounded friend is picked up",
           letter="« max 1 objet ou 1 perso blessé » (line 64) counts a wounded friend with the objects, taken in passing: the default"),
    Ruling("DT-GOBLIN-TOTAL",
           "2 VP in all",
           "2 VP more than any character's 1: 3 in all",
           question="the goblin's VP on escaping",
           letter="« Rapporte 2 PV s'il sort » (line 294) is the goblin's total: the default"),
)
"""The switches, in the order the docs list them."""

FIXED: tuple[Ruling, ...] = (
    Ruling("DT-GEOMETRY",
           "the user's: every answer says so",
           None,
           question="rooms, zones, boundaries, start zones and lines of sight (not in the aid)"),
    Ruling("DT-WIN",
           "a player reaching the scenario's VP wins at once",
           None,
           question="when the game ends (the aid names the scenario's VP only)"),
    Ruling("DT-PIN-FLYERS",
           "the dark angel, the wizard and the ghost are never held in an enemy's zone; others are, but a character of combat value 1 or"
           " less is not held by a colossus",
           None,
           question="whether a character that crosses enemies is held by them"),
    Ruling("DT-HELD-TURNED",
           "it keeps the zone it came from as its only way out; if that zone is no longer next to it, it stays this turn",
           None,
           question="a character held in an enemy's zone whose room turns"),
    Ruling("DT-START-FACING",
           "one of the zones the start zone is linked to; it steps into that zone and fights there",
           None,
           question="which zone a character on a start zone faces"),
    Ruling("DT-BLOCKED-EXIT",
           "any character on the opponent's start zone facing the zone one would step out from",
           None,
           question="who blocks a way out"),
    Ruling("DT-LOCKPICK-ADJACENT",
           "a portcullis on a boundary of the character's zone",
           None,
           question="which portcullis lockpicking reaches (the key's is 'adjacent')"),
    Ruling("DT-FIREBALL-SIGHT",
           "a character in another zone seen along an entered line (never one in the caster's zone)",
           None,
           question="what 'on its line of sight' is for a fireball"),
    Ruling("DT-ASSASSIN-RANGED",
           "yes: the aid says any combat it wins; the melee powers alone are off at range",
           None,
           question="whether the assassin's kill works at range"),
    Ruling("DT-REVEAL-PIT",
           "each card in a zone of its own; a character never on a pit",
           None,
           question="where a revealed room's cards may go"),
    Ruling("DT-INVERSION",
           "refused: a zone graph does not say where rooms lie",
           None,
           question="where rooms lie (the inversion scroll swaps two)"),
    Ruling("DT-EMPTY-HAND",
           "the side plays no card and adds 0",
           None,
           question="a combat with no card in hand (the 0 is never spent, so only a deck without one)"),
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
