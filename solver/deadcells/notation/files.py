"""Reading a combat file: JSON or the TOML form (the same fields), bounded and located.

The TOML form is for typing a combat by hand: the same fields as the JSON,
tables for objects (``[cards.zombie]``, ``[[prisoners]]``). A file is read as
TOML when its name ends in ``.toml`` or its first character is not ``{``.
Every problem is located: ``file`` for an unreadable, too large or non-UTF-8
file, line and column for a syntax error, the field path otherwise.
"""

from __future__ import annotations

import datetime
import math
from typing import Any, BinaryIO

from solver.base.errors import PositionError, Problem
from solver.base.json_text import decode_json
from solver.base.toml_text import decode_toml as read_toml
from solver.deadcells.notation.bounds import MAX_FILE_BYTES
from solver.deadcells.notation.position import Loaded, read


def loads(text: str, *, toml: bool | None = None) -> Loaded:
    """The position in ``text`` (JSON, or TOML when ``toml`` or when it does not start with ``{``)."""
    if toml is None:
        toml = not text.lstrip().startswith("{")
    return read(decode_toml(text) if toml else decode_json(text))


def decode_toml(text: str) -> Any:
    """The TOML document as JSON values; a syntax error, or a date or non-finite number, is a located problem.

    The text is bounded before it is read (:mod:`solver.base.toml_text`: dotted keys, entries, nesting)."""
    document = read_toml(text)
    problems: list[Problem] = []
    plain = _plain(document, "", problems)
    if problems:
        raise PositionError(problems)
    return plain


def _plain(value: Any, path: str, problems: list[Problem]) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v, f"{path}.{k}" if path else k, problems) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v, f"{path}[{i}]", problems) for i, v in enumerate(value)]
    if isinstance(value, (datetime.date, datetime.time)):
        problems.append(Problem(path, "a date or time is not a value of this form"))
        return None
    if isinstance(value, float) and not math.isfinite(value):
        problems.append(Problem(path, "numbers are finite"))
        return None
    return value


def load_path(path: str) -> Loaded:
    try:
        with open(path, "rb") as stream:
            return load_stream(stream, path, toml=True if path.endswith(".toml") else None)
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {path}: {exc.strerror or exc}")]) from None


def load_stream(stream: BinaryIO, label: str = "standard input", *, toml: bool | None = None) -> Loaded:
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise PositionError([Problem("file", f"{label} is larger than 1 MiB (the most a position file may hold)")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PositionError([Problem("file", f"{label} is not UTF-8 text (byte {exc.start + 1} is not valid UTF-8)")]) from None
    return loads(text, toml=toml)
