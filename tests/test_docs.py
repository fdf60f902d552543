"""The documents name modules and files that exist: a path or a dotted name left behind by a move fails here."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "benchmarks" / "README.md"]
REFERENCE = re.compile(r"\bsolver/[\w/]+(?:\.py)?|\bsolver(?:\.\w+)+")


def resolves(reference: str) -> bool:
    """A path from the repository's root, or a dotted module path with attributes after it."""
    if reference.startswith("solver/"):
        return (ROOT / reference).exists()
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(obj, attribute):
                return False
            obj = getattr(obj, attribute)
        return True
    return False


def references(path: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found += [(number, m.group(0).rstrip(".")) for m in REFERENCE.finditer(line)]
    return found


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_a_document_names_exists(document: Path) -> None:
    missing = [f"line {n}: {ref}" for n, ref in references(document) if not resolves(ref)]
    assert missing == []


def test_a_stale_name_is_caught() -> None:
    assert resolves("solver.rules.engine.legal_actions") and resolves("solver/core/state.py")
    assert not resolves("solver.engine.legal_actions") and not resolves("solver/fastgame.py")
