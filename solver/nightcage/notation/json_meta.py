"""Reading ``meta``: free metadata, kept as given, within what every form can write back.

``meta`` is the one part of a position the readers do not interpret (a title,
a source, checks...). It is kept exactly, but it must still be writable in the
three forms and as JSON: no number that JSON cannot hold (a TOML ``inf`` or
``nan``), and no nesting deeper than :data:`MAX_META_DEPTH` (the writers
recurse; an absurd depth would break them). Problems are recorded on the
:class:`~solver.nightcage.notation.fields.Reader` at ``meta`` paths.

>>> from solver.nightcage.notation.fields import Reader
>>> r = Reader()
>>> read_meta({"title": "ok", "score": float("inf"), "deep": [[[1]]]}, r, depth=2)
{}
>>> [str(p) for p in r.problems]
['meta.score: inf is not a JSON number (write it as a string)', 'meta.deep: nested more than 2 levels deep']
"""

from __future__ import annotations

import math
from typing import Any

from solver.nightcage.notation.fields import Reader

MAX_META_DEPTH = 64
"""Levels of lists and objects ``meta`` may nest (``meta`` itself is level 0)."""


def read_meta(value: Any, r: Reader, depth: int = MAX_META_DEPTH) -> dict[str, Any]:
    """``meta`` as given, or ``{}`` with the problems recorded on ``r``."""
    if not isinstance(value, dict):
        r.problem("meta", "expected an object")
        return {}
    found = len(r.problems)
    too_deep: set[str] = set()
    # a walk with a stack of its own: the value may be nested deeper than Python's recursion allows;
    # each item carries its path and the path of its entry in meta (where a too deep value is told)
    stack: list[tuple[Any, str, str, int]] = [(value, "meta", "meta", 0)]
    while stack:
        item, path, entry, level = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            r.problem(path, f"{item} is not a JSON number (write it as a string)")
        elif isinstance(item, (dict, list)):
            if level > depth:
                if entry not in too_deep:
                    too_deep.add(entry)
                    r.problem(entry, f"nested more than {depth} levels deep")
                continue
            children = item.items() if isinstance(item, dict) else enumerate(item)
            below = [(v, f"{path}.{k}" if isinstance(item, dict) else f"{path}[{k}]") for k, v in children]
            stack.extend((v, p, p if level == 0 else entry, level + 1) for v, p in reversed(below))
    return value if len(r.problems) == found else {}


__all__ = ["read_meta", "MAX_META_DEPTH"]
