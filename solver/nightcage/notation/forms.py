"""Reading and writing a position in any of its three forms: JSON, TOML scenario, one line.

The form is told by the file name's extension (``.json``, ``.toml``,
``.line`` or ``.txt``) or else by the text itself: JSON starts with ``{``, the
line notation is a single line (besides blank and ``#`` comment lines), and
anything else is read as TOML. Every error is a :class:`PositionError` whose
problems say where (a field path, a line field, a TOML line and column).

A file or stream is read up to :data:`MAX_POSITION_BYTES` and no further: an
endless input (``/dev/zero``, a pipe that never ends) is refused once it has
given that much, without reading the rest.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> state = new_game(Setup())
>>> all(load_text(dump(state, {}, form))[0].state == state for form in FORMS)
True
>>> load_text("6/6/6/6/6/6 red?+1 red")
Traceback (most recent call last):
...
solver.base.errors.PositionError: pile: missing: give pile:<type>=<n>,..., order:<type>,... or layers:<layer>|<layer>
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from solver.base.errors import PositionError, Problem
from solver.base.json_text import decode_json
from solver.base.named import load as load_named
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.line import format_line, read_line
from solver.nightcage.notation.position_json import Position, dumps, read

if TYPE_CHECKING:  # the named look-ups below, as imports the layer contracts check (none at run time)
    from solver.nightcage.notation.scenario import format_scenario, read_scenario  # noqa: F401

FORMS = ("json", "toml", "line")
EXTENSIONS = {".json": "json", ".toml": "toml", ".line": "line", ".txt": "line"}
READ_SCENARIO = "solver.nightcage.notation.scenario:read_scenario"
FORMAT_SCENARIO = "solver.nightcage.notation.scenario:format_scenario"
"""The TOML form's reader and writer, named: the TOML libraries load only for a TOML position, and a JSON
one (``lueur solve FILE.json``) starts without them (tests/nightcage/notation/test_forms_named.py)."""

MAX_POSITION_BYTES = 8 * 1024 * 1024
"""The most a position file (or standard input) may hold: 8 MiB, far above any real position
(a whole game's JSON is a few kilobytes) and low enough that reading it is quick."""


def detect_form(text: str, name: str | None = None) -> str:
    """The form of a text: by the extension of ``name`` when it has a known one, else by content.

    >>> detect_form('{"format": "lueur-position/1"}'), detect_form("# a puzzle\\n6/6/6/6/6/6 red?+1 red pile:")
    ('json', 'line')
    >>> detect_form('turn = "red"\\nprisoners = []'), detect_form("anything", "puzzle.toml")
    ('toml', 'toml')
    """
    if name is not None and Path(name).suffix.lower() in EXTENSIONS:
        return EXTENSIONS[Path(name).suffix.lower()]
    if text.lstrip().startswith("{"):
        return "json"
    lines = [line.strip() for line in text.split("\n")]
    if len([line for line in lines if line and not line.startswith("#")]) == 1:
        return "line"
    return "toml"


def load_text(text: str, name: str | None = None, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read a position in any form; returns it with the warnings (unknown fields, when ``lenient``).

    Raises :class:`PositionError` listing every problem found.
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise PositionError([Problem("", "no position: the text is empty")])
    form = detect_form(text, name)
    if form == "line":
        return read_line(text, lenient)
    if form == "toml":
        read_scenario: Callable[[str, bool], tuple[Position, list[Problem]]] = load_named(READ_SCENARIO)
        return read_scenario(text, lenient)
    return read(decode_json(text), lenient)


def load_path(path: str | Path, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read a position file (UTF-8) in any form; an unreadable file is a problem at ``file``."""
    try:
        with open(path, "rb") as stream:
            data = read_capped(stream)
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {path}: {exc.strerror or exc}")]) from None
    return load_text(decode_utf8(data, str(path)), str(path), lenient)


def load_stream(stream: BinaryIO, lenient: bool = False, label: str = "standard input") -> tuple[Position, list[Problem]]:
    """Read a position from a byte stream (standard input), form detected from the content,
    with the same limits and messages as a file."""
    return load_text(decode_utf8(read_capped(stream), label), None, lenient)


def read_capped(stream: BinaryIO, limit: int = MAX_POSITION_BYTES) -> bytes:
    """At most ``limit`` bytes of the stream; one byte more is a problem at ``file`` (the rest is never read).

    >>> import io
    >>> read_capped(io.BytesIO(b"12345"), 5)
    b'12345'
    >>> read_capped(io.BytesIO(b"123456"), 5)
    Traceback (most recent call last):
    ...
    solver.base.errors.PositionError: file: larger than 5 bytes (the most a position file may hold)
    """
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise PositionError([Problem("file", f"larger than {_size(limit)} (the most a position file may hold)")])
    return data


def decode_utf8(data: bytes, label: str) -> str:
    """The text of UTF-8 bytes; else a problem at ``file`` saying where the first bad byte is.

    >>> decode_utf8(b"ok \\xff", "-")
    Traceback (most recent call last):
    ...
    solver.base.errors.PositionError: file: - is not UTF-8 text (byte 4 is not valid UTF-8)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PositionError([Problem("file", f"{label} is not UTF-8 text (byte {exc.start + 1} is not valid UTF-8)")]) from None


def _size(n: int) -> str:
    """A byte count as people say it: ``8 MiB``, ``512 KiB``, ``5 bytes``."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} bytes"


def dump(state: GameState, meta: dict[str, Any] | None, form: str) -> str:
    """The position as text in ``form`` (``json``, ``toml`` or ``line``)."""
    if form == "json":
        return dumps(state, meta)
    if form == "toml":
        format_scenario: Callable[[GameState, dict[str, Any] | None], str] = load_named(FORMAT_SCENARIO)
        return format_scenario(state, meta)
    if form == "line":
        return format_line(state, meta)
    raise ValueError(f"unknown position form {form!r} (forms: {', '.join(FORMS)})")


__all__ = ["FORMS", "MAX_POSITION_BYTES", "detect_form", "load_text", "load_path", "load_stream", "read_capped", "decode_utf8", "dump"]
