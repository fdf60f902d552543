"""Reading the ``pile`` and the ``discarded`` tiles of the JSON format.

The pile gives its ``count`` and its ``contents``, its ``layers`` (tallies
from the top, each shuffled) or its exact ``order``. Either the pile's contents
or the discard may be left out: it is derived from the setup's totals
(:mod:`solver.nightcage.model.accounting`), which also name what a pit of unknown origin
was when that is unambiguous.
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.model import accounting, counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import Pile
from solver.nightcage.model.tiles import Tile, TileType
from solver.nightcage.notation.fields import TYPE_NAMES, Reader

PILE_FIELDS = ("count", "contents", "order", "layers")


def read_pile_and_discard(
    top: dict[str, Any], tiles: list[Tile | None], setup: Setup, hand: Counts, r: Reader
) -> tuple[Pile, Counts, tuple[Tile | None, ...]] | None:
    """The pile, the discard and the board with each pit of unknown origin resolved where it can be.

    ``hand`` is what is in hand (out of play, not discarded); None when any
    problem was found, here or before.
    """
    pile_obj = r.object(top.get("pile", None), "pile") if "pile" in top else None
    if "pile" not in top:
        r.problem("pile", 'missing (at least {"count": n})')
        return None
    if pile_obj is None:
        return None
    r.unknown_fields(pile_obj, "pile", PILE_FIELDS)
    count = r.integer(pile_obj.get("count"), "pile.count", 0) if "count" in pile_obj else None
    if "count" not in pile_obj:
        r.problem("pile.count", "missing")
    order: tuple[TileType, ...] | None = None
    layers: tuple[Counts, ...] | None = None
    contents: Counts | None = None
    if "order" in pile_obj:
        order = _order(pile_obj["order"], r)
    if "layers" in pile_obj:
        items = r.list(pile_obj["layers"], "pile.layers")
        if items is not None:
            parsed = [r.counts(x, f"pile.layers[{i}]") for i, x in enumerate(items)]
            read_layers = tuple(p for p in parsed if p is not None)
            layers = read_layers if read_layers and len(read_layers) == len(parsed) else None
            if not items:
                r.problem("pile.layers", "at least one layer is needed")
    if "contents" in pile_obj:
        contents = r.counts(pile_obj["contents"], "pile.contents")
        if "layers" in pile_obj:
            r.problem("pile", 'give "contents" or "layers", not both')
    discarded = r.counts(top["discarded"], "discarded") if "discarded" in top else None
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
    return _derive(count, contents, discarded, order, layers, tiles, setup, hand, r)


def _order(value: Any, r: Reader) -> tuple[TileType, ...] | None:
    items = r.list(value, "pile.order")
    if items is None:
        return None
    out = []
    for i, item in enumerate(items):
        if r.choice(item, f"pile.order[{i}]", TYPE_NAMES) is not None:
            out.append(TileType(item))
    return tuple(out) if len(out) == len(items) else None


def _derive(
    count: int,
    contents: Counts | None,
    discarded: Counts | None,
    order: tuple[TileType, ...] | None,
    layers: tuple[Counts, ...] | None,
    tiles: list[Tile | None],
    setup: Setup,
    hand: Counts,
    r: Reader,
) -> tuple[Pile, Counts, tuple[Tile | None, ...]] | None:
    """Fill in the pile's contents or the discard from the setup's totals."""
    unknown_pits = accounting.unknown_pits(tiles)
    on_table = counts.add(accounting.on_board(tiles), hand)
    totals = setup.totals()
    if contents is None and discarded is None:
        r.problem("pile", 'give "pile.contents" (or "order" or "layers") or "discarded": one of them is needed')
        return None
    if contents is None:
        assert discarded is not None
        contents = accounting.unaccounted(totals, on_table, discarded)
        if unknown_pits or accounting.in_excess(contents):
            r.problem("pile.contents", 'cannot be derived from the setup (give it, or check the board and "discarded")')
            return None
    if discarded is None:
        discarded = accounting.unaccounted(totals, on_table, contents)
        if unknown_pits:
            r.problem("discarded", 'needed when a pit does not say what it was ("was")')
            return None
        if accounting.in_excess(discarded):
            over = counts.describe(accounting.excess(discarded))
            r.problem("pile.contents", f"board and pile hold more than the {setup.base} setup has ({over} too many)")
            return None
    if counts.total(contents) != count:
        r.problem("pile.count", f"{count}, but the pile's contents add up to {counts.total(contents)}")
        return None
    fixed = _resolve_unknown_pits(tiles, unknown_pits, accounting.unaccounted(totals, on_table, contents, discarded))
    pile = Pile(order=order) if order is not None else Pile(layers=layers or (contents,), as_layers=layers is not None)
    return pile, discarded, fixed


def _resolve_unknown_pits(tiles: list[Tile | None], unknown: list[int], left: Counts) -> tuple[Tile | None, ...]:
    """A pit without ``was`` is what the totals lack, when that is unambiguous."""
    origin = accounting.pit_origin(left, len(unknown)) if unknown else None
    if origin is None:
        return tuple(tiles)  # left unknown; the consistency check reports the totals
    out = list(tiles)
    for c in unknown:
        out[c] = out[c]._replace(was=origin)  # type: ignore[union-attr]
    return tuple(out)


__all__ = ["read_pile_and_discard", "PILE_FIELDS"]
