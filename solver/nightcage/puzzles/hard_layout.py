"""Hard end-game layouts: the candidates of the hard corpus (benchmarks/make_hard_endgames.py).

The easy corpus's layouts (:mod:`solver.nightcage.puzzles.layout`) mostly give boards
of 6 to 11 tiles with the prisoners a few steps from a gate: the search
settles them in a few thousand positions. A hard candidate is laid out the
same way (arms from one or two gates, tiles whose openings join them, key
tiles, wax eaters and pits on the arms, tiles nobody lights discarded), with
what makes a search long:

- two or three long arms (5 to 10 cells), so the prisoners stand far out and
  a win takes many turns, or is lost only once every way back is tried;
- prisoners strung along them (the "chain" style) or scattered over them
  (the "spread" style), none of the "near" style's crowding on the gate;
- more side tiles beside the prisoners (more ways to go, more to discard).

Candidates with fewer than :data:`MIN_TILES` tiles are refused: the hard
corpus holds boards of 12 to 24 tiles. Every draw comes from the generator
given, in a fixed order: the same generator state gives the same candidate.
"""

from __future__ import annotations

import random

from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind
from solver.nightcage.puzzles.layout import _Layout, usable

MIN_TILES, MAX_TILES = 12, 24
"""The tile counts a hard candidate may have."""
HARD_STYLES = {"chain": 1.0, "spread": 1.0}
"""Layouts and their odds (the names of :data:`solver.nightcage.puzzles.layout.STYLES`)."""
ARM_LENGTHS = (5, 10)
"""Shortest and longest arm walked (a walk stops early where it would cross itself)."""


class _HardLayout(_Layout):
    """A :class:`~solver.nightcage.puzzles.layout._Layout` with long arms, its prisoners far out."""

    def build(self) -> bool:
        rng = self.rng
        self.style = rng.choices(list(HARD_STYLES), list(HARD_STYLES.values()))[0]
        self.crowded = rng.random() < 0.5
        gate = rng.randrange(self.geo.cells)
        self.gates.append(gate)
        self.kind[gate] = Kind.GATE
        if rng.random() < 0.25:
            arm = self.walk(gate, rng.randint(2, 4))
            if len(arm) >= 3:
                self.gates.append(arm[-1])
                self.kind[arm[-1]] = Kind.GATE
        for _ in range(rng.randint(2, 3)):
            self.walk(rng.choice(self.gates), rng.randint(*ARM_LENGTHS))
        if self.style == "chain":
            self.place_chain()
        else:
            self.place_prisoners(rng.choice((3, 4, 5, 6)))
        self.decorate_arms()
        if not self.pave():
            return False
        self.add_side_tiles()
        return min(self.left.values()) >= 0


def hard_candidate(rng: random.Random, setup: Setup) -> tuple[GameState, str] | None:
    """A random consistent end-game turn start with long arms (module doc) and its layout's name.

    None when this draw does not give a usable position (tile count out of
    :data:`MIN_TILES`..:data:`MAX_TILES`, a kind ran out, or inconsistent).
    """
    return usable(_HardLayout(rng, setup), MIN_TILES, MAX_TILES)


__all__ = ["ARM_LENGTHS", "HARD_STYLES", "MAX_TILES", "MIN_TILES", "hard_candidate"]
