"""Reading and writing a position in any of its three forms: JSON, TOML scenario, one line.

The form is told by the file name's extension (``.json``, ``.toml``,
``.line`` or ``.txt``) or else by the text itself: JSON starts with ``{``, the
line notation is a single line (besides blank and ``#`` comment lines), and
anything else is read as TOML. Every error is a :class:`PositionError` whose
problems say where (a field path, a line field, a TOML line and column).

>>> from solver.core.newgame import new_game
>>> from solver.core.setups import Setup
>>> state = new_game(Setup())
>>> all(load_text(dump(state, {}, form))[0].state == state for form in FORMS)
True
>>> load_text("6/6/6/6/6/6 red?+1 red")
Traceback (most recent call last):
...
solver.core.errors.PositionError: pile: missing: give pile:<type>=<n>,..., order:<type>,... or layers:<layer>|<layer>
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solver.core.errors import PositionError, Problem
from solver.core.state import GameState
from solver.notation.json_text import decode_json
from solver.notation.line import format_line, read_line
from solver.notation.position_json import Position, dumps, read
from solver.notation.scenario import format_scenario, read_scenario

FORMS = ("json", "toml", "line")
EXTENSIONS = {".json": "json", ".toml": "toml", ".line": "line", ".txt": "line"}


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
        return read_scenario(text, lenient)
    return read(decode_json(text), lenient)


def load_path(path: str | Path, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read a position file (UTF-8) in any form; an unreadable file is a problem at ``file``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError([Problem("file", f"cannot read {path}: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError:
        raise PositionError([Problem("file", f"{path} is not UTF-8 text")]) from None
    return load_text(text, str(path), lenient)


def dump(state: GameState, meta: dict[str, Any] | None, form: str) -> str:
    """The position as text in ``form`` (``json``, ``toml`` or ``line``)."""
    if form == "json":
        return dumps(state, meta)
    if form == "toml":
        return format_scenario(state, meta)
    if form == "line":
        return format_line(state, meta)
    raise ValueError(f"unknown position form {form!r} (forms: {', '.join(FORMS)})")


__all__ = ["FORMS", "detect_form", "load_text", "load_path", "dump"]
