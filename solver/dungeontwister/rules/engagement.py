"""Who takes part in a combat, and with what value: a position's combat as a :class:`~solver.dungeontwister.duel.Duel`.

Three ways to start one: a melee against an enemy in one's zone (or between
a start zone and the zone it faces), a melee with the telescopic lance into a
linked zone, a ranged combat (the crossbowman, or a bow's carrier) along a
line of sight. :func:`engage` checks that the combat may start, gathers both
sides (a group combat when either has more than one), adds every modifier of
the catalogue, and says why with citations.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from solver.dungeontwister.model.board import PASSABLE, SIGHT_BLOCKERS
from solver.dungeontwister.model.catalogue import Ability, ObjectKind
from solver.dungeontwister.model.events import Event, Illegal, event
from solver.dungeontwister.model.state import Character, Place, Position
from solver.dungeontwister.rules.duel import Duel, Side
from solver.dungeontwister.rules.movement import why_inactive
from solver.dungeontwister.rules.sight import sees


class CombatKind(StrEnum):
    MELEE = "attack"
    LANCE = "lance"
    RANGED = "shoot"


class Weapon(StrEnum):
    CROSSBOW = "crossbow"
    BOW = "bow"


@dataclass(frozen=True)
class Term:
    """One participant's part of its side's value."""

    ident: str
    value: int
    why: str


@dataclass(frozen=True)
class Engagement:
    kind: CombatKind
    attacker: str
    target: str
    zone: str
    """The target's zone, where the combat is."""
    attackers: tuple[Term, ...]
    defenders: tuple[Term, ...]
    duel_flags: tuple[bool, bool, bool, bool, bool]
    """two cards, attacker names, defender names, attacker sees, defender sees."""
    weapon: Weapon | None
    free: bool
    """The samurai's free melee: no AP."""
    events: tuple[Event, ...]

    @property
    def group(self) -> bool:
        return len(self.attackers) > 1 or len(self.defenders) > 1

    def duel(self, position: Position) -> Duel:
        mover = position.to_move
        two, a_names, d_names, a_sees, d_sees = self.duel_flags
        return Duel(Side(sum(t.value for t in self.attackers), position.players[mover].cards, two, a_names, a_sees),
                    Side(sum(t.value for t in self.defenders), position.players[1 - mover].cards, False, d_names, d_sees))

    def as_json(self) -> dict[str, object]:
        def terms(side: tuple[Term, ...]) -> list[dict[str, object]]:
            return [{"character": t.ident, "value": t.value, "why": t.why} for t in side]

        two, a_names, d_names, a_sees, d_sees = self.duel_flags
        return {"kind": self.kind.value, "attacker": self.attacker, "target": self.target, "zone": self.zone, "group": self.group,
                "attackers": terms(self.attackers), "defenders": terms(self.defenders),
                "attacker_value": sum(t.value for t in self.attackers), "defender_value": sum(t.value for t in self.defenders),
                "weapon": self.weapon.value if self.weapon else None, "free": self.free, "two_cards": two,
                "telepath": "attacker" if a_names else "defender" if d_names else None,
                "weapon_master": "attacker" if a_sees else "defender" if d_sees else None,
                "events": [e.as_json() for e in self.events]}


def engage(position: Position, kind: CombatKind, attacker_id: str, target_id: str, weapon: Weapon | None = None) -> Engagement:
    """The combat ``attacker_id`` starts against ``target_id``; raises :class:`Illegal` saying why it may not."""
    attacker = _character(position, attacker_id)
    target = _character(position, target_id)
    if attacker.owner != position.to_move:
        raise Illegal(f"{attacker_id} is not {position.players[position.to_move].name}'s", "melee_target")
    if not attacker.active:
        raise Illegal(f"{attacker_id} cannot act: {why_inactive(attacker)}", "wounded_no_action")
    if target.owner == attacker.owner:
        raise Illegal(f"{target_id} is a friend", "melee_target")
    if target.place is not Place.ZONE:
        raise Illegal(f"{target_id} is {target.place.value}: attack the one carrying it" if target.place is Place.CARRIED
                      else f"{target_id} is {target.place.value}", "melee_target")
    if target.wounded_this_turn:
        raise Illegal(f"{target_id} was wounded this turn", "not_wounded_this_turn")
    if kind is CombatKind.RANGED:
        return _ranged(position, attacker, target, weapon)
    return _melee(position, kind, attacker, target)


def _character(position: Position, ident: str) -> Character:
    if not position.has_character(ident):
        raise Illegal(f"{ident!r} is not a character", "melee_target")
    return position.character(ident)


def _melee(position: Position, kind: CombatKind, attacker: Character, target: Character) -> Engagement:
    board, layout = position.board, position.layout
    here, there = attacker.zone, target.zone
    events: list[Event] = []
    if kind is CombatKind.LANCE:
        if not position.carries(attacker, ObjectKind.TELESCOPIC_LANCE):
            raise Illegal(f"{attacker.ident} carries no telescopic lance", "melee_target")
        edge = layout.edge(board, here, there)
        if edge is None or here == there:
            raise Illegal(f"{there} is not a zone linked to {here}", "melee_target")
        if edge in SIGHT_BLOCKERS:
            raise Illegal(f"the {edge.value.replace('_', ' ')} between {here} and {there} stops the lance", "melee_target")
        events.append(event(f"{attacker.ident} strikes into {there} with the telescopic lance", "melee_target"))
    elif here != there:
        facing_in = (board.is_start(here) and attacker.facing == there) or (board.is_start(there) and target.facing == here)
        if not facing_in:
            raise Illegal(f"{target.ident} is not in {attacker.ident}'s zone", "melee_target")
        edge = layout.edge(board, here, there)
        if edge is None or edge not in PASSABLE:
            raise Illegal(f"between the start zone and {there if board.is_start(here) else here} there is "
                          f"{'no link' if edge is None else 'a ' + edge.value.replace('_', ' ')}", "start_combat")
        events.append(event(f"{attacker.ident} and {target.ident} fight across the start zone's edge", "start_combat"))
    if board.is_start(there):
        events.append(event(f"{target.ident} is attacked on its start zone", "start_target"))
    if any(c.wounded for c in position.in_zone(there) if c.ident != target.ident):
        events.append(event("the wounded in the zone other than the target stay out of the combat", "group_wounded"))
    friends = [c for c in position.in_zone(there) if c.owner == attacker.owner and c.place is Place.ZONE and not c.wounded
               and c.ident != attacker.ident]
    foes = [c for c in position.in_zone(there) if c.owner == target.owner and c.place is Place.ZONE and not c.wounded
            and c.ident != target.ident]
    attackers = [attacker, *friends]
    defenders = [target, *foes]
    group = len(attackers) > 1 or len(defenders) > 1
    if group:
        events.append(event(f"a group combat: {', '.join(c.ident for c in attackers)} against "
                            f"{', '.join(c.ident for c in defenders)}", "group_all"))
    a_terms = tuple(_melee_term(position, c, attacking=True, group_size=len(attackers)) for c in attackers)
    d_terms = tuple(_melee_term(position, c, attacking=False, group_size=len(defenders)) for c in defenders)
    single = not group
    flags = (single and attacker.has(Ability.FRENZY),
             single and attacker.has(Ability.MIND_CONTROL), single and target.has(Ability.MIND_CONTROL),
             any(c.has(Ability.COMBAT_TECHNIQUES) for c in attackers), any(c.has(Ability.COMBAT_TECHNIQUES) for c in defenders))
    free = attacker.has(Ability.SEASONED) and not attacker.free_melee
    events.append(event("each side plays a combat card, face down, shown at once", "melee_cards" if single else "group_one_card"))
    return Engagement(kind, attacker.ident, target.ident, there, a_terms, d_terms, flags, None, free, tuple(events))


def _melee_term(position: Position, c: Character, attacking: bool, group_size: int) -> Term:
    value = 0 if c.wounded else c.card.combat
    why = ["wounded: 0" if c.wounded else f"combat value {c.card.combat}"]
    objects = position.carried_objects(c)
    if attacking:
        swords = sum(1 for o in objects if o.kind is ObjectKind.SWORD)
        if swords:
            value += swords
            why.append(f"sword +{swords}")
    else:
        armour = sum(1 for o in objects if o.kind is ObjectKind.ARMOUR)
        if armour:
            value += armour
            why.append(f"armour +{armour}")
    if c.has(Ability.STAB) and group_size > 1:
        value += 2
        why.append("traitress in a group with a friend +2")
    if _general_near(position, c):
        value += 1
        why.append("general in the room +1")
    return Term(c.ident, value, ", ".join(why))


def _general_near(position: Position, c: Character) -> bool:
    """An unwounded friendly general, not on a start zone, in ``c``'s room (never itself)."""
    room = position.board.room_of.get(position.zone_of(c))
    if room is None:
        return False
    return any(g.owner == c.owner and g.ident != c.ident and g.has(Ability.CHARISMA) and g.place is Place.ZONE
               and position.board.room_of.get(g.zone) == room for g in position.characters)


def shooter_value(position: Position, c: Character, weapon: Weapon | None) -> tuple[Weapon, int]:
    """The weapon a shot uses and its value; raises :class:`Illegal` when the character cannot shoot."""
    has_bow = position.carries(c, ObjectKind.BOW)
    crossbow = c.has(Ability.CROSSBOW) and not c.shot
    if weapon is None:
        weapon = Weapon.CROSSBOW if crossbow or (c.has(Ability.CROSSBOW) and not has_bow) else Weapon.BOW if has_bow else None
    if weapon is Weapon.CROSSBOW:
        if not c.has(Ability.CROSSBOW):
            raise Illegal(f"{c.ident} has no crossbow (the crossbowman's)", "ranged_who")
        if c.shot:
            raise Illegal(f"{c.ident} has shot its crossbow this turn (once a turn)", "ranged_who")
        return weapon, 3
    if weapon is Weapon.BOW and has_bow:
        return weapon, 1
    raise Illegal(f"{c.ident} cannot shoot: the crossbowman or a bow's carrier only", "ranged_who")


def _ranged(position: Position, attacker: Character, target: Character, weapon: Weapon | None) -> Engagement:
    board = position.board
    chosen, value = shooter_value(position, attacker, weapon)
    here, there = attacker.zone, target.zone
    if here == there:
        raise Illegal(f"{target.ident} is in the shooter's zone", "ranged_not_same_zone")
    if position.enemies_in(here, attacker.owner):
        raise Illegal(f"an enemy is in {attacker.ident}'s zone", "ranged_not_enemy_here")
    if position.carries(target, ObjectKind.GREAT_SHIELD):
        raise Illegal(f"{target.ident} carries the great shield: it is never the target of a ranged combat", "ranged_who")
    if not sees(position, here, there):
        raise Illegal(f"no line of sight from {here} to {there}", "ranged_sight")
    events = [event(f"{attacker.ident} shoots at {target.ident} with its {chosen.value} (value {value})", "ranged_who"),
              event("the attacker's value is its ranged value, which nothing raises", "ranged_value")]
    if board.is_start(there):
        events.append(event(f"{target.ident} is on a start zone", "ranged_start"))
    a_terms = [Term(attacker.ident, value, f"{chosen.value} {value}")]
    d_terms = [_ranged_defence(position, target)]
    events.append(event(f"{target.ident} defends with {d_terms[0].why}", "ranged_cards", "DT-RANGED-DEFENCE"))
    if position.rulings.group_ranged:
        a_terms, d_terms = _group_ranged(position, attacker, target, a_terms, d_terms, events)
    else:
        events.append(event("the shooter alone against the target alone (DT-GROUP-RANGED)", "ranged_cards", "DT-GROUP-RANGED"))
    events.append(event("melee powers do not work at range (the telepath's, the weapon master's, the berserker's, the "
                        "general's, the traitress's, the sword)", "ranged_no_melee_powers"))
    return Engagement(CombatKind.RANGED, attacker.ident, target.ident, there, tuple(a_terms), tuple(d_terms),
                      (False, False, False, False, False), chosen, False, tuple(events))


def _ranged_defence(position: Position, c: Character) -> Term:
    if not position.rulings.ranged_defence:
        return Term(c.ident, 0, "its card alone (DT-RANGED-DEFENCE)")
    armour = sum(1 for o in position.carried_objects(c) if o.kind is ObjectKind.ARMOUR)
    base = 0 if c.wounded else c.card.combat
    why = f"{'wounded: 0' if c.wounded else f'combat value {base}'}{f', armour +{armour}' if armour else ''} (DT-RANGED-DEFENCE)"
    return Term(c.ident, base + armour, why)


def _group_ranged(position: Position, attacker: Character, target: Character, a_terms: list[Term], d_terms: list[Term],
                  events: list[Event]) -> tuple[list[Term], list[Term]]:
    there = target.zone
    in_zone = [c for c in position.in_zone(there) if c.place is Place.ZONE and not c.wounded]
    melee = [c for c in in_zone if c.owner == attacker.owner]
    for c in melee:
        a_terms.append(Term(c.ident, c.card.combat, f"in the target's zone: combat value {c.card.combat}"))
    if melee:
        events.append(event(f"{', '.join(c.ident for c in melee)} fight{'s' if len(melee) == 1 else ''} in {there} with "
                            "melee values", "group_ranged_melee", "DT-GROUP-RANGED"))
        others = [c for c in in_zone if c.owner == target.owner and c.ident != target.ident]
        d_terms += [_ranged_defence(position, c) for c in others]
        if others:
            events.append(event(f"so {', '.join(c.ident for c in others)} defend{'s' if len(others) == 1 else ''} too",
                                "group_ranged_defenders", "DT-GROUP-RANGED"))
    for c in position.characters:
        if c.owner != attacker.owner or c.ident == attacker.ident or not c.active or c in melee:
            continue
        if position.enemies_in(c.zone, c.owner) or c.zone == there or not sees(position, c.zone, there):
            continue
        try:
            weapon, value = shooter_value(position, c, None)
        except Illegal:
            continue
        a_terms.append(Term(c.ident, value, f"another shooter in sight: {weapon.value} {value}"))
        events.append(event(f"{c.ident} shoots too ({weapon.value})", "group_ranged_shooters", "DT-GROUP-RANGED"))
    return a_terms, d_terms

