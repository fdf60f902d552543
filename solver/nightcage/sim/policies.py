"""The simulator's policies: what picks an option at each decision of a rollout.

A policy is an object with ``choose(sim, kind, options) -> index`` (or such a
callable). ``kind`` is the engine's decision name (``start``, ``land``,
``main``, ``extra``, ``again``, ``final``, ``place``, ``swap``, ``block``,
``fall``, ``scramble``, ``dirge``); ``options`` is a list of tuples whose first item is the
verb of the notation (:func:`solver.nightcage.sim.convert.option_action` gives the engine's
:class:`~solver.nightcage.model.actions.Action`). A decision with a single option is taken
without asking. The policy may read ``sim`` but must not change it.
:class:`RandomPolicy` picks uniformly; :class:`GreedyPolicy` is a one-step
heuristic described in its doc.
"""

from __future__ import annotations

import random
from operator import add
from typing import Any, Protocol

from solver.nightcage.sim.position import FELL, GATE, KEY, OPP, ROW, WAX, bits
from solver.nightcage.sim.sim import Sim


class Policy(Protocol):
    def choose(self, sim: Sim, kind: str, options: list[Any]) -> int:
        """The index of the option taken."""
        ...


class RandomPolicy:
    """Uniformly random among the legal options."""

    def __init__(self, rng: random.Random) -> None:
        self.random = rng.random

    def choose(self, sim: Sim, kind: str, options: list[Any]) -> int:
        return int(self.random() * len(options))


# -- the greedy policy ------------------------------------------------------------------------------


class GreedyPolicy:
    """A one-step heuristic: every option gets a score from a few local features; the best
    is taken (ties broken at random). No look-ahead, no copy of the position.

    * **Targets.** The rally gate is the gate on the board nearest (sum of torus
      distances) to the prisoners on the board. A keyless prisoner heads for
      the nearest key tile that still has its key, else the rally gate; one
      holding a key heads for the rally gate; with neither on the board, for
      the nearest other prisoner (keeping the group together).
    * **Moves** (main action, move again, scramble, blind steps): +3 per step
      of distance gained toward the target; +20 onto a key tile when keyless,
      +6 onto the rally gate with a key; -12 into or out of a wax eater's
      sight (moving triggers it); -30 per key tile or gate that would go dark
      (lit by the mover alone); -40 for leaving a key tile whose key is still
      there (it crumbles with it); jumps -100, charges -25.
    * **Stay**: -1 (a pile tile burnt), +1 when it gains Nerve, +6 waiting on
      the rally gate with a key, -100 on a crumbling tile (a fall), -2 when a
      Lights Out prisoner pays for it. So it stays only when no move gains
      ground safely.
    * **Move again** when the best extra move scores 3 or more.
    * **Keys**: always ``take``; give away a key only to step aside for a key
      tile's key (standing on a key tile with its key there); accept a key from a
      neighbour standing on one. No other pass (no pass loops).
    * **Placements**: a key tile next to the keyless prisoner whose turn comes
      first; a gate where the prisoners' summed distance is least; a wax eater
      where its sight holds the fewest prisoners, as far from them as possible;
      other tiles in the rotation (and cell) with the most connections to tiles
      already there. The start tile near the prisoners already placed.
    * **Landing**: the line and cell nearest the target, out of sight.
    * **Block** whenever possible. **Swap** the stay's wax eater onto the tile
      worth least (never a gate or a key tile if avoidable; the fewest prisoners
      in its sight).
    * **The Dirge** where it swallows the fewest prisoners, then the fewest
      key tiles, keepers and gates, then the fewest tiles.
    * **Final Flickers**: discard the tile farthest from every prisoner and the
      rally gate, never one under a prisoner, a gate or a key tile with its key
      if there is another; hold the light instead when every discard hurts.
    """

    def __init__(self, rng: random.Random) -> None:
        self.random = rng.random

    def choose(self, sim: Sim, kind: str, options: list[Any]) -> int:
        ctx = _Context(sim)
        if kind == "start":  # over 100 options: scored all at once
            scores = _start_scores(sim, ctx, options)
        else:
            score = getattr(self, "_" + kind)
            scores = [score(sim, ctx, opt) for opt in options]
        rand = self.random
        noisy = [s + rand() * 0.5 for s in scores]  # the noise breaks ties at random
        return max(range(len(noisy)), key=noisy.__getitem__)  # the first best, as a loop would

    # -- moves ---------------------------------------------------------------------------------------

    def _main(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        v = opt[0]
        if v == "stay":
            return _stay_score(sim, ctx)
        if v == "give" or v == "take":
            return _key_score(sim, ctx, opt)
        return _move_score(sim, ctx, v, opt[1])

    _extra = _main

    def _again(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        v = opt[0]
        if v == "end":
            return 0.0
        if v == "again":
            a = ctx.a
            sim.nerve[a] -= 1  # the options after paying (restored below)
            sim.spent[a] += 1
            try:
                moves = sim.move_options(a, True)
            finally:
                sim.nerve[a] += 1
                sim.spent[a] -= 1
            best = max((_move_score(sim, ctx, m[0], m[1]) for m in moves), default=-1e9)
            return 1.0 if best >= 3 else -1.0
        return _key_score(sim, ctx, opt)

    def _scramble(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        a = ctx.a  # the scrambler is the active prisoner (it charged, stepped or landed)
        if opt[0] != "scramble":  # keys, on a keeper (RULING-KEEPER-KEY-TILE)
            return _key_score(sim, ctx, opt)
        here = sim.pc[a]
        return _step_score(sim, ctx, a, here, sim.tb.nb[here][opt[1]])

    # -- tiles ---------------------------------------------------------------------------------------

    def _place(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        _, c, o, t = opt
        if t == KEY:
            return -float(ctx.key_wait(c))
        if t == GATE:
            return -float(ctx.dist_sum(c))
        if t == WAX:
            seen = ctx.wax_sight(c)
            near = sum(1 for x in ctx.cells if seen >> x & 1)
            return -10.0 * near + 0.2 * ctx.dist_min(c)
        return float(POPCOUNT[o & ctx.facing(c)]) - 0.1 * ctx.dist_min(c)

    def _swap(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        c = opt[1]
        bit = 1 << c
        s = -100.0 if sim.gate & bit or sim.keyed & bit else 0.0
        seen = ctx.wax_sight(c)
        return s - 10.0 * sum(1 for x in ctx.cells if seen >> x & 1)

    def _dirge(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        under = sim.tb.square[opt[1]]
        swallowed = sum(1 for c in ctx.cells if under >> c & 1)
        precious = ((sim.keyed | sim.keeper | sim.gate) & under).bit_count()
        return -50.0 * swallowed - 20.0 * precious - float((sim.present & under).bit_count())

    # -- falls ---------------------------------------------------------------------------------------

    def _fall(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        who = ctx.faller()
        code = sim.pf[who]
        c = code - FELL
        size = sim.tb.size
        line = sim.tb.rows[c // size] if opt[1] == "row" else sim.tb.files[c % size]
        target = ctx.target(who)
        if target < 0:
            return 0.0
        dist, cells = sim.tb.dist, sim.tb.cells
        return -float(min(dist[x * cells + target] for x in line))

    def _land(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        c = opt[1]
        a = ctx.a
        target = ctx.target(a)
        s = -12.0 if ctx.watched() >> c & 1 else 0.0
        if target >= 0:
            s -= 3.0 * sim.tb.dist[c * sim.tb.cells + target]
        return s + float(sum(1 for x in sim.tb.nb[c] if sim.present >> x & 1))

    # -- attacks -------------------------------------------------------------------------------------

    def _block(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        return 1.0 if opt[0] == "block" else 0.0

    # -- Final Flickers ------------------------------------------------------------------------------

    def _final(self, sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
        v = opt[0]
        if v == "hold":
            return -5.0
        if v == "end":
            return 0.0
        if v == "give" or v == "take":
            s = _key_score(sim, ctx, opt)
            return s + 100.0 if s > 0 else s
        c = opt[1]
        bit = 1 << c
        if ctx.occupied & bit:
            return -1000.0
        s = 0.0
        if sim.gate & bit:
            s -= 200.0 if sim.gate == bit or c == ctx.rally else 50.0
        if sim.keyed & bit:
            s -= 200.0 if ctx.spare_keys() <= 0 else 20.0
        if sim.pit & bit:
            s += 2.0
        dist, cells = sim.tb.dist, sim.tb.cells
        marks = ctx.cells + ([ctx.rally] if ctx.rally >= 0 else [])
        return s + float(min((dist[c * cells + x] for x in marks), default=0))


NEVER = -1e9
SIGHT = 6.0
"""The score of an option the greedy policy never takes while it has another."""


class _Context:
    """What several options of one decision share, computed on demand."""

    __slots__ = ("sim", "a", "cells", "occupied", "_rally", "_watched", "_sums", "_mins", "_facing", "_targets", "_others")

    def __init__(self, sim: Sim) -> None:
        self.sim = sim
        self.a = sim.turn
        self.cells = [c for c in sim.pc if c >= 0]
        occ = 0
        for c in self.cells:
            occ |= 1 << c
        self.occupied = occ
        self._rally = -2
        self._watched = -1
        # Per-cell caches: a placement offers several rotations on each cell.
        self._sums: dict[int, int] = {}
        self._mins: dict[int, int] = {}
        self._facing: dict[int, int] = {}
        self._targets: dict[int, int] = {}
        self._others = -1

    def faller(self) -> int:
        """The prisoner choosing its row or column (fell from a cell)."""
        for i, f in enumerate(self.sim.pf):
            if FELL <= f < ROW:
                return i
        return self.a

    @property
    def rally(self) -> int:
        """The gate on the board nearest to the prisoners on it (-1: none)."""
        if self._rally == -2:
            sim = self.sim
            dist, cells = sim.tb.dist, sim.tb.cells
            best, pick = 1 << 30, -1
            for g in bits(sim.gate):
                s = sum(dist[g * cells + x] for x in self.cells)
                if s < best:
                    best, pick = s, g
            self._rally = pick
        return self._rally

    def watched(self) -> int:
        if self._watched < 0:
            self._watched = self.sim.watched()
        return self._watched

    def dist_sum(self, c: int) -> int:
        """The prisoners' summed distance to ``c``."""
        s = self._sums.get(c)
        if s is None:
            dist, row = self.sim.tb.dist, c * self.sim.tb.cells
            s = self._sums[c] = sum(dist[row + x] for x in self.cells)
        return s

    def dist_min(self, c: int) -> int:
        """The distance from ``c`` to the nearest prisoner on the board (0: none)."""
        s = self._mins.get(c)
        if s is None:
            dist, row = self.sim.tb.dist, c * self.sim.tb.cells
            s = self._mins[c] = min((dist[row + x] for x in self.cells), default=0)
        return s

    def facing(self, c: int) -> int:
        """The sides of ``c`` (direction bits) whose neighbour has an opening toward ``c``."""
        f = self._facing.get(c)
        if f is None:
            opn = self.sim.opn
            f = 0
            for d, y in enumerate(self.sim.tb.nb[c]):
                if opn[y] & OPP[d]:
                    f |= 1 << d
            self._facing[c] = f
        return f

    def others_light(self) -> int:
        """What the prisoners other than the active one illuminate (the cell itself when unlit)."""
        if self._others < 0:
            sim = self.sim
            lightm, opn, lit = sim.tb.lightm, sim.opn, sim.lit
            out = 0
            for j, x in enumerate(sim.pc):
                if j != self.a and x >= 0:
                    out |= lightm[x][opn[x]] if lit[j] else 1 << x
            self._others = out
        return self._others

    def target(self, who: int) -> int:
        """:meth:`find_target`, once per prisoner and decision."""
        t = self._targets.get(who)
        if t is None:
            t = self._targets[who] = self.find_target(who)
        return t

    def find_target(self, who: int) -> int:
        """Where the prisoner heads: a key tile (keyless), the rally gate, or the nearest prisoner."""
        sim = self.sim
        here = sim.pc[who]
        dist, cells = sim.tb.dist, sim.tb.cells
        if here < 0:
            here = self.cells[0] if self.cells else 0
        if not sim.key[who] and sim.keyed:
            return min(bits(sim.keyed), key=lambda k: dist[here * cells + k])
        if self.rally >= 0:
            return self.rally
        others = [c for j, c in enumerate(sim.pc) if j != who and c >= 0]
        return min(others, key=lambda c: dist[here * cells + c]) if others else -1

    def key_wait(self, c: int) -> int:
        """Turns until a keyless prisoner next to ``c`` plays (large when none is)."""
        sim = self.sim
        n = sim.n
        best = 100
        between, cells = sim.tb.between, sim.tb.cells
        for i, x in enumerate(sim.pc):
            if x >= 0 and not sim.key[i]:
                d = between[x * cells + c]
                if d >= 0 and sim.opn[x] >> d & 1:  # its passage leads there
                    best = min(best, (i - self.a - 1) % n)
        return best

    def wax_sight(self, c: int) -> int:
        """The sight a wax eater would have on ``c``."""
        sim = self.sim
        old = sim.opn[c]
        sim.opn[c] = 15
        try:
            return sim.sight(c)
        finally:
            sim.opn[c] = old

    def spare_keys(self) -> int:
        """Keys that could be lost without losing the game."""
        sim = self.sim
        return sum(sim.key) + sim.keyed.bit_count() + sim.ksuf[sim.top] - sim.n


POPCOUNT = tuple(o.bit_count() for o in range(16))
"""Openings per mask: ``POPCOUNT[o & ctx.facing(c)]`` counts the connections a tile would make."""


def _start_scores(sim: Sim, ctx: _Context, options: list[Any]) -> list[float]:
    """The start tile near the prisoners already placed, connected to the tiles around.

    The start offers every empty cell in 4 rotations (over 100 options): the
    per-cell figures are computed once and the options scored in one comprehension.
    """
    tb = sim.tb
    cells = tb.cells
    total = [0] * cells
    for x in ctx.cells:  # distances are symmetric: row x holds every cell's distance to x
        total = list(map(add, total, tb.dist[x * cells : (x + 1) * cells]))
    far = [-float(t) for t in total]
    # ctx.facing for every cell at once, from the few tiles on the board.
    facing = [0] * cells
    opn, nb = sim.opn, tb.nb
    for y in bits(sim.present):
        for d in range(4):
            if opn[y] >> d & 1:
                facing[nb[y][d]] |= OPP[d]
    return [far[c] + 0.5 * POPCOUNT[o & facing[c]] for _, c, o in options]


def _stay_score(sim: Sim, ctx: _Context) -> float:
    a = ctx.a
    c = sim.pc[a]
    s = -4.0  # the pile's top tile is burnt: a key in one case out of twelve
    if sim.lit[a]:
        if sim.nerve[a] < 2:
            s += 1.0
    elif any(m[0] != "charge" for m in sim.move_options(a, True)):
        s -= 2.0
    if sim.crumb >> c & 1:
        s -= 100.0
    if sim.key[a] and c == ctx.rally:
        s += 6.0
    return s


def _move_score(sim: Sim, ctx: _Context, verb: str, d: int) -> float:
    a = ctx.a
    here = sim.pc[a]
    if verb == "jump":
        return -100.0
    s = -25.0 if verb == "charge" else 0.0
    return s + _step_score(sim, ctx, a, here, sim.tb.nb[here][d])


def _step_score(sim: Sim, ctx: _Context, a: int, here: int, y: int) -> float:
    """A step from ``here`` to ``y`` (a move, a blind step, a scramble)."""
    dist, cells = sim.tb.dist, sim.tb.cells
    s = 0.0
    target = ctx.target(a)
    if target >= 0:
        s += 3.0 * (dist[here * cells + target] - dist[y * cells + target])
    ybit = 1 << y
    if sim.mon and (ctx.watched() & (ybit | 1 << here)):
        s -= SIGHT
    if sim.keyed & ybit and not sim.key[a]:
        s += 20.0
    if sim.key[a] and y == ctx.rally:
        s += 6.0
    if sim.keyed >> here & 1 and sim.crumb >> here & 1:
        s -= 40.0
    # What only this prisoner lights and would go dark once it has moved.
    others = ctx.others_light()
    mine_after = sim.tb.lightm[y][sim.opn[y]] if sim.lit[a] and sim.present & ybit else ybit
    dark = sim.present & ~others & ~mine_after
    lost = dark & (sim.keyed | sim.gate)
    if lost:
        s -= 30.0 * lost.bit_count()
    # Exploring: empty cells newly lit are filled with drawn tiles (keys and gates show up).
    fresh = mine_after & ~others & ~sim.present
    return s + 0.5 * fresh.bit_count()


def _key_score(sim: Sim, ctx: _Context, opt: tuple[Any, ...]) -> float:
    a = ctx.a
    if opt[0] == "take":
        return 50.0
    giver = opt[1]
    # Only passes that free a key tile's key for the giver; any other could loop forever.
    holding = sim.keyed | sim.keeper  # a keeper too, before the scramble off it
    if giver == a:
        return 40.0 if holding >> sim.pc[a] & 1 else NEVER
    return 10.0 if holding >> sim.pc[giver] & 1 else NEVER
