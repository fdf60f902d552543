"""How promising a position is, between turns: the bot's static evaluation.

:func:`evaluate` returns a rough probability of winning, built as the game is
won: every prisoner must end up holding a key, *and* the group must gather on
a gate. It reads what the players know (the board, the hands, the pile's
*contents*, never its order):

* **keys**: each key not yet held (on a tile, or still in the pile) is taken in
  the end with some chance: high for a key tile a keyless prisoner can step
  onto, lower for another key tile, lower still for a key in the pile (most
  get burnt or go dark). The chance that enough of them are taken is a sum
  over the combinations (:func:`at_least`). Losing a key thus costs little
  while keys are plenty and everything when none is spare, which is what
  makes the bot careful with burns.
* **a gate**: with a gate on the board, the chance decays with the prisoners'
  walking distance to it (:func:`gate_distances`), the faster the less of the
  pile remains; otherwise gates may still come out of the pile.
* a few small factors: prisoners in a wax eater's sight (their next move
  triggers it), Lights Out candles, falls, a scattered group, Nerve.

The numbers (:class:`Weights`) are hand-set and were checked by the win rate
of ``benchmarks/bot.py``; only the comparison of the options of one decision
matters, not the absolute value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from solver.nightcage.sim.outcome import KEYS_IN
from solver.nightcage.sim.position import GATE, OPP, bits
from solver.nightcage.sim.sim import Sim

FAR = 12
"""The walking distance counted for a prisoner with no way to a gate."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's numbers (tuned on paired 400-game runs of ``benchmarks/bot.py``)."""

    near_key: float = 0.7
    """Chance that a key tile a keyless prisoner can step onto ends up held."""
    board_key: float = 0.35
    pile_key: float = 0.35
    walk_early: float = 0.04
    """Decay per step of walking to the gate, at the start; ``walk_late`` is added as the pile runs out."""
    walk_late: float = 0.05
    pile_gate: float = 0.6
    """The chance a gate still in the pile gives a gate to gather on (all the pile left)."""
    in_sight: float = 0.10
    lights_out: float = 0.05
    falling: float = 0.10
    spread: float = 0.01
    nerve: float = 0.02


DEFAULT_WEIGHTS = Weights()


def evaluate(sim: Sim, result: str | None, w: Weights = DEFAULT_WEIGHTS) -> float:
    """A rough probability of winning from a position between turns (or of a finished game)."""
    if result == "win":
        return 1.0
    if result == "lose":
        return 0.0
    standing = [(i, c) for i, c in enumerate(sim.pc) if c >= 0]
    keys = _keys(sim, w, standing)
    if keys == 0.0:
        return 0.0
    gate = _gate(sim, w, standing)
    if gate == 0.0:
        return 0.0
    return keys * gate * _setbacks(sim, w, standing)


def _keys(sim: Sim, w: Weights, standing: list[tuple[int, int]]) -> float:
    """The chance that every prisoner ends up holding a key."""
    need = sim.n - sum(sim.key)
    if need <= 0:
        return 1.0
    chances = []
    for k in bits(sim.keyed):
        near = any(not sim.key[i] and (c == k or sim.adjacent(c, k)) for i, c in standing)
        chances.append(w.near_key if near else w.board_key)
    # A keeper holds a key too (the advanced game), but taking it safely means reaching its back:
    # counted as a key elsewhere on the board.
    chances.extend([w.board_key] * sim.keeper.bit_count())
    pile_keys = sim.ksuf[sim.top] + KEYS_IN[sim.hand]  # the pile's suffix counts keepers with the keys
    chances.extend([w.pile_key] * pile_keys)
    return at_least(need, chances)


def _gate(sim: Sim, w: Weights, standing: list[tuple[int, int]]) -> float:
    """The chance of a gate to gather on, and of gathering there."""
    pile_gates = sim.gsuf[sim.top] + (sim.hand == GATE)
    gates = bits(sim.gate)
    if not gates and not pile_gates:
        return 0.0
    left = (sim.npile - sim.top) / sim.npile if sim.npile else 0.0
    best = w.pile_gate * left * (1.0 - 0.5**pile_gates)
    if gates:
        decay = w.walk_early + w.walk_late * (1.0 - left)
        drawing = sim.top < sim.npile
        falling = FAR * (sim.n - len(standing))
        for g in gates:
            d = gate_distances(sim, g, drawing)
            walk = falling + sum(d[c] for _, c in standing)
            best = max(best, math.exp(-decay * walk))
    return max(best, 0.01)


def _setbacks(sim: Sim, w: Weights, standing: list[tuple[int, int]]) -> float:
    penalty = 0.0
    if sim.mon and standing:
        watched = sim.watched()
        penalty += w.in_sight * sum(1 for _, c in standing if watched >> c & 1)
    penalty += w.lights_out * sum(1 for i, _ in standing if not sim.lit[i])
    penalty += w.falling * (sim.n - len(standing))
    if len(standing) > 1:
        dist, cells = sim.tb.dist, sim.tb.cells
        penalty += w.spread * min(sum(dist[a * cells + b] for _, b in standing) for _, a in standing)
    penalty -= w.nerve * sum(sim.nerve)
    return math.exp(-penalty)


def at_least(k: int, chances: list[float]) -> float:
    """The probability that at least ``k`` of independent events with these ``chances`` happen.

    >>> round(at_least(1, [0.5, 0.5]), 3), at_least(3, [0.9, 0.9]), at_least(0, [])
    (0.75, 0.0, 1.0)
    """
    if k <= 0:
        return 1.0
    # exactly[j]: the chance that exactly j happened so far (j < k; "k or more" is folded into done).
    exactly = [1.0] + [0.0] * (k - 1)
    done = 0.0
    for p in chances:
        done += exactly[k - 1] * p
        for j in range(k - 1, 0, -1):
            exactly[j] = exactly[j] * (1 - p) + exactly[j - 1] * p
        exactly[0] *= 1 - p
    return done


def gate_distances(sim: Sim, gate: int, drawing: bool) -> list[int]:
    """Moves from every cell to ``gate`` (at most :data:`FAR`): along connected tiles, not
    through pits or wax eaters; while tiles are drawn, an empty cell counts as a tile that
    will open both ways, for two moves (it must be lit and filled first)."""
    tb = sim.tb
    nb, opn = tb.nb, sim.opn
    present, blocked = sim.present, sim.pit | sim.mon
    dist = [FAR] * tb.cells
    dist[gate] = 0
    # Distances are small integers: a bucket queue, walked outward from the gate.
    buckets: list[list[int]] = [[] for _ in range(FAR + 1)]
    buckets[0].append(gate)
    for d in range(FAR):
        for x in buckets[d]:
            if dist[x] != d:
                continue
            x_tile = present >> x & 1
            for i, y in enumerate(nb[x]):
                ybit = 1 << y
                if present & ybit:
                    if blocked & ybit:
                        continue
                    if not opn[y] & OPP[i] or (x_tile and not opn[x] >> i & 1):
                        continue
                    cost = 1 if x_tile else 2
                elif drawing and (not x_tile or opn[x] >> i & 1):
                    cost = 2
                else:
                    continue
                nd = d + cost
                if nd < dist[y]:
                    dist[y] = nd
                    buckets[nd].append(y)
    return dist
