"""The JSON position format ``lueur-position/1`` (``docs/position-format.md``): read and write.

Reading collects every problem with its field path (``prisoners[2].at``), then
builds the :class:`GameState` and runs the consistency checks of
:mod:`solver.nightcage.rules.validate`. Writing gives the canonical form; read(write(s)) == s.

This module reads the document's top level and puts the position together;
each part of the format has its own reader: :mod:`~solver.nightcage.notation.json_setup`
(``rulings``, ``setup``, ``size``), :mod:`~solver.nightcage.notation.json_tiles`,
:mod:`~solver.nightcage.notation.json_meta`,
:mod:`~solver.nightcage.notation.json_prisoners` (and ``turn``),
:mod:`~solver.nightcage.notation.pending` and :mod:`~solver.nightcage.notation.json_pile` (and
``discarded``). The writer is :mod:`~solver.nightcage.notation.json_writer`, whose
:func:`to_json` and :func:`dumps` are also found here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.json_text import decode_json
from solver.nightcage.model import accounting
from solver.nightcage.model.grid import geometry
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.fields import Reader
from solver.nightcage.notation.json_meta import read_meta
from solver.nightcage.notation.json_pile import read_pile_and_discard
from solver.nightcage.notation.json_prisoners import read_prisoners, read_turn
from solver.nightcage.notation.json_setup import read_rulings, read_setup, read_size
from solver.nightcage.notation.json_tiles import default_key_taken, read_tiles
from solver.nightcage.notation.json_writer import FORMAT, GAME, dumps, to_json
from solver.nightcage.notation.pending import read_pending
from solver.nightcage.rules.validate import consistency_problems

OMENS_RANGE = (0, 2)
"""Omens revealed so far: none, the first, or the Dirge come."""
TOP_FIELDS = ("format", "game", "size", "tiles", "prisoners", "turn", "pile", "discarded", "omens", "setup", "rulings", "pending", "meta")


@dataclass(frozen=True)
class Position:
    """A position as read from a file: the game state and its free metadata."""

    state: GameState
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def loads(text: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Parse JSON text; raises :class:`PositionError` listing every problem.

    Returns the position and the warnings (unknown fields, when ``lenient``).
    """
    return read(decode_json(text), lenient)


def read(doc: Any, lenient: bool = False, *, consistent: bool = True) -> tuple[Position, list[Problem]]:
    """Build a position from a decoded JSON document (see :func:`loads`).

    ``consistent=False`` skips the checks of the position as a whole (totals, lighting, prisoners'
    cells): a draft being set up can then be drawn; nothing else may use such a position.
    """
    r = Reader(lenient)
    built = _position(doc, r)
    if built is None or r.problems:
        raise PositionError(r.problems or [Problem("", "no position could be read")])
    problems = consistency_problems(built.state) if consistent else []
    if problems:
        raise PositionError(problems)
    return built, r.warnings


def read_located(doc: Any, lenient: bool, locate: Callable[[Problem], Problem]) -> tuple[Position, list[Problem]]:
    """:func:`read`, with each problem and warning mapped back to where it stands in the source."""
    try:
        position, warnings = read(doc, lenient)
    except PositionError as exc:
        raise exc.relocated(locate) from None
    return position, [locate(w) for w in warnings]


def _position(doc: Any, r: Reader) -> Position | None:
    """The position of a document, its parts read in the order their problems are reported."""
    top = r.object(doc, "")
    if top is None:
        return None
    r.unknown_fields(top, "", TOP_FIELDS)
    if "format" in top and top["format"] != FORMAT:
        r.problem("format", f"{json.dumps(top['format'])} is not supported (expected {FORMAT!r})")
    if "game" in top and top["game"] != GAME:
        r.problem("game", f'{json.dumps(top["game"])}: only "night-cage" is supported')
    rulings = read_rulings(top.get("rulings", {}), r)
    setup = read_setup(top.get("setup", "standard"), rulings, r)
    size = read_size(top, setup, r)
    if size is None:
        return None
    tiles = read_tiles(top.get("tiles", {}), size, r)
    prisoners = read_prisoners(top.get("prisoners"), size, r)
    turn = read_turn(top.get("turn"), prisoners, r)
    meta = read_meta(top.get("meta", {}), r)
    omens = r.integer(top.get("omens", 0), "omens", *OMENS_RANGE)
    if tiles is None or prisoners is None or turn is None or setup is None:
        return None
    tiles = default_key_taken(tiles, prisoners, top.get("tiles", {}), geometry(size))
    pending = None
    if "pending" in top:
        pending = read_pending(top["pending"], r, size, prisoners)
    drawn = pending.steps[0].hand if pending is not None and pending.steps else None
    hand = accounting.in_hand(sum(1 for p in prisoners if p.unplaced), drawn)
    piles = read_pile_and_discard(top, tiles, setup, hand, r)
    if piles is None:
        return None
    pile, discarded, board = piles
    state = GameState(size, board, prisoners, turn, pile, discarded, setup, rulings, pending, omens or 0)
    return Position(state, meta)


__all__ = ["Position", "FORMAT", "loads", "read", "read_located", "to_json", "dumps", "Problem"]
