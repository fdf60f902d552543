"""One Control per command: the caller's limits over the command's defaults, the deadline, and the transitional keywords."""

from __future__ import annotations

from solver.base.control import NO_CONTROL, Control, folded
from solver.base.limits import Limits


def test_within_fills_only_the_limits_the_caller_left_out() -> None:
    caller = Control(Limits(time_limit=3.0, playouts=None, seed=9, report_every=1.0))
    filled = caller.within(Limits(time_limit=60.0, max_nodes=5, playouts=7, seed=0, report_every=0.25, max_positions=11))
    assert filled.limits == Limits(time_limit=3.0, max_nodes=5, playouts=7, seed=9, report_every=1.0, max_positions=11)
    assert caller.limits.max_nodes is None  # frozen: a new value, the caller's unchanged


def test_the_deadline_counts_from_the_start_given_or_from_now() -> None:
    assert Control(Limits(time_limit=0.5)).deadline(started=10.0) == 10.5
    assert NO_CONTROL.deadline() is None
    now = Control(Limits(time_limit=1_000.0)).deadline()
    assert now is not None and now > Control(Limits(time_limit=1.0)).deadline(started=0.0)


def test_without_progress_or_stop_a_control_reports_nothing_and_never_stops() -> None:
    NO_CONTROL.report({"stage": "anything"})  # no receiver: nothing happens, nothing fails
    assert not NO_CONTROL.stop_requested()


def test_folded_puts_the_keywords_over_the_control() -> None:
    reports: list[dict[str, object]] = []
    base = Control(Limits(seed=1), progress=reports.append)
    assert folded(base, None, None, None) is base
    changed = folded(base, Limits(seed=2), None, lambda: True)
    assert changed.limits.seed == 2 and changed.progress is base.progress and changed.stop_requested()
