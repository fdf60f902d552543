"""The characters' abilities and the objects that are actions (1 AP each): portcullises, walls, healing, theft,
telekinesis, the fireball, and picking up a wounded friend under DT-WOUNDED-PICKUP's other reading.

Each returns the position after and what happened, citing the card's line,
or raises :class:`~solver.dungeontwister.events.Illegal`.
"""

from __future__ import annotations

from dataclasses import replace

from solver.dungeontwister.model.board import PASSABLE, PORTCULLISES, WALLS, Edge, HalfOwner
from solver.dungeontwister.model.catalogue import OBJECTS, Ability, Kind, ObjectKind
from solver.dungeontwister.model.events import Event, Illegal, event
from solver.dungeontwister.model.state import Character, Place, Position, capacity
from solver.dungeontwister.rules.board_actions import own_active
from solver.dungeontwister.rules.movement import holds, may_end, starting_mover
from solver.dungeontwister.rules.scoring import ability_event, eliminate
from solver.dungeontwister.rules.sight import sees

PSYCHOKINESIS_ZONES = 3


def _needs(c: Character, ability: Ability) -> None:
    if not c.has(ability):
        raise Illegal(f"{c.ident} has no {ability.value.replace('_', ' ')}", "ability_ap")


def _object_event(text: str, kind: ObjectKind) -> Event:
    return Event(text, OBJECTS[kind].citation)


def _uses_objects(c: Character) -> None:
    if c.card.has(Ability.NO_CARRYING):
        raise Illegal(f"{c.ident} uses no object", "object_ap")


def _portcullis_halves(position: Position, a: str, b: str, kinds: frozenset[Edge]) -> list[int]:
    indices = position.board.halves_of.get(frozenset((a, b)), ())
    return [i for i in indices if position.layout.halves[i] in kinds]


def toggle_portcullis(position: Position, ident: str, zone: str, tool: str) -> tuple[Position, list[Event]]:
    """Open or close the portcullis between ``ident``'s zone and ``zone``: a lockpick (traitress, thief) or a key."""
    c = own_active(position, ident)
    if tool == "key":
        _uses_objects(c)
        if not position.carries(c, ObjectKind.KEY):
            raise Illegal(f"{ident} carries no key", "object_ap")
        note = _object_event(f"{ident} uses the key on the portcullis to {zone} (1 AP)", ObjectKind.KEY)
    else:
        _needs(c, Ability.LOCKPICK)
        kind = Kind.TRAITRESS if c.kind is Kind.TRAITRESS else Kind.THIEF
        note = ability_event(f"{ident} picks the lock of the portcullis to {zone} (1 AP, DT-LOCKPICK-ADJACENT)", kind,
                             Ability.LOCKPICK)
    halves = _portcullis_halves(position, c.zone, zone, PORTCULLISES)
    if not halves:
        raise Illegal(f"no portcullis that opens and closes between {c.zone} and {zone}", "object_ap" if tool == "key" else
                      "ability_ap")
    changes = {i: Edge.PORTCULLIS_CLOSED if position.layout.halves[i] is Edge.PORTCULLIS_OPEN else Edge.PORTCULLIS_OPEN
               for i in halves}
    now = "open" if Edge.PORTCULLIS_OPEN in changes.values() else "closed"
    return replace(position, layout=position.layout.with_halves(changes)), [note, event(f"the portcullis is {now}", "move_portcullis")]


def bend_bars(position: Position, ident: str, zone: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _needs(c, Ability.BEND_BARS)
    halves = _portcullis_halves(position, c.zone, zone, PORTCULLISES)
    if not halves:
        raise Illegal(f"no unbroken portcullis between {c.zone} and {zone}", "ability_ap")
    layout = position.layout.with_halves({i: Edge.PORTCULLIS_BROKEN for i in halves})
    return replace(position, layout=layout), [ability_event(f"{ident} breaks the portcullis to {zone} for good (1 AP)",
                                                            c.kind, Ability.BEND_BARS)]


def smash_walls(position: Position, ident: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _needs(c, Ability.BREAK_WALLS)
    if c.walls_broken:
        raise Illegal(f"{ident} has broken walls once already (once a game)", "ability_ap")
    room = position.board.room_of.get(c.zone)
    if room is None:
        raise Illegal(f"{ident} is not in a room", "ability_ap")
    changes: dict[int, Edge] = {}
    for index, half in enumerate(position.board.halves):
        if half.room == room and half.owner in (HalfOwner.ROOM, HalfOwner.RIM):
            edge = position.layout.halves[index]
            if edge in WALLS:
                changes[index] = Edge.BROKEN_WALL
            elif edge in PORTCULLISES:
                changes[index] = Edge.PORTCULLIS_BROKEN
    position = replace(position, layout=position.layout.with_halves(changes))
    position = position.with_character(replace(position.character(ident), walls_broken=True))
    return position, [ability_event(f"{ident} breaks every wall of room {position.board.rooms[room].ident}, the portcullis too "
                                    f"(1 AP; {len(changes)} broken)", Kind.GOLEM, Ability.BREAK_WALLS)]


def walk_through_wall(position: Position, ident: str, zone: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _needs(c, Ability.WALK_THROUGH_WALLS)
    board, layout = position.board, position.layout
    edge = layout.edge(board, c.zone, zone)
    if edge not in WALLS:
        raise Illegal(f"no wall between {c.zone} and {zone} (never a portcullis)", "ability_ap")
    if c.entered_from:
        raise Illegal(f"{ident} is held in {c.zone}: it leaves only back to {c.entered_from}", "move_pin")
    if zone not in board.room_of or layout.hidden(board, zone):
        raise Illegal(f"{zone} is not a revealed room zone", "reveal_outside")
    if zone in layout.pits:
        raise Illegal(f"{zone} is a pit", "move_may_not")
    entered = c.zone if holds(position, c, zone) else ""
    moved = replace(c, zone=zone, facing="", entered_from=entered)
    position = position.with_character(moved)
    crowded = may_end(position, moved, starting_mover(moved))
    if crowded:
        raise Illegal(crowded, "golden_b")
    return position, [ability_event(f"{ident} walks through the {edge.value.replace('_', ' ')} into {zone} (1 AP)",
                                    Kind.WALL_WALKER, Ability.WALK_THROUGH_WALLS)]


def heal(position: Position, ident: str, patient_id: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _needs(c, Ability.HEAL)
    if patient_id == ident or not position.has_character(patient_id):
        raise Illegal("the cleric heals another wounded character, never itself", "ability_ap")
    patient = position.character(patient_id)
    if not patient.wounded or position.zone_of(patient) != c.zone or patient_id in c.carrying:
        raise Illegal(f"{patient_id} is not a wounded character in {c.zone} that {ident} does not carry", "ability_ap")
    position = _stand(position, patient)
    position = position.with_character(replace(position.character(patient_id), wounded=False, wounded_this_turn=False,
                                               resting=True))
    return position, [ability_event(f"{ident} heals {patient_id}, who does nothing else this turn (1 AP)", Kind.CLERIC,
                                    Ability.HEAL)]


def _stand(position: Position, c: Character) -> Position:
    """A carried character healed stands in its carrier's zone."""
    if c.place is not Place.CARRIED:
        return position
    carrier = position.carrier_of(c.ident)
    assert carrier is not None
    position = position.with_character(replace(carrier, carrying=tuple(x for x in carrier.carrying if x != c.ident)))
    return position.with_character(replace(c, place=Place.ZONE, zone=carrier.zone))


def regenerate(position: Position, ident: str) -> tuple[Position, list[Event]]:
    if not position.has_character(ident):
        raise Illegal(f"{ident!r} is not a character", "ability_ap")
    c = position.character(ident)
    if c.owner != position.to_move or not c.card.has(Ability.REGENERATION):
        raise Illegal(f"{ident} is not the player's troll", "ability_ap")
    if not c.wounded or c.wounded_this_turn or not c.on_board:
        raise Illegal(f"{ident} regenerates only wounded, from the turn after the one it was wounded in", "ability_ap")
    position = _stand(position, c)
    position = position.with_character(replace(position.character(ident), wounded=False, resting=True))
    return position, [ability_event(f"{ident} regenerates and does nothing else this turn (1 AP)", Kind.TROLL,
                                    Ability.REGENERATION)]


def steal(position: Position, ident: str, thing: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _needs(c, Ability.PICK_POCKET)
    if not position.has_item(thing):
        raise Illegal(f"{thing!r} is not an object (a wounded character is never stolen)", "ability_ap")
    holder = position.carrier_of(thing)
    if holder is None or holder.owner == c.owner or position.zone_of(holder) != c.zone:
        raise Illegal(f"{thing} is not carried by an enemy in {c.zone}", "ability_ap")
    if len(c.carrying) >= capacity(c):
        raise Illegal(f"{ident} carries all it can (golden rule C)", "golden_c")
    position = position.with_character(replace(holder, carrying=tuple(x for x in holder.carrying if x != thing)))
    position = position.with_character(replace(position.character(ident), carrying=(*c.carrying, thing)))
    return position, [ability_event(f"{ident} steals {thing} from {holder.ident} (1 AP)", Kind.PICKPOCKET, Ability.PICK_POCKET)]


def telekinesis(position: Position, ident: str, thing: str, path: tuple[str, ...]) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _needs(c, Ability.PSYCHOKINESIS)
    board, layout = position.board, position.layout
    receiver = path[-1][1:] if path and path[-1].startswith(">") else None
    steps = path[:-1] if receiver is not None else path
    if not position.has_item(thing) or position.item(thing).place is not Place.ZONE:
        raise Illegal(f"{thing!r} is not an object lying in a zone", "ability_ap")
    start = position.item(thing).zone
    if board.room_of.get(start) != board.room_of.get(c.zone):
        raise Illegal(f"{thing} is not in {ident}'s room", "ability_ap")
    if not 1 <= len(steps) <= PSYCHOKINESIS_ZONES:
        raise Illegal(f"the object flies 1 to {PSYCHOKINESIS_ZONES} zones", "ability_ap")
    here = start
    for zone in steps:
        edge = layout.edge(board, here, zone)
        if edge is None or edge not in PASSABLE or layout.hidden(board, zone):
            raise Illegal(f"{thing} cannot fly from {here} to {zone}", "ability_ap")
        here = zone
    if here not in board.room_of or here in layout.pits:
        raise Illegal(f"{thing} comes to rest in a room zone, not on a pit or a start zone", "ability_ap")
    events = [ability_event(f"{ident} flies {thing} from {start} to {here} (1 AP)", Kind.TELEKINETIC, Ability.PSYCHOKINESIS)]
    item = position.item(thing)
    if receiver is None:
        return position.with_item(replace(item, zone=here)), events
    if not position.has_character(receiver):
        raise Illegal(f"{receiver!r} is not a character", "ability_ap")
    taker = position.character(receiver)
    if taker.place is not Place.ZONE or taker.zone != here or len(taker.carrying) >= capacity(taker):
        raise Illegal(f"{receiver} is not in {here} with room to carry it", "ability_ap")
    position = position.with_item(replace(item, place=Place.CARRIED, zone=""))
    position = position.with_character(replace(taker, carrying=(*taker.carrying, thing)))
    return position, [*events, ability_event(f"and gives it to {receiver}", Kind.TELEKINETIC, Ability.PSYCHOKINESIS)]


def fireball(position: Position, ident: str, target_id: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    _uses_objects(c)
    if not c.has(Ability.SPELLCASTER):
        raise Illegal(f"{ident} is no spellcaster (the wizard, the telekinetic)", "object_ap")
    scroll = next((i for i in position.carried_objects(c) if i.kind is ObjectKind.FIREBALL_SCROLL), None)
    if scroll is None:
        raise Illegal(f"{ident} carries no fireball scroll", "object_ap")
    if not position.has_character(target_id) or position.character(target_id).place is not Place.ZONE:
        raise Illegal(f"{target_id!r} is not a character standing in a zone", "object_ap")
    target = position.character(target_id)
    if not sees(position, c.zone, target.zone):
        raise Illegal(f"{target_id} is not on {ident}'s line of sight (DT-FIREBALL-SIGHT)", "sight_line")
    position = position.with_item(replace(scroll, place=Place.GONE, zone=""))
    position = position.with_character(replace(position.character(ident),
                                               carrying=tuple(x for x in c.carrying if x != scroll.ident)))
    events = [_object_event(f"{ident} burns the fireball scroll at {target_id} (1 AP); the scroll is discarded",
                            ObjectKind.FIREBALL_SCROLL)]
    position, more = eliminate(position, target_id, c.owner)
    return position, events + more


def pick_up(position: Position, ident: str, friend_id: str) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    if position.rulings.wounded_pickup:
        raise Illegal("a wounded friend is picked up during a move, for 0 AP (DT-WOUNDED-PICKUP): move ... +FRIEND",
                      "carry_wounded", "DT-WOUNDED-PICKUP")
    if not position.has_character(friend_id):
        raise Illegal(f"{friend_id!r} is not a character", "carry_wounded")
    friend = position.character(friend_id)
    if friend.owner != c.owner or not friend.wounded or friend.place is not Place.ZONE or friend.zone != c.zone:
        raise Illegal(f"{friend_id} is not a wounded friend standing in {c.zone}", "carry_wounded")
    if c.card.has(Ability.NO_CARRYING) or len(c.carrying) >= capacity(c):
        raise Illegal(f"{ident} cannot carry more (golden rule C)", "golden_c")
    position = position.with_character(replace(friend, place=Place.CARRIED, zone="", facing="", entered_from=""))
    position = position.with_character(replace(position.character(ident), carrying=(*c.carrying, friend_id)))
    return position, [event(f"{ident} picks up its wounded friend {friend_id} (1 AP, DT-WOUNDED-PICKUP)", "carry_wounded",
                             "DT-WOUNDED-PICKUP")]

