"""The safe-move finder: every end a pawn can reach, ranked by its chance of being eaten at the next monster phase.

:func:`rank_moves` takes each legal end of the pawn (or of every pawn the
player to move may move), plays it, and asks :func:`forecast.forecast` for the
moving pawn's danger, the pawns still to move standing still (the forecast's
assumption). Safest first; ties keep the move generator's order (fewest
steps, then the first path), so the ranking is deterministic.

``worst_case=True`` also plays out, for each move, every way the rest of the
pawn phase can go (each remaining pawn's move in turn order, whoever owns it,
the moving player's other pawns included) and keeps the *maximum* danger over
those joint replies: the most harm any continuation can do. It is exact but
grows as a product, so it stops at :data:`MAX_REPLIES` joint replies per move;
past that the move says "too many replies" and ranks by its plain danger.

``lure=P`` ranks by the danger the move brings to opponent pawn ``P`` (most
first), ties broken by the moving pawn's own safety (its worst case when
asked and known, else its plain danger).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from solver.base.odds import fraction_text, percent
from solver.fearsome.analysis.forecast import STAND_STILL, Forecast, forecast
from solver.fearsome.model.board import name
from solver.fearsome.model.state import Phase, Place, Position
from solver.fearsome.rules import moves, turns
from solver.fearsome.rules.moves import PawnMove

MAX_REPLIES = 200
"""Joint replies (sequences of the remaining pawns' moves to the end of the phase) played out per move, at most."""
TOO_MANY = "too many replies"
TOO_MANY_NOTE = f"{TOO_MANY}: more than {MAX_REPLIES} joint replies; ranked by its plain danger"
"""Why a move's worst case is null in JSON."""


class RankingError(ValueError):
    """A question rank_moves cannot answer here (no such pawn, not its turn); the message says what would be valid."""


@dataclass(frozen=True, slots=True)
class RankedMove:
    """One end of the moving pawn with its scores."""

    move: PawnMove
    danger: Fraction
    """The moving pawn's chance of being eaten or crushed at the next monster phase, the others standing still."""
    tiles: tuple[str, ...]
    """The tiles whose walk eats it then."""
    worst: Fraction | None = None
    """The maximum of that chance over the remaining pawns' joint replies (None: not asked, or too many replies)."""
    replies: int | None = None
    """Joint replies played out (None: not asked or more than :data:`MAX_REPLIES`); 1 when nobody is left to move."""
    lure: Fraction | None = None
    """The lured pawn's danger after this move (None: no lure asked)."""
    worst_asked: bool = False
    """Whether the worst case was asked: its JSON then always has ``worst``, ``replies`` and ``note``."""

    @property
    def where(self) -> str:
        return name(self.move.square) if self.move.place is Place.BOARD else self.move.place.value

    def as_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "pawn": self.move.pawn,
            "to": self.where,
            "steps": self.move.steps,
            "path": list(self.move.paths[0]),
            "paths": [list(path) for path in self.move.paths],
            "stones": {name(sq): kind.value for sq, kind in self.move.stones},
            "danger": float(self.danger),
            "danger_exact": fraction_text(self.danger),
            "tiles": list(self.tiles),
        }
        if self.worst_asked:
            doc["worst"] = None if self.worst is None else float(self.worst)
            doc["worst_exact"] = None if self.worst is None else fraction_text(self.worst)
            doc["replies"] = self.replies
            # Same keys for every move, so a reader need not guess why one lacks them.
            doc["note"] = None if self.worst is not None else TOO_MANY_NOTE
        if self.lure is not None:
            doc["lure"] = float(self.lure)
            doc["lure_exact"] = fraction_text(self.lure)
        return doc

    def text(self, worst_case: bool = False) -> str:
        path = " ".join(self.move.paths[0]) or "(stays)"
        line = f"{self.move.pawn:<10} {self.where:<7} {path:<22} danger {percent(self.danger)}"
        if worst_case:
            line += f", worst {percent(self.worst)} over {self.replies} replies" if self.worst is not None else f", worst: {TOO_MANY}"
        if self.lure is not None:
            line += f", lure {percent(self.lure)}"
        return line


@dataclass(frozen=True, slots=True)
class MoveRanking:
    """Every end of the moving pawn(s), best first."""

    colour: str
    pawn: str | None
    """The pawn asked about, or None: every pawn the player to move may move."""
    mode: str
    """``safe`` (least danger first), ``worst_case`` (least worst danger first) or ``lure`` (most danger to the lure first)."""
    lure: str | None
    worst_case: bool
    moves: tuple[RankedMove, ...]
    assumption: str
    notes: tuple[str, ...] = ()

    @property
    def best(self) -> RankedMove:
        return self.moves[0]

    def as_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "pawn": self.pawn, "mode": self.mode, "lure": self.lure,
                "worst_case": self.worst_case, "assumption": self.assumption, "max_replies": MAX_REPLIES,
                "moves": [move.as_json() for move in self.moves], "notes": list(self.notes)}

    def text(self) -> str:
        who = self.pawn or f"{self.colour}'s pawns"
        heads = {"safe": f"Moves of {who}, safest first", "worst_case": f"Moves of {who}, safest in the worst case first",
                 "lure": f"Moves of {who}, most dangerous to {self.lure} first"}
        lines = [heads[self.mode], f"Assumes {self.assumption}."]
        lines += [f"  {move.text(self.worst_case)}" for move in self.moves]
        lines += self.notes
        return "\n".join(lines) + "\n"


def rank_moves(position: Position, pawn: str | None = None, *, worst_case: bool = False, lure: str | None = None) -> MoveRanking:
    """Rank every legal end of ``pawn`` (default: every pawn the player to move may move); raises :class:`RankingError`."""
    candidates = _candidates(position, pawn)
    colour = position.pawn(candidates[0].pawn).colour if candidates else position.players[position.to_move]
    if lure is not None:
        _check_lure(position, lure, colour)
    ranked = []
    notes = []
    for move in candidates:
        after = played(position, move)
        seen = forecast(after)
        entry = RankedMove(move, seen.danger(move.pawn), _tiles_of(seen, move.pawn),
                           lure=None if lure is None else seen.danger(lure))
        if worst_case:
            worst, replies = worst_danger(after, move.pawn)
            entry = replace(entry, worst=worst, replies=replies, worst_asked=True)
        ranked.append(entry)
    if worst_case and any(entry.worst is None for entry in ranked):
        notes.append(f"{TOO_MANY}: more than {MAX_REPLIES} joint replies for some moves; those rank by their plain danger")
    order = {id(entry): index for index, entry in enumerate(ranked)}

    def own(entry: RankedMove) -> Fraction:
        return entry.worst if entry.worst is not None else entry.danger

    if lure is not None:
        ranked.sort(key=lambda e: (-(e.lure or 0), own(e), order[id(e)]))
    else:
        ranked.sort(key=lambda e: (own(e), e.danger, order[id(e)]))
    mode = "lure" if lure is not None else "worst_case" if worst_case else "safe"
    assumption = STAND_STILL if not worst_case else "every way the pawns still to move this phase may move (the worst kept)"
    return MoveRanking(colour, pawn, mode, lure, worst_case, tuple(ranked), assumption, tuple(notes))


def _candidates(position: Position, pawn: str | None) -> tuple[PawnMove, ...]:
    if position.phase is not Phase.PAWNS:
        raise RankingError(f"no pawn moves now: the game is in the {position.phase.value} phase")
    if pawn is None:
        return moves.legal_moves(position)
    idents = [p.ident for p in position.pawns]
    if pawn not in idents:
        raise RankingError(f"no pawn {pawn!r}; the pawns are {', '.join(idents)}")
    chosen = position.pawn(pawn)
    if chosen not in turns.movable(position, chosen.colour):
        can = [p.ident for colour in position.players for p in turns.movable(position, colour)]
        raise RankingError(f"{pawn} has no move left in this pawn phase; pawns still to move: {', '.join(can) or 'none'}")
    return moves.pawn_moves(position, pawn)


def _check_lure(position: Position, lure: str, colour: str) -> None:
    opponents = [p.ident for p in position.pawns if p.colour != colour]
    if lure not in opponents:
        raise RankingError(f"lure {lure!r} is not an opponent's pawn; could be: {', '.join(opponents) or 'none'}")


def _tiles_of(seen: Forecast, ident: str) -> tuple[str, ...]:
    for entry in seen.pawns:
        if entry.pawn == ident:
            return tuple(entry.tiles)
    return ()


def played(position: Position, move: PawnMove) -> Position:
    """The position after ``move``: played by the rules when its owner is to move, else placed (the pawn flipped, marked moved)."""
    colour = position.players[position.to_move] if position.to_move >= 0 else None
    pawn = position.pawn(move.pawn)
    if pawn.colour == colour:
        return moves.apply_move(position, move)
    placed = pawn.at(move.square) if move.place is Place.BOARD else pawn.moved_to(move.place)
    return replace(position.with_pawn(placed.flipped()), stones=move.stones, moved=position.moved | {move.pawn})


def worst_danger(position: Position, ident: str) -> tuple[Fraction | None, int | None]:
    """The most danger to ``ident`` over every way the rest of the pawn phase may go, and how many ways (None, None: too many)."""
    ends: dict[tuple[Any, ...], Position] = {}
    count = 0
    for end in _phase_ends(position):
        count += 1
        if count > MAX_REPLIES:
            return None, None
        key = (tuple((p.place, p.square) for p in end.pawns), end.stones)
        ends.setdefault(key, end)
    worst = Fraction(0)
    for end in ends.values():
        worst = max(worst, forecast(end).danger(ident))
        if worst == 1:
            break  # it cannot get worse
    return worst, count


def _phase_ends(position: Position) -> Iterator[Position]:
    """Every position the pawn phase can end in from here, one per sequence of moves (depth first, in move order)."""
    if position.phase is not Phase.PAWNS or position.to_move < 0:
        yield position
        return
    for move in moves.legal_moves(position):
        yield from _phase_ends(moves.apply_move(position, move))
