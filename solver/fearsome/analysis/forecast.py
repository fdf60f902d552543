"""The monster forecast: for each tombstone tile the next draw may bring, where the monster goes and whom it eats.

The next monster phase draws one of the tiles :func:`rounds.next_tiles`
allows, with its exact chance (the game's first draw is never a prey tile).
For each, :func:`forecast` plays :func:`monster.monster_phase` on the
position as it stands and keeps the whole walk (the trace), its end, who is
eaten or crushed and which stones move; then each pawn's danger is the sum of
the chances of the tiles whose walk eats (or crushes) it.

**The assumption.** Asked during the pawn phase, the forecast looks at the
pawns where they stand now: the pawns still to move this phase are taken to
stay put (``Forecast.assumption`` says so). Asked in the monster's phase it
is exact. When the game is over there is nothing to forecast.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from solver.base.odds import fraction_text, percent
from solver.fearsome.model.board import name
from solver.fearsome.model.state import Phase, Place, Position, StoneKind
from solver.fearsome.rules import rounds
from solver.fearsome.rules.monster import MonsterStep, MonsterTrace, Push, monster_phase

STAND_STILL = "the pawns still to move this phase stay where they are now"
"""What a forecast asked during the pawn phase assumes."""
STONE_NAMES = frozenset(kind.value for kind in StoneKind)


@dataclass(frozen=True, slots=True)
class TileForecast:
    """The monster's walk for one tile the next draw may bring."""

    tile: str
    p: Fraction
    trace: MonsterTrace
    after: Position
    """The position after the walk (the eaten pawns placed by the round; the pile and the turn untouched)."""

    @property
    def path(self) -> tuple[int, ...]:
        """Every square the monster enters, in order (slides, wall re-entries and teleporter jumps included)."""
        return tuple(sq for step in self.trace.steps for sq in step.squares)

    @property
    def eaten(self) -> tuple[str, ...]:
        """The pawns the monster steps on, in order."""
        return tuple(ident for step in self.trace.steps for ident in step.eaten)

    @property
    def crushed(self) -> tuple[str, ...]:
        """The pawns pushed off the board (or onto a teleporter), in order."""
        return tuple(ident for step in self.trace.steps for ident in step.crushed)

    @property
    def stones(self) -> tuple[Push, ...]:
        """Every push of a stone, in order (a stone pushed twice shows twice)."""
        return tuple(push for step in self.trace.steps for push in step.pushes if push.thing in STONE_NAMES)

    def as_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "p": float(self.p),
            "p_exact": fraction_text(self.p),
            "path": [name(sq) for sq in self.path],
            "end": name(self.trace.end),
            "facing": self.trace.facing.letter,
            "eaten": list(self.eaten),
            "crushed": list(self.crushed),
            "stones": [push_json(push) for push in self.stones],
            "steps": [step_json(step) for step in self.trace.steps],
        }

    def text(self) -> str:
        victims = [*self.eaten, *(f"{ident} (crushed)" for ident in self.crushed)]
        moved = ", ".join(push_text(push) for push in self.stones)
        lines = [f"tile {self.tile:<5} {percent(self.p)}: ends {name(self.trace.end)} facing {self.trace.facing.letter}; "
                 f"takes {', '.join(victims) or 'nobody'}" + (f"; stones {moved}" if moved else ""),
                 f"  path {' '.join(name(sq) for sq in self.path) or '(stays)'}"]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class PawnDanger:
    """One pawn on the board: its chance of being eaten or crushed at the next monster phase, and by which tiles."""

    pawn: str
    colour: str
    square: int
    p: Fraction
    tiles: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"pawn": self.pawn, "colour": self.colour, "at": name(self.square), "p": float(self.p),
                "p_exact": fraction_text(self.p), "tiles": list(self.tiles)}

    def text(self) -> str:
        by = f"  (tiles {', '.join(self.tiles)})" if self.tiles else ""
        return f"{self.pawn:<10} {name(self.square):<4} {percent(self.p)}{by}"


@dataclass(frozen=True, slots=True)
class Forecast:
    """The next monster phase, tile by tile, and each pawn's danger."""

    phase: Phase
    round: int
    drawn: int
    """Tiles drawn so far this round."""
    first_draw: bool
    """The draw is one the prey tiles are kept out of."""
    tiles: tuple[TileForecast, ...]
    """In the pile's order; the chances sum to 1 (empty when the game is over)."""
    pawns: tuple[PawnDanger, ...]
    """Every pawn on the board, in the position's order."""
    assumption: str | None
    """What the forecast assumes (:data:`STAND_STILL` in the pawn phase), None when it is exact."""

    def danger(self, ident: str) -> Fraction:
        """The chance pawn ``ident`` is eaten or crushed at the next monster phase (0 for a pawn off the board)."""
        for entry in self.pawns:
            if entry.pawn == ident:
                return entry.p
        return Fraction(0)

    def as_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "round": self.round,
            "drawn": self.drawn,
            "first_draw": self.first_draw,
            "assumption": self.assumption,
            "tiles": [tile.as_json() for tile in self.tiles],
            "pawns": [pawn.as_json() for pawn in self.pawns],
        }

    def text(self) -> str:
        if self.phase is Phase.OVER:
            return "The game is over: no monster phase to forecast.\n"
        head = f"The next monster phase: round {self.round}, tile {self.drawn + 1} of 7"
        head += " (the game's first draw: no prey tile)" if self.first_draw else ""
        lines = [head]
        if self.assumption:
            lines.append(f"Assumes {self.assumption}.")
        lines += [tile.text() for tile in self.tiles]
        lines.append("Danger per pawn:")
        lines += [f"  {pawn.text()}" for pawn in self.pawns] or ["  no pawn on the board"]
        return "\n".join(lines) + "\n"


def monster_ready(position: Position) -> Position:
    """The position as the monster would find it if the pawns still to move stayed put (itself outside the pawn phase)."""
    if position.phase is Phase.PAWNS:
        return replace(position, phase=Phase.MONSTER, to_move=-1)
    return position


def forecast(position: Position) -> Forecast:
    """Every tile the next monster phase may draw, its walk, and each pawn's exact chance of being eaten."""
    ready = monster_ready(position)
    tiles = []
    for tile, p in rounds.next_tiles(ready):
        after, trace = monster_phase(ready, tile)
        tiles.append(TileForecast(tile, p, trace, after))
    dangers = []
    for pawn in position.pawns:
        if pawn.place is Place.BOARD:
            hits = [t for t in tiles if pawn.ident in t.trace.eaten]
            dangers.append(PawnDanger(pawn.ident, pawn.colour, pawn.square, sum((t.p for t in hits), Fraction(0)),
                                      tuple(t.tile for t in hits)))
    assumption = STAND_STILL if position.phase is Phase.PAWNS else None
    pile = position.tombstones
    first = position.phase is not Phase.OVER and rounds.first_draw_rule(position)
    return Forecast(position.phase, pile.round, len(pile.drawn), first, tuple(tiles), tuple(dangers), assumption)


# -- rendering helpers, shared by the other analyses ------------------------------------------------------------------

def push_text(push: Push) -> str:
    end = name(push.end) if push.end >= 0 else push.fate
    return f"{name(push.start)}-{end}"


def push_json(push: Push) -> dict[str, Any]:
    return {"thing": push.thing, "from": name(push.start), "to": name(push.end) if push.end >= 0 else None, "fate": push.fate}


def step_json(step: MonsterStep) -> dict[str, Any]:
    return {
        "number": step.number,
        "from": name(step.start),
        "saw": [{"direction": s.direction.letter, "pawn": s.pawn, "distance": s.distance} for s in step.looked if s.pawn],
        "facing": step.facing.letter,
        "pivots": [kind.value for kind in step.pivots],
        "squares": [name(sq) for sq in step.squares],
        "wall": step.wall,
        "teleport": [name(sq) for sq in step.teleport] if step.teleport else None,
        "pushes": [push_json(push) for push in step.pushes],
        "eaten": list(step.eaten),
        "crushed": list(step.crushed),
        "to": name(step.end),
        "end_facing": step.end_facing.letter,
    }
