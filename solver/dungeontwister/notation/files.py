"""Reading a Dungeon Twister position file: JSON or TOML, every problem located.

The TOML form is the same document as the JSON one (the same fields, the same
paths in problems). The form is the file's suffix (``.toml``, else JSON), or
for text without a name its first character (``{`` for JSON). An unreadable,
too large or non-UTF-8 file is a problem at ``file``; bad JSON or TOML is
located by line and column; the rest by field path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, BinaryIO

from solver.base.errors import PositionError, Problem
from solver.base.json_text import decode_json
from solver.base.toml_text import decode_toml as read_toml
from solver.dungeontwister.model.state import Position
from solver.dungeontwister.notation import position_json as notation

MAX_FILE_BYTES = 1 << 20
"""A position is a few kilobytes; more than a mebibyte is refused unread."""


@dataclass(frozen=True)
class Loaded:
    position: Position
    title: str | None
    """The position's ``meta.title``, when it has one."""
    meta: dict[str, Any] | None


def read_document(document: Any) -> Loaded:
    position = notation.read(document)
    meta = document.get("meta") if isinstance(document, dict) else None
    title = meta.get("title") if isinstance(meta, dict) else None
    return Loaded(position, title if isinstance(title, str) else None, meta if isinstance(meta, dict) else None)


def load_text(text: str, form: str | None = None) -> Loaded:
    """The position in ``text``; ``form`` is ``json`` or ``toml`` (None: JSON when it starts with ``{``)."""
    if form is None:
        form = "json" if text.lstrip("\ufeff \t\r\n").startswith("{") else "toml"
    return read_document(decode_json(text) if form == "json" else decode_toml(text))


def decode_toml(text: str) -> dict[str, Any]:
    """The TOML document; a problem is located by line and column (:mod:`solver.base.toml_text`, which also
    bounds the text before it is read: dotted keys, entries, nesting)."""
    return read_toml(text)


def load_path(path: str) -> Loaded:
    try:
        with open(path, "rb") as stream:
            return load_stream(stream, path, "toml" if path.lower().endswith(".toml") else "json")
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {path}: {exc.strerror or exc}")]) from None


def load_stream(stream: BinaryIO, label: str = "standard input", form: str | None = None) -> Loaded:
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise PositionError([Problem("file", f"{label} is larger than 1 MiB (the most a position file may hold)")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PositionError([Problem("file", f"{label} is not UTF-8 text (byte {exc.start + 1} is not valid UTF-8)")]) from None
    return load_text(text, form)
