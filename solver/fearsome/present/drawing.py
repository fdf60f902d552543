"""The board drawn as text for a terminal: one character per square, then a legend.

``.`` floor, ``~`` pool, ``#`` plain stone, ``*`` crystal, ``R`` right pivot,
``U`` half-turn pivot, ``T`` teleporter, ``X`` the exit and ``+`` the
entrance when empty, the monster as an arrow (``^ > v <``) and each pawn on
the board as a letter (``A`` onward, in the order of the position's pawns,
named in the legend). The cut corners are blank.
"""

from __future__ import annotations

from solver.fearsome.model.board import ENTRANCE, EXIT, FILES, HEIGHT, WIDTH, name, on_board_xy, square
from solver.fearsome.model.state import Place, Position, StoneKind

STONE_MARKS = {StoneKind.PLAIN: "#", StoneKind.CRYSTAL: "*", StoneKind.PIVOT_RIGHT: "R", StoneKind.PIVOT_BACK: "U"}
MONSTER_MARKS = "^>v<"
LETTERS = "ABCDEFGHIJKLMNOPQSVWYZabcdefghijklmnopqrstuwxyz"
"""Marks for pawns (the scenery's R, T, U and X left out); a pawn whose id is one letter is drawn as it."""


def pawn_marks(position: Position) -> dict[str, str]:
    """Each pawn's mark on the board: its id when that is one letter, else the next free letter."""
    marks = {p.ident: p.ident for p in position.pawns if len(p.ident) == 1 and p.ident.isalpha()}
    free = (letter for letter in LETTERS if letter not in marks.values())
    for pawn in position.pawns:
        if pawn.ident not in marks:
            marks[pawn.ident] = next(free, "?")
    return marks


def draw(position: Position) -> str:
    """The board and its legend (pawns, the monster, the tombstones), ending with a newline."""
    marks: dict[int, str] = {EXIT: "X", ENTRANCE: "+"}
    marks.update({sq: "~" for sq in position.pool_squares()})
    marks.update({pad.square: "T" for pair in position.teleporters for pad in pair})
    marks.update({sq: STONE_MARKS[kind] for sq, kind in position.stones})
    letters = pawn_marks(position)
    for pawn in position.pawns:
        if pawn.place is Place.BOARD:
            marks[pawn.square] = letters[pawn.ident]
    marks[position.monster] = MONSTER_MARKS[position.facing]
    lines = ["     " + " ".join(FILES)]
    for y in range(HEIGHT):
        cells = [marks.get(square(x, y), ".") if on_board_xy(x, y) else " " for x in range(WIDTH)]
        lines.append(f"{HEIGHT - y:>3}  " + " ".join(cells).rstrip())
    lines.append("")
    lines.append(f"monster {name(position.monster)} facing {position.facing.letter}; "
                 f"round {position.tombstones.round}, tiles drawn: {' '.join(position.tombstones.drawn) or 'none'}")
    for pawn in position.pawns:
        where = name(pawn.square) if pawn.place is Place.BOARD else pawn.place.value
        moved = ", moved" if pawn.ident in position.moved else ""
        label = pawn.ident if letters[pawn.ident] == pawn.ident else f"{letters[pawn.ident]} {pawn.ident}"
        lines.append(f"  {label} ({pawn.colour}) shows {pawn.value}, {where}{moved}")
    if position.to_move >= 0:
        lines.append(f"to move: {position.players[position.to_move]}")
    else:
        lines.append(f"phase: {position.phase.value}")
    return "\n".join(lines) + "\n"
