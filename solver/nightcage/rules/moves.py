"""The main action and what closes a turn: stay, move, jump, charge, blind steps,
moving again, and the Final Flickers discard or hold.

Each decision has an ``*_options`` function listing every candidate with the
reason it is refused (None when legal), and a ``_do_*`` function applying it.
"""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.grid import DIR_LETTER, DIR_NAME, DIRECTIONS, OPPOSITE
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.rulings import FLICKERS_OCCUPIED, KEEPER_KEY_TILE
from solver.nightcage.model.state import AGAIN, COLLAPSE, END_TURN, EXTRA, FALL, FINAL, LIGHT, STAY_DRAW, GameState, Step
from solver.nightcage.model.tiles import Kind
from solver.nightcage.rules.attacks import Trigger, collapse, complete_move, origin_watchers, queue_placement, start_attack
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.steps import discard_board_tile, gain_nerve, pop, push, spend, spend_problem, turn_of

# -- the main action -------------------------------------------------------------


_MOVING = (Verb.MOVE, Verb.JUMP, Verb.CHARGE, Verb.BLIND)
"""The main action's ways to leave a cell, in the order candidates are listed."""
_STEPPING = (Verb.MOVE, Verb.JUMP, Verb.BLIND)
"""The ways a Lights Out prisoner could leave its cell without Nerve (a free stay needs none of them)."""


def _main_options(state: GameState, step: Step) -> list[Option]:
    out: list[Option] = []
    for d in DIRECTIONS:
        for verb in _MOVING:
            out.append((Action(verb, direction=d), move_problem(state, step.who, d, verb)))
    out.append((Action(Verb.STAY), _stay_problem(state, step.who)))
    return out


def _extra_options(state: GameState, step: Step) -> list[Option]:
    return [opt for opt in _main_options(state, step) if opt[0].verb != Verb.STAY]


def move_problem(state: GameState, who: int, d: int, verb: Verb) -> str | None:
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
        if p.key and not state.rulings.keeper_key_tile:
            return f"{p.name} already holds a key and cannot take the keeper's ({KEEPER_KEY_TILE})"
        return None
    if target.is_monster:
        return f"{where} holds a {target.describe()}: entering it needs a Charge (1 Nerve)"
    occupants = [i for i in state.occupants(nb) if i != who]
    if occupants and target.kind is not Kind.GATE:
        return f"{where} holds {state.prisoners[occupants[0]].name}; only a gate holds several prisoners"
    return None


def _stay_problem(state: GameState, who: int) -> str | None:
    p = state.prisoners[who]
    if p.lit:
        return None
    problem = spend_problem(state, who)
    if problem is None or _stay_is_free(state, who):
        return None
    return f"a Lights Out prisoner must move; staying costs 1 Nerve ({problem})"


def _stay_is_free(state: GameState, who: int) -> bool:
    """A Lights Out prisoner stays for free only when it cannot pay 1 Nerve and has no
    move, jump or blind step at all (§8.6 amended: with Nerve the paid stay is its only stay)."""
    if spend_problem(state, who) is None:
        return False
    for d in DIRECTIONS:
        for verb in _STEPPING:
            if move_problem(state, who, d, verb) is None:
                return False
    return True


def _do_stay(state: GameState, action: Action, events: list[Event]) -> GameState:
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


def perform_move(state: GameState, who: int, d: int, verb: Verb, events: list[Event]) -> GameState:
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
        target = state.tiles[dest]
        # A prisoner holding a key may enter a keeper from behind (RULING-KEEPER-KEY-TILE).
        keyed_entry = KEEPER_KEY_TILE if p.key and target is not None and target.kind is Kind.KEEPER else None
        events.append(event("move", f"{p.name} moves {way}", "move", keyed_entry, p.name))
    state = push(state, Step(LIGHT))
    return complete_move(state, who, origin, dest, trig, events, verb)


# -- moving again, Final Flickers ---------------------------------------------------


def again_possible(state: GameState) -> bool:
    return any(reason is None for action, reason in _again_options(state, turn_of(state).front) if action.verb == Verb.AGAIN)


def _again_options(state: GameState, step: Step) -> list[Option]:
    who = state.turn
    problem = spend_problem(state, who)
    if problem is None:
        paid = spend(state, who)
        if not any(reason is None for _, reason in _extra_options(paid, Step(EXTRA, who))):
            problem = "no move would be possible"
    return [(Action(Verb.AGAIN), problem), (Action(Verb.END), None)]


def _do_again(state: GameState, action: Action, events: list[Event]) -> GameState:
    who = state.turn
    state = pop(state)
    if action.verb == Verb.END:
        return state
    state = spend(state, who)
    events.append(event("again", f"{state.active.name} spends 1 Nerve to move again", "again", None, state.active.name))
    return push(state, Step(EXTRA, who))


def final_options(state: GameState, step: Step | None = None) -> list[Option]:
    """``discard X`` or ``hold``; and ``end`` only when neither is possible (keys may still pass)."""
    out = _discard_or_hold(state)
    stuck = all(reason is not None for _, reason in out)
    out.append((Action(Verb.END), None if stuck else "the Final Flickers end of turn is a discard or hold the light"))
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
        elif state.occupants(cell) and not state.rulings.flickers_occupied:
            reason = f"{where} holds a prisoner ({FLICKERS_OCCUPIED})"
        else:
            reason = None
        out.append((Action(Verb.DISCARD, cell=cell), reason))
    out.append((Action(Verb.HOLD), spend_problem(state, state.turn, holding=True)))
    return out


def _do_final(state: GameState, action: Action, events: list[Event]) -> GameState:
    who = state.turn
    name = state.active.name
    state = pop(state)
    if action.verb == Verb.END:
        events.append(event("final_nothing", "no tile can be discarded and the light cannot be held", "final"))
        return state
    if action.verb == Verb.HOLD:
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
        events.append(event("fall", text, "final", FLICKERS_OCCUPIED, state.prisoners[i].name))
    return state
