"""Trying each option of a decision to the end of the turn, on sampled pile orders.

The simulator (:class:`solver.nightcage.sim.sim.Sim`) plays a turn as one call
that asks the policy at every decision, so a decision cannot be resumed from
a copy of the position taken in the middle of the turn. A turn can be
replayed, though: :class:`TurnRoot` keeps a copy of the position at the
turn's first decision and the choices made since, and :func:`branch` plays a
copy from there, repeating those choices, then the option tried, then a
continuation policy to the end of the turn.

The bot must not read the pile's true order (the simulator knows it, players
do not). Every replay therefore runs on a **determinization**: the tiles
already drawn stay as they were, the rest of the pile is shuffled within its
layers (:func:`sample_order`). The same samples serve every option of a
decision, so their comparison is not blurred by different draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from solver.nightcage.sim.position import Over, Stuck
from solver.nightcage.sim.sim import Sim

FIRST_KINDS = frozenset({"start", "land", "main"})
"""Decisions that can open a turn with nothing of the turn done yet."""

MAX_TURN_DECISIONS = 400
"""A replayed turn asking more than this is abandoned (a continuation passing keys to and fro)."""


class Diverged(Exception):
    """A replay met options other than the recorded ones (the root was not a turn start)."""


class TurnRoot:
    """The position at the turn's first decision, and the choices made since (option indices)."""

    def __init__(self, sim: Sim) -> None:
        self.sim = sim.copy()
        self.choices: list[int] = []

    @staticmethod
    def opens_turn(sim: Sim, kind: str) -> bool:
        """Whether a turn's first decision stands at a position ``play_turn`` can start from.

        Only ``start``, ``land`` and ``main`` can come first with nothing done; a
        landing taken without asking (a single cell) leaves the position as the
        main action sees it, unless its draw emptied the pile (the turn is then
        not a Final Flickers one, but would replay as one).
        """
        return (
            kind in FIRST_KINDS
            and sim.hand == -1
            and not sim.gained
            and not any(sim.spent)
            and sim.flickers == (sim.top >= sim.npile)
        )


def sample_order(sim: Sim, rng: random.Random, layer_ends: tuple[int, ...]) -> list[int]:
    """The pile order with the undrawn part shuffled within its layers.

    ``layer_ends``: where each layer of the game's starting pile ends (positions
    in ``sim.order``), the last one included.
    """
    order = sim.order
    top = sim.top
    out = order[:top]
    begin = top
    for end in layer_ends:
        if end <= begin:
            continue
        part = order[begin:end]
        rng.shuffle(part)
        out.extend(part)
        begin = end
    if begin < len(order):  # tiles beyond the last layer given (not expected): one more layer
        part = order[begin:]
        rng.shuffle(part)
        out.extend(part)
    return out


class _Script:
    """Replays recorded choices, then the option tried, then hands over to a policy."""

    __slots__ = ("asked", "choices", "i", "then")

    def __init__(self, choices: list[int], then: Callable[[Sim, str, list[Any]], int]) -> None:
        self.choices = choices
        self.i = 0
        self.then = then
        self.asked = 0

    def __call__(self, sim: Sim, kind: str, options: list[Any]) -> int:
        self.asked += 1
        if self.asked > MAX_TURN_DECISIONS:
            raise Stuck("a replayed turn went on too long")
        if self.i < len(self.choices):
            pick = self.choices[self.i]
            self.i += 1
            if pick >= len(options):
                raise Diverged(kind)
            return pick
        return self.then(sim, kind, options)


def with_pile(root: TurnRoot, order: list[int]) -> Sim:
    """The root position with the pile ``order`` (drawn tiles as they were), for :func:`branch`."""
    sim = root.sim.copy()
    top = sim.top
    sim.set_pile(order)
    sim.top = top
    return sim


def branch(root: TurnRoot, base: Sim, option: int, then: Callable[[Sim, str, list[Any]], int]) -> tuple[Sim, str | None]:
    """The end of the turn after the recorded choices and ``option``, from ``base``
    (:func:`with_pile`: the root on a sampled pile).

    Returns the position (the next turn's start, or where the game ended) and
    the result (``"win"``, ``"lose"`` or None). Raises :class:`Diverged`.
    """
    sim = base.copy()
    sim.choose = _Script(root.choices + [option], then)
    try:
        sim.play_turn()
    except Over as end:
        return sim, end.result
    except Stuck:
        return sim, "lose"
    return sim, None
