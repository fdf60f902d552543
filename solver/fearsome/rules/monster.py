"""The monster phase: look, then step, as many times as the tombstone tile says; a pure function with a trace.

Each step the monster first looks ahead, left and right (never behind):
along each line it sees the nearest pawn, unless a stone (not a crystal)
or the wall comes first; it turns toward the strictly nearest pawn seen, and
keeps its direction when it sees none or two at the same distance. Then it
steps one square: a pawn there is eaten; a stone there is pushed with
everything lined up behind it (stones and pawns; a pawn pushed off the board
is crushed, a stone leaves the game); onto a pool it slides across in the
same step, eating and pushing as it goes; through the wall it comes back at
the reflected square; onto a teleporter it jumps to the partner and faces
its arrow. A pivot stone right ahead, when the monster sees no pawn, turns
it (right or about) instead of being pushed; a pivot right ahead the new way
turns it again (FF-PIVOT-CHAIN), and when the turns bring it back to a way it
already faced in this step it is in a cage of pivots: it pushes none, stays
where it is, and the step is spent. After the last step it looks
once more and turns. A prey tile walks it until it has eaten (or crushed)
that many pawns, at most 20 steps.

:func:`monster_phase` is what a forecast calls once per possible tile.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.fearsome.model.board import Direction, neighbour, reentry
from solver.fearsome.model.state import MAX_PREY_STEPS, PIVOTS, PREY, Place, Position, StoneKind
from solver.fearsome.rules.floor import DESTROYED, Floor

MAX_SQUARES_PER_STEP = 64
"""A guard: a slide crosses at most a few squares; no board makes a step longer."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What the monster saw along one direction: the nearest pawn and how many squares away, or nothing."""

    direction: Direction
    pawn: str | None = None
    distance: int = 0


@dataclass(frozen=True, slots=True)
class Push:
    """A thing the monster pushed: a stone kind or a pawn's id, from where to where (-1: off the board, or destroyed)."""

    thing: str
    start: int
    end: int
    fate: str
    """``moved``, ``off`` (pushed off the board), ``teleporter`` (destroyed on one), ``corner`` (a stone taken off)."""


@dataclass(frozen=True, slots=True)
class MonsterStep:
    number: int
    start: int
    looked: tuple[Seen, ...]
    facing: Direction
    """The direction of the step (after the look and any pivot)."""
    pivots: tuple[StoneKind, ...]
    squares: tuple[int, ...]
    """Every square entered, in order: the first, the slide, the re-entry after a wall, the teleporter arrived at."""
    wall: bool
    teleport: tuple[int, int] | None
    pushes: tuple[Push, ...]
    eaten: tuple[str, ...]
    crushed: tuple[str, ...]
    end: int
    end_facing: Direction


@dataclass(frozen=True, slots=True)
class MonsterTrace:
    tile: str
    start: int
    start_facing: Direction
    steps: tuple[MonsterStep, ...]
    final_look: tuple[Seen, ...]
    end: int
    facing: Direction
    eaten: tuple[str, ...]
    """Every pawn eaten, crushed or destroyed, in order."""


def look(floor: Floor, at: int, facing: Direction) -> tuple[Seen, ...]:
    """What the monster on ``at`` sees ahead, to its left and to its right (sight stops at stones and the wall)."""
    seen = []
    for d in (facing, facing.left, facing.right):
        pos: int | None = at
        distance = 0
        found = Seen(d)
        while True:
            pos = neighbour(pos, d)  # type: ignore[arg-type]
            if pos is None:
                break
            distance += 1
            if pos in floor.pawns:
                found = Seen(d, floor.pawns[pos], distance)
                break
            stone = floor.stones.get(pos)
            if stone is not None and stone is not StoneKind.CRYSTAL:
                break
        seen.append(found)
    return tuple(seen)


def choose(facing: Direction, seen: tuple[Seen, ...]) -> tuple[Direction, bool, bool]:
    """The direction after a look, whether any pawn was seen, and whether the nearest were tied."""
    pawns = [s for s in seen if s.pawn is not None]
    if not pawns:
        return facing, False, False
    nearest = min(s.distance for s in pawns)
    closest = [s.direction for s in pawns if s.distance == nearest]
    if len(closest) == 1:
        return closest[0], True, False
    return facing, True, True


class _Step:
    """The running record of one step while it is worked out."""

    def __init__(self) -> None:
        self.squares: list[int] = []
        self.pushes: list[Push] = []
        self.eaten: list[str] = []
        self.crushed: list[str] = []
        self.wall = False
        self.teleport: tuple[int, int] | None = None


def _push_chain(floor: Floor, target: int, d: Direction, record: _Step, corner_removes: bool) -> None:
    """Push the stone on ``target`` and everything lined up behind it one square in ``d``, the front first."""
    chain = []
    pos: int | None = target
    while pos is not None and (pos in floor.stones or pos in floor.pawns):
        chain.append(pos)
        pos = neighbour(pos, d)
    for sq in reversed(chain):
        nxt = neighbour(sq, d)
        if sq in floor.stones:
            kind = floor.stones.pop(sq)
            if nxt is None:
                floor.removed_stones.append((sq, kind))
                record.pushes.append(Push(kind.value, sq, -1, "off"))
                continue
            teleported = floor.rest(nxt, d) == DESTROYED
            end = floor.place_stone(kind, nxt, d, corner_removes)
            fate = "moved" if end != DESTROYED else "teleporter" if teleported else "corner"
            record.pushes.append(Push(kind.value, sq, end, fate))
        else:
            ident = floor.pawns.pop(sq)
            end = DESTROYED if nxt is None else floor.rest(nxt, d)
            if end == DESTROYED:
                record.crushed.append(ident)
                record.pushes.append(Push(ident, sq, -1, "off" if nxt is None else "teleporter"))
            else:
                floor.pawns[end] = ident
                record.pushes.append(Push(ident, sq, end, "moved"))


def _walk(floor: Floor, facing: Direction, record: _Step, position: Position) -> Direction:
    """Move the monster one step in ``facing`` (slides, walls, teleporters included); its facing after."""
    partners = position.teleporter_at()
    rulings = position.rulings
    sliding = False
    for _ in range(MAX_SQUARES_PER_STEP):
        here = floor.monster
        target = neighbour(here, facing)
        if target is None:
            if sliding and not rulings.pool_wall:
                return facing
            target = reentry(here)
            record.wall = True
        if target in partners:
            arrival = partners[target]
            record.squares += [target, arrival.square]
            record.teleport = (target, arrival.square)
            floor.monster = arrival.square
            return arrival.arrow
        if target in floor.stones:
            _push_chain(floor, target, facing, record, rulings.monster_corner)
        if target in floor.pawns:
            record.eaten.append(floor.pawns.pop(target))
        floor.monster = target
        record.squares.append(target)
        if target not in floor.pools:
            return facing
        sliding = True
    return facing


def _pivot(floor: Floor, facing: Direction, turns: list[StoneKind], chain: bool) -> tuple[Direction, bool]:
    """Turn on pivot stones right ahead (the monster sees no pawn): the facing after, and whether it is caged.

    With ``chain`` (FF-PIVOT-CHAIN) it turns at each pivot ahead until none is, or until the turns bring it
    back to a way it already faced (a cage: it then takes no step); without, it turns once."""
    faced = {facing}
    while True:
        ahead = neighbour(floor.monster, facing)
        kind = floor.stones.get(ahead) if ahead is not None else None
        if kind not in PIVOTS:
            return facing, False
        turns.append(kind)
        facing = facing.right if kind is StoneKind.PIVOT_RIGHT else facing.back
        if not chain:
            return facing, False
        if facing in faced:  # every way it faced had a pivot ahead: the turns would go round for ever
            return facing, True
        faced.add(facing)


def tile_plan(tile: str, position: Position) -> tuple[int, int]:
    """(steps, prey) for a tile: a number tile walks its steps; a prey tile walks until fed, at most 20."""
    if tile == "5" and not position.rulings.three_prey:
        tile = "prey3"
    if tile in PREY:
        return MAX_PREY_STEPS, PREY[tile]
    return int(tile), 0


def monster_phase(position: Position, tile: str) -> tuple[Position, MonsterTrace]:
    """The monster's move for ``tile``: the position after it (eaten pawns placed by the round) and the trace.

    Pure: the tombstone pile, the turn and the round are left as they were
    (``rounds.resolve`` does that bookkeeping).
    """
    floor = Floor.of(position)
    facing = position.facing
    steps_allowed, prey = tile_plan(tile, position)
    steps: list[MonsterStep] = []
    gone: list[str] = []
    while len(steps) < steps_allowed and not (prey and len(gone) >= prey):
        start = floor.monster
        seen = look(floor, start, facing)
        facing, saw, tied = choose(facing, seen)
        turns: list[StoneKind] = []
        caged = False
        if not saw or (tied and not position.rulings.pivot_tie):
            facing, caged = _pivot(floor, facing, turns, position.rulings.pivot_chain)
        record = _Step()
        step_facing = facing
        if not caged:  # caged, the step is spent turning: it pushes no pivot
            facing = _walk(floor, facing, record, position)
        gone += record.eaten + record.crushed
        steps.append(MonsterStep(len(steps) + 1, start, seen, step_facing, tuple(turns), tuple(record.squares), record.wall,
                                 record.teleport, tuple(record.pushes), tuple(record.eaten), tuple(record.crushed),
                                 floor.monster, facing))
    final_look = look(floor, floor.monster, facing)
    facing = choose(facing, final_look)[0]
    trace = MonsterTrace(tile, position.monster, position.facing, tuple(steps), final_look, floor.monster, facing, tuple(gone))
    return _after(position, floor, facing, set(gone), steps), trace


def _after(position: Position, floor: Floor, facing: Direction, gone: set[str], steps: list[MonsterStep]) -> Position:
    """The position after the walk: pawns where the floor has them; the eaten off the board or out of the game."""
    at = {ident: sq for sq, ident in floor.pawns.items()}
    teleported = {p.thing for s in steps for p in s.pushes if p.fate == "teleporter"}
    pawns = []
    for pawn in position.pawns:
        if pawn.ident in gone:
            for_good = position.tombstones.round == 2 or (pawn.ident in teleported and not position.rulings.teleport_eaten)
            pawn = pawn.moved_to(Place.REMOVED if for_good else Place.WAITING)
        elif pawn.place is Place.BOARD:
            pawn = pawn.at(at[pawn.ident])
        pawns.append(pawn)
    return replace(floor.onto(position), pawns=tuple(pawns), facing=facing)
