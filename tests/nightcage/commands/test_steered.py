"""The searching commands under one Control: the same answer and exit code from the command line and from a direct
call, a limit reached included; progress reports and stop requests reach each of them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.control import Control
from solver.base.exit_codes import ExitCode
from solver.base.limits import Limits
from solver.nightcage.commands.analyze import STOPPED
from solver.nightcage.commands.analyze import analyze as analyze_command
from solver.nightcage.commands.hint import hint as hint_command
from solver.nightcage.commands.solve import solve as solve_command
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.play.analyze import analyze_position
from tests.paths import ROOT

DRAWN = ROOT / "scenarios" / "chance" / "02-whatever-is-drawn.toml"
SPOKES = ROOT / "scenarios" / "endgames" / "17-five-spokes.toml"


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def timeless(document: Any) -> Any:
    """The document without its durations (``seconds``), which differ from run to run."""
    if isinstance(document, dict):
        return {key: timeless(value) for key, value in document.items() if key != "seconds"}
    if isinstance(document, list):
        return [timeless(value) for value in document]
    return document


def shape(document: Any) -> Any:
    """The document's keys, nested, without the values (a count cut by the clock may be none yet)."""
    if isinstance(document, dict):
        return {key: shape(value) for key, value in document.items()}
    return "value"


@pytest.fixture(scope="module")
def opening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The standard opening: a million playouts take far longer than any limit given here."""
    path = tmp_path_factory.mktemp("games") / "opening.json"
    path.write_text(json.dumps(to_json(new_game(Setup()))))
    return path


def test_analyze_answers_the_same_from_the_command_line_and_a_direct_call() -> None:
    state = load_path(str(DRAWN))[0].state
    answer = analyze_command(state, control=Control(Limits(playouts=300, seed=5)), orders=40, order_nodes=1_000)
    assert answer.exit_code == ExitCode.OK and answer.document["cut_short"] is None
    assert answer.document["hindsight"]["exhaustive"] and answer.document["asked"] == {"playouts": 300, "orders": 6}
    printed = lueur("analyze", str(DRAWN), "--playouts", "300", "--seed", "5", "--orders", "40", "--order-nodes", "1000",
                    "--workers", "2", "--no-progress", "--json")
    assert printed.exit_code == 0 and timeless(json.loads(printed.output)) == timeless(answer.document)
    # The core under the command, called with the same control, gives the same estimate.
    core = analyze_position(state, control=Control(Limits(playouts=300, seed=5)), orders=40, order_nodes=1_000)
    assert timeless(core.as_json()) == timeless(answer.document)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_analysis_past_its_time_limit_exits_3_with_the_same_document_from_the_command_line(opening: Path, workers: int) -> None:
    state = load_path(str(opening))[0].state
    direct = analyze_command(state, control=Control(Limits(playouts=1_000_000, time_limit=0.3)), workers=workers)
    printed = lueur("analyze", str(opening), "--playouts", "1000000", "--time-limit", "0.3", "--workers", str(workers),
                    "--no-progress", "--json")
    document = json.loads(printed.output)
    assert direct.exit_code == printed.exit_code == ExitCode.LIMIT
    assert document["cut_short"] == direct.document["cut_short"] == "the time limit (0.3 s) was reached"
    assert shape(document) == shape(direct.document)
    assert document["asked"] == direct.document["asked"] == {"playouts": 1_000_000, "orders": 200}
    assert direct.document["policy"]["trials"] < 1_000_000 and direct.document["hindsight"] is None


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stop_request_ends_an_analysis_with_what_it_has(opening: Path, workers: int) -> None:
    state = load_path(str(opening))[0].state
    reports: list[dict[str, Any]] = []
    control = Control(Limits(playouts=1_000_000, report_every=0.05), progress=reports.append, should_stop=lambda: len(reports) >= 3)
    answer = analyze_command(state, control=control, workers=workers)
    assert answer.exit_code == ExitCode.LIMIT and answer.document["cut_short"] == STOPPED
    assert answer.document["policy"]["trials"] < 1_000_000
    assert reports[0] == {"stage": "playouts", "done": 0, "total": 1_000_000, "proven": False}
    assert all(r["stage"] == "playouts" and r["total"] == 1_000_000 for r in reports)


def test_solve_at_its_node_limit_answers_the_same_from_the_command_line_and_a_direct_call() -> None:
    state = load_path(str(SPOKES))[0].state
    direct = solve_command(state, control=Control(Limits(max_nodes=1)))
    printed = lueur("solve", str(SPOKES), "--max-nodes", "1", "--json")
    assert direct.exit_code == printed.exit_code == ExitCode.LIMIT
    assert timeless(json.loads(printed.output)) == timeless(direct.document)
    assert direct.document["verdict"] == "unknown"


def test_solve_reports_its_limits_first_then_the_search_and_stops_when_asked() -> None:
    state = load_path(str(SPOKES))[0].state
    reports: list[dict[str, Any]] = []
    answer = solve_command(state, control=Control(Limits(time_limit=60), progress=reports.append, should_stop=lambda: True))
    assert answer.exit_code == ExitCode.LIMIT and answer.document["verdict"] == "unknown"
    # The limits left out are the command's own defaults, and the first report says so; the memory budget is left to
    # the search that runs (its default depends on whether it is compiled), so the report says null.
    assert reports[0] == {"stage": "starting", "planner": "search", "proven": False, "time_limit": 60, "max_nodes": 2_000_000,
                          "max_positions": None}


def test_the_transitional_keywords_steer_solve_as_a_control_does() -> None:
    state = load_path(str(SPOKES))[0].state
    by_keywords = solve_command(state, limits=Limits(max_nodes=1))
    by_control = solve_command(state, control=Control(Limits(max_nodes=1)))
    assert timeless(by_keywords.document) == timeless(by_control.document)


def test_hint_reports_and_stops_through_its_control(opening: Path) -> None:
    state = load_path(str(opening))[0].state
    reports: list[dict[str, Any]] = []
    # A memory budget of 10 positions ends the exact stage at once; the stop then ends the estimate after one playout.
    control = Control(Limits(time_limit=60, max_positions=10), progress=reports.append,
                      should_stop=lambda: any(r["stage"] == "estimate" for r in reports))
    answer = hint_command(state, control=control)
    assert [r["stage"] for r in reports[:2]] == ["exact", "estimate"] and {r["stage"] for r in reports[2:]} <= {"estimate"}
    assert answer.exit_code == ExitCode.OK and not answer.document["proven"]
    assert "stopped on request before the time limit" in answer.document["notes"]
    # One playout in all; the choices not played have no estimate (null).
    assert sum(c["estimate"]["trials"] for c in answer.document["choices"] if c["estimate"] is not None) == 1
