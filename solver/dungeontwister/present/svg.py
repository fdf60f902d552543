"""A Dungeon Twister position as an SVG picture: rooms as zone grids, boundaries, pieces, and reach and threat overlays.

The picture is text built with the standard library, so the same position
gives the same bytes. Its parts:

* each room as its grid of zones, framed in its colour, with its arrow (the way
  it turns) and its orientation; a face-down room greyed, with the cards
  laid beside it listed;
* each zone: its id, a pit (a dark hole), a rotation mechanism (a cog);
* each boundary on the edge the two zones share (or across the gap between
  rooms): a wall (a thick line; a double wall two), a broken wall (dotted), a
  portcullis (bars: closed, a heavy dashed line; open, bars drawn aside;
  broken, faint), an arrow slit (a wall with a slit); a link between zones
  that do not touch in the drawing is a thin line between their centres;
* start zones, each in its player's colour, with the characters on it and
  what they face;
* characters as discs in their owner's colour with a three-letter code, the
  wounded crossed and paler; objects as small tags;
* overlays: zones tinted with the fewest AP to reach them, zones ringed red
  with the fewest AP an enemy needs to reach, strike or shoot into them;
* under it, the players (AP, VP, jump cards, combat cards) and a legend.

Every word is drawn as strokes by :mod:`solver.base.svg.glyphs` (escaped by
construction there); attribute values go through :func:`_attr`.
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape

from solver.base.svg.style import INK, INK_SOFT, document, fit, label, num
from solver.dungeontwister.model.board import Edge, HalfOwner
from solver.dungeontwister.model.state import Place, Position
from solver.dungeontwister.present.layout import CELL, KIND_CODES, OBJECT_CODES, Rect, plan, rim_segments, shared_edge

PAD = 18.0
TITLE = 15.0
TEXT = 11.5
FLOOR = "#e6dcc6"
HIDDEN = "#b9b2a6"
PIT = "#1f1a17"
WALL = "#3b2f27"
PORTCULLIS = "#6d5a3f"
SLIT = "#8b2c1e"
REACH = "#9fd49a"
THREAT = "#c0262d"
PLAYER_COLOURS = ("#c0392b", "#2f6fd6")
"""The first player's pieces and start zones red, the second's blue (unless their names are colours)."""
NAMED = {"red": "#c0392b", "blue": "#2f6fd6", "green": "#2e9e48", "yellow": "#d4a017", "purple": "#8e44ad",
         "orange": "#e67e22", "black": "#333333", "white": "#9a9a9a", "grey": "#7f8c8d", "brown": "#8b5a2b"}
ROOM_PALETTE = ("#2e9e48", "#8e44ad", "#d4a017", "#16a085", "#e67e22", "#7f8c8d", "#b03a2e", "#2c3e50")


def _attr(text: str) -> str:
    """Text for a double-quoted attribute (every attribute value written from data goes through here)."""
    return escape(text, {'"': "&quot;"})


def player_colour(position: Position, player: int) -> str:
    return NAMED.get(position.players[player].name.lower(), PLAYER_COLOURS[player])


def room_colour(position: Position, colour: str) -> str:
    if colour.lower() in NAMED:
        return NAMED[colour.lower()]
    colours = list(dict.fromkeys(r.colour for r in position.board.rooms))
    return ROOM_PALETTE[colours.index(colour) % len(ROOM_PALETTE)]


def position_svg(position: Position, *, title: str | None = None, caption: str | None = None,
                 reach: Mapping[str, int] | None = None, threats: Mapping[str, int] | None = None) -> str:
    """The whole picture as SVG text.

    Args:
        position: any position.
        title: a heading (also the picture's ``<title>``).
        caption: a line or two under the map.
        reach: zones tinted green, each with the fewest AP to reach it.
        threats: zones ringed red, each with the fewest AP an enemy needs there.
    """
    top = PAD
    head: list[str] = []
    for line in fit(title or "", TITLE, 900):
        head.append(label(line, PAD, top + TITLE, TITLE, INK, css_class="title"))
        top += TITLE + 8
    layout = plan(position.board, PAD + 8, top + 16)
    width = max(layout.width + 2 * PAD + 16, 560.0)
    body = [_rooms(position, layout.rooms, layout.zones), _starts(position, layout.zones),
            _overlay(layout.zones, reach or {}, REACH, "reach"), _boundaries(position, layout.zones),
            _overlay(layout.zones, threats or {}, THREAT, "threat"), _objects(position, layout.zones),
            _characters(position, layout.zones)]
    bottom = top + 16 + layout.height + 16
    notes = [caption] if caption else []
    notes.append("The geometry (rooms, zones, boundaries, lines of sight) is the user's: the aid gives no room card.")
    for note in notes:
        for line in fit(note, TEXT, width - 2 * PAD):
            bottom += TEXT + 5
            body.append(label(line, PAD, bottom, TEXT, INK_SOFT, css_class="caption"))
    panel, panel_height = _panel(position, PAD, bottom + 14, width - 2 * PAD)
    body.append(panel)
    height = bottom + 14 + panel_height + PAD
    return document("lueur-dt-position", width, height, title or "Dungeon Twister position", [*head, *body])


def _rooms(position: Position, rooms: Mapping[str, Rect], zones: Mapping[str, Rect]) -> str:
    board, layout = position.board, position.layout
    parts = ['<g class="rooms">']
    for index, room in enumerate(board.rooms):
        frame = rooms[room.ident]
        hidden = not layout.revealed[index]
        colour = room_colour(position, room.colour)
        parts.append(f'<g class="room" data-room="{_attr(room.ident)}" data-colour="{_attr(room.colour)}" '
                     f'data-orientation="{layout.orientation[index]}" data-revealed="{str(not hidden).lower()}">')
        for zone in room.zones:
            r = zones[zone]
            parts.append(f'<g class="zone" data-zone="{_attr(zone)}"><rect x="{num(r.x)}" y="{num(r.y)}" width="{num(r.w)}" '
                         f'height="{num(r.h)}" fill="{HIDDEN if hidden else FLOOR}" stroke="#000000" stroke-opacity="0.15"/>')
            if not hidden and zone in layout.pits:
                cx, cy = r.centre
                parts.append(f'<circle class="pit" cx="{num(cx)}" cy="{num(cy)}" r="{num(CELL * 0.3)}" fill="{PIT}"/>')
            if not hidden and zone in layout.mechanisms:
                parts.append(_cog(r.x + CELL * 0.8, r.y + CELL * 0.8))
            parts.append(label(zone, r.x + 4, r.y + 12, 9.5, INK_SOFT, css_class="zone-id"))
            parts.append("</g>")
        parts.append(f'<rect x="{num(frame.x - 3)}" y="{num(frame.y - 3)}" width="{num(frame.w + 6)}" height="{num(frame.h + 6)}" '
                     f'fill="none" stroke="{colour}" stroke-width="3" rx="5"/>')
        parts.append(_arrow(frame, room.arrow.value, colour))
        words = f"{room.ident} ({room.colour}, turned {layout.orientation[index]})"
        parts.append(label(words, frame.x, frame.y - 8, 10, colour, css_class="room-name"))
        if hidden:
            beside = [c.ident for c in position.characters if c.place is Place.BESIDE and c.zone == room.ident]
            beside += [i.ident for i in position.items if i.place is Place.BESIDE and i.zone == room.ident]
            parts.append(label("face down", frame.x + 8, frame.y + frame.h / 2, 12, INK, css_class="face-down"))
            if beside:
                parts.append(label(f"beside: {', '.join(beside)}", frame.x + 8, frame.y + frame.h / 2 + 16, 9.5, INK,
                                   css_class="beside"))
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def _cog(cx: float, cy: float) -> str:
    r = CELL * 0.1
    teeth = "".join(f'<rect x="{num(cx - 2)}" y="{num(cy - r - 4)}" width="4" height="5" fill="{INK}" '
                    f'transform="rotate({angle} {num(cx)} {num(cy)})"/>' for angle in range(0, 360, 45))
    return (f'<g class="mechanism">{teeth}<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{INK}"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.4)}" fill="{FLOOR}"/></g>')


def _arrow(frame: Rect, way: str, colour: str) -> str:
    """A curved arrow in the room's top-right corner: the way it turns."""
    cx, cy, r = frame.x + frame.w - 12, frame.y - 12, 7.0
    if way == "cw":
        path, tip = f"M{num(cx - r)} {num(cy)} A{num(r)} {num(r)} 0 1 1 {num(cx)} {num(cy + r)}", (cx, cy + r)
        head = f"M{num(tip[0] + 4)} {num(tip[1] - 4)} L{num(tip[0])} {num(tip[1])} L{num(tip[0] + 4)} {num(tip[1] + 3)}"
    else:
        path, tip = f"M{num(cx + r)} {num(cy)} A{num(r)} {num(r)} 0 1 0 {num(cx)} {num(cy + r)}", (cx, cy + r)
        head = f"M{num(tip[0] - 4)} {num(tip[1] - 4)} L{num(tip[0])} {num(tip[1])} L{num(tip[0] - 4)} {num(tip[1] + 3)}"
    return (f'<g class="arrow" data-arrow="{way}"><path d="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
            f'<path d="{head}" fill="none" stroke="{colour}" stroke-width="2"/></g>')


def _starts(position: Position, zones: Mapping[str, Rect]) -> str:
    parts = ['<g class="start-zones">']
    for start in position.board.start_zones:
        r = zones[start.ident]
        colour = player_colour(position, start.player)
        parts.append(f'<g class="start-zone" data-zone="{_attr(start.ident)}" data-player="{_attr(position.players[start.player].name)}">'
                     f'<rect x="{num(r.x)}" y="{num(r.y)}" width="{num(r.w)}" height="{num(r.h)}" rx="8" fill="{colour}" '
                     f'fill-opacity="0.15" stroke="{colour}" stroke-width="2"/>'
                     + label(start.ident, r.x + 4, r.y + 12, 9.5, colour, css_class="zone-id") + "</g>")
    parts.append("</g>")
    return "".join(parts)


def _boundaries(position: Position, zones: Mapping[str, Rect]) -> str:
    board, layout = position.board, position.layout
    parts = ['<g class="boundaries">']
    for pair in sorted(board.halves_of, key=sorted):
        a, b = sorted(pair)
        if a not in zones or b not in zones:
            continue
        edge = layout.edge(board, a, b)
        assert edge is not None
        segment = shared_edge(zones[a], zones[b])
        attrs = f'class="boundary {edge.value.replace("_", "-")}" data-between="{_attr(a)} {_attr(b)}" data-kind="{edge.value}"'
        if segment is None:
            (x1, y1), (x2, y2) = zones[a].centre, zones[b].centre
            parts.append(f'<g {attrs}><line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{_colour(edge)}" '
                         f'stroke-width="1.5" stroke-dasharray="{"2 3" if edge is not Edge.OPEN else "none"}" opacity="0.7"/></g>')
        elif edge is not Edge.OPEN:
            parts.append(f"<g {attrs}>{_edge(edge, *segment)}</g>")
    for index, room in enumerate(board.rooms):  # the rim facing nothing: the dungeon's edge
        for port, (half_index, segment) in enumerate(zip(_rim_halves(position, index), rim_segments(board, index, dict(zones)))):
            edge = layout.halves[half_index]
            if room.rim[port].to is None and segment is not None and edge is not Edge.OPEN:
                parts.append(f'<g class="boundary edge {edge.value.replace("_", "-")}" data-between="{_attr(room.rim[port].zone)}" '
                             f'data-kind="{edge.value}">{_edge(edge, *segment)}</g>')
    parts.append("</g>")
    return "".join(parts)


def _rim_halves(position: Position, room: int) -> list[int]:
    """The half index of each port of a room's rim, in the rim's order."""
    halves = {h.port: i for i, h in enumerate(position.board.halves) if h.owner is HalfOwner.RIM and h.room == room}
    return [halves[p] for p in range(len(position.board.rooms[room].rim))]


def _colour(edge: Edge) -> str:
    return SLIT if edge is Edge.ARROW_SLIT else PORTCULLIS if "portcullis" in edge.value else WALL


def _edge(edge: Edge, x1: float, y1: float, x2: float, y2: float) -> str:
    line = f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
    if edge is Edge.WALL:
        return f'<line {line} stroke="{WALL}" stroke-width="7" stroke-linecap="square"/>'
    if edge is Edge.DOUBLE_WALL:
        dx, dy = (3.5, 0.0) if x1 == x2 else (0.0, 3.5)
        return (f'<line x1="{num(x1 - dx)}" y1="{num(y1 - dy)}" x2="{num(x2 - dx)}" y2="{num(y2 - dy)}" stroke="{WALL}" stroke-width="4"/>'
                f'<line x1="{num(x1 + dx)}" y1="{num(y1 + dy)}" x2="{num(x2 + dx)}" y2="{num(y2 + dy)}" stroke="{WALL}" stroke-width="4"/>')
    if edge is Edge.BROKEN_WALL:
        return f'<line {line} stroke="{WALL}" stroke-width="4" stroke-dasharray="3 6" opacity="0.6"/>'
    if edge is Edge.PORTCULLIS_CLOSED:
        return f'<line {line} stroke="{PORTCULLIS}" stroke-width="8" stroke-dasharray="4 4"/>'
    if edge is Edge.PORTCULLIS_OPEN:
        cut = 0.3
        ax, ay = x1 + (x2 - x1) * cut, y1 + (y2 - y1) * cut
        bx, by = x2 - (x2 - x1) * cut, y2 - (y2 - y1) * cut
        return (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(ax)}" y2="{num(ay)}" stroke="{PORTCULLIS}" stroke-width="8" '
                f'stroke-dasharray="3 3"/><line x1="{num(bx)}" y1="{num(by)}" x2="{num(x2)}" y2="{num(y2)}" '
                f'stroke="{PORTCULLIS}" stroke-width="8" stroke-dasharray="3 3"/>')
    if edge is Edge.PORTCULLIS_BROKEN:
        return f'<line {line} stroke="{PORTCULLIS}" stroke-width="3" stroke-dasharray="2 5" opacity="0.5"/>'
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2  # an arrow slit: a wall with a narrow opening in its middle
    gap = 5.0
    along = (0.0, gap) if x1 == x2 else (gap, 0.0)
    return (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(mx - along[0])}" y2="{num(my - along[1])}" stroke="{SLIT}" stroke-width="7"/>'
            f'<line x1="{num(mx + along[0])}" y1="{num(my + along[1])}" x2="{num(x2)}" y2="{num(y2)}" stroke="{SLIT}" stroke-width="7"/>')


def _overlay(zones: Mapping[str, Rect], costs: Mapping[str, int], colour: str, kind: str) -> str:
    parts = [f'<g class="{kind}-overlay">']
    for zone, ap in sorted(costs.items()):
        if zone not in zones:
            continue
        r = zones[zone]
        if kind == "reach":
            parts.append(f'<g class="{kind}" data-zone="{_attr(zone)}" data-ap="{ap}"><rect x="{num(r.x + 2)}" y="{num(r.y + 2)}" '
                         f'width="{num(r.w - 4)}" height="{num(r.h - 4)}" fill="{colour}" fill-opacity="0.55"/>'
                         + label(f"{ap} AP", r.x + r.w - 4, r.y + 12, 9.5, "#1d5e1a", anchor="end", css_class="ap") + "</g>")
        else:
            parts.append(f'<g class="{kind}" data-zone="{_attr(zone)}" data-ap="{ap}"><rect x="{num(r.x + 5)}" y="{num(r.y + 5)}" '
                         f'width="{num(r.w - 10)}" height="{num(r.h - 10)}" fill="none" stroke="{colour}" stroke-width="3" '
                         f'stroke-dasharray="6 3"/>' + label(f"{ap}", r.x + r.w - 8, r.y + r.h - 8, 10, colour, anchor="end",
                                                             css_class="ap") + "</g>")
    parts.append("</g>")
    return "".join(parts)


def _characters(position: Position, zones: Mapping[str, Rect]) -> str:
    parts = ['<g class="characters">']
    by_zone: dict[str, list[str]] = {}
    for c in position.characters:
        if c.place is Place.ZONE and c.zone in zones:
            by_zone.setdefault(c.zone, []).append(c.ident)
    for zone, idents in sorted(by_zone.items()):
        r = zones[zone]
        for slot, ident in enumerate(idents):
            c = position.character(ident)
            cx = r.x + CELL * (0.3 + 0.4 * (slot % 2))
            cy = r.y + CELL * 0.32 + (slot // 2) * CELL * 0.3
            if r.h > CELL:  # a start zone is tall: one above the other
                cx, cy = r.x + CELL / 2, r.y + 30 + slot * CELL * 0.36
            parts.append(_disc(position, c.ident, cx, cy))
    parts.append("</g>")
    return "".join(parts)


def _disc(position: Position, ident: str, cx: float, cy: float) -> str:
    c = position.character(ident)
    colour = player_colour(position, c.owner)
    radius = CELL * 0.15
    body = (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(radius)}" fill="{colour}" fill-opacity="{0.45 if c.wounded else 1}" '
            f'stroke="{INK}" stroke-width="1"/>' + label(KIND_CODES[c.kind], cx, cy + 3.5, 9, "#ffffff" if not c.wounded else INK,
                                                         anchor="middle", css_class="code"))
    if c.wounded:
        d = radius * 0.75
        body += (f'<path d="M{num(cx - d)} {num(cy - d)} L{num(cx + d)} {num(cy + d)} M{num(cx + d)} {num(cy - d)} '
                 f'L{num(cx - d)} {num(cy + d)}" stroke="{THREAT}" stroke-width="2"/>')
    carried = [x for x in c.carrying if position.has_character(x)]
    for offset, friend in enumerate(carried):
        body += _disc(position, friend, cx + radius + 6 + offset * 8, cy + radius)
    tags = [position.item(x) for x in c.carrying if position.has_item(x)]
    for offset, item in enumerate(tags):
        body += _tag(OBJECT_CODES[item.kind], cx - radius + offset * 16, cy + radius + 2, item.ident)
    if c.facing:
        body += label(f"faces {c.facing}", cx, cy + radius + 24, 8, INK_SOFT, anchor="middle", css_class="facing")
    return (f'<g class="character" data-character="{_attr(c.ident)}" data-kind="{c.kind.value}" '
            f'data-owner="{_attr(position.players[c.owner].name)}" data-wounded="{str(c.wounded).lower()}">{body}</g>')


def _tag(code: str, x: float, y: float, ident: str) -> str:
    return (f'<g class="object" data-object="{_attr(ident)}"><rect x="{num(x)}" y="{num(y)}" width="15" height="11" rx="2" '
            f'fill="#f7e7a1" stroke="{INK}" stroke-width="0.8"/>' + label(code, x + 7.5, y + 8.5, 7, INK, anchor="middle",
                                                                           css_class="code") + "</g>")


def _objects(position: Position, zones: Mapping[str, Rect]) -> str:
    parts = ['<g class="objects">']
    count: dict[str, int] = {}
    for item in position.items:
        if item.place is Place.ZONE and item.zone in zones:
            r = zones[item.zone]
            slot = count.get(item.zone, 0)
            count[item.zone] = slot + 1
            parts.append(_tag(OBJECT_CODES[item.kind], r.x + 4 + slot * 18, r.y + r.h - 16, item.ident))
    parts.append("</g>")
    return "".join(parts)


def _panel(position: Position, x: float, y: float, width: float) -> tuple[str, float]:
    lines = []
    for index, player in enumerate(position.players):
        mark = "  (to move)" if index == position.to_move and position.winner < 0 else ""
        cards = ", ".join(map(str, player.cards)) or "none"
        lines.append((f"{player.name}: {player.ap} AP, {player.vp}/{position.target_vp} VP, {player.jump_cards} jump cards, "
                      f"combat cards {cards}{mark}", player_colour(position, index)))
    if position.winner >= 0:
        lines.append((f"Game over: {position.players[position.winner].name} wins (DT-WIN)", INK))
    changed = [name for name, value in position.rulings.as_dict().items() if not value]
    if changed:
        lines.append((f"Other readings in force: {', '.join(changed)}", INK))
    codes = sorted({(KIND_CODES[c.kind], c.kind.value) for c in position.characters})
    objects = sorted({(OBJECT_CODES[i.kind], i.kind.value) for i in position.items})
    legend = "; ".join(f"{code} {name.replace('_', ' ')}" for code, name in codes + objects)
    parts = ['<g class="panel">']
    height = 0.0
    for text, colour in lines:
        height += TEXT + 6
        parts.append(label(text, x, y + height, TEXT, colour, css_class="player"))
    if legend:
        for line in fit(legend, 10, width):
            height += 10 + 5
            parts.append(label(line, x, y + height, 10, INK_SOFT, css_class="legend"))
    parts.append("</g>")
    return "".join(parts), height
