"""Reach: the fewest AP, and the actions, for a character to reach a zone or get out, this turn or over a few turns.

The search plays the rules engine's own actions (:func:`solver.dungeontwister.engine.route_actions`):
the character's moves, jumps, portcullis and wall actions, and the rooms any
friend standing at a rotation site can turn (the others stay put). Every
action costs 1 AP; ending the turn costs none: the player keeps at most 3 AP,
the opponent passes (an assumption every answer states), and the next turn
adds 3. The search is Dijkstra's over (AP spent, turns used), so the first time the
goal is met it is with the fewest AP, then the fewest turns. A node is remembered by what can differ:
the character (where it is, what it faces, holds and is held by), the layout
(the other pieces move only with the rooms, so they follow from it), the
player's AP, jump cards and combat cards, and the turn.

The plan found is replayed through the engine before it is returned.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from solver.base.errors import LimitReached, LueurError
from solver.dungeontwister.model.state import Place, Position
from solver.dungeontwister.rules import engine
from solver.dungeontwister.rules.actions import format_action

OUT = "out"
MAX_TURNS = 5
DEFAULT_MAX_NODES = 200_000
GEOMETRY_NOTE = "the rooms, zones, boundaries and lines of sight are the user's (DT-GEOMETRY): the aid gives no room card"
ASSUMPTION = "only this character moves; friends may turn the rooms they stand at; the opponent passes its turns"


class ReachError(LueurError):
    """A reach question the position cannot answer (no such character or zone): bad input."""


@dataclass(frozen=True)
class Step:
    action: str
    turn: int
    """0 for this turn (or the character's first turn), then 1, 2..."""
    ap_after: int


@dataclass(frozen=True)
class ReachAnswer:
    character: str
    goal: str
    turns: int
    reached: bool
    ap: int | None
    turns_used: int | None
    plan: tuple[Step, ...]
    nodes: int
    costs: dict[str, int]
    """Every zone the character can stand in within the turns allowed, with the fewest AP ("out" too)."""

    def as_json(self) -> dict[str, Any]:
        return {"character": self.character, "goal": self.goal, "turns": self.turns, "reached": self.reached, "ap": self.ap,
                "turns_used": self.turns_used,
                "plan": [{"action": s.action, "turn": s.turn, "ap_after": s.ap_after} for s in self.plan],
                "costs": dict(sorted(self.costs.items())), "nodes": self.nodes, "geometry": GEOMETRY_NOTE,
                "assumption": ASSUMPTION}


def _state(position: Position, ident: str) -> Hashable:
    c = position.character(ident)
    player = position.players[c.owner]
    return (c.place, c.zone, c.facing, c.entered_from, c.carrying, c.walls_broken, position.layout, player.ap,
            player.jump_cards, player.cards)


def _where(position: Position, ident: str) -> str | None:
    c = position.character(ident)
    if c.place is Place.ESCAPED:
        return OUT
    return c.zone if c.place is Place.ZONE else None


def _pass(position: Position) -> Position:
    """The player ends its turn, the opponent passes: the player's next turn."""
    position, _ = engine.end_turn(position)
    position, _ = engine.end_turn(position)
    return position


def start_of_search(position: Position, ident: str) -> tuple[Position, list[str]]:
    """Where the search starts: the character's player to move (an opponent's character waits for the turn to end)."""
    if not position.has_character(ident):
        raise ReachError(f"character: {ident!r} is not a character: {', '.join(c.ident for c in position.characters)}")
    c = position.character(ident)
    if c.place is not Place.ZONE:
        raise ReachError(f"character: {ident} is {c.place.value}, not in a zone")
    if c.owner == position.to_move:
        return position, []
    position, _ = engine.end_turn(position)
    return position, ["end"]


Node = tuple[Hashable, int]
"""A state and the turn."""


class Search:
    """Dijkstra over (AP spent, turns) on the nodes (state, turn): the fewest AP first, then the fewest turns."""

    def __init__(self, ident: str, turns: int, max_nodes: int) -> None:
        self.ident, self.turns, self.max_nodes = ident, turns, max_nodes
        self.successors: dict[Hashable, list[tuple[str, Position]]] = {}
        """A state's actions and where each leads (the same at every turn: computed once)."""

    def moves(self, state: Hashable, position: Position) -> list[tuple[str, Position]]:
        known = self.successors.get(state)
        if known is None:
            known = []
            for action in engine.route_actions(position, self.ident):
                try:
                    after, _ = engine.apply(position, action)
                except LueurError:
                    continue
                known.append((format_action(action), after))
            self.successors[state] = known
        return known

    def run(self, start: Position, goal: str | None,
            visit: Callable[[Position, int], None] | None = None) -> tuple[dict[str, int], list[str] | None, int, int | None]:
        """Every zone's fewest AP, the actions to the goal (None: not reached), the nodes kept, the goal's AP.
        ``visit`` sees each node's position with the AP spent to reach it, cheapest first."""
        first: Node = (_state(start, self.ident), 0)
        best: dict[Node, tuple[int, int]] = {first: (0, 0)}
        parent: dict[Node, tuple[Node, str]] = {}
        heap: list[tuple[int, int, int, Node, Position]] = [(0, 0, 0, first, start)]
        counter = 1
        costs: dict[str, int] = {}
        while heap:
            spent, turn, _, node, here = heapq.heappop(heap)
            if best[node] < (spent, turn):
                continue
            where = _where(here, self.ident)
            if where is not None and where not in costs:
                costs[where] = spent
            if visit is not None:
                visit(here, spent)
            if goal is not None and where == goal:
                return costs, _actions(parent, node, first), len(best), spent
            if len(best) > self.max_nodes:
                raise LimitReached(f"the search kept {self.max_nodes:,} positions without finishing (max_nodes)")
            steps: list[tuple[str, Position, int, int]] = [(text, after, spent + 1, turn)
                                                           for text, after in self.moves(node[0], here)]
            if turn + 1 < self.turns:
                steps.append(("end", _pass(here), spent, turn + 1))
            for text, after, cost, when in steps:
                new: Node = (_state(after, self.ident), when)
                if new in best and best[new] <= (cost, when):
                    continue
                best[new] = (cost, when)
                parent[new] = (node, text)
                heapq.heappush(heap, (cost, when, counter, new, after))
                counter += 1
        return costs, None, len(best), None


def search(position: Position, ident: str, goal: str | None, turns: int = 1,
           max_nodes: int = DEFAULT_MAX_NODES) -> ReachAnswer:
    """The fewest AP for ``ident`` to stand in ``goal`` (a zone, or ``out``); with ``goal`` None, every zone's fewest AP."""
    if not 1 <= turns <= MAX_TURNS:
        raise ReachError(f"turns: {turns} is out of range: 1 to {MAX_TURNS}")
    board = position.board
    if goal is not None and goal != OUT and goal not in board.room_of and goal not in board.start_of:
        raise ReachError(f"goal: {goal!r} is not a zone, a start zone or 'out'")
    start, prefix = start_of_search(position, ident)
    costs, actions, nodes, ap = Search(ident, turns, max_nodes).run(start, goal)
    if actions is None:
        return ReachAnswer(ident, goal or "", turns, False, None, None, (), nodes, costs)
    plan = replay(position, ident, prefix + actions, goal or "")
    used = max((s.turn for s in plan), default=0) + 1
    return ReachAnswer(ident, goal or "", turns, True, ap, used, plan, nodes, costs)


def _actions(parent: dict[Node, tuple[Node, str]], found: Node, first: Node) -> list[str]:
    texts: list[str] = []
    key = found
    while key != first:
        key, text = parent[key]
        texts.append(text)
    texts.reverse()
    out: list[str] = []
    for text in texts:
        out += ["end", "end"] if text == "end" else [text]
    return out


class PlanError(RuntimeError):
    """A plan the rules engine refuses: a bug (the search plays the engine's own actions), never bad input."""


def replay(position: Position, ident: str, actions: list[str], goal: str) -> tuple[Step, ...]:
    """Play the plan through the engine and check it ends at the goal; the steps with the turn and the AP after each."""
    owner = position.character(ident).owner
    turn = 0
    steps: list[Step] = []
    for text in actions:
        try:
            position, _ = engine.apply(position, text)
        except LueurError as exc:
            raise PlanError(f"the engine refuses the plan's step {text!r}: {exc}") from None
        if text == "end" and position.to_move == owner and steps:
            turn += 1
        steps.append(Step(text, turn, position.players[owner].ap))
    if goal and _where(position, ident) != goal:
        raise PlanError(f"the plan leaves {ident} at {_where(position, ident)}, not {goal}")
    return tuple(steps)

