"""Typed field readers that record problems instead of raising.

Readers take a value and its field path, append a :class:`Problem` when the
value is not of the expected form (saying what would be valid), and return a
usable value or None. Parsing goes on after a problem, so a file's every
problem is reported at once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from solver.base.errors import Problem

CONTROL_CHARACTERS = frozenset(
    [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)
"""Code points a terminal acts on rather than shows: C0 controls, DEL, C1 controls, and the bidi
overrides and isolates (which reorder what follows). Never in a name; escaped when printed."""


def control_characters(text: str) -> list[str]:
    """The control characters of ``text`` (see :data:`CONTROL_CHARACTERS`), in order.

    >>> control_characters("red"), control_characters("r\\x1b[2Jed\\u202e")
    ([], ['\\x1b', '\\u202e'])
    """
    return [ch for ch in text if ord(ch) in CONTROL_CHARACTERS]


MAX_NAME_LENGTH = 40
"""The most characters in a name (a prisoner's, a player's colour, a pawn's id): names are drawn in pictures
and listed in messages, so a megabyte-long one would be drawn and listed whole."""


def name_problem(name: str) -> str | None:
    r"""What is wrong with ``name`` as a name (quoted, then why), or None when it is one.

    >>> name_problem("red"), name_problem("r\x1bed")
    (None, "'r\\x1bed': a name may not hold control characters (terminal codes, bidi overrides)")
    >>> name_problem("x" * 41)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (41 characters): a name has at most 40 characters"
    """
    if control_characters(name):
        return f"{quoted(name)}: a name may not hold control characters (terminal codes, bidi overrides)"
    if len(name) > MAX_NAME_LENGTH:
        return f"{quoted(name)}: a name has at most {MAX_NAME_LENGTH} characters"
    return None


def quoted(text: str, most: int = 40) -> str:
    """``repr(text)``, cut short past ``most`` characters (a token may be a megabyte long).

    >>> quoted("t=4"), quoted("9" * 5000)
    ("'t=4'", "'999999999999999999999999999999'... (5,000 characters)")
    """
    if len(text) <= most:
        return repr(text)
    return f"{text[: most - 10]!r}... ({len(text):,} characters)"


def cut(text: str, most: int = 40) -> str:
    """``text``, cut short past ``most`` characters, unquoted.

    >>> cut("ADV-5P-WAX"), cut("1" * 5000)
    ('ADV-5P-WAX', '111111111111111111111111111111... (5,000 characters)')
    """
    return text if len(text) <= most else f"{text[: most - 10]}... ({len(text):,} characters)"


def number(value: int) -> str:
    """An integer as text, cut short past 40 digits.

    >>> number(12), number(10 ** 100)
    ('12', '10000000000000000000... (101 digits)')
    """
    text = str(value)
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text.lstrip('-')):,} digits)"


class Reader:
    """Collects problems while reading one document."""

    def __init__(self, lenient: bool = False):
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.lenient = lenient
        """Unknown fields become warnings (the engine protocol) instead of problems."""

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def object(self, value: Any, path: str) -> dict[str, Any] | None:
        if isinstance(value, dict):
            return value
        self.problem(path, f"expected an object, got {shown(value)}")
        return None

    def list(self, value: Any, path: str) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.problem(path, f"expected a list, got {shown(value)}")
        return None

    def string(self, value: Any, path: str) -> str | None:
        if isinstance(value, str):
            return value
        self.problem(path, f"expected a string, got {shown(value)}")
        return None

    def boolean(self, value: Any, path: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.problem(path, f"expected true or false, got {shown(value)}")
        return None

    def integer(self, value: Any, path: str, low: int | None = None, high: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(path, f"expected an integer{_range(low, high)}, got {shown(value)}")
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            self.problem(path, f"{number(value)} is out of range{_range(low, high)}")
            return None
        return value

    def choice(self, value: Any, path: str, allowed: Sequence[str]) -> str | None:
        if isinstance(value, str) and value in allowed:
            return value
        self.problem(path, f"{shown(value)} is not one of {', '.join(allowed)}")
        return None

    def unknown_fields(self, obj: dict[str, Any], path: str, known: tuple[str, ...]) -> None:
        for key in obj:
            if key not in known:
                where = f"{path}.{key}" if path else key
                message = f"unknown field (known fields: {', '.join(known)})"
                if self.lenient:
                    self.warnings.append(Problem(where, message + "; ignored"))
                else:
                    self.problem(where, message)


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    return ""


def shown(value: Any) -> str:
    """A value as JSON, cut short past 40 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
