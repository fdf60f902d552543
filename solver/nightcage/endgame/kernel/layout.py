"""The kernel position ``K``: its tuple layout, the prisoner int, and the shared :class:`Context`.

``K = (ctx, turn, present, open_n, open_e, open_s, open_w, pit, monster, gate,
key, crumbling, keeper, face_lo, face_hi, pathless, p0, p1, …)`` (hashable, cheap to copy)

* ``ctx`` is an interned :class:`Context` (board size, prisoner names, the
  rulings that matter in the end-game): identical contexts are the same
  object, so comparing and hashing it is one pointer operation.
* the ten board masks have bit ``c`` for cell ``c`` (the numbering of
  :mod:`solver.nightcage.model.grid`): tiles present (pits included), each side's openings,
  pits, monsters (wax eaters, keepers and the pathless), gates, key tiles whose key is
  still there, crumbling tiles; then keepers, the two bits of each keeper's facing (its
  direction index, N 0 to W 3: ``face_lo`` the low bit, ``face_hi`` the high one), and
  the pathless. A keeper always holds its key (taken, it becomes a pit).
* one int per prisoner, in turn order: bits 0-6 its place (a cell < 64;
  ``64 + c`` fell from ``c``; ``113 + r`` / ``120 + f`` falling toward row
  ``r`` / file ``f``), bit 7 lit, bits 8-9 Nerve, bit 10 a key held.

The board alone is the tuple ``b = K[PRESENT:PRISONERS]``, indexed by the
``B_`` constants; the prisoners alone are ``ps = K[PRISONERS:]``.

Tiles never move in the end-game and none is drawn: they are only removed,
flipped into pits, or robbed of their key. So ``K`` names a tile by its
openings and flags, and :func:`~solver.nightcage.endgame.kernel.convert.to_state` takes
the rest (a pit's ``was``, the discard counts, names, setup, rulings) from a
template position the turn started from (or any earlier end-game position of
the same game).
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.model.grid import DIR_LETTER, DIRECTIONS, geometry
from solver.nightcage.model.rulings import (
    FLICKERS_OCCUPIED,
    KEEPER_BACK,
    KEEPER_KEY_TILE,
    KEEPER_RANGED_OUT,
    LOS_END,
    MONSTER_REMOVED,
    PATHLESS_SIGHT,
    RELIGHT_AT_START,
    RELIGHT_WITH_ACTIVE,
    SAME_GATE_NOT_ADJACENT,
    TRIGGER_ORIGIN,
    Rulings,
)
from solver.nightcage.model.tiles import Kind

K = tuple
"""A kernel position (see the module doc)."""

# -- the prisoner int ---------------------------------------------------------------

POS = 0x7F
LIT = 0x80
NERVE_ONE = 0x100
NERVE_SHIFT = 8
KEY = 0x400
FALLEN = 64
"""``FALLEN + c``: fell from cell ``c`` (the row-or-column choice not made)."""
FALLING_ROW = 113
FALLING_FILE = 120

# -- indices into K -------------------------------------------------------------------

CTX, TURN, PRESENT, OPEN_N, OPEN_E, OPEN_S, OPEN_W, PIT, MONSTER, GATE, KEYED, CRUMBLING, KEEPER, FACE_LO, FACE_HI, PATHLESS = range(16)
PRISONERS = 16
"""First prisoner int in K; the board tuple ``b`` is ``K[PRESENT:PRISONERS]``."""

# Indices into the board tuple b = K[PRESENT:PRISONERS] (openings of direction i at b[B_OPEN_N + i]).
(B_PRESENT, B_OPEN_N, B_OPEN_E, B_OPEN_S, B_OPEN_W, B_PIT, B_MONSTER, B_GATE, B_KEYED, B_CRUMBLING, B_KEEPER, B_FACE_LO, B_FACE_HI,
 B_PATHLESS) = range(14)
BOARD_MASKS = 14

STANDARD_KINDS = frozenset({Kind.START, Kind.STRAIGHT, Kind.T, Kind.CROSS, Kind.KEY, Kind.GATE, Kind.WAX_EATER, Kind.PIT})
MODELLED_KINDS = STANDARD_KINDS | {Kind.KEEPER, Kind.PATHLESS}
"""What the kernel plays: the standard pieces, keepers and the pathless (not pit fiends, which never
rest on a board, omens or the Dirge)."""

SIGHT_CACHE_LIMIT = 65_536
"""Boards whose sight lines a context remembers (then it forgets them all)."""


# -- the context --------------------------------------------------------------------------


class Context:
    """What a position does not vary: size, names, rulings, and precomputed tables.

    Contexts are interned (:func:`context`), so identity is equality; pickling
    goes back through :func:`context` to keep that true in another process.
    """

    __slots__ = (
        "size",
        "names",
        "flags",
        "cells",
        "los_end",
        "trigger_origin",
        "monster_removed",
        "relight_with_active",
        "same_gate_adjacent",
        "flickers_occupied",
        "relight_at_start",
        "keeper_ranged_out",
        "keeper_back",
        "pathless_sight",
        "keeper_key_tile",
        "nb",
        "nb_bit",
        "rays",
        "between",
        "discard_text",
        "move_text",
        "jump_text",
        "charge_text",
        "scramble_text",
        "give_to",
        "give_from",
        "back_lines",
        "row_col",
        "take_text",
        "sights",
    )

    def __init__(self, size: int, names: tuple[str, ...], flags: int) -> None:
        geo = geometry(size)
        self.size = size
        self.names = names
        self.flags = flags
        self.cells = geo.cells
        self.los_end = bool(flags & F_LOS_END)
        self.trigger_origin = bool(flags & F_TRIGGER_ORIGIN)
        self.monster_removed = bool(flags & F_MONSTER_REMOVED)
        self.relight_with_active = bool(flags & F_RELIGHT_WITH_ACTIVE)
        self.same_gate_adjacent = not flags & F_SAME_GATE_NOT_ADJACENT
        self.flickers_occupied = bool(flags & F_FLICKERS_OCCUPIED)
        self.relight_at_start = bool(flags & F_RELIGHT_AT_START)
        self.keeper_ranged_out = bool(flags & F_KEEPER_RANGED_OUT)
        self.keeper_back = bool(flags & F_KEEPER_BACK)
        self.pathless_sight = bool(flags & F_PATHLESS_SIGHT)
        self.keeper_key_tile = bool(flags & F_KEEPER_KEY_TILE)
        self.nb = geo.neighbours
        self.nb_bit = tuple(tuple(1 << x for x in row) for row in geo.neighbours)
        # Sight rays as cell bits: the cells met from c in direction i, until just before c again.
        self.rays = tuple(tuple(tuple(1 << x for x in ray) for ray in geo.rays[c]) for c in range(geo.cells))
        self.between = geo.adjacent_direction
        self.discard_text = tuple(f"discard {geo.name(c)}" for c in range(geo.cells))
        letters = [DIR_LETTER[d] for d in DIRECTIONS]
        self.move_text = tuple(f"move {x}" for x in letters)
        self.jump_text = tuple(f"jump {x}" for x in letters)
        self.charge_text = tuple(f"charge {x}" for x in letters)
        self.scramble_text = tuple(f"scramble {x}" for x in letters)
        # The engine writes "give B" when the active prisoner gives, "give A B" otherwise.
        self.give_to = tuple(tuple(f"give {b}" for b in names) for _ in names)
        self.give_from = tuple(tuple(f"give {b} {a}" for b in names) for a in names)
        # back_lines[c][f]: the cells behind a keeper on c facing direction index f (§8.14): going
        # backward, those nearer than going forward round the torus.
        self.back_lines = tuple(tuple(_mask(geo.rays[c][f ^ 2][: (size - 1) // 2]) for f in range(4)) for c in range(geo.cells))
        # row_col[c]: a pathless's reach from c, its whole row and file through anything (itself excluded).
        self.row_col = tuple(_mask(geo.rays[c][1] + geo.rays[c][0]) for c in range(geo.cells))
        self.take_text = "take"
        self.sights: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return context, (self.size, self.names, self.flags)

    def __repr__(self) -> str:
        return f"Context(size={self.size}, names={self.names}, flags={self.flags:#x})"


F_LOS_END = 1
F_TRIGGER_ORIGIN = 2
F_MONSTER_REMOVED = 4
F_RELIGHT_WITH_ACTIVE = 8
F_SAME_GATE_NOT_ADJACENT = 16
F_FLICKERS_OCCUPIED = 32
F_RELIGHT_AT_START = 64
F_KEEPER_RANGED_OUT = 128
F_KEEPER_BACK = 256
F_PATHLESS_SIGHT = 512
F_KEEPER_KEY_TILE = 1024

MODELLED_RULINGS = (
    LOS_END,
    TRIGGER_ORIGIN,
    MONSTER_REMOVED,
    RELIGHT_WITH_ACTIVE,
    SAME_GATE_NOT_ADJACENT,
    FLICKERS_OCCUPIED,
    RELIGHT_AT_START,
    KEEPER_RANGED_OUT,
    KEEPER_BACK,
    PATHLESS_SIGHT,
    KEEPER_KEY_TILE,
)
"""The rulings a Final Flickers turn can depend on: the kernel's flags below, in their order."""

FLAG_RULINGS = (
    (F_LOS_END, "los_end"),
    (F_TRIGGER_ORIGIN, "trigger_origin"),
    (F_MONSTER_REMOVED, "monster_removed"),
    (F_RELIGHT_WITH_ACTIVE, "relight_with_active"),
    (F_SAME_GATE_NOT_ADJACENT, "same_gate_not_adjacent"),
    (F_FLICKERS_OCCUPIED, "flickers_occupied"),
    (F_RELIGHT_AT_START, "relight_at_start"),
    (F_KEEPER_RANGED_OUT, "keeper_ranged_out"),
    (F_KEEPER_BACK, "keeper_back"),
    (F_PATHLESS_SIGHT, "pathless_sight"),
    (F_KEEPER_KEY_TILE, "keeper_key_tile"),
)
"""Each ruling flag and the :class:`~solver.nightcage.model.rulings.Rulings` field it reads.

These are the rulings that can change an end-game turn. The others cannot: no tile is
drawn (FILL-ALL-LIT, STAY-SWAP), nobody lands (LAND-FULL-LINE), no Block is
offered (BLOCK-ANY-TURN), the setup is over (ADV-5P-WAX), the Dirge is not played
(DIRGE-SHAPE), and the only Nerve use left after a
gain is holding the light, barred under both readings of NERVE-AFTER-GAIN.
MONSTER-REMOVED matters only with LOS-END's alternative: whoever lights a wax
eater stands in its sight (its tile opens toward it), so once it attacks that
candle goes out and darkness removes it anyway, unless the line stops before
that prisoner."""

def _mask(cells: tuple[int, ...]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


_CONTEXTS: dict[tuple[int, tuple[str, ...], int], Context] = {}


def context(size: int, names: tuple[str, ...], flags: int) -> Context:
    """The interned context of a board size, prisoner names and ruling flags."""
    key = (size, tuple(names), flags)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = Context(size, tuple(names), flags)
    return ctx


def ruling_flags(rulings: Rulings) -> int:
    """The end-game ruling switches of a position as bits (set = default reading)."""
    return sum(bit for bit, attr in FLAG_RULINGS if getattr(rulings, attr))


def nerve_spent(before: int, after: int, actions: tuple[str, ...]) -> int:
    """Nerve the active prisoner spent in a kernel turn, from its prisoner bits before and after
    the turn (``actions`` is kept for the callers' sake).

    Nerve only rises in a turn by the stay's gain, and no Nerve is spent after a
    gain (both readings of RULING-NERVE-AFTER-GAIN forbid holding; nothing else
    follows a stay), so a rise means none was spent. Whether the stay gains
    (lit) or costs (Lights Out, §8.6) is read from the Nerve itself, not from
    the candle at the turn start: under RULING-RELIGHT-AT-START a prisoner dark
    between turns may be relit before it stays.
    """
    return max(0, ((before >> NERVE_SHIFT) & 3) - ((after >> NERVE_SHIFT) & 3))
