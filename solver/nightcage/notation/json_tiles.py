"""Reading the ``tiles`` of the JSON format: one entry per occupied cell, named by the cell.

An entry gives the tile's ``kind`` and what the kind needs (``open``,
``facing``), and whatever differs from the kind's default (``crumbling``,
``key_taken``, a pit's ``was`` and ``group``). Problems are recorded on the
:class:`Reader` with the entry's path (``tiles.c3.open``).
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.model.grid import DIR_LETTER, DIRECTIONS, LETTER_DIR, Geometry, geometry, openings_text, parse_openings
from solver.nightcage.model.state import Prisoner
from solver.nightcage.model.tiles import DEFAULT_CRUMBLING, ROTATABLE, SHAPE, Kind, Tile, TileType, rotations
from solver.nightcage.notation.fields import TYPE_NAMES, Reader

TILE_FIELDS = ("kind", "open", "crumbling", "facing", "key_taken", "was", "group")
BOARD_KINDS = tuple(k.value for k in Kind if k is not Kind.PIT_FIEND)
FACINGS = tuple(DIR_LETTER[d] for d in DIRECTIONS)
"""The sides a keeper's mouth may face."""
PIT_GROUPS = ("dirge",)
"""What a pit may belong to (``group``)."""
ONLY_FOR = {"facing": Kind.KEEPER, "key_taken": Kind.KEY, "was": Kind.PIT, "group": Kind.PIT}
"""The fields only one kind of tile may give."""


def read_tiles(value: Any, size: int, r: Reader) -> list[Tile | None] | None:
    """The board, cell by cell (None for an empty cell, and for an entry that cannot be read)."""
    obj = r.object(value, "tiles")
    if obj is None:
        return None
    geo = geometry(size)
    tiles: list[Tile | None] = [None] * geo.cells
    for name, spec in obj.items():
        path = f"tiles.{name}"
        try:
            cell = geo.parse(name)
        except ValueError as exc:
            r.problem(path, str(exc))
            continue
        if tiles[cell] is not None:
            r.problem(path, "this cell is given twice")
            continue
        tiles[cell] = _tile(spec, path, r)
    return tiles


def _tile(spec: Any, path: str, r: Reader) -> Tile | None:
    obj = r.object(spec, path)
    if obj is None:
        return None
    r.unknown_fields(obj, path, TILE_FIELDS)
    if "kind" not in obj:
        r.problem(f"{path}.kind", f"missing (one of {', '.join(BOARD_KINDS)})")
        return None
    if obj["kind"] == "pit_fiend":
        r.problem(f"{path}.kind", "a pit fiend never rests on the board (it becomes a pit when placed)")
        return None
    kind_name = r.choice(obj["kind"], f"{path}.kind", BOARD_KINDS)
    if kind_name is None:
        return None
    kind = Kind(kind_name)
    openings = _openings(obj, kind, path, r)
    crumbling = _crumbling(obj, kind, path, r)
    facing = _facing(obj, kind, path, r)
    key_taken = False
    if "key_taken" in obj:
        if kind is not Kind.KEY:
            r.problem(f"{path}.key_taken", "only a key tile has a key to take")
        else:
            key_taken = bool(r.boolean(obj["key_taken"], f"{path}.key_taken"))
    was, dirge = _pit_fields(obj, kind, path, r)
    if openings is None or crumbling is None or facing is None:
        return None
    return Tile(kind, openings, crumbling, facing, key_taken, was, dirge)


def _openings(obj: dict[str, Any], kind: Kind, path: str, r: Reader) -> int | None:
    shape = SHAPE[kind]
    if "open" not in obj:
        if kind in ROTATABLE:
            r.problem(f"{path}.open", f"required for a {kind.value} (one of {', '.join(openings_text(o) for o in rotations(kind))})")
            return None
        return shape
    text = r.string(obj["open"], f"{path}.open")
    if text is None:
        return None
    try:
        openings = parse_openings(text)
    except ValueError as exc:
        r.problem(f"{path}.open", str(exc))
        return None
    if openings not in rotations(kind):
        allowed = " or ".join(repr(openings_text(o)) for o in rotations(kind)) or '""'
        r.problem(f"{path}.open", f"{text!r} is not a rotation of a {kind.value} (allowed: {allowed})")
        return None
    return openings


def _crumbling(obj: dict[str, Any], kind: Kind, path: str, r: Reader) -> bool | None:
    default = kind in DEFAULT_CRUMBLING
    if "crumbling" not in obj:
        return default
    value = r.boolean(obj["crumbling"], f"{path}.crumbling")
    if value is None:
        return None
    if value != default and kind is not Kind.T:
        state = "always crumble" if default else "never crumble"
        r.problem(f"{path}.crumbling", f"{kind.value} tiles {state} (only the 2 cracked T's differ from their kind)")
        return None
    return value


def _facing(obj: dict[str, Any], kind: Kind, path: str, r: Reader) -> int | None:
    if kind is not Kind.KEEPER:
        if "facing" in obj:
            r.problem(f"{path}.facing", "only a keeper faces a side")
        return 0
    if "facing" not in obj:
        r.problem(f"{path}.facing", "required for a keeper (N, E, S or W: the side its mouth faces)")
        return None
    value = r.choice(obj["facing"], f"{path}.facing", FACINGS)
    return None if value is None else LETTER_DIR[value]


def _pit_fields(obj: dict[str, Any], kind: Kind, path: str, r: Reader) -> tuple[TileType | None, bool]:
    """A pit's ``was`` (the tile it was) and ``group`` (``dirge``: a pit of the Dirge)."""
    was: TileType | None = None
    dirge = False
    if "was" in obj:
        if kind is not Kind.PIT:
            r.problem(f"{path}.was", "only a pit says what tile it was")
        elif r.choice(obj["was"], f"{path}.was", TYPE_NAMES) is not None:
            was = TileType(obj["was"])
    if "group" in obj:
        if kind is not Kind.PIT:
            r.problem(f"{path}.group", "only a pit belongs to the Dirge")
        elif r.choice(obj["group"], f"{path}.group", PIT_GROUPS) is not None:
            dirge = True
    if dirge and was is not None:
        r.problem(f"{path}.was", "a Dirge pit is not a tile of the pile")
    return was, dirge


def default_key_taken(tiles: list[Tile | None], prisoners: tuple[Prisoner, ...], raw: Any, geo: Geometry) -> list[Tile | None]:
    """``key_taken`` defaults to true when a prisoner holding a key stands on the key tile.

    ``raw`` is the ``tiles`` object as given: an entry that says ``key_taken`` keeps it.
    """
    out = list(tiles)
    given = raw if isinstance(raw, dict) else {}
    for p in prisoners:
        if p.cell is None or not p.key:
            continue
        tile = out[p.cell]
        spec = given.get(geo.name(p.cell), {})
        if tile is not None and tile.kind is Kind.KEY and not (isinstance(spec, dict) and "key_taken" in spec):
            out[p.cell] = tile._replace(key_taken=True)
    return out


__all__ = ["read_tiles", "default_key_taken", "TILE_FIELDS", "BOARD_KINDS", "FACINGS", "PIT_GROUPS", "ONLY_FOR"]
