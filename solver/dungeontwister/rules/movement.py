"""Moving a character: which steps the rules allow, every end a move can reach, and walking a given path.

A move costs 1 AP and goes at most the character's white number of zones, one
movement point a step. A path is a list of tokens (the action notation):

- ``Z``: a step into zone ``Z`` (a room zone; one's own start zone, which it
  then faces the zone it came from; the opponent's start zone, to get out);
- ``Z@F``: a step onto one's other start zone ``Z``, facing ``F``;
- ``@F``: on a start zone, turning to face ``F``;
- ``out``: out of the dungeon from the opponent's start zone (DT-ESCAPE);
- ``+X`` take object ``X`` (lying in the zone, carried by a friend or by a
  wounded enemy there) or pick up wounded friend ``X``; ``-X`` put it down;
  ``X>Y`` give it to friend ``Y`` there. These cost no point.

Steps into a pit (DT-PIT-ZONE), onto a start zone and out of a zone where an
unwounded enemy holds the character follow the aid; :func:`ends` finds every
end a move can reach breadth first (so each comes with a shortest path),
:func:`walk` plays a path and says what happened.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

from solver.dungeontwister.model.board import PASSABLE, WALLS, Edge
from solver.dungeontwister.model.catalogue import Ability, ObjectKind
from solver.dungeontwister.model.checks import MAX_PER_ZONE
from solver.dungeontwister.model.events import Event, Illegal, event
from solver.dungeontwister.model.state import Character, Place, Position, capacity

OUT = "out"


@dataclass(frozen=True, slots=True)
class Mover:
    """A character part way through a move."""

    zone: str
    facing: str = ""
    entered_from: str = ""
    on_enemy_start: bool = False
    """On the opponent's start zone, one point from getting out (DT-ESCAPE default)."""
    escaped: bool = False


@dataclass(frozen=True, slots=True)
class End:
    """Where a move can end: the mover's state and a shortest path there."""

    mover: Mover
    path: tuple[str, ...]


def crosses_pits(position: Position, character: Character) -> bool:
    """Flight, levitation, acrobatics, the ghost, or carrying the rope."""
    return (any(character.has(a) for a in (Ability.FLIGHT, Ability.LEVITATION, Ability.ACROBATICS, Ability.INCORPOREAL))
            or position.carries(character, ObjectKind.ROPE))


def never_held(character: Character) -> bool:
    """The dark angel, the wizard and the ghost cross enemies: no enemy holds them (DT-PIN-FLYERS)."""
    return any(character.has(a) for a in (Ability.FLIGHT, Ability.LEVITATION, Ability.INCORPOREAL))


def holds(position: Position, character: Character, zone: str) -> bool:
    """Whether entering ``zone`` holds the character there (an unwounded enemy is in it)."""
    if never_held(character):
        return False
    small = character.card.combat <= 1  # the colossus lets them pass between its legs
    return any(not e.wounded and not (small and e.has(Ability.GIANT)) for e in position.enemies_in(zone, character.owner))


def boundary_refusal(position: Position, character: Character, edge: Edge) -> str | None:
    """Why the character cannot cross this boundary, or None."""
    if edge in PASSABLE or character.has(Ability.INCORPOREAL):
        return None
    if edge is Edge.ARROW_SLIT:
        return None if character.has(Ability.CONTORTIONIST) else "an arrow slit is in the way"
    if edge in WALLS:
        return "a wall is in the way"
    return "a closed portcullis is in the way"


def _pit_between(position: Position, character: Character, a: str, b: str) -> str | None:
    """A pit zone linked to both ``a`` and ``b`` that the character can fly or climb across (pits between zones)."""
    board, layout = position.board, position.layout
    for pit in board.neighbours.get(a, ()):
        if pit not in layout.pits or not board.linked(pit, b):
            continue
        first, second = layout.edge(board, a, pit), layout.edge(board, pit, b)
        if first is not None and second is not None and boundary_refusal(position, character, first) is None \
                and boundary_refusal(position, character, second) is None:
            return pit
    return None


def step(position: Position, character: Character, mover: Mover, token: str) -> tuple[Mover, list[Event]]:
    """One step of a move (any token but the item ones); raises :class:`Illegal` saying why."""
    board, layout, rulings = position.board, position.layout, position.rulings
    if mover.escaped:
        raise Illegal("the character is out of the dungeon", "no_stay")
    if token == OUT:
        if not mover.on_enemy_start:
            raise Illegal("'out' leaves the dungeon from the opponent's start zone only", "vp_escape")
        return replace(mover, escaped=True, on_enemy_start=False), [
            event(f"{character.ident} gets out of the dungeon", "vp_escape", "DT-ESCAPE")]
    if mover.on_enemy_start:
        raise Illegal("on the opponent's start zone the next step is 'out': it cannot stay there", "no_stay", "DT-ESCAPE")
    here_start = board.start_of.get(mover.zone)
    if token.startswith("@"):
        facing = token[1:]
        if here_start is None:
            raise Illegal("only a character on a start zone turns to face a zone", "start_turn")
        if not board.linked(mover.zone, facing) or facing == mover.facing:
            raise Illegal(f"{facing!r} is not another zone {mover.zone} is linked to", "start_turn")
        return replace(mover, facing=facing), [event(f"{character.ident} turns to face {facing}", "start_turn")]
    target, _, facing = token.partition("@")
    if here_start is not None and target in board.start_of and board.start_of[target].player == character.owner:
        if target == mover.zone:
            raise Illegal(f"{character.ident} is already on {target}", "start_other")
        if not facing or not board.linked(target, facing):
            raise Illegal(f"moving to the other start zone it faces a zone {target} is linked to: {target}@ZONE", "start_other")
        return Mover(target, facing), [event(f"{character.ident} moves to start zone {target}, facing {facing}", "start_other")]
    if facing:
        raise Illegal(f"'{token}': only a step onto one's other start zone names the zone it faces", "start_other")
    if here_start is not None and target != mover.facing:
        raise Illegal(f"from start zone {mover.zone} it steps into the zone it faces, {mover.facing} (turning costs a point: "
                      f"@{target})", "zone_icon", "DT-START-FACING")
    if mover.entered_from and target != mover.entered_from:
        raise Illegal(f"held by an unwounded enemy in {mover.zone}, it leaves only the way it came, to {mover.entered_from}",
                      "move_pin")
    if target not in board.room_of and target not in board.start_of:
        raise Illegal(f"{target!r} is not a zone", "move_may")
    if layout.hidden(board, target):
        raise Illegal(f"{target} is in a face-down room: reveal it first (the character does not enter it)", "reveal_outside")
    events: list[Event] = []
    edge = layout.edge(board, mover.zone, target)
    through = mover.zone  # where the step comes in from: the pit crossed, when it lies between (DT-PIT-ZONE)
    if edge is None:
        pit = _pit_between(position, character, mover.zone, target) if not rulings.pit_zone and crosses_pits(position, character) \
            else None
        if pit is None:
            raise Illegal(f"{target} is not linked to {mover.zone}", "move_may")
        through = pit
        events.append(event(f"{character.ident} crosses the pit {pit}", "move_may_not", "DT-PIT-ZONE"))
    else:
        refused = boundary_refusal(position, character, edge)
        if refused:
            raise Illegal(f"{mover.zone} to {target}: {refused}", "move_may_not")
        if edge is not Edge.OPEN:
            events.append(event(f"{character.ident} passes the {edge.value.replace('_', ' ')} from {mover.zone} to {target}",
                                "move_portcullis" if edge is Edge.PORTCULLIS_OPEN else "move_may"))
    if target in layout.pits:
        if not crosses_pits(position, character):
            raise Illegal(f"{target} is a pit", "move_may_not")
        if not rulings.pit_zone:
            raise Illegal(f"{target} is a pit, between the zones round it (DT-PIT-ZONE): step over it to a zone beyond", "move_may_not",
                          "DT-PIT-ZONE")
        events.append(event(f"{character.ident} is over the pit {target}", "move_may_not", "DT-PIT-ZONE"))
    start = board.start_of.get(target)
    if start is not None and start.player != character.owner:
        return _onto_enemy_start(position, character, mover, target, through, events)
    if start is not None:
        return Mover(target, facing=through), [*events, event(f"{character.ident} steps onto its start zone {target}, facing "
                                                              f"{through}", "move_start")]
    entered = mover.zone if holds(position, character, target) else ""
    if entered:
        events.append(event(f"{character.ident} enters {target}, held there by an unwounded enemy: it leaves only back to "
                            f"{mover.zone} this turn", "move_pin"))
    else:
        events.append(event(f"{character.ident} moves to {target}", "move_may"))
    return Mover(target, entered_from=entered), events


def _onto_enemy_start(position: Position, character: Character, mover: Mover, target: str, through: str,
                      events: list[Event]) -> tuple[Mover, list[Event]]:
    blockers = [c.ident for c in position.in_zone(target) if c.facing == through]
    if blockers:
        raise Illegal(f"{', '.join(blockers)} on {target} faces {through}: that way out is blocked", "start_blocks",
                      "DT-BLOCKED-EXIT")
    if position.rulings.escape:
        return Mover(target, on_enemy_start=True), [*events, event(
            f"{character.ident} steps onto the opponent's start zone {target}; it cannot stay there", "no_stay", "DT-ESCAPE")]
    return Mover(target, escaped=True), [*events, event(f"{character.ident} steps onto the opponent's start zone {target} and "
                                                        "is out", "vp_escape", "DT-ESCAPE")]


def may_end(position: Position, character: Character, mover: Mover) -> str | None:
    """Why a move cannot end here (None: it can)."""
    if mover.on_enemy_start:
        return "a character cannot stay on the opponent's start zone"
    if not mover.escaped and mover.zone in position.layout.pits:
        return f"no character stays on the pit {mover.zone}"
    if not mover.escaped:
        carried = {x for x in character.carrying if position.has_character(x)}
        friends = sum(1 for c in position.in_zone(mover.zone)
                      if c.owner == character.owner and c.ident != character.ident and c.ident not in carried)
        carried_count = len(carried)
        if friends + 1 + carried_count > MAX_PER_ZONE:
            return f"{mover.zone} would hold more than {MAX_PER_ZONE} of the player's characters (golden rule B)"
    return None


def starting_mover(character: Character) -> Mover:
    return Mover(character.zone, character.facing, character.entered_from)


def _tokens(position: Position, character: Character, mover: Mover) -> list[str]:
    board = position.board
    if mover.on_enemy_start:
        return [OUT]
    tokens = list(board.neighbours.get(mover.zone, ()))
    start = board.start_of.get(mover.zone)
    if start is not None:
        tokens = [mover.facing] + [f"@{z}" for z in board.neighbours.get(mover.zone, ()) if z != mover.facing]
        for other in board.start_zones_of(character.owner):
            if other != mover.zone:
                tokens += [f"{other}@{z}" for z in board.neighbours.get(other, ())]
    elif not position.rulings.pit_zone and crosses_pits(position, character):
        for pit in board.neighbours.get(mover.zone, ()):
            if pit in position.layout.pits:
                tokens += [z for z in board.neighbours.get(pit, ()) if z != mover.zone and z not in tokens]
    return tokens


def ends(position: Position, ident: str) -> list[End]:
    """Every end a move of ``ident`` can reach, each with a shortest path (breadth first; sorted by path length, then
    path). Item exchanges are left out: any move may add them."""
    character = position.character(ident)
    if not character.active:
        return []
    first = starting_mover(character)
    seen = {first}
    frontier: deque[tuple[Mover, tuple[str, ...]]] = deque([(first, ())])
    found: list[End] = []
    budget = character.card.move
    while frontier:
        mover, path = frontier.popleft()
        if path and may_end(position, character, mover) is None:
            found.append(End(mover, path))
        if len(path) == budget or mover.escaped:
            continue
        for token in _tokens(position, character, mover):
            try:
                after, _ = step(position, character, mover, token)
            except Illegal:
                continue
            if after not in seen:
                seen.add(after)
                frontier.append((after, (*path, token)))
    return sorted(found, key=lambda e: (len(e.path), e.path))


def is_item_token(token: str) -> bool:
    return token.startswith(("+", "-")) or ">" in token or "~" in token


def walk(position: Position, ident: str, tokens: tuple[str, ...]) -> tuple[Position, list[Event]]:
    """Play a move of ``ident`` along ``tokens``; the position after and what happened (raises :class:`Illegal`).

    Getting out (VP, objects discarded, a carried friend scoring nothing) is
    :func:`solver.dungeontwister.scoring.escape`'s; here the character is only marked out.
    """
    character = position.character(ident)
    if not character.active:
        raise Illegal(f"{ident} cannot act: {why_inactive(character)}", "wounded_no_action")
    mover = starting_mover(character)
    steps = 0
    events: list[Event] = [event(f"{ident} moves (1 AP)", "move_count")]
    for token in tokens:
        if is_item_token(token):
            if mover.escaped:
                raise Illegal("out of the dungeon, nothing is taken or given", "escape_object")
            position, note = exchange(position, position.character(ident), mover.zone, token)
            events.append(note)
            continue
        steps += 1
        if steps > character.card.move:
            raise Illegal(f"{ident} moves at most {character.card.move} zones (its white number)", "move_count")
        mover, happened = step(position, position.character(ident), mover, token)
        events += happened
    if steps == 0:
        raise Illegal("a move takes at least one step", "move_count")
    refused = may_end(position, position.character(ident), mover)
    if refused:
        raise Illegal(f"the move cannot end there: {refused}", "golden_b" if "golden" in refused else "no_stay")
    moved = position.character(ident)
    if mover.escaped:
        moved = replace(moved, place=Place.ESCAPED, zone="", facing="", entered_from="")
    else:
        moved = replace(moved, zone=mover.zone, facing=mover.facing, entered_from=mover.entered_from)
    return position.with_character(moved), events


def why_inactive(character: Character) -> str:
    if character.place is not Place.ZONE:
        return f"it is {character.place.value}"
    if character.wounded:
        return "it is wounded"
    return "it was healed or regenerated this turn and does nothing else"


def exchange(position: Position, mover: Character, zone: str, token: str) -> tuple[Position, Event]:
    """Take, put down or give an object or a wounded friend during a move (0 AP)."""
    if mover.card.has(Ability.NO_CARRYING):
        raise Illegal(f"{mover.ident} carries nothing", "golden_c")
    if token.startswith("+"):
        return take(position, mover, zone, token[1:])
    if token.startswith("-"):
        return put_down(position, mover, zone, token[1:])
    if "~" in token:
        return swap(position, mover, zone, *token.split("~", 1))
    thing, _, receiver_id = token.partition(">")
    if thing not in mover.carrying:
        raise Illegal(f"{mover.ident} does not carry {thing}", "object_exchange")
    if not position.has_character(receiver_id):
        raise Illegal(f"{receiver_id!r} is not a character", "object_exchange")
    receiver = position.character(receiver_id)
    if receiver.owner != mover.owner or position.zone_of(receiver) != zone or receiver.place is not Place.ZONE:
        raise Illegal(f"{receiver_id} is not a friend in {zone}", "object_exchange")
    if position.has_character(thing) and position.rulings.wounded_pickup is False:
        raise Illegal("a wounded friend changes carrier by an action of its own (DT-WOUNDED-PICKUP)", "carry_wounded",
                      "DT-WOUNDED-PICKUP")
    if len(receiver.carrying) >= capacity(receiver):
        raise Illegal(f"{receiver_id} carries all it can (golden rule C)", "golden_c")
    position = position.with_character(replace(mover, carrying=tuple(x for x in mover.carrying if x != thing)))
    position = position.with_character(replace(receiver, carrying=(*receiver.carrying, thing)))
    return position, event(f"{mover.ident} gives {thing} to {receiver_id}", "object_exchange")


def swap(position: Position, mover: Character, zone: str, mine: str, theirs: str) -> tuple[Position, Event]:
    """Exchange the object ``mine`` for the object ``theirs`` a friend in ``zone`` carries."""
    holder = position.carrier_of(theirs)
    if mine not in mover.carrying or not position.has_item(mine):
        raise Illegal(f"{mover.ident} carries no object {mine}", "object_exchange")
    if holder is None or holder.owner != mover.owner or position.zone_of(holder) != zone or not position.has_item(theirs):
        raise Illegal(f"{theirs} is not an object a friend in {zone} carries", "object_exchange")
    position = position.with_character(replace(mover, carrying=tuple(theirs if x == mine else x for x in mover.carrying)))
    position = position.with_character(replace(holder, carrying=tuple(mine if x == theirs else x for x in holder.carrying)))
    return position, event(f"{mover.ident} swaps {mine} for {holder.ident}'s {theirs} (0 AP)", "object_exchange")


def take(position: Position, mover: Character, zone: str, thing: str) -> tuple[Position, Event]:
    if len(mover.carrying) >= capacity(mover):
        raise Illegal(f"{mover.ident} carries all it can (golden rule C)", "golden_c")
    if zone in position.layout.pits:
        raise Illegal(f"nothing is taken over the pit {zone}", "object_take")
    if position.has_item(thing):
        item = position.item(thing)
        holder = position.carrier_of(thing)
        if item.place is Place.ZONE and item.zone == zone:
            note = event(f"{mover.ident} takes {thing} (0 AP)", "object_take")
        elif holder is not None and position.zone_of(holder) == zone and (holder.owner == mover.owner or holder.wounded):
            key = "object_exchange" if holder.owner == mover.owner else "move_may"
            note = event(f"{mover.ident} takes {thing} from {holder.ident} (0 AP)", key)
            position = position.with_character(replace(holder, carrying=tuple(x for x in holder.carrying if x != thing)))
        else:
            raise Illegal(f"{thing} is not lying in {zone}, nor carried there by a friend or a wounded enemy", "object_take")
        position = position.with_item(replace(item, place=Place.CARRIED, zone=""))
        mover = position.character(mover.ident)
        return position.with_character(replace(mover, carrying=(*mover.carrying, thing))), note
    if not position.has_character(thing):
        raise Illegal(f"{thing!r} is not an object or a character", "object_take")
    friend = position.character(thing)
    if friend.owner != mover.owner or not friend.wounded or friend.place is not Place.ZONE or friend.zone != zone:
        raise Illegal(f"{thing} is not a wounded friend standing in {zone}", "carry_wounded")
    if not position.rulings.wounded_pickup:
        raise Illegal("picking up a wounded friend is an action of its own, 1 AP (DT-WOUNDED-PICKUP): pickup", "carry_wounded",
                      "DT-WOUNDED-PICKUP")
    position = position.with_character(replace(friend, place=Place.CARRIED, zone="", entered_from=""))
    mover = position.character(mover.ident)
    return (position.with_character(replace(mover, carrying=(*mover.carrying, thing))),
            event(f"{mover.ident} picks up its wounded friend {thing} (0 AP, DT-WOUNDED-PICKUP)", "carry_wounded",
                  "DT-WOUNDED-PICKUP"))


def put_down(position: Position, mover: Character, zone: str, thing: str) -> tuple[Position, Event]:
    if thing not in mover.carrying:
        raise Illegal(f"{mover.ident} does not carry {thing}", "object_take")
    if zone in position.layout.pits:
        raise Illegal(f"nothing is put down on the pit {zone}", "object_take")
    position = position.with_character(replace(mover, carrying=tuple(x for x in mover.carrying if x != thing)))
    if position.has_item(thing):
        position = position.with_item(replace(position.item(thing), place=Place.ZONE, zone=zone))
        return position, event(f"{mover.ident} drops {thing} in {zone} (0 AP)", "object_take")
    start = position.board.start_of.get(zone)
    if start is not None and start.player != mover.owner:
        raise Illegal("no character stays on the opponent's start zone", "no_stay")
    facing = position.board.neighbours[zone][0] if start is not None else ""
    position = position.with_character(replace(position.character(thing), place=Place.ZONE, zone=zone, facing=facing))
    return position, event(f"{mover.ident} puts its wounded friend {thing} down in {zone}", "carry_wounded")

