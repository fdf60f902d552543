"""A pawn's moves: every end it can reach with the paths there, and playing one.

A move is a path of steps, each costing one point of the pawn's face value
(at most that many; none is a move too, the pawn is only flipped). Steps are
``n e s w``, ``in`` (the first step, onto the entrance) and ``out`` (from the
exit, through the door). A step may cross other pawns but not end the move on
one, never enters the monster's square or a teleporter, and pushes one stone
if the square past it is free (never two, never off the board). Stepping onto
a pool costs the one step and slides the pawn across: it stops past the pool,
pushing a stone there if it can, or on the last pool square when it cannot go
on (a wall, the monster, a stone it cannot push); turning there is the next
step. The moves are found breadth first, so each end comes with its shortest
paths.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.fearsome.model.board import DIRECTION_NAMES, ENTRANCE, EXIT, Direction, neighbour
from solver.fearsome.model.state import Pawn, Phase, Place, Position, StoneKind
from solver.fearsome.rules import turns
from solver.fearsome.rules.floor import Floor

STEPS = ("n", "e", "s", "w")
ENTER, LEAVE = "in", "out"
MAX_PATHS = 12
"""Shortest paths kept per end (sorted); a move is the same whatever path led there."""

Path = tuple[str, ...]


class IllegalMove(ValueError):
    """A path the rules refuse; the message says which step and why."""


@dataclass(frozen=True, slots=True)
class PawnMove:
    """One end a pawn can reach: where it ends, the stones after, and the shortest paths there."""

    pawn: str
    place: Place
    square: int
    stones: tuple[tuple[int, StoneKind], ...]
    steps: int
    paths: tuple[Path, ...]


def _push(floor: Floor, stone: int, d: Direction) -> str | None:
    """A pawn pushes the stone on ``stone`` one square; None if done, else why it cannot."""
    beyond = neighbour(stone, d)
    if beyond is None:
        return "a stone cannot be pushed off the board"
    if beyond in floor.stones:
        return "only one stone can be pushed at a time"
    if floor.occupied(beyond):
        return "the square past the stone is not free"
    floor.place_stone(floor.stones.pop(stone), beyond, d)
    return None


def step(floor: Floor, place: Place, pos: int, token: str, left: int) -> tuple[Place, int]:
    """One step of the moving pawn (``left`` points before it); changes ``floor``; raises :class:`IllegalMove`."""
    if left < 1:
        raise IllegalMove("no step left")
    if place is Place.OUT:
        raise IllegalMove("the pawn is already out")
    if token == ENTER:
        if place is not Place.WAITING:
            raise IllegalMove("'in' is only the first step of a pawn waiting off the board")
        if floor.monster == ENTRANCE:
            raise IllegalMove("the monster stands on the entrance")
        if ENTRANCE in floor.stones:
            raise IllegalMove("a stone stands on the entrance")
        return Place.BOARD, ENTRANCE
    if place is Place.WAITING:
        raise IllegalMove("a pawn off the board enters first ('in')")
    if token == LEAVE:
        if pos != EXIT:
            raise IllegalMove("a pawn leaves only from the exit, a11")
        return Place.OUT, -1
    if token not in DIRECTION_NAMES:
        raise IllegalMove(f"{token!r} is not a step: n, e, s, w, in or out")
    d = DIRECTION_NAMES[token]
    target = neighbour(pos, d)
    if target is None or target in floor.teleporters:
        raise IllegalMove("a wall or a teleporter is in the way")
    if target == floor.monster:
        raise IllegalMove("a pawn never passes through the monster")
    if target in floor.stones:
        refused = _push(floor, target, d)
        if refused:
            raise IllegalMove(refused)
    pos = target
    while pos in floor.pools:  # the slide: free, straight on
        nxt = neighbour(pos, d)
        if nxt is None or nxt in floor.teleporters or nxt == floor.monster:
            break
        if nxt in floor.stones and _push(floor, nxt, d) is not None:
            break
        pos = nxt
    return Place.BOARD, pos


def _tokens(place: Place, pos: int) -> tuple[str, ...]:
    if place is Place.WAITING:
        return (ENTER,)
    return (*STEPS, LEAVE) if pos == EXIT else STEPS


def _may_end(floor: Floor, place: Place, pos: int, path: Path) -> bool:
    if place is Place.WAITING:
        return not path
    return place is Place.OUT or pos not in floor.pawns


def pawn_moves(position: Position, ident: str) -> tuple[PawnMove, ...]:
    """Every end pawn ``ident`` can reach from here with its face value, each with its shortest paths.

    Sorted by steps, then by the first path. The pawn need not be the one to
    move (a forecast asks about anyone); it must be on the board or waiting.
    """
    pawn = position.pawn(ident)
    if not pawn.in_play:
        return ()
    start = Floor.of(position)
    start.pawns.pop(pawn.square, None)
    Key = tuple[Place, int, tuple[tuple[int, StoneKind], ...]]
    frontier: dict[Key, tuple[Floor, list[Path]]] = {(pawn.place, pawn.square, start.stones_key()): (start, [()])}
    seen: set[Key] = set(frontier)
    found: list[PawnMove] = []
    for used in range(pawn.value + 1):
        following: dict[Key, tuple[Floor, list[Path]]] = {}
        for (place, pos, stones), (floor, paths) in frontier.items():
            shortest = tuple(sorted(paths)[:MAX_PATHS])
            if _may_end(floor, place, pos, shortest[0]):
                found.append(PawnMove(ident, place, pos, stones, used, shortest))
            if used == pawn.value or place is Place.OUT:
                continue
            for token in _tokens(place, pos):
                trial = floor.copy()
                try:
                    new_place, new_pos = step(trial, place, pos, token, pawn.value - used)
                except IllegalMove:
                    continue
                key = (new_place, new_pos, trial.stones_key())
                if key in seen and key not in following:
                    continue
                seen.add(key)
                entry = following.setdefault(key, (trial, []))
                entry[1].extend(path + (token,) for path in shortest)
        frontier = following
    return tuple(sorted(found, key=lambda m: (m.steps, m.paths[0])))


def legal_moves(position: Position) -> tuple[PawnMove, ...]:
    """The moves of the player to move: every end of every pawn they may move now."""
    if position.phase is not Phase.PAWNS or position.to_move < 0:
        return ()
    colour = position.players[position.to_move]
    return tuple(m for p in turns.movable(position, colour) for m in pawn_moves(position, p.ident))


def apply_move(position: Position, move: PawnMove) -> Position:
    """Play ``move`` (one of :func:`legal_moves`): the pawn ends there, flipped; the turn passes on."""
    pawn = position.pawn(move.pawn)
    moved: Pawn = pawn.at(move.square) if move.place is Place.BOARD else pawn.moved_to(move.place)
    position = replace(position.with_pawn(moved.flipped()), stones=move.stones)
    return turns.after_move(position, move.pawn)


def move_along(position: Position, ident: str, path: Path) -> Position:
    """Play pawn ``ident`` along ``path`` (steps as in the module doc); raises :class:`IllegalMove` saying why."""
    pawn = position.pawn(ident)
    if position.phase is not Phase.PAWNS or position.to_move < 0:
        raise IllegalMove("no pawn moves now")
    if pawn not in turns.movable(position, position.players[position.to_move]):
        raise IllegalMove(f"{ident} may not move now")
    if len(path) > pawn.value:
        raise IllegalMove(f"{ident} shows {pawn.value}: at most {pawn.value} steps")
    floor = Floor.of(position)
    floor.pawns.pop(pawn.square, None)
    place, pos = pawn.place, pawn.square
    for index, token in enumerate(path):
        try:
            place, pos = step(floor, place, pos, token, pawn.value - index)
        except IllegalMove as refused:
            raise IllegalMove(f"step {index + 1} ({token}): {refused}") from None
    if not _may_end(floor, place, pos, path):
        raise IllegalMove("a pawn cannot end its move on another pawn")
    move = PawnMove(ident, place, pos if place is Place.BOARD else -1, floor.stones_key(), len(path), (path,))
    return apply_move(position, move)


