"""The combat board and the timeline as SVG (and PNG): deterministic, text escaped by construction, what they show."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from solver.base.svg.png import svg_to_png
from solver.deadcells.analyses.resolve import resolve
from solver.deadcells.present.board_svg import board_svg
from solver.deadcells.present.text import board_json, show_text
from solver.deadcells.present.timeline_svg import timeline_svg
from solver.deadcells.rules.engine import awaiting
from tests.deadcells.dc_builders import card, duel, monster, run, scenario

BOOK = scenario("rulebook-example.json")


def _texts(svg: str) -> list[str]:
    return re.findall(r'data-text="([^"]*)"', svg)


def test_the_board_shows_the_spaces_the_round_and_the_tokens() -> None:
    loaded = run({**BOOK, "choices": BOOK["choices"][:7]})
    svg = board_svg(loaded.combat, title=loaded.title)
    ET.fromstring(svg)
    texts = _texts(svg)
    for word in ("L", "group", "R1", "R2", "R3", "0", "I", "II", "III", "IV", "Zombie", "Undead Archer *", "P"):
        assert word in texts, word
    assert 'class="round-marker" cx="' in svg and svg.count('fill="#ff7a00"') == 1  # round II lit
    assert "Mario (passes: no damage, no loot)" in texts


def test_the_same_combat_gives_the_same_bytes() -> None:
    loaded = run(BOOK)
    assert board_svg(loaded.combat) == board_svg(run(BOOK).combat)
    trace = resolve(loaded)
    assert timeline_svg(trace) == timeline_svg(resolve(run(BOOK)))


def test_text_is_escaped_by_construction() -> None:
    doc = duel(card(), monster(3, name='<script>&"x"</script>'), meta={"title": "<b>&</b>"})
    loaded = run(doc)
    for svg in (board_svg(loaded.initial, title=loaded.title, caption="a < b & c"), timeline_svg(resolve(loaded), title="<b>&")):
        root = ET.fromstring(svg)  # still well-formed XML
        assert "<script>" not in svg and "<b>" not in svg
        shown = [el.get("data-text") or "" for el in root.iter()]
        assert any('<script>&"x"</script>' in text for text in shown)


def test_the_timeline_has_a_column_per_round() -> None:
    svg = timeline_svg(resolve(run(BOOK)), title="worked example")
    texts = _texts(svg)
    assert [t for t in texts if t in ("the play", "round I", "round II", "round III", "the end")] == [
        "the play", "round I", "round II", "round III", "the end"]
    assert any(t.startswith("Outcome: 0 deaths, 2 damage taken, 2 kills") for t in texts)


def test_png() -> None:
    data = svg_to_png(board_svg(run(BOOK).combat), 1.0)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_show_text_and_the_board_summary() -> None:
    loaded = run({**BOOK, "choices": []})
    text = show_text(loaded.combat, awaiting(loaded.combat))
    assert text.startswith("The play (no round yet); First Player: Diane")
    assert "Awaits a choice: Diane: which card to play?" in text
    summary = board_json(run(BOOK).combat)
    assert summary["phase"] == "over" and summary["bag"] == {"cell": 1}
