"""Reading a Fearsome Floors file: a position (``lueur-ff-position/1``) or a scenario (``lueur-ff-scenario/1``).

A scenario holds its position under ``position``; its problems are reported
at ``position.…``. Every problem is located: ``file`` for an unreadable or
non-UTF-8 file, line and column for bad JSON, the field path otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, BinaryIO

from solver.base.errors import PositionError, Problem
from solver.base.json_text import decode_json
from solver.fearsome.model.state import Position
from solver.fearsome.notation import position_json as notation

SCENARIO_FORMAT = "lueur-ff-scenario/1"
MAX_FILE_BYTES = 1 << 20
"""A position file is a few kilobytes; more than a mebibyte is refused unread (the rest is never read)."""


@dataclass(frozen=True)
class Loaded:
    position: Position
    title: str | None
    """The scenario's title, or the position's ``meta.title``."""
    advanced: bool


def read_document(document: Any) -> Loaded:
    """The position of a decoded position or scenario document; raises PositionError listing every problem."""
    if isinstance(document, dict) and document.get("format") == SCENARIO_FORMAT:
        inner = document.get("position")
        try:
            position = notation.read(inner)
        except PositionError as exc:
            raise PositionError([Problem(f"position.{p.path}" if p.path else "position", p.message)
                                 for p in exc.problems]) from None
        title = document.get("title")
        return Loaded(position, title if isinstance(title, str) else None, _advanced(inner))
    position = notation.read(document)
    meta = document.get("meta") if isinstance(document, dict) else None
    title = meta.get("title") if isinstance(meta, dict) else None
    return Loaded(position, title if isinstance(title, str) else None, _advanced(document))


def _advanced(document: Any) -> bool:
    return isinstance(document, dict) and document.get("advanced") is True


def load_text(text: str) -> Loaded:
    return read_document(decode_json(text))


def load_path(path: str) -> Loaded:
    """Read a file (UTF-8 JSON); an unreadable, too large or non-UTF-8 file is a problem at ``file``."""
    try:
        with open(path, "rb") as stream:
            return load_stream(stream, path)
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {path}: {exc.strerror or exc}")]) from None


def load_stream(stream: BinaryIO, label: str = "standard input") -> Loaded:
    # The Night Cage's file reader (solver.nightcage.notation.forms) would bring its rules in: this game reads its own.
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise PositionError([Problem("file", f"{label} is larger than 1 MiB (the most a position file may hold)")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PositionError([Problem("file", f"{label} is not UTF-8 text (byte {exc.start + 1} is not valid UTF-8)")]) from None
    return load_text(text)
