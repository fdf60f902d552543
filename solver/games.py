"""The games Lueur plays, and how a front door finds the game of a position or a command.

The one list of games: each game's package declares its record
(:class:`solver.base.games.Game`, in ``solver/<game>/game.py``) and is named
here once. :mod:`solver.commands`, :mod:`solver.protocol` and the command line
reach a game only through this module. A new game: its package, its ``game``
module, one line below (docs/architecture.md, "Where a new game goes").

>>> [game.id for game in GAMES]
['night-cage', 'fearsome-floors']
>>> game_of_document({"format": "lueur-ff-position/1"}).id, game_of_document({"tiles": {}}).id
('fearsome-floors', 'night-cage')
"""

from __future__ import annotations

import json
from typing import Any

from solver.base.games import Game
from solver.fearsome.game import GAME as FEARSOME_FLOORS
from solver.nightcage.game import GAME as NIGHT_CAGE

GAMES: tuple[Game, ...] = (NIGHT_CAGE, FEARSOME_FLOORS)
"""Every game, the first the default: a position that names no game is a Night Cage position."""
DEFAULT = NIGHT_CAGE
SNIFF_BYTES = 1 << 20
"""The most of a file read to tell its game (a position is a few kilobytes; a bigger file is the default game's to refuse)."""


def by_id(game_id: str) -> Game | None:
    return next((game for game in GAMES if game.id == game_id), None)


def game_of_document(document: Any) -> Game:
    """The game a decoded position (or scenario) names by its ``game`` or ``format`` field; the default when it names
    none it knows."""
    if isinstance(document, dict):
        for game in GAMES:
            if document.get("game") == game.id or document.get("format") in (game.position_format, *game.other_formats):
                return game
    return DEFAULT


def game_of_text(text: str) -> Game:
    """The game of a position written as text: a JSON object that names its game, else the default.

    Only JSON is looked into: the other forms (TOML scenarios, the one-line notation) are the
    Night Cage's. Text that is not JSON is left to the default game's reader, which says why.
    """
    if not text.lstrip().startswith("{"):
        return DEFAULT
    try:
        return game_of_document(json.loads(text))
    except (ValueError, RecursionError):
        return DEFAULT


def game_of_file(path: str) -> Game:
    """The game of the position in the file at ``path`` (``-``, a missing or an unreadable file: the default,
    whose reader then reports the problem as it always has)."""
    if path == "-":
        return DEFAULT
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES + 1)
    except OSError:
        return DEFAULT
    if len(head) > SNIFF_BYTES:
        return DEFAULT
    try:
        return game_of_text(head.decode("utf-8"))
    except UnicodeDecodeError:
        return DEFAULT


def games_json() -> list[dict[str, Any]]:
    """Every game as ``lueur games --json`` and the protocol's ``version`` list them, with its protocol commands."""
    return [{**game.as_json(), "commands": [command.name for command in game.load_requests().COMMANDS]} for game in GAMES]
