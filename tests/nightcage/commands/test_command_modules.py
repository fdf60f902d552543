"""The command modules of grade, play, export, generate and review: each answers what the module it calls computes,
and the command line prints that same document with that same exit code."""

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
from solver.nightcage.commands import position as position_commands
from solver.nightcage.commands.export import DOMAIN, PROBLEM, ExportError, export
from solver.nightcage.commands.generate import generate
from solver.nightcage.commands.grade import grade
from solver.nightcage.commands.play import play
from solver.nightcage.commands.review import review
from solver.nightcage.endgame.pddl import export as pddl_task
from solver.nightcage.notation.forms import load_path
from solver.nightcage.play.autoplay import play_game, record_json
from solver.nightcage.play.game_record import read_record
from solver.nightcage.play.review import review as review_game
from solver.nightcage.puzzles.study import study
from tests.paths import ROOT

EASY = ROOT / "scenarios" / "puzzles" / "easy" / "0001-easy.toml"
HOME = ROOT / "scenarios" / "endgames" / "01-one-step-home.toml"
RELAY = ROOT / "scenarios" / "endgames" / "02-relay.toml"
DRAWN = ROOT / "scenarios" / "chance" / "02-whatever-is-drawn.toml"


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_grade_answers_the_study_and_the_command_line_prints_it() -> None:
    state = load_path(str(EASY))[0].state
    answer = grade(state)
    assert answer.exit_code == ExitCode.OK and answer.document == study(state, 200_000).as_json()
    assert answer.document["status"] == "unique" and answer.document["grade"]["grade"] == "easy"
    printed = lueur("grade", str(EASY), "--json")
    assert printed.exit_code == ExitCode.OK and json.loads(printed.output) == answer.document


@pytest.mark.parametrize(("path", "nodes", "code"), [(HOME, 200_000, ExitCode.NO), (EASY, 1, ExitCode.LIMIT)])
def test_grade_exits_1_for_no_puzzle_and_3_out_of_positions_from_both_doors(path: Path, nodes: int, code: ExitCode) -> None:
    answer = grade(load_path(str(path))[0].state, control=Control(Limits(max_nodes=nodes)))
    printed = lueur("grade", str(path), "--max-nodes", str(nodes), "--json")
    assert answer.exit_code == printed.exit_code == code
    assert json.loads(printed.output) == answer.document


def test_play_answers_the_seeded_game_and_its_record() -> None:
    answer = play(policy="greedy", control=Control(Limits(seed=3)))
    game = play_game(3, 4, "greedy")
    assert answer.document == record_json(game) and answer.value.actions == game.actions
    assert answer.exit_code == (ExitCode.OK if game.result == "win" else ExitCode.NO)
    printed = lueur("play", "--seed", "3", "--policy", "greedy", "--json")
    assert printed.exit_code == answer.exit_code and json.loads(printed.output) == answer.document


def test_export_writes_the_pddl_task_and_names_its_files(tmp_path: Path) -> None:
    state = load_path(str(RELAY))[0].state
    answer = export(state, tmp_path / "direct")
    task = pddl_task(state)
    assert (tmp_path / "direct" / DOMAIN).read_text() == task.domain and (tmp_path / "direct" / PROBLEM).read_text() == task.problem
    assert answer.document["domain"] == str(tmp_path / "direct" / DOMAIN) and answer.document["cost"] == "turns"
    printed = lueur("export", str(RELAY), "--pddl", str(tmp_path / "cli"), "--json")
    document = json.loads(printed.output)
    assert printed.exit_code == ExitCode.OK
    assert {**document, "domain": None, "problem": None} == {**answer.document, "domain": None, "problem": None}
    assert (tmp_path / "cli" / DOMAIN).read_text() == task.domain


def test_export_refuses_a_pile_of_unknown_order_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="not a Final Flickers turn start"):
        export(load_path(str(DRAWN))[0].state, tmp_path / "never")
    assert not (tmp_path / "never").exists()


def _files(directory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(directory.glob("*.toml"))}


def test_generate_stops_when_asked_resumes_to_the_same_puzzles_and_answers_as_the_command_line(tmp_path: Path) -> None:
    limits = Limits(seed=5, max_nodes=300)
    stopped = generate(tmp_path / "resumed", 2, control=Control(limits, should_stop=lambda: True))
    assert stopped.exit_code == ExitCode.LIMIT and stopped.document["tried"] == 1 and not stopped.document["complete"]
    reports: list[dict[str, Any]] = []
    resumed = generate(tmp_path / "resumed", 2, control=Control(limits, progress=reports.append))
    assert resumed.exit_code == ExitCode.OK and resumed.document["complete"] and resumed.document["total"] == 2
    assert reports and all(r["stage"] == "puzzles" and r["count"] == 2 for r in reports) and reports[-1]["accepted"] == 2
    printed = lueur("generate", "--count", "2", "--seed", "5", "--max-nodes", "300", "--workers", "1", "--no-progress",
                    "-o", str(tmp_path / "cli"), "--json")
    assert printed.exit_code == ExitCode.OK
    assert _files(tmp_path / "resumed") == _files(tmp_path / "cli") and len(_files(tmp_path / "cli")) == 2
    assert json.loads(printed.output)["written"] == stopped.document["written"] + resumed.document["written"]


def test_review_reads_its_seed_and_oracle_time_from_the_control(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(play(policy="greedy", control=Control(Limits(seed=6))).document))
    position = load_path(str(record))[0]
    answer = review(position, samples=1, control=Control(Limits(seed=2, time_limit=0.5)))
    direct = review_game(read_record(position.state, position.meta), samples=1, seed=2, oracle_seconds=0.5)
    assert answer.exit_code == ExitCode.OK
    assert answer.document["bot"]["seed"] == 2 and answer.document["oracle_seconds"] == 0.5
    assert answer.value.decisions == direct.decisions and answer.document["costliest"] == direct.as_json()["costliest"]


def test_show_and_convert_answer_what_the_command_line_prints() -> None:
    position = load_path(str(RELAY))[0]
    shown = position_commands.show(position, graph=True)
    assert json.loads(lueur("show", str(RELAY), "--graph", "--json").output) == shown.document
    assert {"position", "format", "board", "awaits", "graph"} <= set(shown.document)
    assert position_commands.show(position).value is None and "graph" not in position_commands.show(position).document
    converted = position_commands.convert(position, "line")
    assert lueur("convert", str(RELAY), "--to", "line").output == converted.document["output"].rstrip("\n") + "\n"
