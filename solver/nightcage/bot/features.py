"""What the learned evaluation reads of a position between turns: a short vector of numbers.

:func:`features` describes a simulator position (a turn start, or a turn's end
in the lookahead) by what decides the game, each number scaled to about 0..1:
the keys (needed, held, within reach, spare), the gates and the group's walk to
the nearest, the pile (tiles left, keys and gates in it), the board left for
the Final Flickers, and the setbacks (a wax eater's sight, Lights Out, falls,
Nerve). It reads what players know: the board, the hands and the pile's
*contents*, never its order.

The first three numbers are the logarithms of the hand-made evaluation's
factors (:mod:`solver.nightcage.bot.evaluate`), so a model that weighs them 1, 1, 1 and
the rest 0 is that evaluation; training (:mod:`solver.nightcage.bot.td`) starts
there and moves away only where the games say so.

>>> import random
>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.sim.convert import compile_state
>>> x = features(compile_state(new_game(Setup(), rng=random.Random(0))))
>>> len(x) == len(NAMES), x[NAMES.index("need")], x[NAMES.index("left")]
(True, 1.0, 1.0)
"""

from __future__ import annotations

import math

from solver.nightcage.bot.evaluate import DEFAULT_WEIGHTS, FAR, Weights, at_least, gate_distances
from solver.nightcage.sim.outcome import KEYS_IN
from solver.nightcage.sim.position import GATE, OPP, bits
from solver.nightcage.sim.sim import Sim

NAMES = (
    "log_keys",
    "log_gate",
    "log_setbacks",
    "need",
    "spare",
    "no_spare",
    "near_keys",
    "pile_keys",
    "left",
    "late",
    "board_gates",
    "pile_gates",
    "walk",
    "walk_late",
    "walk_max",
    "all_keyed",
    "all_keyed_walk",
    "all_keyed_late",
    "on_gate",
    "in_sight",
    "lights_out",
    "falling",
    "nerve",
    "spread",
    "board_tiles",
    "monsters",
    "dead_ends",
)
"""The features, in order (the weights file names them too, and must list the same)."""

FLOOR = 1e-4
"""The smallest factor whose logarithm is taken (a factor of 0 would be minus infinity)."""


def features(sim: Sim, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """The feature vector of a position between turns (see the module doc); :data:`NAMES` names it."""
    n = sim.n
    standing = [(i, c) for i, c in enumerate(sim.pc) if c >= 0]
    need = n - sum(sim.key)
    near = board = 0
    for k in bits(sim.keyed):
        if any(not sim.key[i] and (c == k or sim.adjacent(c, k)) for i, c in standing):
            near += 1
        else:
            board += 1
    board += sim.keeper.bit_count()
    pile_keys = sim.ksuf[sim.top] + KEYS_IN[sim.hand]
    keys = 1.0 if need <= 0 else at_least(need, [w.near_key] * near + [w.board_key] * board + [w.pile_key] * pile_keys)
    spare = near + board + pile_keys - need

    npile = sim.npile
    left = (npile - sim.top) / npile if npile else 0.0
    pile_gates = sim.gsuf[sim.top] + (sim.hand == GATE)
    gates = bits(sim.gate)
    walk, walk_max = _best_walk(sim, standing, gates)
    gate = _gate_factor(w, left, pile_gates, gates, walk)
    setbacks, watched_count, spread = _setbacks(sim, w, standing)

    late = 1.0 - left
    walk_scaled = walk / (FAR * n)
    all_keyed = float(need <= 0)
    on_gate = sum(1 for _, c in standing if sim.gate >> c & 1)
    tiles = (sim.present & ~sim.pit).bit_count()
    return [
        math.log(max(keys, FLOOR)),
        math.log(max(gate, FLOOR)),
        math.log(max(setbacks, FLOOR)),
        need / n,
        max(-1.0, min(2.0, spare / n)),
        float(spare <= 0),
        near / n,
        pile_keys / n,
        left,
        late * late,
        min(len(gates), 3) / 2,
        min(pile_gates, 3) / 2,
        walk_scaled,
        walk_scaled * late,
        walk_max / FAR,
        all_keyed,
        all_keyed * walk_scaled,
        all_keyed * late,
        on_gate / n,
        watched_count / n,
        sum(1 for i, _ in standing if not sim.lit[i]) / n,
        (n - len(standing)) / n,
        sum(sim.nerve) / (2 * n),
        spread / (FAR * n),
        tiles / sim.tb.cells,
        sim.mon.bit_count() / 4,
        _dead_ends(sim, standing) / n,
    ]


def _best_walk(sim: Sim, standing: list[tuple[int, int]], gates: list[int]) -> tuple[int, int]:
    """The group's summed walk to its nearest gate (falling prisoners count :data:`FAR`), and the
    longest single walk there; ``FAR`` per prisoner without a gate on the board."""
    n = sim.n
    if not gates:
        return FAR * n, FAR
    drawing = sim.top < sim.npile
    falling = FAR * (n - len(standing))
    best, longest = FAR * n + 1, FAR
    for g in gates:
        d = gate_distances(sim, g, drawing)
        walk = falling + sum(d[c] for _, c in standing)
        if walk < best:
            best = walk
            longest = max((d[c] for _, c in standing), default=FAR)
    return min(best, FAR * n), longest


def _gate_factor(w: Weights, left: float, pile_gates: int, gates: list[int], walk: int) -> float:
    """:func:`solver.nightcage.bot.evaluate._gate` from the best walk already found."""
    if not gates and not pile_gates:
        return 0.0
    best = w.pile_gate * left * (1.0 - 0.5**pile_gates)
    if gates:
        decay = w.walk_early + w.walk_late * (1.0 - left)
        best = max(best, math.exp(-decay * walk))
    return max(best, 0.01)


def _setbacks(sim: Sim, w: Weights, standing: list[tuple[int, int]]) -> tuple[float, int, int]:
    """:func:`solver.nightcage.bot.evaluate._setbacks`, with the count of prisoners in sight and the spread."""
    watched_count = 0
    if sim.mon and standing:
        watched = sim.watched()
        watched_count = sum(1 for _, c in standing if watched >> c & 1)
    spread = 0
    if len(standing) > 1:
        dist, cells = sim.tb.dist, sim.tb.cells
        spread = min(sum(dist[a * cells + b] for _, b in standing) for _, a in standing)
    penalty = w.in_sight * watched_count
    penalty += w.lights_out * sum(1 for i, _ in standing if not sim.lit[i])
    penalty += w.falling * (sim.n - len(standing))
    penalty += w.spread * spread
    penalty -= w.nerve * sum(sim.nerve)
    return math.exp(-penalty), watched_count, spread


def _dead_ends(sim: Sim, standing: list[tuple[int, int]]) -> int:
    """Prisoners whose tile has at most one way out to a neighbouring tile or empty cell: a
    corridor's end, where one collapse or wax eater shuts them in."""
    count = 0
    present, blocked = sim.present, sim.pit | sim.mon
    nb, opn = sim.tb.nb, sim.opn
    for _, c in standing:
        ways = 0
        for i, y in enumerate(nb[c]):
            if not opn[c] >> i & 1:
                continue
            if not present >> y & 1 or (not blocked >> y & 1 and opn[y] & OPP[i]):
                ways += 1
        count += ways <= 1
    return count
