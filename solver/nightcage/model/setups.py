"""Game setups: the box, the standard configurations, difficulty and supreme monsters.

A setup fixes the tile totals of a game (board + pile + discard + start tiles
still in hand = totals, always) and the opening stack laid on top of the pile.

>>> s = Setup()
>>> counts.total(s.totals()), s.size, s.prisoners
(78, 6, 4)
>>> [counts.total(layer) for layer in s.pile_layers()]
[8, 66]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.rulings import DEFAULT_RULINGS, Rulings
from solver.nightcage.model.tiles import TileType

BASES = ("standard", "five", "advanced", "advanced-five")

BOX: Counts = counts.counts_from(
    {
        "start": 5,
        "straight": 10,
        "t": 30,
        "cracked_t": 2,
        "cross": 12,
        "key": 8,
        "gate": 4,
        "wax_eater": 13,
        "keeper": 7,
        "pit_fiend": 3,
        "pathless": 3,
        "omen": 5,
    }
)
METAL_KEYS = 5
MAX_NERVE = 2
MAX_PRISONERS = 5
"""The most prisoners a game has: the box's five start tiles (a custom setup cannot bring more)."""
MAX_TILES_OF_A_TYPE = 999
"""The most tiles of one type a setup, a pile or a discard counts (the box holds 30 of the commonest)."""

_STANDARD = {"start": 4, "straight": 10, "t": 30, "cross": 12, "key": 6, "gate": 4, "wax_eater": 12}
_FIVE = {"start": 5, "straight": 10, "t": 30, "cross": 12, "key": 7, "gate": 4, "wax_eater": 10}
_OPENING_4 = {"t": 4, "cross": 2, "straight": 2}
_OPENING_5 = {"t": 5, "cross": 3, "straight": 2}

DIFFICULTY_KEYS = {"keys": (-1, 2), "gates": (-1, 0), "cracked_t": None, "pit_fiends": (0, 1)}
SUPREME_KEYS = {"pathless": (0, 2, 3), "omens": (0, 2)}


@dataclass(frozen=True)
class Setup:
    """A setup as given (``base`` plus adjustments, or explicit ``counts``)."""

    base: str = "standard"
    difficulty: tuple[tuple[str, Any], ...] = ()
    supreme: tuple[tuple[str, int], ...] = ()
    counts: Counts | None = None
    """Explicit totals, overriding the base (a custom game)."""
    rulings: Rulings = field(default=DEFAULT_RULINGS, compare=False, repr=False)

    @property
    def five(self) -> bool:
        return self.base in ("five", "advanced-five")

    @property
    def advanced(self) -> bool:
        return self.base.startswith("advanced")

    @property
    def size(self) -> int:
        return 7 if self.five else 6

    @property
    def prisoners(self) -> int:
        return 5 if self.five else 4

    def totals(self) -> Counts:
        """Every tile of this game, start tiles included."""
        if self.counts is not None:
            return self.counts
        return counts.add(self._base_totals(), self._adjustments())

    def pile_layers(self) -> tuple[Counts, Counts]:
        """The opening stack (top) and the shuffled rest of the draw pile at the start."""
        opening = counts.counts_from(_OPENING_5 if self.five else _OPENING_4)
        start = counts.counts_from({"start": counts.get(self.totals(), TileType.START)})
        rest = counts.sub(counts.sub(self.totals(), start), opening)
        return opening, rest

    def as_json(self) -> Any:
        """The setup in the position format (a bare name when nothing is adjusted)."""
        if self.counts is None and not self.difficulty and not self.supreme:
            return self.base
        out: dict[str, Any] = {"base": self.base}
        if self.counts is not None:
            out["counts"] = counts.counts_dict(self.counts)
        if self.difficulty:
            out["difficulty"] = dict(self.difficulty)
        if self.supreme:
            out["supreme"] = dict(self.supreme)
        return out

    def _base_totals(self) -> Counts:
        if self.base == "standard":
            return counts.counts_from(_STANDARD)
        if self.base == "five":
            return counts.counts_from(_FIVE)
        table = dict(_FIVE if self.five else _STANDARD)
        table.pop("key")
        table["wax_eater"] = self.rulings.adv_5p_wax if self.five else 4
        table["keeper"] = 7 if self.five else 6
        table["pit_fiend"] = 2
        return counts.counts_from(table)

    def _adjustments(self) -> Counts:
        delta: dict[str, int] = {}
        diff = dict(self.difficulty)
        if diff.get("keys"):
            delta["key"] = diff["keys"]
        if diff.get("gates"):
            delta["gate"] = diff["gates"]
        if diff.get("cracked_t"):
            delta["t"] = -2
            delta["cracked_t"] = 2
        if diff.get("pit_fiends"):
            delta["pit_fiend"] = diff["pit_fiends"]
        for name, n in self.supreme:
            delta["pathless" if name == "pathless" else "omen"] = n
        return counts.counts_from(delta)


def setup_problems(setup: Setup) -> list[str]:
    """What is wrong with a setup's totals against the box (empty when fine)."""
    problems = []
    totals = setup.totals()
    for t, n, box in zip(counts.TILE_TYPES, totals, BOX):
        if n < 0:
            problems.append(f"{t.value}: {n} tiles is negative")
        elif n > box:
            problems.append(f"{t.value}: {n} tiles, but the box holds only {box}")
    if setup.advanced and dict(setup.difficulty).get("keys"):
        problems.append("difficulty.keys: the advanced game has no key tiles (keepers hold the keys)")
    if not setup.advanced and dict(setup.difficulty).get("pit_fiends"):
        problems.append("difficulty.pit_fiends: pit fiends belong to the advanced game")
    return problems
