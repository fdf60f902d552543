"""Decoding JSON text; an error becomes one located :class:`Problem`.

Every reader of JSON text decodes here: a position file, a JSON string in a
TOML scenario (``meta``), a keyed field of the line notation (``meta:``,
``setup:``, ``pending:``) and a request of the engine protocol. A syntax error
is located by the line and column of the text, or, at a given path, by the
column after the path (``field 5 (meta), column 40``) or within the message
(``meta: invalid JSON at column 7: ...``). Other errors (absurd nesting, a
gigantic integer) have no place. Each caller's wording is part of its output
and is kept through the keyword options.

>>> decode_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> decode_json('{\\n  "a": }')
Traceback (most recent call last):
...
solver.core.errors.PositionError: line 2, column 8: invalid JSON: Expecting value
>>> decode_json('{"a": }', "meta", column_in_message=True)
Traceback (most recent call last):
...
solver.core.errors.PositionError: meta: invalid JSON at column 7: Expecting value
>>> decode_json_prefix('pending:{"a": 1} rest', 8, "field 4 (pending)")
({'a': 1}, 16)
"""

from __future__ import annotations

import json
from typing import Any

from solver.core.errors import PositionError, Problem

NESTED_TOO_DEEPLY = "nested too deeply"

_DECODER = json.JSONDecoder()


def decode_json(
    text: str,
    path: str | None = None,
    *,
    offset: int = 0,
    column_in_message: bool = False,
    too_deep: str | None = NESTED_TOO_DEEPLY,
    detail: bool = True,
) -> Any:
    """The JSON value of the whole text; raises :class:`PositionError` with one problem.

    ``path`` locates the text (None: it is the whole document, located by line
    and column); ``offset`` is the column the text starts at, added to the
    column of a syntax error. ``column_in_message`` says the column in the
    message rather than after the path; ``too_deep`` is the message for absurd
    nesting (None: Python's own); without ``detail``, an error other than a
    syntax error is just "invalid JSON".
    """
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError, as is a gigantic integer
        raise PositionError([_problem(exc, path, offset, column_in_message, too_deep, detail)]) from None


def decode_json_prefix(text: str, start: int, path: str) -> tuple[Any, int]:
    """The JSON value starting at ``start`` (not at a space) and where it ends; text may follow it.

    Raises :class:`PositionError` with one problem, located at ``path`` and the
    column in ``text``.
    """
    try:
        return _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError) as exc:
        raise PositionError([_problem(exc, path, 0, False, NESTED_TOO_DEEPLY, True)]) from None


def _problem(exc: Exception, path: str | None, offset: int, column_in_message: bool, too_deep: str | None, detail: bool) -> Problem:
    """The problem for a decoding error, worded as the caller asks (see :func:`decode_json`)."""
    if isinstance(exc, json.JSONDecodeError):
        column = exc.colno + offset
        if path is None:
            return Problem(f"line {exc.lineno}, column {column}", f"invalid JSON: {exc.msg}")
        if column_in_message:
            return Problem(path, f"invalid JSON at column {column}: {exc.msg}")
        return Problem(f"{path}, column {column}", f"invalid JSON: {exc.msg}")
    where = path or ""
    if not detail:
        return Problem(where, "invalid JSON")
    if isinstance(exc, RecursionError) and too_deep is not None:
        return Problem(where, f"invalid JSON: {too_deep}")
    return Problem(where, f"invalid JSON: {exc}")


__all__ = ["decode_json", "decode_json_prefix", "NESTED_TOO_DEEPLY"]
