"""The fields of a protocol request, written once: the checks of :mod:`solver.protocol.requests`
and the JSON Schema of the HTTP front end's OpenAPI document both come from here.

Each game declares its own commands and their fields (its ``requests`` module,
named in the registry :mod:`solver.games`); this module adds the limits every
command accepts and the protocol's own commands, ``cancel`` and ``version``.

>>> TIME_LIMIT.read({"time_limit": 2.5}, [])
2.5
>>> problems = []
>>> TIME_LIMIT.read({"time_limit": 0}, problems), problems[0].message
(None, '0 is out of range: more than 0 and at most 600')
>>> TIME_LIMIT.json_schema(max_time_limit=30.0)
{'type': 'number', 'exclusiveMinimum': 0, 'maximum': 30.0, 'description': 'Seconds of work (the searching commands).'}
>>> id_problem(1.5)
'a string or an integer, not 1.5'
>>> id_problem(2**53)
'an integer from -9,007,199,254,740,991 to 9,007,199,254,740,991 (held exactly by every JSON reader), not 9007199254740992'
"""

from __future__ import annotations

from typing import Any

from solver.base.games import Game
from solver.base.limits import MAX_PLAYOUTS
from solver.base.protocol import (
    ID_SCHEMA,
    MAX_ID_INTEGER,
    MAX_SEED,
    Command,
    Field,
    id_problem,
    json_type,
    shown,
)
from solver.base.schema_parts import BOOLEAN, STRING, obj
from solver.games import GAMES

SCHEMA_PATH = "/v1/schema/{name}"
"""Where ``lueur serve`` serves each game's position schema (the OpenAPI document refers to them) and the protocol's."""
POSITION_SCHEMA_PATH = SCHEMA_PATH.format(name="position")
PROTOCOL_SCHEMA_PATH = "/v1/schema/protocol"
MAX_TIME_LIMIT = 600.0
"""The default ceiling of ``time_limit`` (a server may lower it)."""
MAX_NODES = 100_000_000
MIN_REPORT_EVERY = 0.05


TIME_LIMIT = Field("time_limit", "seconds", "Seconds of work (the searching commands).", 0.0, MAX_TIME_LIMIT, exclusive_low=True)
LIMITS = (
    TIME_LIMIT,
    Field("max_nodes", "integer", "Positions the planner may expand (solve).", 1, MAX_NODES),
    Field("max_positions", "integer",
          "Positions a search may keep in memory at once (solve, hint; default 500,000, "
          "or 2,000,000 for the compiled end-game search and oracle).",
          1, 2_000_000),
    Field("playouts", "integer", "hint: playouts per choice (reproducible); analyze: games played.", 1, MAX_PLAYOUTS),
    Field("seed", "integer", "Same request and seed, same answer.", -MAX_SEED - 1, MAX_SEED, default=0),
    Field("report_every", "seconds", "Seconds between info lines.", MIN_REPORT_EVERY, 3600.0, default=0.25),
)
"""Fields every command accepts (a command that has no use for one ignores it quietly)."""


GAME_COMMANDS: dict[str, tuple[Game, Command]] = {
    command.name: (game, command) for game in GAMES for command in game.load_requests().COMMANDS
}
"""Each game's commands, by name, in the registry's order of games."""
COMMANDS = (*GAME_COMMANDS, "cancel", "version")
"""Every command the protocol answers."""
OWN_COMMANDS = {
    "cancel": Command("cancel", (Field("target", "id", "the id of the request to stop"),),
                      obj({"target": {"description": "The id of the request asked to stop."}, "stopping": BOOLEAN}, {"reason": STRING}),
                      takes="nothing"),
    "version": Command("version", (), obj({"engine": {"const": "lueur"}, "version": STRING, "protocol": STRING,
                                           "commands": {"type": "array", "items": {"enum": list(COMMANDS)}}},
                                          {"games": {"type": "array", "description": "Each game: its id, title, position "
                                                     "format and commands.", "items": {"type": "object"}}}),
                       takes="nothing"),
}
"""The protocol's own commands: they read no position and belong to no game."""
ALL: dict[str, Command] = {**{name: command for name, (_, command) in GAME_COMMANDS.items()}, **OWN_COMMANDS}
COMMAND_FIELDS: dict[str, tuple[Field, ...]] = {name: command.fields for name, command in ALL.items()}
WITHOUT_POSITION = tuple(name for name, command in ALL.items() if command.takes == "nothing")
POSITION_OR_TEXT = tuple(name for name, command in ALL.items() if command.takes == "position or text")
"""Commands that read their position from ``position`` or, written in any form, from ``text``."""
ANY_POSITION = tuple(name for name, command in ALL.items() if command.takes == "any position")
"""Commands whose position may be anything (``check``: an invalid position is what it is for); the schemas accept
any object there."""
ANY_POSITION_SCHEMA: dict[str, Any] = {"type": "object", "description": "Any JSON object, valid or not: the command reads it "
                                                                         "and reports every problem (an invalid position is "
                                                                         "what it is for)."}
SEARCHING = tuple(name for name, command in ALL.items() if command.searches)
"""Commands that search (the others answer within milliseconds)."""


def game_of(command: str) -> Game | None:
    """The game a command belongs to (None for ``cancel`` and ``version``)."""
    return GAME_COMMANDS[command][0] if command in GAME_COMMANDS else None


def position_note() -> str:
    """What the ``position`` of a request is, game by game."""
    parts = []
    for game in GAMES:
        names = [c.name for c in game.load_requests().COMMANDS if c.takes != "nothing"]
        either = [c.name for c in game.load_requests().COMMANDS if c.takes == "position or text"]
        text = f" ({', '.join(either)} takes it or text)" if either else ""
        parts.append(f"for {', '.join(names)}{text}, a position in the {game.position_format} format")
    return "A position, inline: " + "; ".join(parts) + "."


def request_schema(max_time_limit: float = MAX_TIME_LIMIT) -> dict[str, Any]:
    """The JSON Schema of a request body over HTTP (the command comes from the path)."""
    properties: dict[str, Any] = {
        "id": {**ID_SCHEMA, "description": "Names the request (generated when absent); unique among requests in flight."},
        "position": {"anyOf": [*({"$ref": SCHEMA_PATH.format(name=game.schema_name)} for game in GAMES if game.schema_name),
                               {**ANY_POSITION_SCHEMA, "description": f"for {', '.join(ANY_POSITION)}: any object"}],
                     "description": position_note() + f" {', '.join(ANY_POSITION)} takes any object, valid or not: "
                                                      "it reports what is wrong."},
    }
    for field in LIMITS:
        properties[field.name] = field.json_schema(max_time_limit)
    for fields in COMMAND_FIELDS.values():
        for field in fields:
            schema = field.json_schema(max_time_limit)
            commands = [c for c, fs in COMMAND_FIELDS.items() if field in fs]
            schema["description"] = f"{', '.join(commands)}: {schema['description']}"
            properties[field.name] = schema
    return {
        "type": "object",
        "description": "One request of the engine protocol (docs/protocol.md); the command comes from the path. "
                       "Unknown fields are ignored with a warning.",
        "properties": properties,
    }


__all__ = ["Field", "ID_SCHEMA", "MAX_ID_INTEGER", "MAX_SEED", "id_problem", "json_type", "shown", "COMMANDS", "COMMAND_FIELDS",
           "LIMITS", "TIME_LIMIT", "MAX_TIME_LIMIT", "request_schema", "game_of"]
