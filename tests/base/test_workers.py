"""Worker processes take their work a few chunks at a time: a job of a billion playouts is never built or queued
whole before the first is played (issue 24, item 3)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.control import Control
from solver.base.limits import MAX_PLAYOUTS, Limits
from solver.base.workers import Workers, usable_cpus
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.play.analyze import analyze_position
from tests.paths import DATA


def double(x: int) -> int:
    return 2 * x


class Counted:
    """Chunks ``(0,), (1,), ...``, counting how many were taken; more than ``most`` ahead of the results is a failure."""

    def __init__(self, total: int, most: int) -> None:
        self.total, self.most = total, most
        self.taken = 0
        self.delivered = 0

    def __iter__(self) -> Iterator[tuple[int]]:
        for i in range(self.total):
            if self.taken - self.delivered > self.most:
                raise AssertionError(f"{self.taken} chunks taken while {self.delivered} results were delivered")
            self.taken += 1
            yield (i,)


def test_chunks_are_taken_a_few_ahead_of_the_results() -> None:
    chunks = Counted(total=2_000, most=8)
    with Workers(2) as pool:
        results = []
        for result in pool.stream(double, chunks, ahead=4, tick=0.05):
            chunks.delivered += 1
            results.append(result)
    assert results == [2 * i for i in range(2_000)]


def test_run_gives_the_results_in_order_and_stops_when_told() -> None:
    with Workers(2) as pool:
        assert pool.run(double, [(i,) for i in range(50)], tick=0.05, on_tick=lambda done: None, give_up=lambda: False) == [
            2 * i for i in range(50)]
        assert pool.run(double, iter([(1,), (2,)]), tick=0.05, on_tick=lambda done: None, give_up=lambda: True) == []


def test_analyze_refuses_more_playouts_than_the_bound() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_PLAYOUTS:,}"):
        analyze_position(new_game(Setup()), control=Control(Limits(playouts=MAX_PLAYOUTS + 1)), workers=2)


@pytest.mark.parametrize("command", ["analyze", "hint"])
def test_the_command_line_refuses_more_playouts_than_the_bound(command: str) -> None:
    result = CliRunner().invoke(cli, [command, str(DATA / "format_example.json"), "--playouts", str(10**9)])
    assert result.exit_code == 2
    assert f"1000000000 is not in the range 1<=x<={MAX_PLAYOUTS}" in result.output


def test_the_default_worker_count_is_the_cpus_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """A container or ``taskset`` may give the process fewer CPUs than the machine has: those count."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert usable_cpus() == 1
    monkeypatch.delattr(os, "sched_getaffinity")  # (macOS, Windows: no affinity to ask)
    assert usable_cpus() == 64
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert usable_cpus() == 1
