"""``dt reach`` against a plain breadth-first search over the rules engine's own legal actions, on 200 random dungeons.

The plain search keeps whole positions (no compact key, no cache), expands
every legal action of the character and every friend's rotation, one AP a
layer, and ends turns at no cost (the aid: « CONSERVER MAX 3 PAs POUR LE TOUR
SUIVANT », « Tours suivants : +3 PAs »). The fewest AP must agree, and
``reach``'s plan, replayed through the engine, must end at the goal.
"""

from __future__ import annotations

import random

import pytest

from solver.base.errors import LueurError
from solver.dungeontwister.analysis.reach import search
from solver.dungeontwister.model.state import Place, Position
from solver.dungeontwister.rules import engine
from solver.dungeontwister.rules.actions import Verb
from tests.dungeontwister.builders import corridor, position, random_document, with_pieces

ROUTE_VERBS = {Verb.MOVE, Verb.JUMP, Verb.ROTATE, Verb.LOCKPICK, Verb.KEY, Verb.BEND, Verb.SMASH, Verb.WALLWALK}


def at_goal(pos: Position, ident: str, goal: str) -> bool:
    c = pos.character(ident)
    return (goal == "out" and c.place is Place.ESCAPED) or (c.place is Place.ZONE and c.zone == goal)


def plain_bfs(pos: Position, ident: str, goal: str, turns: int) -> int | None:
    if pos.character(ident).owner != pos.to_move:
        pos, _ = engine.apply(pos, "end")
    layer = {(pos, 0)}
    seen = set(layer)
    cost = 0
    while layer:
        closure, frontier = set(layer), list(layer)
        while frontier:
            here, turn = frontier.pop()
            if turn + 1 < turns:
                after = engine.apply(engine.apply(here, "end")[0], "end")[0]
                if (after, turn + 1) not in seen:
                    seen.add((after, turn + 1))
                    closure.add((after, turn + 1))
                    frontier.append((after, turn + 1))
        if any(at_goal(here, ident, goal) for here, _ in closure):
            return cost
        following = set()
        for here, turn in closure:
            for action in engine.legal_actions(here):
                if action.verb not in ROUTE_VERBS or (action.actor != ident and action.verb is not Verb.ROTATE):
                    continue
                try:
                    after, _ = engine.apply(here, action)
                except LueurError:
                    continue
                if (after, turn) not in seen:
                    seen.add((after, turn))
                    following.add((after, turn))
        layer = following
        cost += 1
    return None


@pytest.mark.parametrize("seed", range(200))
def test_reach_agrees_with_a_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    pos = position(random_document(rng))
    zones = [z for r in pos.board.rooms for z in r.zones] + ["out", "blue-1", "red-1"]
    goal = rng.choice(zones)
    turns = rng.choice((1, 1, 2))
    answer = search(pos, "hero", goal, turns)
    expected = plain_bfs(pos, "hero", goal, turns)
    assert answer.ap == expected
    assert answer.reached == (expected is not None)
    if answer.reached:
        replayed = pos
        for step in answer.plan:
            replayed, _ = engine.apply(replayed, step.action)
        assert at_goal(replayed, "hero", goal)


def test_a_goblin_walks_out_through_the_opponents_start_zone() -> None:
    """« 1 par perso qui s'échappe par la zone de départ adverse »: two rooms in a row, a goblin (2 zones a move) from
    the far room's left zone: B1, B2, then onto blue-1 and out (DT-ESCAPE: one point on the start zone, one out)."""
    pos = position(with_pieces(corridor("AB"), [{"id": "gob", "kind": "goblin", "at": "B1"}]))
    answer = search(pos, "gob", "out", 1)
    assert answer.ap == 2 and [s.action for s in answer.plan] == ["move gob B2", "move gob blue-1 out"]
