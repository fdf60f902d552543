"""Reading the ``prisoners`` of the JSON format, in turn order, and the ``turn``.

A prisoner stands ``at`` a cell, is ``falling`` (onto a row or a file, or from
a cell while that choice is pending) or is ``unplaced``; it has a candle, its
Nerve and maybe a key. Problems are recorded on the :class:`Reader` with the
prisoner's path (``prisoners[2].at``).
"""

from __future__ import annotations

from typing import Any

from solver.base.fields import name_problem
from solver.nightcage.model.grid import geometry
from solver.nightcage.model.setups import MAX_NERVE, MAX_PRISONERS
from solver.nightcage.model.state import Prisoner
from solver.nightcage.notation.fields import Reader

PRISONER_FIELDS = ("name", "at", "falling", "unplaced", "candle", "nerve", "key")
PLACES = ("at", "falling", "unplaced")
"""Where a prisoner is: exactly one of these fields says it."""
CANDLES = ("lit", "out")
NERVE_RANGE = (0, MAX_NERVE)


def read_prisoners(value: Any, size: int, r: Reader) -> tuple[Prisoner, ...] | None:
    """The prisoners in turn order (None unless every one can be read)."""
    if value is None:
        r.problem("prisoners", "missing (a list of prisoners in turn order)")
        return None
    items = r.list(value, "prisoners")
    if items is None:
        return None
    if not items:
        r.problem("prisoners", "at least one prisoner is needed")
        return None
    if len(items) > MAX_PRISONERS:
        r.problem("prisoners", f"{len(items):,} prisoners: at most {MAX_PRISONERS} (the box's five start tiles)")
        return None
    out = []
    seen: set[str] = set()
    for i, spec in enumerate(items):
        p = _prisoner(spec, f"prisoners[{i}]", size, r)
        if p is None:
            continue
        if p.name in seen:
            r.problem(f"prisoners[{i}].name", f"{p.name!r} is used twice")
            continue
        seen.add(p.name)
        out.append(p)
    return tuple(out) if len(out) == len(items) else None


def _prisoner(spec: Any, path: str, size: int, r: Reader) -> Prisoner | None:
    obj = r.object(spec, path)
    if obj is None:
        return None
    r.unknown_fields(obj, path, PRISONER_FIELDS)
    name = r.string(obj.get("name"), f"{path}.name") if "name" in obj else None
    if "name" not in obj:
        r.problem(f"{path}.name", "missing")
    if name is not None and (not name or any(ch.isspace() for ch in name) or name.startswith("-")):
        r.problem(f"{path}.name", f"{name!r}: a name is one word without spaces")
        name = None
    problem = None if name is None else name_problem(name)
    if problem is not None:
        r.problem(f"{path}.name", problem)
        name = None
    where = [k for k in PLACES if k in obj]
    geo = geometry(size)
    cell = falling = None
    unplaced = False
    if len(where) != 1:
        r.problem(path, 'give exactly one of "at", "falling" or "unplaced"')
    elif where[0] == "at":
        text = r.string(obj["at"], f"{path}.at")
        if text is not None:
            try:
                cell = geo.parse(text)
            except ValueError as exc:
                r.problem(f"{path}.at", str(exc))
    elif where[0] == "falling":
        falling = _falling(obj["falling"], f"{path}.falling", size, r)
    else:
        unplaced = obj["unplaced"] is True
        if not unplaced:
            r.problem(f"{path}.unplaced", "only true is meaningful (the start tile is not placed yet)")
    candle = r.choice(obj.get("candle", "lit"), f"{path}.candle", CANDLES)
    nerve = r.integer(obj.get("nerve", 1), f"{path}.nerve", *NERVE_RANGE)
    key = r.boolean(obj.get("key", False), f"{path}.key")
    if name is None or candle is None or nerve is None or key is None or len(where) != 1:
        return None
    if (where[0] == "at" and cell is None) or (where[0] == "falling" and falling is None):
        return None
    return Prisoner(name, cell, falling, unplaced, candle == "lit", nerve, key)


def _falling(value: Any, path: str, size: int, r: Reader) -> tuple[str, int] | None:
    """``row N``, ``file x`` or, mid-fall, ``from <cell>``: as (axis, index)."""
    text = r.string(value, path)
    if text is None:
        return None
    geo = geometry(size)
    words = text.split()
    try:
        if len(words) == 2 and words[0] == "row" and words[1].isdigit() and 1 <= int(words[1]) <= size:
            return ("row", int(words[1]) - 1)
        if len(words) == 2 and words[0] == "file" and words[1] in "abcdefg"[:size] and len(words[1]) == 1:
            return ("file", "abcdefg".index(words[1]))
        if len(words) == 2 and words[0] == "from":
            return ("cell", geo.parse(words[1]))
    except ValueError:
        pass
    r.problem(path, f'{text!r}: expected "row N" (1-{size}) or "file x" (a-{"abcdefg"[size - 1]}), or "from <cell>" mid-fall')
    return None


def read_turn(value: Any, prisoners: tuple[Prisoner, ...] | None, r: Reader) -> int | None:
    """``turn``: the name of the prisoner about to play, as its index."""
    if value is None:
        r.problem("turn", "missing (the name of the prisoner about to play)")
        return None
    name = r.string(value, "turn")
    if name is None or prisoners is None:
        return None
    for i, p in enumerate(prisoners):
        if p.name == name:
            return i
    r.problem("turn", f"{name!r} is not a prisoner (prisoners: {_listed([p.name for p in prisoners])})")
    return None


def _listed(names: list[str], most: int = 8) -> str:
    """The names, the first ``most`` of them when there are more (a file may hold thousands).

    >>> _listed(["red", "blue"]), _listed([f"p{i}" for i in range(100)], 3)
    ('red, blue', 'p0, p1, p2, ... (100 in all)')
    """
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:most]) + f", ... ({len(names):,} in all)"


__all__ = ["read_prisoners", "read_turn", "PRISONER_FIELDS", "PLACES", "CANDLES", "NERVE_RANGE"]
