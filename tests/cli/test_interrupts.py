"""Stopping the searching commands from outside: Ctrl-C (exit 130), SIGTERM, and a parent killed outright.

Each command runs as a real process on a whole game (long enough never to
finish by itself here); the signal is sent once the search is under way:
for ``analyze``, when its progress line says the hindsight stage started; for
``solve`` and ``hint``, once the process has spent a second of CPU (well past
its start-up); for ``generate`` and a ``solve`` shared out between workers, once
both workers are at work. The waits poll a bounded number of times (a hang
fails): no timing is asserted.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from solver.nightcage.model.newgame import new_game, shuffled
from solver.nightcage.model.setups import Setup
from solver.nightcage.notation.position_json import to_json
from tests.paths import ROOT

PROC = Path("/proc")
pytestmark = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="reads processes from /proc (Linux)")

POLLS = 1_200
"""Polls (0.05 s apart) before the test gives up: a bound against a hang, not a timing under test."""


@pytest.fixture(scope="module")
def unknown_pile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The standard opening, its pile of unknown order: expectimax and hindsight have far too much to do."""
    path = tmp_path_factory.mktemp("games") / "unknown.json"
    path.write_text(json.dumps(to_json(new_game(Setup()))))
    return str(path)


@pytest.fixture(scope="module")
def known_pile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The standard opening with its 74-tile pile in a known order: the exact search runs for minutes."""
    path = tmp_path_factory.mktemp("games") / "known.json"
    path.write_text(json.dumps(to_json(shuffled(new_game(Setup()), random.Random(0)))))
    return str(path)


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "cli", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=as_at_a_terminal)


def as_at_a_terminal() -> None:
    """In the child, before ``lueur`` starts: Ctrl-C delivered as at a terminal. A job started in the background of
    a non-interactive shell (``make test &``) inherits SIGINT ignored, and Python then leaves it ignored, as a
    background job should: the tests would measure the shell's choice, not lueur's handling of Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for(condition: Callable[[], bool], what: str) -> None:
    for _ in range(POLLS):
        if condition():
            return
        time.sleep(0.05)
    pytest.fail(f"never happened, after {POLLS:,} polls: {what}")


def cpu_seconds(pid: int) -> float:
    fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    return [int(p) for p in (PROC / str(pid) / "task" / str(pid) / "children").read_text().split()]


def gone(pid: int) -> bool:
    """Ended (a zombie waiting for whoever adopted it to reap it counts as ended)."""
    try:
        status = (PROC / str(pid) / "status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status or "\nState:\tX" in status


def analyze_in_hindsight(position: str) -> tuple[subprocess.Popen[str], list[int]]:
    """``lueur analyze`` with two workers, once its hindsight stage is under way; and its workers."""
    process = start("analyze", position, "--playouts", "10", "--workers", "2", "--orders", "40", "--order-nodes", "100000000",
                    "--order-time", "1000", "--progress-every", "0.05")
    assert process.stderr is not None
    for line in process.stderr:
        if line.startswith("analyze: hindsight"):
            break
    else:
        pytest.fail(f"no hindsight progress line; exit {process.wait()}")
    workers = children(process.pid)
    assert len(workers) == 2
    return process, workers


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, err = process.communicate(timeout=POLLS * 0.05)
    return process.returncode, err


def test_ctrl_c_stops_analyze_during_hindsight_and_its_workers(unknown_pile: str) -> None:
    process, workers = analyze_in_hindsight(unknown_pile)
    process.send_signal(signal.SIGINT)
    code, err = finish(process)
    assert code == 130 and "lueur: interrupted" in err
    wait_for(lambda: all(gone(w) for w in workers), "the workers to end")


def test_sigterm_stops_analyze_and_its_workers(unknown_pile: str) -> None:
    process, workers = analyze_in_hindsight(unknown_pile)
    process.terminate()
    code, err = finish(process)
    assert code == 128 + signal.SIGTERM and err.strip().splitlines()[-1] == "lueur: terminated"
    wait_for(lambda: all(gone(w) for w in workers), "the workers to end")


def test_workers_end_when_analyze_is_killed_outright(unknown_pile: str) -> None:
    process, workers = analyze_in_hindsight(unknown_pile)
    process.kill()  # no chance to clean up: the workers notice their parent is gone
    process.communicate(timeout=POLLS * 0.05)
    try:
        wait_for(lambda: all(gone(w) for w in workers), "the orphaned workers to end")
    finally:
        for w in workers:  # never leave them behind, even when the test fails
            if not gone(w):
                os.kill(w, signal.SIGKILL)


@pytest.mark.parametrize("command", [["solve", "--time-limit", "600"], ["hint", "--time-limit", "600"]], ids=["solve", "hint"])
def test_ctrl_c_stops_a_long_search_with_exit_130(command: list[str], known_pile: str) -> None:
    process = start(command[0], known_pile, *command[1:])
    wait_for(lambda: process.poll() is not None or cpu_seconds(process.pid) > 1.0, "the search to be under way")
    assert process.poll() is None, "the search ended by itself"
    process.send_signal(signal.SIGINT)
    code, err = finish(process)
    assert code == 130 and err.strip().splitlines()[-1] == "lueur: interrupted"


# -- generate (issue 24, item 4): its workers end with it, however it ends ---------------------------


def generating(tmp_path: Path) -> tuple[subprocess.Popen[str], list[int]]:
    """``lueur generate`` with two workers, once both are at work; and its workers."""
    process = start("generate", "--count", "50", "--workers", "2", "--no-progress", "-o", str(tmp_path / "puzzles"))
    wait_for(lambda: process.poll() is not None or (len(children(process.pid)) == 2
                                                    and all(cpu_seconds(w) > 0.2 for w in children(process.pid))),
             "the two workers to be at work")
    assert process.poll() is None, process.communicate()
    return process, children(process.pid)


def test_sigterm_stops_generate_and_its_workers_and_keeps_the_index(tmp_path: Path) -> None:
    process, workers = generating(tmp_path)
    process.terminate()
    try:
        code, err = finish(process)
        assert code == 128 + signal.SIGTERM and err.strip().splitlines()[-1] == "lueur: terminated"
        wait_for(lambda: all(gone(w) for w in workers), "the workers to end")
    finally:
        for w in workers:  # never leave them behind, even when the test fails
            if not gone(w):
                os.kill(w, signal.SIGKILL)
    assert json.loads((tmp_path / "puzzles" / "index.json").read_text())["generator"]["seed"] == 0


def test_workers_end_when_generate_is_killed_and_a_pipe_reader_sees_the_end(tmp_path: Path) -> None:
    process, workers = generating(tmp_path)
    process.kill()  # no chance to clean up: the workers notice their parent is gone, and let go of the pipe
    try:
        process.communicate(timeout=POLLS * 0.05)  # returns once every holder of stdout and stderr has closed them
        wait_for(lambda: all(gone(w) for w in workers), "the orphaned workers to end")
    finally:
        for w in workers:
            if not gone(w):
                os.kill(w, signal.SIGKILL)


# -- solve on a pile of unknown order: the choices shared out between workers end with it ----------


def solving_shared() -> tuple[subprocess.Popen[str], list[int]]:
    """``lueur solve --workers 2`` on a corpus position far too large for its limits, once both workers are at work."""
    process = start("solve", "benchmarks/chance/0026.json", "--workers", "2", "--max-nodes", "100000000", "--max-positions",
                    "100000000", "--time-limit", "600")
    wait_for(lambda: process.poll() is not None or (len(children(process.pid)) == 2
                                                    and all(cpu_seconds(w) > 0.2 for w in children(process.pid))),
             "the two workers to be at work")
    assert process.poll() is None, process.communicate()
    return process, children(process.pid)


@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
def test_the_workers_of_a_shared_out_solve_end_with_it(how: str) -> None:
    process, workers = solving_shared()
    try:
        if how == "ctrl-c":
            process.send_signal(signal.SIGINT)  # the workers ignore it: the parent ends them
            code, err = finish(process)
            assert code == 130 and err.strip().splitlines()[-1] == "lueur: interrupted"
        else:
            process.kill()  # no chance to clean up: the workers notice their parent is gone
            process.communicate(timeout=POLLS * 0.05)
        wait_for(lambda: all(gone(w) for w in workers), "the workers to end")
    finally:
        for w in workers:  # never leave them behind, even when the test fails
            if not gone(w):
                os.kill(w, signal.SIGKILL)
