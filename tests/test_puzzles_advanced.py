"""Advanced end-game puzzles: ``lueur generate --setup advanced`` (issue 13)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from cli.main import cli
from solver.core.setups import Setup
from solver.core.tiles import Kind
from solver.notation.forms import load_path
from solver.puzzles.batch import Options
from solver.puzzles.layout import candidate
from solver.rules.validate import consistency_problems


def test_advanced_candidates_carry_their_keys_on_keepers() -> None:
    drawn = [candidate(random.Random(f"puzzle:0:{i}"), Setup(base="advanced")) for i in range(60)]
    states = [d[0] for d in drawn if d is not None]
    assert len(states) > 30
    for state in states:
        assert not consistency_problems(state)
        assert not any(t is not None and t.kind is Kind.KEY for t in state.tiles)
    assert any(t is not None and t.kind is Kind.KEEPER for s in states for t in s.tiles)


def test_the_second_proof_is_by_search_where_cpsat_does_not_apply() -> None:
    assert Options(setup="standard", verdict="win").cpsat_proof
    assert not Options(setup="advanced", verdict="win").cpsat_proof
    assert not Options(setup="standard", verdict="lose").cpsat_proof
    # A directory generated before --setup existed resumes: the standard identity is unchanged.
    assert "setup" not in Options().identity() and Options(setup="advanced").identity()["setup"] == "advanced"


def test_generate_advanced_puzzles(tmp_path: Path) -> None:
    for verdict, count in (("win", 2), ("lose", 1)):
        out = tmp_path / verdict
        result = CliRunner().invoke(cli, ["generate", "--count", str(count), "--setup", "advanced", "--verdict", verdict,
                                          "--workers", "1", "--no-progress", "-o", str(out), "--json"])
        assert result.exit_code == 0, result.output
        index = json.loads((out / "index.json").read_text())
        assert index["generator"]["setup"] == "advanced"
        assert len(index["puzzles"]) == count
        for entry in index["puzzles"]:
            assert entry["proofs_agree"] is True
            pos = load_path(str(out / entry["file"]))[0]
            assert pos.state.setup.base == "advanced"
        if verdict == "win":
            text = (out / index["puzzles"][0]["file"]).read_text()
            assert "the A* planner the same optimum" in text
