"""States given to prisoners and enemies (p. 11): immunity, Burning's second token, and where a Frozen token lands.

Functions over an :class:`~solver.deadcells.rules.effects.Effects`, the step's
changes, like its own methods (kept apart for the size of that class).
"""

from __future__ import annotations

from dataclasses import replace

from solver.deadcells.model.state import Actor, Enemy, Prisoner
from solver.deadcells.model.vocabulary import STATE_INDEX, Round, StateKind
from solver.deadcells.rules.board import Target, line_of, name_of, rank, stage
from solver.deadcells.rules.effects import Effects


def _plus(states: tuple[int, ...], kind: StateKind, n: int = 1) -> tuple[int, ...]:
    i = STATE_INDEX[kind]
    return states[:i] + (states[i] + n,) + states[i + 1:]


def assign_state(effects: Effects, target: Target, kind: StateKind) -> None:
    """A state token given to ``target`` (p. 11): not to an immune holder; a second Burning token eliminates."""
    if effects.halted:
        return
    c = effects.combat
    who = name_of(c, target)
    holder: Prisoner | Enemy | None = c.prisoners[target.seat] if target.kind == "prisoner" else c.enemies[target.space]
    if holder is None or (isinstance(holder, Prisoner) and holder.dead):
        return
    immune = holder.immunities if isinstance(holder, Prisoner) else stage(c, holder).immunities
    if kind in immune:
        effects.log.add("immune", f"{who} is immune to {kind.value}: the token is not assigned", "immunity")
        return
    if kind is StateKind.FROZEN:
        _freeze(effects, target, holder)
        return
    states = _plus(holder.states, kind)
    if isinstance(holder, Prisoner):
        effects.combat = c.with_prisoner(target.seat, replace(holder, states=states))
    else:
        effects.combat = c.with_enemy(target.space, replace(holder, states=states))
    count = states[STATE_INDEX[kind]]
    effects.log.add("state", f"{who} is {kind.value} ({count} token{'s' * (count > 1)})", kind.value)
    if kind is StateKind.BURNING and count >= 2:
        effects.log.add("burning", f"{who} receives a second Burning token", "burning")
        effects.eliminate(target, "burning")


def _freeze(effects: Effects, target: Target, holder: Prisoner | Enemy) -> None:
    """Frozen lands on the next line I-III holding an action (p. 11), by DC-FROZEN-CURRENT, -STACK, -NONE."""
    c = effects.combat
    rulings = c.rulings
    who = name_of(c, target)
    if isinstance(holder, Prisoner):
        if not holder.played:
            effects.log.add("frozen", f"{who} has no card in play: Frozen has no effect", "frozen")
            return
        actor = Actor("card", target.seat, 0)
        frozen = holder.frozen[0]
    else:
        actor = Actor("enemy", -1, target.space)
        frozen = holder.frozen
    now = max(c.round, 0)
    not_acted = rank(c, actor) > c.turn
    start = now if (rulings.frozen_current and not_acted and now >= Round.I) else now + 1
    start = max(start, int(Round.I))
    lines = [r for r in range(start, int(Round.III) + 1) if line_of(c, actor, r)]
    ruling_current = "DC-FROZEN-CURRENT" if not_acted and Round.I <= now <= Round.III else None
    if rulings.frozen_stack:
        free = [r for r in lines if r not in frozen]
        chosen = free[0] if free else None
    else:
        chosen = lines[0] if lines else None
        if chosen is not None and chosen in frozen:
            effects.log.add("frozen", f"{who}'s line {Round(chosen).label} is frozen already: the token is wasted",
                         "frozen", "DC-FROZEN-STACK")
            return
    if chosen is None and not rulings.frozen_none and actor.kind == "enemy" and line_of(c, actor, Round.IV) \
            and Round.IV not in frozen:
        chosen = int(Round.IV)
        effects.log.add("frozen", f"{who} has no line I-III left with an action: its round IV is frozen", "frozen",
                     "DC-FROZEN-NONE")
    if chosen is None:
        effects.log.add("frozen", f"{who} has no line left with an action: Frozen has no effect", "frozen",
                     "DC-FROZEN-NONE")
        return
    if isinstance(holder, Prisoner):
        frozen_lines = (holder.frozen[0] | {chosen},) + holder.frozen[1:]
        effects.combat = c.with_prisoner(target.seat, replace(holder, frozen=frozen_lines))
        where = f"{who}'s first card" if len(holder.played) > 1 else f"{who}'s card"
        effects.log.add("frozen", f"{where}: Frozen on line {Round(chosen).label}", "first_card" if len(holder.played) > 1
                     else "frozen", ruling_current)
    else:
        effects.combat = c.with_enemy(target.space, replace(holder, frozen=holder.frozen | {chosen}))
        effects.log.add("frozen", f"{who}: Frozen on line {Round(chosen).label}", "frozen", ruling_current)
