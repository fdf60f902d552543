"""docs/dead-cells.md describes what the code does: every ruling with both readings, every field the reader accepts."""

from __future__ import annotations

from solver.deadcells.model.rulings import FIXED, REFUSED, SWITCHES
from solver.deadcells.model.vocabulary import LOOT_KINDS, STATES, Verb
from solver.deadcells.notation import board_reader, cards_reader, position, prisoners
from tests.deadcells.dc_builders import ROOT

DOC = (ROOT / "docs" / "dead-cells.md").read_text(encoding="utf-8")


def test_every_ruling_is_in_the_doc_with_its_readings() -> None:
    for ruling in SWITCHES:
        row = next(line for line in DOC.splitlines() if line.startswith(f"| {ruling.name} |"))
        assert ruling.default in row and ruling.other is not None and ruling.other in row, ruling.name
        assert ruling.letter and ruling.letter in row, ruling.name
    for ruling in FIXED:
        row = next(line for line in DOC.splitlines() if line.startswith(f"| {ruling.name} |"))
        assert ruling.default.split(" (")[0] in row, ruling.name


def test_every_refusal_is_in_the_doc() -> None:
    assert "Golden shields" in DOC and "Range icons" in DOC and len(REFUSED) == 3


def test_every_field_and_word_the_reader_accepts_is_named_in_the_doc() -> None:
    words = [*position.FIELDS, *board_reader.ENEMY_FIELDS, *position.BOSS_FIELDS, *prisoners.PRISONER_FIELDS,
             *prisoners.PLAYED_FIELDS, *prisoners.ANNOUNCE_FIELDS, *cards_reader.CARD_KINDS, *cards_reader.EQUIPMENT_FIELDS,
             *cards_reader.ENEMY_FIELDS, *cards_reader.STAGE_FIELDS, *(k.value for k in LOOT_KINDS),
             *(s.value for s in STATES), *(v.value for v in Verb)]
    missing = sorted({w for w in words if f"`{w}`" not in DOC and f'"{w}"' not in DOC and w not in DOC})
    assert missing == []
