"""The checks across a position's fields: every problem with the field path it is about.

The form's reader (:mod:`solver.dungeontwister.notation.position_json`) has read every field
on its own; these are the rules that tie fields together: ids used once, a
room colour naming a pair, start zones linked to rooms, lines along links,
where each piece may be, who carries what (golden rule C) and how many
characters a zone holds (golden rule B).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from solver.base.errors import Problem
from solver.dungeontwister.model.board import Board
from solver.dungeontwister.model.state import KEPT_AP, Character, Place, Position, capacity

MAX_PER_ZONE = 3
"""Golden rule B: at most 3 characters of one player in a zone at the end of an action, the wounded included."""


def position_problems(position: Position) -> list[Problem]:
    """Every problem across the fields of ``position`` (empty when it holds together)."""
    problems: list[Problem] = []
    board = position.board
    problems += _board_problems(board)
    problems += _player_problems(position)
    problems += _piece_problems(position)
    return problems


def _board_problems(board: Board) -> list[Problem]:
    problems: list[Problem] = []
    zones = Counter(board.zones())
    for zone, count in zones.items():
        if count > 1:
            problems.append(Problem("rooms", f"zone id {zone!r} is used {count} times: each zone once, start zones included"))
    rooms = Counter(r.ident for r in board.rooms)
    for room, count in rooms.items():
        if count > 1:
            problems.append(Problem("rooms", f"room id {room!r} is used {count} times"))
    colours = Counter(r.colour for r in board.rooms)
    for colour, count in colours.items():
        if count > 2:
            problems.append(Problem("rooms", f"{count} rooms are {colour!r}: rooms come in pairs of one colour"))
    for index, start in enumerate(board.start_zones):
        if not any(n in board.room_of for n in board.neighbours.get(start.ident, ())):
            problems.append(Problem(f"start_zones[{index}]", f"start zone {start.ident} is linked to no room zone (add a "
                                                             "boundary between it and the zones it faces)"))
    for player, count in Counter(s.player for s in board.start_zones).items():
        if count > 2:
            problems.append(Problem("start_zones", f"{count} start zones for player {player + 1}: at most 2"))
    for index, line in enumerate(board.lines):
        for step, (a, b) in enumerate(zip(line, line[1:])):
            if not board.linked(a, b):
                problems.append(Problem(f"lines[{index}][{step + 1}]", f"{a} and {b} are not linked: a line of sight goes "
                                                                      "from zone to linked zone"))
    return problems


def _player_problems(position: Position) -> list[Problem]:
    problems: list[Problem] = []
    waiting = position.players[position.opponent]
    if waiting.ap > KEPT_AP:
        problems.append(Problem(f"players[{position.opponent}].ap", f"{waiting.ap} AP: the player not to move kept at most "
                                                                   f"{KEPT_AP}"))
    reached = [i for i, p in enumerate(position.players) if p.vp >= position.target_vp]
    if len(reached) == 2:
        problems.append(Problem("players", f"both players have {position.target_vp} VP or more: the game ended when the first "
                                           "reached it"))
    return problems


def _piece_problems(position: Position) -> list[Problem]:
    problems: list[Problem] = []
    board = position.board
    ids = Counter([c.ident for c in position.characters] + [i.ident for i in position.items])
    for ident, count in ids.items():
        if count > 1:
            problems.append(Problem("characters", f"id {ident!r} is used {count} times: characters and objects each have "
                                                  "their own id"))
    for (owner, kind), count in Counter((c.owner, c.kind) for c in position.characters).items():
        if count > 1:
            problems.append(Problem("characters", f"{position.players[owner].name} has {count} {kind.value} cards: one of each"))
    carriers: dict[str, list[str]] = {}
    for index, character in enumerate(position.characters):
        problems += _character_problems(position, index, character)
        for carried in character.carrying:
            carriers.setdefault(carried, []).append(character.ident)
    known = {c.ident: c for c in position.characters}
    items = {i.ident: i for i in position.items}
    for index, character in enumerate(position.characters):
        problems += _carrying_problems(position, index, character, known, items)
        holders = carriers.get(character.ident, [])
        if (character.place is Place.CARRIED) != (len(holders) == 1):
            problems.append(Problem(f"characters[{index}].at", "a character is \"carried\" exactly when one character "
                                                              f"carries it (carried by: {', '.join(holders) or 'none'})"))
    for index, item in enumerate(position.items):
        holders = carriers.get(item.ident, [])
        if (item.place is Place.CARRIED) != (len(holders) == 1):
            problems.append(Problem(f"objects[{index}].at", "an object is \"carried\" exactly when one character carries it "
                                                           f"(carried by: {', '.join(holders) or 'none'})"))
        if item.place is Place.ZONE:
            problems += _zone_problems(board, position, item.zone, f"objects[{index}].at", character=None)
        if item.place is Place.BESIDE:
            problems += _beside_problems(position, item.zone, f"objects[{index}].at")
    problems += _crowding_problems(position)
    return problems


def _zone_problems(board: Board, position: Position, zone: str, path: str, character: Character | None) -> list[Problem]:
    if zone not in board.room_of and not board.is_start(zone):
        return [Problem(path, f"{zone!r} is not a zone or a start zone")]
    if position.layout.hidden(board, zone):
        return [Problem(path, f"{zone} is in a face-down room: its cards lie beside the room (\"beside:ROOM\") until it is "
                              "revealed")]
    if character is not None and zone in position.layout.pits:
        return [Problem(path, f"{zone} is a pit: no character stays on a pit")]
    return []


def _beside_problems(position: Position, room_id: str, path: str) -> list[Problem]:
    room = position.board.room(room_id)
    if room is None:
        return [Problem(path, f"{room_id!r} is not a room")]
    if position.layout.revealed[room]:
        return [Problem(path, f"room {room_id} is revealed: its cards are in its zones")]
    return []


def _character_problems(position: Position, index: int, character: Character) -> list[Problem]:
    path = f"characters[{index}]"
    board = position.board
    problems: list[Problem] = []
    if character.place is Place.ZONE:
        problems += _zone_problems(board, position, character.zone, f"{path}.at", character)
        start = board.start_of.get(character.zone)
        if start is not None:
            if start.player != character.owner:
                problems.append(Problem(f"{path}.at", f"{character.zone} is the opponent's start zone: no character stays "
                                                      "there (it is out once it steps on it)"))
            if not character.facing:
                problems.append(Problem(f"{path}.facing", f"a character on a start zone faces one of the zones it is linked "
                                                          f"to: {', '.join(board.neighbours.get(character.zone, ()))}"))
            elif not board.linked(character.zone, character.facing):
                problems.append(Problem(f"{path}.facing", f"{character.facing!r} is not linked to {character.zone}: "
                                                          f"{', '.join(board.neighbours.get(character.zone, ()))}"))
        elif character.facing:
            problems.append(Problem(f"{path}.facing", "only a character on a start zone faces a zone"))
        if character.entered_from and character.entered_from not in board.room_of and not board.is_start(character.entered_from):
            problems.append(Problem(f"{path}.entered_from", f"{character.entered_from!r} is not a zone or a start zone"))
    elif character.place is Place.BESIDE:
        problems += _beside_problems(position, character.zone, f"{path}.at")
    if character.place is not Place.ZONE and (character.facing or character.entered_from):
        problems.append(Problem(path, "facing and entered_from are for a character standing in a zone"))
    if character.place in (Place.DEAD, Place.ESCAPED) and character.carrying:
        problems.append(Problem(f"{path}.carrying", f"a character {character.place.value} carries nothing"))
    if character.wounded_this_turn and not character.wounded:
        problems.append(Problem(f"{path}.wounded_this_turn", "only a wounded character was wounded this turn"))
    if character.place is Place.CARRIED and not character.wounded:
        problems.append(Problem(f"{path}.at", "only a wounded character is carried"))
    return problems


def _carrying_problems(position: Position, index: int, character: Character, known: dict[str, Character],
                       items: Mapping[str, object]) -> list[Problem]:
    path = f"characters[{index}].carrying"
    problems: list[Problem] = []
    if len(character.carrying) > capacity(character):
        most = capacity(character)
        problems.append(Problem(path, f"{character.kind.value} carries at most {most} (golden rule C"
                                      f"{'; the paladin 2' if most == 2 else ''}{'; the ghost nothing' if most == 0 else ''})"))
    for item_index, ident in enumerate(character.carrying):
        where = f"{path}[{item_index}]"
        if ident == character.ident:
            problems.append(Problem(where, "a character does not carry itself"))
        elif ident in known:
            other = known[ident]
            if other.owner != character.owner or not other.wounded:
                problems.append(Problem(where, f"{ident} is not a wounded friend: a character carries only a wounded friend"))
            if other.carrying and any(x in known for x in other.carrying):
                problems.append(Problem(where, f"{ident} carries a character itself"))
        elif ident not in items:
            problems.append(Problem(where, f"{ident!r} is not an object or a character"))
    return problems


def _crowding_problems(position: Position) -> list[Problem]:
    counts = Counter((position.zone_of(c), c.owner) for c in position.characters if c.on_board)
    return [Problem("characters", f"{position.players[owner].name} has {count} characters in {zone}: at most {MAX_PER_ZONE} "
                                  "(golden rule B)")
            for (zone, owner), count in sorted(counts.items()) if count > MAX_PER_ZONE and zone]
