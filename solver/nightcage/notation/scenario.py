"""The TOML scenario form: a position a person writes, with the board drawn as text.

The keys mirror the JSON v1 format (``prisoners``, ``turn``, ``[pile]``,
``[discarded]``, ``[rulings]``, ``[pending]``…), except that the tiles are
drawn in ``board`` with one token per cell (:mod:`solver.nightcage.notation.tiletoken`) and that
``title``, ``source``, ``question`` and ``[[check]]`` (stored as
``meta.checks``) stand at the top level. Reading builds a JSON v1 document and
hands it to :func:`solver.nightcage.notation.position_json.read`; its problems are mapped back to
TOML keys and to the line and column of a board token. Grammar in
docs/formats.md.

>>> text = '''
... turn = "red"
... board = \"\"\"
... 6  .  .  .  .  .  .
... 5  .  .  .  .  .  .
... 4  .  .  .  .  .  .
... 3  .  .  .  .  .  .
... 2  .  .  .  .  .  .
... 1  .  .  .  .  .  .
... \"\"\"
... prisoners = [{name = "red", unplaced = true}, {name = "blue", unplaced = true},
...              {name = "green", unplaced = true}, {name = "yellow", unplaced = true}]
... [pile]
... count = 74
... layers = [{t = 4, cross = 2, straight = 2}, {straight = 8, t = 26, cross = 10, key = 6, gate = 4, wax_eater = 12}]
... '''
>>> parse_scenario(text).state.pile.count
74
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import tomli_w

from solver.base.errors import PositionError, Problem
from solver.base.fields import quoted, shown
from solver.base.json_text import decode_json
from solver.base.toml_text import decode_toml
from solver.nightcage.model.grid import FILE_LETTERS, SIZES, geometry
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.position_json import Position, read_located, to_json
from solver.nightcage.notation.tiletoken import format_tile, parse_tile, tile_spec

KNOWN_KEYS = (
    "title",
    "source",
    "question",
    "size",
    "setup",
    "turn",
    "board",
    "prisoners",
    "pile",
    "discarded",
    "omens",
    "rulings",
    "pending",
    "meta",
    "check",
)
META_KEYS = {"title": "title", "source": "source", "question": "question", "check": "checks"}
"""Top-level keys stored in ``meta`` (TOML key: meta key)."""
PASSED_KEYS = ("setup", "turn", "prisoners", "pile", "discarded", "omens", "rulings", "pending")
"""Top-level keys that are the JSON fields of the same name."""

_BOARD_START = re.compile(r"^[ \t]*board[ \t]*=[ \t]*(?:\"\"\"|''')(?:\r?\n)?", re.MULTILINE)
_BOARD_PLACEHOLDER = re.compile(r'^board = ""$', re.MULTILINE)
_TILE_PATH = re.compile(r"tiles\.([a-z][0-9]+)\.?(.*)")
_TOKEN = re.compile(r"\S+")


# -- writing ----------------------------------------------------------------------------


def format_scenario(state: GameState, meta: dict[str, Any] | None = None) -> str:
    """The position as a TOML scenario; ``parse_scenario`` gives it back exactly.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> text = format_scenario(new_game(Setup()), {"title": "A new game"})
    >>> print(text[:text.index("prisoners")])
    title = "A new game"
    turn = "red"
    board = \"\"\"
         a     b     c     d     e     f
    6    .     .     .     .     .     .
    5    .     .     .     .     .     .
    4    .     .     .     .     .     .
    3    .     .     .     .     .     .
    2    .     .     .     .     .     .
    1    .     .     .     .     .     .
    \"\"\"
    <BLANKLINE>
    """
    text = tomli_w.dumps(_toml_document(state, meta))
    return _BOARD_PLACEHOLDER.sub(lambda _: f'board = """\n{format_board(state)}"""', text, count=1)


def _toml_document(state: GameState, meta: dict[str, Any] | None) -> dict[str, Any]:
    """The scenario's keys in writing order, ``board`` left empty to be drawn in afterwards."""
    doc = to_json(state, meta)
    out: dict[str, Any] = {}
    rest = dict(doc.get("meta", {}))
    if _holds_null(rest):
        out["meta"] = json.dumps(rest, ensure_ascii=False)
        rest = {}
    for key in ("title", "source", "question"):
        if key in rest:
            out[key] = rest.pop(key)
    for key in ("setup", "turn"):
        if key in doc:
            out[key] = doc[key]
    out["board"] = ""
    for key in ("prisoners", "pile", "discarded", "omens", "rulings"):
        if key in doc:
            out[key] = doc[key]
    if "pending" in doc:
        out["pending"] = {k: v for k, v in doc["pending"].items() if k != "awaits"}
    checks = rest.pop("checks", None)
    if rest:
        out["meta"] = rest
    if checks is not None:
        out["check"] = checks
    return out


def format_board(state: GameState) -> str:
    """The board drawn as text: a header of file letters, then each rank from the top.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> print(format_board(new_game(Setup())).splitlines()[1])
    6    .     .     .     .     .     .
    """
    geo = state.geo
    rows = [[format_tile(state.tiles[c]) for c in geo.row_cells(rank)] for rank in reversed(range(state.size))]
    width = max(5, *(len(token) for row in rows for token in row)) + 1
    lines = [" " * 5 + "".join(f.ljust(width) for f in FILE_LETTERS[: state.size])]
    for rank, row in zip(range(state.size, 0, -1), rows):
        lines.append(str(rank).ljust(5) + "".join(token.ljust(width) for token in row))
    return "".join(line.rstrip() + "\n" for line in lines)


def _holds_null(value: Any) -> bool:
    """TOML has no null: such metadata is written as a JSON string."""
    if isinstance(value, dict):
        return any(_holds_null(v) for v in value.values())
    if isinstance(value, list):
        return any(_holds_null(v) for v in value)
    return value is None


# -- reading ----------------------------------------------------------------------------


def parse_scenario(text: str) -> Position:
    """Read a TOML scenario; raises :class:`PositionError` listing every problem.

    >>> board = "\\n".join(f"{rank} . . . . . ." for rank in range(6, 0, -1)).replace("1 .", "1 Z")
    >>> parse_scenario("turn = 'red'\\nboard = '''\\n" + board + "\\n'''\\n")
    Traceback (most recent call last):
    ...
    solver.base.errors.PositionError: board, line 8, column 3: 'Z': unknown kind letter 'Z' (valid tokens: ...)
    """
    return read_scenario(text)[0]


def read_scenario(text: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Like :func:`parse_scenario`, also returning warnings (unknown keys, when ``lenient``)."""
    data = decode_toml(text)
    reader = _ScenarioReader(text, lenient)
    doc = reader.document(data)
    if reader.problems:
        raise PositionError(reader.problems)
    position, warnings = read_located(doc, lenient, reader.locate)
    return position, reader.warnings + warnings


def scenario_document(text: str) -> dict[str, Any]:
    """The JSON v1 document a scenario describes, before the position as a whole is checked, so that a
    scenario whose position is wrong on purpose (its tiles do not add up) can still be opened in an editor.

    Raises :class:`PositionError` for the problems of the scenario's own text (TOML, board tokens).
    """
    data = decode_toml(text)
    reader = _ScenarioReader(text, lenient=True)
    doc = reader.document(data)
    if reader.problems:
        raise PositionError(reader.problems)
    return doc


class _ScenarioReader:
    """Turns decoded TOML into a JSON v1 document, recording where each board cell was drawn."""

    def __init__(self, text: str, lenient: bool):
        self.text = text
        self.lenient = lenient
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.cells: dict[str, str] = {}
        """Location of each cell's token (``board, line 7, column 11``)."""
        self.origin: tuple[int, int] | None = None
        """TOML line and column where the board string's text starts, when found exactly."""
        self.size_given = False

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def document(self, data: dict[str, Any]) -> dict[str, Any]:
        for key in data:
            if key not in KNOWN_KEYS:
                self.unknown(key)
        for path in _dates(data, ""):
            self.problem(path, "a TOML date or time has no JSON equivalent (write it as a string)")
        doc: dict[str, Any] = {key: data[key] for key in PASSED_KEYS if key in data}
        if "size" in data:
            doc["size"] = data["size"]
            self.size_given = True
        if "board" in data:
            self.board(data["board"], doc)
        meta = self.meta(data)
        if meta:
            doc["meta"] = meta
        return doc

    def unknown(self, key: str) -> None:
        message = f"unknown key (known keys: {', '.join(KNOWN_KEYS)})"
        if self.lenient:
            self.warnings.append(Problem(key, message + "; ignored"))
        else:
            self.problem(key, message)

    def meta(self, data: dict[str, Any]) -> dict[str, Any]:
        """``meta``: the top-level title, source, question and checks, then the ``[meta]`` table."""
        given = data.get("meta", {})
        if isinstance(given, str):
            given = self.meta_json(given)
        if not isinstance(given, dict):
            self.problem("meta", "expected a table (or a string holding a JSON object)")
            given = {}
        meta = {META_KEYS[key]: data[key] for key in META_KEYS if key in data}
        for key, value in given.items():
            if key in meta:
                top = next(k for k, v in META_KEYS.items() if v == key)
                self.problem(f"meta.{key}", f"given twice: as {top} and in [meta]")
            meta[key] = value
        return meta

    def meta_json(self, text: str) -> Any:
        try:
            return decode_json(text, "meta", column_in_message=True, detail=False)
        except PositionError as exc:
            self.problems += exc.problems
        return {}

    # -- the board --

    def board(self, board: Any, doc: dict[str, Any]) -> None:
        if not isinstance(board, str):
            self.problem("board", "expected a multi-line string: one line per rank, top rank first")
            return
        self.origin = _board_origin(self.text, board)
        lines = board.split("\n")
        ranks = [(i, words) for i, words in enumerate(_words(line) for line in lines) if words and not _is_header(words)]
        size = len(ranks)
        if size not in SIZES:
            self.problem("board", f"{size} rank lines; a board has 6 or 7, each a rank number then one token per file")
            return
        if self.size_given and doc["size"] != size:
            self.problem("size", f"{shown(doc['size'])}, but the board has {size} ranks")
        doc["size"] = size
        doc["tiles"] = {}
        for k, (i, words) in enumerate(ranks):
            self.rank(size - k, i, words, size, doc["tiles"])

    def rank(self, rank: int, line: int, words: list[tuple[int, str]], size: int, tiles: dict[str, Any]) -> None:
        column, label = words[0]
        if label != str(rank):
            message = f"{quoted(label)}: rank {rank} expected here (each line starts with its rank, {size} at the top down to 1)"
            self.problem(self.at(line, column), message)
            return
        if len(words) != size + 1:
            self.problem(self.at(line, column), f"rank {rank} has {len(words) - 1} cells, expected {size}")
            return
        geo = geometry(size)
        for file, (column, token) in enumerate(words[1:]):
            name = geo.name((rank - 1) * size + file)
            self.cells[name] = self.at(line, column)
            try:
                tile = parse_tile(token)
            except ValueError as exc:
                self.problem(self.cells[name], str(exc))
                continue
            if tile is not None:
                tiles[name] = tile_spec(tile)

    def at(self, line: int, column: int) -> str:
        """The location of a board token: TOML line and column, else the line of the board."""
        if self.origin is None:
            return f"board, line {line + 1} of the board, column {column + 1}"
        first_line, first_column = self.origin
        return f"board, line {first_line + line}, column {column + 1 + (first_column - 1 if line == 0 else 0)}"

    # -- problems of the JSON reader, located in the scenario --

    def locate(self, problem: Problem) -> Problem:
        """The problem with a scenario location for its JSON path."""
        path = problem.path
        m = _TILE_PATH.fullmatch(path)
        if m and m.group(1) in self.cells:
            label = ".".join(part for part in m.groups() if part)
            return Problem(self.cells[m.group(1)], f"{label}: {problem.message}")
        if path == "tiles" or (path == "size" and not self.size_given):
            return Problem("board", problem.message)
        for key, meta_key in META_KEYS.items():
            if path == f"meta.{meta_key}" or path.startswith((f"meta.{meta_key}.", f"meta.{meta_key}[")):
                return Problem(key + path.removeprefix(f"meta.{meta_key}"), problem.message)
        return problem


def _board_origin(text: str, board: str) -> tuple[int, int] | None:
    """TOML line and column (1-based) of the board string's first character, when found exactly.

    Found when a multi-line ``board = \"\"\"`` string in the text reads, line by
    line, as the decoded board (no escapes).
    """
    lines = board.split("\n")
    for m in _BOARD_START.finditer(text):
        raw = [line.rstrip("\r") for line in text[m.end() :].split("\n")]
        if len(raw) >= len(lines) and raw[: len(lines) - 1] == lines[:-1] and raw[len(lines) - 1].startswith(lines[-1]):
            line = text.count("\n", 0, m.end()) + 1
            return line, m.end() - (text.rfind("\n", 0, m.end()) + 1) + 1
    return None


def _words(line: str) -> list[tuple[int, str]]:
    """The tokens of a board line with their columns (0-based); ``#`` starts a comment."""
    return [(m.start(), m.group()) for m in _TOKEN.finditer(line.split("#", 1)[0])]


def _is_header(words: list[tuple[int, str]]) -> bool:
    letters = [w.lower() for _, w in words]
    return len(letters) in SIZES and letters == list(FILE_LETTERS[: len(letters)])


def _dates(value: Any, path: str) -> list[str]:
    """Paths of the TOML dates and times in a decoded document."""
    if isinstance(value, (datetime.date, datetime.time)):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _dates(v, f"{path}.{k}" if path else k)]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _dates(v, f"{path}[{i}]")]
    return []


__all__ = ["format_scenario", "format_board", "parse_scenario", "read_scenario"]
