"""A resolved combat as a per-round timeline: one column per part (the play, rounds 0 to IV, the end), each event a
line with a mark of its kind, left to right as the combat log reads.

The marks: a red bar for damage, blue for a shield, a coloured disc for a
state (its colour as on the board), black for a kill or a death, gold for
loot, grey for an advance or a step with no effect. The outcome is written
under the columns. All text goes through ``svg_style.label``.
"""

from __future__ import annotations

from solver.base.svg.style import INK, INK_SOFT, PAGE, document, fit, foot, label, num
from solver.deadcells.analyses.resolve import Trace
from solver.deadcells.model.rulebook import cite
from solver.deadcells.present.board_svg import STATE_COLOURS
from solver.deadcells.rules.events import Event

KEY_GOLD = "#d9a520"
"""Loot: gold teeth, cells, scrolls."""
PAD = 16.0
COLUMN_W = 230.0
GAP = 10.0
TITLE = 15.0
HEAD = 12.0
TEXT = 9.5
LINE = TEXT + 4
MARKS = {
    "damage": "#c0392b", "attack": "#e08a7e", "shield": "#2f6fd6", "block": "#2f6fd6", "kill": INK, "death": INK,
    "loot": KEY_GOLD, "potion": KEY_GOLD, "give": KEY_GOLD, "heal": "#2e9e48", "advance": INK_SOFT, "nothing": "#b8ae9c",
    "miss": "#b8ae9c", "poison": "#2e9e48", "frozen": STATE_COLOURS[next(iter(STATE_COLOURS))], "boss": INK, "play": "#6b6157",
}
TITLES = {"play": "the play", "end": "the end"}
SKIPPED = ("round",)


def _mark(event: Event) -> str:
    for state, colour in STATE_COLOURS.items():
        if event.code == state.value or (event.code == "state" and state.value in event.text):
            return colour
    if event.code == "frozen":
        return STATE_COLOURS[next(s for s in STATE_COLOURS if s.value == "frozen")]
    return MARKS.get(event.code, INK_SOFT)


def _column(name: str, events: list[Event], x: float, y: float) -> tuple[str, float]:
    parts = [f'<rect class="section" x="{num(x)}" y="{num(y)}" width="{num(COLUMN_W)}" height="22" rx="4" fill="{INK}"/>',
             label(TITLES.get(name, f"round {name}"), x + 8, y + 15.5, HEAD, PAGE, css_class="section-title")]
    dy = 30.0
    for event in events:
        if event.code in SKIPPED:
            continue
        text = event.text + (f" [{cite(event.cite).where}]" if event.cite else "")
        lines = fit(text, TEXT, COLUMN_W - 22)
        parts.append(f'<rect class="mark" x="{num(x + 4)}" y="{num(y + dy + 2)}" width="6" '
                     f'height="{num(len(lines) * LINE - 4)}" rx="2" fill="{_mark(event)}"/>')
        for line in lines:
            dy += LINE
            parts.append(label(line, x + 16, y + dy, TEXT, INK, css_class="event"))
        dy += 4
    return "".join(parts), dy


def timeline_svg(trace: Trace, *, title: str | None = None) -> str:
    sections = trace.sections()
    width = PAD * 2 + max(1, len(sections)) * (COLUMN_W + GAP) - GAP
    body: list[str] = []
    top = PAD
    for line in fit(title or "", TITLE, width - 2 * PAD):
        body.append(label(line, PAD, top + TITLE, TITLE, INK, css_class="title"))
        top += TITLE + 8
    tallest = 0.0
    for i, (name, events) in enumerate(sections):
        svg, h = _column(name, events, PAD + i * (COLUMN_W + GAP), top)
        body.append(svg)
        tallest = max(tallest, h)
    t = trace.tally
    outcome = (f"Outcome: {t.deaths} death{'s' * (t.deaths != 1)}, {t.damage} damage taken, {t.kills} "
               f"kill{'s' * (t.kills != 1)}, {t.loot} loot gained.")
    if trace.awaiting is not None:
        outcome += f" The combat awaits: {trace.awaiting.question}"
    bottom = foot(body, top + tallest, width, PAD, outcome, None, 11.0)
    return document("lueur-dc-timeline", width, bottom + PAD, title or "Dead Cells combat: timeline", body)
