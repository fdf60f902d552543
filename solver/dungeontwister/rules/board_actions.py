"""The actions that change where things are besides moves: jumping a pit, turning a room, revealing a room.

Each takes the position and the action's words and returns the position
after with what happened, or raises :class:`~solver.dungeontwister.events.Illegal`.
The AP and the player's turn are the engine's (:mod:`solver.dungeontwister.rules.engine`).
"""

from __future__ import annotations

from dataclasses import replace

from solver.dungeontwister.model.board import PASSABLE, WALLS, Arrow, Edge
from solver.dungeontwister.model.catalogue import Ability, Kind
from solver.dungeontwister.model.events import Event, Illegal, event
from solver.dungeontwister.model.state import Character, Place, Position
from solver.dungeontwister.rules.movement import may_end, starting_mover, why_inactive
from solver.dungeontwister.rules.scoring import ability_event


def own_active(position: Position, ident: str) -> Character:
    """The character ``ident`` of the player to move, able to act; raises :class:`Illegal` otherwise."""
    if not position.has_character(ident):
        raise Illegal(f"{ident!r} is not a character", "ap_spend")
    c = position.character(ident)
    if c.owner != position.to_move:
        raise Illegal(f"{ident} is {position.players[c.owner].name}'s, and {position.players[position.to_move].name} plays",
                      "ap_spend")
    if not c.active:
        raise Illegal(f"{ident} cannot act: {why_inactive(c)}", "wounded_no_action" if c.wounded else "ap_spend")
    return c


# -- jumping ------------------------------------------------------------------------------------------------------

def landings(position: Position, c: Character) -> list[tuple[str, str]]:
    """Every (pit, landing zone) a jump of ``c`` may take (pinned characters none)."""
    board, layout = position.board, position.layout
    if c.entered_from:
        return []
    out = []
    for pit in board.neighbours.get(c.zone, ()):
        if pit not in layout.pits or layout.edge(board, c.zone, pit) not in PASSABLE:
            continue
        for landing in board.neighbours.get(pit, ()):
            if landing != c.zone and _landing_refusal(position, c, pit, landing) is None:
                out.append((pit, landing))
    return out


def _landing_refusal(position: Position, c: Character, pit: str, landing: str) -> str | None:
    board, layout = position.board, position.layout
    if landing not in board.room_of:
        return f"{landing} is not a room zone"
    if landing in layout.pits:
        return "it cannot jump over 2 adjacent pits"
    if layout.hidden(board, landing):
        return f"{landing} is in a face-down room"
    if layout.edge(board, pit, landing) not in PASSABLE:
        return f"the boundary between {pit} and {landing} stops the jump"
    if any(not e.wounded for e in position.enemies_in(landing, c.owner)):
        return f"an unwounded enemy is in {landing}"
    return None


def jump(position: Position, ident: str, pit: str, landing: str, card: int | None) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    board, layout = position.board, position.layout
    if c.entered_from:
        raise Illegal(f"{ident} is held in {c.zone}: it leaves only back to {c.entered_from}", "move_pin")
    if pit not in layout.pits or not board.linked(c.zone, pit):
        raise Illegal(f"{pit} is not a pit next to {c.zone}", "jump")
    if layout.edge(board, c.zone, pit) not in PASSABLE:
        raise Illegal(f"the boundary between {c.zone} and {pit} stops the jump", "jump")
    if not board.linked(pit, landing) or landing == c.zone:
        raise Illegal(f"{landing} is not a zone beyond the pit {pit}", "jump_land")
    refused = _landing_refusal(position, c, pit, landing)
    if refused:
        raise Illegal(refused, "jump_two_pits" if "2 adjacent" in refused else "jump_land")
    player = position.players[c.owner]
    events = [event(f"{ident} jumps over the pit {pit} into {landing} (1 AP)", "jump"),
              event(f"it lands in {landing}, where no unwounded enemy stands", "jump_land")]
    if player.jump_cards > 0:
        if card is not None:
            raise Illegal("a combat card is a jump card only when no jump card is left", "jump_combat_card")
        player = replace(player, jump_cards=player.jump_cards - 1)
        events.append(event(f"the jump card leaves the game ({player.jump_cards} left)", "jump_card_out"))
    else:
        if card is None or card == 0 or card not in player.cards:
            usable = sorted({x for x in player.cards if x})
            raise Illegal("no jump card left: spend a combat card other than the 0 (card=N; "
                          f"{'held: ' + ', '.join(map(str, usable)) if usable else 'none held'})", "jump_combat_card")
        cards = list(player.cards)
        cards.remove(card)
        player = replace(player, cards=tuple(cards))
        events.append(event(f"the combat card {card} is discarded for good as a jump card, shown to the opponent",
                            "jump_combat_card"))
    moved = replace(c, zone=landing, facing="", entered_from="")
    position = position.with_player(c.owner, player).with_character(moved)
    crowded = may_end(position, moved, starting_mover(moved))
    if crowded:
        raise Illegal(crowded, "golden_b")
    return position, events


# -- turning a room -----------------------------------------------------------------------------------------------

def rotation_sites(position: Position, room: int) -> tuple[str, ...]:
    """Where a character stands to turn ``room`` (DT-ROTATE-SITE): a mechanism zone of it or its twin, or any of their
    zones under the other reading."""
    board, layout = position.board, position.layout
    twin = board.twin(room)
    rooms = [room] if twin is None else [room, twin]
    zones = [z for r in rooms for z in board.rooms[r].zones]
    if position.rulings.rotate_site:
        zones = [z for z in zones if z in layout.mechanisms]
    return tuple(zones)


def rotate(position: Position, ident: str, room_id: str, way: str | None) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    board, layout = position.board, position.layout
    room = board.room(room_id)
    if room is None:
        raise Illegal(f"{room_id!r} is not a room", "rotate")
    if not layout.revealed[room]:
        raise Illegal(f"room {room_id} is face down: reveal it first", "rotate")
    sites = rotation_sites(position, room)
    if c.zone not in sites:
        where = "on a rotation mechanism of the room or of its twin" if position.rulings.rotate_site else "in the room or its twin"
        raise Illegal(f"{ident} is not {where} ({', '.join(sites) or 'there is none'})", "rotate", "DT-ROTATE-SITE")
    arrow = board.rooms[room].arrow
    direction = 1 if arrow is Arrow.CW else -1
    events = [event(f"{ident} turns room {room_id} a quarter turn (1 AP)", "rotate", "DT-ROTATE-SITE")]
    if way is not None and way != arrow.value:
        if not c.has(Ability.TINKER):
            raise Illegal(f"room {room_id} turns the way its arrow points ({arrow.value}); only the mechanork chooses", "rotate")
        direction = -direction
        events.append(ability_event(f"the mechanork turns it {way}, against its arrow", Kind.MECHANORK, Ability.TINKER))
    else:
        events.append(event(f"it turns {arrow.value}, the way room {room_id}'s arrow points", "rotate"))
    new_layout, moved = layout.rotated(board, room, direction)
    characters = tuple(_relocated(c2, moved) for c2 in position.characters)
    items = tuple(replace(i, zone=moved[i.zone]) if i.place is Place.ZONE and i.zone in moved else i for i in position.items)
    events.append(event("what is in the room turns with it; characters and objects keep their orientation",
                        "rotate_orientation"))
    return replace(position, layout=new_layout, characters=characters, items=items), events


def _relocated(c: Character, moved: dict[str, str]) -> Character:
    if c.place is not Place.ZONE or c.zone not in moved:
        return c
    return replace(c, zone=moved[c.zone], entered_from=moved.get(c.entered_from, c.entered_from))


# -- revealing a room ---------------------------------------------------------------------------------------------

def access(position: Position, c: Character, room: int) -> str | None:
    """Why ``c`` has no direct access to face-down ``room`` (DT-REVEAL-ACCESS), or None when it has."""
    board, layout = position.board, position.layout
    zones = board.rooms[room].zones
    if board.is_start(c.zone):
        if any(board.linked(c.zone, z) for z in zones):
            return None
        return f"start zone {c.zone} is not linked to room {board.rooms[room].ident}"
    for z in zones:
        edge = layout.edge(board, c.zone, z)
        if edge is None:
            continue
        if position.rulings.reveal_access and edge in PASSABLE:
            return None
        if not position.rulings.reveal_access:
            if edge is Edge.ARROW_SLIT and c.has(Ability.CONTORTIONIST):
                continue
            if edge in WALLS and c.has(Ability.WALK_THROUGH_WALLS):
                continue
            return None
    return f"{c.zone} gives no direct access to room {board.rooms[room].ident}"


def beside(position: Position, room_id: str) -> list[str]:
    """The ids of the cards beside a face-down room, characters first."""
    return ([c.ident for c in position.characters if c.place is Place.BESIDE and c.zone == room_id]
            + [i.ident for i in position.items if i.place is Place.BESIDE and i.zone == room_id])


def default_placement(position: Position, room: int) -> tuple[str, ...] | None:
    """One placement of the cards beside ``room`` (characters in the first zones not pits), or None when none fits."""
    board = position.board
    room_id = board.rooms[room].ident
    cards = beside(position, room_id)
    free = [z for z in board.rooms[room].zones if z not in position.layout.pits]
    pits = [z for z in board.rooms[room].zones if z in position.layout.pits]
    characters = [x for x in cards if position.has_character(x)]
    objects = [x for x in cards if not position.has_character(x)]
    if len(characters) > len(free) or len(cards) > len(free) + len(pits):
        return None
    zones = free + pits
    return tuple(f"{x}@{z}" for x, z in zip(characters + objects, zones))


def reveal(position: Position, ident: str, room_id: str, placements: tuple[str, ...]) -> tuple[Position, list[Event]]:
    c = own_active(position, ident)
    board, layout = position.board, position.layout
    room = board.room(room_id)
    if room is None:
        raise Illegal(f"{room_id!r} is not a room", "reveal_access")
    if layout.revealed[room]:
        raise Illegal(f"room {room_id} is revealed already", "reveal_access")
    refused = access(position, c, room)
    if refused:
        raise Illegal(refused, "reveal_access", "DT-REVEAL-ACCESS")
    cards = beside(position, room_id)
    placed: dict[str, str] = {}
    for token in placements:
        card, at, zone = token.partition("@")
        if not at or card not in cards:
            raise Illegal(f"{token!r}: place each card beside the room as CARD@ZONE (cards: {', '.join(cards) or 'none'})",
                          "reveal_active_places")
        if zone not in board.rooms[room].zones:
            raise Illegal(f"{zone!r} is not a zone of room {room_id}", "reveal_active_places")
        if card in placed:
            raise Illegal(f"{card} is placed twice", "reveal_active_places")
        if zone in placed.values():
            raise Illegal(f"two cards in {zone}", "reveal_one_per_zone")
        if position.has_character(card) and zone in layout.pits:
            raise Illegal(f"{card} cannot be placed on the pit {zone}", "reveal_active_places")
        placed[card] = zone
    missing = [x for x in cards if x not in placed]
    if missing:
        raise Illegal(f"place every card beside the room: {', '.join(missing)} (as CARD@ZONE)", "reveal_active_places")
    events = [event(f"{ident} reveals room {room_id} (1 AP)", "reveal_access", "DT-REVEAL-ACCESS"),
              event(f"the room is turned over; {ident} stays where it is", "reveal_outside")]
    position = replace(position, layout=layout.with_revealed(room))
    for card, zone in placed.items():
        if position.has_character(card):
            position = position.with_character(replace(position.character(card), place=Place.ZONE, zone=zone))
        else:
            position = position.with_item(replace(position.item(card), place=Place.ZONE, zone=zone))
    if placed:
        events += [event("the player revealing places every character and the opponent's objects", "reveal_active_places"),
                   event("the other player places the revealing player's objects", "reveal_other_places"),
                   event(f"one card a zone: {', '.join(f'{k} in {v}' for k, v in placed.items())}", "reveal_one_per_zone")]
    return position, events
