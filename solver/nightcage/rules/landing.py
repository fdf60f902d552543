"""Where a falling prisoner may land: the options of the landing decision.

Kept apart from :mod:`solver.nightcage.rules.placing` because the game's end
(:mod:`solver.nightcage.rules.outcome`) asks it too: a falling prisoner with nowhere to
land loses the game, and placing sits above outcome.
"""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind
from solver.nightcage.rules.lighting import illuminated


def landing_options(state: GameState, who: int) -> list[Option]:
    """Where a falling prisoner (its row or column chosen) may land, each with why not."""
    geo = state.geo
    p = state.prisoners[who]
    assert p.falling is not None
    axis, index = p.falling
    line = geo.row_cells(index) if axis == "row" else geo.file_cells(index)
    lit = illuminated(state)
    free = [c for c in line if state.tiles[c] is None and not lit >> c & 1]
    label = f"row {index + 1}" if axis == "row" else f"file {'abcdefg'[index]}"
    out: list[Option] = []
    if free:
        for c in line:
            reason = None if c in free else _land_refusal(state, c, lit, label)
            out.append((Action(Verb.LAND, cell=c), reason))
        return out
    # RULING-LAND-FULL-LINE: no empty unlit cell on the line.
    area = line if state.rulings.land_full_line else tuple(range(geo.cells))
    out = _existing_tiles(state, area)
    if area is line and all(reason is not None for _, reason in out):
        # Nothing on the line either (pits and prisoners off gates): the whole
        # board under the same conditions (docs/rules-notes.md, "a line with
        # nowhere to land"); with none there either the game is lost (outcome).
        out = _existing_tiles(state, tuple(range(geo.cells)))
    return out


def _existing_tiles(state: GameState, area: tuple[Cell, ...]) -> list[Option]:
    geo = state.geo
    out: list[Option] = []
    for c in area:
        tile = state.tiles[c]
        if tile is None or tile.is_pit:
            reason: str | None = f"{geo.name(c)} has no tile to land on"
        elif state.occupants(c) and tile.kind is not Kind.GATE:
            reason = f"{geo.name(c)} holds a prisoner"
        else:
            reason = None
        out.append((Action(Verb.LAND, cell=c), reason))
    return out


def _land_refusal(state: GameState, cell: Cell, lit: int, label: str) -> str:
    where = state.geo.name(cell)
    if state.tiles[cell] is not None:
        return f"{where} holds a tile; {label} still has an empty unlit cell"
    return f"{where} is illuminated; a falling prisoner lands on an empty, unlit cell"
