"""A plain exact planner over the rules engine, for cross-checking the A* search (tests and benchmarks).

:func:`reference_solve` answers the planners' question (can the group win,
in how few turns, then spending how little Nerve?) for a deterministic
position with an empty pile, any pieces, by the plainest method there is: a
breadth-first search over whole turns, each turn expanded one legal action
at a time with :func:`solver.nightcage.rules.engine.legal_actions` and the checked
:func:`solver.nightcage.rules.engine.apply`. It shares no code with the planners: no
end-game kernel, no :mod:`solver.nightcage.rules.whole_turns`, no lower bound, no
canonical key, no turn budget. Its one assumption is that the game cannot
run for ever: the Final Flickers' positions are finite, and a position met
again is not searched again.

Why breadth-first gives the planners' optimum: the cost is (turns, Nerve)
compared in that order. Layer ``t`` holds every position first reached after
``t`` turns, each with the least Nerve spent among the ``t``-turn ways to it;
a position reached again at a later layer cannot lie on a fewest-turns win
(the earlier way would win sooner). The first layer with a win gives the
fewest turns, and the least Nerve among that layer's winning turns is the
optimum. Nerve spent by an action is what the prisoners hold less after it,
prisoner by prisoner (a Block on another's turn counts; a stay's gain is not
a negative spending), the same cost the planners report, computed here on its own.

The library never imports this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.nightcage.endgame.plan import PlanTurn
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.engine import apply, legal_actions, node_type
from solver.nightcage.rules.outcome import outcome

DEFAULT_MAX_POSITIONS = 200_000


class ReferenceLimit(RuntimeError):
    """The reference search met more turn-start positions than it was allowed."""


@dataclass(frozen=True)
class ReferenceAnswer:
    verdict: str
    """``win`` or ``lose`` (the reference search always finishes, or raises)."""
    turns: int | None
    nerve_spent: int | None
    plan: tuple[PlanTurn, ...]
    positions: int
    """Turn-start positions met."""


@dataclass(frozen=True)
class _Way:
    """The cheapest known way to a position of the current layer: its Nerve and how it was reached."""

    nerve: int
    parent: GameState | None
    turn: PlanTurn | None


def turn_ends(state: GameState) -> dict[GameState, tuple[int, tuple[str, ...]]]:
    """Every distinct end of the turn starting in ``state``: the least Nerve it spends and the actions.

    A turn ends when the game is over or no decision of this turn is left
    (``pending`` is None again). Positions inside the turn are explored once
    per (position, Nerve so far), keeping the cheapest.
    """
    ends: dict[GameState, tuple[int, tuple[str, ...]]] = {}
    best_inside: dict[GameState, int] = {state: 0}
    stack: list[tuple[GameState, int, tuple[str, ...]]] = [(state, 0, ())]
    while stack:
        current, spent, actions = stack.pop()
        if best_inside.get(current, spent) < spent:
            continue  # a cheaper way here was found since this one was stacked
        if node_type(current) != "decision":
            raise ValueError(f"not a decision after {actions}: the reference plays positions without draws only")
        for action in legal_actions(current):
            after, _ = apply(current, action)
            cost = spent + _nerve_paid(current, after)
            done = (*actions, format_action(action, state.size))
            if outcome(after) is not None or after.pending is None:
                known = ends.get(after)
                if known is None or cost < known[0]:
                    ends[after] = (cost, done)
                continue
            if cost < best_inside.get(after, cost + 1):
                best_inside[after] = cost
                stack.append((after, cost, done))
    return ends


def _nerve_paid(before: GameState, after: GameState) -> int:
    return sum(max(0, b.nerve - a.nerve) for b, a in zip(before.prisoners, after.prisoners))


def reference_solve(state: GameState, max_positions: int = DEFAULT_MAX_POSITIONS) -> ReferenceAnswer:
    """Solve ``state`` (pile empty or of known order, no draw pending) exactly, breadth-first."""
    over = outcome(state)
    if over is not None:
        return ReferenceAnswer(over.result, 0 if over.result == "win" else None, None if over.result == "lose" else 0, (), 0)
    ways: dict[GameState, _Way] = {state: _Way(0, None, None)}
    layers: list[dict[GameState, _Way]] = [{state: ways[state]}]
    seen: set[GameState] = {state}
    while layers[-1]:
        layer = layers[-1]
        wins: list[tuple[int, GameState, PlanTurn]] = []
        following: dict[GameState, _Way] = {}
        for position, way in layer.items():
            name = position.active.name
            for after, (spent, actions) in turn_ends(position).items():
                total = way.nerve + spent
                turn = PlanTurn(name, actions, spent)
                over = outcome(after)
                if over is not None:
                    if over.result == "win":
                        wins.append((total, position, turn))
                    continue
                if after in seen:
                    continue  # met after fewer turns
                known = following.get(after)
                if known is None or total < known.nerve:
                    following[after] = _Way(total, position, turn)
        if wins:
            total, position, turn = min(wins, key=lambda w: w[0])
            plan = _plan_to(layers, position) + (turn,)
            return ReferenceAnswer("win", len(plan), total, plan, len(seen))
        seen.update(following)
        if len(seen) > max_positions:
            raise ReferenceLimit(f"more than {max_positions:,} turn-start positions")
        layers.append(following)
    return ReferenceAnswer("lose", None, None, (), len(seen))


def _plan_to(layers: list[dict[GameState, _Way]], position: GameState) -> tuple[PlanTurn, ...]:
    """The turns that reach ``position`` (in the last layer) at its least Nerve."""
    turns: list[PlanTurn] = []
    for layer in reversed(layers):
        way = layer[position]
        if way.turn is None:
            break
        turns.append(way.turn)
        assert way.parent is not None
        position = way.parent
    return tuple(reversed(turns))


__all__ = ["DEFAULT_MAX_POSITIONS", "ReferenceAnswer", "ReferenceLimit", "reference_solve", "turn_ends"]
