"""Actions and their text notation (``docs/notation.md``).

An :class:`Action` is a small immutable value. Cells are ints, so text
conversion needs the board size.

>>> a = parse_action("place c5 t:NES", 6)
>>> a.verb, a.cell, a.openings, a.tile_type
(<Verb.PLACE: 'place'>, 26, 7, <TileType.T: 't'>)
>>> format_action(a, 6)
'place c5 t:NES'
>>> format_action(parse_action("give blue", 6), 6)
'give blue'
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from solver.base.errors import NotationError
from solver.nightcage.model.grid import DIR_LETTER, LETTER_DIR, Dir, geometry, openings_text, parse_openings
from solver.nightcage.model.tiles import ROTATABLE, SHAPE, TileType, kind_of_type, rotations


class Verb(StrEnum):
    """The first word of an action, in the order legal actions are listed."""

    START = "start"
    LAND = "land"
    PLACE = "place"
    STAY = "stay"
    MOVE = "move"
    JUMP = "jump"
    CHARGE = "charge"
    BLIND = "blind"
    SWAP = "swap"
    DIRGE = "dirge"
    AGAIN = "again"
    BLOCK = "block"
    NOBLOCK = "noblock"
    SCRAMBLE = "scramble"
    GIVE = "give"
    TAKE = "take"
    FALL = "fall"
    BURN = "burn"
    DRAW = "draw"
    DISCARD = "discard"
    HOLD = "hold"
    END = "end"


VERBS = tuple(Verb)
VERB_ORDER = {v: i for i, v in enumerate(VERBS)}
DIRECTED = frozenset({Verb.MOVE, Verb.JUMP, Verb.CHARGE, Verb.BLIND, Verb.SCRAMBLE})
BARE = frozenset({Verb.STAY, Verb.AGAIN, Verb.TAKE, Verb.HOLD, Verb.END, Verb.NOBLOCK})

USAGE = {
    "start": "start <cell> <openings>, e.g. 'start c3 NE'",
    "land": "land <cell>, e.g. 'land c5'",
    "place": "place <cell> <type>[:<openings>], e.g. 'place c5 t:NES' or 'place d4 gate'",
    "swap": "swap <cell>, e.g. 'swap d4'",
    "dirge": "dirge <cell> [<variant>], e.g. 'dirge b2' (the corner of the Dirge with the lowest file and rank)",
    "block": "block [<prisoner>]",
    "give": "give <to> or give <from> <to>",
    "fall": "fall row | fall file",
    "burn": "burn <type>..., e.g. 'burn t cross key'",
    "draw": "draw <type>, e.g. 'draw gate'",
    "discard": "discard <cell>, e.g. 'discard e2'",
}


class Action(NamedTuple):
    verb: Verb
    cell: int = -1
    direction: Dir = 0
    openings: int = -1
    tile_type: TileType | None = None
    names: tuple[str, ...] = ()
    types: tuple[TileType, ...] = ()
    axis: str = ""
    variant: int = 0
    """``dirge`` only: which orientation of the Dirge's shape (0 for the first, the only one of the 3x3 square)."""


Option = tuple[Action, str | None]
"""A candidate action and why it is refused (None when it is legal)."""


def sort_key(action: Action, size: int) -> tuple[int, str]:
    return VERB_ORDER[action.verb], format_action(action, size)


@lru_cache(maxsize=65_536)
def format_action(action: Action, size: int) -> str:
    """Canonical text of an action."""
    geo = geometry(size)
    v = action.verb
    if v in BARE:
        return str(v)  # a plain string, whether the verb came as a Verb or as text
    if v in DIRECTED:
        return f"{v} {DIR_LETTER[action.direction]}"
    if v == Verb.START:
        return f"start {geo.name(action.cell)} {openings_text(action.openings)}"
    if v in (Verb.LAND, Verb.SWAP, Verb.DISCARD):
        return f"{v} {geo.name(action.cell)}"
    if v == Verb.PLACE:
        assert action.tile_type is not None
        kind = kind_of_type(action.tile_type)
        piece = action.tile_type.value
        if kind in ROTATABLE or len(rotations(kind)) > 1:
            piece += ":" + openings_text(action.openings)
        return f"place {geo.name(action.cell)} {piece}"
    if v in (Verb.BLOCK, Verb.GIVE):
        return " ".join((v, *action.names))
    if v == Verb.DIRGE:
        return f"dirge {geo.name(action.cell)}" + (f" {action.variant}" if action.variant else "")
    if v == Verb.FALL:
        return f"fall {action.axis}"
    if v == Verb.BURN:
        return " ".join(("burn", *(t.value for t in action.types)))
    if v == Verb.DRAW:
        assert action.tile_type is not None
        return f"draw {action.tile_type.value}"
    raise AssertionError(v)


def parse_action(text: str, size: int) -> Action:
    """Parse the text notation; raises :class:`NotationError` with what would be valid."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    v = words[0].lower()
    args = words[1:]
    if v not in VERB_ORDER:
        raise NotationError(f"unknown action {words[0]!r} in {text!r}; actions: {', '.join(VERBS)}")
    try:
        return _parse(Verb(v), args, size)
    except (ValueError, KeyError, IndexError) as exc:
        usage = USAGE.get(v, v if v in BARE else f"{v} N|E|S|W")
        detail = f" ({exc})" if isinstance(exc, ValueError) and str(exc) else ""
        raise NotationError(f"cannot read {text!r}{detail}; expected {usage}") from None


def _parse(v: Verb, args: list[str], size: int) -> Action:
    geo = geometry(size)
    if v in BARE:
        _expect(len(args) == 0, "takes no argument")
        return Action(v)
    if v in DIRECTED:
        _expect(len(args) == 1 and args[0].upper() in LETTER_DIR, "needs one direction N, E, S or W")
        return Action(v, direction=LETTER_DIR[args[0].upper()])
    if v == Verb.START:
        _expect(len(args) == 2, "needs a cell and openings")
        return Action(v, cell=geo.parse(args[0]), openings=parse_openings(args[1]))
    if v in (Verb.LAND, Verb.SWAP, Verb.DISCARD):
        _expect(len(args) == 1, "needs one cell")
        return Action(v, cell=geo.parse(args[0]))
    if v == Verb.PLACE:
        _expect(len(args) == 2, "needs a cell and a tile")
        cell = geo.parse(args[0])
        type_text, _, open_text = args[1].partition(":")
        tile_type = _tile_type(type_text)
        kind = kind_of_type(tile_type)
        if open_text:
            openings = parse_openings(open_text)
        elif kind in ROTATABLE:
            raise ValueError(f"a {type_text} needs its openings, e.g. {type_text}:{openings_text(SHAPE[kind])}")
        else:
            openings = SHAPE[kind]
        return Action(v, cell=cell, openings=openings, tile_type=tile_type)
    if v in (Verb.BLOCK, Verb.GIVE):
        limit = 1 if v == Verb.BLOCK else 2
        _expect((v == Verb.BLOCK or args) and len(args) <= limit, "wrong number of prisoner names")
        return Action(v, names=tuple(args))
    if v == Verb.DIRGE:
        _expect(1 <= len(args) <= 2, "needs a cell and, for a shape with several orientations, a variant number")
        _expect(len(args) == 1 or args[1].isdigit(), "the variant is a number: 0, 1, 2...")
        return Action(v, cell=geo.parse(args[0]), variant=int(args[1]) if len(args) == 2 else 0)
    if v == Verb.FALL:
        _expect(len(args) == 1 and args[0].lower() in ("row", "file"), "needs 'row' or 'file'")
        return Action(v, axis=args[0].lower())
    if v == Verb.BURN:
        return Action(v, types=tuple(_tile_type(a) for a in args))
    if v == Verb.DRAW:
        _expect(len(args) == 1, "needs one tile type")
        return Action(v, tile_type=_tile_type(args[0]))
    raise AssertionError(v)


def _tile_type(text: str) -> TileType:
    try:
        return TileType(text.lower())
    except ValueError:
        names = ", ".join(t.value for t in TileType)
        raise ValueError(f"{text!r} is not a tile type ({names})") from None


def _expect(ok: object, message: str) -> None:
    if not ok:
        raise ValueError(message)


def action_json(action: Action, size: int) -> dict[str, Any]:
    """The JSON object form of an action (documented in docs/notation.md)."""
    geo = geometry(size)
    out: dict[str, Any] = {"action": action.verb}
    if action.cell >= 0:
        out["cell"] = geo.name(action.cell)
    if action.direction:
        out["dir"] = DIR_LETTER[action.direction]
    if action.verb in (Verb.START, Verb.PLACE):
        out["open"] = openings_text(action.openings)
    if action.tile_type is not None:
        out["tile"] = action.tile_type.value
    if action.names:
        out["prisoners"] = list(action.names)
    if action.types:
        out["tiles"] = [t.value for t in action.types]
    if action.axis:
        out["line"] = action.axis
    if action.variant:
        out["variant"] = action.variant
    return out


def action_from_json(obj: dict[str, Any], size: int) -> Action:
    """Inverse of :func:`action_json` (through the text form, so errors read the same)."""
    if not isinstance(obj, dict) or "action" not in obj:
        raise NotationError('an action object needs an "action" field')
    parts = [str(obj["action"])]
    if "cell" in obj:
        parts.append(str(obj["cell"]))
    if "dir" in obj:
        parts.append(str(obj["dir"]))
    if obj.get("action") == "start":
        parts.append(str(obj.get("open", "")))
    if "tile" in obj:
        tile = str(obj["tile"])
        if obj.get("open"):
            tile += ":" + str(obj["open"])
        parts.append(tile)
    parts.extend(str(n) for n in obj.get("prisoners", []))
    parts.extend(str(t) for t in obj.get("tiles", []))
    if "line" in obj:
        parts.append(str(obj["line"]))
    if "variant" in obj:
        parts.append(str(obj["variant"]))
    return parse_action(" ".join(parts), size)
