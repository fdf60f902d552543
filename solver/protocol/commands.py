"""Running one checked request of the engine protocol (docs/protocol.md).

:func:`execute` answers a :class:`~solver.base.protocol.Request` with the same
documents as the command line's ``--json`` output (both come from each game's
commands), wrapped in a final line: ``{"type": "result", "command",
"exit_code", "result"}`` or ``{"type": "error", ...}``. ``exit_code`` is the
one ``lueur <command>`` would exit with (0 yes, 1 no, 2 refused or invalid, 3
a limit reached), so a client can read both the same way. While it works a
command may call ``info`` with partial answers; ``should_stop`` asks it to
finish early with what it has.

The protocol answers ``version`` itself; every other command belongs to a game
(the registry, :mod:`solver.games`) and is served by the game's ``requests``
module. Ids, cancellation and time limits are the caller's (:mod:`solver.protocol.runner`).
"""

from __future__ import annotations

from typing import Any

from solver import __version__
from solver.base.protocol import Info, Request, ShouldStop, result
from solver.games import games_json
from solver.protocol.requests import PROTOCOL
from solver.protocol.schema import ALL, COMMANDS, game_of

DEFAULT_TIME_LIMIT = {name: command.time_limit for name, command in ALL.items() if command.time_limit is not None}
"""The seconds a search takes when the request does not say (the runner's hard limit counts from them)."""
HEAVY = tuple(name for name, command in ALL.items() if command.searches)
"""Commands that search (the others answer within milliseconds)."""

__all__ = ["DEFAULT_TIME_LIMIT", "HEAVY", "execute", "first_info", "result", "version"]


def execute(request: Request, info: Info, should_stop: ShouldStop) -> dict[str, Any]:
    """The final line for ``request`` (without its ``id``), see the module doc."""
    if request.command == "version":
        return result("version", 0, version())
    game = game_of(request.command)
    assert game is not None, f"{request.command} is answered by the runner"
    served: dict[str, Any] = game.load_requests().serve(request, info, should_stop)
    return served


def version() -> dict[str, Any]:
    return {"engine": "lueur", "version": __version__, "protocol": PROTOCOL, "commands": list(COMMANDS), "games": games_json()}


def first_info(request: Request) -> dict[str, Any] | None:
    """What a command can report before it starts in earnest (a hint: the decision and its choices),
    so that a front end sends it at once, while the search's process is still starting."""
    game = game_of(request.command)
    if game is None:
        return None
    opening: dict[str, Any] | None = game.load_requests().first_info(request)
    return opening
