"""The one-line position notation, in the spirit of chess FEN (grammar in docs/formats.md).

``<rows> <prisoners> <turn> [key:value ...]``: the board rank by rank from the
top, the prisoners in turn order, the prisoner about to play, then keyed
fields (``pile:``/``order:``/``layers:``, ``discarded:``, ``setup:``,
``rulings:``, ``pending:`` and, last, ``meta:``). Reading builds a JSON v1
document and hands it to :func:`solver.nightcage.notation.position_json.read`, so validation is
shared; its problems are mapped back to line fields.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> state = new_game(Setup())
>>> line = format_line(state)
>>> line.split()[:3]
['6/6/6/6/6/6', 'red?+1,blue?+1,green?+1,yellow?+1', 'red']
>>> parse_line(line).state == state
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from solver.base.errors import PositionError, Problem
from solver.base.fields import cut, quoted
from solver.base.json_text import decode_json, decode_json_prefix
from solver.nightcage.model import accounting, counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.grid import SIZES, geometry
from solver.nightcage.model.rulings import ADV_5P_WAX, BOOLEAN_RULINGS, DIRGE_SHAPE, Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile, Prisoner
from solver.nightcage.notation.pending import pending_to_json
from solver.nightcage.notation.position_json import Position, read_located
from solver.nightcage.notation.tiletoken import UNKNOWN_ORIGIN, format_tile, parse_tile, tile_spec

POSITIONAL = ("rows", "prisoners", "turn")
PILE_KEYS = ("pile", "order", "layers")
FIELD_KEYS = (*PILE_KEYS, "discarded", "omens", "setup", "rulings", "pending", "meta")
JSON_KEYS = ("setup", "pending")
"""Keyed fields whose value may be compact JSON (``meta`` always is, to the end of the line)."""
RULING_PREFIX = "RULING-"
PRISONER_SYNTAX = (
    "name@cell, name>rowN, name>filex, name>cell (falling from it) or name?, then + (lit) or - (out), "
    "the Nerve 0-2 and k when holding a key, e.g. red@c3+1k"
)

_ROW_TOKEN = re.compile(r"[Pp]/[A-Za-z?~][^,/]*|[^,/]*")
_PRISONER = re.compile(
    r"(?P<name>.+)(?:@(?P<at>[^@>?]*)|>(?P<falling>[^@>?]*)|(?P<unplaced>\?))(?P<candle>[+-])(?P<nerve>[0-9])(?P<key>k?)",
    re.DOTALL,
)
_FALLING = re.compile(r"row(?P<row>[0-9]{1,2})|file(?P<file>[a-z])|(?P<cell>[a-z][0-9]{1,2})")
_NUMBER = re.compile(r"[0-9]{1,4}")
_KEY = re.compile(r"([a-z]+):")
_TILE_PATH = re.compile(r"tiles\.([a-z][0-9]+)\.?(.*)")
_PRISONER_PATH = re.compile(r"prisoners\[([0-9]+)\]\.?(.*)")
_WORD = re.compile(r"\S*")
_SPACE = re.compile(r"\s*")
_POSITIONAL_END = re.compile(r"\S+\s+\S+\s+\S+\s+")
_NAME_ESCAPES = {"%": "%25", ",": "%2C"}
_LINE_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


# -- writing ----------------------------------------------------------------------------


Report = Callable[[str, str], None]
"""Records a problem: where on the line, and what."""


def format_line(state: GameState, meta: dict[str, Any] | None = None) -> str:
    """The position on one line; ``parse_line`` gives it back exactly.

    >>> line = ("6/6/2,I:NS,K,2/2,T:NES,G,W,1/2,P/I,X,X,1/3,T:NES,2 "
    ...         "red@c3+1,blue@d3+0k,green>row4+2k,yellow@d2+0 red pile:t=4,cross=1,key=1,gate=1,wax_eater=2")
    >>> format_line(parse_line(line).state) == line
    True
    """
    fields = [_format_rows(state), ",".join(_format_prisoner(state, p) for p in state.prisoners), _escape(state.active.name)]
    fields.append(_format_pile(state.pile))
    if not _discard_derivable(state):
        fields.append("discarded:" + _format_counts(state.discarded))
    if state.omens:
        fields.append(f"omens:{state.omens}")
    if state.setup != Setup():
        setup = state.setup.as_json()
        fields.append("setup:" + (setup if isinstance(setup, str) else _compact(setup)))
    if state.rulings.given:
        fields.append("rulings:" + _format_rulings(state.rulings))
    if state.pending is not None:
        pending = pending_to_json(state)
        del pending["awaits"]
        fields.append("pending:" + _compact(pending))
    if meta:
        fields.append("meta:" + _compact(meta))
    return " ".join(fields)


def _format_rows(state: GameState) -> str:
    geo = state.geo
    ranks = []
    for rank in reversed(range(state.size)):
        tokens = _runs([format_tile(state.tiles[c]) for c in geo.row_cells(rank)])
        if rank and tokens[-1] == "P":
            tokens[-1] = f"P/{UNKNOWN_ORIGIN}"  # a bare P before '/' would read as P/<next token>
        ranks.append(",".join(tokens))
    return "/".join(ranks)


def _runs(tokens: list[str]) -> list[str]:
    """Runs of empty cells written as their length."""
    out: list[str] = []
    empty = 0
    for token in tokens:
        if token == ".":
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(token)
    if empty:
        out.append(str(empty))
    return out


def _format_prisoner(state: GameState, p: Prisoner) -> str:
    if p.cell is not None:
        where = "@" + state.geo.name(p.cell)
    elif p.falling is not None:
        axis, index = p.falling
        if axis == "row":
            where = f">row{index + 1}"
        elif axis == "file":
            where = f">file{'abcdefg'[index]}"
        else:
            where = ">" + state.geo.name(index)
    else:
        where = "?"
    return f"{_escape(p.name)}{where}{'+' if p.lit else '-'}{p.nerve}{'k' if p.key else ''}"


def _format_pile(pile: Pile) -> str:
    if pile.order is not None:
        return "order:" + ",".join(t.value for t in pile.order)
    if pile.as_layers:
        return "layers:" + "|".join(_format_counts(layer) for layer in pile.layers)
    return "pile:" + _format_counts(pile.contents)


def _format_counts(c: Counts) -> str:
    return ",".join(f"{name}={n}" for name, n in counts.counts_dict(c).items())


def _discard_derivable(state: GameState) -> bool:
    """The discard is what the setup's totals leave (the JSON reader's derivation gives it back)."""
    if accounting.unknown_pits(state.tiles):
        return False
    totals = replace(state.setup, rulings=state.rulings).totals()
    on_table = counts.add(state.board_counts(), state.in_hand_counts())
    return accounting.unaccounted(totals, on_table, state.pile.contents) == state.discarded


def _format_rulings(rulings: Rulings) -> str:
    parts = []
    for rid, value in rulings.as_json().items():
        text = str(int(value)) if isinstance(value, bool) else _compact(value)
        parts.append(f"{rid.removeprefix(RULING_PREFIX)}={text}")
    return ",".join(parts)


def _compact(value: Any) -> str:
    """Compact JSON on one line (the rare Unicode line breaks escaped too)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).translate(_LINE_BREAKS)


def _escape(name: str) -> str:
    return "".join(_NAME_ESCAPES.get(ch, ch) for ch in name)


def _unescape(text: str) -> str:
    return re.sub(r"%(25|2C)", lambda m: "%" if m.group(1) == "25" else ",", text)


# -- reading ----------------------------------------------------------------------------


def parse_line(text: str) -> Position:
    """Read a position line; raises :class:`PositionError` listing every problem.

    >>> parse_line("6/6/6/6/6/6 red?+1 red pile:")
    Traceback (most recent call last):
    ...
    solver.base.errors.PositionError: field 2 (prisoners): the standard setup has 4 prisoners, not 1
    """
    return read_line(text)[0]


def read_line(text: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Like :func:`parse_line`, also returning warnings (unknown fields, when ``lenient``).

    Blank lines and lines starting with ``#`` around the position line are ignored.
    """
    reader = _LineReader(lenient)
    doc = reader.document(_position_line(text))
    if reader.problems:
        raise PositionError(reader.problems)
    position, warnings = read_located(doc, lenient, reader.locate)
    return position, reader.warnings + warnings


def _position_line(text: str) -> str:
    lines = [line.strip() for line in text.split("\n")]
    content = [line for line in lines if line and not line.startswith("#")]
    if len(content) != 1:
        found = f"{len(content)} lines" if content else "nothing"
        raise PositionError([Problem("", f"expected one position line, found {found}")])
    return content[0]


class _LineReader:
    """Turns one position line into a JSON v1 document, recording where each part came from."""

    def __init__(self, lenient: bool):
        self.lenient = lenient
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.fields: dict[str, int] = {name: i + 1 for i, name in enumerate(POSITIONAL)}
        """Field number of each field given."""
        self.cells: dict[str, tuple[int, int]] = {}
        """Rank and token number of each cell of the rows field."""

    def problem(self, path: str, message: str) -> None:
        self.problems.append(Problem(path, message))

    def where(self, key: str) -> str:
        return f"field {self.fields[key]} ({key})"

    # -- the document --

    def document(self, line: str) -> dict[str, Any]:
        words = line.split(None, 3)
        for i in range(len(words), len(POSITIONAL)):
            self.problem(self.where(POSITIONAL[i]), f"missing (a line is {' '.join(f'<{n}>' for n in POSITIONAL)} [key:value ...])")
        if len(words) < len(POSITIONAL):
            return {}
        doc: dict[str, Any] = {}
        self.rows(words[0], doc)
        doc["prisoners"] = [self.prisoner(item, i) for i, item in enumerate(words[1].split(","))]
        doc["turn"] = _unescape(words[2])
        if len(words) > 3:
            self.keyed(line, _match(_POSITIONAL_END, line, 0), doc)
        given = [k for k in PILE_KEYS if k in self.fields]
        if not given:
            self.problem("pile", "missing: give pile:<type>=<n>,..., order:<type>,... or layers:<layer>|<layer>")
        elif len(given) > 1:
            self.problem(self.where(given[1]), f"give one of pile:, order: or layers:, not {' and '.join(given)}")
        return doc

    def rows(self, text: str, doc: dict[str, Any]) -> None:
        """The board size (the number of ranks) and the tiles, into ``doc``."""
        ranks = _split_rows(text)
        size = len(ranks)
        if size not in SIZES:
            self.problem(self.where("rows"), f"{size} ranks; a board has 6 or 7, top rank first, each separated by '/'")
            return
        geo = geometry(size)
        tiles: dict[str, Any] = {}
        for i, tokens in enumerate(ranks):
            rank = size - i
            for file, (token_number, tile) in enumerate(self.rank(tokens, rank, size)):
                name = geo.name((rank - 1) * size + file)
                self.cells[name] = (rank, token_number)
                if tile is not None:
                    tiles[name] = tile_spec(tile)
        doc["size"] = size
        doc["tiles"] = tiles

    def rank(self, tokens: list[str], rank: int, size: int) -> list[tuple[int, Any]]:
        """The rank's cells as (token number, tile); empty when the rank has a problem."""
        cells: list[tuple[int, Any]] = []
        ok = True
        for j, token in enumerate(tokens, 1):
            where = f"{self.where('rows')}, rank {rank}, token {j}"
            if _NUMBER.fullmatch(token):
                if 1 <= int(token) <= size:
                    cells += [(j, None)] * int(token)
                else:
                    self.problem(where, f"{token} empty cells: a run is 1 to {size} cells")
                    ok = False
                continue
            try:
                cells.append((j, parse_tile(token)))
            except ValueError as exc:
                self.problem(where, str(exc))
                ok = False
        if ok and len(cells) != size:
            self.problem(f"{self.where('rows')}, rank {rank}", f"{len(cells)} cells, expected {size}")
        return cells if ok and len(cells) == size else []

    def prisoner(self, item: str, index: int) -> dict[str, Any]:
        where = f"{self.where('prisoners')}, item {index + 1}"
        m = _PRISONER.fullmatch(item)
        if m is None:
            self.problem(where, f"{quoted(item)}: expected {PRISONER_SYNTAX}")
            return {}
        out: dict[str, Any] = {"name": _unescape(m.group("name"))}
        if m.group("at") is not None:
            out["at"] = m.group("at")
        elif m.group("falling") is not None:
            out["falling"] = self.falling(m.group("falling"), where)
        else:
            out["unplaced"] = True
        out["candle"] = "lit" if m.group("candle") == "+" else "out"
        out["nerve"] = int(m.group("nerve"))
        out["key"] = m.group("key") == "k"
        return out

    def falling(self, text: str, where: str) -> str:
        m = _FALLING.fullmatch(text)
        if m is None:
            falling = "a falling prisoner is >rowN, >filex, or >cell while the row-or-file choice is pending"
            self.problem(where, f"{quoted('>' + text)}: {falling}")
            return text
        if m.group("row"):
            return f"row {m.group('row')}"
        if m.group("file"):
            return f"file {m.group('file')}"
        return f"from {m.group('cell')}"

    # -- keyed fields --

    def keyed(self, line: str, pos: int, doc: dict[str, Any]) -> None:
        """Read the ``key:value`` fields from ``pos`` to the end of the line into ``doc``."""
        number = len(POSITIONAL)
        while pos < len(line):
            number += 1
            m = _KEY.match(line, pos)
            if m is None:
                end = _word_end(line, pos)
                self.problem(f"field {number}", f"{quoted(line[pos:end])}: expected key:value, the keys being {', '.join(FIELD_KEYS)}")
                pos = _skip_space(line, end)
                continue
            key = m.group(1)
            value, value_end = self.value(line, m.end(), key, number)
            if value_end is None:
                return
            self.field(key, value, number, doc)
            pos = _skip_space(line, value_end)

    def value(self, line: str, start: int, key: str, number: int) -> tuple[Any, int | None]:
        """A field's value and where it ends (None after invalid JSON: the rest cannot be split)."""
        where = f"field {number} ({key})"
        if key == "meta":
            return self.json(line, start, where, to_end=True)
        if key in JSON_KEYS and line.startswith("{", start):
            return self.json(line, start, where, to_end=False)
        end = _word_end(line, start)
        return line[start:end], end

    def json(self, line: str, start: int, where: str, to_end: bool) -> tuple[Any, int | None]:
        try:
            if to_end:
                return decode_json(line[start:], where, offset=start), len(line)
            return decode_json_prefix(line, start, where)
        except PositionError as exc:
            self.problems += exc.problems
        return None, None

    def field(self, key: str, value: Any, number: int, doc: dict[str, Any]) -> None:
        if key not in FIELD_KEYS:
            message = f"{quoted(key)} is not a field (fields: {', '.join(FIELD_KEYS)})"
            if self.lenient:
                self.warnings.append(Problem(f"field {number}", message + "; ignored"))
            else:
                self.problem(f"field {number}", message)
            return
        if key in self.fields:
            self.problem(f"field {number} ({key})", f"given twice (first as field {self.fields[key]})")
            return
        self.fields[key] = number
        where = self.where(key)
        if key in PILE_KEYS:
            doc["pile"] = _pile(key, value, where, self.problem)
        elif key == "discarded":
            doc["discarded"] = _counts(value, where, self.problem)
        elif key == "rulings":
            doc["rulings"] = _rulings(value, where, self.problem)
        elif key == "omens":
            doc["omens"] = int(value) if _NUMBER.fullmatch(value) else value
        else:
            doc[key] = value

    # -- problems of the JSON reader, located on the line --

    def locate(self, problem: Problem) -> Problem:
        """The problem with a line location (``field 1 (rows), rank 3, token 2``) for its JSON path."""
        m = _TILE_PATH.fullmatch(problem.path)
        if m and m.group(1) in self.cells:
            rank, token = self.cells[m.group(1)]
            label = ".".join(filter(None, m.groups()))
            return Problem(f"{self.where('rows')}, rank {rank}, token {token}", _prefixed(label, problem.message))
        m = _PRISONER_PATH.fullmatch(problem.path)
        if m:
            where = f"{self.where('prisoners')}, item {int(m.group(1)) + 1}"
            return Problem(where, _prefixed(m.group(2), problem.message))
        head, _, rest = problem.path.partition(".")
        key = self.field_of(head.partition("[")[0])
        if key is None:
            return problem
        rest = rest.removeprefix(RULING_PREFIX) if head == "rulings" else rest
        return Problem(self.where(key), _prefixed(rest, problem.message))

    def field_of(self, head: str) -> str | None:
        """The line field holding a top-level JSON field."""
        if head in ("tiles", "size"):
            return "rows"
        if head == "pile" or (head == "discarded" and "discarded" not in self.fields):
            return next((k for k in PILE_KEYS if k in self.fields), None)
        return head if head in self.fields else None


# -- the pile and the rulings, from their line fields --


def _pile(key: str, text: str, where: str, report: Report) -> dict[str, Any]:
    if key == "order":
        order = text.split(",") if text else []
        return {"count": len(order), "order": order}
    if key == "layers":
        layers = [_counts(part, where, report) for part in text.split("|")]
        return {"count": sum(sum(layer.values()) for layer in layers), "layers": layers}
    contents = _counts(text, where, report)
    return {"count": sum(contents.values()), "contents": contents}


def _counts(text: str, where: str, report: Report) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in text.split(",") if text else []:
        name, _, n = item.partition("=")
        if not _NUMBER.fullmatch(n):
            report(where, f"{quoted(item)}: expected <type>=<count>, e.g. t=4")
        elif name in out:
            report(where, f"{quoted(name)} is counted twice")
        else:
            out[name] = int(n)
    return out


def _rulings(text: str, where: str, report: Report) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in _split_top_level(text) if text else []:
        name, eq, raw = item.partition("=")
        rid = RULING_PREFIX + name.removeprefix(RULING_PREFIX)
        if not eq:
            report(where, f"{quoted(item)}: expected <ruling>=<value>, e.g. LOS-END=0")
        elif rid in out:
            report(where, f"{quoted(name)} is given twice")
        else:
            out[rid] = _ruling(rid, raw, where, report)
    return out


def _ruling(rid: str, raw: str, where: str, report: Report) -> Any:
    """The ruling's value (an unknown ruling keeps its text: the JSON reader names the known ones)."""
    short = rid.removeprefix(RULING_PREFIX)
    if rid in BOOLEAN_RULINGS:
        if raw not in ("0", "1"):
            report(where, f"{short}={cut(raw)}: a switch is 1 (the default reading) or 0 (the other one)")
        return raw == "1"
    if rid == ADV_5P_WAX:
        if not _NUMBER.fullmatch(raw):
            report(where, f"{short}={cut(raw)}: expected a number of wax eaters")
            return raw
        return int(raw)
    if rid == DIRGE_SHAPE:
        try:
            return decode_json(raw)
        except PositionError:
            report(where, f"{short}: expected a JSON list of [dx,dy] pairs, without spaces")
    return raw


def _prefixed(label: str, message: str) -> str:
    """The message after the part of its JSON path that the line location does not say."""
    return f"{label}: {message}" if label else message


def _split_rows(text: str) -> list[list[str]]:
    """Tokens rank by rank; ``P/x`` is one token (a pit that was x), any other ``/`` ends a rank."""
    ranks: list[list[str]] = [[]]
    pos = 0
    while True:
        m = _ROW_TOKEN.match(text, pos)
        assert m is not None  # the pattern matches the empty string
        ranks[-1].append(m.group())
        pos = m.end()
        if pos >= len(text):
            return ranks
        if text[pos] == "/":
            ranks.append([])
        pos += 1


def _split_top_level(text: str) -> list[str]:
    """Split on commas outside brackets (a ruling's value may be a JSON list)."""
    parts = []
    depth = start = 0
    for i, ch in enumerate(text):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _word_end(line: str, pos: int) -> int:
    return _match(_WORD, line, pos)


def _skip_space(line: str, pos: int) -> int:
    return _match(_SPACE, line, pos)


def _match(pattern: re.Pattern[str], line: str, pos: int) -> int:
    """Where ``pattern`` (which matches at ``pos``) ends."""
    m = pattern.match(line, pos)
    assert m is not None
    return m.end()


__all__ = ["format_line", "parse_line", "read_line"]
