"""The turn planner: the most VP the player to move can be sure of this turn, and the actions that score them.

A depth-first search over the player's actions this turn (its AP, and the
samurai's free melee), remembering positions met before, with the engine's
own actions but two kinds:

- a combat is played only when its result is certain: the attacker has a play
  that beats every play the defender may make, whatever the powers (the
  berserker's second card, a telepath's named card, a weapon master's look);
  it plays the cheapest such play, and the defender its lowest card (keeping
  its best for the combats that follow, the worst case for the planner);
- a room is not revealed (where its cards go is partly the opponent's choice).

A bound cuts the search: the VP still possible (each own character's way out,
each enemy that can die this turn) can never exceed what is left. The plan
found is replayed through the engine before it is returned.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solver.base.errors import IllegalActionError, LimitReached, LueurError
from solver.dungeontwister.analysis.reach import GEOMETRY_NOTE
from solver.dungeontwister.model.catalogue import Ability, ObjectKind
from solver.dungeontwister.model.events import Illegal
from solver.dungeontwister.model.state import Place, Position
from solver.dungeontwister.rules import engine
from solver.dungeontwister.rules.actions import COMBATS, Action, Verb, format_action
from solver.dungeontwister.rules.duel import Outcome, Play, branches, outcome
from solver.dungeontwister.rules.engagement import CombatKind, Weapon, engage

DEFAULT_MAX_NODES = 100_000
ASSUMPTIONS = ("a combat counts only when its result is certain; the defender then plays its lowest card",
               "no room is revealed (the opponent places part of its cards)")


@dataclass(frozen=True)
class TurnPlan:
    player: str
    vp: int
    """The most VP sure to be scored this turn."""
    plan: tuple[str, ...]
    nodes: int

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "vp": self.vp, "plan": list(self.plan), "nodes": self.nodes,
                "assumptions": list(ASSUMPTIONS), "geometry": GEOMETRY_NOTE}


def certain_plays(position: Position, action: Action) -> list[Action]:
    """The ways to play a combat whose result is certain: an attacker's win (with its cheapest play, the defender's
    lowest), each named card a telepath of the attacker may name; none when the defender can avoid losing."""
    kind = {Verb.ATTACK: CombatKind.MELEE, Verb.LANCE: CombatKind.LANCE, Verb.SHOOT: CombatKind.RANGED}[action.verb]
    weapon = action.option("with")
    try:
        engagement = engage(position, kind, action.actor, action.target, Weapon(weapon) if weapon else None)
    except Illegal:
        return []
    duel = engagement.duel(position).normal()
    found: list[Action] = []
    for group in branches(duel):
        wins = []
        for branch in group:
            winning = [a for a in branch.attacker_plays
                       if all(outcome(duel, a, d) is Outcome.ATTACKER for d in branch.defender_plays)]
            wins.append((branch, min(winning, key=lambda a: (sum(a), len(a), a)) if winning else None))
        if group[0].namer == "defender":  # every value the defender's telepath may name must leave a sure win
            sure = [(branch, play) for branch, play in wins if play is not None]
            if len(sure) == len(wins):
                found.append(_with_cards(action, sure[0][1], _lowest(sure[0][0].defender_plays), None))
            continue
        found += [_with_cards(action, play, _lowest(branch.defender_plays), branch.named) for branch, play in wins
                  if play is not None]
    return found


def _lowest(plays: tuple[Play, ...]) -> Play:
    return min(plays, key=lambda p: (sum(p), p))


def _with_cards(action: Action, attacker: Play, defender: Play, named: int | None) -> Action:
    cards = f"{'+'.join(map(str, attacker))}/{'+'.join(map(str, defender))}"
    action = action.with_option("cards", cards)
    return action.with_option("name", str(named)) if named is not None else action


class _Planner:
    def __init__(self, max_nodes: int) -> None:
        self.memo: dict[Position, tuple[int, tuple[str, ...]]] = {}
        self.max_nodes = max_nodes

    def actions(self, position: Position) -> Iterator[Action]:
        for action in engine.legal_actions(position):
            if action.verb in (Verb.END, Verb.REVEAL):
                continue
            if action.verb in COMBATS:
                yield from certain_plays(position, action)
            else:
                yield action

    def best(self, position: Position) -> tuple[int, tuple[str, ...]]:
        """The most VP sure from here to the turn's end, and the actions."""
        known = self.memo.get(position)
        if known is not None:
            return known
        if len(self.memo) >= self.max_nodes:
            raise LimitReached(f"the turn search met {self.max_nodes:,} positions without finishing (max_nodes)")
        mover = position.to_move
        answer: tuple[int, tuple[str, ...]] = (0, ())
        if position.winner < 0 and _potential(position) > 0:
            for action in self.actions(position):
                try:
                    after, _ = engine.apply(position, action)
                except LueurError:
                    continue
                gained = after.players[mover].vp - position.players[mover].vp
                rest, more = self.best(after) if after.winner < 0 else (0, ())
                # The most VP; among equals, the fewest actions.
                if (gained + rest, -len(more) - 1) > (answer[0], -len(answer[1])) and gained + rest > 0:
                    answer = (gained + rest, (format_action(action), *more))
        self.memo[position] = answer
        return answer


def _potential(position: Position) -> int:
    """At most this many more VP this turn: every own character that may still get out (its treasure too), every
    enemy that may still die (the wounded, or any with an assassin or a fireball at hand), the paladin's bonus."""
    mover = position.to_move
    own = [c for c in position.characters if c.owner == mover and c.active]
    if position.players[mover].ap == 0 and not any(c.has(Ability.SEASONED) and not c.free_melee for c in own):
        return 0
    escapes = 0
    if position.board.start_zones_of(1 - mover):
        goblin = 2 if position.rulings.goblin_total else 3
        escapes = sum(goblin if c.has(Ability.LOST_CAUSE) else 1 for c in own)
        escapes += sum(1 for i in position.items if i.kind is ObjectKind.TREASURE and i.place in (Place.ZONE, Place.CARRIED))
    killers = any(c.has(Ability.DEADLY_BLOW) for c in own) or any(
        position.carries(c, ObjectKind.FIREBALL_SCROLL) and c.has(Ability.SPELLCASTER) for c in own)
    enemies = [c for c in position.characters if c.owner != mover and c.on_board]
    victims = enemies if killers else [c for c in enemies if c.wounded and not c.wounded_this_turn]
    bonus = sum(1 for c in victims if c.card.undead) if any(c.has(Ability.UNDEAD_HUNTER) for c in own) else 0
    return escapes + len(victims) + bonus


def plan_turn(position: Position, max_nodes: int = DEFAULT_MAX_NODES) -> TurnPlan:
    """The most VP the player to move is sure to score this turn (see the module doc)."""
    planner = _Planner(max_nodes)
    vp, plan = planner.best(position)
    replayed = position
    for text in plan:
        try:
            replayed, _ = engine.apply(replayed, text)
        except IllegalActionError as exc:
            raise RuntimeError(f"the engine refuses the planned step {text!r}: {exc}") from None
    mover = position.to_move
    if replayed.players[mover].vp - position.players[mover].vp != vp:
        raise RuntimeError("the plan replayed does not score what the search found")
    return TurnPlan(position.players[mover].name, vp, plan, len(planner.memo))
