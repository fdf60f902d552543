"""Keys: passing them between connected neighbours, taking a key tile's key (rules §5, §8.1, §8.3)."""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Option, Verb
from solver.nightcage.model.rulebook import Event, event
from solver.nightcage.model.rulings import KEEPER_KEY_TILE
from solver.nightcage.model.state import SCRAMBLE, GameState, Step
from solver.nightcage.model.tiles import Kind
from solver.nightcage.rules.attacks import keeper_key
from solver.nightcage.rules.lighting import are_adjacent_connected

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
            out.append((Action(Verb.GIVE, names=names), reason))
    out.append((Action(Verb.TAKE), _take_problem(state)))
    return out


def on_keeper(state: GameState, step: Step) -> bool:
    """The scramble off a keeper that still holds its key, by the active prisoner: keys may pass
    first, and the keeper's key be taken, as on a key tile (RULING-KEEPER-KEY-TILE, 6.5)."""
    if step.name != SCRAMBLE or step.who != state.turn or not state.rulings.keeper_key_tile:
        return False
    tile = state.tiles[step.cell]
    return tile is not None and tile.kind is Kind.KEEPER and state.active.cell == step.cell


def _take_problem(state: GameState) -> str | None:
    p = state.active
    tile = state.tiles[p.cell] if p.cell is not None else None
    if tile is not None and tile.kind is Kind.KEEPER:
        # Standing on a keeper happens only before the scramble off it (on_keeper).
        if not state.rulings.keeper_key_tile:
            return f"no key passes while on a keeper ({KEEPER_KEY_TILE})"
        return f"{p.name} already holds a key" if p.key else None
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
    if tile.kind is Kind.KEEPER:  # the keeper becomes a pit; the scramble off it follows
        return keeper_key(state, state.turn, p.cell, events, KEEPER_KEY_TILE)
    state = state.with_prisoner(state.turn, key=True).with_tile(p.cell, tile._replace(key_taken=True))
    events.append(event("key", f"{p.name} takes the key of the key tile it stands on", "keys", None, p.name))
    return state
