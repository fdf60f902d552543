"""The JSON position format ``lueur-position/1`` (``position-format.md``): read and write.

Reading collects every problem with its field path (``prisoners[2].at``), then
builds the :class:`GameState` and runs the consistency checks of
:mod:`solver.rules.validate`. Writing gives the canonical form; read(write(s)) == s.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.core import counts
from solver.core.counts import Counts
from solver.core.errors import PositionError, Problem
from solver.core.grid import LETTER_DIR, geometry, openings_text, parse_openings
from solver.core.rulings import ALL_RULINGS, BOOLEAN_RULINGS, DIRGE_SHAPE, Rulings
from solver.core.setups import BASES, DIFFICULTY_KEYS, SUPREME_KEYS, Setup
from solver.core.state import GameState, Pile, Prisoner
from solver.core.tiles import DEFAULT_CRUMBLING, ROTATABLE, SHAPE, Kind, Tile, TileType, rotations
from solver.notation.fields import Reader
from solver.notation.pending import pending_to_json, read_pending

FORMAT = "lueur-position/1"
TOP_FIELDS = ("format", "game", "size", "tiles", "prisoners", "turn", "pile", "discarded", "setup", "rulings", "pending", "meta")
TILE_FIELDS = ("kind", "open", "crumbling", "facing", "key_taken", "was", "group")
PRISONER_FIELDS = ("name", "at", "falling", "unplaced", "candle", "nerve", "key")
PILE_FIELDS = ("count", "contents", "order", "layers")
BOARD_KINDS = tuple(k.value for k in Kind if k is not Kind.PIT_FIEND)
TYPE_NAMES = tuple(t.value for t in TileType)


@dataclass(frozen=True)
class Position:
    """A position as read from a file: the game state and its free metadata."""

    state: GameState
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def loads(text: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Parse JSON text; raises :class:`PositionError` listing every problem.

    Returns the position and the warnings (unknown fields, when ``lenient``).
    """
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError([Problem(f"line {exc.lineno}, column {exc.colno}", f"invalid JSON: {exc.msg}")]) from None
    except (RecursionError, ValueError) as exc:  # absurd nesting, gigantic integers
        raise PositionError([Problem("", f"invalid JSON: {exc}")]) from None
    return read(doc, lenient)


def read(doc: Any, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Build a position from a decoded JSON document (see :func:`loads`)."""
    from solver.rules.validate import consistency_problems

    r = Reader(lenient)
    built = _Builder(r).build(doc)
    if built is None or r.problems:
        raise PositionError(r.problems or [Problem("", "no position could be read")])
    problems = consistency_problems(built.state)
    if problems:
        raise PositionError(problems)
    return built, r.warnings


def read_located(doc: Any, lenient: bool, locate: Callable[[Problem], Problem]) -> tuple[Position, list[Problem]]:
    """:func:`read`, with each problem and warning mapped back to where it stands in the source."""
    try:
        position, warnings = read(doc, lenient)
    except PositionError as exc:
        raise PositionError([locate(p) for p in exc.problems]) from None
    return position, [locate(w) for w in warnings]


class _Builder:
    def __init__(self, reader: Reader):
        self.r = reader

    def build(self, doc: Any) -> Position | None:
        r = self.r
        top = r.object(doc, "")
        if top is None:
            return None
        r.unknown_fields(top, "", TOP_FIELDS)
        if "format" in top and top["format"] != FORMAT:
            r.problem("format", f"{json.dumps(top['format'])} is not supported (expected {FORMAT!r})")
        if "game" in top and top["game"] != "night-cage":
            r.problem("game", f"{json.dumps(top['game'])}: only \"night-cage\" is supported")
        rulings = self.rulings(top.get("rulings", {}))
        setup = self.setup(top.get("setup", "standard"), rulings)
        size = self.size(top, setup)
        if size is None:
            return None
        tiles = self.tiles(top.get("tiles", {}), size)
        prisoners = self.prisoners(top.get("prisoners"), size)
        turn = self.turn(top.get("turn"), prisoners)
        meta = top.get("meta", {})
        if not isinstance(meta, dict):
            r.problem("meta", "expected an object")
            meta = {}
        if tiles is None or prisoners is None or turn is None or setup is None:
            return None
        tiles = _default_key_taken(tiles, prisoners, top.get("tiles", {}), geometry(size))
        pending = None
        if "pending" in top:
            pending = read_pending(top["pending"], r, size, prisoners)
        hand = counts.ZERO
        if pending is not None and pending.steps and pending.steps[0].hand is not None:
            hand = counts.counts_of([pending.steps[0].hand])
        unplaced = sum(1 for p in prisoners if p.unplaced)
        hand = counts.bump(hand, TileType.START, unplaced)
        piles = self.pile_and_discard(top, tiles, setup, hand)
        if piles is None:
            return None
        pile, discarded, tiles = piles
        state = GameState(size, tiles, prisoners, turn, pile, discarded, setup, rulings, pending)
        return Position(state, meta)

    # -- parts ------------------------------------------------------------------------

    def rulings(self, value: Any) -> Rulings:
        r = self.r
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
            elif r.integer(v, path, 0, 13) is not None:
                given[rid] = v
        return Rulings.from_given(given)

    def setup(self, value: Any, rulings: Rulings) -> Setup | None:
        r = self.r
        if isinstance(value, str):
            if r.choice(value, "setup", BASES) is None:
                return None
            return Setup(value, rulings=rulings)
        obj = r.object(value, "setup")
        if obj is None:
            return None
        r.unknown_fields(obj, "setup", ("base", "counts", "difficulty", "supreme"))
        base = obj.get("base", "standard")
        if r.choice(base, "setup.base", BASES) is None:
            return None
        box = None
        if "counts" in obj:
            box = self.counts(obj["counts"], "setup.counts")
        difficulty = self.adjustments(obj.get("difficulty", {}), "setup.difficulty", DIFFICULTY_KEYS)
        supreme = self.adjustments(obj.get("supreme", {}), "setup.supreme", SUPREME_KEYS)
        return Setup(base, tuple(difficulty.items()), tuple(supreme.items()), box, rulings)

    def adjustments(self, value: Any, path: str, known: dict[str, Any]) -> dict[str, Any]:
        r = self.r
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

    def size(self, top: dict[str, Any], setup: Setup | None) -> int | None:
        r = self.r
        if "size" not in top:
            return setup.size if setup is not None else 6
        size = r.integer(top["size"], "size", 6, 7)
        if size is not None and setup is not None and setup.counts is None and size != setup.size:
            r.problem("size", f"the {setup.base} setup is played on a {setup.size}x{setup.size} board, not {size}x{size}")
        return size

    def tiles(self, value: Any, size: int) -> list[Tile | None] | None:
        r = self.r
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
            tiles[cell] = self.tile(spec, path)
        return tiles

    def tile(self, spec: Any, path: str) -> Tile | None:
        r = self.r
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
        openings = self.openings(obj, kind, path)
        crumbling = self.crumbling(obj, kind, path)
        facing = self.facing(obj, kind, path)
        key_taken = False
        if "key_taken" in obj:
            if kind is not Kind.KEY:
                r.problem(f"{path}.key_taken", "only a key tile has a key to take")
            else:
                key_taken = bool(r.boolean(obj["key_taken"], f"{path}.key_taken"))
        was, dirge = self.pit_fields(obj, kind, path)
        if openings is None or crumbling is None or facing is None:
            return None
        return Tile(kind, openings, crumbling, facing, key_taken, was, dirge)

    def openings(self, obj: dict[str, Any], kind: Kind, path: str) -> int | None:
        r = self.r
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

    def crumbling(self, obj: dict[str, Any], kind: Kind, path: str) -> bool | None:
        default = kind in DEFAULT_CRUMBLING
        if "crumbling" not in obj:
            return default
        value = self.r.boolean(obj["crumbling"], f"{path}.crumbling")
        if value is None:
            return None
        if value != default and kind is not Kind.T:
            state = "always crumble" if default else "never crumble"
            self.r.problem(f"{path}.crumbling", f"{kind.value} tiles {state} (only the 2 cracked T's differ from their kind)")
            return None
        return value

    def facing(self, obj: dict[str, Any], kind: Kind, path: str) -> int | None:
        r = self.r
        if kind is not Kind.KEEPER:
            if "facing" in obj:
                r.problem(f"{path}.facing", "only a keeper faces a side")
            return 0
        if "facing" not in obj:
            r.problem(f"{path}.facing", "required for a keeper (N, E, S or W: the side its mouth faces)")
            return None
        value = r.choice(obj["facing"], f"{path}.facing", ("N", "E", "S", "W"))
        return None if value is None else LETTER_DIR[value]

    def pit_fields(self, obj: dict[str, Any], kind: Kind, path: str) -> tuple[TileType | None, bool]:
        r = self.r
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
            elif r.choice(obj["group"], f"{path}.group", ("dirge",)) is not None:
                dirge = True
        if dirge and was is not None:
            r.problem(f"{path}.was", "a Dirge pit is not a tile of the pile")
        return was, dirge

    def prisoners(self, value: Any, size: int) -> tuple[Prisoner, ...] | None:
        r = self.r
        if value is None:
            r.problem("prisoners", "missing (a list of prisoners in turn order)")
            return None
        items = r.list(value, "prisoners")
        if items is None:
            return None
        if not items:
            r.problem("prisoners", "at least one prisoner is needed")
            return None
        out = []
        seen: set[str] = set()
        for i, spec in enumerate(items):
            p = self.prisoner(spec, f"prisoners[{i}]", size)
            if p is None:
                continue
            if p.name in seen:
                r.problem(f"prisoners[{i}].name", f"{p.name!r} is used twice")
                continue
            seen.add(p.name)
            out.append(p)
        return tuple(out) if len(out) == len(items) else None

    def prisoner(self, spec: Any, path: str, size: int) -> Prisoner | None:
        r = self.r
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
        where = [k for k in ("at", "falling", "unplaced") if k in obj]
        geo = geometry(size)
        cell = falling = None
        unplaced = False
        if len(where) != 1:
            r.problem(path, "give exactly one of \"at\", \"falling\" or \"unplaced\"")
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
        candle = r.choice(obj.get("candle", "lit"), f"{path}.candle", ("lit", "out"))
        nerve = r.integer(obj.get("nerve", 1), f"{path}.nerve", 0, 2)
        key = r.boolean(obj.get("key", False), f"{path}.key")
        if name is None or candle is None or nerve is None or key is None or len(where) != 1:
            return None
        if (where[0] == "at" and cell is None) or (where[0] == "falling" and falling is None):
            return None
        return Prisoner(name, cell, falling, unplaced, candle == "lit", nerve, key)

    def turn(self, value: Any, prisoners: tuple[Prisoner, ...] | None) -> int | None:
        r = self.r
        if value is None:
            r.problem("turn", "missing (the name of the prisoner about to play)")
            return None
        name = r.string(value, "turn")
        if name is None or prisoners is None:
            return None
        for i, p in enumerate(prisoners):
            if p.name == name:
                return i
        r.problem("turn", f"{name!r} is not a prisoner (prisoners: {', '.join(p.name for p in prisoners)})")
        return None

    def counts(self, value: Any, path: str) -> Counts | None:
        r = self.r
        obj = r.object(value, path)
        if obj is None:
            return None
        ok = True
        out: dict[str, int] = {}
        for key, n in obj.items():
            if key not in TYPE_NAMES:
                hint = " (pits are counted as what they were)" if key == "pit" else ""
                r.problem(f"{path}.{key}", f"unknown tile type{hint}; types: {', '.join(TYPE_NAMES)}")
                ok = False
            elif r.integer(n, f"{path}.{key}", 0) is None:
                ok = False
            else:
                out[key] = n
        return counts.counts_from(out) if ok else None

    def pile_and_discard(
        self, top: dict[str, Any], tiles: list[Tile | None], setup: Setup, hand: Counts
    ) -> tuple[Pile, Counts, tuple[Tile | None, ...]] | None:
        r = self.r
        pile_obj = r.object(top.get("pile", None), "pile") if "pile" in top else None
        if "pile" not in top:
            r.problem("pile", "missing (at least {\"count\": n})")
            return None
        if pile_obj is None:
            return None
        r.unknown_fields(pile_obj, "pile", PILE_FIELDS)
        count = r.integer(pile_obj.get("count"), "pile.count", 0) if "count" in pile_obj else None
        if "count" not in pile_obj:
            r.problem("pile.count", "missing")
        order = layers = contents = None
        if "order" in pile_obj:
            order = self.order(pile_obj["order"])
        if "layers" in pile_obj:
            items = r.list(pile_obj["layers"], "pile.layers")
            if items is not None:
                parsed = [self.counts(x, f"pile.layers[{i}]") for i, x in enumerate(items)]
                layers = tuple(parsed) if all(p is not None for p in parsed) and parsed else None  # type: ignore[arg-type]
                if not items:
                    r.problem("pile.layers", "at least one layer is needed")
        if "contents" in pile_obj:
            contents = self.counts(pile_obj["contents"], "pile.contents")
            if "layers" in pile_obj:
                r.problem("pile", "give \"contents\" or \"layers\", not both")
        discarded = self.counts(top["discarded"], "discarded") if "discarded" in top else None
        if count is None or r.problems:
            return None
        if layers is not None:
            contents = counts.ZERO
            for layer in layers:
                contents = counts.add(contents, layer)
        if order is not None:
            from_order = counts.counts_of(order)
            if contents is not None and contents != from_order:
                r.problem("pile.order", f"holds {counts.describe(from_order)}, but the contents say {counts.describe(contents)}")
                return None
            contents = from_order
        return self.derive(count, contents, discarded, order, layers, tiles, setup, hand)

    def order(self, value: Any) -> tuple[TileType, ...] | None:
        r = self.r
        items = r.list(value, "pile.order")
        if items is None:
            return None
        out = []
        for i, item in enumerate(items):
            if r.choice(item, f"pile.order[{i}]", TYPE_NAMES) is not None:
                out.append(TileType(item))
        return tuple(out) if len(out) == len(items) else None

    def derive(
        self,
        count: int,
        contents: Counts | None,
        discarded: Counts | None,
        order: tuple[TileType, ...] | None,
        layers: tuple[Counts, ...] | None,
        tiles: list[Tile | None],
        setup: Setup,
        hand: Counts,
    ) -> tuple[Pile, Counts, tuple[Tile | None, ...]] | None:
        """Fill in the pile's contents or the discard from the setup's totals."""
        r = self.r
        board = counts.counts_of(t.type for t in tiles if t is not None and t.type is not None)
        unknown_pits = [c for c, t in enumerate(tiles) if t is not None and t.kind is Kind.PIT and t.type is None and not t.dirge]
        on_table = counts.add(board, hand)
        totals = setup.totals()
        if contents is None and discarded is None:
            r.problem("pile", "give \"pile.contents\" (or \"order\" or \"layers\") or \"discarded\": one of them is needed")
            return None
        if contents is None:
            assert discarded is not None
            contents = counts.sub(counts.sub(totals, on_table), discarded)
            if unknown_pits or min(contents) < 0:
                r.problem("pile.contents", "cannot be derived from the setup (give it, or check the board and \"discarded\")")
                return None
        if discarded is None:
            discarded = counts.sub(counts.sub(totals, on_table), contents)
            if unknown_pits:
                r.problem("discarded", "needed when a pit does not say what it was (\"was\")")
                return None
            if min(discarded) < 0:
                over = counts.describe(tuple(max(0, -x) for x in discarded))
                r.problem("pile.contents", f"board and pile hold more than the {setup.base} setup has ({over} too many)")
                return None
        if counts.total(contents) != count:
            r.problem("pile.count", f"{count}, but the pile's contents add up to {counts.total(contents)}")
            return None
        fixed = self.resolve_unknown_pits(tiles, unknown_pits, counts.sub(counts.sub(counts.sub(totals, on_table), contents), discarded))
        if fixed is None:
            return None
        pile = Pile(order=order) if order is not None else Pile(layers=layers or (contents,), as_layers=layers is not None)
        return pile, discarded, fixed

    def resolve_unknown_pits(
        self, tiles: list[Tile | None], unknown: list[int], deficit: Counts
    ) -> tuple[Tile | None, ...] | None:
        """A pit without ``was`` is what the totals lack, when that is unambiguous."""
        if not unknown:
            return tuple(tiles)
        from solver.core.tiles import TILE_TYPES

        missing = [t for t, n in zip(TILE_TYPES, deficit) if n > 0]
        if min(deficit) >= 0 and counts.total(deficit) == len(unknown) and len(missing) == 1:
            out = list(tiles)
            for c in unknown:
                out[c] = out[c]._replace(was=missing[0])  # type: ignore[union-attr]
            return tuple(out)
        return tuple(tiles)  # left unknown; the consistency check reports the totals


def _falling(value: Any, path: str, size: int, r: Reader) -> tuple[str, int] | None:
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
    r.problem(path, f"{text!r}: expected \"row N\" (1-{size}) or \"file x\" (a-{'abcdefg'[size - 1]}), or \"from <cell>\" mid-fall")
    return None


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
    if len(set(cells)) != 9:
        r.problem(path, f"the Dirge covers 9 different cells, not {len(set(cells))}")
        return None
    return tuple(cells)


def _default_key_taken(
    tiles: list[Tile | None], prisoners: tuple[Prisoner, ...], raw: Any, geo: Any
) -> list[Tile | None]:
    """``key_taken`` defaults to true when a prisoner holding a key stands on the key tile."""
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


# -- writing ----------------------------------------------------------------------------


def to_json(state: GameState, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The position in the v1 format (keys in the order of the format's example)."""
    geo = state.geo
    out: dict[str, Any] = {"format": FORMAT, "game": "night-cage", "size": state.size}
    out["tiles"] = {geo.name(c): tile_json(state, c) for c, t in enumerate(state.tiles) if t is not None}
    out["prisoners"] = [prisoner_json(state, p) for p in state.prisoners]
    out["turn"] = state.active.name
    out["pile"] = pile_json(state.pile)
    out["discarded"] = counts.counts_dict(state.discarded)
    if state.setup != Setup():
        out["setup"] = state.setup.as_json()
    if state.rulings.given:
        out["rulings"] = state.rulings.as_json()
    if state.pending is not None:
        out["pending"] = pending_to_json(state)
    if meta:
        out["meta"] = meta
    return out


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
    out: dict[str, Any] = {"count": pile.count}
    if pile.as_layers and pile.order is None:
        out["layers"] = [counts.counts_dict(layer) for layer in pile.layers]
    else:
        out["contents"] = counts.counts_dict(pile.contents)
    if pile.order is not None:
        out["order"] = [t.value for t in pile.order]
    return out


def dumps(state: GameState, meta: dict[str, Any] | None = None) -> str:
    return json.dumps(to_json(state, meta), indent=2, ensure_ascii=False)


__all__ = ["Position", "FORMAT", "loads", "read", "to_json", "dumps", "Problem"]
