"""Omens and the Dirge (docs/rules.md, "Omens and the Dirge").

Omens count down to the Dirge. The first omen revealed (drawn for a
placement) is set aside, face up among the discarded tiles, and the next tile
is drawn instead; the second is placed like any tile, and its placer lays the
Dirge over it, wholly inside the board: a decision (``dirge <cell>``) among
every placement that covers the omen. Everything under the Dirge is
swallowed: each prisoner there discards 3 tiles (only the omen's placer may
Block), goes Lights Out and falls; each tile there is discarded; the nine
cells become the Dirge's pit, removed as a whole once no part of it is lit
(:mod:`solver.nightcage.rules.lighting`). ``GameState.omens`` counts the omens revealed
(0, 1, 2); omens a penalty or a stay discards do not count (Q29's reading).
"""

from __future__ import annotations

from solver.nightcage.model import counts
from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.state import BLOCK, DIRGE, FALL, LIGHT, SCRAMBLE, GameState, Hit, Step
from solver.nightcage.model.tiles import Kind, Tile, TileType
from solver.nightcage.rules.attacks import Trigger, collapse, start_attack
from solver.nightcage.rules.sight import watchers
from solver.nightcage.rules.steps import discard_board_tile, pop, push, replace_front, turn_of

Shape = tuple[tuple[int, int], ...]
Placement = tuple[Cell, int, tuple[Cell, ...]]
"""Where the Dirge goes: its corner (lowest file and rank), the shape's variant, its nine cells."""

DIRGE_PIT = Tile(Kind.PIT, 0, False, dirge=True)


def shape_variants(shape: Shape) -> list[Shape]:
    """The Dirge's orientations: the shape as given, then turned a quarter at a time
    (the token is turned, not flipped), each moved to start at (0, 0), repeats dropped."""
    out: list[Shape] = []
    pts = list(shape)
    for _ in range(4):
        mx, my = min(x for x, _ in pts), min(y for _, y in pts)
        variant = tuple(sorted((x - mx, y - my) for x, y in pts))
        if variant not in out:
            out.append(variant)
        pts = [(-y, x) for x, y in pts]
    return out


def dirge_placements(state: GameState, cell: Cell) -> list[Placement]:
    """Every way to lay the Dirge wholly inside the board so that it covers ``cell``."""
    size = state.size
    x0, y0 = cell % size, cell // size
    found: dict[tuple[Cell, int], tuple[Cell, ...]] = {}
    for variant, shape in enumerate(shape_variants(state.rulings.dirge_shape)):
        width = max(x for x, _ in shape) + 1
        height = max(y for _, y in shape) + 1
        for sx, sy in shape:
            ox, oy = x0 - sx, y0 - sy
            if 0 <= ox <= size - width and 0 <= oy <= size - height:
                found[(oy * size + ox, variant)] = tuple(sorted((oy + y) * size + ox + x for x, y in shape))
    return sorted((corner, variant, cells) for (corner, variant), cells in found.items())


def dirge_on_board(state: GameState) -> bool:
    return any(t is not None and t.dirge for t in state.tiles)


def summons(state: GameState) -> bool:
    """The next omen revealed brings the Dirge: one omen set aside, the Dirge not come yet."""
    return state.omens == 1 and not dirge_on_board(state)


def omen_is_placed(state: GameState, cells: tuple[Cell, ...]) -> bool:
    """An omen drawn to go on one of ``cells`` is placed (it brings the Dirge) rather than set aside."""
    return summons(state) and any(dirge_placements(state, c) for c in cells)


# -- revealed: set aside or placed ---------------------------------------------------------


def set_aside(state: GameState, events: list[Event]) -> GameState:
    """The omen drawn for the placement at the front is set aside; the next tile is drawn instead.

    It counts as revealed unless it was the second and no placement of the Dirge
    could cover its cell (only with a custom RULING-DIRGE-SHAPE): then the
    countdown waits for the next omen. When the pile is now empty, a landing is
    lost (outcome), a blind step is not made, and a scramble onto that cell is
    no longer possible (the scramble is chosen again).
    """
    step = turn_of(state).front
    counted = not summons(state)
    state = state.evolve(discarded=counts.bump(state.discarded, TileType.OMEN), omens=min(2, state.omens + counted))
    name = state.prisoners[step.who].name if step.who >= 0 else state.active.name
    if counted and state.omens == 1:
        text = f"{name} reveals the first omen: it is set aside and another tile is drawn"
    elif counted:
        text = f"{name} reveals another omen, but the Dirge has come already: it is set aside and another tile is drawn"
    else:
        text = f"{name} reveals an omen, but no placement of the Dirge inside the board covers its cell: it is set aside"
    events.append(event("omen_set_aside", text, "omens", None, name))
    state = replace_front(state, step._replace(hand=None))
    if step.purpose == "scramble" and not state.pile.count:
        return replace_front(state, Step(SCRAMBLE, step.who, cell=step.origin))
    return state


def omen_placed(state: GameState, step: Step, cell: Cell, events: list[Event]) -> GameState:
    """The omen (already on ``cell``) brings the Dirge: its placer stands on it if it
    was landing, stepping or scrambling there, then chooses where the Dirge goes."""
    who = step.who if step.who >= 0 else state.turn
    name = state.prisoners[who].name
    text = f"the omen on {state.geo.name(cell)} announces the Dirge: {name} lays it over the omen"
    events.append(event("omen", text, "omens", None, name))
    trig: tuple[Cell, ...] = ()
    if step.purpose == "fill":
        state = push(state, Step(LIGHT))  # the board changes: light again, then fill what is lit
    elif step.purpose == "blind":
        state = collapse(state.with_prisoner(who, cell=cell), step.origin, events, name)
        trig = step.triggered
    elif step.purpose in ("land", "scramble"):
        state = state.with_prisoner(who, cell=cell, falling=None)
    return push(state, Step(DIRGE, who, cell=cell, triggered=trig))


def omen_swapped(state: GameState, cell: Cell) -> GameState:
    """A stay's omen swapped in takes effect as if placed: the stayer lays the Dirge."""
    return push(state, Step(DIRGE, state.turn, cell=cell))


# -- the Dirge ---------------------------------------------------------------------------


def dirge_options(state: GameState, step: Step) -> list[Option]:
    return [(Action(Verb.DIRGE, cell=corner, variant=v), None) for corner, v, _ in dirge_placements(state, step.cell)]


def do_dirge(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    cells = next(c for corner, v, c in dirge_placements(state, step.cell) if (corner, v) == (action.cell, action.variant))
    return lay_dirge(pop(state), step, cells, events)


def lay_dirge(state: GameState, step: Step, cells: tuple[Cell, ...], events: list[Event]) -> GameState:
    """Everything under the Dirge is swallowed, then its nine cells become its pit."""
    geo = state.geo
    under = set(cells)
    placer = step.who
    swallowed = [i for i, p in enumerate(state.prisoners) if p.cell in under]
    # A fall triggers the monsters watching the cell fallen from (sight taken before the
    # Dirge came); monsters under the Dirge are swallowed with the rest.
    trig = [Trigger(m, f"{state.prisoners[placer].name} stepped out of its sight") for m in step.triggered if m not in under]
    for i in swallowed:
        p = state.prisoners[i]
        trig += [Trigger(m, f"{p.name} fell while in its sight") for m in watchers(state, p.cell) if m not in under]  # type: ignore[arg-type]
    names = ", ".join(geo.name(c) for c in cells)
    events.append(event("dirge", f"{state.prisoners[placer].name} lays the Dirge on {names}", "dirge", None, state.prisoners[placer].name))
    gone = [f"{state.tiles[c].describe()} on {geo.name(c)}" for c in cells if state.tiles[c] is not None]  # type: ignore[union-attr]
    for c in cells:
        if state.tiles[c] is not None:
            state = discard_board_tile(state, c)
        state = state.with_tile(c, DIRGE_PIT)
    state = state.evolve(omens=2)
    hits = []
    for i in swallowed:
        p = state.prisoners[i]
        cell = p.cell
        assert cell is not None
        hits.append(Hit(i, step.cell, 3, blockable=i == placer))
        block = "Block allowed" if i == placer else "no Block: only the omen's placer may Block"
        cost = "3 tiles" if state.pile.count else "no tile to burn (the pile is empty)"
        text = f"{p.name} on {geo.name(cell)} is swallowed by the Dirge: {cost} ({block}), Lights Out, and falls"
        events.append(event("hit", text, "dirge", None, p.name))
        state = state.with_prisoner(i, cell=None, falling=("cell", cell), lit=False)
    if gone:
        events.append(event("dirge_discard", f"the tiles under the Dirge are discarded: {', '.join(gone)}", "dirge"))
    state = start_attack(state, trig, None, None, events)
    falls = [Step(FALL, i, cell=state.prisoners[i].falling[1]) for i in swallowed]  # type: ignore[index]
    return push(state, *([Step(BLOCK, hits=tuple(hits))] if hits else []), *falls)


__all__ = [
    "dirge_placements",
    "summons",
    "omen_is_placed",
    "set_aside",
    "omen_placed",
    "omen_swapped",
    "dirge_options",
    "do_dirge",
]
