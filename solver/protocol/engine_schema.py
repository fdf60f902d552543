"""The JSON Schema (Draft 2020-12) of the engine protocol ``lueur-engine/1``: requests, lines back, results.

A request's fields come from :mod:`solver.protocol.schema` (the same
:class:`~solver.protocol.schema.Field` s the checks read), each command's
``result`` from :mod:`solver.protocol.result_schemas`, and the position from
:func:`solver.nightcage.notation.json_schema.position_schema`, embedded whole so that the
document stands alone. The files in ``docs/schema/`` are these documents as
:func:`schema_text` writes them (``lueur schema --write docs/schema``), and
``lueur serve`` serves them.

>>> doc = engine_schema()
>>> doc["$id"], sorted(doc["$defs"]["line"]["oneOf"][0]["properties"]["type"].values())
('https://lueur.invalid/schema/lueur-engine-1.schema.json', ['info'])
>>> sorted(SCHEMA_FILES)
['lueur-engine-1.schema.json', 'lueur-ff-position-1.schema.json', 'lueur-position-1.schema.json']
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from solver.base.exit_codes import ExitCode
from solver.base.schema_parts import DIALECT, SCHEMA_BASE
from solver.games import GAMES
from solver.protocol.requests import PROTOCOL
from solver.protocol.result_schemas import PROBLEM, RESULTS, nullable, obj
from solver.protocol.schema import (
    COMMAND_FIELDS,
    COMMANDS,
    ID_SCHEMA,
    LIMITS,
    MAX_TIME_LIMIT,
    POSITION_OR_TEXT,
    WITHOUT_POSITION,
    Field,
    game_of,
    position_note,
)

ENGINE_SCHEMA_ID = f"{SCHEMA_BASE}lueur-engine-1.schema.json"
REQUIRED_KINDS = ("actions", "id")
"""Field kinds with no default: a request without them is refused (``apply``'s actions, ``cancel``'s target)."""
STOP_REASONS = ("cancelled", "time limit")
EXIT_CODES = (ExitCode.OK, ExitCode.NO, ExitCode.BAD_INPUT, ExitCode.LIMIT, ExitCode.DISAGREE)
"""The exit codes a result may carry (``DISAGREE``: ``solve`` with both engines, which disagreed)."""
ERROR_KINDS = ("malformed", "invalid request", "unknown command", "invalid position", "too large", "duplicate id", "busy",
               "no decision", "illegal action", "unsupported", "invalid input", "internal error")
"""The ``error`` of an error line (docs/protocol.md); ``lueur serve`` adds its own (``forbidden``, ``timeout``...)."""


def engine_schema() -> dict[str, Any]:
    """The whole document, a new dict each call (see the module doc)."""
    results = {command: {**schema, "title": f"The result of {command}"} for command, schema in RESULTS.items()}
    return {
        "$schema": DIALECT,
        "$id": ENGINE_SCHEMA_ID,
        "title": f"The Lueur engine protocol ({PROTOCOL})",
        "description": "One line of the engine protocol (docs/protocol.md): a request, or a line back (info, warning, "
                       "result, error). $defs/request is a request line (over HTTP the body is the same object, its "
                       "command from the path and its id optional); $defs/result/<command> is each command's result document.",
        "anyOf": [{"$ref": "#/$defs/request"}, {"$ref": "#/$defs/line"}],
        "$defs": {
            **{name: make() for name, make, _ in _positions()},
            "id": {**ID_SCHEMA, "description": "Names a request: a string of 1 to 200 printable characters, or an integer "
                                               "every JSON reader holds exactly."},
            "problem": PROBLEM,
            "request": _request(),
            "line": {"description": "A line back: every line carries the request's id and a type.",
                     "oneOf": [_info(), _warning(), _result(), _error()]},
            "result": results,
        },
    }


def _positions() -> list[tuple[str, Callable[[], dict[str, Any]], dict[str, Any]]]:
    """Each game's position in the document: its ``$defs`` name, the schema, and how a request refers to it."""
    return [game.load_requests().POSITION_DEF for game in GAMES]


def _field_schema(field: Field) -> dict[str, Any]:
    if field.kind == "id":
        return {"$ref": "#/$defs/id", "description": field.description}
    return field.json_schema(MAX_TIME_LIMIT)


def _request() -> dict[str, Any]:
    by_command = []
    for command, fields in COMMAND_FIELDS.items():
        then: dict[str, Any] = {"properties": {field.name: _field_schema(field) for field in fields}}
        required = [field.name for field in fields if field.kind in REQUIRED_KINDS]
        game = game_of(command)
        if game is not None and command not in WITHOUT_POSITION:
            then["properties"]["position"] = game.load_requests().POSITION_DEF[2]
        if command not in WITHOUT_POSITION and command not in POSITION_OR_TEXT:
            required.append("position")
        if required:
            then["required"] = required
        if command in POSITION_OR_TEXT:
            then["oneOf"] = [{"required": ["position"]}, {"required": ["text"]}]
        by_command.append({"if": {"properties": {"command": {"const": command}}, "required": ["command"]}, "then": then})
    properties: dict[str, Any] = {
        "id": {"$ref": "#/$defs/id"},
        "command": {"enum": list(COMMANDS)},
        "position": {"description": position_note() + " Each is in $defs under the name its game gives it; the engine "
                                                      "reads a Night Cage position leniently (an unknown field is ignored "
                                                      "with a warning, where the schema refuses it)."},
        **{field.name: field.json_schema(MAX_TIME_LIMIT) for field in LIMITS},
    }
    properties["time_limit"]["description"] += f" At most {MAX_TIME_LIMIT:g}, or the server's --max-time-limit."
    return {"type": "object", "title": "A request",
            "description": "One request. The limits are accepted by every command; each command's own fields follow its "
                           "name. Any other field is ignored with a warning.",
            "required": ["id", "command"], "properties": properties, "allOf": by_command}


def _line(kind: str, required: dict[str, Any], optional: dict[str, Any] | None = None, description: str = "") -> dict[str, Any]:
    return obj({"id": {"$ref": "#/$defs/id"}, "type": {"const": kind}, **required}, optional, description)


def _info() -> dict[str, Any]:
    return {**_line("info", {"command": {"enum": list(COMMANDS)}, "proven": {"const": False}, "seconds": {"type": "number"}},
                 {"stage": {"type": "string"}},
                 "A partial answer while a request works (never a proof); its other fields depend on the command and the stage."),
            "additionalProperties": True}


def _warning() -> dict[str, Any]:
    return _line("warning", {"path": {"type": "string"}, "message": {"type": "string"}}, description="A field that was ignored.")


def _result() -> dict[str, Any]:
    schema = _line("result", {"command": {"enum": list(COMMANDS)}, "exit_code": {"enum": [int(c) for c in EXIT_CODES]},
                              "result": {"description": "The command's document, as lueur <command> --json prints it; null when "
                                                        "the request was stopped before an answer."},
                              "seconds": {"type": "number"}},
                   {"stopped": {"enum": list(STOP_REASONS)}, "note": {"type": "string"},
                    "partial": {"description": "The last info line's answer, when stopped before an answer."},
                    "warnings": {"type": "array", "items": PROBLEM, "description": "Over HTTP without streaming: the warnings."}},
                   "The final line of a request that was answered.")
    schema["allOf"] = [
        {"if": {"properties": {"command": {"const": command}}},
         "then": {"properties": {"result": nullable({"$ref": f"#/$defs/result/{command}"})}}}
        for command in RESULTS
    ]
    return schema


def _error() -> dict[str, Any]:
    schema = obj({"id": nullable({"$ref": "#/$defs/id"}), "type": {"const": "error"},
                  "error": {"type": "string", "description": f"The kind: {', '.join(ERROR_KINDS)} (docs/protocol.md)."},
                  "message": {"type": "string"}},
                 {"problems": {"type": "array", "items": {"$ref": "#/$defs/problem"}}, "seconds": {"type": "number"},
                  "warnings": {"type": "array", "items": PROBLEM}},
                 "The final line of a request that could not be served; id null when it was not read with certainty.")
    return schema


def _position_schemas() -> dict[str, Callable[[], dict[str, Any]]]:
    """Each game's position schema by the name it is served under."""
    return {game.schema_name: game.load(game.position_schema) for game in GAMES if game.schema_name and game.position_schema}


def _file_name(schema: Callable[[], dict[str, Any]]) -> str:
    return str(schema()["$id"]).removeprefix(SCHEMA_BASE)


SCHEMAS_SERVED: dict[str, Callable[[], dict[str, Any]]] = {**_position_schemas(), "protocol": engine_schema}
"""The schemas ``lueur serve`` serves at ``/v1/schema/<name>``: each game's position, and the protocol."""
SCHEMA_FILES: dict[str, Callable[[], dict[str, Any]]] = {_file_name(make): make for make in SCHEMAS_SERVED.values()}
"""The published files (``docs/schema/``), each with what makes it."""


def schema_text(doc: dict[str, Any]) -> str:
    """A schema as the published files hold it: indented JSON, UTF-8, a final newline (same document, same bytes)."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


__all__ = ["engine_schema", "schema_text", "SCHEMA_FILES", "SCHEMAS_SERVED", "ENGINE_SCHEMA_ID", "ERROR_KINDS"]
