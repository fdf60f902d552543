"""The CP-SAT time-expanded model of the Final Flickers (rules §3, §4, §5, §6.1-6.4, §7, §8).

One layer per turn ``t = 0..H-1``; the active prisoner of turn ``t`` is fixed,
``(turn + t) mod n``. Inside a turn the model follows the sub-steps of the
engine-checked kernel :mod:`solver.nightcage.endgame.kernel`, which it must agree with exactly:

* pass point 0 (key passes at the main decision), step 1 (stay, move, or
  charge + scramble), pass point 1, steps 2 and 3 (moves bought with Nerve),
  pass points 2 and 3, then the Final Flickers end (discard or hold);
* each step: arrival (a key taken, the win checked), the tile left crumbles,
  monsters trigger (origin sight before the move, destination after the pit),
  chain reactions, hits, attackers removed, darkness, relighting.

Losing choices (jumps, a stay on a crumbling tile, a charge with nowhere to
scramble, discarding an occupied tile) are not offered: a plan never passes
through a loss. The other losses (the last gate, too few keys) only get worse
during a turn, and a win excludes them, so they are checked on each turn start.

Horizon semantics: the model of horizon ``H`` wins in *at most* ``H`` turns.
Exactly one ``win[t,k]`` (the arrival of step ``k`` of turn ``t``) holds; after
it every step is idle (``live`` false) and nothing is checked that a won game
could break. So a model infeasible at ``H`` proves every shorter horizon
infeasible too, and one model answers "is there any win within ``H``".

Tiles never appear in the end-game, only vanish, so each cell's tile is
static: the variables are only whether it is still there (``solid``, or a
``pit`` once it crumbled), its key, and the prisoners' places, candles, keys
and Nerve. Sight lines are static rays along which present tiles must chain.

A literal is a CP-SAT Boolean literal or a Python ``bool`` (a constant); the
small algebra of :class:`~solver.nightcage.endgame.cpsat.lits.Lits` folds constants, so
impossible things (cells a prisoner cannot reach in time, cells no monster
sees) create no variables.

The parts: :mod:`.board` (the static board and its tables), :mod:`.lits`
(the literal algebra), :mod:`.variables` (the variables and the literals the
rules share), one module per rule (:mod:`.keys`, :mod:`.steps`,
:mod:`.attacks`, :mod:`.light`, :mod:`.turn_end`), and here the model
itself: the order in which the rules are added (CP-SAT's search depends on
it), the goal, the objective, hints, and reading a solution.
"""

from __future__ import annotations

from typing import Any

from ortools.sat.python import cp_model

from .board import STEPS, Board, Tables
from .keys import passes
from .light import relight
from .lits import Lit, num, value_of
from .steps import step
from .turn_end import final_flickers, not_lost, spares_in_order, turn_nerve
from .variables import Variables


class FlickersModel(Variables):
    """The model of horizon ``H`` (a win within at most ``H`` turns).

    ``objective`` is ``turns`` (fewest turns, then fewest Nerve) or ``nerve``
    (fewest Nerve, then fewest turns); ``nerve_cap`` bounds the Nerve spent.
    ``goal=False`` leaves out the win requirement and the objective: the model
    is then the relation of ``H`` turns (tests enumerate it against the kernel).
    The variables are those of :class:`~solver.nightcage.endgame.cpsat.variables.Variables`.
    """

    def __init__(
        self, board: Board, tables: Tables, horizon: int, objective: str = "turns", nerve_cap: int | None = None, goal: bool = True
    ) -> None:
        super().__init__(board, tables, horizon, goal)
        self.between_lit: dict[tuple[int, int], Lit] = {}
        self._build(objective, nerve_cap, goal)

    # -- build -----------------------------------------------------------------------------------

    def _build(self, objective: str, nerve_cap: int | None, goal: bool) -> None:
        """The data is ready: the state and constraint blocks turn by turn, the goal, the objective."""
        # The order of variables and constraints steers CP-SAT's search: keep it.
        self._initial_state()
        for t in range(self.horizon):
            self._positions(t)
            # The candles between turns, as a position written there shows them (before any relighting).
            for j in range(self.board.n):
                self.between_lit[(t, j)] = self.lit[(t, 0, j)]
            if self.board.relight_at_start:
                # RULING-RELIGHT-AT-START (§8.2): relit before the first decision, as at step 6b.
                relight(self, t, 0, {j: self.lit[(t, 0, j)] for j in range(self.board.n)})
            passes(self, t, 0)
            for k in STEPS:
                step(self, t, k)
                passes(self, t, k)
            final_flickers(self, t)
            turn_nerve(self, t)
            not_lost(self, t + 1)
            spares_in_order(self, t + 1)
        if goal:
            self._goal()
            self._objective(objective, nerve_cap)

    def _initial_state(self) -> None:
        """Turn 0 starts from the position given: constants."""
        b = self.board
        for j, c in enumerate(b.start):
            self.at[(0, j, c)] = True
            self.at_cells[(0, j)] = [c]
            self.key[(0, 0, j)] = b.key[j]
            self.lit[(0, 0, j)] = b.lit[j]
            self.nerve[(0, j)] = b.nerve[j]
        for c in b.cells:
            self.solid[(0, 0, c)] = c not in b.pits
            self.pit[(0, 0, c)] = c in b.pits
            if c in b.keyed:
                self.keyed[(0, 0, c)] = True
        self.live[(0, 1)] = True

    def _positions(self, t: int) -> None:
        """Turn-start places (§2): one cell each, only cells from which a win is still in time."""
        b, lits = self.board, self.lits
        for j in range(b.n):
            allowed = self.domain(t, j, 0)
            for c in self.at_cells[(t, j)]:
                if c not in allowed:
                    lits.clause([lits.not_(self.at[(t, j, c)])])
                    self.at[(t, j, c)] = False
            self.at_cells[(t, j)] = [c for c in self.at_cells[(t, j)] if c in allowed]
        if t > 0:
            # The prisoner who moved last turn (the others' places are last turn's literals).
            j = b.active(t - 1)
            self.model.add_exactly_one([self.at[(t, j, c)] for c in self.at_cells[(t, j)]])
        a = b.active(t)
        self.pos_cells[(t, 0)] = list(self.at_cells[(t, a)])
        for c in self.at_cells[(t, a)]:
            self.pos[(t, 0, c)] = self.at[(t, a, c)]

    # -- goal and objective ------------------------------------------------------------------------

    def _goal(self) -> None:
        """The plan wins at exactly one arrival within the horizon."""
        wins = {key: v for key, v in self.win.items() if v is not False}
        self.model.add(sum(num(v) for v in wins.values()) == 1)
        self.turns_expr = sum((t + 1) * num(v) for (t, _), v in wins.items())
        self.nerve_expr = sum(self.spent[t] for t in range(self.horizon))

    def _objective(self, objective: str, nerve_cap: int | None) -> None:
        """Lexicographic: turns then Nerve (``turns``), or Nerve then turns (``nerve``)."""
        if nerve_cap is not None:
            self.model.add(self.nerve_expr <= nerve_cap)
        if objective == "turns":
            self.model.minimize(self.turns_expr * (2 * self.horizon + 1) + self.nerve_expr)
        else:
            self.model.minimize(self.nerve_expr * (self.horizon + 1) + self.turns_expr)

    # -- hints -------------------------------------------------------------------------------------

    def add_hint(self, turns: list[dict[str, Any]]) -> None:
        """Hint a plan's choices (see :func:`solver.nightcage.endgame.cpsat.planner.plan_decisions`): every step, discard and
        hold of its turns, and the places at their starts. A hint guides CP-SAT, it binds nothing."""
        hints: dict[int, tuple[Any, int]] = {}

        def hint(var: Lit, value: bool) -> None:
            if not isinstance(var, bool) and var.index >= 0:
                hints[var.index] = (var, int(value))

        for t, turn in enumerate(turns[: self.horizon]):
            for (tt, *key), var in self.move.items():
                if tt == t:
                    hint(var, tuple(key) in turn["moves"])
            for (tt, *key), var in self.charge.items():
                if tt == t:
                    hint(var, tuple(key) in turn["charges"])
            for (tt, c), var in self.discard.items():
                if tt == t:
                    hint(var, c == turn["discard"])
            hint(self.stay[t], turn["stay"])
            hint(self.hold[t], turn["hold"])
            for j, c in enumerate(turn["at"]):
                hint(self.at.get((t, j, c), False), True)
        for var, value in hints.values():
            self.model.add_hint(var, value)

    # -- reading a solution ------------------------------------------------------------------------

    def win_step(self, solver: cp_model.CpSolver) -> tuple[int, int]:
        """``(turn, step)`` of the winning arrival."""
        return next(key for key, v in self.win.items() if value_of(solver, v))

    def step_action(self, solver: cp_model.CpSolver, t: int, k: int) -> tuple[Any, ...] | None:
        """``("stay",)``, ``("move", c, d)``, ``("charge", c, d, e)`` or None (no step)."""
        if k == 1 and value_of(solver, self.stay[t]):
            return ("stay",)
        for (tt, kk, c, d), v in self.move.items():
            if (tt, kk) == (t, k) and value_of(solver, v):
                return ("move", c, d)
        for (tt, kk, c, d, e), v in self.charge.items():
            if (tt, kk) == (t, k) and value_of(solver, v):
                return ("charge", c, d, e)
        return None

    def final_action(self, solver: cp_model.CpSolver, t: int) -> tuple[Any, ...]:
        """``("discard", c)``, ``("hold",)`` or ``("end",)``."""
        for (tt, c), v in self.discard.items():
            if tt == t and value_of(solver, v):
                return ("discard", c)
        return ("hold",) if value_of(solver, self.hold[t]) else ("end",)

    def keys_at(self, solver: cp_model.CpSolver, t: int, k: int) -> tuple[list[int], tuple[bool, ...], tuple[bool, ...], bool, bool]:
        """At pass point ``k``: the group (active first, then its connected neighbours), its keys
        before and after the passes, whether the tile's key was taken, and whether it is still there."""
        b = self.board
        a = b.active(t)
        group = [a] + [j for j in range(b.n) if j != a and value_of(solver, self.adjacent[(t, k, j)])]
        before = tuple(value_of(solver, self.key[(t, k, j)]) for j in group)
        after = tuple(value_of(solver, self.passed[(t, k, j)]) for j in group)
        took = any(value_of(solver, v) for (tt, kk, _), v in self.take.items() if (tt, kk) == (t, k))
        here = next(c for c in self.pos_cells[(t, k)] if value_of(solver, self.pos[(t, k, c)]))
        return group, before, after, took, value_of(solver, self.kept[(t, k, here)])

    def spent_in(self, solver: cp_model.CpSolver, t: int) -> int:
        return int(solver.value(self.spent[t]))

    def place(self, solver: cp_model.CpSolver, t: int, j: int) -> int:
        """Where prisoner ``j`` stands at the start of turn ``t``."""
        return next(c for c in self.at_cells[(t, j)] if value_of(solver, self.at[(t, j, c)]))


__all__ = ["FlickersModel"]
