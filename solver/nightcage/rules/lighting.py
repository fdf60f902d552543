"""Light and darkness (Lumières & ténèbres): what is illuminated, what goes dark.

A lit prisoner illuminates its own cell and each neighbour that one of its own
tile's openings points into, whatever that neighbour's facing edge is (a wall
you look at stays, Fig. 2A). A Lights Out prisoner illuminates only its own
cell; a falling or unplaced prisoner illuminates nothing.
"""

from __future__ import annotations

from solver.nightcage.model import counts
from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE, Cell, Dir, Mask
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.rulings import RELIGHT_AT_START, RELIGHT_WITH_ACTIVE
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind


def lit_by(state: GameState, index: int) -> Mask:
    """Cells one prisoner illuminates."""
    p = state.prisoners[index]
    if p.cell is None:
        return 0
    mask = 1 << p.cell
    tile = state.tiles[p.cell]
    if p.lit and tile is not None:
        nbrs = state.geo.neighbours[p.cell]
        for i, d in enumerate(DIRECTIONS):
            if tile.openings & d:
                mask |= 1 << nbrs[i]
    return mask


def illuminated(state: GameState) -> Mask:
    """Every cell some prisoner illuminates."""
    mask = 0
    for i in range(len(state.prisoners)):
        mask |= lit_by(state, i)
    return mask


def lighting_passages(state: GameState, cell: Cell) -> int:
    """Sides of ``cell`` through which a lit prisoner's passage lights it.

    A tile placed in ``cell`` must open toward at least one of these sides.
    """
    sides = 0
    geo = state.geo
    for p in state.prisoners:
        if p.cell is None or not p.lit:
            continue
        tile = state.tiles[p.cell]
        if tile is None:
            continue
        for d in DIRECTIONS:
            if tile.openings & d and geo.neighbour(p.cell, d) == cell:
                sides |= OPPOSITE[d]
    return sides


def connected(state: GameState, cell: Cell, direction: Dir) -> bool:
    """Both facing edges open between ``cell`` and its neighbour in ``direction``."""
    a = state.tiles[cell]
    b = state.tiles[state.geo.neighbour(cell, direction)]
    return a is not None and b is not None and bool(a.openings & direction) and bool(b.openings & OPPOSITE[direction])


def board_mask(state: GameState) -> Mask:
    mask = 0
    for cell, tile in enumerate(state.tiles):
        if tile is not None:
            mask |= 1 << cell
    return mask


def stays_unlit(state: GameState, cell: Cell) -> bool:
    """Tiles darkness does not remove by itself: keepers holding their key, Dirge pits."""
    tile = state.tiles[cell]
    return tile is not None and (tile.kind is Kind.KEEPER or tile.dirge)


def darkness(state: GameState) -> tuple[GameState, list[Event]]:
    """Step 6a: discard every tile no prisoner illuminates.

    Keepers stay until their key is taken; the Dirge's pit goes as a whole
    when no part of it is illuminated.
    """
    lit = illuminated(state)
    dark = [c for c, t in enumerate(state.tiles) if t is not None and not lit >> c & 1 and not stays_unlit(state, c)]
    dirge = [c for c, t in enumerate(state.tiles) if t is not None and t.dirge]
    dirge_gone = bool(dirge) and not any(lit >> c & 1 for c in dirge)
    if dirge_gone:
        dark.extend(dirge)
    if not dark:
        return state, []
    tiles = list(state.tiles)
    discarded = state.discarded
    for c in dark:
        tile = tiles[c]
        assert tile is not None
        if tile.type is not None:
            discarded = counts.bump(discarded, tile.type)
        tiles[c] = None
    events = []
    plain = sorted(c for c in dark if c not in dirge)
    if plain:
        names = ", ".join(f"{state.geo.name(c)} ({state.tiles[c].describe()})" for c in plain)  # type: ignore[union-attr]
        events.append(event("darkness", f"no one lights {names}: discarded", "light"))
    if dirge_gone:
        # The Dirge's pit has no place among the discarded tiles: it leaves the board whole.
        names = ", ".join(state.geo.name(c) for c in sorted(dirge))
        events.append(event("darkness", f"no one lights the Dirge's pit ({names}): it goes back to the box as a whole", "dirge"))
    return state.evolve(tiles=tuple(tiles), discarded=discarded), events


def are_adjacent_connected(state: GameState, a: int, b: int) -> bool:
    """Two prisoners on connected neighbouring tiles (or one gate, if the ruling allows)."""
    pa, pb = state.prisoners[a], state.prisoners[b]
    if pa.cell is None or pb.cell is None:
        return False
    if pa.cell == pb.cell:
        return not state.rulings.same_gate_not_adjacent
    d = state.geo.direction_between(pa.cell, pb.cell)
    return d is not None and connected(state, pa.cell, d)


def relight(
    state: GameState, relit: tuple[int, ...], at_start: bool = False
) -> tuple[GameState, tuple[int, ...], list[Event]]:
    """Step 6b: relight Lights Out prisoners next to lit ones, until nothing changes.

    RULING-RELIGHT-WITH-ACTIVE (default): only pairs in which one of the two is
    the active prisoner; alternative: any pair, in chains. ``at_start``: the
    same check made as the active prisoner's turn begins (RULING-RELIGHT-AT-START).
    """
    events: list[Event] = []
    with_active = state.rulings.relight_with_active
    changed = True
    while changed:
        changed = False
        for a, pa in enumerate(state.prisoners):
            if pa.cell is None or pa.lit:
                continue
            for b, pb in enumerate(state.prisoners):
                if b == a or pb.cell is None or not pb.lit:
                    continue
                if with_active and state.turn not in (a, b):
                    continue
                if not are_adjacent_connected(state, a, b):
                    continue
                state = state.with_prisoner(a, lit=True)
                relit = tuple(sorted(set(relit) | {a}))
                text = f"{pa.name} is next to {pb.name}'s candle through a passage: relit"
                if at_start:
                    text += f" as {state.active.name}'s turn begins"
                ruling = RELIGHT_AT_START if at_start else RELIGHT_WITH_ACTIVE
                events.append(event("relight", text, "relight", ruling, pa.name))
                changed = True
                break
    return state, relit, events
