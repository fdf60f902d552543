"""Where the tests find the repository's files, wherever in tests/ they stand."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root."""
DATA = ROOT / "tests" / "data"
"""The tests' own data files."""
