"""Where the tests find the repository's files, wherever in tests/ they stand."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root."""
DATA = ROOT / "tests" / "data"
"""The tests' own data files."""


def night_cage_scenarios(under: Path | None = None) -> list[Path]:
    """The Night Cage's TOML scenario files under ``under`` (all of ``scenarios/`` by default), sorted.

    Other games keep TOML files there too; the registry tells each file's game by its own lines, as ``lueur``
    does, so a new game's scenarios never reach the Night Cage's tests.
    """
    from solver.games import game_of_file

    root = under or ROOT / "scenarios"
    return sorted(p for p in root.rglob("*.toml") if game_of_file(str(p)).id == "night-cage")
