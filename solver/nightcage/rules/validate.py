"""Consistency of a position: what a valid Night Cage position always satisfies.

Each problem carries the field path of the position format, so a person can
find it: ``prisoners[2].at: c5 holds a pit``. Checks that only hold between
turns (every tile illuminated, no empty lit cell) are skipped mid-turn, where
darkness or filling may still be under way.
"""

from __future__ import annotations

from solver.base.errors import Problem
from solver.nightcage.model import accounting, counts
from solver.nightcage.model.grid import geometry
from solver.nightcage.model.setups import METAL_KEYS, setup_problems
from solver.nightcage.model.state import DIRGE, FALL, LAND, PLACE, SCRAMBLE, START, GameState
from solver.nightcage.model.tiles import TILE_TYPES, Kind, TileType
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.outcome import outcome


def consistency_problems(state: GameState) -> list[Problem]:
    """Every inconsistency of a well-formed position (empty when valid)."""
    problems: list[Problem] = []
    problems += _setup(state)
    problems += _prisoners(state)
    problems += _totals(state)
    problems += _dirge(state)
    problems += _omens(state)
    problems += _pending(state)
    if state.pending is None:
        problems += _lighting(state)
    return problems


def _setup(state: GameState) -> list[Problem]:
    out = [Problem("setup", p) for p in setup_problems(state.setup)]
    setup = state.setup
    if setup.counts is None and len(state.prisoners) != setup.prisoners:
        out.append(
            Problem("prisoners", f"the {setup.base} setup has {setup.prisoners} prisoners, not {len(state.prisoners)}")
        )
    return out


def _prisoners(state: GameState) -> list[Problem]:
    out = []
    geo = state.geo
    seen: dict[int, int] = {}
    for i, p in enumerate(state.prisoners):
        path = f"prisoners[{i}]"
        if p.cell is not None:
            tile = state.tiles[p.cell]
            where = geo.name(p.cell)
            if tile is None:
                out.append(Problem(f"{path}.at", f"{where} holds no tile"))
            elif tile.is_pit and not _scrambling(state, i):
                out.append(Problem(f"{path}.at", f"{where} holds a pit (a prisoner on a pit falls at once)"))
            elif tile.is_monster and not _scrambling(state, i):
                out.append(
                    Problem(f"{path}.at", f"{where} holds a {tile.describe()}; a prisoner stands there only while scrambling off it")
                )
            elif p.cell in seen and tile.kind is not Kind.GATE:
                other = state.prisoners[seen[p.cell]].name
                out.append(Problem(f"{path}.at", f"{where} already holds {other}; only a gate holds several prisoners"))
            seen.setdefault(p.cell, i)
        if p.falling is not None and p.falling[0] == "cell" and not _awaits(state, FALL, i) and not _lost(state):
            out.append(Problem(f"{path}.falling", "\"from <cell>\" is only valid while the fall's row-or-column choice is pending"))
    holders = sum(1 for p in state.prisoners if p.key)
    if holders > METAL_KEYS:
        out.append(Problem("prisoners", f"{holders} prisoners hold a key, but there are only {METAL_KEYS} metal keys"))
    return out


def _lost(state: GameState) -> bool:
    result = outcome(state)
    return result is not None and result.result == "lose"


def _awaits(state: GameState, name: str, who: int) -> bool:
    return state.pending is not None and any(s.name == name and s.who == who for s in state.pending.steps)


def _scrambling(state: GameState, who: int) -> bool:
    """Standing on a monster is only the moment of an attack: until the scramble is done."""
    if _awaits(state, SCRAMBLE, who) or _awaits(state, DIRGE, who):
        return True
    return state.pending is not None and any(
        s.name == PLACE and s.purpose == "scramble" and s.who == who for s in state.pending.steps
    )


def _totals(state: GameState) -> list[Problem]:
    """Board + pile + discard + tiles in hand = the setup's totals, type by type."""
    out = []
    unknown = accounting.unknown_pits(state.tiles)
    board = state.board_counts()
    hand = state.in_hand_counts()
    pile = state.pile.contents
    totals = state.setup.totals()
    deficit = accounting.unaccounted(totals, board, hand, pile, state.discarded)
    if unknown and accounting.explains(deficit, len(unknown)):
        message = f"say what this pit was: the totals leave {counts.describe(deficit)} unaccounted"
        return [Problem(f"tiles.{state.geo.name(c)}.was", message) for c in unknown]
    label = state.setup.base if state.setup.counts is None else "given"
    for t, left, want, b, pl, d, hd in zip(TILE_TYPES, deficit, totals, board, pile, state.discarded, hand):
        if left:
            have = want - left
            parts = f"board {b} + pile {pl} + discarded {d}" + (f" + in hand {hd}" if hd else "")
            out.append(Problem(f"discarded.{t.value}", f"{parts} = {have} {t.value}, but the {label} setup has {want}"))
    return out


def _dirge(state: GameState) -> list[Problem]:
    cells = [c for c, t in enumerate(state.tiles) if t is not None and t.dirge]
    if not cells:
        return []
    shape = state.rulings.dirge_shape
    if _fits_shape(cells, shape, state.size):
        return []
    names = ", ".join(state.geo.name(c) for c in cells)
    return [Problem("tiles", f"the Dirge pits ({names}) do not form the Dirge's 9-cell shape inside the board (RULING-DIRGE-SHAPE)")]


def _omens(state: GameState) -> list[Problem]:
    """An omen revealed is set aside among the discarded tiles: ``omens`` needs one there."""
    if state.omens and counts.get(state.discarded, TileType.OMEN) == 0:
        return [Problem("omens", f"{state.omens} omen(s) revealed, but no omen is among the discarded tiles")]
    return []


def _fits_shape(cells: list[int], shape: tuple[tuple[int, int], ...], size: int) -> bool:
    """The cells are the shape, rotated or reflected, translated, wholly inside the board."""
    target = {(c % size, c // size) for c in cells}
    variants = set()
    pts = list(shape)
    for _ in range(4):
        pts = [(y, -x) for x, y in pts]
        for mirror in (False, True):
            q = [(-x, y) for x, y in pts] if mirror else pts
            mx, my = min(x for x, _ in q), min(y for _, y in q)
            variants.add(frozenset((x - mx, y - my) for x, y in q))
    ox, oy = min(x for x, _ in target), min(y for _, y in target)
    normal = frozenset((x - ox, y - oy) for x, y in target)
    return normal in variants


def _pending(state: GameState) -> list[Problem]:
    if state.pending is None:
        return []
    out = []
    step = state.pending.front
    active = state.active
    if step.name == START and not active.unplaced:
        out.append(Problem("pending.steps[0]", f"{active.name} has already placed its start tile"))
    if step.name == LAND and active.falling is None:
        out.append(Problem("pending.steps[0]", f"{active.name} is not falling"))
    if step.name == PLACE and not step.cells:
        out.append(Problem("pending.steps[0].cells", "a placement needs the cell(s) it may go to"))
    if len(state.pending.spent) != len(state.prisoners):
        out.append(Problem("pending.spent", "one entry per prisoner"))
    return out


def _lighting(state: GameState) -> list[Problem]:
    out = []
    lit = illuminated(state)
    geo = geometry(state.size)
    for c, tile in enumerate(state.tiles):
        if tile is None or lit >> c & 1 or tile.kind is Kind.KEEPER or tile.dirge:
            continue
        out.append(Problem(f"tiles.{geo.name(c)}", f"the {tile.describe()} is not illuminated by any prisoner (it would have gone dark)"))
    if state.pile.count and state.rulings.fill_all_lit:
        message = "this cell is illuminated but empty while the pile still holds tiles (RULING-FILL-ALL-LIT)"
        for c in range(geo.cells):
            if lit >> c & 1 and state.tiles[c] is None:
                out.append(Problem(f"tiles.{geo.name(c)}", message))
    return out
