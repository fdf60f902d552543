"""The text form of a Fearsome Floors action, as a table says it and the protocol's ``ff.apply`` takes it.

Two kinds of action:

* a pawn's move: its id, then its steps, each ``n``, ``e``, ``s``, ``w``, ``in`` (the first step of a pawn
  waiting by the entrance) or ``out`` (from the exit, through the door): ``red4 in n n w``; the id alone
  moves it no step (it is only turned over);
* the monster phase's draw: ``draw`` and the tombstone tile, ``draw 8``, ``draw prey2``.

>>> parse_action("red4 in n  N w")
PawnAction(pawn='red4', path=('in', 'n', 'n', 'w'))
>>> parse_action("draw prey2")
DrawAction(tile='prey2')
>>> move_text("red4", ("in", "n"))
'red4 in n'
>>> parse_action("red4 up")
Traceback (most recent call last):
...
solver.fearsome.notation.actions.ActionError: 'up' is not a step: n, e, s, w, in or out (e.g. 'red4 in n n')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from solver.base.errors import LueurError
from solver.fearsome.model.state import TILES
from solver.fearsome.rules.moves import ENTER, LEAVE, STEPS

STEP_TOKENS = (*STEPS, ENTER, LEAVE)
DRAW = "draw"
MAX_ACTION_LENGTH = 200
"""An action is a pawn and at most a face's worth of steps: a longer text is refused before it is read."""


class ActionError(LueurError):
    """A text that is not an action; the message says what one looks like."""


class PawnAction(NamedTuple):
    pawn: str
    path: tuple[str, ...]


class DrawAction(NamedTuple):
    tile: str


def parse_action(text: str) -> PawnAction | DrawAction:
    """An action read from its text (words separated by spaces, steps in either case); raises :class:`ActionError`."""
    if len(text) > MAX_ACTION_LENGTH:
        raise ActionError(f"an action is at most {MAX_ACTION_LENGTH} characters, not {len(text):,}")
    words = text.split()
    if not words:
        raise ActionError("an empty action: a pawn's id and its steps ('red4 in n n') or a draw ('draw 8')")
    if words[0].lower() == DRAW:
        tiles = ", ".join(dict.fromkeys(TILES))
        if len(words) != 2 or words[1] not in TILES:
            raise ActionError(f"a draw names one tombstone tile: 'draw 8' (tiles: {tiles})")
        return DrawAction(words[1])
    path = tuple(word.lower() for word in words[1:])
    for step in path:
        if step not in STEP_TOKENS:
            raise ActionError(f"{step!r} is not a step: n, e, s, w, in or out (e.g. '{words[0]} in n n')")
    return PawnAction(words[0], path)


def move_text(pawn: str, path: Sequence[str]) -> str:
    """A pawn's move as text: its id and its steps."""
    return " ".join((pawn, *path))
