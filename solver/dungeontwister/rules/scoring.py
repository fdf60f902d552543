"""Victory points, wounds and deaths: what happens to a character that gets out, is wounded or is eliminated.

VP (the aid): 1 for each enemy killed, 1 for each character that gets out
through the opponent's start zone (the goblin 2, DT-GOBLIN-TOTAL); an object
carried out is discarded (the treasure scores 1 as it goes); a wounded
character carried out scores nothing. A player who reaches the scenario's VP
wins at once (DT-WIN).
"""

from __future__ import annotations

from dataclasses import replace

from solver.dungeontwister.model.catalogue import CHARACTERS, Ability, Kind, ObjectKind
from solver.dungeontwister.model.events import Event, event
from solver.dungeontwister.model.state import Character, Place, Position


def ability_event(text: str, kind: Kind, ability: Ability) -> Event:
    """An event citing a character card's line for ``ability``."""
    card = next(a for a in CHARACTERS[kind].abilities if a.ability is ability)
    return Event(text, card.citation)


def add_vp(position: Position, player: int, points: int) -> Position:
    if points == 0:
        return position
    current = position.players[player]
    position = position.with_player(player, replace(current, vp=current.vp + points))
    if position.winner < 0 and current.vp + points >= position.target_vp:
        position = replace(position, winner=player)
    return position


def escape(position: Position, ident: str) -> tuple[Position, list[Event]]:
    """Score a character that has just got out (its place is already ESCAPED): VP, objects discarded, a carried friend out."""
    character = position.character(ident)
    events: list[Event] = []
    goblin = character.has(Ability.LOST_CAUSE)
    points = (2 if position.rulings.goblin_total else 3) if goblin else 1
    if goblin:
        events.append(Event(f"{ident} is out: {points} VP (the goblin, DT-GOBLIN-TOTAL)", CHARACTERS[Kind.GOBLIN].abilities[0].citation,
                            "DT-GOBLIN-TOTAL"))
    else:
        events.append(event(f"{ident} is out: 1 VP", "vp_escape"))
    for thing in character.carrying:
        if position.has_item(thing):
            item = position.item(thing)
            position = position.with_item(replace(item, place=Place.GONE, zone=""))
            events.append(event(f"{thing} goes out with it and is discarded", "escape_object"))
            if item.kind is ObjectKind.TREASURE:
                points += 1
                events.append(Event(f"the treasure {thing} scores 1 VP", item.card.citation))
        else:
            friend = position.character(thing)
            position = position.with_character(replace(friend, place=Place.ESCAPED, zone=""))
            events.append(event(f"the wounded {thing} goes out with it and scores nothing", "escape_wounded"))
    position = position.with_character(replace(position.character(ident), carrying=()))
    return add_vp(position, character.owner, points), events


def eliminate(position: Position, ident: str, by: int | None) -> tuple[Position, list[Event]]:
    """Eliminate a character: it drops what it carries where it is, a wounded friend it carries dies with it; the
    player ``by`` scores 1 VP for each enemy of theirs killed (None: no one scores)."""
    character = position.character(ident)
    zone = position.zone_of(character)
    events: list[Event] = []
    dead = [character]
    for thing in character.carrying:
        if position.has_item(thing):
            position = position.with_item(replace(position.item(thing), place=Place.ZONE, zone=zone))
            events.append(event(f"{thing} is left in {zone}", "wounded_loses"))
        else:
            dead.append(position.character(thing))
    for victim in dead:
        if victim.ident != ident:
            for thing in victim.carrying:
                position = position.with_item(replace(position.item(thing), place=Place.ZONE, zone=zone))
        position = position.with_character(replace(position.character(victim.ident), place=Place.DEAD, zone="", facing="",
                                                   entered_from="", carrying=()))
        events.append(event(f"{victim.ident} is eliminated", "vp_kill" if by is not None else "wounded_loses"))
        if by is not None and victim.owner != by:
            position = add_vp(position, by, 1)
            events.append(event(f"{position.players[by].name} scores 1 VP for {victim.ident}", "vp_kill"))
    return position, events


def wound(position: Position, ident: str, by: int) -> tuple[Position, list[Event], list[Character]]:
    """A character loses a combat: wounded, or eliminated if it was wounded already; a wounded friend it carries is
    killed. The characters eliminated come back too (for the paladin's undead)."""
    character = position.character(ident)
    events: list[Event] = []
    killed: list[Character] = []
    for thing in character.carrying:
        if position.has_character(thing):
            carried = position.character(thing)
            position = position.with_character(replace(position.character(ident),
                                                       carrying=tuple(x for x in position.character(ident).carrying
                                                                      if x != thing)))
            position = position.with_character(replace(carried, place=Place.ZONE, zone=position.zone_of(character)))
            position, more = eliminate(position, thing, by)
            events.append(event(f"{ident} carried the wounded {thing}: it is killed", "carry_wounded"))
            events += more
            killed.append(carried)
    character = position.character(ident)
    if character.wounded:
        position, more = eliminate(position, ident, by)
        events.append(event(f"{ident}, wounded already, loses: eliminated", "wounded_loses"))
        return position, events + more, [*killed, character]
    position = position.with_character(replace(character, wounded=True, wounded_this_turn=True))
    events.append(event(f"{ident} is wounded (its card is turned over)", "melee_higher"))
    return position, events, killed


def undead_bonus(position: Position, player: int, killed: list[Character], involved: list[Character]) -> tuple[Position, list[Event]]:
    """The paladin's 1 VP more for each undead enemy eliminated in a combat it took part in."""
    if not any(c.card.has(Ability.UNDEAD_HUNTER) and c.owner == player for c in involved):
        return position, []
    undead = [c for c in killed if c.card.undead and c.owner != player]
    if not undead:
        return position, []
    return add_vp(position, player, len(undead)), [
        ability_event(f"the paladin scores {len(undead)} VP more for the undead {', '.join(c.ident for c in undead)}",
                      Kind.PALADIN, Ability.UNDEAD_HUNTER)]
