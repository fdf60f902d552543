"""An actor's turn and its actions: what each verb does, and the choices it leaves to the group.

Every action on a card must be carried out if possible (p. 11), so a choice
is offered only where the rules leave one: which enemies in range a prisoner
strikes, which prisoner (or companion) an enemy's damage goes to (the group
chooses, the First Player having the last word), what a loot takes, whom a
heal or a potion helps, which skill a skill action activates (never
mandatory), which timed item a card uses.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from solver.deadcells.model.cards import Action
from solver.deadcells.model.state import Actor, Combat, Step, StepKind
from solver.deadcells.model.vocabulary import LOOT_INDEX, LOOT_KINDS, SPACES, TIMED, EquipmentKind, LootKind, Round, Verb
from solver.deadcells.rules.awaiting import Awaiting
from solver.deadcells.rules.board import (
    Target,
    choice_word,
    enemies_in_reach,
    enemy_card,
    group_order,
    items_of,
    line_of,
    played_card,
    rank,
    recipients,
    requirement_met,
    stage,
    taking_part,
)
from solver.deadcells.rules.effects import Effects
from solver.deadcells.rules.events import Log
from solver.deadcells.rules.states import assign_state

PRISONER_SIDE = ("card", "round0", "power", "item", "skill")


def _push(combat: Combat, steps: list[Step]) -> Combat:
    return combat.but(pending=tuple(steps) + combat.pending)


def _actions(step_round: int, actor: Actor, line: tuple[Action, ...], source: str) -> list[Step]:
    return [Step(StepKind.ACTION, step_round, actor, action, source) for action in line]


def _who(combat: Combat, actor: Actor) -> str:
    if actor.kind == "enemy":
        enemy = combat.enemies[actor.slot]
        label = SPACES[actor.slot].value
        return f"{stage(combat, enemy).name} ({label})" if enemy is not None else label
    return combat.prisoners[actor.seat].name


# -- an actor's turn ---------------------------------------------------------------------------------------------


def run_actor(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    """The actor's line for the round: skipped if absent, eliminated or frozen; else its actions queued."""
    actor, r = step.actor, step.round
    assert actor is not None
    if actor.kind == "enemy":
        enemy = combat.enemies[actor.slot]
        if enemy is None:
            return combat
        combat = combat.but(turn=rank(combat, actor))
        who = _who(combat, actor)
        if r in enemy.frozen:
            log.add("frozen", f"{who} is frozen: it resolves nothing in round {Round(r).label}", "frozen_effect")
            return combat.but(enemies=combat.enemies[:actor.slot] + (replace(enemy, frozen=enemy.frozen - {r}),)
                           + combat.enemies[actor.slot + 1:])
        line = stage(combat, enemy).lines[r]
        if not line:
            log.add("nothing", f"{who} has no action in round {Round(r).label}", "golden_rule")
            return combat
        return _push(combat, _actions(r, actor, line, enemy.card))
    prisoner = combat.prisoners[actor.seat]
    if prisoner.dead:
        return combat
    combat = combat.but(turn=rank(combat, actor))
    if actor.kind == "round0":
        log.add("round0", f"{prisoner.name}'s board: round 0 actions", "round0")
        return _push(combat, _actions(r, actor, prisoner.round0, "board"))
    if actor.kind == "power":
        power = prisoner.powers[prisoner.power]
        if prisoner.frozen and r in prisoner.frozen[0]:
            log.add("frozen", f"{prisoner.name} is frozen: her power does nothing in round {Round(r).label}",
                    "frozen_effect", "DC-FROZEN-WHOLE-TURN")
            return combat
        log.add("power", f"{prisoner.name}'s power ({power.symbol.value}) in round {Round(r).label}", "serenade_power",
                "DC-PLUS-AFTER")
        return _push(combat, _actions(r, actor, power.actions, "power"))
    card = played_card(combat, actor.seat, actor.slot)
    if r in prisoner.frozen[actor.slot]:
        log.add("frozen", f"{prisoner.name}'s card {card.name} is frozen: nothing in round {Round(r).label}",
                "frozen_effect", "DC-FROZEN-WHOLE-TURN")
        return combat
    if usable_timed(combat, actor, r):
        return _push(combat, [Step(StepKind.TIMED, r, actor, source=card.ident)])
    line = card.line(Round(r))
    if not line:
        if r != Round.ZERO:
            log.add("nothing", f"{prisoner.name} ({card.name}) has no action in round {Round(r).label}", "golden_rule")
        return combat
    return _push(combat, _actions(r, actor, line, card.ident))


def usable_timed(combat: Combat, actor: Actor, r: int) -> list[str]:
    """The timed items the card may use this round: one item per card, never one item twice a round (p. 12)."""
    prisoner = combat.prisoners[actor.seat]
    line = played_card(combat, actor.seat, actor.slot).line(Round(r))
    if not line and not combat.rulings.timed_empty_line:
        return []
    found = []
    for kind in TIMED:
        for item in items_of(combat, prisoner, kind):
            if item.round == r and (actor.seat, item.ident) not in combat.used_items and requirement_met(combat, prisoner, item):
                found.append(item.ident)
    return sorted(set(found))


def timed_awaiting(combat: Combat, step: Step) -> Awaiting:
    assert step.actor is not None
    items = usable_timed(combat, step.actor, step.round)
    who = combat.prisoners[step.actor.seat].name
    card = played_card(combat, step.actor.seat, step.actor.slot).name
    return Awaiting("decision", f"{who}: use a timed item with {card} in round {Round(step.round).label}?",
                    tuple(f"item {i}" for i in items) + ("item none",), cite="timed_once")


def run_timed(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    actor, r = step.actor, step.round
    assert actor is not None and choice is not None
    prisoner = combat.prisoners[actor.seat]
    card = played_card(combat, actor.seat, actor.slot)
    line = card.line(Round(r))
    ident = choice.split()[1]
    if ident == "none":
        if not line:
            log.add("nothing", f"{prisoner.name} ({card.name}) has no action in round {Round(r).label}", "golden_rule")
        return _push(combat, _actions(r, actor, line, card.ident))
    item = combat.cards.equipment[ident]
    combat = combat.but(used_items=combat.used_items | {(actor.seat, ident)})
    ruling = None if line else "DC-TIMED-EMPTY-LINE"
    if item.kind is EquipmentKind.REPLACE:
        log.add("timed", f"{prisoner.name} uses {item.name} instead of the card's round {Round(r).label} actions",
                "timed_replace", ruling)
        return _push(combat, _actions(r, actor, item.actions, ident))
    log.add("timed", f"{prisoner.name} adds {item.name} to the card's round {Round(r).label} actions", "timed_add",
            ruling or "DC-PLUS-AFTER")
    return _push(combat, _actions(r, actor, line, card.ident) + _actions(r, actor, item.actions, ident))


# -- one action ---------------------------------------------------------------------------------------------------


def _prisoner_targets(combat: Combat, step: Step) -> list[int] | None:
    """The enemy spaces struck when there is no choice (None when the group must choose)."""
    action = step.action
    assert action is not None
    if step.extra and step.extra[0] == "at":
        space = int(step.extra[1])  # type: ignore[call-overload]
        return [space] if combat.enemies[space] is not None else []
    spaces = enemies_in_reach(combat, action)
    return spaces if len(spaces) <= action.targets else None


def _heal_candidates(combat: Combat, seat: int) -> list[int]:
    if not combat.rulings.heal_target:
        return [seat]
    return [s for s in taking_part(combat) if combat.prisoners[s].damage > 0]


def _potion_candidates(combat: Combat) -> list[int]:
    if combat.bag[LOOT_INDEX[LootKind.POTION]] == 0:
        return []
    return [s for s in taking_part(combat) if combat.prisoners[s].damage > 0]


def _skills(combat: Combat, seat: int) -> list[str]:
    prisoner = combat.prisoners[seat]
    board = [s for s in prisoner.skills if (seat, s) not in combat.used_skills]
    items = [i.ident for i in items_of(combat, prisoner, EquipmentKind.SKILL) if requirement_met(combat, prisoner, i)]
    return sorted(set(board)) + sorted(set(items) - set(board))


def action_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    """The choice the action leaves, or None when it resolves by itself."""
    actor, action = step.actor, step.action
    assert actor is not None and action is not None
    if actor.kind == "enemy":
        if combat.enemies[actor.slot] is None or action.verb is Verb.BLOCK:
            return None
        found = recipients(combat, action, states=action.verb is Verb.STATE)
        if len(found) <= action.targets:
            return None
        options = tuple("to " + " ".join(choice_word(combat, t) for t in group)
                        for group in combinations(found, action.targets))
        what = "damage" if action.verb is Verb.DAMAGE else f"the {action.state.value if action.state else ''} state"
        return Awaiting("decision", f"{_who(combat, actor)}: who takes {what}?", options, cite="damage_prisoner")
    seat = actor.seat
    if combat.prisoners[seat].dead:
        return None
    verb = action.verb
    if verb in (Verb.DAMAGE, Verb.STATE):
        if _prisoner_targets(combat, step) is not None:
            return None
        spaces = enemies_in_reach(combat, action)
        options = tuple("target " + " ".join(SPACES[s].value for s in group) for group in combinations(spaces, action.targets))
        return Awaiting("decision", f"{_who(combat, actor)}: {action.text()}: which enemy?", options, cite="range")
    if verb is Verb.HEAL:
        candidates = _heal_candidates(combat, seat)
        if len(candidates) <= 1:
            return None
        return Awaiting("decision", f"{_who(combat, actor)}: heal whom?",
                        tuple(f"heal {combat.prisoners[s].name}" for s in candidates), cite="heal")
    if verb is Verb.LOOT:
        loots = [f"loot {kind.value}" for kind, n in zip(LOOT_KINDS, combat.loot) if n]
        loots += [f"loot potion {combat.prisoners[s].name}" for s in _potion_candidates(combat)]
        if not loots:
            return None
        return Awaiting("decision", f"{_who(combat, actor)}: loot what?", tuple(loots), cite="loot")
    if verb is Verb.SKILL:
        skills = _skills(combat, seat)
        if not skills:
            return None
        return Awaiting("decision", f"{_who(combat, actor)}: activate which skill?",
                        tuple(f"skill {s}" for s in skills) + ("skill none",), cite="skill")
    return None


def run_action(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    actor, action = step.actor, step.action
    assert actor is not None and action is not None
    effects = Effects(combat, log)
    if actor.kind == "enemy":
        _enemy_action(effects, step, choice)
    elif not combat.prisoners[actor.seat].dead:
        _prisoner_action(effects, step, choice)
    return effects.finish()


def _chosen_targets(combat: Combat, choice: str) -> list[Target]:
    words = choice.split()[1:]
    found = []
    for word in words:
        if word in [s.value for s in SPACES]:
            found.append(Target("enemy", space=[s.value for s in SPACES].index(word)))
        elif "/" in word:
            name, item = word.split("/", 1)
            seat = combat.seat_of(name)
            assert seat is not None
            found.append(Target("companion", seat, item=item))
        else:
            seat = combat.seat_of(word)
            assert seat is not None
            found.append(Target("prisoner", seat))
    return found


def _enemy_action(effects: Effects, step: Step, choice: str | None) -> None:
    combat = effects.combat
    actor, action = step.actor, step.action
    assert actor is not None and action is not None
    enemy = combat.enemies[actor.slot]
    if enemy is None:
        return
    me = Target("enemy", space=actor.slot)
    who = _who(combat, actor)
    if action.verb is Verb.BLOCK:
        effects.shield(me, action.amount)
        return
    found = _chosen_targets(combat, choice) if choice else recipients(combat, action, states=action.verb is Verb.STATE)
    if not found:
        effects.log.add("nothing", f"{who}: {action.text()}: nobody to receive it", "must_play")
        return
    for target in found:
        if action.verb is Verb.DAMAGE:
            effects.log.add("attack", f"{who} deals {action.amount} damage to {combat.prisoners[target.seat].name}"
                            + ("'s companion" if target.kind == "companion" else ""), "damage_prisoner")
            effects.inflict(target, action.amount, "attack", attacker=me)
        else:
            assert action.state is not None
            effects.log.add("attack", f"{who} gives {action.state.value} to {combat.prisoners[target.seat].name}",
                            action.state.value, "DC-ENEMY-STATE-RECIPIENT")
            assign_state(effects, target, action.state)
        if effects.halted:
            return


def _prisoner_action(effects: Effects, step: Step, choice: str | None) -> None:
    combat = effects.combat
    actor, action = step.actor, step.action
    assert actor is not None and action is not None
    seat = actor.seat
    who = combat.prisoners[seat].name
    source = _source_name(combat, step)
    verb = action.verb
    if verb in (Verb.DAMAGE, Verb.STATE):
        spaces = _prisoner_targets(combat, step)
        found = _chosen_targets(combat, choice) if choice else [Target("enemy", space=s) for s in spaces or []]
        if not found:
            effects.log.add("miss", f"{who} ({source}): {action.text()}: no enemy in range, no effect", "range_empty")
            return
        for target in found:
            name = f"{stage(combat, combat.enemies[target.space]).name} on {SPACES[target.space].value}"  # type: ignore[arg-type]
            if verb is Verb.DAMAGE:
                effects.log.add("attack", f"{who} ({source}) deals {action.amount} damage to {name}", "damage_enemy")
                effects.inflict(target, action.amount, "attack")
            else:
                assert action.state is not None
                effects.log.add("attack", f"{who} ({source}) gives {action.state.value} to {name}", action.state.value)
                assign_state(effects, target, action.state)
            if effects.halted:
                return
    elif verb is Verb.BLOCK:
        effects.shield(Target("prisoner", seat), action.amount)
    elif verb is Verb.HEAL:
        candidates = _heal_candidates(combat, seat)
        target_seat = combat.seat_of(choice.split()[1]) if choice else (candidates[0] if candidates else None)
        if target_seat is None or combat.prisoners[target_seat].damage == 0:
            effects.log.add("nothing", f"{who} ({source}): heal: nobody to heal", "heal", "DC-HEAL-TARGET")
            return
        effects.heal(target_seat, action.amount, seat)
    elif verb is Verb.LOOT:
        _loot(effects, who, choice)
    elif verb is Verb.SKILL:
        _skill(effects, step, choice)


def _source_name(combat: Combat, step: Step) -> str:
    ident = step.source
    if ident in combat.cards.combat:
        return combat.cards.combat[ident].name
    if ident in combat.cards.equipment:
        return combat.cards.equipment[ident].name
    if ident in combat.cards.skills:
        return combat.cards.skills[ident].name
    return ident


def _loot(effects: Effects, who: str, choice: str | None) -> None:
    if choice is None:
        effects.log.add("nothing", f"{who}: loot: nothing to take", "must_play")
        return
    words = choice.split()
    if words[1] == "potion" and len(words) == 3:
        seat = effects.combat.seat_of(words[2])
        assert seat is not None
        effects.potion(seat, "loot_potion")
        return
    effects.take_loot(LootKind(words[1]), who)


def _skill(effects: Effects, step: Step, choice: str | None) -> None:
    combat = effects.combat
    actor, action = step.actor, step.action
    assert actor is not None and action is not None
    who = combat.prisoners[actor.seat].name
    if choice is None or choice == "skill none":
        effects.log.add("skill", f"{who} activates no skill", "skill")
        return
    ident = choice.split()[1]
    after: list[Step] = []
    if ident in combat.cards.skills:
        skill = combat.cards.skills[ident]
        effects.combat = combat.but(used_skills=combat.used_skills | {(actor.seat, ident)})
        effects.log.add("skill", f"{who} activates {skill.name}", "skill_once")
        line = skill.actions
    else:
        item = combat.cards.equipment[ident]
        effects.log.add("skill", f"{who} activates {item.name}", "skill_item")
        line = item.actions
    after = _actions(step.round, Actor("skill", actor.seat, actor.slot), line, ident)
    if action.amount > 1:
        after.append(step._replace(action=replace(action, amount=action.amount - 1)))
    effects.front.extend(after)


# -- a death reward's damage, and the round 0 potions --------------------------------------------------------------


def reward_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    seats = taking_part(combat)
    if len(seats) <= 1:
        return None
    return Awaiting("decision", f"the death reward's {step.extra[0]} damage: which prisoner takes it?",
                    tuple(f"to {combat.prisoners[s].name}" for s in seats), cite="reward_damage")


def run_reward(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    seats = taking_part(combat)
    seat = combat.seat_of(choice.split()[1]) if choice else (seats[0] if seats else None)
    if seat is None:
        return combat
    effects = Effects(combat, log)
    amount = int(step.extra[0])  # type: ignore[call-overload]
    log.add("reward", f"the death reward's {amount} damage goes to {combat.prisoners[seat].name}", "reward_damage",
            "DC-REWARD-DAMAGE")
    effects.inflict(Target("prisoner", seat), amount, "reward")
    return effects.finish()


def potions_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    seats = _potion_candidates(combat)
    if not seats:
        return None
    return Awaiting("decision", "round 0: drink a potion (it removes all damage from one prisoner)?",
                    tuple(f"potion {combat.prisoners[s].name}" for s in seats) + ("potion none",), cite="round0_potion")


def run_potions(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    if choice is None or choice == "potion none":
        return combat
    seat = combat.seat_of(choice.split()[1])
    assert seat is not None
    effects = Effects(combat, log)
    effects.potion(seat, "round0_potion")
    combat = effects.finish()
    return _push(combat, [step])


def round_zero_actors(combat: Combat) -> bool:
    """Whether anything in play has a round 0 icon (p. 11: equipment, skills or monsters)."""
    for seat in group_order(combat):
        prisoner = combat.prisoners[seat]
        if prisoner.round0:
            return True
        if prisoner.serenade and prisoner.power >= 0 and prisoner.powers[prisoner.power].round == Round.ZERO:
            return True
        for index in range(len(prisoner.played)):
            if played_card(combat, seat, index).line(Round.ZERO):
                return True
        for kind in TIMED:
            if any(item.round == Round.ZERO for item in items_of(combat, prisoner, kind)):
                return True
    for index, enemy in enumerate(combat.enemies):
        if enemy is not None and line_of(combat, Actor("enemy", -1, index), Round.ZERO):
            return True
    return False


def enemy_name(combat: Combat, space: int) -> str:
    enemy = combat.enemies[space]
    return enemy_card(combat, enemy).name if enemy is not None else SPACES[space].value
