"""Optimal lines of a position the end-game kernel does not model, through the rules engine.

Keepers, the pathless and the Dirge's pit are outside the kernel (:mod:`solver.nightcage.endgame.kernel`),
so the kernel's line search (:mod:`solver.nightcage.puzzles.unique`) cannot prove such a puzzle unique. This
is the second method for them: the same definitions (a plan's **line** is, after each turn but the
last, every prisoner's cell, candle, Nerve and key; then the winning turn's Nerve; optimal is fewest
turns, then fewest Nerve), computed on :class:`GameState` positions whose turns are enumerated
decision by decision with the rules engine.

A whole turn's ends are enumerated here rather than by :func:`solver.nightcage.rules.whole_turns.turn_results`,
which keeps the first path to each end of the turn with that path's Nerve: an exact cost needs the
cheapest path to each end, so intermediate positions are revisited whenever they are reached for
less Nerve (:func:`cheapest_ends`).
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

from solver.nightcage.endgame.bounds import INFINITE, turns_needed_anywhere
from solver.nightcage.model.actions import format_action
from solver.nightcage.model.state import GameState
from solver.nightcage.puzzles.unique import Line, UniquenessUnknown, join_lines
from solver.nightcage.rules.engine import apply_unchecked, legal_actions, node_type, opened, outcome


class TurnEnd(NamedTuple):
    """One way a whole turn can end, reached for the least Nerve."""

    state: GameState
    nerve: int
    won: bool
    actions: tuple[str, ...]


def cheapest_ends(state: GameState) -> list[TurnEnd]:
    """Every distinct end of the turn starting in ``state`` (losses left out), each with the least
    Nerve any sequence of decisions reaching it spends and one such sequence."""
    start_turn = state.turn
    best: dict[GameState, int] = {state: 0}
    ends: dict[GameState, TurnEnd] = {}
    stack: list[tuple[GameState, tuple[str, ...], int]] = [(state, (), 0)]
    while stack:
        current, actions, nerve = stack.pop()
        if best.get(current, INFINITE) < nerve:
            continue  # reached again for less since it was queued
        if node_type(current) == "chance":
            raise UniquenessUnknown("a tile would be drawn: not a Final Flickers position")
        for action in legal_actions(current):
            after, _ = apply_unchecked(current, action)
            spent = nerve + _nerve_of(current, after, action.verb)
            texts = (*actions, format_action(action, state.size))
            over = outcome(after)
            turn_over = after.pending is None and (after.turn != start_turn or len(after.prisoners) == 1)
            if over is not None or turn_over:
                if over is not None and over.result == "lose":
                    continue
                known = ends.get(after)
                if known is None or spent < known.nerve:
                    ends[after] = TurnEnd(after, spent, over is not None, texts)
                continue
            if spent < best.get(after, INFINITE):
                best[after] = spent
                stack.append((after, texts, spent))
    return sorted(ends.values(), key=lambda e: (e.nerve, e.actions))


def _nerve_of(before: GameState, after: GameState, verb: str) -> int:
    """Nerve one decision spends: what the prisoners hold less afterwards, a stay's gain not
    counted as negative spending (the project's cost, docs/planners.md)."""
    if before.pending is None:
        before = opened(before)[0]  # the relight as a turn begins (RULING-RELIGHT-AT-START) is free
    lost = sum(b.nerve - a.nerve for b, a in zip(before.prisoners, after.prisoners))
    gained = verb == "stay" and before.active.lit and before.active.nerve < 2 and before.active.cell is not None
    return lost + (1 if gained else 0)


def projection(state: GameState) -> tuple[Any, ...]:
    """The prisoner half of a position: what a line records after a turn."""
    return tuple((p.cell, p.lit, p.nerve, p.key) for p in state.prisoners)


class EngineLineSearch:
    """Optimal lines by depth-first search over whole turns of the rules engine.

    ``cost(s, d)`` is exact, the least Nerve of a win within ``d`` turns, pruned only by the
    admissible bound :func:`solver.nightcage.endgame.bounds.turns_needed_anywhere`; results are memoised on
    the whole position (no abstraction of the tiles: every burn choice is a distinct position).
    """

    def __init__(self, max_nodes: int = 20_000) -> None:
        self.max_nodes = max_nodes
        self.expanded = 0
        self._ends: dict[GameState, list[TurnEnd]] = {}
        self._cost: dict[tuple[GameState, int], int] = {}
        self._lines: dict[tuple[GameState, int, int], frozenset[Line]] = {}

    def successors(self, state: GameState) -> list[TurnEnd]:
        found = self._ends.get(state)
        if found is None:
            self.expanded += 1
            if self.expanded > self.max_nodes:
                raise UniquenessUnknown(f"more than {self.max_nodes:,} positions expanded by the rules engine")
            found = self._ends[state] = cheapest_ends(state)
        return found

    @property
    def evaluated(self) -> int:
        """(position, turns left) pairs whose cost was computed: the proof's size."""
        return len(self._cost)

    def cost(self, state: GameState, d: int) -> int:
        if d <= 0 or turns_needed_anywhere(state) > d:
            return INFINITE
        key = (state, d)
        known = self._cost.get(key)
        if known is not None:
            return known
        best = INFINITE
        for end in self.successors(state):
            if end.won:
                best = min(best, end.nerve)
            elif d > 1:
                best = min(best, end.nerve + self.cost(end.state, d - 1))
        self._cost[key] = best
        return best

    def on_line(self, end: TurnEnd, target: int, d: int) -> bool:
        """Is this end of the turn on an optimal path with ``d`` turns left and cost ``target``?"""
        if end.won:
            return d == 1 and end.nerve == target
        return d > 1 and end.nerve + self.cost(end.state, d - 1) == target

    def lines(self, state: GameState, d: int, cap: int) -> frozenset[Line]:
        """Distinct lines of the cheapest wins within ``d`` turns (at most ``cap``)."""
        key = (state, d, cap)
        known = self._lines.get(key)
        if known is not None:
            return known
        target = self.cost(state, d)
        branches = (
            (end.nerve, None, frozenset) if end.won
            else (None, projection(end.state), partial(self.lines, end.state, d - 1, cap))
            for end in self.successors(state) if self.on_line(end, target, d)
        )
        out = join_lines(branches, cap)
        self._lines[key] = out
        return out


def line_of_boards(boards: list[GameState], nerve_last: int) -> Line:
    """The line of a plan replayed through the engine (the start, then the position after each turn)."""
    return (*(projection(b) for b in boards[1:-1]), ("win", nerve_last))


def engine_walk(state: GameState, search: EngineLineSearch, turns: int) -> dict[str, int]:
    """The grade's features along the optimal line (docs/puzzles.md): options and choice turns by
    line projection, traps (ends the bound still calls on schedule that leave every optimal line),
    candles put out and waits. It follows the first end on the line each turn (the line is unique)."""
    options = choice_turns = traps = traps_first = put_out = waits = 0
    d = turns
    while d >= 1:
        target = search.cost(state, d)
        seen: set[Any] = set()
        tempting: set[Any] = set()
        nxt: TurnEnd | None = None
        for end in search.successors(state):
            proj = ("win",) if end.won else projection(end.state)
            seen.add(proj)
            if search.on_line(end, target, d):
                nxt = nxt or end
            elif not end.won and 1 + turns_needed_anywhere(end.state) <= d:
                tempting.add(proj)
        assert nxt is not None, "the optimal line breaks off"
        options += len(seen)
        choice_turns += len(seen) > 1
        traps += len(tempting)
        traps_first = traps_first if d != turns else len(tempting)
        if not nxt.won:
            before, after = state.prisoners, nxt.state.prisoners
            put_out += sum(1 for p, q in zip(before, after) if p.lit and not q.lit)
            waits += before[state.turn].cell == after[state.turn].cell
        state = nxt.state
        d -= 1
    return {"options": options, "choice_turns": choice_turns, "traps": traps, "traps_first": traps_first,
            "put_out": put_out, "waits": waits}


__all__ = ["EngineLineSearch", "TurnEnd", "cheapest_ends", "engine_walk", "line_of_boards", "projection"]
