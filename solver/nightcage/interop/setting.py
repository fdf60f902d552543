"""The starting position of an OpenSpiel game or a Gymnasium environment, from its three parameters.

``setup`` names a base setup (``standard``, ``five``, ``advanced``,
``advanced-five``); ``rulings`` is a comma list of ``RULING=VALUE`` items
written as in the one-line position form's ``rulings:`` field (``LOS-END=0``:
a switch is 1 for the default reading, 0 for the other; ``ADV-5P-WAX=2``;
``DIRGE-SHAPE=[[0,0],[1,0],...]``; the ``RULING-`` prefix may be left out);
``position`` is a position in any of Lueur's forms (a ``lueur-position/1``
JSON document, a TOML scenario, a line), which then brings its own setup and
rulings. A new game has a shuffled pile of unknown order, so its draws are
chance nodes.

A parameter may also be given encoded, ``b64:`` and the URL-safe base64 of
its UTF-8 text (padding left out): OpenSpiel writes a game as
``name(key=value,...)``, which a ruling list or a position (holding ``,``,
``=``, parentheses) would break, so the game gives its parameters back in
that form (:func:`encoded`) and reads either (:func:`decoded`).

>>> encoded("LOS-END=0"), decoded(encoded("LOS-END=0")), encoded("standard")
('b64:TE9TLUVORD0w', 'LOS-END=0', 'standard')

>>> state = starting_state("advanced", "LOS-END=0")
>>> state.setup.base, state.rulings.los_end, state.pile.known
('advanced', False, False)
>>> starting_state("huge", "")
Traceback (most recent call last):
...
solver.base.errors.PositionError: setup: 'huge' is not a setup (setups: standard, five, advanced, advanced-five)
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.rulings import ALL_RULINGS, BOOLEAN_RULINGS
from solver.nightcage.model.setups import BASES, Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.fields import Reader
from solver.nightcage.notation.forms import load_text
from solver.nightcage.notation.json_setup import read_rulings

RULING_PREFIX = "RULING-"
MAX_GAME_LENGTH = 2_000
"""Moves after which both adapters end a game (OpenSpiel: decisions and draws, as a loss; Gymnasium: steps, as a
truncation): the rules let a game go on for ever, a key passed back and forth within a turn. Ten times the longest
of 70 random whole games measured (188 moves, every setup), far above any game played to win."""
ENCODED = "b64:"
"""The prefix of an encoded parameter."""
_SPECIAL = frozenset("(),=")
"""What OpenSpiel's ``name(key=value,...)`` syntax cannot hold in a value."""


def encoded(value: str) -> str:
    """``value`` as OpenSpiel's game string can hold it: itself when it has nothing special, else ``b64:...``."""
    if not (_SPECIAL & set(value)) and not value.startswith(ENCODED) and value.strip() == value:
        return value
    return ENCODED + base64.urlsafe_b64encode(value.encode("utf-8")).decode("ascii").rstrip("=")


def decoded(value: str, name: str = "parameter") -> str:
    """The text of a parameter given plain or encoded (see :func:`encoded`); a bad encoding is a problem at ``name``."""
    if not value.startswith(ENCODED):
        return value
    body = value[len(ENCODED):]
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        raise PositionError([Problem(name, "b64:... is not URL-safe base64 of UTF-8 text")]) from None


def starting_state(setup: str, rulings: str, position: str = "") -> GameState:
    """The position a game starts from; raises :class:`PositionError` saying which parameter is wrong and what would do.

    Each parameter may be given plain or encoded (:func:`encoded`)."""
    setup, rulings, position = decoded(setup, "setup"), decoded(rulings, "rulings"), decoded(position, "position")
    if position.strip():
        if rulings.strip():
            raise PositionError([Problem("rulings", "leave it empty with a position: the position gives its own rulings")])
        return load_text(position)[0].state
    if setup not in BASES:
        raise PositionError([Problem("setup", f"{setup!r} is not a setup (setups: {', '.join(BASES)})")])
    reader = Reader()
    read = read_rulings(_ruling_values(rulings), reader)
    if reader.problems:
        raise PositionError(reader.problems)
    return new_game(Setup(base=setup), rulings=read)


def _ruling_values(text: str) -> dict[str, Any]:
    """The comma list as the JSON format's ``rulings`` object (its values checked by the JSON reader)."""
    out: dict[str, Any] = {}
    for item in _split_top_level(text):
        name, eq, raw = item.partition("=")
        rid = RULING_PREFIX + name.strip().removeprefix(RULING_PREFIX)
        if not eq:
            raise PositionError([Problem("rulings", f"{item!r}: expected <ruling>=<value>, e.g. LOS-END=0")])
        if rid not in ALL_RULINGS:
            known = ", ".join(r.removeprefix(RULING_PREFIX) for r in ALL_RULINGS)
            raise PositionError([Problem("rulings", f"{name.strip()!r} is not a ruling (rulings: {known})")])
        out[rid] = _value(rid, raw.strip())
    return out


def _value(rid: str, raw: str) -> Any:
    if rid in BOOLEAN_RULINGS:
        if raw not in ("0", "1"):
            raise PositionError([Problem(f"rulings.{rid}", f"{raw!r}: a switch is 1 (the default reading) or 0 (the other one)")])
        return raw == "1"
    try:
        return json.loads(raw)
    except ValueError:
        return raw  # the JSON reader says what the value should be


def _split_top_level(text: str) -> list[str]:
    """Split on commas outside brackets (a Dirge shape is a list of pairs)."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


__all__ = ["ENCODED", "MAX_GAME_LENGTH", "decoded", "encoded", "starting_state"]
