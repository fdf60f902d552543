"""Adjudication: apply actions written in the text notation and explain every step.

On top of :func:`solver.nightcage.rules.engine.apply` this layer reads the notation the way
players and plans write it:

* optional decisions left unanswered are declined when the next action belongs
  to a later decision (a plan's ``["move N", "discard e2"]`` declines
  ``again``; an action other than ``block`` declines the remaining Blocks);
* with an unknown pile order, ``place c5 t:NES`` is the draw *and* the
  placement; ``burn …`` names what a stay or an attack burnt;
* with a known order, draws and burns happen by themselves.

It also replays the actions under the other reading of every ruling and
reports the rulings the result depends on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from solver.base.errors import IllegalActionError, LueurError
from solver.nightcage.model.actions import Action, Verb, format_action, parse_action
from solver.nightcage.model.rulebook import Event
from solver.nightcage.model.rulings import BOOLEAN_RULINGS
from solver.nightcage.model.rulings import BOOLEAN_RULINGS as _RULINGS
from solver.nightcage.model.state import AGAIN, BLOCK, PLACE, GameState
from solver.nightcage.rules.engine import apply, chance_outcomes, current, legal_actions, node_type
from solver.nightcage.rules.outcome import Outcome, outcome


@dataclass(frozen=True)
class Step:
    """One action as applied, and what it caused."""

    action: str
    events: tuple[Event, ...]
    implicit: bool = False
    """Added by the adjudicator (a declined optional decision, a draw named by ``place``)."""


@dataclass(frozen=True)
class Refusal:
    action: str
    reason: str
    legal: tuple[str, ...]


@dataclass(frozen=True)
class Alternative:
    """The result under the other reading of one ruling."""

    ruling: str
    reading: str
    state: GameState
    """Where the actions lead under that reading (up to a refusal, if one comes)."""
    outcome: Outcome | None
    refused: Refusal | None
    compared: GameState
    """The main result at the same point (after as many of the given actions), to compare with."""


@dataclass
class Adjudication:
    start: GameState
    state: GameState
    steps: list[Step] = field(default_factory=list)
    refused: Refusal | None = None
    alternatives: list[Alternative] = field(default_factory=list)
    history: list[GameState] = field(default_factory=list)
    """The position after each given action applied (the start first)."""

    @property
    def outcome(self) -> Outcome | None:
        return outcome(self.state)

    @property
    def events(self) -> list[Event]:
        return [e for s in self.steps for e in s.events]


def play(state: GameState, texts: list[str]) -> Adjudication:
    """Apply actions in text notation; stop at the first refused one."""
    result = Adjudication(start=state, state=state, history=[state])
    for text in texts:
        try:
            action = parse_action(text, state.size)
            state = _play_one(state, action, text, result.steps)
        except IllegalActionError as exc:
            result.refused = Refusal(text, exc.reason, tuple(exc.legal))
            break
        except LueurError as exc:
            result.refused = Refusal(text, str(exc), tuple(_legal_texts(state)))
            break
        result.state = state
        result.history.append(state)
    result.state = state
    return result


def adjudicate(state: GameState, texts: list[str]) -> Adjudication:
    """:func:`play`, plus the outcome under the other reading of each ruling it depends on."""
    result = play(state, texts)
    for rid in BOOLEAN_RULINGS:
        flipped = replace(state, rulings=state.rulings.flipped(rid))
        flipped = replace(flipped, setup=replace(flipped.setup, rulings=flipped.rulings))
        other = play(flipped, texts)
        if _same(result, other):
            continue
        reading = _RULINGS[rid][1 if state.rulings.value(rid) else 0]
        compared = result.history[min(len(other.history), len(result.history)) - 1]
        result.alternatives.append(Alternative(rid, reading, other.state, other.outcome, other.refused, compared))
    return result


def _same(a: Adjudication, b: Adjudication) -> bool:
    if (a.refused is None) != (b.refused is None):
        return False
    if a.refused and b.refused and (a.refused.action, a.refused.reason) != (b.refused.action, b.refused.reason):
        return False
    normal = replace(b.state, rulings=a.state.rulings, setup=a.state.setup)
    return normal == a.state


def _play_one(state: GameState, action: Action, text: str, log: list[Step]) -> GameState:
    if outcome(state) is not None:
        raise IllegalActionError(text, f"the game is over ({outcome(state).result})")  # type: ignore[union-attr]
    kind = node_type(state)
    if kind == "chance":
        return _at_chance(state, action, text, log)
    front = current(state).pending.front  # type: ignore[union-attr]
    if action in legal_actions(state) or action.verb in (Verb.BLOCK, Verb.GIVE):
        return _apply(state, action, log)
    if front.name == AGAIN and action.verb not in (Verb.AGAIN, Verb.END, Verb.GIVE, Verb.TAKE):
        state = _apply(state, Action(Verb.END), log, implicit=True)
        return _play_one(state, action, text, log)
    if front.name == BLOCK and action.verb not in (Verb.BLOCK, Verb.NOBLOCK):
        state = _apply(state, Action(Verb.NOBLOCK), log, implicit=True)
        return _play_one(state, action, text, log)
    if action.verb in (Verb.BURN, Verb.DRAW):
        raise IllegalActionError(text, "no tile is being drawn now" + _known_order_note(state), _legal_texts(state))
    if front.name == PLACE and action.verb == Verb.PLACE and front.hand is not None and action.tile_type != front.hand:
        reason = f"the tile drawn is a {front.hand.value}" + _known_order_note(state)
        raise IllegalActionError(text, reason, _legal_texts(state))
    return _apply(state, action, log)  # refused by the engine, with its reason


def _at_chance(state: GameState, action: Action, text: str, log: list[Step]) -> GameState:
    front = current(state).pending.front  # type: ignore[union-attr]
    if action.verb in (Verb.BURN, Verb.DRAW):
        return _apply(state, action, log)
    if action.verb == Verb.PLACE and front.name == PLACE and action.tile_type is not None:
        state = _apply(state, Action(Verb.DRAW, tile_type=action.tile_type), log, implicit=True)
        return _apply(state, action, log)
    outcomes = ", ".join(format_action(a, state.size) for a, _ in chance_outcomes(state)[:8])
    raise IllegalActionError(
        text,
        "a tile must be drawn first and the pile's order is unknown: say what was drawn "
        f"('place <cell> <type>:<openings>' for a placement, 'burn <types>' for a discard; possible: {outcomes}…)",
        [],
    )


def _apply(state: GameState, action: Action, log: list[Step], implicit: bool = False) -> GameState:
    state, events = apply(state, action)
    log.append(Step(format_action(action, state.size), tuple(events), implicit))
    return state


def _known_order_note(state: GameState) -> str:
    return " (the pile's order is known: draws and burns happen by themselves)" if state.pile.known else ""


def _legal_texts(state: GameState) -> list[str]:
    try:
        return [format_action(a, state.size) for a in legal_actions(state)]
    except LueurError:
        return []
