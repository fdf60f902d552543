"""The citations are the rulebook's own lines, and every one the engine names exists.

The French rulebook is not in the repository (docs/dead-cells.md says where the
project read it); when a copy of the text dump is at hand (``LUEUR_DC_RULEBOOK``,
or the shared seed beside the repository) each cited French line is looked up
in it, icons aside (a bracketed word stands for an icon the dump lost).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from solver.base.citations import MAX_QUOTE
from solver.deadcells.model.rulebook import CITATIONS
from tests.deadcells.dc_builders import ROOT

SOURCES = sorted((ROOT.parent.parent / "shared" / "seeds").glob("004_*.txt")) if (ROOT.parent.parent / "shared").exists() else []
RULEBOOK = Path(os.environ["LUEUR_DC_RULEBOOK"]) if "LUEUR_DC_RULEBOOK" in os.environ else (SOURCES[0] if SOURCES else None)


def _normal(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.skipif(RULEBOOK is None or not RULEBOOK.exists(), reason="the rulebook's text dump is not on this machine")
def test_every_french_line_is_in_the_rulebook() -> None:
    assert RULEBOOK is not None
    dump = _normal(RULEBOOK.read_text(encoding="utf-8"))
    # The dump doubles bold headings and drops icons: a cited line is found piece by piece between its icons.
    missing = []
    for key, citation in CITATIONS.items():
        pieces = [p.strip() for p in re.split(r"\[[^\]]*\]", _normal(citation.original)) if p.strip()]
        if not all(piece in dump for piece in pieces):
            missing.append(key)
    assert missing == []


def test_every_citation_the_code_names_exists_and_every_citation_is_used() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "solver" / "deadcells").rglob("*.py"))
    named = set(re.findall(r'"([a-z0-9_]+)"', code))
    unused = sorted(key for key in CITATIONS if key not in named)
    allowed = {"hand_check", "deck_check", "deck_check_discard", "refill", "potion", "place_first", "place_left",
               "place_taken", "announce", "all_dead", "companion_limits", "serenade_health", "serenade_prisoner",
               "upkeep_loot"}
    assert set(unused) <= allowed, sorted(set(unused) - allowed)
    for citation in CITATIONS.values():
        assert int(citation.where.removeprefix("p. ")) in range(2, 21) and citation.original and citation.english
        assert len(citation.original) <= MAX_QUOTE
