"""The Night Cage's field readers: the base reader (:mod:`solver.base.fields`) and tile tallies."""

from __future__ import annotations

from typing import Any

from solver.base import fields
from solver.nightcage.model.counts import Counts, counts_from
from solver.nightcage.model.setups import MAX_PRISONERS, MAX_TILES_OF_A_TYPE
from solver.nightcage.model.tiles import TileType

TYPE_NAMES = tuple(t.value for t in TileType)
"""The tile types as the formats name them (what the pile, the discard and the setup count)."""


class Reader(fields.Reader):
    """The base reader, with the tallies of tile types the Night Cage's formats count."""

    def counts(self, value: Any, path: str) -> Counts | None:
        """A tally of tile types: an object of ``{type name: n}``."""
        obj = self.object(value, path)
        if obj is None:
            return None
        ok = True
        out: dict[str, int] = {}
        for key, n in obj.items():
            if key not in TYPE_NAMES:
                hint = " (pits are counted as what they were)" if key == "pit" else ""
                self.problem(f"{path}.{key}", f"unknown tile type{hint}; types: {', '.join(TYPE_NAMES)}")
                ok = False
            elif self.integer(n, f"{path}.{key}", 0, MAX_PRISONERS if key == TileType.START else MAX_TILES_OF_A_TYPE) is None:
                ok = False
            else:
                out[key] = n
        return counts_from(out) if ok else None

