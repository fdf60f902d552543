"""How far a search may go: one value for every planner, the hint, the analysis and the engine protocol.

``None`` leaves a limit to the caller's default. The protocol reads these
fields from a request (their ranges are checked there); the command line
builds the same value from its options.
"""

from __future__ import annotations

from dataclasses import dataclass


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


NO_LIMITS = Limits()
"""Every limit left to the callee's defaults."""
