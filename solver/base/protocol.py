"""What a game declares to serve the engine protocol (docs/protocol.md): its commands, their fields, a request.

A game's requests module (``solver/<game>/requests.py``, named in its registry
entry :class:`solver.base.games.Game`) lists its :class:`Command` s: each with
the :class:`Field` s of its requests, the JSON Schema of its ``result``, whether
it reads a position, and whether it searches. The protocol
(:mod:`solver.protocol`) reads and checks a request with them and hands the
game a :class:`Request`; the game answers with the final line. The same fields
give the checks and the published JSON Schemas.

>>> Field("draws", "integer", "How many of the next draws.", 1, 100, default=1).read({"draws": 0}, problems := [])
1
>>> problems[0].message
'0 is out of range: 1 to 100'
>>> id_problem(1.5)
'a string or an integer, not 1.5'
>>> id_problem(2**53)
'an integer from -9,007,199,254,740,991 to 9,007,199,254,740,991 (held exactly by every JSON reader), not 9007199254740992'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from solver.base.errors import MAX_LISTED, PositionError, Problem
from solver.base.limits import Limits

T = TypeVar("T")

Info = Callable[[dict[str, Any]], None]
"""Sends a partial answer (an ``info`` line), or with a ``warning`` key a warning."""
ShouldStop = Callable[[], bool]
"""True once the request is cancelled or out of time: the command finishes with what it has."""

MAX_CELLS = 49
"""A list of cells names at most every cell of a 7x7 board."""
MAX_TEXT = 1_000_000
"""The most characters a ``text`` field holds (a whole game's position is a few thousand)."""
MAX_NAME = 40
"""The most characters a ``name`` field (a Fearsome Floors pawn's id) holds."""
MAX_ID_LENGTH = 200
MAX_ID_INTEGER = 2**53 - 1
"""Integer ids lie within plus or minus this: every JSON reader (JavaScript's numbers included) holds them exactly."""
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Field:
    """One request field: its kind, its bounds or choices, its default and what it means."""

    name: str
    kind: str
    """``seconds``, ``integer``, ``boolean``, ``choice``, ``actions`` (a non-empty list of strings; optional when it has a
    default),
    ``cells`` (a list of cell names, checked against the board by the command), ``text`` (a string), ``name`` (a short
    string, e.g. a pawn's id, checked by the command) or ``id``."""
    description: str
    low: float | None = None
    high: float | None = None
    exclusive_low: bool = False
    choices: tuple[str, ...] = ()
    default: Any = None

    def read(self, doc: dict[str, Any], problems: list[Problem], high: float | None = None) -> Any:
        """The field's value in ``doc`` (its default when absent), or None with a problem added.

        ``high`` overrides the upper bound (a server's lower ceiling on ``time_limit``).
        """
        top = self.high if high is None else high
        if self.kind == "boolean":
            value = doc.get(self.name, self.default)
            if not isinstance(value, bool):
                problems.append(Problem(self.name, f"true or false, not {json_type(value)}"))
                return self.default
            return value
        if self.kind == "choice":
            value = doc.get(self.name, self.default)
            if not isinstance(value, str) or value not in self.choices:
                problems.append(Problem(self.name, f"{shown(value)} is not one of {', '.join(self.choices)}"))
                return self.default
            return str(value)
        value = doc.get(self.name)
        if self.kind == "actions":
            if value is None and self.default is not None:  # an optional list of actions, left out
                return self.default
            if not isinstance(value, list) or not value or not all(isinstance(a, str) for a in value):
                problems.append(Problem(self.name, self.description))
                return None
            return value
        if self.kind == "cells":
            if value is None:
                return self.default
            if not isinstance(value, list):
                problems.append(Problem(self.name, f"{self.description}; not {json_type(value)}"))
                return None
            if len(value) > MAX_CELLS:
                problems.append(Problem(self.name, f"{self.description}; at most {MAX_CELLS} cells, not {len(value):,}"))
                return None
            wrong = next((i for i, cell in enumerate(value) if not isinstance(cell, str)), None)
            if wrong is not None:
                problems.append(Problem(f"{self.name}[{wrong}]", f"a cell's name (a string), not {json_type(value[wrong])}"))
                return None
            return tuple(value)
        if self.kind == "name":
            if value is None:
                return None
            if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
                what = f"{len(value):,} characters" if isinstance(value, str) else json_type(value)
                problems.append(Problem(self.name, f"{self.description}, 1 to {MAX_NAME} characters; not {what}"))
                return None
            return value
        if self.kind == "text":
            if self.name not in doc:
                return None
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                what = f"{len(value):,} characters" if isinstance(value, str) else json_type(value)
                problems.append(Problem(self.name, f"{self.description}, at most {MAX_TEXT:,} characters; not {what}"))
                return None
            return value
        if self.kind == "id":
            problem = id_problem(value)
            if problem is not None:
                problems.append(Problem(self.name, f"{self.description}: {problem}"))
                return None
            return value
        if value is None:
            return self.default
        if self.kind == "seconds":
            return self._seconds(value, top, problems)
        return self._integer(value, top, problems)

    def _seconds(self, value: Any, high: float | None, problems: list[Problem]) -> float | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(Problem(self.name, f"a number of seconds, not {json_type(value)}"))
            return self.default
        if isinstance(value, float) and not math.isfinite(value):  # every comparison with NaN is false: refuse it first
            problems.append(Problem(self.name, f"a finite number of seconds, not {shown(value)}"))
            return self.default
        low = self.low or 0.0
        if value < low or (self.exclusive_low and value == low) or (high is not None and value > high):
            bound = f"more than {number_text(low)}" if self.exclusive_low else f"at least {number_text(low)}"
            top = "" if high is None else f" and at most {number_text(high)}"
            problems.append(Problem(self.name, f"{shown(value)} is out of range: {bound}{top}"))
            return self.default
        return float(value)

    def _integer(self, value: Any, high: float | None, problems: list[Problem]) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(Problem(self.name, f"an integer, not {json_type(value)}"))
            return self.default
        assert self.low is not None and high is not None
        if not self.low <= value <= high:
            problems.append(Problem(self.name, f"{shown(value)} is out of range: {int(self.low)} to {int(high)}"))
            return self.default
        return value

    def json_schema(self, max_time_limit: float | None = None) -> dict[str, Any]:
        """The field as a JSON Schema property."""
        high = max_time_limit if self.name == "time_limit" and max_time_limit is not None else self.high
        schema: dict[str, Any]
        if self.kind in ("seconds", "integer"):
            schema = {"type": "number" if self.kind == "seconds" else "integer"}
            if self.low is not None:
                low = int(self.low) if self.kind == "integer" or self.low == int(self.low) else self.low
                schema["exclusiveMinimum" if self.exclusive_low else "minimum"] = low
            if high is not None:
                schema["maximum"] = int(high) if self.kind == "integer" else high
        elif self.kind == "boolean":
            schema = {"type": "boolean"}
        elif self.kind == "choice":
            schema = {"enum": list(self.choices)}
        elif self.kind == "actions":
            schema = {"type": "array", "items": {"type": "string"}, "minItems": 1}
        elif self.kind == "cells":
            schema = {"type": "array", "items": {"type": "string"}, "maxItems": MAX_CELLS}
        elif self.kind == "text":
            schema = {"type": "string", "maxLength": MAX_TEXT}
        elif self.kind == "name":
            schema = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
        else:
            schema = dict(ID_SCHEMA)
        if self.default is not None and self.kind != "id":
            schema["default"] = list(self.default) if isinstance(self.default, tuple) else self.default
        schema["description"] = self.description
        return schema


ID_SCHEMA: dict[str, Any] = {"oneOf": [
    {"type": "string", "minLength": 1, "maxLength": MAX_ID_LENGTH, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"},
    {"type": "integer", "minimum": -MAX_ID_INTEGER, "maximum": MAX_ID_INTEGER},
]}
"""What an id is, published: the same rule as :func:`id_problem`."""
_CONTROL_OR_SURROGATE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def id_problem(value: Any) -> str | None:
    """What is wrong with a request id (``id``, a cancel's ``target``), or None when it is one.

    An id is a string of 1 to 200 characters, none of them a control character
    or a lone surrogate, or an integer that every JSON reader holds exactly.
    """
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return f"a string or an integer, not {shown(value) if isinstance(value, float) else json_type(value)}"
    if isinstance(value, int):
        if -MAX_ID_INTEGER <= value <= MAX_ID_INTEGER:
            return None
        return f"an integer from {-MAX_ID_INTEGER:,} to {MAX_ID_INTEGER:,} (held exactly by every JSON reader), not {shown(value)}"
    if not 0 < len(value) <= MAX_ID_LENGTH:
        return f"1 to {MAX_ID_LENGTH} characters, not {len(value):,}"
    bad = _CONTROL_OR_SURROGATE.search(value)
    if bad is None:
        return None
    what = "a lone surrogate" if 0xD800 <= ord(bad.group()) <= 0xDFFF else "a control character"
    return f"{what} U+{ord(bad.group()):04X} at character {bad.start() + 1}: an id is printable text"


def shown(value: Any, keep: int = 40) -> str:
    """A value as a message quotes it: its Python form, cut short when long (a request may send megabytes)."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (list, dict)):
        return json_type(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= keep else f"{value[:keep]!r}... ({len(value):,} characters)"
    if isinstance(value, float):
        return number_text(value)
    if isinstance(value, int) and abs(value) >= 10**keep:
        return f"an integer of more than {keep} digits"
    return str(value)




def number_text(value: float) -> str:
    """A number as a message shows it: short (``600``, ``0.5``, ``1e+300``) unless that would round it, then exactly.

    >>> number_text(600.0), number_text(600.0000001), number_text(1e300), number_text(float("nan"))
    ('600', '600.0000001', '1e+300', 'nan')
    """
    short = f"{value:g}"
    return short if value != value or float(short) == value else repr(value)


def json_type(value: Any) -> str:
    """How a problem names the JSON type it got."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


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


@dataclass(frozen=True)
class Command:
    """One command of a game's protocol: what its requests hold and what it answers."""

    name: str
    fields: tuple[Field, ...]
    """The command's own fields (every command also accepts the limits)."""
    result: dict[str, Any]
    """The JSON Schema of its ``result`` document."""
    takes: str = "position"
    """``position`` (a position in the game's format), ``position or text`` (that, or any form of it in
    ``text``), ``any position`` (any JSON object, valid or not: ``check`` says what is wrong with it) or
    ``nothing``."""
    searches: bool = False
    """It searches (it runs in a process of its own, counts toward a server's cap, and has a time limit)."""
    time_limit: float | None = None
    """The seconds it searches when the request does not say (searching commands)."""


def result(command: str, exit_code: int, body: Any) -> dict[str, Any]:
    """The final line of an answered request (without its ``id``)."""
    return {"type": "result", "command": command, "exit_code": int(exit_code), "result": body}


def capped_warnings(warnings: list[Problem]) -> list[Problem]:
    """The first warnings, and a last one counting those left out (a request may name a million unknown fields)."""
    if len(warnings) <= MAX_LISTED:
        return warnings
    return [*warnings[:MAX_LISTED], Problem("", f"... and {len(warnings) - MAX_LISTED:,} more warnings, not listed")]


def request_position(request: Request, format_name: str, read: Callable[[dict[str, Any]], T]) -> T:
    """The position of ``request`` read by a game's strict reader ``read`` (a document in ``format_name``).

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    if not isinstance(request.position_doc, dict):
        raise PositionError([Problem("position", f"a JSON object in the {format_name} format, not {json_type(request.position_doc)}")])
    try:
        return read(request.position_doc)
    except PositionError as exc:
        raise exc.relocated(_under_position) from None


def _under_position(problem: Problem) -> Problem:
    return Problem(f"position.{problem.path}" if problem.path else "position", problem.message)


def no_first_info(request: Request) -> dict[str, Any] | None:
    """A game whose commands send no report before their work starts."""
    return None
