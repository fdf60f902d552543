"""Building blocks of the published JSON Schemas (Draft 2020-12): every game's results are made of them.

>>> obj({"a": STRING}, {"b": INTEGER})
{'type': 'object', 'required': ['a'], 'properties': {'a': {'type': 'string'}, 'b': {'type': 'integer'}}}
>>> nullable(BOOLEAN)
{'anyOf': [{'type': 'boolean'}, {'type': 'null'}]}
"""

from __future__ import annotations

from typing import Any

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_BASE = "https://lueur.invalid/schema/"
"""Where the schemas' ``$id`` s stand: names, not addresses (``.invalid`` is a reserved domain);
the files are in ``docs/schema/`` and ``lueur serve`` serves them."""


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def obj(required: dict[str, Any], optional: dict[str, Any] | None = None, description: str | None = None) -> dict[str, Any]:
    """An object with these fields (``required`` always there, ``optional`` sometimes)."""
    schema: dict[str, Any] = {"type": "object"}
    if description:
        schema["description"] = description
    schema["required"] = list(required)
    schema["properties"] = {**required, **(optional or {})}
    return schema


STRING = {"type": "string"}
BOOLEAN = {"type": "boolean"}
INTEGER = {"type": "integer"}
NUMBER = {"type": "number"}
FRACTION = {"type": "string", "pattern": "^[0-9]+/[0-9]+$", "description": "An exact probability, as numerator/denominator."}
STRINGS = {"type": "array", "items": STRING}
PROBLEM = {"type": "object", "required": ["path", "message"],
           "properties": {"path": {"type": "string", "description": "Where (a field path, a line and column); empty for the whole."},
                          "message": {"type": "string"}}}
PROPORTION = obj({"successes": INTEGER, "trials": INTEGER, "rate": nullable(NUMBER),
                  "ci95": {"type": "array", "prefixItems": [NUMBER, NUMBER], "minItems": 2, "maxItems": 2}},
                 description="successes out of trials, with the 95% Wilson interval.")
