"""Every scenario file is a test: its position is valid (or rejected, when it says so) and its checks hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.base.errors import PositionError
from solver.nightcage.notation.forms import load_text
from tests.paths import ROOT
from tests.scenario_harness import run_check

SCENARIOS = ROOT / "scenarios"
FILES = sorted(p for p in SCENARIOS.rglob("*.toml") if "puzzles" not in p.parts)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_scenario(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    checks = _checks_of(text)
    invalid = [c for c in checks if c.get("valid") is False]
    if invalid:
        with pytest.raises(PositionError) as info:
            load_text(text, str(path))
        messages = " | ".join(str(p) for p in info.value.problems)
        for check in invalid:
            for want in _as_list(check.get("problem", [])):
                assert want in messages, f"{want!r} not among problems: {messages}"
        return
    pos, _ = load_text(text, str(path))
    assert checks, "a scenario states at least one check"
    for i, check in enumerate(checks):
        fails = run_check(pos.state, check)
        assert not fails, f"check {i + 1} ({check.get('note', '')}): " + "; ".join(fails)


def _checks_of(text: str) -> list[dict]:
    import tomllib

    return list(tomllib.loads(text).get("check", []))


def _as_list(value: object) -> list[str]:
    return [value] if isinstance(value, str) else list(value)  # type: ignore[arg-type]
