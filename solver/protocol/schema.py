"""The fields of a protocol request, written once: the checks of :mod:`solver.protocol.requests`
and the JSON Schema of the HTTP front end's OpenAPI document both come from here.

>>> TIME_LIMIT.read({"time_limit": 2.5}, [])
2.5
>>> problems = []
>>> TIME_LIMIT.read({"time_limit": 0}, problems), problems[0].message
(None, '0 is out of range: more than 0 and at most 600')
>>> TIME_LIMIT.json_schema(max_time_limit=30.0)
{'type': 'number', 'exclusiveMinimum': 0, 'maximum': 30.0, 'description': 'Seconds of work (the searching commands).'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.commands.hint import POLICIES
from solver.commands.solve import ENGINES, OBJECTIVES
from solver.core.errors import Problem

MAX_TIME_LIMIT = 600.0
"""The default ceiling of ``time_limit`` (a server may lower it)."""
MAX_PLAYOUTS = 1_000_000
MAX_NODES = 100_000_000
MIN_REPORT_EVERY = 0.05
MAX_ID_LENGTH = 200
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Field:
    """One request field: its kind, its bounds or choices, its default and what it means."""

    name: str
    kind: str
    """``seconds``, ``integer``, ``boolean``, ``choice``, ``actions`` (a non-empty list of strings) or ``id``."""
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
            if value not in self.choices:
                problems.append(Problem(self.name, f"{value!r} is not one of {', '.join(self.choices)}"))
                return self.default
            return str(value)
        value = doc.get(self.name)
        if self.kind == "actions":
            if not isinstance(value, list) or not value or not all(isinstance(a, str) for a in value):
                problems.append(Problem(self.name, self.description))
                return None
            return value
        if self.kind == "id":
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                problems.append(Problem(self.name, self.description))
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
        low = self.low or 0.0
        if value < low or (self.exclusive_low and value == low) or (high is not None and value > high):
            bound = f"more than {low:g}" if self.exclusive_low else f"at least {low:g}"
            problems.append(Problem(self.name, f"{value:g} is out of range: {bound} and at most {high:g}"))
            return self.default
        return float(value)

    def _integer(self, value: Any, high: float | None, problems: list[Problem]) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(Problem(self.name, f"an integer, not {json_type(value)}"))
            return self.default
        assert self.low is not None and high is not None
        if not self.low <= value <= high:
            problems.append(Problem(self.name, f"{value} is out of range: {int(self.low)} to {int(high)}"))
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
        else:
            schema = {"oneOf": [{"type": "string", "minLength": 1, "maxLength": MAX_ID_LENGTH}, {"type": "integer"}]}
        if self.default is not None and self.kind != "id":
            schema["default"] = self.default
        schema["description"] = self.description
        return schema


TIME_LIMIT = Field("time_limit", "seconds", "Seconds of work (the searching commands).", 0.0, MAX_TIME_LIMIT, exclusive_low=True)
LIMITS = (
    TIME_LIMIT,
    Field("max_nodes", "integer", "Positions the planner may expand (solve).", 1, MAX_NODES),
    Field("max_positions", "integer", "Positions a search may keep in memory at once (solve, hint; default 500,000).", 1, 2_000_000),
    Field("playouts", "integer", "hint: playouts per choice (reproducible); analyze: games played.", 1, MAX_PLAYOUTS),
    Field("seed", "integer", "Same request and seed, same answer.", -MAX_SEED - 1, MAX_SEED, default=0),
    Field("report_every", "seconds", "Seconds between info lines.", MIN_REPORT_EVERY, 3600.0, default=0.25),
)
"""Fields every command accepts (a command that has no use for one ignores it quietly)."""

POLICY = Field("policy", "choice", "The playouts' policy.", choices=POLICIES, default="greedy")
COMMAND_FIELDS: dict[str, tuple[Field, ...]] = {
    "check": (),
    "legal": (Field("explain", "boolean", "Also list each refused candidate with the reason.", default=False),),
    "apply": (Field("actions", "actions", 'a non-empty list of actions in the text notation, e.g. ["move N", "discard e2"]'),),
    "solve": (
        Field("engine", "choice", "Which exact planner answers; both runs both and checks they agree.", choices=ENGINES,
              default="search"),
        Field("objective", "choice", "turns: fewest turns, then fewest Nerve; nerve: the other way round.", choices=OBJECTIVES,
              default="turns"),
    ),
    "odds": (Field("draws", "integer", "How many of the next draws.", 1, 100, default=1),),
    "hint": (POLICY,),
    "analyze": (
        POLICY,
        Field("orders", "integer", "Pile orders sampled for the hindsight bound.", 0, 100_000, default=20),
        Field("order_nodes", "integer", "Positions the planner may expand per sampled order.", 1, MAX_NODES, default=150),
    ),
    "render": (),
    "cancel": (Field("target", "id", "the id of the request to stop (a string or an integer)"),),
    "version": (),
}
COMMANDS = tuple(COMMAND_FIELDS)
"""Every command the protocol answers."""
WITHOUT_POSITION = ("cancel", "version")


def request_schema(max_time_limit: float = MAX_TIME_LIMIT) -> dict[str, Any]:
    """The JSON Schema of a request body over HTTP (the command comes from the path)."""
    properties: dict[str, Any] = {
        "id": {"oneOf": [{"type": "string", "minLength": 1, "maxLength": MAX_ID_LENGTH}, {"type": "integer"}],
               "description": "Names the request (generated when absent); unique among requests in flight."},
        "position": {"type": "object", "description": "A position in the lueur-position/1 format (all commands but cancel and version)."},
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
