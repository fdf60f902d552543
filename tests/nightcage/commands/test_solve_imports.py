"""``lueur solve`` of a deterministic position starts without the expectimax and the pictures (issue 29).

They are named (``module:attribute``) where the branch that needs them runs; these tests hold each name
to its function, and check in a fresh process that a deterministic solve does not import them while a
pile of unknown order and ``--render`` still reach them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cli.nightcage import pictures
from cli.nightcage import solve as solve_cli
from solver.base.named import load
from solver.nightcage.chance import solving as chance_solving
from solver.nightcage.commands import solve as solve_command

ROOT = Path(__file__).resolve().parents[3]
WIN = ROOT / "benchmarks" / "endgames" / "0005.json"
CHANCE = ROOT / "scenarios" / "chance" / "02-whatever-is-drawn.toml"
HEAVY = ("solver.nightcage.chance.expectimax", "solver.nightcage.chance.fastsim", "solver.nightcage.sim.sim",
         "solver.nightcage.present.frames", "solver.nightcage.present.svg_board", "cli.nightcage.pictures",
         "solver.nightcage.notation.scenario", "tomllib")


def test_the_names_are_the_functions() -> None:
    assert load(solve_command.EXPECTIMAX) is chance_solving.solve_chance_position
    assert load(solve_cli.RENDER_PLAN) is pictures.render_plan


def _solve_and_list_modules(*args: str) -> tuple[int, dict[str, object], list[str]]:
    code = ("import json, sys\nfrom cli.main import cli\n"
            "try:\n    cli(sys.argv[1:], prog_name='lueur')\nexcept SystemExit as stop:\n    code = stop.code\n"
            "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, "solve", *args], capture_output=True, text=True, cwd=ROOT)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], json.loads(done.stdout) if "--json" in args else {}, report["modules"]


def test_a_deterministic_win_is_solved_and_replayed_without_the_expectimax_or_the_pictures() -> None:
    code, document, modules = _solve_and_list_modules(str(WIN), "--json")
    assert code == 0 and document["verdict"] == "win" and document["plan"]
    assert "solver.nightcage.rules.engine" in modules  # the plan is replayed through the rules engine
    assert [m for m in HEAVY if m in modules] == []


def test_a_pile_of_unknown_order_still_reaches_the_expectimax() -> None:
    _, document, modules = _solve_and_list_modules(str(CHANCE), "--json")
    assert document["verdict"] in ("certain", "possible", "impossible")
    assert "solver.nightcage.chance.expectimax" in modules


def test_render_still_draws_the_plan(tmp_path: Path) -> None:
    code, _, modules = _solve_and_list_modules(str(WIN), "--render", str(tmp_path / "plan"))
    assert code == 0 and "cli.nightcage.pictures" in modules
    assert (tmp_path / "plan" / "index.html").exists() and (tmp_path / "plan" / "step-01.svg").exists()
