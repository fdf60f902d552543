"""Tile accounting: every tile of the setup is on the board, in hand, in the pile or discarded.

Pure functions on tallies (:mod:`solver.nightcage.model.counts`). What the setup holds less
what is accounted for is what is unaccounted: a positive count is missing, a
negative one is in excess. The position reader derives the pile's contents or
the discard from it and names what a pit of unknown origin was; the
consistency check reports each type that does not add up.

>>> from solver.nightcage.model.counts import counts_dict, counts_from
>>> left = unaccounted(counts_from({"t": 4, "gate": 2}), counts_from({"t": 3}), counts_from({"gate": 3}))
>>> counts_dict(left), counts_dict(excess(left))
({'t': 1, 'gate': -1}, {'gate': 1})
>>> pit_origin(counts_from({"t": 2}), 2)
<TileType.T: 't'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.tiles import TILE_TYPES, Kind, Tile, TileType


def on_board(tiles: Iterable[Tile | None]) -> Counts:
    """Tile types on the board (pits by what they were; pits of unknown origin are not counted)."""
    return counts.counts_of(t.type for t in tiles if t is not None and t.type is not None)


def unknown_pits(tiles: Sequence[Tile | None]) -> list[int]:
    """Cells of the pits that do not say what they were (a pit of the Dirge was no tile of the setup)."""
    return [c for c, t in enumerate(tiles) if t is not None and t.kind is Kind.PIT and t.type is None and not t.dirge]


def in_hand(unplaced: int, drawn: TileType | None) -> Counts:
    """Tiles out of play but not discarded: the start tiles of unplaced prisoners, the tile drawn mid-turn."""
    held = counts.ZERO if drawn is None else counts.counts_of([drawn])
    return counts.bump(held, TileType.START, unplaced)


def unaccounted(totals: Counts, *parts: Counts) -> Counts:
    """The setup's totals less each part, type by type: positive is missing, negative is in excess."""
    for part in parts:
        totals = counts.sub(totals, part)
    return totals


def in_excess(left: Counts) -> bool:
    """Some type is accounted for more often than the setup holds it."""
    return min(left) < 0


def excess(left: Counts) -> Counts:
    """How many tiles of each type are in excess."""
    return tuple(max(0, -n) for n in left)


def explains(left: Counts, pits: int) -> bool:
    """The unaccounted tiles are exactly ``pits`` tiles, none in excess: what the pits of unknown origin were."""
    return not in_excess(left) and counts.total(left) == pits


def pit_origin(left: Counts, pits: int) -> TileType | None:
    """What every pit of unknown origin was, when the unaccounted tiles are that many tiles of one type."""
    missing = [t for t, n in zip(TILE_TYPES, left) if n > 0]
    if explains(left, pits) and len(missing) == 1:
        return missing[0]
    return None


__all__ = ["on_board", "unknown_pits", "in_hand", "unaccounted", "in_excess", "excess", "explains", "pit_origin"]
