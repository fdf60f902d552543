"""The race calculator: the fewest pawn phases each pawn needs to get out, against the clock.

A pawn's face alternates every pawn phase (it is flipped whether it moved or
not), so its step budgets are its face now, then 7 minus it, then its face
again... :func:`race` searches breadth first, one pawn phase per level, over
the pawn's square, the stones (it pushes them) and the parity of the phase,
with the move generator (:func:`moves.pawn_moves`) from each end: the first
level at which a move takes it out is the fewest pawn phases it needs. A
state is a place and the parity of the phase; a square reached is explored
once per parity, with the stones as the first way there (in the generator's
order) left them.

The clock: 14 monster phases in a game (7 per round); a pawn that can still
move in the current pawn phase has one pawn phase per monster phase left,
else one fewer. When round 2's last tile has been played the pawns inside are
eaten, so a pawn needing more pawn phases than it has left cannot get out.

**Simplifications** (``RaceReport.assumption``): each pawn is raced alone.
The other pawns stay where they stand (crossable, never a resting place);
the monster stands where it is during the current pawn phase and is taken
off the board after it (where it will be is not known); nobody is eaten on
the way; and a square reached again with other stones is not explored again
(a route needing the stones pushed another way on the way there is missed).
The answer is the pawn's own best case on the board as it is, but for that
last point.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.fearsome.model.board import name
from solver.fearsome.model.state import TILES_PER_ROUND, Pawn, Phase, Place, Position, StoneKind
from solver.fearsome.rules import rounds, turns
from solver.fearsome.rules.moves import Path, pawn_moves

MONSTER_PHASES = 2 * TILES_PER_ROUND
"""Monster phases in a whole game (two rounds of seven tiles)."""
ASSUMPTION = ("each pawn alone: the other pawns stay where they stand, the monster is off the board after the current "
              "pawn phase, nobody is eaten on the way, and each square is explored once per face with the stones as the "
              "first way there left them")
OFF_BOARD = -1
"""Where the race puts the monster once the current pawn phase is over."""

Key = tuple[Place, int, tuple[tuple[int, StoneKind], ...]]
"""A search state: where the pawn is and the stones as it left them."""


@dataclass(frozen=True, slots=True)
class PawnRace:
    """One pawn in play: its next step budgets, the pawn phases it has left, and the fewest it needs to get out."""

    pawn: str
    colour: str
    place: Place
    square: int
    budgets: tuple[int, int]
    """The most steps of its next move and of the one after (then they repeat)."""
    available: int
    """Pawn phases in which it can still move before the game ends."""
    phases: int | None
    """The fewest pawn phases to get out, if it can within ``available``; else None."""
    route: tuple[Path, ...]
    """A fastest way out, one path per pawn phase (empty when it cannot get out in time)."""

    @property
    def where(self) -> str:
        return name(self.square) if self.place is Place.BOARD else self.place.value

    def as_json(self) -> dict[str, Any]:
        return {"pawn": self.pawn, "colour": self.colour, "at": self.where, "budgets": list(self.budgets),
                "available": self.available, "phases": self.phases, "in_time": self.phases is not None,
                "route": [list(path) for path in self.route]}

    def text(self) -> str:
        budgets = f"{self.budgets[0]}/{self.budgets[1]}"
        if self.phases is None:
            return f"{self.pawn:<10} {self.where:<7} steps {budgets}: cannot get out in the {self.available} pawn phases left"
        route = " | ".join(" ".join(path) or "(stays)" for path in self.route)
        return f"{self.pawn:<10} {self.where:<7} steps {budgets}: out in {self.phases} of {self.available}: {route}"


@dataclass(frozen=True, slots=True)
class PlayerRace:
    """One player: pawns out, pawns needed to win, and how many more could get out in time."""

    colour: str
    out: int
    needed: int
    in_time: int

    @property
    def may_win_outright(self) -> bool:
        return self.out + self.in_time >= self.needed

    def as_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "out": self.out, "needed": self.needed, "in_time": self.in_time,
                "may_win_outright": self.may_win_outright}

    def text(self) -> str:
        verdict = "may still win outright" if self.may_win_outright else "cannot win outright"
        return f"{self.colour:<8} out {self.out} of {self.needed} needed, {self.in_time} more can get out in time: {verdict}"


@dataclass(frozen=True, slots=True)
class RaceReport:
    played: int
    """Monster phases played so far (0 to 14)."""
    monster_phases_left: int
    pawns: tuple[PawnRace, ...]
    """Every pawn in play, in the position's order."""
    players: tuple[PlayerRace, ...]
    assumption: str = ASSUMPTION

    def as_json(self) -> dict[str, Any]:
        return {"played": self.played, "monster_phases_left": self.monster_phases_left, "assumption": self.assumption,
                "pawns": [pawn.as_json() for pawn in self.pawns], "players": [player.as_json() for player in self.players]}

    def text(self) -> str:
        lines = [f"The race: {self.played} monster phases played, {self.monster_phases_left} left",
                 f"Assumes {self.assumption}."]
        lines += [f"  {pawn.text()}" for pawn in self.pawns] or ["  no pawn in play"]
        lines += [f"  {player.text()}" for player in self.players]
        return "\n".join(lines) + "\n"


def race(position: Position) -> RaceReport:
    """The fewest pawn phases each pawn in play needs to get out, and who can still make it before the end."""
    played = rounds.monster_phases_played(position)
    left = 0 if position.phase is Phase.OVER else MONSTER_PHASES - played
    searched: dict[tuple[Any, ...], tuple[int | None, tuple[Path, ...]]] = {}
    entries = tuple(_race_one(position, pawn, left, searched) for pawn in position.pawns if pawn.in_play)
    players = []
    for colour in position.players:
        out = sum(1 for p in position.pawns_of(colour) if p.place is Place.OUT)
        in_time = sum(1 for entry in entries if entry.colour == colour and entry.phases is not None)
        players.append(PlayerRace(colour, out, turns.needed_exits(position, colour), in_time))
    return RaceReport(played, left, entries, tuple(players))


def _race_one(position: Position, pawn: Pawn, left: int, searched: dict[tuple[Any, ...], tuple[int | None, tuple[Path, ...]]]) -> PawnRace:
    """One pawn's race; ``searched`` shares the answer between pawns waiting alike (same place, budgets, clock)."""
    moves_now = position.phase is Phase.PAWNS and pawn in turns.movable(position, pawn.colour)
    # A pawn held back in the first pawn phase is flipped where it waits: its next move shows the other face.
    held_back = position.phase is Phase.PAWNS and not moves_now and pawn.ident not in position.moved
    first = 7 - pawn.value if held_back else pawn.value
    available = left if moves_now else max(0, left - 1)
    key = (pawn.place, pawn.square, first, available, moves_now)
    if key not in searched:
        searched[key] = fastest_way_out(position, pawn, first, available, monster_stays=moves_now)
    phases, route = searched[key]
    return PawnRace(pawn.ident, pawn.colour, pawn.place, pawn.square, (first, 7 - first), available, phases, route)


def fastest_way_out(position: Position, pawn: Pawn, first: int, horizon: int,
                    monster_stays: bool = True) -> tuple[int | None, tuple[Path, ...]]:
    """Breadth first over (place, square) and the phase's parity, budgets ``first``, ``7 - first``...; at most ``horizon`` phases.

    ``monster_stays``: the monster stands where it is in the first phase (the current one); in later phases it is off the board.
    """
    others = position.with_pawn(pawn.moved_to(Place.WAITING))
    start: Key = (pawn.place, pawn.square, position.stones)
    parent: dict[tuple[Key, int], tuple[tuple[Key, int], Path] | None] = {(start, 0): None}
    seen = {(pawn.place, pawn.square, 0)}
    frontier = [start]
    for level in range(horizon):
        budget = first if level % 2 == 0 else 7 - first
        board = others if level == 0 and monster_stays else replace(others, monster=OFF_BOARD)
        following: list[Key] = []
        for key in frontier:
            runner = _runner(pawn, key, budget)
            for move in pawn_moves(replace(board.with_pawn(runner), stones=key[2]), pawn.ident):
                if move.place is Place.OUT:
                    return level + 1, _route(parent, (key, level % 2)) + (move.paths[0],)
                if (move.place, move.square, (level + 1) % 2) in seen:
                    continue
                seen.add((move.place, move.square, (level + 1) % 2))
                nxt = ((move.place, move.square, move.stones), (level + 1) % 2)
                parent[nxt] = ((key, level % 2), move.paths[0])
                following.append(nxt[0])
        frontier = following
    return None, ()


def _runner(pawn: Pawn, key: Key, budget: int) -> Pawn:
    """The raced pawn at a search state, showing ``budget``."""
    place, square, _ = key
    shown = replace(pawn, black_up=pawn.white != budget)
    return shown.at(square) if place is Place.BOARD else shown.moved_to(place)


def _route(parent: dict[tuple[Key, int], tuple[tuple[Key, int], Path] | None], node: tuple[Key, int]) -> tuple[Path, ...]:
    paths: list[Path] = []
    link = parent[node]
    while link is not None:
        node, path = link
        paths.append(path)
        link = parent[node]
    return tuple(reversed(paths))
