"""Decisions: the candidate actions of each decision step, why each is (not) legal,
and what each legal action does.

``options(state)`` lists ``(action, reason)`` pairs: the reason is None for a
legal action and a sentence a player can read for a refused one. One function
per decision keeps the legality rule and its explanation in the same place.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .attacks import (
    arrive,
    collapse,
    complete_move,
    origin_watchers,
    pit_fiend_strike,
    queue_placement,
    scramble_options,
    start_attack,
    Trigger,
)
from .grid import DIR_LETTER, DIR_NAME, DIRECTIONS, OPPOSITE, Cell
from .lighting import are_adjacent_connected, illuminated, lighting_passages
from .outcome import _win
from .rulebook import Event, event
from .rulings import FF_OCCUPIED, LAND_FULL_LINE, STAY_SWAP
from .state import (
    AGAIN,
    BLOCK,
    BURN,
    COLLAPSE,
    END_TURN,
    EXTRA,
    FALL,
    FINAL,
    LAND,
    LIGHT,
    MAIN,
    PLACE,
    SCRAMBLE,
    START,
    STAY_DRAW,
    SWAP,
    GameState,
    Step,
)
from .tiles import Kind, Tile, TileType, placements, rotations, type_name
from .turn import block_options, hits_total, pop, push, replace_front, spend, spend_problem, turn_of

Option = tuple[Action, "str | None"]
KEY_DECISIONS = frozenset({MAIN, AGAIN, FINAL})
"""Keys may be passed (and a key tile's key taken) between the active prisoner's actions."""


def options(state: GameState) -> list[Option]:
    """Every candidate action of the decision awaited, each with the reason it is refused."""
    step = turn_of(state).front
    out = _OPTIONS[step.name](state, step)
    if step.name in KEY_DECISIONS:
        out = out + key_options(state)
    return out


# -- the main action -------------------------------------------------------------


def _main_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = []
    for d in DIRECTIONS:
        for verb in ("move", "jump", "charge", "blind"):
            out.append((Action(verb, direction=d), move_problem(state, step.who, d, verb)))
    out.append((Action("stay"), _stay_problem(state, step.who)))
    return out


def _extra_options(state: GameState, step: Step) -> list[Option]:
    return [opt for opt in _main_options(state, step) if opt[0].verb != "stay"]


def move_problem(state: GameState, who: int, d: int, verb: str) -> str | None:
    """Why ``verb`` toward ``d`` is refused (None when legal)."""
    geo = state.geo
    p = state.prisoners[who]
    assert p.cell is not None
    here, tile = geo.name(p.cell), state.tiles[p.cell]
    assert tile is not None
    nb = geo.neighbour(p.cell, d)
    where, target, way = geo.name(nb), state.tiles[nb], DIR_NAME[d]
    if not tile.opens(d):
        return f"no passage leads {way} from {here}"
    if verb == "blind":
        if p.lit:
            return "only a Lights Out prisoner steps blind into the dark"
        if target is not None:
            return f"{where} holds a tile (use move, jump or charge)"
        return None if state.pile.count else "the pile is empty: no tile can be drawn to step onto"
    if verb == "jump":
        return None if target is not None and target.is_pit else f"{where} is not a pit"
    if target is None:
        hint = f" (Lights Out: 'blind {DIR_LETTER[d]}' draws a tile there)" if not p.lit else ""
        return f"{where} is empty{hint}"
    if target.is_pit:
        return f"{where} is a pit ('jump {DIR_LETTER[d]}' falls into it)"
    if not target.opens(OPPOSITE[d]):
        return f"the {target.describe()} on {where} has a wall toward {here}"
    behind = target.kind is Kind.KEEPER and d == target.facing
    if verb == "charge":
        if not target.is_monster:
            return f"{where} holds no monster to charge"
        if behind:
            return f"{p.name} is behind the keeper on {where}: a plain move enters it safely"
        return spend_problem(state, who)
    if behind:
        return f"{p.name} already holds a key and cannot take the keeper's" if p.key else None
    if target.is_monster:
        return f"{where} holds a {target.describe()}: entering it needs a Charge (1 Nerve)"
    occupants = [i for i in state.occupants(nb) if i != who]
    if occupants and target.kind is not Kind.GATE:
        return f"{where} holds {state.prisoners[occupants[0]].name}; only a gate holds several prisoners"
    return None


def _stay_problem(state: GameState, who: int) -> str | None:
    p = state.prisoners[who]
    if p.lit or _stay_is_free(state, who):
        return None
    problem = spend_problem(state, who)
    if problem is None:
        return None
    return f"a Lights Out prisoner must move; staying costs 1 Nerve ({problem})"


def _stay_is_free(state: GameState, who: int) -> bool:
    """A Lights Out prisoner with no move, jump or blind step at all stays for free (§8.6)."""
    for d in DIRECTIONS:
        for verb in ("move", "jump", "blind"):
            if move_problem(state, who, d, verb) is None:
                return False
    return True


def _do_stay(state: GameState, action: Action, events: list[Event]) -> GameState:
    from .turn import gain_nerve

    who = state.turn
    p = state.active
    state = pop(state)
    if p.lit:
        state, gained = gain_nerve(state, who)
        got = "gains 1 Nerve" if gained else "already holds 2 Nerve and gains none"
        events.append(event("stay", f"{p.name} stays and {got}", "stay", None, p.name))
    elif _stay_is_free(state, who):
        events.append(event("stay", f"{p.name} is Lights Out with nowhere to go and stays", "lights_out", None, p.name))
    else:
        state = spend(state, who)
        events.append(event("stay", f"{p.name} is Lights Out and spends 1 Nerve to stay", "nerve", None, p.name))
    steps = [Step(STAY_DRAW)]
    tile = state.tiles[p.cell]  # type: ignore[index]
    if tile is not None and tile.crumbling:
        steps.append(Step(COLLAPSE, who))
    return push(state, *steps, Step(LIGHT), Step(FINAL), Step(END_TURN))


def _do_move(state: GameState, action: Action, events: list[Event]) -> GameState:
    who = state.turn
    extra = turn_of(state).front.name == EXTRA
    state = pop(state)
    state = push(state, Step(AGAIN)) if extra else push(state, Step(AGAIN), Step(FINAL), Step(END_TURN))
    return perform_move(state, who, action.direction, action.verb, events)


def perform_move(state: GameState, who: int, d: int, verb: str, events: list[Event]) -> GameState:
    p = state.prisoners[who]
    origin = p.cell
    assert origin is not None
    geo = state.geo
    dest = geo.neighbour(origin, d)
    trig = origin_watchers(state, origin, jumping=verb == "jump")
    way = f"{DIR_NAME[d]} from {geo.name(origin)} to {geo.name(dest)}"
    if verb == "charge":
        state = spend(state, who)
        events.append(event("charge", f"{p.name} spends 1 Nerve and charges {way}", "charge", None, p.name))
    if verb == "blind":
        events.append(event("blind", f"{p.name} steps blind {way}", "lights_out", None, p.name))
        return queue_placement(push(state, Step(LIGHT)), who, dest, "blind", origin, trig)
    if verb == "jump":
        events.append(event("jump", f"{p.name} jumps {way} and falls", "falling", None, p.name))
        state = state.with_prisoner(who, cell=None, falling=("cell", dest))
        state = collapse(state, origin, events, p.name)
        state = push(state, Step(LIGHT))
        state = start_attack(state, [Trigger(m, f"{p.name} fell while in its sight") for m in trig], None, who, events)
        return push(state, Step(FALL, who, cell=dest))
    if verb == "move":
        events.append(event("move", f"{p.name} moves {way}", "move", None, p.name))
    state = push(state, Step(LIGHT))
    return complete_move(state, who, origin, dest, trig, events, verb)


# -- moving again, Final Flickers ---------------------------------------------------


def again_possible(state: GameState) -> bool:
    return any(reason is None for action, reason in _again_options(state, turn_of(state).front) if action.verb == "again")


def _again_options(state: GameState, step: Step) -> list[Option]:
    who = state.turn
    problem = spend_problem(state, who)
    if problem is None:
        paid = spend(state, who)
        if not any(reason is None for _, reason in _extra_options(paid, Step(EXTRA, who))):
            problem = "no move would be possible"
    return [(Action("again"), problem), (Action("end"), None)]


def _do_again(state: GameState, action: Action, events: list[Event]) -> GameState:
    who = state.turn
    state = pop(state)
    if action.verb == "end":
        return state
    state = spend(state, who)
    events.append(event("again", f"{state.active.name} spends 1 Nerve to move again", "again", None, state.active.name))
    return push(state, Step(EXTRA, who))


def final_options(state: GameState, step: Step | None = None) -> list[Option]:
    """``discard X`` or ``hold``; and ``end`` only when neither is possible (keys may still pass)."""
    out = _discard_or_hold(state)
    stuck = all(reason is not None for _, reason in out)
    out.append((Action("end"), None if stuck else "the Final Flickers end of turn is a discard or hold the light"))
    return out


def _discard_or_hold(state: GameState) -> list[Option]:
    lit = illuminated(state)
    out: list[Option] = []
    for cell, tile in enumerate(state.tiles):
        if tile is None:
            continue
        where = state.geo.name(cell)
        if not lit >> cell & 1:
            reason: str | None = f"the {tile.describe()} on {where} is not illuminated"
        elif state.occupants(cell) and not state.rulings.ff_occupied:
            reason = f"{where} holds a prisoner ({FF_OCCUPIED})"
        else:
            reason = None
        out.append((Action("discard", cell=cell), reason))
    out.append((Action("hold"), spend_problem(state, state.turn, holding=True)))
    return out


def _do_final(state: GameState, action: Action, events: list[Event]) -> GameState:
    from .turn import discard_board_tile

    who = state.turn
    name = state.active.name
    state = pop(state)
    if action.verb == "end":
        events.append(event("final_nothing", "no tile can be discarded and the light cannot be held", "final"))
        return state
    if action.verb == "hold":
        events.append(event("hold", f"{name} spends 1 Nerve to hold the light", "hold", None, name))
        return spend(state, who)
    cell = action.cell
    tile = state.tiles[cell]
    assert tile is not None
    where = state.geo.name(cell)
    fallers = state.occupants(cell)
    state = discard_board_tile(state, cell)
    events.append(event("final_discard", f"{name} discards the {tile.describe()} on {where}", "final", None, name))
    for i in fallers:
        state = state.with_prisoner(i, cell=None, falling=("cell", cell))
        text = f"{state.prisoners[i].name} loses the tile underfoot on {where} and falls"
        events.append(event("fall", text, "final", FF_OCCUPIED, state.prisoners[i].name))
    return state


# -- tiles drawn ---------------------------------------------------------------------


def _place_options(state: GameState, step: Step) -> list[Option]:
    if step.hand is None:
        return []  # a chance draw comes first
    out: list[Option] = []
    for cell in step.cells:
        must, any_of, why = _placement_rule(state, step, cell)
        allowed = placements(step.hand, must, any_of)
        for openings in rotations(Tile.of_type(step.hand).kind):
            reason = None if openings in allowed else why
            out.append((Action("place", cell=cell, openings=openings, tile_type=step.hand), reason))
    return out


def _placement_rule(state: GameState, step: Step, cell: Cell) -> tuple[int, bool, str]:
    """Sides the tile must open toward, whether any one suffices, and the refusal text."""
    geo = state.geo
    if step.purpose == "land":
        return 0, False, ""
    if step.purpose in ("blind", "scramble"):
        d = geo.direction_between(cell, step.origin)
        assert d is not None
        return d, False, f"it must connect back toward {geo.name(step.origin)}"
    sides = lighting_passages(state, cell)
    letters = "".join(DIR_LETTER[d] for d in DIRECTIONS if sides & d)
    return sides, True, f"it must open toward a passage lighting {geo.name(cell)} (side {' or '.join(letters)})"


def _do_place(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    assert step.hand is not None
    cell = action.cell
    facing = _keeper_facing(state, cell) if step.hand is TileType.KEEPER else 0
    tile = Tile.of_type(step.hand, action.openings, facing)
    state = pop(state).with_tile(cell, tile)
    name = state.active.name
    events.append(event("place", f"{name} draws a {type_name(step.hand)} and places it on {state.geo.name(cell)} as {tile.describe()}", "light", None, name))
    if tile.kind is Kind.PIT_FIEND and step.purpose in ("fill", "land", "scramble"):
        if step.purpose == "fill":
            state = push(state, Step(LIGHT))  # the board changed: light again, then fill what is lit
        else:
            state = state.with_prisoner(step.who, cell=cell, falling=None)
        return pit_fiend_strike(state, cell, [], events)
    if step.purpose == "fill":
        rest = tuple(c for c in step.cells if c != cell)
        return push(state, step._replace(cells=rest, hand=None)) if rest else state
    if step.purpose == "land":
        return arrive_land(state, step.who, cell, events)
    if step.purpose == "blind":
        return complete_move(state, step.who, step.origin, cell, step.triggered, events, "blind")
    if tile.is_monster:
        # Scrambling onto a freshly drawn monster is stepping onto it: it attacks
        # (rules 6.4, as for a blind step) and the prisoner scrambles again.
        state = state.with_prisoner(step.who, cell=cell)
        who = state.prisoners[step.who].name
        return start_attack(state, [Trigger(cell, f"{who} scrambled onto it")], (step.who, cell), None, events)
    return arrive(state, step.who, cell, events)  # scramble


def _keeper_facing(state: GameState, cell: Cell) -> int:
    """A keeper's mouth faces the prisoner who placed it (6.5).

    When the placer is not next to the cell (it fills a cell another prisoner
    lights, or lands on it), the mouth faces a passage that lights the cell.
    """
    active = state.active.cell
    d = state.geo.direction_between(cell, active) if active is not None else None
    if d:
        return d
    sides = lighting_passages(state, cell)
    return next((side for side in DIRECTIONS if sides & side), DIRECTIONS[0])


# -- landing and the first turn -------------------------------------------------------


def _land_options(state: GameState, step: Step) -> list[Option]:
    geo = state.geo
    p = state.prisoners[step.who]
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
            out.append((Action("land", cell=c), reason))
        return out
    # RULING-LAND-FULL-LINE: no empty unlit cell on the line.
    area = line if state.rulings.land_full_line else tuple(range(geo.cells))
    for c in area:
        tile = state.tiles[c]
        if tile is None or tile.is_pit:
            reason: str | None = f"{geo.name(c)} has no tile to land on"
        elif state.occupants(c) and tile.kind is not Kind.GATE:
            reason = f"{geo.name(c)} holds a prisoner"
        else:
            reason = None
        out.append((Action("land", cell=c), reason))
    return out


def _land_refusal(state: GameState, cell: Cell, lit: int, label: str) -> str:
    where = state.geo.name(cell)
    if state.tiles[cell] is not None:
        return f"{where} holds a tile; {label} still has an empty unlit cell"
    return f"{where} is illuminated; a falling prisoner lands on an empty, unlit cell"


def _do_land(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = pop(state)
    p = state.prisoners[step.who]
    where = state.geo.name(action.cell)
    if state.tiles[action.cell] is None:
        events.append(event("land", f"{p.name} lands on {where}: a tile is drawn for it", "falling", None, p.name))
        return queue_placement(state, step.who, action.cell, "land")
    ruling = LAND_FULL_LINE
    events.append(event("land", f"{p.name} lands on the existing tile on {where} (the line is full)", "falling", ruling, p.name))
    return arrive_land(state, step.who, action.cell, events)


def arrive_land(state: GameState, who: int, cell: Cell, events: list[Event]) -> GameState:
    tile = state.tiles[cell]
    assert tile is not None
    if not tile.is_monster:
        return arrive(state, who, cell, events)
    state = state.with_prisoner(who, cell=cell, falling=None)
    if tile.kind is Kind.PIT_FIEND:  # landing on what turns into a pit: falling again
        return pit_fiend_strike(state, cell, [], events)
    name = state.prisoners[who].name
    return start_attack(state, [Trigger(cell, f"{name} landed on it")], (who, cell), None, events)


def _start_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = []
    for cell in range(state.geo.cells):
        reason = None if state.tiles[cell] is None else f"{state.geo.name(cell)} is not empty"
        for openings in rotations(Kind.START):
            out.append((Action("start", cell=cell, openings=openings), reason))
    return out


def _do_start(state: GameState, action: Action, events: list[Event]) -> GameState:
    who = state.turn
    state = pop(state)
    state = state.with_tile(action.cell, Tile.of_type(TileType.START, action.openings))
    state = state.with_prisoner(who, cell=action.cell, unplaced=False)
    name = state.prisoners[who].name
    text = f"{name} places its start tile on {state.geo.name(action.cell)} ({Tile.of_type(TileType.START, action.openings).describe()})"
    events.append(event("start", text, "start", None, name))
    return state


# -- staying with a monster drawn ---------------------------------------------------------


def swap_targets(state: GameState, drawn: TileType) -> tuple[Cell, ...]:
    """Tiles adjacent to and connected with the staying prisoner (RULING-STAY-SWAP)."""
    from .lighting import connected

    cell = state.active.cell
    assert cell is not None
    out = []
    for d in DIRECTIONS:
        nb = state.geo.neighbour(cell, d)
        if not connected(state, cell, d):
            continue
        if state.occupants(nb) and state.rulings.stay_swap:
            continue
        out.append(nb)
    return tuple(sorted(out))


def _swap_options(state: GameState, step: Step) -> list[Option]:
    return [(Action("swap", cell=c), None) for c in step.cells]


def _do_swap(state: GameState, action: Action, events: list[Event]) -> GameState:
    from .turn import discard_board_tile

    step = turn_of(state).front
    assert step.hand is not None
    state = pop(state)
    cell = action.cell
    old = state.tiles[cell]
    assert old is not None
    facing = _keeper_facing(state, cell) if step.hand is TileType.KEEPER else 0
    state = discard_board_tile(state, cell).with_tile(cell, Tile.of_type(step.hand, None, facing))
    where = state.geo.name(cell)
    text = f"the {type_name(step.hand)} takes the place of the {old.describe()} on {where}, which is discarded"
    events.append(event("swap", text, "stay", STAY_SWAP, state.active.name))
    if step.hand is TileType.PIT_FIEND:  # it takes effect as if placed
        return pit_fiend_strike(state, cell, [], events)
    occupants = state.occupants(cell)
    if occupants:  # only under the alternative reading of RULING-STAY-SWAP
        who = occupants[0]
        name = state.prisoners[who].name
        return start_attack(state, [Trigger(cell, f"it was swapped in under {name}", STAY_SWAP)], (who, cell), None, events)
    return state


# -- attacks: Block, falls, scrambles -----------------------------------------------------


def _block_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = [(Action("block", names=(state.prisoners[i].name,)), None) for i in block_options(state, step)]
    out.append((Action("noblock"), None))
    return out


def _do_block(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    if action.verb == "noblock":
        total = hits_total(step.hits)
        state = pop(state)
        return push(state, Step(BURN, count=total)) if total else state
    who = state.prisoner_index(action.names[0])
    assert who is not None
    hits = list(step.hits)
    k = next(i for i, h in enumerate(hits) if h.prisoner == who and h.blockable and not h.blocked)
    hits[k] = hits[k]._replace(blocked=True)
    state = spend(replace_front(state, step._replace(hits=tuple(hits))), who)
    name = action.names[0]
    events.append(event("block", f"{name} spends 1 Nerve to Block: 2 tiles instead of 3", "block", None, name))
    return state


def _fall_options(state: GameState, step: Step) -> list[Option]:
    return [(Action("fall", axis="row"), None), (Action("fall", axis="file"), None)]


def _do_fall(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = pop(state)
    geo = state.geo
    index = geo.rank_of(step.cell) if action.axis == "row" else geo.file_of(step.cell)
    state = state.with_prisoner(step.who, falling=(action.axis, index))
    label = f"row {index + 1}" if action.axis == "row" else f"file {'abcdefg'[index]}"
    name = state.prisoners[step.who].name
    events.append(event("fall_line", f"{name} will land on {label}", "falling", None, name))
    return state


def _scramble_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = []
    for d, (_, reason) in zip(DIRECTIONS, scramble_options(state, step)):
        out.append((Action("scramble", direction=d), reason))
    return out


def _do_scramble(state: GameState, action: Action, events: list[Event]) -> GameState:
    step = turn_of(state).front
    state = pop(state)
    nb = state.geo.neighbour(step.cell, action.direction)
    name = state.prisoners[step.who].name
    events.append(event("scramble", f"{name} scrambles to {state.geo.name(nb)}", "falling_onto", None, name))
    if state.tiles[nb] is None:
        return queue_placement(state, step.who, nb, "scramble", step.cell)
    return arrive(state, step.who, nb, events)


# -- keys ------------------------------------------------------------------------------


def key_pass_possible(state: GameState) -> bool:
    """Some key can change hands (or be taken from a key tile) right now."""
    return any(reason is None for _, reason in key_options(state))


def key_options(state: GameState) -> list[Option]:
    """Key passes involving the active prisoner, and taking a key tile's key."""
    out: list[Option] = []
    me = state.turn
    for a, pa in enumerate(state.prisoners):
        for b, pb in enumerate(state.prisoners):
            if a == b or me not in (a, b) or pa.cell is None or pb.cell is None:
                continue
            names = (pb.name,) if a == me else (pa.name, pb.name)
            if not pa.key:
                reason: str | None = f"{pa.name} holds no key"
            elif pb.key:
                reason = f"{pb.name} already holds a key (one each: the other hand holds the candle)"
            elif not are_adjacent_connected(state, a, b):
                reason = f"{pa.name} and {pb.name} are not on connected neighbouring tiles"
            else:
                reason = None
            out.append((Action("give", names=names), reason))
    out.append((Action("take"), _take_problem(state)))
    return out


def _take_problem(state: GameState) -> str | None:
    p = state.active
    tile = state.tiles[p.cell] if p.cell is not None else None
    if tile is None or tile.kind is not Kind.KEY:
        return f"{p.name} does not stand on a key tile"
    if tile.key_taken:
        return "this key tile's key has been taken (a key tile gives one key)"
    if p.key:
        return f"{p.name} already holds a key"
    return None


def _do_give(state: GameState, action: Action, events: list[Event]) -> GameState:
    names = action.names if len(action.names) == 2 else (state.active.name, action.names[0])
    a, b = state.prisoner_index(names[0]), state.prisoner_index(names[1])
    assert a is not None and b is not None
    state = state.with_prisoner(a, key=False).with_prisoner(b, key=True)
    events.append(event("give", f"{names[0]} passes its key to {names[1]}", "keys", None, names[0]))
    return state


def _do_take(state: GameState, action: Action, events: list[Event]) -> GameState:
    p = state.active
    assert p.cell is not None
    tile = state.tiles[p.cell]
    assert tile is not None
    state = state.with_prisoner(state.turn, key=True).with_tile(p.cell, tile._replace(key_taken=True))
    events.append(event("key", f"{p.name} takes the key of the key tile it stands on", "keys", None, p.name))
    return state


def _do_end(state: GameState, action: Action, events: list[Event]) -> GameState:
    """``end`` declines moving again, or closes a Final Flickers turn with nothing to discard."""
    if turn_of(state).front.name == FINAL:
        return _do_final(state, action, events)
    return _do_again(state, action, events)


def resolve(state: GameState, action: Action, events: list[Event]) -> GameState:
    """Apply a legal decision action (legality already checked)."""
    return _RESOLVE[action.verb](state, action, events)


_OPTIONS: dict[str, Callable[[GameState, Step], list[Option]]] = {
    MAIN: _main_options,
    EXTRA: _extra_options,
    AGAIN: _again_options,
    FINAL: final_options,
    PLACE: _place_options,
    LAND: _land_options,
    START: _start_options,
    SWAP: _swap_options,
    BLOCK: _block_options,
    FALL: _fall_options,
    SCRAMBLE: _scramble_options,
    BURN: lambda state, step: [],
    STAY_DRAW: lambda state, step: [],
}

_RESOLVE: dict[str, Callable[[GameState, Action, list[Event]], GameState]] = {
    "stay": _do_stay,
    "move": _do_move,
    "jump": _do_move,
    "charge": _do_move,
    "blind": _do_move,
    "again": _do_again,
    "end": _do_end,
    "discard": _do_final,
    "hold": _do_final,
    "place": _do_place,
    "land": _do_land,
    "start": _do_start,
    "swap": _do_swap,
    "block": _do_block,
    "noblock": _do_block,
    "fall": _do_fall,
    "scramble": _do_scramble,
    "give": _do_give,
    "take": _do_take,
}

__all__ = ["options", "resolve", "key_options", "final_options", "again_possible", "swap_targets", "arrive_land", "_win"]
