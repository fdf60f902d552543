"""The combat board as an SVG picture, in the project's drawing style.

Across the top, the round marker's track (0, I, II, III, IV) with the round
being played. Under it the combat board from left to right as the golden
rule reads it: the left space, the group space (its loot), the three spaces
to the right; each enemy a card with its name, its damage as a row of hearts,
its shields, state tokens and Frozen lines, and its lines of actions. Under
the board, each prisoner's board in the group's order: health track,
shields, states, the cards played with their lines, equipment; the passer
apart. All text is drawn by :mod:`solver.base.svg.glyphs` through
``svg_style.label`` (escaped by construction); the same combat gives the same
bytes.
"""

from __future__ import annotations

from solver.base.svg.style import INK, INK_SOFT, PAGE, attr, document, fit, foot, label, num
from solver.deadcells.model.cards import line_text
from solver.deadcells.model.state import Combat, Enemy, Prisoner
from solver.deadcells.model.vocabulary import CARD_ROUNDS, ENEMY_ROUNDS, ROUND_LABELS, SPACES, STATES, StateKind
from solver.deadcells.present.text import loot_text
from solver.deadcells.rules.board import enemy_card, group_order, stage

PAD = 16.0
CARD_W = 190.0
CARD_H = 120.0
"""The least height of a space; an enemy card with more lines makes every space taller."""
GAP = 12.0
TITLE = 15.0
TEXT = 11.0
SMALL = 9.5
FLOOR = "#d9ccb0"
"""An empty space: the board's floor."""
FLOOR_EDGE = "#8a7b62"
HIGHLIGHT = "#ff7a00"
"""The round being played."""
HEART = "#c0392b"
SHIELD = "#2f6fd6"
STATE_COLOURS = {
    StateKind.POISONED: "#2e9e48", StateKind.FROZEN: "#4fb3d9", StateKind.BURNING: "#e67e22",
    StateKind.BLEEDING: "#8e1b1b", StateKind.TARGETED: "#8e44ad",
}
STATE_LETTERS = {StateKind.POISONED: "P", StateKind.FROZEN: "F", StateKind.BURNING: "B", StateKind.BLEEDING: "Bl",
                 StateKind.TARGETED: "T"}
GROUP_FILL = "#efe3c4"
DEAD_FILL = "#d8d2c8"


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str, css: str, rx: float = 6) -> str:
    return (f'<rect class={attr(css)} x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')


def _hearts(x: float, y: float, health: int, damage: int, size: float = 9) -> tuple[str, float]:
    """A health track: one heart per point of health, filled while undamaged, crossed by a damage token."""
    parts = []
    per_row = 12
    for i in range(health):
        cx = x + (i % per_row) * (size + 3) + size / 2
        cy = y + (i // per_row) * (size + 3) + size / 2
        hurt = i < damage
        r = size / 2
        parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{PAGE if hurt else HEART}" '
                     f'stroke="{HEART}" stroke-width="1.2"/>')
        if hurt:
            parts.append(f'<path d="M{num(cx - r * 0.7)} {num(cy - r * 0.7)}L{num(cx + r * 0.7)} {num(cy + r * 0.7)}'
                         f'M{num(cx + r * 0.7)} {num(cy - r * 0.7)}L{num(cx - r * 0.7)} {num(cy + r * 0.7)}" '
                         f'stroke="{INK}" stroke-width="1.4"/>')
    rows = (health + per_row - 1) // per_row
    return "".join(parts), rows * (size + 3)


def _tokens(x: float, y: float, shields: int, states: tuple[int, ...], frozen: list[str]) -> tuple[str, float]:
    """Shields (blue), state tokens (a coloured disc with the state's letter and count), Frozen lines."""
    parts = []
    cx = x
    size = 14.0
    for _ in range(shields):
        parts.append(f'<path d="M{num(cx)} {num(y)}h{num(size)}v{num(size * 0.5)}q0 {num(size * 0.5)} {num(-size / 2)} '
                     f'{num(size * 0.55)}q{num(-size / 2)} {num(-size * 0.05)} {num(-size / 2)} {num(-size * 0.55)}z" '
                     f'fill="{SHIELD}" stroke="{INK}" stroke-width="0.8"/>')
        cx += size + 4
    for state, n in zip(STATES, states):
        if not n:
            continue
        text = STATE_LETTERS[state] + (str(n) if n > 1 else "")
        width = max(size, 6 + 7 * len(text))
        parts.append(f'<rect x="{num(cx)}" y="{num(y)}" width="{num(width)}" height="{num(size)}" rx="7" '
                     f'fill="{STATE_COLOURS[state]}"/>')
        parts.append(label(text, cx + width / 2, y + size / 2 + 3.5, 7.5, PAGE, anchor="middle", css_class="state"))
        cx += width + 4
    for line in frozen:
        text = f"F:{line}"
        width = 6 + 6.5 * len(text)
        parts.append(f'<rect x="{num(cx)}" y="{num(y)}" width="{num(width)}" height="{num(size)}" rx="3" '
                     f'fill="{PAGE}" stroke="{STATE_COLOURS[StateKind.FROZEN]}" stroke-width="1.5"/>')
        parts.append(label(text, cx + width / 2, y + size / 2 + 3.5, 7.5, INK, anchor="middle", css_class="frozen"))
        cx += width + 4
    return "".join(parts), (size + 4 if parts else 0.0)


def _text_block(lines: list[str], x: float, y: float, width: float, size: float, colour: str = INK) -> tuple[str, float]:
    parts = []
    dy = 0.0
    for line in lines:
        for piece in fit(line, size, width):
            dy += size + 4
            parts.append(label(piece, x, y + dy, size, colour, css_class="line"))
    return "".join(parts), dy


def _enemy_card(combat: Combat, enemy: Enemy, x: float, y: float, height: float) -> tuple[str, float]:
    """The enemy's card drawn ``height`` tall, and the height its contents need."""
    card = enemy_card(combat, enemy)
    side = stage(combat, enemy)
    parts = [_rect(x, y, CARD_W, height, PAGE, INK, "enemy")]
    name = side.name + (" *" if card.elite else "")
    parts.append(label(name, x + 8, y + 16, TEXT, INK, css_class="enemy-name"))
    kind = "elite" if card.elite else card.kind.value
    if len(card.stages) > 1:
        kind += f", stage {enemy.stage + 1}/{len(card.stages)}"
    parts.append(label(f"{kind}: {enemy.damage}/{side.health}", x + 8, y + 30, SMALL, INK_SOFT, css_class="enemy-kind"))
    hearts, h = _hearts(x + 8, y + 36, side.health, enemy.damage)
    parts.append(hearts)
    tokens, th = _tokens(x + 8, y + 40 + h, enemy.shields, enemy.states, [ROUND_LABELS[r] for r in sorted(enemy.frozen)])
    parts.append(tokens)
    lines = [f"{r.label}: {line_text(side.lines[r])}" for r in ENEMY_ROUNDS if side.lines[r]]
    lines.append(f"death: {side.death.text()}")
    block, bh = _text_block(lines, x + 8, y + 40 + h + th, CARD_W - 16, SMALL)
    parts.append(block)
    return "".join(parts), 40 + h + th + bh + 10


def _space(combat: Combat, index: int, x: float, y: float, height: float) -> str:
    enemy = combat.enemies[index]
    parts = [label(SPACES[index].value, x + CARD_W / 2, y - 6, TEXT, INK_SOFT, anchor="middle", css_class="space")]
    if enemy is None:
        parts.append(_rect(x, y, CARD_W, height, FLOOR, FLOOR_EDGE, "space-empty"))
    else:
        parts.append(_enemy_card(combat, enemy, x, y, height)[0])
    return "".join(parts)


def _group(combat: Combat, x: float, y: float, height: float) -> str:
    parts = [label("group", x + CARD_W / 2, y - 6, TEXT, INK_SOFT, anchor="middle", css_class="space"),
             _rect(x, y, CARD_W, height, GROUP_FILL, INK, "group")]
    names = [combat.prisoners[s].name + (" (FP)" if s == combat.first else "") for s in group_order(combat)]
    block, h = _text_block(["the group: " + ", ".join(names), f"loot: {loot_text(combat.loot)}",
                            f"bag: {loot_text(combat.bag)}"], x + 8, y + 4, CARD_W - 16, SMALL)
    parts.append(block)
    return "".join(parts)


def _track(combat: Combat, x: float, y: float) -> tuple[str, float]:
    parts = [label("round", x, y + 15, TEXT, INK_SOFT, css_class="track-label")]
    cx = x + 48
    for r, text in enumerate(ROUND_LABELS):
        current = combat.round == r
        parts.append(f'<circle class="round-marker" cx="{num(cx + 13)}" cy="{num(y + 11)}" r="12" '
                     f'fill="{HIGHLIGHT if current else PAGE}" stroke="{INK}" stroke-width="1.5"/>')
        parts.append(label(text, cx + 13, y + 15.5, 10, INK, anchor="middle", css_class="round-label"))
        cx += 34
    note = "the play" if combat.round < 0 else ""
    if combat.boss is not None:
        note += ("; " if note else "") + f"boss fight, manche {combat.boss.manche}"
    if note:
        parts.append(label(note, cx + 8, y + 15, TEXT, INK_SOFT, css_class="track-note"))
    return "".join(parts), 30


def _prisoner_board(combat: Combat, seat: int, prisoner: Prisoner, x: float, y: float, width: float) -> tuple[str, float]:
    body: list[str] = []
    marks = []
    if seat == combat.first:
        marks.append("First Player")
    if prisoner.serenade:
        marks.append("Serenade")
    if combat.passer == seat:
        marks.append("passes: no damage, no loot")
    if prisoner.dead:
        marks.append("eliminated")
    title = prisoner.name + (f" ({', '.join(marks)})" if marks else "")
    body.append(label(title, x + 8, y + 16, TEXT, INK, css_class="prisoner-name"))
    hearts, h = _hearts(x + 8, y + 22, prisoner.health, prisoner.damage, 11)
    body.append(hearts)
    tokens, th = _tokens(x + 8, y + 26 + h, prisoner.shields, prisoner.states, [])
    body.append(tokens)
    lines = []
    for index, ident in enumerate(prisoner.played):
        card = combat.cards.combat[ident]
        frozen = prisoner.frozen[index] if index < len(prisoner.frozen) else frozenset()
        rounds = "; ".join(f"{r.label}: {line_text(card.line(r))}" + (" (frozen)" if int(r) in frozen else "")
                           for r in CARD_ROUNDS if card.line(r))
        lines.append(f"plays {card.name}: {rounds or 'no action'}")
    if prisoner.equipment:
        lines.append("equipment: " + ", ".join(combat.cards.equipment[i].name for i in prisoner.equipment))
    if not prisoner.played:
        lines.append(f"hand: {len(prisoner.hand)} card{'s' * (len(prisoner.hand) != 1)}")
    block, bh = _text_block(lines, x + 8, y + 26 + h + th, width - 16, SMALL)
    body.append(block)
    height = 26 + h + th + bh + 10
    fill = DEAD_FILL if prisoner.dead else (FLOOR if combat.passer == seat else PAGE)
    return _rect(x, y, width, height, fill, INK, "prisoner") + "".join(body), height


def board_svg(combat: Combat, *, title: str | None = None, caption: str | None = None) -> str:
    """The whole picture as SVG text: the round track, the combat board, the prisoners' boards, a caption."""
    width = PAD * 2 + 5 * CARD_W + 4 * GAP
    body: list[str] = []
    top = PAD
    for line in fit(title or "", TITLE, width - 2 * PAD):
        body.append(label(line, PAD, top + TITLE, TITLE, INK, css_class="title"))
        top += TITLE + 8
    track, th = _track(combat, PAD, top + 4)
    body.append(track)
    top += th + 26
    height = max([CARD_H] + [_enemy_card(combat, e, 0, 0, 0)[1] for e in combat.enemies if e is not None])
    x = PAD
    body.append(_space(combat, 0, x, top, height))
    x += CARD_W + GAP
    body.append(_group(combat, x, top, height))
    for index in (1, 2, 3):
        x += CARD_W + GAP
        body.append(_space(combat, index, x, top, height))
    top += height + 20
    order = group_order(combat) + ([combat.passer] if combat.passer is not None else [])
    column_w = (width - 2 * PAD - GAP) / 2
    heights = [0.0, 0.0]
    for i, seat in enumerate(order):
        column = i % 2
        svg, h = _prisoner_board(combat, seat, combat.prisoners[seat], PAD + column * (column_w + GAP),
                                 top + heights[column], column_w)
        body.append(svg)
        heights[column] += h + GAP
    bottom = foot(body, top + max(heights), width, PAD, caption, None, 11.0)
    return document("lueur-dc-board", width, bottom + PAD, title or "Dead Cells combat", body)
