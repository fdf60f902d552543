"""Writing a position in the JSON format ``lueur-position/1``: its canonical form.

Keys come in the order of the format's example; a field is left out where it
holds its default, so reading the output gives the same state back.
"""

from __future__ import annotations

import json
from typing import Any

from solver.nightcage.model import counts
from solver.nightcage.model.grid import openings_text
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile, Prisoner
from solver.nightcage.model.tiles import DEFAULT_CRUMBLING, ROTATABLE, Kind, Tile
from solver.nightcage.notation.pending import pending_to_json

FORMAT = "lueur-position/1"
GAME = "night-cage"


def to_json(state: GameState, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The position in the v1 format (keys in the order of the format's example)."""
    geo = state.geo
    out: dict[str, Any] = {"format": FORMAT, "game": GAME, "size": state.size}
    out["tiles"] = {geo.name(c): tile_json(state, c) for c, t in enumerate(state.tiles) if t is not None}
    out["prisoners"] = [prisoner_json(state, p) for p in state.prisoners]
    out["turn"] = state.active.name
    out["pile"] = pile_json(state.pile)
    out["discarded"] = counts.counts_dict(state.discarded)
    if state.omens:
        out["omens"] = state.omens
    if state.setup != Setup():
        out["setup"] = state.setup.as_json()
    if state.rulings.given:
        out["rulings"] = state.rulings.as_json()
    if state.pending is not None:
        out["pending"] = pending_to_json(state)
    if meta:
        out["meta"] = meta
    return out


def dumps(state: GameState, meta: dict[str, Any] | None = None) -> str:
    """The position as JSON text, indented."""
    return json.dumps(to_json(state, meta), indent=2, ensure_ascii=False)


def tile_json(state: GameState, cell: int) -> dict[str, Any]:
    """A ``tiles`` entry; ``key_taken`` only where it differs from its default (§8.3)."""
    tile = state.tiles[cell]
    assert tile is not None
    out = tile_fields(tile)
    holder = any(p.cell == cell and p.key for p in state.prisoners)
    if tile.kind is Kind.KEY and tile.key_taken == holder:
        del out["key_taken"]
    return out


def tile_fields(tile: Tile) -> dict[str, Any]:
    """Every field of a ``tiles`` entry that is not implied by the kind; ``key_taken`` always."""
    out: dict[str, Any] = {"kind": tile.kind.value}
    if tile.kind in ROTATABLE:
        out["open"] = openings_text(tile.openings)
    if tile.crumbling != (tile.kind in DEFAULT_CRUMBLING):
        out["crumbling"] = tile.crumbling
    if tile.kind is Kind.KEEPER:
        out["facing"] = openings_text(tile.facing)
    if tile.kind is Kind.KEY:
        out["key_taken"] = tile.key_taken
    if tile.was is not None:
        out["was"] = tile.was.value
    if tile.dirge:
        out["group"] = "dirge"
    return out


def prisoner_json(state: GameState, p: Prisoner) -> dict[str, Any]:
    """A ``prisoners`` entry: where the prisoner is, then its candle, Nerve and key."""
    out: dict[str, Any] = {"name": p.name}
    if p.cell is not None:
        out["at"] = state.geo.name(p.cell)
    elif p.falling is not None:
        axis, index = p.falling
        if axis == "row":
            out["falling"] = f"row {index + 1}"
        elif axis == "file":
            out["falling"] = f"file {'abcdefg'[index]}"
        else:
            out["falling"] = f"from {state.geo.name(index)}"
    else:
        out["unplaced"] = True
    out["candle"] = "lit" if p.lit else "out"
    out["nerve"] = p.nerve
    out["key"] = p.key
    return out


def pile_json(pile: Pile) -> dict[str, Any]:
    """The ``pile``: its count, then its contents or its layers, and its order when known."""
    out: dict[str, Any] = {"count": pile.count}
    if pile.as_layers and pile.order is None:
        out["layers"] = [counts.counts_dict(layer) for layer in pile.layers]
    else:
        out["contents"] = counts.counts_dict(pile.contents)
    if pile.order is not None:
        out["order"] = [t.value for t in pile.order]
    return out


__all__ = ["FORMAT", "to_json", "dumps", "tile_json", "tile_fields", "prisoner_json", "pile_json"]
