"""Small positions for unit tests, written the way the JSON format writes them."""

from __future__ import annotations

from typing import Any

from solver.nightcage.model.state import GameState
from solver.nightcage.notation.position_json import read


def tile(spec: str) -> dict[str, Any]:
    """``"t:NES"``, ``"cross"``, ``"pit/straight"``, ``"key*"`` (key taken), ``"key!"`` (key
    explicitly still there), ``"keeper^N"``."""
    if spec.endswith("!"):
        return {"kind": spec[:-1], "key_taken": False}
    if spec.startswith("pit"):
        _, _, was = spec.partition("/")
        return {"kind": "pit", "was": was} if was else {"kind": "pit"}
    if spec.endswith("*"):
        return {"kind": spec[:-1], "key_taken": True}
    if "^" in spec:
        kind, _, facing = spec.partition("^")
        return {"kind": kind, "facing": facing}
    kind, _, openings = spec.partition(":")
    out: dict[str, Any] = {"kind": kind}
    if openings:
        out["open"] = openings
    if kind == "cracked_t":
        out = {"kind": "t", "open": openings, "crumbling": True}
    return out


def prisoner(name: str, at: str | None = None, **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name}
    if at is not None:
        out["at"] = at
    out.update(fields)
    return out


def position(
    board: dict[str, str],
    prisoners: list[dict[str, Any]],
    turn: str | None = None,
    pile: dict[str, int] | None = None,
    order: list[str] | None = None,
    rulings: dict[str, Any] | None = None,
    **extra: Any,
) -> GameState:
    """A standard-setup position; the discard is derived from the setup's totals."""
    doc: dict[str, Any] = {
        "format": "lueur-position/1",
        "tiles": {cell: tile(spec) for cell, spec in board.items()},
        "prisoners": prisoners,
        "turn": turn or prisoners[0]["name"],
    }
    if order is not None:
        doc["pile"] = {"count": len(order), "order": order}
    else:
        contents = pile or {}
        doc["pile"] = {"count": sum(contents.values()), "contents": contents}
    if rulings:
        doc["rulings"] = rulings
    doc.update(extra)
    return read(doc)[0].state
