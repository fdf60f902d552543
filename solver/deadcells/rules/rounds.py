"""The rounds: 0 (when something has its icon), I, II and III in the golden order, the end of each round
(poison, then the monsters' advance), and after round III the bleeding and the monsters' round IV (p. 11-12)."""

from __future__ import annotations

from solver.deadcells.model.state import Actor, Combat, Phase, Step, StepKind
from solver.deadcells.model.vocabulary import LOOT_INDEX, RIGHT, SPACE_INDEX, SPACES, EnemyKind, LootKind, Round, StateKind
from solver.deadcells.rules.acts import round_zero_actors
from solver.deadcells.rules.board import LEFT, Target, enemy_card, group_order, name_of, stage
from solver.deadcells.rules.effects import Effects
from solver.deadcells.rules.events import Log

DONE = 10 ** 6
"""The golden-order rank once every actor of the round has acted."""


def run_start_rounds(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    """Round 0 if it is triggered (DC-ROUND0-POTION), then rounds I to III and the final round."""
    round0_allowed = not step.extra or step.extra[0] != "no-round0"
    potions = combat.bag[LOOT_INDEX[LootKind.POTION]] > 0
    rounds: list[int] = []
    if round0_allowed:
        if round_zero_actors(combat):
            rounds.append(Round.ZERO)
        elif potions and not combat.rulings.round0_potion:
            rounds.append(Round.ZERO)
            log.add("round0", "round 0 is played so that the group may drink a potion", "round0_potion", "DC-ROUND0-POTION")
        else:
            why = "nothing in play has a round 0 icon" + (" (a potion alone does not call it)" if potions else "")
            log.add("round0", f"no round 0: {why}", "round0", "DC-ROUND0-POTION" if potions else None)
    elif combat.boss is not None:
        log.add("round0", "no round 0 in a new manche of the same boss stage", "boss_round0")
    steps = [Step(StepKind.ROUND, r) for r in rounds + [Round.I, Round.II, Round.III]]
    steps += [Step(StepKind.FINAL, Round.III), Step(StepKind.ROUNDS_OVER, Round.III)]
    return combat.but(phase=Phase.ROUNDS, pending=tuple(steps) + combat.pending)


def run_round(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    """Every actor of the round in the golden order, then the end of the round."""
    r = step.round
    combat = combat.but(round=r, turn=-1, used_items=frozenset(), used_skills=frozenset())
    log.round = r
    log.add("round", f"round {Round(r).label}", "golden_rule" if r != Round.ZERO else "round0")
    steps = [Step(StepKind.ACTOR, r, Actor("enemy", -1, LEFT))]
    for position, seat in enumerate(group_order(combat)):
        prisoner = combat.prisoners[seat]
        if r == Round.ZERO:
            if position == 0:
                steps.append(Step(StepKind.POTIONS, r))
            if prisoner.round0:
                steps.append(Step(StepKind.ACTOR, r, Actor("round0", seat)))
        steps += [Step(StepKind.ACTOR, r, Actor("card", seat, k)) for k in range(len(prisoner.played))]
        if prisoner.serenade and prisoner.power >= 0 and prisoner.powers[prisoner.power].round == r:
            steps.append(Step(StepKind.ACTOR, r, Actor("power", seat)))
    steps += [Step(StepKind.ACTOR, r, Actor("enemy", -1, SPACE_INDEX[space])) for space in RIGHT]
    steps.append(Step(StepKind.END_ROUND, r))
    return combat.but(pending=tuple(steps) + combat.pending)


def _left_to_right(combat: Combat) -> list[Target]:
    """Everyone on the board in the golden order: the left enemy, the group, the enemies to the right."""
    found = [Target("enemy", space=LEFT)] if combat.enemies[LEFT] is not None else []
    found += [Target("prisoner", seat) for seat in group_order(combat) if combat.prisoners[seat].alive]
    found += [Target("enemy", space=SPACE_INDEX[s]) for s in RIGHT if combat.enemies[SPACE_INDEX[s]] is not None]
    return found


def _holder_states(combat: Combat, target: Target, kind: StateKind) -> int:
    if target.kind == "prisoner":
        return combat.prisoners[target.seat].state_count(kind)
    enemy = combat.enemies[target.space]
    return enemy.state_count(kind) if enemy is not None else 0


def run_end_round(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    """Poison ticks from left to right; then, except after round III, the monsters advance."""
    r = step.round
    combat = combat.but(turn=DONE)
    if r == Round.ZERO and not combat.rulings.round0_end:
        log.add("end_round", "round 0 has no end-of-round phase", "round0", "DC-ROUND0-END")
        return combat
    log.add("end_round", f"end of round {Round(r).label}", "end_round", "DC-ROUND0-END" if r == Round.ZERO else None)
    effects = Effects(combat, log)
    for target in _left_to_right(combat):
        ticks = _holder_states(effects.combat, target, StateKind.POISONED)
        if ticks and not effects.halted:
            effects.log.add("poison", f"{name_of(effects.combat, target)} is poisoned ({ticks}): {ticks} damage", "poisoned")
            effects.inflict(target, ticks, "poison", ticks=ticks)
    combat = effects.finish()
    if effects.halted or r == Round.III:
        return combat
    return advance(combat, log)


def advance(combat: Combat, log: Log) -> Combat:
    """Monsters right of the group move left into the free spaces, never past the group; bosses and other enemies
    that are not monsters stay (p. 12-13)."""
    enemies = list(combat.enemies)
    for space in RIGHT:
        index = SPACE_INDEX[space]
        enemy = enemies[index]
        if enemy is None:
            continue
        if enemy_card(combat, enemy).kind is not EnemyKind.MONSTER:
            if any(enemies[SPACE_INDEX[s]] is None for s in RIGHT[: index - 1]):
                log.add("advance", f"{stage(combat, enemy).name} is not a monster: it does not advance", "boss_still")
            continue
        to = index
        while to - 1 >= SPACE_INDEX[RIGHT[0]] and enemies[to - 1] is None:
            to -= 1
        if to != index:
            enemies[to], enemies[index] = enemy, None
            steps = index - to
            log.add("advance", f"{stage(combat, enemy).name} advances from {SPACES[index].value} to {SPACES[to].value}",
                    "advance_two" if steps == 2 else "advance")
    return combat.but(enemies=tuple(enemies))


def run_final(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    """After round III: every Bleeding prisoner or enemy is eliminated, then the enemies' round IV."""
    effects = Effects(combat, log)
    for target in _left_to_right(combat):
        if _holder_states(effects.combat, target, StateKind.BLEEDING) and not effects.halted:
            effects.log.add("bleeding", f"{name_of(effects.combat, target)} is Bleeding after round III", "bleeding")
            effects.eliminate(target, "bleeding")
    combat = effects.finish()
    if effects.halted:
        return combat
    steps = []
    for index, enemy in enumerate(combat.enemies):
        if enemy is not None and stage(combat, enemy).lines[Round.IV]:
            steps.append(Step(StepKind.ACTOR, Round.IV, Actor("enemy", -1, index)))
    if steps:
        log.round = Round.IV
        log.add("round", "round IV", "round_iv")
        combat = combat.but(round=Round.IV, turn=-1)
    return combat.but(pending=tuple(steps) + combat.pending)
