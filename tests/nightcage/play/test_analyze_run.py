"""``lueur analyze`` as a long job: its overall time limit, and its progress lines when stderr is not a terminal."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.control import Control
from solver.base.limits import Limits
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.play.analyze import analyze_position
from tests.paths import ROOT

DRAWN = ROOT / "scenarios" / "chance" / "02-whatever-is-drawn.toml"  # 6 orders, each solved at once
PROGRESS_LINE = re.compile(r"^analyze: (playouts [\d,]+/[\d,]+|hindsight [\d,]+/[\d,]+ orders), \d+ s$")


@pytest.fixture(scope="module")
def opening(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The standard opening: a million playouts take far longer than any limit given here."""
    path = tmp_path_factory.mktemp("games") / "opening.json"
    path.write_text(json.dumps(to_json(new_game(Setup()))))
    return str(path)


def lueur(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_time_limit_cuts_analyze_short_with_what_it_has_and_exit_3(opening: str, workers: str) -> None:
    result = lueur("analyze", opening, "--playouts", "1000000", "--time-limit", "0.5", "--workers", workers, "--no-progress")
    assert result.exit_code == 3
    cut = re.search(r"Cut short: the time limit \(0.5 s\) was reached; the estimate rests on ([\d,]+) of 1,000,000 playouts "
                    r"and 0 of 200 orders\.", result.output)
    assert cut is not None, result.output
    played = int(cut.group(1).replace(",", ""))
    assert 0 < played < 1_000_000 and f"of {cut.group(1)})" in result.output  # the estimate shown rests on them
    assert "Hindsight: not reached before the time limit." in result.output


def test_a_cut_short_analysis_says_so_in_json(opening: str) -> None:
    result = lueur("analyze", opening, "--playouts", "1000000", "--time-limit", "0.5", "--workers", "1", "--json")
    doc = json.loads(result.output)
    assert result.exit_code == 3
    assert doc["cut_short"] == "the time limit (0.5 s) was reached"
    assert doc["asked"] == {"playouts": 1_000_000, "orders": 200}
    assert 0 < doc["policy"]["trials"] < 1_000_000 and doc["hindsight"] is None


def test_an_analysis_within_its_time_limit_is_the_same_as_without() -> None:
    state = load_path(str(DRAWN))[0].state
    plain = analyze_position(state, control=Control(Limits(playouts=300, seed=5)), workers=2, orders=40, order_nodes=1_000,
                             order_time=None)
    timed = analyze_position(state, control=Control(Limits(playouts=300, seed=5, time_limit=600)), workers=2, orders=40,
                             order_nodes=1_000, order_time=None)
    for doc in (one := plain.as_json(), two := timed.as_json()):
        for part in (doc, doc["policy"], doc["hindsight"]):
            del part["seconds"]
    assert one == two and one["cut_short"] is None
    result = lueur("analyze", str(DRAWN), "--playouts", "300", "--time-limit", "600", "--no-progress")
    assert result.exit_code == 0 and "Cut short" not in result.output


def test_progress_goes_to_stderr_as_lines_when_it_is_not_a_terminal() -> None:
    args = [sys.executable, "-m", "cli", "analyze", str(DRAWN), "--playouts", "3000", "--workers", "1"]
    shown = subprocess.run([*args, "--progress-every", "0.001"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert shown.returncode == 0
    lines = shown.stderr.splitlines()
    assert lines and all(PROGRESS_LINE.match(line) for line in lines), shown.stderr
    assert any(line.startswith("analyze: playouts") for line in lines)
    assert "analyze" not in shown.stdout  # the answer alone on stdout
    quiet = subprocess.run([*args, "--no-progress"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert quiet.returncode == 0 and quiet.stderr == ""
