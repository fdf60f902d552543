"""Reading one request of the engine protocol (``lueur-engine/1``, docs/protocol.md).

A request is one JSON object: ``id``, ``command``, usually a ``position`` in
the v1 format, the limits (``time_limit``, ``max_nodes``, ``playouts``,
``seed``, ``report_every``) and the command's own fields (``actions``,
``engine``...). :func:`parse_request` checks all of it and returns either a
:class:`Request` (with warnings for the fields it ignores) or a
:class:`RequestError` that names the field and what would be valid. Nothing
here runs a command: that is :mod:`solver.protocol.commands`. :class:`Request`
and :class:`RequestError` are the base's (:mod:`solver.base.protocol`), so that a
game's commands can read them.
"""

from __future__ import annotations

from typing import Any

from solver.base.errors import PositionError, Problem, capped
from solver.base.json_text import decode_json
from solver.base.limits import Limits
from solver.base.protocol import Request, RequestError, capped_warnings, id_problem, json_type, shown
from solver.protocol.schema import (
    COMMAND_FIELDS,
    COMMANDS,
    LIMITS,
    MAX_TIME_LIMIT,
    POSITION_OR_TEXT,
    TIME_LIMIT,
    WITHOUT_POSITION,
    game_of,
)

PROTOCOL = "lueur-engine/1"

__all__ = ["PROTOCOL", "Request", "RequestError", "capped_warnings", "decode_line", "leading_id", "parse_request"]

def decode_line(raw: bytes | str) -> Any:
    """The JSON value of one line, or a ``malformed`` :class:`RequestError`."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise RequestError("malformed", f"the line is not UTF-8 (byte {exc.start})") from None
    try:
        return decode_json(text, "", column_in_message=True)
    except PositionError as exc:
        raise RequestError("malformed", exc.problems[0].message) from None


def parse_request(doc: Any, max_time_limit: float = MAX_TIME_LIMIT) -> Request:
    """Check a decoded request (see the module doc)."""
    if not isinstance(doc, dict):
        raise RequestError("malformed", f"a request is a JSON object, not {json_type(doc)}")
    request_id = _request_id(doc)
    command = doc.get("command")
    if command is None:
        raise RequestError("invalid request", f"command: missing; one of {', '.join(COMMANDS)}", request_id)
    if not isinstance(command, str) or command not in COMMANDS:
        raise RequestError("unknown command", f"command: {shown(command)} is not a command; one of {', '.join(COMMANDS)}", request_id)
    problems: list[Problem] = []
    limits = _limits(doc, max_time_limit, problems)
    fields = _command_fields(command, doc, problems)
    if command in POSITION_OR_TEXT:
        if ("position" in doc) == ("text" in doc):
            problems.append(Problem("position", f"give either position (a JSON object in the {_format_of(command)} format) "
                                                "or text (a position written in any form), not both or neither"))
    elif command not in WITHOUT_POSITION and "position" not in doc:
        problems.append(Problem("position", f"missing: a position in the {_format_of(command)} format (a JSON object)"))
    if problems:
        problems = capped(problems)
        raise RequestError("invalid request", "; ".join(str(p) for p in problems), request_id, problems)
    known = {"id", "command", "position", *(f.name for f in LIMITS), *(f.name for f in COMMAND_FIELDS[command])}
    warnings = [Problem(name, f"not a field of {command!r} requests: ignored") for name in doc if name not in known]
    if command in WITHOUT_POSITION and "position" in doc:
        warnings.append(Problem("position", f"{command!r} takes no position: ignored"))
    return Request(request_id, command, limits, fields, doc.get("position"), capped_warnings(warnings))


def _format_of(command: str) -> str:
    game = game_of(command)
    assert game is not None, "only a game's command reads a position"
    return game.position_format


def _request_id(doc: dict[str, Any]) -> str | int:
    """The request's id; a missing or invalid one is refused with an error that carries no id (None)."""
    if "id" not in doc:
        raise RequestError("invalid request", "id: missing; a string or an integer that names the request")
    value = doc["id"]
    problem = id_problem(value)
    if problem is not None:
        raise RequestError("invalid request", f"id: {problem}")
    return value


def leading_id(raw: bytes) -> str | int | None:
    """The id of a line that cannot be read whole (too long), when it is certain: the line starts
    with ``{"id":`` (spaces allowed between), then a complete valid id, then ``,`` or ``}``.

    Only the first member of the top-level object counts: an ``"id"`` further on
    may stand inside another value (a position's ``meta``).

    >>> leading_id(b'{"id": "a1", "command": "solve", "posi'), leading_id(b'{"id":1.5,"command"')
    ('a1', None)
    >>> leading_id(b'{"command":"solve","position":{"meta":{"id":7},')
    """
    start = _after_space(raw, 0)
    for token in (b"{", b'"id"', b":"):
        if not raw.startswith(token, start):
            return None
        start = _after_space(raw, start + len(token))
    end = _string_end(raw, start) if raw.startswith(b'"', start) else _integer_end(raw, start)
    if end is None or raw[_after_space(raw, end):][:1] not in (b",", b"}"):
        return None
    try:
        value = decode_json(raw[start:end].decode("utf-8"))
    except (UnicodeDecodeError, PositionError):
        return None
    return value if id_problem(value) is None else None


def _after_space(raw: bytes, index: int) -> int:
    while index < len(raw) and raw[index] in b" \t\r\n":
        index += 1
    return index


def _string_end(raw: bytes, start: int) -> int | None:
    """Just past the JSON string that opens at ``start``; None when it does not close."""
    index = start + 1
    while index < len(raw):
        byte = raw[index]
        if byte == 0x5C:  # a backslash: the next byte is escaped
            index += 2
            continue
        if byte == 0x22:
            return index + 1
        index += 1
    return None


def _integer_end(raw: bytes, start: int) -> int | None:
    """Just past the integer at ``start`` (digits, after an optional minus); None when there is none."""
    index = start + 1 if raw.startswith(b"-", start) else start
    digits = index
    while index < len(raw) and 0x30 <= raw[index] <= 0x39:
        index += 1
    return index if index > digits else None


def _limits(doc: dict[str, Any], max_time_limit: float, problems: list[Problem]) -> Limits:
    values = {field.name: field.read(doc, problems, high=max_time_limit if field is TIME_LIMIT else None) for field in LIMITS}
    return Limits(**values)


def _command_fields(command: str, doc: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    fields = {field.name: field.read(doc, problems) for field in COMMAND_FIELDS[command]}
    return {name: value for name, value in fields.items() if value is not None}
