"""The end-game corpus: its generator (:mod:`solver.nightcage.puzzles.corpus`) and the committed files (benchmarks/endgames).

The generator is checked on a tiny corpus (reproducible, valid, labelled);
the committed corpus is checked file by file (valid Final Flickers turn
starts, the index in step with the files, balanced, every feature present)
and on a sample re-solved by the search.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.search import solve
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import Position, loads
from solver.nightcage.puzzles import corpus, layout
from solver.nightcage.rules.validate import consistency_problems
from tests.paths import ROOT

ENDGAMES = ROOT / "benchmarks" / "endgames"
SMALL = corpus.Budget(max_nodes=300, max_generated=5_000)


@cache
def tiny() -> tuple[corpus.Entry, ...]:
    return tuple(corpus.generate(3, 4, SMALL, max_candidates=12))


@cache
def index() -> list[dict[str, Any]]:
    path = ENDGAMES / corpus.INDEX
    if not path.exists():
        pytest.skip("no corpus: run benchmarks/make_endgames.py")
    return json.loads(path.read_text())


@cache
def position(name: str) -> Position:
    return load_path(ENDGAMES / name)[0]


def assert_end_game(state: Any) -> None:
    """A valid Final Flickers turn start of one of the corpus's two setups."""
    assert consistency_problems(state) == []
    assert state.pile.count == 0 and state.pending is None
    n = len(state.prisoners)
    assert n in corpus.SETUPS and state.setup == corpus.SETUPS[n] and state.size == corpus.SETUPS[n].size
    tiles = sum(1 for t in state.tiles if t is not None)
    assert layout.MIN_TILES <= tiles <= layout.MAX_TILES
    eg.from_state(state)  # the kernel takes it: standard pieces only


# -- the generator ------------------------------------------------------------------------------


def test_same_seed_same_files() -> None:
    first = corpus.files(list(tiny()), 3)
    tiny.cache_clear()
    assert corpus.files(list(tiny()), 3) == first
    assert len(first) == 5 and corpus.INDEX in first


def test_generated_positions_are_labelled_end_games() -> None:
    for entry in tiny():
        assert_end_game(entry.state)
        read = loads(corpus.files([entry], 3)["0001.json"])[0]
        assert read.state == entry.state
        assert read.meta["expected"]["verdict"] == entry.verdict
        if entry.verdict == "win":
            assert entry.turns == len(entry.plan) >= 1


def test_quotas_split_the_corpus_evenly() -> None:
    for count in (4, 10, 240, 241):
        quotas = corpus.quotas_for(count)
        assert sum(quotas.values()) == count
        wins = sum(q for (_, name), q in quotas.items() if name.startswith("win"))
        assert abs(2 * wins - count) <= 2
        four = sum(q for (n, _), q in quotas.items() if n == 4)
        assert abs(2 * four - count) <= 2


def test_a_candidate_is_redrawn_identically() -> None:
    """The committed files come from the candidates their meta names."""
    rows = index()
    for row in rows[:: max(1, len(rows) // 6)]:
        meta = position(row["file"]).meta["generator"]
        drawn = layout.candidate(random.Random(f"{meta['seed']}:{meta['index']}"), corpus.SETUPS[row["prisoners"]])
        assert drawn is not None and drawn[0] == position(row["file"]).state


# -- the committed corpus ------------------------------------------------------------------------


def test_corpus_files_are_valid_end_games() -> None:
    rows = index()
    assert len(rows) >= 240
    names = sorted(p.name for p in ENDGAMES.glob("[0-9][0-9][0-9][0-9].json"))
    assert names == sorted(row["file"] for row in rows)
    for row in rows:
        assert_end_game(position(row["file"]).state)


def test_index_agrees_with_the_files() -> None:
    for row in index():
        pos = position(row["file"])
        meta = pos.meta
        assert row["id"] + ".json" == row["file"]
        assert row["prisoners"] == len(pos.state.prisoners)
        assert row["tiles"] == sum(1 for t in pos.state.tiles if t is not None)
        assert row["features"] == meta["features"] == corpus.features(pos.state) | {
            k: meta["features"][k] for k in ("layout", "lose_kind")
        }
        expected = meta["expected"]
        assert (row["verdict"], row["turns"], row["nerve_spent"]) == (expected["verdict"], expected["turns"], expected["nerve_spent"])
        assert set(meta) == {"title", "generator", "features", "expected"}
        if expected["verdict"] == "win":
            assert len(expected["plan"]) == expected["turns"]


def test_every_position_resolves_to_the_stored_answer() -> None:
    """Every one (a sample let five answers go stale when a ruling was amended; `make_endgames.py --relabel`
    brings the answers up to date)."""
    rows = index()
    for row in rows:
        sol = solve(position(row["file"]).state)
        assert (sol.verdict, sol.turns, sol.nerve_spent) == (row["verdict"], row["turns"], row["nerve_spent"]), row["id"]


def test_corpus_is_balanced() -> None:
    rows = index()
    wins = [r for r in rows if r["verdict"] == "win"]
    assert 0.4 <= len(wins) / len(rows) <= 0.6
    assert {r["verdict"] for r in rows} == {"win", "lose"}
    for n in (4, 5):
        assert sum(r["prisoners"] == n for r in rows) >= len(rows) // 3
    lengths = {min(r["turns"], 10) for r in wins}
    assert lengths == set(range(1, 11))
    assert {r["features"]["lose_kind"] for r in rows if r["verdict"] == "lose"} == set(corpus.LOSE_KINDS)
    tiles = [r["tiles"] for r in rows]
    assert min(tiles) <= 8 and max(tiles) >= 16


def test_corpus_has_every_feature() -> None:
    rows = index()
    present = {
        "wax eater": lambda f: f["wax_eaters"] > 0,
        "prisoner in a wax eater's sight": lambda f: f["watched"] > 0,
        "pit": lambda f: f["pits"] > 0,
        "crumbling tile": lambda f: f["crumbling"] > 0,
        "Lights Out": lambda f: f["lights_out"] > 0,
        "falling": lambda f: f["falling"] > 0,
        "key tile": lambda f: f["key_tiles"] > 0,
        "key held": lambda f: f["keys_held"] > 0,
        "two gates": lambda f: f["gates"] == 2,
        "Nerve 0": lambda f: f["nerve"][0] > 0,
        "Nerve 2": lambda f: f["nerve"][2] > 0,
    }
    for name, test in present.items():
        assert sum(1 for r in rows if test(r["features"])) >= 3, name
    assert all(1 <= r["features"]["gates"] <= 2 for r in rows)
