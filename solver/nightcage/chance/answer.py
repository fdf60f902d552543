"""The answer over a pile of unknown order: its verdict, its exact chance of winning, its report.

Apart from the expectimax that finds it (:mod:`solver.nightcage.chance.expectimax`), so that
what only reads or prints such an answer (``lueur solve`` of a deterministic position, its text)
does not import the search, the simulator and the odds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from solver.base.exit_codes import ExitCode
from solver.nightcage.model.state import GameState


class ChanceVerdict(StrEnum):
    """The answer over a pile of unknown order, playing as well as possible as the draws come."""

    CERTAIN = "certain"
    """Every order of the pile lets them win."""
    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"
    UNKNOWN = "unknown"
    """A limit was reached before an answer."""


@dataclass
class ChanceSolution:
    verdict: ChanceVerdict
    """``certain``, ``possible``, ``impossible`` or ``unknown``."""
    p_win: Fraction | None
    best: list[tuple[str, Fraction]] = field(default_factory=list)
    """The choices of the decision awaited (or the draws), with their value, best first."""
    nodes: int = 0
    seconds: float = 0.0
    reason: str | None = None
    hindsight: Any = None
    """A :class:`solver.nightcage.chance.hindsight.Hindsight` when the orders were solved one by one."""
    bounds: list[tuple[str, Fraction, Fraction]] = field(default_factory=list)
    """Each choice with the interval proven for its value, best first (the fast engine; exact ones have
    ``lo == hi``). A search cut short still proves some: a choice lost, another won at least so often."""
    p_win_lower: Fraction = Fraction(0)
    """A proven lower bound of the position's value (its value when exact)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "p_win": None if self.p_win is None else fraction_text(self.p_win),
            "p_win_float": None if self.p_win is None else float(self.p_win),
            "choices": [{"action": a, "p_win": fraction_text(p), "p_win_float": float(p)} for a, p in self.best],
            "bounds": [{"action": a, "p_win_lower": fraction_text(lo), "p_win_upper": fraction_text(hi)} for a, lo, hi in self.bounds],
            "reason": self.reason,
            "p_win_upper": _maybe_fraction(self.upper()),
            "engine": "expectimax" if self.hindsight is None else "expectimax+hindsight",
            "stats": {"nodes": self.nodes, "seconds": round(self.seconds, 6), "proven_optimal": self.p_win is not None},
        }


    def upper(self) -> Fraction | None:
        """The best proven upper bound short of the exact value: the search's or the hindsight's."""
        if self.p_win is not None:
            return None
        found = [b for b in (self.hindsight.share if self.hindsight is not None else None, self._search_upper()) if b is not None]
        return min(found) if found else None

    def _search_upper(self) -> Fraction | None:
        his = [hi for _, _, hi in self.bounds]
        return max(his) if his and max(his) < 1 else None


def _maybe_fraction(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def fraction_text(value: Fraction) -> str:
    """``3/8``: an exact chance as the answers write it."""
    return f"{value.numerator}/{value.denominator}"


CHANCE_EXIT = {ChanceVerdict.CERTAIN: ExitCode.OK, ChanceVerdict.POSSIBLE: ExitCode.OK, ChanceVerdict.IMPOSSIBLE: ExitCode.NO,
               ChanceVerdict.UNKNOWN: ExitCode.LIMIT}


def is_chance(state: GameState) -> bool:
    """Whether tiles of unknown order are still to be drawn (no deterministic plan exists)."""
    return bool(state.pile.count) and not state.pile.known


@dataclass
class ChanceReport:
    """The expectimax answer for a pile of unknown order, in the output shape of ``solve``."""

    solution: ChanceSolution
    note: str | None = None

    @property
    def exit_code(self) -> ExitCode:
        return CHANCE_EXIT[self.solution.verdict]

    def as_json(self, state: GameState, boards: bool = False) -> dict[str, Any]:
        doc = self.solution.as_json()
        # The deterministic shape's fields, null here: a plan depends on the draws.
        doc = {"verdict": doc.pop("verdict"), "p_win": doc.pop("p_win"), "turns": None, "nerve_spent": None, "plan": [], **doc}
        doc["note"] = self.note
        return doc
