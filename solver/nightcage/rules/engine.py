"""The rules engine's public API: pure functions over an immutable :class:`GameState`.

Every position is a *decision* (someone chooses an action), a *chance* node (a
tile is drawn from a pile of unknown order) or *terminal* (won or lost). With
a known pile order there are no chance nodes: draws are simply the top tiles.

>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.model.newgame import new_game
>>> s = new_game(Setup(), ["red", "blue", "green", "yellow"])
>>> node_type(s), len(legal_actions(s))
(<NodeType.DECISION: 'decision'>, 144)
>>> s2, events = apply(s, parse_action("start c3 NE", 6))
>>> print(node_type(s2), [str(p) for _, p in chance_outcomes(s2)])
chance ['1/4', '1/2', '1/4']
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from solver.base.errors import IllegalActionError
from solver.nightcage.model import counts
from solver.nightcage.model.actions import Action, Verb, format_action, parse_action, sort_key
from solver.nightcage.model.rulebook import Event, section
from solver.nightcage.model.state import BURN, CHANCE, PLACE, STAY_DRAW, GameState
from solver.nightcage.model.tiles import TILE_TYPES
from solver.nightcage.rules.decisions import options, resolve
from solver.nightcage.rules.describe import decision_text
from solver.nightcage.rules.draws import burn_distribution, draw_distribution
from solver.nightcage.rules.outcome import Outcome, outcome
from solver.nightcage.rules.refusals import more_refusals, refusal_of
from solver.nightcage.rules.runner import open_turn, resolve_burn, resolve_draw, resolve_stay_draw, run

__all__ = [
    "apply",
    "apply_unchecked",
    "legal_actions",
    "candidates",
    "chance_outcomes",
    "node_type",
    "NodeType",
    "outcome",
    "Outcome",
    "current",
    "parse_action",
    "format_action",
]


def current(state: GameState) -> GameState:
    """The state with its turn opened: at a turn start, the first step is made explicit.

    Positions between turns (``pending`` None) and the same moment with the
    turn opened are the same position; the engine works on the opened form.
    """
    if state.pending is None and outcome(state) is None:
        return opened(state)[0]
    return state


def opened(state: GameState) -> tuple[GameState, list[Event]]:
    """A turn-start state with its turn begun, and what beginning it did (relighting,
    RULING-RELIGHT-AT-START). Kept on the state: it is asked for often."""
    cached = state.__dict__.get("_opened")
    if cached is None:
        events: list[Event] = []
        cached = state.__dict__["_opened"] = (open_turn(state, events), events)
    return cached[0], list(cached[1])


class NodeType(StrEnum):
    """What a position waits for: an action, a draw, or nothing (the game is over)."""

    DECISION = "decision"
    CHANCE = "chance"
    TERMINAL = "terminal"


_DECISION, _CHANCE, _TERMINAL = NodeType.DECISION, NodeType.CHANCE, NodeType.TERMINAL  # read often: module globals


def node_type(state: GameState) -> NodeType:
    """``decision``, ``chance`` or ``terminal``."""
    if outcome(state) is not None:
        return _TERMINAL
    step = current(state).pending.front  # type: ignore[union-attr]
    if step.name in CHANCE or (step.name == PLACE and step.hand is None):
        return _CHANCE
    return _DECISION


def candidates(state: GameState) -> list[tuple[Action, str | None]]:
    """Every candidate action of the decision awaited, with the reason each is refused."""
    if node_type(state) != "decision":
        return []
    opened_state = current(state)
    cands = options(opened_state) + more_refusals(opened_state)
    return sorted(cands, key=lambda c: sort_key(c[0], state.size))


def legal_actions(state: GameState) -> list[Action]:
    """The legal actions of the decision awaited, in a stable order (none at chance or end)."""
    if node_type(state) != "decision":
        return []
    legal = [action for action, reason in options(current(state)) if reason is None]
    return sorted(legal, key=lambda a: sort_key(a, state.size))


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    """The draws that may come next, as ``draw T`` or ``burn T…`` actions, with exact odds."""
    if node_type(state) != "chance":
        return []
    state = current(state)
    step = state.pending.front  # type: ignore[union-attr]
    if step.name == BURN:
        return [(_burn_action(drawn), p) for drawn, p in burn_distribution(state.pile, step.count)]
    dist = draw_distribution(state.pile)
    if step.name == STAY_DRAW:
        return [(Action(Verb.BURN, types=(t,)), p) for t, p in dist]
    return [(Action(Verb.DRAW, tile_type=t), p) for t, p in dist]


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply one action (a decision, or a draw at a chance node); return the new state and the log.

    Raises :class:`IllegalActionError` with the reason and the legal actions.
    """
    events: list[Event] = []
    if state.pending is None and outcome(state) is None:
        state, events = opened(state)
    text = format_action(action, state.size)
    over = outcome(state)
    if over is not None:
        raise IllegalActionError(text, f"the game is over ({over.result}: {over.reason})")
    action = _normalise(state, action)
    if node_type(state) == "chance":
        state = _apply_chance(state, action, text, events)
    else:
        reason = _refusal(state, action)
        if reason is not None:
            raise IllegalActionError(text, reason, [format_action(a, state.size) for a in legal_actions(state)])
        state = resolve(state, action, events)
    return run(state, events), events


def apply_unchecked(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """:func:`apply` for a decision action the caller knows is legal (it came from
    :func:`legal_actions` on this very state): the legality check is skipped."""
    events: list[Event] = []
    if state.pending is None and outcome(state) is None:
        state, events = opened(state)
    return run(resolve(state, _normalise(state, action), events), events), events


def _apply_chance(state: GameState, action: Action, text: str, events: list[Event]) -> GameState:
    possible = chance_outcomes(state)
    wanted = _chance_key(action)
    if not any(_chance_key(a) == wanted for a, _ in possible):
        legal = [format_action(a, state.size) for a, _ in possible]
        if possible and possible[0][0].verb != action.verb:
            step = state.pending.front  # type: ignore[union-attr]
            raise IllegalActionError(text, f"not the draw of this moment: {describe_decision(state, step.name)}", legal)
        raise IllegalActionError(text, "the pile cannot give that draw now", legal)
    step = state.pending.front  # type: ignore[union-attr]
    if step.name == BURN:
        return resolve_burn(state, counts.counts_of(action.types), events)
    if step.name == STAY_DRAW:
        return resolve_stay_draw(state, action.types[0], events)
    assert action.tile_type is not None
    return resolve_draw(state, action.tile_type, events)


def _chance_key(action: Action) -> tuple[str, object]:
    if action.verb == Verb.BURN:
        return ("burn", counts.counts_of(action.types))
    return (action.verb, action.tile_type)


def _burn_action(drawn: counts.Counts) -> Action:
    types = tuple(t for t, n in zip(TILE_TYPES, drawn) for _ in range(n))
    return Action(Verb.BURN, types=types)


def _normalise(state: GameState, action: Action) -> Action:
    """Canonical forms: ``block`` names the active prisoner; ``give A B`` with A active is ``give B``."""
    if action.verb == Verb.BLOCK and not action.names:
        return action._replace(names=(state.active.name,))
    if action.verb == Verb.GIVE and len(action.names) == 2 and action.names[0] == state.active.name:
        return action._replace(names=(action.names[1],))
    return action


def _refusal(state: GameState, action: Action) -> str | None:
    """None if the action is legal, else the reason it is refused."""
    for cand, reason in options(state):
        if cand == action:
            return reason
    for cand, reason in more_refusals(state):
        if cand == action:
            return reason
    reason = refusal_of(state, action)
    if reason is not None:
        return reason
    step = state.pending.front  # type: ignore[union-attr]
    if action.verb in (Verb.BLOCK, Verb.NOBLOCK):
        return (
            f"no hit awaits a Block now: a Block is chosen as the hits are taken, and hits no one can Block "
            f"(a keeper's ranged hit, a pathless's attack, a prisoner with no Nerve it may spend, an empty pile) "
            f"are taken at once ({section('block')}); "
            f"now: {describe_decision(state, step.name)}"
        )
    return f"not a choice at this moment: {describe_decision(state, step.name)}"


def describe_decision(state: GameState, name: str) -> str:
    return decision_text(state, name)


def awaits(state: GameState) -> str:
    """What the position waits for, or how the game ended."""
    over = outcome(state)
    if over is not None:
        return f"the game is over: {over.result} ({over.reason})"
    return decision_text(current(state))
