"""Moves, falls and monster attacks: turn steps 1 to 5 once the action is chosen.

An *event* (a move, a fall, entering a monster) triggers monsters; the sight
lines of one event are taken once, on the board after step 2 (pits formed),
except the origin of a move, whose sight is taken before the move. A triggered
monster's attack reaches further monsters (chain reaction); each attacks at
most once per event. Every prisoner still in a triggered monster's sight is hit
once per monster, the faller excluded.
"""

from __future__ import annotations

from typing import NamedTuple

from solver.nightcage.model.actions import Verb
from solver.nightcage.model.grid import DIR_NAME, DIRECTIONS, OPPOSITE, Cell
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.rulings import KEEPER_RANGED_OUT, LOS_END, TRIGGER_ORIGIN
from solver.nightcage.model.state import BLOCK, DISCARD_MONSTERS, FALL, PLACE, SCRAMBLE, GameState, Hit, Step
from solver.nightcage.model.tiles import Kind
from solver.nightcage.rules.describe import monster_rule
from solver.nightcage.rules.outcome import win
from solver.nightcage.rules.sight import back_line, line_ends, monsters, reaching_directions, row_and_column, sight, watchers
from solver.nightcage.rules.steps import pop, push


def arrive(state: GameState, who: int, cell: Cell, events: list[Event]) -> GameState:
    """A prisoner reaches a tile: it stands there and takes a key if it holds none."""
    state = state.with_prisoner(who, cell=cell, falling=None)
    tile = state.tiles[cell]
    p = state.prisoners[who]
    if tile is not None and tile.kind is Kind.KEY and not tile.key_taken and not p.key:
        state = state.with_prisoner(who, key=True).with_tile(cell, tile._replace(key_taken=True))
        events.append(event("key", f"{p.name} takes the key on {state.geo.name(cell)}", "keys", None, p.name))
    return state


def collapse(state: GameState, cell: Cell, events: list[Event], who: str) -> GameState:
    """Step 2: a crumbling tile left (or stayed on) flips to a pit."""
    tile = state.tiles[cell]
    if tile is None or not tile.crumbling:
        return state
    events.append(event("pit", f"the {tile.describe()} on {state.geo.name(cell)} crumbles into a pit", "crumbling", None, who))
    return state.with_tile(cell, tile.pit())


def origin_watchers(state: GameState, origin: Cell, jumping: bool) -> tuple[Cell, ...]:
    """Monsters a prisoner leaving ``origin`` triggers (sight taken before the move).

    A jump is a fall, which triggers from where the prisoner was under either
    reading of RULING-TRIGGER-ORIGIN.
    """
    if not jumping and not state.rulings.trigger_origin:
        return ()
    return tuple(watchers(state, origin))


def complete_move(
    state: GameState,
    who: int,
    origin: Cell,
    dest: Cell,
    origin_trig: tuple[Cell, ...],
    events: list[Event],
    verb: Verb = Verb.MOVE,
) -> GameState:
    """Steps 1 (arrival) to 5 of a move, charge or blind step onto ``dest``.

    Pushes the attack steps in front of the rest of the turn (step 6 must
    already be queued).
    """
    name = state.prisoners[who].name
    tile = state.tiles[dest]
    assert tile is not None
    left = [Trigger(m, f"{name} left its sight from {state.geo.name(origin)}", TRIGGER_ORIGIN) for m in origin_trig]
    if tile.kind is Kind.PIT_FIEND:  # a blind step onto a freshly drawn pit fiend
        state = collapse(state.with_prisoner(who, cell=dest), origin, events, name)
        return pit_fiend_strike(state, dest, left, events)
    behind_keeper = tile.kind is Kind.KEEPER and verb == "move"
    entering = tile.is_monster and not behind_keeper
    if tile.is_monster:
        state = state.with_prisoner(who, cell=dest)  # on the monster only until the scramble
    else:
        state = arrive(state, who, dest, events)
        if win(state):
            return state  # the win is checked on arrival, before any trigger
    state = collapse(state, origin, events, name)
    # The first reason given for a monster is the one reported: entering it, then the
    # cell reached, then the cell left (which counts only under RULING-TRIGGER-ORIGIN).
    initial = [Trigger(dest, f"{name} entered it")] if entering else []
    initial += [Trigger(m, f"{name} moved into its sight at {state.geo.name(dest)}") for m in watchers(state, dest)]
    initial += left
    mover = (who, dest)
    scrambler = None if entering else (mover if behind_keeper else None)
    return start_attack(state, initial, mover if entering else None, None, events, scrambler)


class Trigger(NamedTuple):
    """Why a monster attacks, and the ruling that makes it so (if any)."""

    monster: Cell
    why: str
    ruling: str | None = None


def start_attack(
    state: GameState,
    initial: list[Trigger],
    entering: tuple[int, Cell] | None,
    faller: int | None,
    events: list[Event],
    scrambler: tuple[int, Cell] | None = None,
) -> GameState:
    """Steps 4 and 5: resolve triggers and hits, then queue Block, penalty, scramble, removal.

    ``entering`` is the prisoner who entered a monster (it is hit by it and
    scrambles off); ``scrambler`` one who must scramble off a keeper entered
    safely from behind. Step 6 (light) must already be queued behind.
    """
    hits, triggered = attack(state, initial, entering, faller, events)
    for h in hits:
        if state.prisoners[h.prisoner].lit and _puts_out(state, h):
            state = state.with_prisoner(h.prisoner, lit=False)
    mover = entering or scrambler
    if mover is not None:
        state = keeper_key(state, mover[0], mover[1], events)
    steps: list[Step] = []
    if hits:
        steps.append(Step(BLOCK, hits=tuple(hits)))
    if mover is not None:
        steps.append(Step(SCRAMBLE, mover[0], cell=mover[1]))
    if triggered:
        steps.append(Step(DISCARD_MONSTERS, cell=entering[1] if entering else -1, cells=tuple(triggered)))
    return push(state, *steps) if steps else state


def keeper_key(state: GameState, who: int, cell: Cell, events: list[Event], ruling: str | None = None) -> GameState:
    """A keyless prisoner entering a keeper takes its key; the keeper becomes a pit (6.5).

    ``ruling``: the ruling that let it take the key (RULING-KEEPER-KEY-TILE's ``take``)."""
    tile = state.tiles[cell]
    p = state.prisoners[who]
    if tile is None or tile.kind is not Kind.KEEPER or p.key:
        return state
    state = state.with_prisoner(who, key=True).with_tile(cell, tile.pit())
    where = state.geo.name(cell)
    events.append(event("key", f"{p.name} takes the keeper's key on {where}; the keeper becomes a pit", "keeper", ruling, p.name))
    return state


def pit_fiend_strike(state: GameState, cell: Cell, initial: list[Trigger], events: list[Event]) -> GameState:
    """A pit fiend placed: its four diagonals (no wrap, across empty cells) and then
    itself become pits; prisoners there fall at once (6.6)."""
    geo = state.geo
    x0, y0 = geo.file_of(cell), geo.rank_of(cell)
    targets = [cell]
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        x, y = x0 + dx, y0 + dy
        while 0 <= x < state.size and 0 <= y < state.size:
            c = y * state.size + x
            tile = state.tiles[c]
            if tile is not None and not tile.is_pit:
                targets.append(c)
            x, y = x + dx, y + dy
    fallers = [i for i, p in enumerate(state.prisoners) if p.cell in targets]
    trig = list(initial)
    for i in fallers:
        p = state.prisoners[i]
        trig += [Trigger(m, f"{p.name} fell while in its sight") for m in watchers(state, p.cell)]  # type: ignore[arg-type]
    names = ", ".join(geo.name(c) for c in sorted(targets) if c != cell) or "nothing"
    events.append(event("pit_fiend", f"the pit fiend on {geo.name(cell)} turns its diagonals into pits: {names}", "pit_fiend"))
    for c in targets:
        tile = state.tiles[c]
        assert tile is not None
        state = state.with_tile(c, tile.pit())
    for i in fallers:
        p = state.prisoners[i]
        state = state.with_prisoner(i, cell=None, falling=("cell", p.cell))
        events.append(event("fall", f"{p.name} falls into the pit on {geo.name(p.cell)}", "falling", None, p.name))  # type: ignore[arg-type]
    state = start_attack(state, trig, None, None, events)
    falls = [Step(FALL, i, cell=state.prisoners[i].falling[1]) for i in fallers]  # type: ignore[index]
    return push(state, *falls)


def _puts_out(state: GameState, hit: Hit) -> bool:
    tile = state.tiles[hit.monster]
    if tile is not None and tile.kind is Kind.KEEPER and hit.tiles == 1:
        return state.rulings.keeper_ranged_out
    return True


def attack(
    state: GameState,
    initial: list[Trigger],
    entering: tuple[int, Cell] | None,
    faller: int | None,
    events: list[Event],
) -> tuple[list[Hit], list[Cell]]:
    """Which monsters attack (with chain reactions) and whom they hit."""
    geo = state.geo
    triggered: list[Cell] = []
    for m, why, ruling in initial:
        if m in triggered:
            continue
        triggered.append(m)
        tile = state.tiles[m]
        assert tile is not None
        events.append(event("trigger", f"the {tile.describe()} on {geo.name(m)} attacks: {why}", "trigger", ruling))
    sights: dict[Cell, int] = {}
    queue = list(triggered)
    while queue:
        m = queue.pop(0)
        sights[m] = reach(state, m)
        for other in monsters(state):
            if other in triggered or not sights[m] >> other & 1:
                continue
            if _shielded(state, other, m):
                continue
            triggered.append(other)
            queue.append(other)
            tile = state.tiles[other]
            assert tile is not None
            text = f"the attack from {geo.name(m)} reaches the {tile.describe()} on {geo.name(other)}: it attacks too"
            at_end = state.tiles[m].kind is not Kind.PATHLESS and line_ends(state, m) >> other & 1  # type: ignore[union-attr]
            events.append(event("chain", text, "chain", LOS_END if at_end else None))
    hits = []
    for m in triggered:
        for i, p in enumerate(state.prisoners):
            if p.cell is None or i == faller:
                continue
            inside = entering is not None and entering == (i, m)
            if inside or sights[m] >> p.cell & 1:
                hits.append(_hit(state, i, m, inside))
    for h in hits:
        p = state.prisoners[h.prisoner]
        tile = state.tiles[h.monster]
        assert tile is not None
        cost = f"{h.tiles} tile{'s' if h.tiles > 1 else ''}" if state.pile.count else "no tile to burn (the pile is empty)"
        cell = state.prisoners[h.prisoner].cell
        # A pathless's hits reach its whole row and column: where a sight line ends does not decide them.
        at_line_end = cell is not None and tile.kind is not Kind.PATHLESS and line_ends(state, h.monster) >> cell & 1
        rule_ruling = LOS_END if at_line_end else None
        out = " and Lights Out" if _puts_out(state, h) else " (the candle stays lit)"
        if tile.kind is Kind.KEEPER and h.tiles == 1:
            rule_ruling = KEEPER_RANGED_OUT
        unblockable = "" if h.blockable else ", no Block"
        text = f"{p.name} on {geo.name(p.cell)} is hit by the {tile.describe()} on {geo.name(h.monster)}: {cost}{unblockable}{out}"  # type: ignore[arg-type]
        events.append(event("hit", text, _hit_rule(tile.kind), rule_ruling, p.name))
    for m in triggered:
        if m in sights and not any(h.monster == m for h in hits):
            tile = state.tiles[m]
            assert tile is not None
            events.append(event("miss", f"the {tile.describe()} on {geo.name(m)} hits no one", monster_rule(tile.kind)))
    return hits, [m for m in triggered if _removed_after(state, m, entering)]


def _hit_rule(kind: Kind) -> str:
    """A wax eater's hit is a torment; keepers and the pathless have sections of their own."""
    return "torments" if kind is Kind.WAX_EATER else monster_rule(kind)


def reach(state: GameState, monster: Cell) -> int:
    """Cells an attack from ``monster`` reaches (a pathless: its whole row and column)."""
    tile = state.tiles[monster]
    if tile is not None and tile.kind is Kind.PATHLESS:
        return row_and_column(state, monster)
    return sight(state, monster)


def _shielded(state: GameState, keeper: Cell, source: Cell) -> bool:
    """An attack reaching a keeper from behind does nothing (6.5, §8.14).

    RULING-KEEPER-BACK (default): "from behind" is where the attacker stands,
    in the keeper's back line, whatever lies between them. Alternative: it is
    the side the attack arrives at: a sight line travelling the way the keeper
    faces arrives at its back, and only an attack whose every line arrives
    there is stopped; a pathless's attack runs both ways round its row and
    column, so it always arrives at a front or a side.
    """
    tile = state.tiles[keeper]
    if tile is None or tile.kind is not Kind.KEEPER:
        return False
    if state.rulings.keeper_back:
        return bool(back_line(state, keeper) >> source & 1)
    attacker = state.tiles[source]
    if attacker is not None and attacker.kind is Kind.PATHLESS:
        return False
    directions = reaching_directions(state, source, keeper)
    return bool(directions) and all(d == tile.facing for d in directions)


def _hit(state: GameState, who: int, monster: Cell, inside: bool) -> Hit:
    tile = state.tiles[monster]
    assert tile is not None
    if tile.kind is Kind.PATHLESS:
        return Hit(who, monster, 5, blockable=False)
    if tile.kind is Kind.KEEPER and not inside:
        return Hit(who, monster, 1, blockable=False)
    return Hit(who, monster, 3)


def _removed_after(state: GameState, monster: Cell, entering: tuple[int, Cell] | None) -> bool:
    """Monsters discarded after attacking: every triggered wax eater, and any monster
    entered, except a keeper (it stays until its key is taken, then becomes a pit)."""
    tile = state.tiles[monster]
    if tile is None or tile.kind is Kind.KEEPER:
        return False
    if entering is not None and entering[1] == monster:
        return True
    return tile.kind is Kind.WAX_EATER


def fall_from_collapse(state: GameState, who: int, events: list[Event]) -> GameState:
    """A stay on a crumbling tile: it flips and the prisoner falls (sight taken before)."""
    p = state.prisoners[who]
    cell = p.cell
    assert cell is not None
    trig = [Trigger(m, f"{p.name} fell while in its sight") for m in watchers(state, cell)]
    state = collapse(state, cell, events, p.name)
    state = state.with_prisoner(who, cell=None, falling=("cell", cell))
    events.append(event("fall", f"{p.name} falls into the pit on {state.geo.name(cell)}", "falling", None, p.name))
    state = start_attack(state, trig, None, who, events)
    return push(state, Step(FALL, who, cell=cell))


def scramble_options(state: GameState, step: Step) -> list[tuple[str, str | None]]:
    """``scramble D`` candidates and why each is refused (None when allowed)."""
    geo = state.geo
    out = []
    for d in DIRECTIONS:
        nb = geo.neighbour(step.cell, d)
        tile = state.tiles[nb]
        where = geo.name(nb)
        if tile is None:
            reason = None if state.pile.count else f"{where} is empty and the pile is empty"
        elif tile.is_pit:
            reason = f"{where} is a pit"
        elif not tile.openings & OPPOSITE[d]:
            reason = f"the tile on {where} has a wall toward {geo.name(step.cell)}"
        elif tile.is_monster:
            reason = f"{where} holds a {tile.describe()}"
        elif state.occupants(nb) and tile.kind is not Kind.GATE:
            reason = f"{where} holds {state.prisoners[state.occupants(nb)[0]].name}"
        else:
            reason = None
        out.append((DIR_NAME[d], reason))
    return out


def scramble_fall(state: GameState, step: Step, events: list[Event]) -> GameState:
    """No tile to scramble onto: the prisoner falls (part of the attack: it triggers nothing)."""
    p = state.prisoners[step.who]
    state = pop(state)
    state = state.with_prisoner(step.who, cell=None, falling=("cell", step.cell))
    text = f"{p.name} has nowhere to scramble from {state.geo.name(step.cell)} and falls"
    events.append(event("fall", text, "charge", None, p.name))
    return push(state, Step(FALL, step.who, cell=step.cell))


def queue_placement(state: GameState, who: int, cell: Cell, purpose: str, origin: Cell = -1, trig: tuple[Cell, ...] = ()) -> GameState:
    """A tile is drawn for one fixed cell (landing, blind step, scramble)."""
    return push(state, Step(PLACE, who, cell=cell, cells=(cell,), purpose=purpose, origin=origin, triggered=trig))
