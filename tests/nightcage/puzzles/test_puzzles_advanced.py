"""Advanced end-game puzzles: ``lueur generate --setup advanced`` (issue 13)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from cli.main import cli
from solver.nightcage.endgame.plan import verify
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.tiles import Kind
from solver.nightcage.notation.forms import load_path
from solver.nightcage.puzzles.batch import Options, draw
from solver.nightcage.puzzles.engine_lines import EngineLineSearch, cheapest_ends, line_of_boards
from solver.nightcage.puzzles.layout import candidate
from solver.nightcage.puzzles.study import kernel_of, study
from solver.nightcage.rules.validate import consistency_problems
from solver.nightcage.rules.whole_turns import turn_results


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
            texts = [(out / entry["file"]).read_text() for entry in index["puzzles"]]
            # Seed 0's first advanced puzzle holds a keeper: its one line proven by the kernel's line search (which
            # models keepers since issue 29), its optimum again by the A* planner.
            assert "the A* planner the same optimum" in texts[0]
            assert any(t is not None and t.kind is Kind.KEEPER for t in load_path(str(out / index["puzzles"][0]["file"]))[0].state.tiles)


def _keeper_candidate(index: int):  # type: ignore[no-untyped-def]
    state = draw(0, index, 4, "advanced")
    assert state is not None and kernel_of(state) is not None  # the kernel models keepers (issue 29)
    assert any(t is not None and t.kind is Kind.KEEPER for t in state.tiles)
    return state


def test_a_keeper_puzzle_is_proven_unique_by_the_kernel_and_through_the_rules_engine_alike() -> None:
    state = _keeper_candidate(24)  # seed 0, candidate 24: a keeper on the board
    result = study(state, second=True)  # the kernel's line search, then the A* planner again
    assert result.status == "unique", result.reason
    assert (result.turns, result.nerve, result.lines) == (4, 1, 1)
    assert result.agree is True and result.grade is not None
    # The rules engine's enumeration of whole turns finds the same single line, and nothing wins sooner.
    search = EngineLineSearch()
    lines = search.lines(state, 4, cap=10)
    assert lines == {line_of_boards(verify(state, result.plan), result.plan[-1].nerve)}
    assert search.cost(state, 3) > 1_000


def test_a_keeper_position_with_two_optimal_lines_is_ambiguous() -> None:
    result = study(_keeper_candidate(5))
    assert result.status == "ambiguous" and result.lines == 2


def test_whole_turns_are_enumerated_at_their_cheapest_nerve() -> None:
    # turn_results keeps the first path to each end; the line search needs the cheapest: same ends,
    # and never more Nerve than the first path.
    state = _keeper_candidate(24)
    first = {r.state: r.nerve for r in turn_results(state)}
    cheapest = {e.state: e.nerve for e in cheapest_ends(state)}
    assert first.keys() == cheapest.keys()
    assert all(cheapest[s] <= first[s] for s in first)
