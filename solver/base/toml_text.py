"""Decoding TOML text; an error becomes one located :class:`Problem`.

Python's TOML reader (``tomllib``) costs far more than a text's size on some
inputs: a dotted key of 20,000 parts (40 KB) takes gigabytes, its memory
growing with the square of the parts, and a few thousand parts overflow its
stack. So before the text is read a scan over its tokens (strings and
comments skipped) bounds what it may hold, and refuses past the bound where
it stands, by line and column:

- a dotted key or table name of more than :data:`MAX_KEY_PARTS` parts;
- more than :data:`MAX_ENTRIES` keys, tables, arrays and array items in all;

and once read, a value nested more than :data:`MAX_DEPTH` tables and arrays
deep is refused at its key path. Syntax errors are located by the line and
column ``tomllib`` gives, and an integer too long to read by where it stands.

>>> decode_toml("pile.count = 3")
{'pile': {'count': 3}}
>>> decode_toml("a = \\n")
Traceback (most recent call last):
...
solver.base.errors.PositionError: line 1, column 5: invalid TOML: Invalid value
>>> decode_toml(".".join(["a"] * 40) + " = 1")
Traceback (most recent call last):
...
solver.base.errors.PositionError: line 1, column 33: invalid TOML: a dotted key of more than 16 parts (at most 16)
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.json_text import MAX_DEPTH

MAX_KEY_PARTS = 16
"""Parts of a dotted key or a table name (``[pile.contents]`` has 2; a scenario needs 3 at most)."""
MAX_ENTRIES = 10_000
"""Keys, table headers, arrays, inline tables and array items in one text (a scenario has a few hundred)."""

_TOKEN = re.compile(  # each string pattern unrolled (no repeated group of alternatives): a long string scans fast
    r'(?P<string>"""[^"\\]*(?:(?:\\[\s\S]|"(?!""))[^"\\]*)*"""'
    r"|'''[^']*(?:'(?!'')[^']*)*'''"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"|'[^'\n]*')"
    r"|(?P<word>[A-Za-z0-9_+\-:]+)"
    r"|(?P<comment>#[^\n]*)"
    r"|(?P<space>[ \t\r]+)"
    r"|(?P<other>[\s\S])"
)
"""A string (the four kinds), a bare word (a key, a number, a date), a comment, blanks, or one character."""
_OPENS = frozenset("=[{,")
"""The characters that each begin a key's value, a table, an array or an array's next item."""
_TOML_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")
_DECIMAL = re.compile(r"[0-9](?:_?[0-9])*")


def decode_toml(text: str) -> dict[str, Any]:
    """The TOML document of ``text``; raises :class:`PositionError` with one located problem (see the module doc)."""
    too_much = _scan(text)
    if too_much is not None:
        raise PositionError([too_much])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError([_syntax_problem(str(exc))]) from None
    except RecursionError:
        raise PositionError([Problem("", "invalid TOML: nested too deeply")]) from None
    except ValueError:  # tomllib lets through int()'s refusal of a gigantic integer, which names Python internals
        raise PositionError([_gigantic_integer(text)]) from None
    deep = _too_deep(data)
    if deep is not None:
        raise PositionError([Problem(deep, f"invalid TOML: nested more than {MAX_DEPTH} levels deep (tables and arrays)")])
    return data


def _scan(text: str) -> Problem | None:
    """The first bound the text passes (:data:`MAX_KEY_PARTS`, :data:`MAX_ENTRIES`), located; None within them."""
    if text.count(".") < MAX_KEY_PARTS and sum(text.count(ch) for ch in _OPENS) <= MAX_ENTRIES:
        return None  # too few dots and openings to pass either bound: no need to look
    parts = entries = 0
    after_dot = False
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind in ("space", "comment"):
            continue
        token = match.group()
        if kind in ("string", "word"):
            parts = parts + 1 if after_dot else 1
            after_dot = False
            if parts > MAX_KEY_PARTS:
                return _at(text, match.start(), f"a dotted key of more than {MAX_KEY_PARTS} parts (at most {MAX_KEY_PARTS})")
            continue
        if token == "." and parts:
            after_dot = True
            continue
        parts, after_dot = 0, False
        if token in _OPENS:
            entries += 1
            if entries > MAX_ENTRIES:
                return _at(text, match.start(), f"more than {MAX_ENTRIES:,} keys, tables and array items "
                                                f"(at most {MAX_ENTRIES:,}: a scenario has a few hundred)")
    return None


def _at(text: str, index: int, message: str) -> Problem:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return Problem(f"line {line}, column {column}", f"invalid TOML: {message}")


def _too_deep(data: dict[str, Any]) -> str | None:
    """The key path of the first table or array nested past :data:`MAX_DEPTH` (the document is level 1), if any.

    Iterative, not recursive: the data may be thousands of levels deep."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) >= MAX_DEPTH:
            return _path_text(path)
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, inner in items:
            if isinstance(inner, (dict, list)):
                stack.append((inner, (*path, key)))
    return None


def _path_text(path: tuple[str | int, ...], most: int = MAX_KEY_PARTS) -> str:
    """``a.b[0].c``, its first ``most`` steps, then ``...`` when longer."""
    text = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path[:most]).lstrip(".")
    return text + ("..." if len(path) > most else "")


def _syntax_problem(message: str) -> Problem:
    """A TOML syntax error, located by the line and column tomllib puts in its message."""
    m = _TOML_WHERE.search(message)
    if m is None:
        return Problem("", f"invalid TOML: {message}")
    where = f"line {m.group(1)}, column {m.group(2)}" if m.group(1) else "end of document"
    return Problem(where, f"invalid TOML: {message[: m.start()]}")


def _gigantic_integer(text: str) -> Problem:
    """The problem of an integer too long to read, located at the first one in the text.

    >>> str(_gigantic_integer("a = 1\\nb = " + "1_000" * 2000))
    'line 2, column 5: invalid TOML: an integer of 8,000 digits (at most 4,300)'
    """
    most = sys.get_int_max_str_digits()
    for m in _DECIMAL.finditer(text):
        digits = sum(ch.isdigit() for ch in m.group())
        if digits > most:
            return _at(text, m.start(), f"an integer of {digits:,} digits (at most {most:,})")
    return Problem("", "invalid TOML: a value could not be read (an integer too long?)")


__all__ = ["decode_toml", "MAX_DEPTH", "MAX_ENTRIES", "MAX_KEY_PARTS"]
