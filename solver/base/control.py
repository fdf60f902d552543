"""How a command is steered while it works: how far it may go, where its progress goes, when to stop early.

Every command that searches or plays takes one :class:`Control` (the keyword
``control``), whichever front end calls it: the command line builds it from
its options (progress on stderr), the engine protocol from a request
(progress as ``info`` lines; a ``cancel`` or the runner's time limit asks it
to stop). So a limit means the same in both, and reaching it gives the same
exit code and the same document.

- ``limits`` (:class:`~solver.base.limits.Limits`): a limit left ``None``
  falls to the command's own default (:meth:`Control.within`). Each command
  says what its ``time_limit`` bounds (the whole command, each engine, each
  decision...); :meth:`Control.deadline` turns it into a point on
  ``time.perf_counter()``'s clock.
- ``progress``: called with partial answers (JSON-ready dicts) while the
  command works, about every ``limits.report_every`` seconds.
- ``should_stop``: polled while the command works; true asks it to finish
  early with what it has (a command that cannot answer without finishing
  says so, exit 3).

>>> control = Control(Limits(time_limit=2.0, seed=7))
>>> control.deadline(started=100.0)
102.0
>>> Control().deadline(started=100.0) is None
True
>>> control.within(Limits(time_limit=10.0, max_nodes=1_000)).limits
Limits(time_limit=2.0, max_nodes=1000, playouts=None, seed=7, report_every=0.25, max_positions=None)
>>> seen: list[dict[str, str]] = []
>>> watched = Control(progress=seen.append, should_stop=lambda: True)
>>> watched.report({"stage": "exact"})
>>> seen, watched.stop_requested(), control.stop_requested()
([{'stage': 'exact'}], True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from solver.base.limits import NO_LIMITS, Limits

Progress = Callable[[dict[str, Any]], None]
"""Takes one partial answer, a JSON-ready dict (the protocol sends it as an ``info`` line)."""

ShouldStop = Callable[[], bool]
"""True when the caller wants the answer now, with what was found so far."""


@dataclass(frozen=True)
class Control:
    limits: Limits = NO_LIMITS
    progress: Progress | None = None
    should_stop: ShouldStop | None = None

    def within(self, defaults: Limits) -> Control:
        """The same control with each limit left ``None`` taken from ``defaults`` (a command's own)."""
        unset = {f.name: getattr(defaults, f.name) for f in fields(Limits) if getattr(self.limits, f.name) is None}
        return replace(self, limits=replace(self.limits, **unset))

    def deadline(self, started: float | None = None) -> float | None:
        """When ``limits.time_limit`` runs out, on ``time.perf_counter()``'s clock, counted from
        ``started`` (now when None); None without a time limit."""
        if self.limits.time_limit is None:
            return None
        return (time.perf_counter() if started is None else started) + self.limits.time_limit

    def report(self, payload: dict[str, Any]) -> None:
        """Send a partial answer (nothing happens without a ``progress``)."""
        if self.progress is not None:
            self.progress(payload)

    def stop_requested(self) -> bool:
        return self.should_stop is not None and self.should_stop()


NO_CONTROL = Control()
"""Every limit left to the command's defaults, no progress, never stopped early."""


def folded(control: Control, limits: Limits | None, progress: Progress | None, should_stop: ShouldStop | None) -> Control:
    """``control`` with the keywords ``limits``, ``progress`` and ``should_stop`` folded in.

    Transitional (issue 23): :mod:`solver.protocol.commands` still passes the
    three keywords to ``solve`` and ``hint``; once it passes one ``control``,
    these keywords and this function go.
    """
    if limits is None and progress is None and should_stop is None:
        return control
    return Control(control.limits if limits is None else limits, progress or control.progress, should_stop or control.should_stop)


__all__ = ["NO_CONTROL", "Control", "Progress", "ShouldStop", "folded"]
