"""Every rule of the aid the engine cites has a test quoting it, and every quotation is one short line.

The tests' docstrings quote the aid's French line that decides them (« ... »); here each line of
:data:`solver.dungeontwister.model.aid.RULES` must be quoted by at least one of them, and the catalogue's
characters and objects must each cite a line of their own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.dungeontwister.model.aid import RULES
from solver.dungeontwister.model.catalogue import CHARACTERS, OBJECTS

HERE = Path(__file__).resolve().parent
QUOTED = re.sub(r"\s+", " ", " ".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_dt_*.py")))


def _opening(french: str) -> str:
    """The start of a quotation (long lines are quoted from their start)."""
    return re.sub(r"\s+", " ", french)[:38]


@pytest.mark.parametrize("key", sorted(RULES))
def test_each_rule_of_the_aid_is_quoted_by_a_test(key: str) -> None:
    assert _opening(RULES[key].french) in QUOTED, f"no test quotes « {RULES[key].french} » (aid, line {RULES[key].line})"


def test_quotations_are_short_and_translated() -> None:
    for citation in RULES.values():
        assert len(citation.french) <= 200 and citation.english and citation.line > 0
    for card in CHARACTERS.values():
        assert all(a.citation.french and a.citation.english and 248 <= a.citation.line <= 380 for a in card.abilities)
    for item in OBJECTS.values():
        assert item.citation.french and 380 <= item.citation.line <= 432
