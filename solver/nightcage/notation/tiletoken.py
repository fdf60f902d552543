"""Tile tokens: one short word per board cell, shared by the line notation and the TOML board.

``.`` is an empty cell; otherwise a kind letter, then what the kind needs:

* ``S:NE``, ``I:NS``, ``T:NES`` (start, straight, T) with their openings;
  ``T~:NES`` is a cracked T (crumbling);
* ``X`` cross, ``K`` key tile (``K*`` once its key was taken), ``G`` gate,
  ``W`` wax eater, ``Q:N`` keeper (the side its mouth faces), ``L`` pathless,
  ``O`` omen;
* ``P`` a pit of unknown origin (also ``P/?``), ``P/I`` a pit that was a
  straight (type codes ``S I T T~ X K G W Q F L O``, ``F`` the pit fiend),
  ``D`` a pit of the Dirge.

Input is case-insensitive and openings may come in any order; output is upper
case with openings in ``NESW`` order.

>>> from solver.nightcage.model.grid import E, W
>>> format_tile(Tile.make(Kind.T, 0b0111, crumbling=True))
'T~:NES'
>>> parse_tile("i:we") == Tile.make(Kind.STRAIGHT, E | W)
True
>>> parse_tile("P/T~").was
<TileType.CRACKED_T: 'cracked_t'>
"""

from __future__ import annotations

import re
from typing import Any

from solver.base.fields import quoted
from solver.nightcage.model.grid import DIR_LETTER, LETTER_DIR, openings_text, parse_openings
from solver.nightcage.model.tiles import DEFAULT_CRUMBLING, ROTATABLE, SHAPE, Kind, Tile, TileType, rotations
from solver.nightcage.notation.json_writer import tile_fields

EMPTY = "."
DIRGE = "D"
UNKNOWN_ORIGIN = "?"

KIND_LETTERS: dict[Kind, str] = {
    Kind.START: "S",
    Kind.STRAIGHT: "I",
    Kind.T: "T",
    Kind.CROSS: "X",
    Kind.KEY: "K",
    Kind.GATE: "G",
    Kind.WAX_EATER: "W",
    Kind.KEEPER: "Q",
    Kind.PATHLESS: "L",
    Kind.OMEN: "O",
    Kind.PIT: "P",
}
LETTER_KINDS = {letter: kind for kind, letter in KIND_LETTERS.items()}

TYPE_CODES: dict[TileType, str] = {
    TileType.START: "S",
    TileType.STRAIGHT: "I",
    TileType.T: "T",
    TileType.CRACKED_T: "T~",
    TileType.CROSS: "X",
    TileType.KEY: "K",
    TileType.GATE: "G",
    TileType.WAX_EATER: "W",
    TileType.KEEPER: "Q",
    TileType.PIT_FIEND: "F",
    TileType.PATHLESS: "L",
    TileType.OMEN: "O",
}
CODE_TYPES = {code: tile_type for tile_type, code in TYPE_CODES.items()}

VALID_TOKENS = ". S:NE I:NS T:NES T~:NES X K K* G W Q:N L O P P/<type> D"
"""The token forms, for error messages."""

_TOKEN = re.compile(r"(?P<letter>[A-Z])(?P<mark>[~*]?)(?::(?P<sides>[A-Z]*))?(?:/(?P<was>.*))?", re.DOTALL)


def format_tile(tile: Tile | None) -> str:
    """The token of one cell's tile (``.`` for an empty cell).

    >>> format_tile(Tile.make(Kind.KEEPER, facing=4))
    'Q:S'
    """
    if tile is None:
        return EMPTY
    if tile.dirge:
        return DIRGE
    letter = KIND_LETTERS[tile.kind]
    if tile.kind in ROTATABLE:
        cracked = "~" if tile.kind is Kind.T and tile.crumbling else ""
        return f"{letter}{cracked}:{openings_text(tile.openings)}"
    if tile.kind is Kind.KEEPER:
        return f"{letter}:{DIR_LETTER[tile.facing]}"
    if tile.kind is Kind.KEY and tile.key_taken:
        return f"{letter}*"
    if tile.kind is Kind.PIT and tile.was is not None:
        return f"{letter}/{TYPE_CODES[tile.was]}"
    return letter


def parse_tile(text: str) -> Tile | None:
    """The tile a token stands for (None for ``.``); raises ``ValueError`` saying what is valid.

    >>> parse_tile("K*").key_taken
    True
    >>> parse_tile("Z")
    Traceback (most recent call last):
    ...
    ValueError: 'Z': unknown kind letter 'Z' (valid tokens: . S:NE I:NS T:NES T~:NES X K K* G W Q:N L O P P/<type> D)
    """
    token = text.strip().upper()
    if token == EMPTY:
        return None
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise ValueError(f"{quoted(text)} is not a tile token (valid tokens: {VALID_TOKENS})")
    letter, mark, sides, was = match.group("letter", "mark", "sides", "was")
    if letter == DIRGE:
        if mark or sides is not None or was is not None:
            raise ValueError(f"{quoted(text)}: D (a pit of the Dirge) takes nothing after it")
        return Tile(Kind.PIT, 0, False, dirge=True)
    kind = LETTER_KINDS.get(letter)
    if kind is None:
        raise ValueError(f"{quoted(text)}: unknown kind letter {letter!r} (valid tokens: {VALID_TOKENS})")
    try:
        return _build(kind, mark, sides, was)
    except ValueError as exc:
        raise ValueError(f"{quoted(text)}: {exc}") from None


def tile_spec(tile: Tile) -> dict[str, Any]:
    """The tile as a ``tiles`` entry of the JSON format, with ``key_taken`` always explicit.

    A token states ``key_taken`` (``K`` or ``K*``), whereas the JSON default
    depends on the prisoners; writing it out keeps the token's meaning.

    >>> tile_spec(parse_tile("K"))
    {'kind': 'key', 'key_taken': False}
    """
    return tile_fields(tile)


def _build(kind: Kind, mark: str, sides: str | None, was: str | None) -> Tile:
    """The tile of a token's parts, checking each part is allowed for the kind."""
    letter = KIND_LETTERS[kind]
    if mark and (mark, kind) not in (("~", Kind.T), ("*", Kind.KEY)):
        raise ValueError(f"{mark!r} goes only after T (a cracked T: T~) or K (a taken key: K*)")
    if was is not None and kind is not Kind.PIT:
        raise ValueError(f"only a pit says what it was (P/<type>), not {letter}")
    if kind in ROTATABLE:
        return Tile.make(kind, _openings(kind, sides), crumbling=mark == "~" or kind in DEFAULT_CRUMBLING)
    if kind is Kind.KEEPER:
        return Tile.make(kind, facing=_facing(sides))
    if sides is not None:
        raise ValueError(f"{letter} takes no sides")
    if kind is Kind.PIT:
        return Tile.make(kind, was=_pit_origin(was))
    return Tile.make(kind, key_taken=mark == "*")


def _openings(kind: Kind, sides: str | None) -> int:
    allowed = ", ".join(openings_text(o) for o in rotations(kind))
    letter = KIND_LETTERS[kind]
    if sides is None:
        raise ValueError(f"{letter} needs its openings, e.g. {letter}:{openings_text(SHAPE[kind])} (one of {allowed})")
    openings = parse_openings(sides)
    if openings not in rotations(kind):
        raise ValueError(f"{sides!r} is not a rotation of a {kind.value} (one of {allowed})")
    return openings


def _facing(sides: str | None) -> int:
    if sides is None or sides not in LETTER_DIR:
        raise ValueError("a keeper needs the side its mouth faces: Q:N, Q:E, Q:S or Q:W")
    return LETTER_DIR[sides]


def _pit_origin(was: str | None) -> TileType | None:
    if was is None or was == UNKNOWN_ORIGIN:
        return None
    if was not in CODE_TYPES:
        raise ValueError(f"{was!r} is not a type code (after P/: {' '.join(CODE_TYPES)}, or ? for unknown)")
    return CODE_TYPES[was]


__all__ = ["format_tile", "parse_tile", "tile_spec", "VALID_TOKENS", "TYPE_CODES", "CODE_TYPES", "EMPTY", "UNKNOWN_ORIGIN"]
