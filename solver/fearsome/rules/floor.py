"""Where a pushed thing comes to rest: the mechanics pawns and the monster share.

A :class:`Floor` is a scratch copy of what lies on the board (stones, pawns,
the monster) over the fixed scenery (pools, teleporters), changed in place
while one move or one monster phase is worked out, then turned back into a
:class:`~solver.fearsome.model.state.Position`. A thing pushed onto a pool slides on
in the same direction: it stops on the first square past the pool if that
square is free, otherwise on the last pool square; a thing pushed or slid
onto a teleporter is destroyed; a stone arriving on a corner is taken off.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from solver.fearsome.model.board import CORNERS, Direction, neighbour
from solver.fearsome.model.state import Position, StoneKind, sorted_stones

DESTROYED = -1
"""The resting place of a thing pushed onto a teleporter."""


@dataclass(slots=True)
class Floor:
    stones: dict[int, StoneKind]
    pawns: dict[int, str]
    monster: int
    pools: frozenset[int]
    teleporters: frozenset[int]
    corner_removes: bool = True
    """Whether a stone arriving on a corner is taken off (pawn pushes always; the monster's: FF-MONSTER-CORNER)."""
    removed_stones: list[tuple[int, StoneKind]] = field(default_factory=list)

    @classmethod
    def of(cls, position: Position) -> Floor:
        return cls(dict(position.stones), position.pawn_squares(), position.monster,
                   position.pool_squares(), frozenset(position.teleporter_at()))

    def occupied(self, sq: int) -> bool:
        """A stone, a pawn or the monster stands there."""
        return sq in self.stones or sq in self.pawns or sq == self.monster

    def rest(self, start: int, d: Direction) -> int:
        """Where a thing arriving on ``start`` (free) in direction ``d`` comes to rest, or :data:`DESTROYED`."""
        if start in self.teleporters:
            return DESTROYED
        pos = start
        while pos in self.pools:
            nxt = neighbour(pos, d)
            if nxt is None or self.occupied(nxt):
                return pos
            if nxt in self.teleporters:
                return DESTROYED
            pos = nxt
        return pos

    def place_stone(self, kind: StoneKind, start: int, d: Direction, corner_removes: bool = True) -> int:
        """Put a stone pushed onto ``start``: it slides, is destroyed, or is taken off a corner; where it ends."""
        end = self.rest(start, d)
        if end == DESTROYED or (end in CORNERS and corner_removes):
            self.removed_stones.append((start, kind))
            return DESTROYED
        self.stones[end] = kind
        return end

    def copy(self) -> Floor:
        return Floor(dict(self.stones), dict(self.pawns), self.monster, self.pools, self.teleporters,
                     self.corner_removes, list(self.removed_stones))

    def stones_key(self) -> tuple[tuple[int, StoneKind], ...]:
        return sorted_stones(self.stones)

    def onto(self, position: Position) -> Position:
        """The position with this floor's stones and monster square (pawns are the caller's to place)."""
        return replace(position, stones=self.stones_key(), monster=self.monster)
