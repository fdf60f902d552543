"""The hard end-game corpus (benchmarks/endgames/hard, issue 15): its generator and its files.

Every file is a valid Final Flickers turn start of 12 to 24 tiles with the
meta the benchmarks read (the answer and the search's effort when it was
made); the generator gives the same corpus for the same seed, whatever the
workers or the label cache; and the cheapest positions (by the positions the
search expanded when the corpus was made) are solved again: the search must
give the recorded answer, and its plan and the recorded one must replay
through the rules engine.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.plan import PlanTurn, verify
from solver.nightcage.endgame.search import solve
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import Position
from solver.nightcage.puzzles import hard_corpus, hard_layout
from solver.nightcage.puzzles.corpus import SETUPS
from solver.nightcage.rules.validate import consistency_problems
from tests.paths import ROOT

HARD = ROOT / "benchmarks" / "endgames" / "hard"
SAMPLE = 10
"""Positions solved again: the cheapest by ``nodes_at_generation``."""
TINY = hard_corpus.HardBudget(min_nodes=30, max_nodes=400)


@cache
def index() -> list[dict[str, Any]]:
    return json.loads((HARD / hard_corpus.INDEX).read_text())


@cache
def position(name: str) -> Position:
    return load_path(HARD / name)[0]


def recorded_plan(expected: dict[str, Any]) -> tuple[PlanTurn, ...]:
    return tuple(PlanTurn(t["prisoner"], tuple(t["actions"])) for t in expected["plan"])


# -- the files -----------------------------------------------------------------------------------


def test_every_file_is_a_hard_end_game_with_its_answer() -> None:
    rows = index()
    assert len(rows) >= 40
    names = sorted(p.name for p in HARD.glob("[0-9][0-9][0-9][0-9].json"))
    assert names == [row["file"] for row in rows]
    for row in rows:
        pos = position(row["file"])
        state, meta = pos.state, pos.meta
        assert consistency_problems(state) == [], row["id"]
        assert state.pile.count == 0 and state.pending is None
        n = len(state.prisoners)
        assert state.setup == SETUPS[n] and state.size == SETUPS[n].size
        tiles = sum(1 for t in state.tiles if t is not None)
        assert hard_layout.MIN_TILES <= tiles <= hard_layout.MAX_TILES
        eg.from_state(state)  # standard pieces only: every planner models it
        assert set(meta) == {"title", "generator", "features", "expected", "nodes_at_generation", "generated_at_generation"}
        gen, expected = meta["generator"], meta["expected"]
        assert gen["min_nodes"] <= meta["nodes_at_generation"] <= gen["max_nodes"]
        assert expected["verdict"] in ("win", "lose")
        if expected["verdict"] == "win":
            assert expected["turns"] == len(expected["plan"]) >= 1 and expected["nerve_spent"] >= 0
        else:
            assert expected["turns"] is None and expected["plan"] == []
        assert (row["prisoners"], row["tiles"], row["verdict"], row["turns"], row["nerve_spent"], row["nodes_at_generation"]) == (
            n, tiles, expected["verdict"], expected["turns"], expected["nerve_spent"], meta["nodes_at_generation"]
        )


def test_every_file_is_the_candidate_its_meta_names() -> None:
    for row in index():
        pos = position(row["file"])
        gen = pos.meta["generator"]
        drawn = hard_corpus.draw(gen["seed"], gen["index"])
        assert drawn is not None and drawn[0] == pos.state, row["id"]


def test_the_corpus_is_mixed() -> None:
    rows = index()
    assert {r["prisoners"] for r in rows} == {4, 5}
    assert {r["verdict"] for r in rows} == {"win", "lose"}
    assert any(r["wax_eaters"] for r in rows) and any(r["pits"] for r in rows)


# -- the generator -----------------------------------------------------------------------------


def test_the_generator_is_deterministic_whatever_the_workers_and_the_cache() -> None:
    labels: list[hard_corpus.HardLabel] = []
    first = hard_corpus.generate(2, 2, TINY, max_candidates=40, on_label=lambda found, _: labels.append(found))
    assert first, "the tiny corpus holds positions"
    files = hard_corpus.files(first, 2, TINY)
    assert hard_corpus.files(hard_corpus.generate(2, 2, TINY, max_candidates=40), 2, TINY) == files
    assert hard_corpus.files(hard_corpus.generate(2, 2, TINY, max_candidates=40, workers=2), 2, TINY) == files
    lines = [json.dumps(found.as_json(2, TINY)) for found in labels]
    cached = hard_corpus.read_cache(lines, 2, TINY)
    assert hard_corpus.files(hard_corpus.generate(2, 2, TINY, max_candidates=40, cache=cached), 2, TINY) == files
    for entry in first:
        assert TINY.min_nodes <= entry.nodes <= TINY.max_nodes


def test_a_cached_label_holds_only_under_a_budget_it_answers() -> None:
    solved = hard_corpus.HardLabel(1, "solved", 500, 900, {"verdict": "lose"})
    dropped = hard_corpus.HardLabel(3, "dropped", 400, 800)
    lines = [json.dumps(solved.as_json(2, TINY)), json.dumps(dropped.as_json(2, TINY))]
    assert set(hard_corpus.read_cache(lines, 2, hard_corpus.HardBudget(30, 1000))) == {1}  # dropped at 400: may settle by 1000
    assert hard_corpus.read_cache(lines, 2, hard_corpus.HardBudget(600, 1000))[1].status == "easy"
    assert set(hard_corpus.read_cache(lines, 2, hard_corpus.HardBudget(30, 300))) == {3}  # 500 nodes: past a cap of 300
    assert hard_corpus.read_cache(lines, 5, TINY) == {}


def test_quotas_split_the_corpus_in_four() -> None:
    for count in (1, 4, 41, 150):
        quotas = hard_corpus.quotas_for(count)
        assert sum(quotas.values()) == count and max(quotas.values()) - min(quotas.values()) <= 1


# -- the search on the cheapest ------------------------------------------------------------------


def cheapest() -> list[str]:
    return [row["file"] for row in sorted(index(), key=lambda r: (r["nodes_at_generation"], r["id"]))[:SAMPLE]]


@pytest.mark.parametrize("name", cheapest())
def test_the_search_gives_the_recorded_answer_and_its_plan_replays(name: str) -> None:
    pos = position(name)
    expected = pos.meta["expected"]
    sol = solve(pos.state)
    assert (str(sol.verdict), sol.turns, sol.nerve_spent) == (expected["verdict"], expected["turns"], expected["nerve_spent"])
    if expected["verdict"] == "win":
        assert len(verify(pos.state, sol.plan)) == expected["turns"] + 1
        assert len(verify(pos.state, recorded_plan(expected))) == expected["turns"] + 1
