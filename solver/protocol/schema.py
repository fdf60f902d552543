"""The fields of a protocol request, written once: the checks of :mod:`solver.protocol.requests`
and the JSON Schema of the HTTP front end's OpenAPI document both come from here.

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

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from solver.base.errors import Problem
from solver.fearsome.notation.position_json import FORMAT as FF_FORMAT
from solver.nightcage.commands.hint import POLICIES
from solver.nightcage.commands.solve import ENGINES, OBJECTIVES
from solver.nightcage.model.setups import BASES
from solver.nightcage.notation.forms import FORMS

POSITION_SCHEMA_PATH = "/v1/schema/position"
"""Where ``lueur serve`` serves the position's JSON Schema (the OpenAPI document refers to it)."""
PROTOCOL_SCHEMA_PATH = "/v1/schema/protocol"
MAX_TIME_LIMIT = 600.0
"""The default ceiling of ``time_limit`` (a server may lower it)."""
MAX_PLAYOUTS = 1_000_000
MAX_NODES = 100_000_000
MIN_REPORT_EVERY = 0.05
MAX_ID_LENGTH = 200
MAX_ID_INTEGER = 2**53 - 1
"""Integer ids lie within plus or minus this: every JSON reader (JavaScript's numbers included) holds them exactly."""
MAX_SEED = 2**63 - 1
MAX_CELLS = 49
"""A list of cells names at most every cell of a 7x7 board."""
MAX_TEXT = 1_000_000
"""The most characters a ``text`` field holds (a whole game's position is a few thousand)."""
MAX_NAME = 40
"""The most characters a ``name`` field (a Fearsome Floors pawn's id) holds."""


@dataclass(frozen=True)
class Field:
    """One request field: its kind, its bounds or choices, its default and what it means."""

    name: str
    kind: str
    """``seconds``, ``integer``, ``boolean``, ``choice``, ``actions`` (a non-empty list of strings),
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
            if not isinstance(value, list) or not value or not all(isinstance(a, str) for a in value):
                problems.append(Problem(self.name, self.description))
                return None
            return value
        if self.kind == "cells":
            if value is None:
                return self.default
            if not isinstance(value, list) or len(value) > MAX_CELLS or not all(isinstance(c, str) for c in value):
                problems.append(Problem(self.name, f"{self.description}; not {json_type(value)}"))
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
            bound = f"more than {low:g}" if self.exclusive_low else f"at least {low:g}"
            problems.append(Problem(self.name, f"{shown(value)} is out of range: {bound} and at most {high:g}"))
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
        return f"{value:g}"
    if isinstance(value, int) and abs(value) >= 10**keep:
        return f"an integer of more than {keep} digits"
    return str(value)


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
    "render": (
        Field("format", "choice", "text: the board as `lueur show` draws it; svg: the picture `lueur render` draws.",
              choices=("text", "svg"), default="text"),
        Field("sight", "boolean", "Mark the monsters' lines of sight.", default=True),
        Field("light", "boolean", "svg: tint the cells each prisoner lights.", default=False),
        Field("highlight", "cells", 'svg: a list of cell names to outline, e.g. ["c4"]', default=()),
        Field("legend", "boolean", "svg: draw the legend of the symbols under the board.", default=True),
        Field("panel", "boolean", "svg: draw the prisoners' panel beside the board (a narrow window may leave it out).",
              default=True),
        Field("draft", "boolean", "Draw a position that fails only the checks of the position as a whole "
                                  "(totals, lighting, prisoners' cells), as an editor shows one being set up.", default=False),
    ),
    "new": (Field("setup", "choice", "The setup of the position before the first turn (the pile's order unknown).",
                  choices=BASES, default="standard"),),
    "convert": (
        Field("to", "choice", "The form to write: json, toml (a scenario) or line (the one-line notation).", choices=FORMS,
              default="json"),
        Field("text", "text", "a position written in any form (JSON, a TOML scenario, the one-line notation), instead of position"),
    ),
    "ff.forecast": (),
    "ff.moves": (
        Field("pawn", "name", "the id of the Fearsome Floors pawn to move (default: every pawn the player to move may move)"),
        Field("worst_case", "boolean", "Also score each move by the worst the pawns still to move can do.", default=False),
        Field("lure", "name", "the id of an opponent's pawn: rank by the danger each move brings to it, most first"),
    ),
    "ff.race": (),
    "cancel": (Field("target", "id", "the id of the request to stop"),),
    "version": (),
}
COMMANDS = tuple(COMMAND_FIELDS)
"""Every command the protocol answers."""
WITHOUT_POSITION = ("new", "cancel", "version")
FEARSOME = ("ff.forecast", "ff.moves", "ff.race")
"""Commands of the second game, Fearsome Floors: their ``position`` is a ``lueur-ff-position/1`` document."""
FF_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["format"], "properties": {"format": {"const": FF_FORMAT}}, "additionalProperties": True,
    "description": f"A Fearsome Floors position in the {FF_FORMAT} format (docs/fearsome-floors.md), inline; "
                   "the engine checks every field and reports each problem under position.",
}
"""What the ``position`` of the Fearsome Floors commands is, published (its fields are checked by the reader)."""
POSITION_OR_TEXT = ("convert",)
"""Commands that read their position from ``position`` or, written in any form, from ``text``."""


def request_schema(max_time_limit: float = MAX_TIME_LIMIT) -> dict[str, Any]:
    """The JSON Schema of a request body over HTTP (the command comes from the path)."""
    properties: dict[str, Any] = {
        "id": {**ID_SCHEMA, "description": "Names the request (generated when absent); unique among requests in flight."},
        "position": {"anyOf": [{"$ref": POSITION_SCHEMA_PATH}, FF_POSITION_SCHEMA],
                     "description": f"A position in the lueur-position/1 format (all commands but new, cancel, version and "
                                    f"the ff.* commands; convert takes it or text); for {', '.join(FEARSOME)}, a position "
                                    f"in the {FF_FORMAT} format."},
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
