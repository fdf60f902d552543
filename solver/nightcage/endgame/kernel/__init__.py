"""Final Flickers kernel: an exact, fast successor generator for the end-game.

When the pile is empty (rules §7, Dernières Lueurs) the game is deterministic:
a turn is the active prisoner's choices alone. The planners explore that game
tree, so they need a successor function far faster than the rules engine's
step queue. This package is an independent implementation of the same rules
for turn-start positions (``state.pending is None``, pile empty) of the
standard pieces (start, straight, T and cracked T, cross, key, gate,
wax eater, pit), keepers and the pathless (:mod:`~solver.nightcage.endgame.kernel.advanced`),
checked against :mod:`solver.nightcage.rules.engine` by
``tests/nightcage/endgame/test_endgame.py``. It imports nothing but :mod:`solver.nightcage.model` and :mod:`solver.base`.

Callers import the package (``from solver.nightcage.endgame import kernel as eg``) and use
the names below; the modules, by concern:

* :mod:`~solver.nightcage.endgame.kernel.layout`: the position ``K``, a tuple (hashable,
  cheap to copy) of an interned :class:`Context`, the turn, ten board masks and
  one int per prisoner; its index constants; the ruling flags.
* :mod:`~solver.nightcage.endgame.kernel.convert`: :func:`from_state` and :func:`to_state`.
  Positions the kernel does not cover raise :class:`~solver.base.errors.NotCovered`.
* :mod:`~solver.nightcage.endgame.kernel.board`: the outcome, sight lines and attacks,
  and the updates of the board and prisoner tuples.
* :mod:`~solver.nightcage.endgame.kernel.turn`: :func:`successors`, every distinct result
  of one whole turn with one action sequence reaching it, enumerated by
  :class:`Turn`, whose parts follow the rules: the main action
  (:mod:`~solver.nightcage.endgame.kernel.turn`), moves, charges and moving again
  (:mod:`~solver.nightcage.endgame.kernel.moves`), the Final Flickers end of the turn
  (:mod:`~solver.nightcage.endgame.kernel.final_flickers`), step 6
  (:mod:`~solver.nightcage.endgame.kernel.lighting`) and key passes
  (:mod:`~solver.nightcage.endgame.kernel.expansion`).

* :mod:`~solver.nightcage.endgame.kernel.compiled`: which kernel runs. :func:`successors` is
  the compiled twin of :func:`~solver.nightcage.endgame.kernel.turn.successors` (a C
  extension, ``csrc/``) when the install built it, else the pure one (``KERNEL``
  says which; ``LUEUR_PURE_KERNEL=1`` forces the pure one).

Speed (``benchmarks/engine_speed.py``): a few hundred thousand successors per
second on one core, about 25 times the rules engine enumerating the same
turns (benchmarks/README.md has the figures).
"""

from __future__ import annotations

from .board import (
    adjacent,
    anyone_fell,
    attack,
    facing,
    is_won,
    line_of_sight,
    lost,
    outcome,
    put_out,
    sight_table,
    watchers,
    won,
)
from .compiled import (
    KERNEL,
    CompiledOracle,
    KernelNotice,
    SearchAnswer,
    compiled_bound,
    compiled_oracle,
    compiled_search,
    successor_map,
    successors,
)
from .convert import from_state, to_state
from .layout import (
    B_CRUMBLING,
    B_FACE_HI,
    B_FACE_LO,
    B_GATE,
    B_KEEPER,
    B_KEYED,
    B_MONSTER,
    B_OPEN_E,
    B_OPEN_N,
    B_OPEN_S,
    B_OPEN_W,
    B_PATHLESS,
    B_PIT,
    B_PRESENT,
    BOARD_MASKS,
    CRUMBLING,
    CTX,
    F_FLICKERS_OCCUPIED,
    F_KEEPER_BACK,
    F_KEEPER_KEY_TILE,
    F_KEEPER_RANGED_OUT,
    F_LOS_END,
    F_MONSTER_REMOVED,
    F_PATHLESS_SIGHT,
    F_RELIGHT_AT_START,
    F_RELIGHT_WITH_ACTIVE,
    F_SAME_GATE_NOT_ADJACENT,
    F_TRIGGER_ORIGIN,
    FACE_HI,
    FACE_LO,
    FALLEN,
    FALLING_FILE,
    FALLING_ROW,
    FLAG_RULINGS,
    GATE,
    KEEPER,
    KEY,
    KEYED,
    LIT,
    MODELLED_KINDS,
    MODELLED_RULINGS,
    MONSTER,
    NERVE_ONE,
    NERVE_SHIFT,
    OPEN_E,
    OPEN_N,
    OPEN_S,
    OPEN_W,
    PATHLESS,
    PIT,
    POS,
    PRESENT,
    PRISONERS,
    SIGHT_CACHE_LIMIT,
    STANDARD_KINDS,
    TURN,
    Context,
    K,
    context,
    nerve_spent,
    ruling_flags,
)
from .turn import Turn

__all__ = [
    "KERNEL",
    "KernelNotice",
    "compiled_bound",
    "compiled_search",
    "compiled_oracle",
    "CompiledOracle",
    "SearchAnswer",
    "nerve_spent",
    "B_CRUMBLING",
    "B_FACE_HI",
    "B_FACE_LO",
    "B_GATE",
    "B_KEEPER",
    "B_KEYED",
    "B_MONSTER",
    "B_PATHLESS",
    "BOARD_MASKS",
    "B_OPEN_E",
    "B_OPEN_N",
    "B_OPEN_S",
    "B_OPEN_W",
    "B_PIT",
    "B_PRESENT",
    "CRUMBLING",
    "CTX",
    "F_FLICKERS_OCCUPIED",
    "F_KEEPER_BACK",
    "F_KEEPER_KEY_TILE",
    "F_KEEPER_RANGED_OUT",
    "F_LOS_END",
    "F_MONSTER_REMOVED",
    "F_PATHLESS_SIGHT",
    "F_RELIGHT_AT_START",
    "F_RELIGHT_WITH_ACTIVE",
    "F_SAME_GATE_NOT_ADJACENT",
    "F_TRIGGER_ORIGIN",
    "FACE_HI",
    "FACE_LO",
    "FALLEN",
    "FALLING_FILE",
    "FALLING_ROW",
    "FLAG_RULINGS",
    "GATE",
    "KEEPER",
    "KEY",
    "KEYED",
    "LIT",
    "MODELLED_KINDS",
    "MODELLED_RULINGS",
    "MONSTER",
    "NERVE_ONE",
    "NERVE_SHIFT",
    "OPEN_E",
    "OPEN_N",
    "OPEN_S",
    "OPEN_W",
    "PATHLESS",
    "PIT",
    "POS",
    "PRESENT",
    "PRISONERS",
    "SIGHT_CACHE_LIMIT",
    "STANDARD_KINDS",
    "TURN",
    "Context",
    "K",
    "Turn",
    "adjacent",
    "anyone_fell",
    "attack",
    "context",
    "facing",
    "from_state",
    "is_won",
    "line_of_sight",
    "lost",
    "outcome",
    "put_out",
    "ruling_flags",
    "sight_table",
    "successor_map",
    "successors",
    "to_state",
    "watchers",
    "won",
]
