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

from solver.core.errors import PositionError, Problem
from solver.notation.json_text import decode_json
from solver.notation.position_json import Position, read

PROTOCOL = "lueur-engine/1"

COMMANDS = ("check", "legal", "apply", "solve", "odds", "hint", "analyze", "render", "cancel", "version")
"""Every command the protocol answers."""

WITHOUT_POSITION = ("cancel", "version")

LIMITS = ("time_limit", "max_nodes", "playouts", "seed", "report_every")
"""Fields every command accepts (a command that has no use for one ignores it quietly)."""

COMMAND_FIELDS: dict[str, tuple[str, ...]] = {
    "check": (),
    "legal": ("explain",),
    "apply": ("actions",),
    "solve": ("engine", "objective"),
    "odds": ("draws",),
    "hint": ("policy",),
    "analyze": ("policy", "orders", "order_nodes"),
    "render": (),
    "cancel": ("target",),
    "version": (),
}

MAX_TIME_LIMIT = 600.0
"""The default ceiling of ``time_limit`` (a server may lower it)."""
MAX_PLAYOUTS = 1_000_000
MAX_NODES = 100_000_000
MIN_REPORT_EVERY = 0.05
MAX_ID_LENGTH = 200


@dataclass(frozen=True)
class Limits:
    time_limit: float | None = None
    max_nodes: int | None = None
    playouts: int | None = None
    seed: int = 0
    report_every: float = 0.25


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
    """A request that cannot be served: the ``error`` line to send back."""

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
        return decode_json(text, "", column_in_message=True, too_deep=None)
    except PositionError as exc:
        raise RequestError("malformed", exc.problems[0].message) from None


def parse_request(doc: Any, max_time_limit: float = MAX_TIME_LIMIT) -> Request:
    """Check a decoded request (see the module doc)."""
    if not isinstance(doc, dict):
        raise RequestError("malformed", f"a request is a JSON object, not {_json_type(doc)}")
    request_id = _request_id(doc)
    command = doc.get("command")
    if command is None:
        raise RequestError("invalid request", f"command: missing; one of {', '.join(COMMANDS)}", request_id)
    if command not in COMMANDS:
        raise RequestError("unknown command", f"command: {command!r} is not a command; one of {', '.join(COMMANDS)}", request_id)
    problems: list[Problem] = []
    limits = _limits(doc, max_time_limit, problems)
    fields = _command_fields(command, doc, problems)
    if command not in WITHOUT_POSITION and "position" not in doc:
        problems.append(Problem("position", "missing: a position in the lueur-position/1 format (a JSON object)"))
    if problems:
        raise RequestError("invalid request", "; ".join(str(p) for p in problems), request_id, problems)
    known = {"id", "command", "position", *LIMITS, *COMMAND_FIELDS[command]}
    warnings = [Problem(name, f"not a field of {command!r} requests: ignored") for name in doc if name not in known]
    if command in WITHOUT_POSITION and "position" in doc:
        warnings.append(Problem("position", f"{command!r} takes no position: ignored"))
    return Request(request_id, command, limits, fields, doc.get("position"), warnings)


def read_position(request: Request) -> tuple[Position, list[Problem]]:
    """The request's position and its warnings (unknown fields are ignored, as the format asks of the protocol).

    Raises :class:`PositionError` with every problem, each path starting ``position``.
    """
    if not isinstance(request.position_doc, dict):
        raise PositionError([Problem("position", f"a JSON object in the lueur-position/1 format, not {_json_type(request.position_doc)}")])
    try:
        position, warnings = read(request.position_doc, lenient=True)
    except PositionError as exc:
        raise PositionError([_under_position(p) for p in exc.problems]) from None
    return position, [_under_position(w) for w in warnings]


def _under_position(problem: Problem) -> Problem:
    return Problem(f"position.{problem.path}" if problem.path else "position", problem.message)


def _request_id(doc: dict[str, Any]) -> str | int:
    if "id" not in doc:
        raise RequestError("invalid request", "id: missing; a string or an integer that names the request")
    value = doc["id"]
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise RequestError("invalid request", f"id: a string or an integer, not {_json_type(value)}")
    if isinstance(value, str) and not 0 < len(value) <= MAX_ID_LENGTH:
        raise RequestError("invalid request", f"id: 1 to {MAX_ID_LENGTH} characters")
    return value


def _limits(doc: dict[str, Any], max_time_limit: float, problems: list[Problem]) -> Limits:
    time_limit = _number(doc, "time_limit", 0.0, max_time_limit, problems, exclusive_min=True)
    max_nodes = _integer(doc, "max_nodes", 1, MAX_NODES, problems)
    playouts = _integer(doc, "playouts", 1, MAX_PLAYOUTS, problems)
    seed = _integer(doc, "seed", -(2**63), 2**63 - 1, problems)
    report_every = _number(doc, "report_every", MIN_REPORT_EVERY, 3600.0, problems)
    return Limits(time_limit, max_nodes, playouts, 0 if seed is None else seed, 0.25 if report_every is None else report_every)


def _command_fields(command: str, doc: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if command == "apply":
        actions = doc.get("actions")
        if not isinstance(actions, list) or not actions or not all(isinstance(a, str) for a in actions):
            problems.append(Problem("actions", "a non-empty list of actions in the text notation, e.g. [\"move N\", \"discard e2\"]"))
        else:
            fields["actions"] = actions
    elif command == "legal":
        fields["explain"] = _boolean(doc, "explain", problems)
    elif command == "solve":
        fields["engine"] = _choice(doc, "engine", ("search", "cpsat", "both"), "search", problems)
        fields["objective"] = _choice(doc, "objective", ("turns", "nerve"), "turns", problems)
    elif command == "odds":
        draws = _integer(doc, "draws", 1, 100, problems)
        fields["draws"] = 1 if draws is None else draws
    elif command in ("hint", "analyze"):
        fields["policy"] = _choice(doc, "policy", ("greedy", "random", "bot"), "greedy", problems)
        if command == "analyze":
            orders = _integer(doc, "orders", 0, 100_000, problems)
            nodes = _integer(doc, "order_nodes", 1, MAX_NODES, problems)
            fields["orders"] = 20 if orders is None else orders
            fields["order_nodes"] = 150 if nodes is None else nodes
    elif command == "cancel":
        target = doc.get("target")
        if isinstance(target, bool) or not isinstance(target, (str, int)):
            problems.append(Problem("target", "the id of the request to stop (a string or an integer)"))
        else:
            fields["target"] = target
    return fields


def _number(doc: dict[str, Any], name: str, low: float, high: float, problems: list[Problem], exclusive_min: bool = False) -> float | None:
    value = doc.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        problems.append(Problem(name, f"a number of seconds, not {_json_type(value)}"))
        return None
    if value < low or (exclusive_min and value == low) or value > high:
        bound = f"more than {low:g}" if exclusive_min else f"at least {low:g}"
        problems.append(Problem(name, f"{value:g} is out of range: {bound} and at most {high:g}"))
        return None
    return float(value)


def _integer(doc: dict[str, Any], name: str, low: int, high: int, problems: list[Problem]) -> int | None:
    value = doc.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(Problem(name, f"an integer, not {_json_type(value)}"))
        return None
    if not low <= value <= high:
        problems.append(Problem(name, f"{value} is out of range: {low} to {high}"))
        return None
    return value


def _boolean(doc: dict[str, Any], name: str, problems: list[Problem]) -> bool:
    value = doc.get(name, False)
    if not isinstance(value, bool):
        problems.append(Problem(name, f"true or false, not {_json_type(value)}"))
        return False
    return value


def _choice(doc: dict[str, Any], name: str, options: tuple[str, ...], default: str, problems: list[Problem]) -> str:
    value = doc.get(name, default)
    if value not in options:
        problems.append(Problem(name, f"{value!r} is not one of {', '.join(options)}"))
        return default
    return str(value)


def _json_type(value: Any) -> str:
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
