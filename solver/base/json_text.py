"""Decoding JSON text; an error becomes one located :class:`Problem`.

Every reader of JSON text decodes here: a position file, a JSON string in a
TOML scenario (``meta``), a keyed field of the line notation (``meta:``,
``setup:``, ``pending:``) and a request of the engine protocol. A syntax error
is located by the line and column of the text, or, at a given path, by the
column after the path (``field 5 (meta), column 40``) or within the message
(``meta: invalid JSON at column 7: ...``). Each caller's wording is part of its
output and is kept through the keyword options.

Python's decoder accepts more than JSON, and stops short in its own words;
this one refuses, located like a syntax error:

- ``NaN``, ``Infinity``, ``-Infinity``, and numbers too large for a float
  (``1e400``): every number is finite;
- a lone surrogate escape (``"\\ud800"``): strings are Unicode text (a
  character outside the basic plane is written as a pair, ``"\\ud83d\\ude00"``);
- arrays and objects nested more than :data:`MAX_DEPTH` deep;
- integers of more than 4,300 digits (Python's own limit on reading them).

>>> decode_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> decode_json('{\\n  "a": }')
Traceback (most recent call last):
...
solver.base.errors.PositionError: line 2, column 8: invalid JSON: Expecting value
>>> decode_json('{"a": }', "meta", column_in_message=True)
Traceback (most recent call last):
...
solver.base.errors.PositionError: meta: invalid JSON at column 7: Expecting value
>>> decode_json('{"limit": NaN}', "", column_in_message=True)
Traceback (most recent call last):
...
solver.base.errors.PositionError: invalid JSON at column 11: NaN is not a number JSON allows: numbers are finite, e.g. 2.5 or -3
>>> decode_json_prefix('pending:{"a": 1} rest', 8, "field 4 (pending)")
({'a': 1}, 16)
"""

from __future__ import annotations

import json
import math
import re
import sys
from itertools import accumulate
from typing import Any

from solver.base.errors import PositionError, Problem

MAX_DEPTH = 100
"""Arrays and objects nested deeper than this are refused (a position needs 5)."""
NESTED_TOO_DEEPLY = f"nested too deeply: at most {MAX_DEPTH} levels of arrays and objects"

# A string token (escapes included), as JSON writes it; used only on text that decoded.
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_NUMBER_OR_CONSTANT = re.compile(_STRING + r"|(-?Infinity|NaN|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)", re.DOTALL)
_BRACKET = re.compile(_STRING + r"|([\[{])|[\]}]", re.DOTALL)
_STRING_TOKEN = re.compile(_STRING, re.DOTALL)
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)
_RAW_SURROGATE = re.compile("[\ud800-\udfff]")
_HIGH, _LOW = r"\\u[dD][89abAB][0-9a-fA-F]{2}", r"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
# Every lone surrogate escape matches (a high one not followed by a low one, a low one not after a
# high one that starts an escape); so do a few that are not (after an escaped backslash): the exact
# scan of the strings then decides. Most texts have no candidate and skip that scan.
_LONE_CANDIDATE = re.compile(  # led by a literal, which the regex engine looks for fast
    rf"\\u[dD](?:[89abAB][0-9a-fA-F]{{2}}(?!{_LOW})|(?<!(?<!\\){_HIGH}\\u[dD])[c-fC-F][0-9a-fA-F]{{2}})")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class _Refused(Exception):
    """A number token the decoder met and JSON does not allow; located afterwards by its text."""

    def __init__(self, literal: str, reason: str) -> None:
        super().__init__(reason)
        self.literal = literal
        self.reason = reason


def _constant(name: str) -> float:
    raise _Refused(name, f"{name} is not a number JSON allows: numbers are finite, e.g. 2.5 or -3")


def _float(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):
        raise _Refused(literal, f"{_shortened(literal)} is too large a number: at most about 1.8e308 (numbers are finite)")
    return value


_DECODER = json.JSONDecoder(parse_float=_float, parse_constant=_constant)


def decode_json(
    text: str,
    path: str | None = None,
    *,
    offset: int = 0,
    column_in_message: bool = False,
    detail: bool = True,
) -> Any:
    """The JSON value of the whole text; raises :class:`PositionError` with one problem.

    ``path`` locates the text (None: it is the whole document, located by line
    and column); ``offset`` is the column the text starts at, added to the
    column of an error. ``column_in_message`` says the column in the message
    rather than after the path; without ``detail``, an error that has no place
    is just "invalid JSON".
    """
    try:
        return _decode(text, 0, whole=True)[0]
    except (ValueError, RecursionError) as exc:
        raise PositionError([_problem(exc, path, offset, column_in_message, detail)]) from None


def decode_json_prefix(text: str, start: int, path: str) -> tuple[Any, int]:
    """The JSON value starting at ``start`` (not at a space) and where it ends; text may follow it.

    Raises :class:`PositionError` with one problem, located at ``path`` and the
    column in ``text``.
    """
    try:
        return _decode(text, start, whole=False)
    except (ValueError, RecursionError) as exc:
        raise PositionError([_problem(exc, path, 0, False, True)]) from None


def _decode(text: str, start: int, whole: bool) -> tuple[Any, int]:
    """The value and where it ends; every refusal is a located :class:`json.JSONDecodeError`."""
    if text.startswith("\ufeff", start):
        raise json.JSONDecodeError("the text starts with a byte-order mark (U+FEFF): save it as UTF-8 without one", text, start)
    try:
        if whole:
            value, end = _DECODER.decode(text), len(text)
        else:
            value, end = _DECODER.raw_decode(text, start)
    except json.JSONDecodeError:
        raise
    except _Refused as exc:
        raise json.JSONDecodeError(exc.reason, text, _literal_at(text, start, exc.literal)) from None
    except RecursionError:  # deeper than Python goes: far past MAX_DEPTH
        raise json.JSONDecodeError(NESTED_TOO_DEEPLY, text, _too_deep_at(text, start, len(text)) or start) from None
    except ValueError:  # Python's decoder refuses to read a gigantic integer, without saying where
        found = _long_integer(text, start)
        if found is None:
            raise
        index, digits = found
        raise json.JSONDecodeError(f"an integer of {digits:,} digits: at most {sys.get_int_max_str_digits():,}", text, index) from None
    deep = _too_deep_at(text, start, end)
    if deep is not None:
        raise json.JSONDecodeError(NESTED_TOO_DEEPLY, text, deep)
    lone = _lone_surrogate(text, start, end)
    if lone is not None:
        index, escape = lone
        raise json.JSONDecodeError(f"a lone surrogate {escape} is not Unicode text "
                                   "(a character outside the basic plane is a pair, e.g. \\ud83d\\ude00)", text, index)
    return value, end


def _literal_at(text: str, start: int, literal: str) -> int:
    """Where the first number token ``literal`` stands (outside strings)."""
    for match in _NUMBER_OR_CONSTANT.finditer(text, start):
        if match.group(1) == literal:
            return match.start()
    return start


def _long_integer(text: str, start: int) -> tuple[int, int] | None:
    """Where the first integer longer than Python reads stands, and its number of digits."""
    limit = sys.get_int_max_str_digits()
    for match in _NUMBER_OR_CONSTANT.finditer(text, start):
        token = match.group(1)
        if token is not None and limit and len(token.lstrip("-")) > limit and token.lstrip("-").isdigit():
            return match.start(), len(token.lstrip("-"))
    return None


def _too_deep_at(text: str, start: int, end: int) -> int | None:
    """Where the first array or object nested past :data:`MAX_DEPTH` opens, if any."""
    if text.count("[", start, end) + text.count("{", start, end) <= MAX_DEPTH:
        return None  # too few brackets to nest that deep: no need to look
    brackets = _NOT_BRACKET.sub("", _STRING_TOKEN.sub("", text[start:end]))
    if max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) <= MAX_DEPTH:  # no Python loop: fast on a megabyte
        return None
    depth = 0  # deeper than allowed: find where, token by token
    for match in _BRACKET.finditer(text, start, end):
        token = match.group(0)
        if match.group(1) is not None:
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None


def _lone_surrogate(text: str, start: int, end: int) -> tuple[int, str] | None:
    """Where the first surrogate that is not half of a pair stands, and how it is written."""
    raw = _RAW_SURROGATE.search(text, start, end)
    if raw is None and _LONE_CANDIDATE.search(text, start, end) is None:
        return None  # only text that did not come from UTF-8 can hold one
    found: list[tuple[int, str]] = [] if raw is None else [(raw.start(), f"U+{ord(raw.group()):04X}")]
    for string in _STRING_TOKEN.finditer(text, start, end):
        lone = _lone_in_string(text, string.start() + 1, string.end() - 1)
        if lone is not None:
            found.append(lone)
            break
    return min(found) if found else None


def _lone_in_string(text: str, start: int, end: int) -> tuple[int, str] | None:
    high: re.Match[str] | None = None  # a high surrogate escape waiting for its low half
    for escape in _ESCAPE.finditer(text, start, end):
        code = int(escape.group(1), 16) if escape.group(1) else None
        is_low = code is not None and 0xDC00 <= code <= 0xDFFF
        if high is not None:
            if is_low and escape.start() == high.end():
                high = None
                continue
            return high.start(), high.group()
        if code is not None and 0xD800 <= code <= 0xDBFF:
            high = escape
        elif is_low:
            return escape.start(), escape.group()
    return (high.start(), high.group()) if high is not None else None


def _shortened(literal: str, keep: int = 24) -> str:
    return literal if len(literal) <= keep else f"{literal[:keep]}... ({len(literal):,} characters)"


def _problem(exc: Exception, path: str | None, offset: int, column_in_message: bool, detail: bool) -> Problem:
    """The problem for a decoding error, worded as the caller asks (see :func:`decode_json`)."""
    if isinstance(exc, json.JSONDecodeError):
        column = exc.colno + offset
        if path is None:
            return Problem(f"line {exc.lineno}, column {column}", f"invalid JSON: {exc.msg}")
        if column_in_message:
            return Problem(path, f"invalid JSON at column {column}: {exc.msg}")
        return Problem(f"{path}, column {column}", f"invalid JSON: {exc.msg}")
    if detail and isinstance(exc, RecursionError):  # only when the caller's own stack is already deep
        return Problem(path or "", f"invalid JSON: {NESTED_TOO_DEEPLY}")
    return Problem(path or "", "invalid JSON")


__all__ = ["decode_json", "decode_json_prefix", "MAX_DEPTH", "NESTED_TOO_DEEPLY"]
