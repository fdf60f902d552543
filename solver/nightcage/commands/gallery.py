"""``gallery``: the rules-question gallery, every bundled scenario that settles a question of the rules, and the bundled
positions to solve (the end-games and the puzzles).

The entries come from :mod:`solver.nightcage.present.gallery`, each disputed action played once (what the other
reading of a ruling gives is left to ``apply``, asked when a question is opened); reading the hundred-odd scenarios
still takes a moment, so the answer is kept for the life of the process (the bundled files do not change under a
running server).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from solver.base.answers import Answer
from solver.base.exit_codes import ExitCode
from solver.nightcage.model.rulebook import SECTIONS, section
from solver.nightcage.model.ruling_words import SECTION_WORDS, WORDS
from solver.nightcage.present.gallery import KINDS, bundled_root, gallery, solvable, topics


def gallery_answer(root: Path | None = None) -> Answer:
    """The gallery of the scenarios under ``root`` (default: the bundled ``scenarios`` folder)."""
    return Answer(ExitCode.OK, _document(str(root or bundled_root())))


@lru_cache(maxsize=4)
def _document(root: str) -> dict[str, Any]:
    entries, notes = gallery(Path(root), readings=False)
    return {
        "kinds": [{"id": kind, "title": title} for kind, title in KINDS],
        "topics": topics(entries),
        "entries": [entry.as_json() for entry in entries],
        "rulings": [words.as_json() for words in WORDS.values()],
        "sections": [{"key": key, "rule": section(key), "summary": SECTION_WORDS[key]} for key in SECTIONS],
        "endgames": solvable(Path(root)),
        "notes": notes,
    }
