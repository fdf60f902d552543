"""What a move or a monster phase did, in sentences: the companion's narration of a Fearsome Floors game.

A pawn's move says the way it went, where it ended, the stones it pushed and the face it shows now. A
monster phase says, step by step, what the monster saw, where it turned and why, where it went (a slide
across a pool, the wall crossed, a teleporter), what it pushed, whom it ate or crushed; then where it ends
and what became of the pawns it took. The words are the project's own.

>>> from solver.fearsome.rules.monster import Seen
>>> from solver.fearsome.model.board import Direction
>>> look_words((Seen(Direction.E), Seen(Direction.N, "a", 3), Seen(Direction.S)), Direction.E, Direction.N)
'sees a 3 squares to the north and turns north toward it'
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.fearsome.model.board import Direction, name
from solver.fearsome.model.state import Place, Position, StoneKind
from solver.fearsome.present.status import FACING_WORDS, status_text
from solver.fearsome.present.svg_pieces import tile_words
from solver.fearsome.rules.monster import MonsterStep, MonsterTrace, Push, Seen

STEP_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west", "in": "in at the entrance", "out": "out through the exit"}
STONE_WORDS = {StoneKind.PLAIN: "stone", StoneKind.CRYSTAL: "crystal", StoneKind.PIVOT_RIGHT: "right-turn pivot",
               StoneKind.PIVOT_BACK: "half-turn pivot"}


def move_sentences(before: Position, after: Position, ident: str, path: Sequence[str]) -> list[str]:
    """A pawn's move from ``before`` to ``after`` along ``path``: its way, its end, the stones moved, its new face."""
    pawn, moved = before.pawn(ident), after.pawn(ident)
    if not path:
        where = "waits by the entrance" if pawn.place is Place.WAITING else f"stays on {name(pawn.square)}"
        way = f"{ident} {where}"
    else:
        way = f"{ident} goes {', '.join(STEP_WORDS.get(step, step) for step in path)}"
        if moved.place is Place.OUT:
            way += ": it is out"
        elif moved.place is Place.BOARD:
            way += f" and ends on {name(moved.square)}"
    sentences = [f"{way}; turned over, it shows {moved.value} now."]
    sentences += stone_sentences(dict(before.stones), dict(after.stones))
    return sentences + [status_text(after) + "."]


def stone_sentences(before: dict[int, StoneKind], after: dict[int, StoneKind]) -> list[str]:
    """The stones a move pushed, from where to where (or off the board)."""
    gone = sorted(sq for sq in before if before.get(sq) != after.get(sq))
    came = sorted(sq for sq in after if before.get(sq) != after.get(sq))
    if not gone:
        return []
    moves = []
    for start in gone:
        kind = before[start]
        end = next((sq for sq in came if after[sq] is kind), None)
        if end is None:
            moves.append(f"the {STONE_WORDS[kind]} on {name(start)} leaves the board")
        else:
            came.remove(end)
            moves.append(f"the {STONE_WORDS[kind]} on {name(start)} is pushed to {name(end)}")
    return ["Pushed: " + "; ".join(moves) + "."]


def look_words(seen: Sequence[Seen], facing: Direction, going: Direction) -> str:
    """What one look found and what the monster made of it."""
    pawns = [s for s in seen if s.pawn is not None]
    if not pawns:
        return f"sees nobody and keeps facing {FACING_WORDS[facing]}"
    found = ", ".join(f"{s.pawn} {s.distance} square{'s' if s.distance != 1 else ''} to the {FACING_WORDS[s.direction]}"
                      for s in pawns)
    nearest = min(s.distance for s in pawns)
    if sum(s.distance == nearest for s in pawns) > 1:
        return f"sees {found}: the nearest are as near, so it keeps facing {FACING_WORDS[facing]}"
    if going == facing:
        return f"sees {found} and goes on {FACING_WORDS[going]}"
    return f"sees {found} and turns {FACING_WORDS[going]} toward it"


def push_words(push: Push) -> str:
    """What one push did: a stone or a pawn moved on, off the board, onto a teleporter or a corner."""
    thing = f"the {STONE_WORDS[StoneKind(push.thing)]}" if push.thing in _STONE_VALUES else push.thing
    where = {"moved": f"to {name(push.end)}" if push.end >= 0 else "", "teleporter": "onto a teleporter, where it is destroyed",
             "corner": "onto a corner, where it is taken off"}.get(push.fate, "off the board")
    return f"pushes {thing} from {name(push.start)} {where}".rstrip()


_STONE_VALUES = frozenset(kind.value for kind in StoneKind)


def step_sentence(step: MonsterStep, facing: Direction) -> str:
    """One step: the look (from ``facing``, the way it faced before it), any pivot, the way it went and what happened."""
    parts = [f"Step {step.number}: from {name(step.start)} it " + look_words(step.looked, facing, _looked_to(step, facing))]
    if step.pivots:
        parts.append(f"a pivot stone turns it {FACING_WORDS[step.facing]}")
    parts.append(_way(step))
    parts += [push_words(push) for push in step.pushes]
    if step.eaten:
        parts.append(f"eats {', '.join(step.eaten)}")
    if step.crushed:
        parts.append(f"crushes {', '.join(step.crushed)}")
    return "; ".join(parts) + "."


def _looked_to(step: MonsterStep, facing: Direction) -> Direction:
    """The way the look turned the monster: its step's way, unless a pivot turned it after the look."""
    return facing if step.pivots else step.facing


def _way(step: MonsterStep) -> str:
    squares = step.squares
    if step.teleport is not None:
        pad, out = step.teleport
        return f"steps onto the teleporter on {name(pad)} and comes out on {name(out)}, facing {FACING_WORDS[step.end_facing]}"
    if step.wall:
        return f"walks through the wall and comes back in on {name(step.end)}"
    if len(squares) > 1:
        return f"slides across the pool to {name(step.end)}"
    return f"steps {FACING_WORDS[step.facing]} to {name(step.end)}"


def monster_sentences(before: Position, after: Position, trace: MonsterTrace) -> list[str]:
    """A monster phase told step by step, then where it ends and what became of the pawns it took."""
    sentences = [f"Tombstone {tile_words(trace.tile)} is drawn: the monster on {name(trace.start)}, facing "
                 f"{FACING_WORDS[trace.start_facing]}, takes {len(trace.steps)} step{'s' if len(trace.steps) != 1 else ''}."]
    facing = trace.start_facing
    for step in trace.steps:
        sentences.append(step_sentence(step, facing))
        facing = step.end_facing
    sentences.append(f"It ends on {name(trace.end)}, facing {FACING_WORDS[trace.facing]}.")
    for ident in trace.eaten:
        pawn = after.pawn(ident)
        fate = "waits again by the entrance" if pawn.place is Place.WAITING else "leaves the game"
        sentences.append(f"{ident} {fate}.")
    if not trace.eaten:
        sentences.append("Nobody is eaten.")
    return sentences + [status_text(after) + "."]
