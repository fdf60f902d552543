"""How far a search may go: one value for every planner, the hint, the analysis and the engine protocol.

``None`` leaves a limit to the caller's default. The protocol reads these
fields from a request (their ranges are checked there); the command line
builds the same value from its options.

A search's memory is bounded by the positions it keeps in its tables
(:class:`PositionBudget`), not by bytes: a count is the same on every
machine, so an answer cut by the budget is cut at the same place every time.

>>> budget = PositionBudget(3)
>>> table: dict[str, int] = {}
>>> budget.keep(table)
>>> table.update(a=1, b=2)
>>> budget.full(), budget.left()
(False, 1)
>>> table["c"] = 3
>>> budget.full(), budget.reason()
(True, 'the memory budget (3 positions kept) was reached')
"""

from __future__ import annotations

from collections.abc import Sized
from dataclasses import dataclass

MAX_PLAYOUTS = 1_000_000
"""The most games an analysis or a hint plays (the command line and the protocol check it before the work):
a million greedy playouts take minutes on two cores and give the chance to a tenth of a percent."""

DEFAULT_MAX_POSITIONS = 500_000
"""Positions a search keeps when the caller does not say. Measured on the biggest
positions (rules-engine positions of a whole game, about 1.5 KB each with the
search's bookkeeping, see docs/planners.md): the process stays near 1 GB."""

DEFAULT_COMPILED_MAX_POSITIONS = 2_000_000
"""Positions the compiled end-game search, and the compiled oracle's memory, keep when the caller does not
say (:func:`compiled_max_positions`). Its table holds a fingerprint and a parent link per position, a few dozen bytes where
a Python search holds kilobytes, so it can keep four times as many within the
same memory: the hardest keeper end-games of ``benchmarks/endgames/keepers`` need
more than 500,000 (the process stays under 400 MB, see benchmarks/README.md). The
same as the protocol's upper bound on ``max_positions``, so a client can ask for it."""


@dataclass(frozen=True)
class Limits:
    time_limit: float | None = None
    """Seconds of work."""
    max_nodes: int | None = None
    """Positions a search may expand."""
    playouts: int | None = None
    """Games played to the end (hints, analyses)."""
    seed: int = 0
    """Seed of every random choice: same seed, same answer."""
    report_every: float = 0.25
    """Seconds between progress reports."""
    max_positions: int | None = None
    """Positions a search may keep in its tables at once: its memory budget."""


NO_LIMITS = Limits()
"""Every limit left to the callee's defaults."""


def max_positions(limits: Limits, default: int = DEFAULT_MAX_POSITIONS) -> int:
    """The memory budget ``limits`` gives (``default`` when it says nothing)."""
    return default if limits.max_positions is None else limits.max_positions


def compiled_max_positions(limits: Limits) -> int:
    """The memory budget ``limits`` gives a compiled table (the end-game search's, the oracle's): the caller's,
    or the larger compiled default when it says nothing.

    >>> compiled_max_positions(NO_LIMITS), compiled_max_positions(Limits(max_positions=1_000))
    (2000000, 1000)
    """
    return max_positions(limits, DEFAULT_COMPILED_MAX_POSITIONS)


class PositionBudget:
    """Positions kept in a search's tables, held to a budget shared by every table registered.

    The searches poll :meth:`full` as they add positions and stop (verdict
    unknown, or :class:`solver.base.errors.LimitReached`) with :meth:`reason`.
    ``None`` is no budget.
    """

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.tables: list[Sized] = []

    def keep(self, *tables: Sized) -> None:
        """Count these tables (dicts, sets) against the budget from now on."""
        self.tables.extend(tables)

    def kept(self) -> int:
        return sum(len(table) for table in self.tables)

    def full(self) -> bool:
        return self.limit is not None and self.kept() >= self.limit

    def left(self) -> int | None:
        """Positions still allowed (for a sub-search with tables of its own), or None without a budget."""
        return None if self.limit is None else max(1, self.limit - self.kept())

    def reason(self) -> str:
        return f"the memory budget ({self.limit:,} positions kept) was reached"
