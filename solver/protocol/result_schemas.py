"""The JSON Schema of each command's ``result`` document (what ``lueur <command> --json`` prints).

Each game describes its own commands' results (its ``requests`` module's
``COMMANDS``, from the registry :mod:`solver.games`); the protocol's own
commands are described in :mod:`solver.protocol.schema`. The fields every
answer carries are required; objects stay open to fields a later version adds
(a client should ignore what it does not know). The tests hold real answers of
every command against these schemas, closed: a field added to an answer and
not described here fails it.

>>> sorted(RESULTS) == sorted(COMMANDS)
True
>>> RESULTS["check"]["oneOf"][0]["properties"]["valid"]
{'const': True}
"""

from __future__ import annotations

from typing import Any

from solver.base.schema_parts import PROBLEM, nullable, obj
from solver.protocol.schema import ALL, COMMANDS

RESULTS: dict[str, dict[str, Any]] = {name: command.result for name, command in ALL.items()}
"""Each command's ``result`` document (null when a request was stopped before an answer)."""

__all__ = ["RESULTS", "PROBLEM", "COMMANDS", "nullable", "obj"]
