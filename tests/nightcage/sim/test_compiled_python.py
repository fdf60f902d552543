"""The modules compiled by Cython (``setup.py``, ``COMPILED_PYTHON``) and their Python source play the same.

The same seeded rollouts and chance searches run in two processes, one with the builds (when the
install made them) and one with ``LUEUR_PURE_PYTHON=1``: the same results, the same turn counts,
the same values and the same positions searched. And a source edited after its build runs as
source (``solver/base/compiled_python.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from solver.base.compiled_python import SourceWhenNewer
from tests.paths import ROOT

COMPILED = [f"solver.nightcage.sim.{p.stem}" for p in sorted((ROOT / "solver/nightcage/sim").glob("*.py")) if p.stem != "__init__"]
COMPILED += ["solver.nightcage.chance.fastsim", "solver.nightcage.chance.turns"]
"""setup.py's ``COMPILED_PYTHON`` (and the Makefile's), as module names."""

PLAY = """
import importlib, json, random, sys
from solver.base.limits import Limits
from solver.nightcage.chance.expectimax import solve_chance
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import BASES, Setup
from solver.nightcage.notation.forms import load_path
from solver.nightcage.sim.game import rollout
from solver.nightcage.sim.policies import GreedyPolicy, RandomPolicy

modules = sys.argv[1].split(",")
loaded = {m: importlib.import_module(m).__file__.endswith(".py") for m in modules}
games = []
for seed in range(40):
    policy = GreedyPolicy(random.Random(seed)) if seed % 2 else RandomPolicy(random.Random(seed))
    r = rollout(new_game(Setup(base=BASES[seed % 4])), policy, random.Random(100 + seed), record=True)
    games.append([r.result, r.turns, r.decisions, list(r.actions or ())])
searches = []
for path in sys.argv[2:]:
    sol = solve_chance(load_path(path)[0].state, limits=Limits(max_nodes=None, max_positions=None, time_limit=None), hindsight=False)
    searches.append([str(sol.p_win), sol.nodes, [[a, str(lo), str(hi)] for a, lo, hi in sol.bounds]])
print(json.dumps({"source": loaded, "games": games, "searches": searches}))
"""

SEARCHED = [str(ROOT / "scenarios/chance/01-first-tile-decides.toml"), str(ROOT / "scenarios/chance/02-whatever-is-drawn.toml"),
            str(ROOT / "benchmarks/chance/0018.json")]
"""Two scenarios and a corpus position where the turns replayed take most of the time (30,734 positions)."""


def play(pure: bool) -> dict:
    env = {**os.environ, "LUEUR_PURE_PYTHON": "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", PLAY, ",".join(COMPILED), *SEARCHED], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=True)
    result: dict = json.loads(done.stdout)
    return result


def test_the_builds_and_their_source_play_the_same_games_and_searches() -> None:
    built, source = play(pure=False), play(pure=True)
    assert all(source["source"].values()), "LUEUR_PURE_PYTHON=1 must run every module from its source"
    assert built["games"] == source["games"]
    assert built["searches"] == source["searches"]
    assert {game[0] for game in built["games"]} <= {"win", "lose"} and len(built["games"]) == 40
    if all(built["source"].values()):
        pytest.skip("no module was compiled here (no C compiler or no Cython at install): only the source ran")
    assert not any(built["source"].values()), f"some modules run from source though built: {built['source']}"


def test_a_source_newer_than_its_build_runs_as_source(tmp_path: Path) -> None:
    package = tmp_path / "solver" / "demo"
    package.mkdir(parents=True)
    build = package / ("mod" + EXTENSION_SUFFIXES[0])  # as the install names it on this platform
    build.write_bytes(b"")
    source = package / "mod.py"
    source.write_text("VALUE = 1\n")
    finder = SourceWhenNewer(pure=False)
    now = time.time()
    os.utime(build, (now, now))
    os.utime(source, (now - 60, now - 60))
    assert finder.find_spec("solver.demo.mod", [str(package)]) is None  # the build is newer: the usual import
    os.utime(source, (now + 60, now + 60))
    spec = SourceWhenNewer(pure=False).find_spec("solver.demo.mod", [str(package)])
    assert spec is not None and spec.origin == str(source)
    spec = SourceWhenNewer(pure=True).find_spec("solver.demo.mod", [str(package)])
    assert spec is not None and spec.origin == str(source)
    assert SourceWhenNewer(pure=True).find_spec("solver.demo.other", [str(package)]) is None  # no build: not its business
    assert SourceWhenNewer(pure=True).find_spec("elsewhere.mod", [str(package)]) is None  # not a solver module
