"""Reading one request of the engine protocol (``lueur-engine/1``, docs/protocol.md).

A request is one JSON object: ``id``, ``command``, usually a ``position`` in
the v1 format, the limits (``time_limit``, ``max_nodes``, ``playouts``,
``seed``, ``report_every``) and the command's own fields (``actions``,
``engine``...). :func:`parse_request` checks all of it and returns either a
:class:`Request` (with warnings for the fields it ignores) or a
:class:`RequestError` that names the field and what would be valid. Nothing
here runs a command: that is :mod:`solver.protocol.commands`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.base.errors import MAX_LISTED, PositionError, Problem, capped
from solver.base.json_text import decode_json
from solver.base.limits import Limits
from solver.fearsome.model.state import Position as FearsomePosition
from solver.fearsome.notation import position_json as ff_notation
from solver.nightcage.notation.position_json import Position, read
from solver.protocol.schema import (
    COMMAND_FIELDS,
    COMMANDS,
    FEARSOME,
    FF_FORMAT,
    LIMITS,
    MAX_TIME_LIMIT,
    POSITION_OR_TEXT,
    TIME_LIMIT,
    WITHOUT_POSITION,
    id_problem,
    json_type,
    shown,
)

PROTOCOL = "lueur-engine/1"

@dataclass
class Request:
    id: str | int
    command: str
    limits: Limits
    fields: dict[str, Any]
    """The command's own fields, checked."""
    position_doc: Any = None
    """The ``position`` as sent (read by :func:`read_position`)."""
    warnings: list[Problem] = field(default_factory=list)
    announced: bool = False
    """The runner has already sent the command's first report (see ``protocol_commands.first_info``)."""


class RequestError(Exception):
    """A request that cannot be served: the ``error`` line to send back.

    ``request_id`` is the id the line carries: only one read with certainty
    (see :func:`parse_request` and :func:`leading_id`), else None. ``problems``
    come capped by their source (:func:`~solver.base.errors.capped`).
    """

    def __init__(self, kind: str, message: str, request_id: str | int | None = None, problems: list[Problem] | None = None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.request_id = request_id
        self.problems = problems or []

    def line(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"id": self.request_id, "type": "error", "error": self.kind, "message": self.message}
        if self.problems:
            doc["problems"] = [p.as_json() for p in self.problems]
        return doc


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
            problems.append(Problem("position", "give either position (a JSON object in the lueur-position/1 format) "
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


def capped_warnings(warnings: list[Problem]) -> list[Problem]:
    """The first warnings, and a last one counting those left out (a request may name a million unknown fields)."""
    if len(warnings) <= MAX_LISTED:
        return warnings
    return [*warnings[:MAX_LISTED], Problem("", f"... and {len(warnings) - MAX_LISTED:,} more warnings, not listed")]


def read_position(request: Request) -> tuple[Position, list[Problem]]:
    """The request's position and its warnings (unknown fields are ignored, as the format asks of the protocol).

    Raises :class:`PositionError` with every problem, each path starting ``position``. A ``render``
    with ``draft`` skips the checks of the position as a whole (an editor draws a position being set up).
    """
    if not isinstance(request.position_doc, dict):
        raise PositionError([Problem("position", f"a JSON object in the lueur-position/1 format, not {json_type(request.position_doc)}")])
    try:
        position, warnings = read(request.position_doc, lenient=True, consistent=not request.fields.get("draft", False))
    except PositionError as exc:
        raise exc.relocated(_under_position) from None
    return position, capped_warnings([_under_position(w) for w in warnings])


def read_ff_position(request: Request) -> FearsomePosition:
    """The position of a Fearsome Floors command (``ff.*``), a ``lueur-ff-position/1`` document read strictly.

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    if not isinstance(request.position_doc, dict):
        raise PositionError([Problem("position", f"a JSON object in the {FF_FORMAT} format, not {json_type(request.position_doc)}")])
    try:
        return ff_notation.read(request.position_doc)
    except PositionError as exc:
        raise exc.relocated(_under_position) from None


def _format_of(command: str) -> str:
    return FF_FORMAT if command in FEARSOME else "lueur-position/1"


def _under_position(problem: Problem) -> Problem:
    return Problem(f"position.{problem.path}" if problem.path else "position", problem.message)


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
