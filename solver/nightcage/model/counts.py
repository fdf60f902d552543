"""Tallies of tile types as fixed-length tuples (hashable, cheap to compare).

>>> c = counts_from({"t": 2, "gate": 1})
>>> counts_dict(c)
{'t': 2, 'gate': 1}
>>> total(c)
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeAlias

from solver.nightcage.model.tiles import NUM_TYPES, TILE_TYPES, TYPE_INDEX, TileType

Counts: TypeAlias = tuple[int, ...]

ZERO: Counts = (0,) * NUM_TYPES


def counts_from(mapping: Mapping[str, int] | Mapping[TileType, int]) -> Counts:
    """Counts from a ``{type name: n}`` mapping (unknown names raise ``KeyError``)."""
    out = [0] * NUM_TYPES
    for key, n in mapping.items():
        out[TYPE_INDEX[TileType(key)]] += n
    return tuple(out)


def counts_of(types: Iterable[TileType]) -> Counts:
    out = [0] * NUM_TYPES
    for t in types:
        out[TYPE_INDEX[t]] += 1
    return tuple(out)


def counts_dict(counts: Counts, keep_zero: bool = False) -> dict[str, int]:
    """``{type name: n}`` in the canonical type order, zeros dropped unless asked."""
    return {t.value: n for t, n in zip(TILE_TYPES, counts) if n or keep_zero}


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


def total(c: Counts) -> int:
    return sum(c)


def get(c: Counts, t: TileType) -> int:
    return c[TYPE_INDEX[t]]


def bump(c: Counts, t: TileType, n: int = 1) -> Counts:
    i = TYPE_INDEX[t]
    return c[:i] + (c[i] + n,) + c[i + 1 :]


def describe(c: Counts) -> str:
    """``"2 t, 1 gate"`` (or ``"nothing"``)."""
    parts = [f"{n} {t.value}" for t, n in zip(TILE_TYPES, c) if n]
    return ", ".join(parts) if parts else "nothing"
