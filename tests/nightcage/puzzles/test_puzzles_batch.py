"""The puzzle job: reproducible from a seed whatever the workers and backend, resumable, atomic; the CLI."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from cli.nightcage.generate import generate, grade
from solver.nightcage.notation.forms import dump, load_path, load_text
from solver.nightcage.puzzles.batch import BatchError, Options, examine, run
from solver.nightcage.puzzles.study import study
from tests.paths import ROOT
from tests.scenario_harness import with_rulings

OPTIONS = Options(seed=7)


def _files(directory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(directory.iterdir())}


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four puzzles of seed 7, one worker, in one go."""
    directory = tmp_path_factory.mktemp("reference")
    summary = run(directory, 4, OPTIONS, workers=1)
    assert summary.complete and summary.total == 4
    return directory


def test_each_puzzle_file_is_a_scenario_that_proves_itself(reference: Path) -> None:
    index = json.loads((reference / "index.json").read_text())
    assert [p["file"] for p in index["puzzles"]] == sorted(p.name for p in reference.glob("*.toml"))
    for row in index["puzzles"]:
        text = (reference / row["file"]).read_text(encoding="utf-8")
        pos, _ = load_text(text, row["file"])
        again = study(pos.state, cpsat=True)
        assert again.status == "unique" and again.agree
        assert (again.turns, again.nerve, again.grade.grade) == (row["turns"], row["nerve"], row["grade"])
        assert pos.meta["puzzle"]["candidate"] == row["candidate"]
        assert examine(7, row["candidate"], OPTIONS).study.grade == again.grade
    assert len({p["key"] for p in index["puzzles"]}) == 4


def test_two_workers_write_the_same_bytes(reference: Path, tmp_path: Path) -> None:
    run(tmp_path, 4, OPTIONS, workers=2)
    assert _files(tmp_path) == _files(reference)


def test_an_interrupted_run_resumes_without_duplicates(reference: Path, tmp_path: Path) -> None:
    def stop_after_two(progress) -> None:
        if progress.accepted == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(tmp_path, 4, OPTIONS, workers=1, progress=stop_after_two)
    assert sorted(p.name for p in tmp_path.glob("*.toml")) == sorted(_files(reference))[:2]
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind
    summary = run(tmp_path, 4, OPTIONS, workers=2)
    assert len(summary.written) == 2
    assert _files(tmp_path) == _files(reference)


def test_a_directory_of_another_job_is_refused(reference: Path) -> None:
    with pytest.raises(BatchError, match="another job"):
        run(reference, 5, Options(seed=8), workers=1)


def test_asking_for_a_grade_keeps_only_that_grade(tmp_path: Path) -> None:
    summary = run(tmp_path, 1, Options(seed=7, difficulty="easy"), workers=1)
    assert summary.grades == {"easy": 1}


def test_the_ray_backend_writes_the_same_puzzles(reference: Path, tmp_path: Path, local_ray: Any) -> None:
    run(tmp_path, 2, OPTIONS, workers=1, backend="ray")
    ours = {name: text for name, text in _files(tmp_path).items() if name.endswith(".toml")}
    assert ours == {name: _files(reference)[name] for name in sorted(ours)} and len(ours) == 2


# -- the commands ---------------------------------------------------------------------------------


def _cli() -> click.Group:
    group = click.Group()
    group.add_command(generate)
    group.add_command(grade)
    return group


def test_generate_and_grade_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(_cli(), ["generate", "--count", "2", "--seed", "7", "--workers", "1", "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["total"] == 2 and doc["complete"]
    first = out / doc["written"][0]
    graded = CliRunner().invoke(_cli(), ["grade", str(first), "--cpsat", "--json"])
    assert graded.exit_code == 0, graded.output
    assert json.loads(graded.output)["agree"] is True


@pytest.mark.parametrize(
    "args, message",
    [
        (["generate", "--count", "0", "-o", "x"], "--count"),
        (["generate", "--count", "1", "--difficulty", "fiendish", "-o", "x"], "--difficulty"),
        (["generate", "--count", "1", "--prisoners", "3", "-o", "x"], "--prisoners"),
        (["generate", "--count", "1", "--address", "1.2.3.4:6379", "-o", "x"], "--address needs --backend ray"),
        (["generate", "--count", "1"], "-o"),
        (["grade", "no-such-file.toml"], "cannot read"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(_cli(), [a.replace("x", str(tmp_path / "x")) if a == "x" else a for a in args])
    assert result.exit_code == 2
    assert message in result.output


def test_generate_refuses_a_directory_of_another_job(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(_cli(), ["generate", "--count", "1", "--seed", "7", "--workers", "1", "-o", str(tmp_path)]).exit_code == 0
    result = runner.invoke(_cli(), ["generate", "--count", "1", "--seed", "8", "--workers", "1", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "another job" in result.output


def test_grade_says_when_a_position_is_not_a_puzzle(tmp_path: Path) -> None:
    path = ROOT / "scenarios" / "endgames" / "07-lights-out-must-move.toml"
    result = CliRunner().invoke(_cli(), ["grade", str(path)])
    assert result.exit_code == 1
    assert "a 2-turn win is too short to be a puzzle" in result.output
    # Read without RULING-RELIGHT-AT-START, the same end-game has two optimal 5-turn lines.
    position, _ = load_path(path)
    old_reading = tmp_path / "old-reading.toml"
    old_reading.write_text(dump(with_rulings(position.state, {"RULING-RELIGHT-AT-START": False}), position.meta, "toml"), encoding="utf-8")
    result = CliRunner().invoke(_cli(), ["grade", str(old_reading)])
    assert result.exit_code == 1
    assert "several optimal lines" in result.output


def test_a_puzzle_equivalent_to_one_already_written_is_skipped(reference: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.nightcage.puzzles.batch as batch
    from solver.nightcage.puzzles.symmetry import apply

    first = json.loads((reference / "index.json").read_text())["puzzles"][0]["candidate"]
    real = batch.draw

    def draw(seed: int, index: int, prisoners: int):
        if index == first + 1:  # the next candidate is the first puzzle turned and shifted
            return apply(real(seed, first, prisoners), (1, True, 2, 3))
        return real(seed, index, prisoners)

    monkeypatch.setattr(batch, "draw", draw)
    summary = run(tmp_path, 2, OPTIONS, workers=1)
    assert summary.tally.get("duplicate") == 1
    index = json.loads((tmp_path / "index.json").read_text())
    assert first + 1 not in [p["candidate"] for p in index["puzzles"]]
    assert (tmp_path / index["puzzles"][0]["file"]).read_text() == (reference / index["puzzles"][0]["file"]).read_text()


def test_generate_joins_a_running_ray_cluster_by_its_address(tmp_path: Path, local_ray: Any) -> None:
    """--backend ray --address: another process's Ray instance (the test's) stands in for a cluster's head."""
    command = [sys.executable, "-m", "cli", "generate", "--count", "2", "--seed", "7", "--workers", "1", "--no-progress"]
    local = subprocess.run([*command, "-o", str(tmp_path / "local")], cwd=ROOT, capture_output=True, text=True)
    assert local.returncode == 0, local.stderr
    address = local_ray.get_runtime_context().gcs_address
    joined = subprocess.run([*command, "--backend", "ray", "--address", address, "-o", str(tmp_path / "ray")], cwd=ROOT,
                            capture_output=True, text=True)
    assert joined.returncode == 0, joined.stderr
    puzzles = {name: text for name, text in _files(tmp_path / "ray").items() if name.endswith(".toml")}
    assert len(puzzles) == 2 and puzzles == {n: t for n, t in _files(tmp_path / "local").items() if n.endswith(".toml")}


def test_an_unreachable_ray_address_is_refused_at_once(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(_cli(), ["generate", "--count", "1", "--backend", "ray", "--address", f"127.0.0.1:{port}",
                                         "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and f"cannot join the Ray cluster at 127.0.0.1:{port}" in result.output


def test_generate_stops_at_its_time_limit_keeping_its_index(tmp_path: Path) -> None:
    """A long command honours a time limit (issue 24): past it, generate stops after the candidate under way."""
    out = tmp_path / "timed"
    result = CliRunner().invoke(_cli(), ["generate", "--count", "50", "--workers", "1", "--time-limit", "0.001", "--no-cpsat",
                                         "-o", str(out)])
    assert result.exit_code == 3, result.output
    assert "when the time limit came (run the same command again to resume)" in result.output
    index = json.loads((out / "index.json").read_text())
    assert index["examined"] >= 1 and len(index["puzzles"]) < 50
    summary = run(out, 50, Options(seed=0, cpsat=False), time_limit=0.001)
    assert summary.timed_out and not summary.complete and summary.examined > index["examined"]
