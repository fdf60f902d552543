"""Fearsome Floors' hostile input: pawns per player bounded before the work; ``ff.moves`` with its worst case
honours a time limit, cancel and Ctrl-C (issue 24, item 5)."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.exit_codes import ExitCode
from solver.fearsome import commands
from solver.fearsome.analysis.safe_moves import STOPPED_NOTE, TOO_MANY_NOTE, rank_moves
from solver.fearsome.model.setups import MAX_PAWNS_PER_PLAYER
from solver.fearsome.model.state import Position
from solver.fearsome.notation import position_json
from solver.protocol.commands import DEFAULT_TIME_LIMIT, HEAVY
from solver.protocol.requests import parse_request
from solver.protocol.runner import Runner
from tests.paths import ROOT

COLOURS = ["red", "blue", "green", "yellow", "white", "black", "purple"]


def crowded() -> dict[str, Any]:
    """Seven players with four pawns each, all waiting, past the game's first pawn phase: every pawn moves."""
    doc: dict[str, Any] = json.loads((ROOT / "scenarios" / "fearsome" / "basic-start.json").read_text())
    doc = doc.get("position", doc)
    doc["players"] = COLOURS
    doc["pawns"] = [{"id": f"{c}{w}", "colour": c, "white": w} for c in COLOURS for w in (1, 3, 4, 5)]
    doc["tombstones"] = {"round": 1, "drawn": ["5"]}
    doc.pop("turn", None)
    return doc


def crowded_position() -> Position:
    return position_json.read(crowded())


@pytest.mark.parametrize("extra", [1, 60])
def test_more_pawns_than_a_colour_has_are_refused(extra: int) -> None:
    doc = crowded()
    doc["pawns"] += [{"id": f"extra{i}", "colour": "red", "white": 1} for i in range(extra)]
    with pytest.raises(Exception) as caught:
        position_json.read(doc)
    assert [str(p) for p in caught.value.problems] == [  # type: ignore[attr-defined]
        f"pawns: red has {4 + extra} pawns: at most {MAX_PAWNS_PER_PLAYER} (each colour's set in the box)"]


def test_a_stop_asked_leaves_the_worst_case_of_the_moves_not_reached_unscored() -> None:
    asked = []

    def stop() -> bool:
        asked.append(True)
        return len(asked) > 3

    ranking = rank_moves(crowded_position(), worst_case=True, should_stop=stop)
    notes = [move.as_json()["note"] for move in ranking.moves if move.worst is None]
    assert ranking.cut_short and STOPPED_NOTE in notes
    assert set(notes) <= {STOPPED_NOTE, TOO_MANY_NOTE}
    assert any("stopped before every move's worst case was scored" in note for note in ranking.notes)
    assert len(asked) < 50  # it stopped at once, not after every move


def test_the_command_answers_what_it_has_with_exit_3() -> None:
    answer = commands.ff_moves(crowded_position(), worst_case=True, should_stop=lambda: True)
    assert answer.exit_code == ExitCode.LIMIT
    assert answer.document["total"] == len(answer.document["moves"]) > 0


def test_the_protocol_honours_the_time_limit() -> None:
    request = parse_request({"id": "t", "command": "ff.moves", "position": crowded(), "worst_case": True, "time_limit": 0.01})
    finals = run(request)
    assert finals[0]["type"] == "result" and finals[0]["exit_code"] == 3
    assert any("stopped before every move's worst case was scored" in note for note in finals[0]["result"]["notes"])


def test_cancel_stops_it() -> None:
    request = parse_request({"id": "c", "command": "ff.moves", "position": crowded(), "worst_case": True, "time_limit": 600})
    finals = run(request, cancel=True)
    assert finals[0]["stopped"] == "cancelled"


def test_ff_moves_is_a_search_with_a_time_limit() -> None:
    assert "ff.moves" in HEAVY and DEFAULT_TIME_LIMIT["ff.moves"] > 0


def test_the_command_line_takes_a_time_limit(tmp_path: Any) -> None:
    path = tmp_path / "crowded.json"
    path.write_text(json.dumps(crowded()))
    result = CliRunner().invoke(cli, ["ff", "moves", str(path), "--worst-case", "--time-limit", "0.01", "--json"])
    assert result.exit_code == 3, result.output
    assert any("stopped before every move's worst case" in note for note in json.loads(result.stdout)["notes"])


def run(request: Any, cancel: bool = False) -> list[dict[str, Any]]:
    """The request through a runner (in a thread, as ``lueur engine --no-processes`` would); its final lines."""
    runner = Runner(processes=False)
    lines: list[dict[str, Any]] = []
    done = threading.Event()

    def emit(line: dict[str, Any]) -> None:
        lines.append(line)
        if line["type"] in ("result", "error"):
            done.set()

    runner.submit(request, emit)
    if cancel:
        stopping = []
        runner.submit(parse_request({"id": "x", "command": "cancel", "target": request.id}), stopping.append)
        assert stopping[0]["result"]["stopping"] is True
    assert done.wait(300), "no final line: the command did not stop"
    runner.wait()
    return [line for line in lines if line["type"] in ("result", "error")]
