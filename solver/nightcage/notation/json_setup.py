"""Reading the game's frame in the JSON format: ``rulings``, ``setup`` and ``size``.

Each reader records its problems on the :class:`Reader` and returns what it
could read (None when the field is unusable).
"""

from __future__ import annotations

import json
from typing import Any

from solver.nightcage.model.grid import SIZES
from solver.nightcage.model.rulings import ALL_RULINGS, BOOLEAN_RULINGS, DIRGE_SHAPE, Rulings
from solver.nightcage.model.setups import BASES, DIFFICULTY_KEYS, SUPREME_KEYS, Setup
from solver.nightcage.notation.fields import Reader

SETUP_FIELDS = ("base", "counts", "difficulty", "supreme")
ADV_5P_WAX_RANGE = (0, 13)
"""The wax eaters an advanced five-prisoner game may use (the box holds 13)."""
DIRGE_CELLS = 9


def read_rulings(value: Any, r: Reader) -> Rulings:
    """The ``rulings`` object (each ruling's id and value); the defaults where it is unusable."""
    obj = r.object(value, "rulings")
    if obj is None:
        return Rulings()
    given: dict[str, Any] = {}
    for rid, v in obj.items():
        path = f"rulings.{rid}"
        if rid not in ALL_RULINGS:
            r.problem(path, f"unknown ruling (known: {', '.join(ALL_RULINGS)})")
        elif rid in BOOLEAN_RULINGS:
            if r.boolean(v, path) is not None:
                given[rid] = v
        elif rid == DIRGE_SHAPE:
            shape = _dirge_shape(v, path, r)
            if shape is not None:
                given[rid] = shape
        elif r.integer(v, path, *ADV_5P_WAX_RANGE) is not None:
            given[rid] = v
    return Rulings.from_given(given)


def _dirge_shape(value: Any, path: str, r: Reader) -> tuple[tuple[int, int], ...] | None:
    items = r.list(value, path)
    if items is None:
        return None
    cells = []
    for i, item in enumerate(items):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            r.problem(f"{path}[{i}]", "expected [dx, dy] with two integers")
            return None
        cells.append((item[0], item[1]))
    if len(set(cells)) != DIRGE_CELLS:
        r.problem(path, f"the Dirge covers {DIRGE_CELLS} different cells, not {len(set(cells))}")
        return None
    return tuple(cells)


def read_setup(value: Any, rulings: Rulings, r: Reader) -> Setup | None:
    """``setup``: a base's name, or an object with the base, the counts and the adjustments."""
    if isinstance(value, str):
        if r.choice(value, "setup", BASES) is None:
            return None
        return Setup(value, rulings=rulings)
    obj = r.object(value, "setup")
    if obj is None:
        return None
    r.unknown_fields(obj, "setup", SETUP_FIELDS)
    base = obj.get("base", "standard")
    if r.choice(base, "setup.base", BASES) is None:
        return None
    box = None
    if "counts" in obj:
        box = r.counts(obj["counts"], "setup.counts")
    difficulty = _adjustments(obj.get("difficulty", {}), "setup.difficulty", DIFFICULTY_KEYS, r)
    supreme = _adjustments(obj.get("supreme", {}), "setup.supreme", SUPREME_KEYS, r)
    return Setup(base, tuple(difficulty.items()), tuple(supreme.items()), box, rulings)


def _adjustments(value: Any, path: str, known: dict[str, Any], r: Reader) -> dict[str, Any]:
    obj = r.object(value, path)
    if obj is None:
        return {}
    out: dict[str, Any] = {}
    for key, v in obj.items():
        if key not in known:
            r.problem(f"{path}.{key}", f"unknown adjustment (known: {', '.join(known)})")
            continue
        allowed = known[key]
        if allowed is None:
            if r.boolean(v, f"{path}.{key}") is not None:
                out[key] = v
        elif isinstance(allowed, tuple) and len(allowed) == 2 and path.endswith("difficulty"):
            if r.integer(v, f"{path}.{key}", allowed[0], allowed[1]) is not None:
                out[key] = v
        elif isinstance(v, int) and not isinstance(v, bool) and v in allowed:
            out[key] = v
        else:
            r.problem(f"{path}.{key}", f"{json.dumps(v)} is not one of {', '.join(map(str, allowed))}")
    return out


def read_size(top: dict[str, Any], setup: Setup | None, r: Reader) -> int | None:
    """``size``: the board's side, by default the setup's."""
    if "size" not in top:
        return setup.size if setup is not None else 6
    size = r.integer(top["size"], "size", min(SIZES), max(SIZES))
    if size is not None and setup is not None and setup.counts is None and size != setup.size:
        r.problem("size", f"the {setup.base} setup is played on a {setup.size}x{setup.size} board, not {size}x{size}")
    return size


__all__ = ["read_rulings", "read_setup", "read_size", "SETUP_FIELDS", "ADV_5P_WAX_RANGE", "DIRGE_CELLS"]
