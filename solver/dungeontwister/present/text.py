"""A position in words: whose turn, the players, each room zone by zone, the start zones and the boundaries.

``dt show`` prints this; the picture's panel says the same of the players.
"""

from __future__ import annotations

from solver.dungeontwister.model.board import Edge
from solver.dungeontwister.model.state import Character, Place, Position
from solver.dungeontwister.present.layout import KIND_CODES

GEOMETRY = "Geometry: the user's (DT-GEOMETRY): rooms, zones, boundaries and lines of sight as entered; the aid gives none."


def status_text(position: Position) -> str:
    if position.winner >= 0:
        return f"Game over: {position.players[position.winner].name} has {position.target_vp} VP (DT-WIN)"
    player = position.players[position.to_move]
    return f"Turn: {player.name} to move, {player.ap} AP (the scenario's target: {position.target_vp} VP)"


def _piece(position: Position, c: Character) -> str:
    words = [f"{c.ident} ({KIND_CODES[c.kind]}, {position.players[c.owner].name}"]
    if c.wounded:
        words.append(", wounded this turn" if c.wounded_this_turn else ", wounded")
    if c.facing:
        words.append(f", faces {c.facing}")
    if c.entered_from:
        words.append(f", held: leaves only to {c.entered_from}")
    if c.carrying:
        words.append(f", carries {', '.join(c.carrying)}")
    return "".join(words) + ")"


def show_text(position: Position) -> str:
    board, layout = position.board, position.layout
    lines = [status_text(position)]
    for player in position.players:
        lines.append(f"  {player.name}: {player.ap} AP, {player.vp} VP, {player.jump_cards} jump cards, combat cards "
                     f"{' '.join(map(str, player.cards)) or 'none'}")
    for index, room in enumerate(board.rooms):
        state = "face down" if not layout.revealed[index] else f"turned {layout.orientation[index]}"
        twin = board.twin(index)
        lines.append(f"Room {room.ident} ({room.colour}{', twin ' + board.rooms[twin].ident if twin is not None else ''}, "
                     f"turns {room.arrow.value}, {state})")
        if not layout.revealed[index]:
            beside = [c.ident for c in position.characters if c.place is Place.BESIDE and c.zone == room.ident]
            beside += [i.ident for i in position.items if i.place is Place.BESIDE and i.zone == room.ident]
            lines.append(f"  beside it: {', '.join(beside) or 'nothing'}")
            continue
        for zone in room.zones:
            marks = [m for m, on in (("pit", zone in layout.pits), ("mechanism", zone in layout.mechanisms)) if on]
            pieces = [_piece(position, c) for c in position.characters if c.place is Place.ZONE and c.zone == zone]
            pieces += [f"{i.ident} ({i.kind.value})" for i in position.items if i.place is Place.ZONE and i.zone == zone]
            lines.append(f"  {zone}{' [' + ', '.join(marks) + ']' if marks else ''}: {'; '.join(pieces) or '-'}")
    for start in board.start_zones:
        pieces = [_piece(position, c) for c in position.characters if c.place is Place.ZONE and c.zone == start.ident]
        lines.append(f"Start zone {start.ident} ({position.players[start.player].name}): {'; '.join(pieces) or '-'}")
    shut = []
    for pair in sorted(board.halves_of, key=sorted):
        a, b = sorted(pair)
        edge = layout.edge(board, a, b)
        if edge is not None and edge is not Edge.OPEN:
            shut.append(f"{a}|{b} {edge.value.replace('_', ' ')}")
    lines.append(f"Boundaries not open: {', '.join(shut) or 'none'}")
    out = [c.ident for c in position.characters if c.place in (Place.DEAD, Place.ESCAPED)]
    if out:
        lines.append("Out of play: " + ", ".join(f"{c.ident} ({c.place.value})" for c in position.characters
                                                 if c.place in (Place.DEAD, Place.ESCAPED)))
    changed = [name for name, value in position.rulings.as_dict().items() if not value]
    if changed:
        lines.append(f"Other readings in force: {', '.join(changed)}")
    lines.append(GEOMETRY)
    return "\n".join(lines)
