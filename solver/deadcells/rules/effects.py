"""Effects on the board: damage (Targeted, shields, eliminations, death rewards, triggers), states, shields,
healing, potions and loot.

An :class:`Effects` gathers what one step does: the combat as it changes, the
steps to run next (pushed in front of the queue when the step ends: a death
reward's damage to assign, a triggered item) and the events. The fall of a
boss stage or the boss's death ends the manche at once (p. 14): it replaces
the whole queue, and the step stops there (``halted``).
"""

from __future__ import annotations

from dataclasses import replace

from solver.deadcells.model.state import Actor, Combat, Enemy, Prisoner, Step, StepKind
from solver.deadcells.model.vocabulary import (
    LOOT_INDEX,
    SPACES,
    STATE_INDEX,
    EnemyKind,
    EquipmentKind,
    LootKind,
    StateKind,
    Trigger,
)
from solver.deadcells.rules.board import Target, enemy_card, name_of, stage
from solver.deadcells.rules.events import Log


def _plus(states: tuple[int, ...], kind: StateKind, n: int = 1) -> tuple[int, ...]:
    i = STATE_INDEX[kind]
    return states[:i] + (states[i] + n,) + states[i + 1:]


class Effects:
    """The changes one step makes (see the module doc)."""

    def __init__(self, combat: Combat, log: Log) -> None:
        self.combat = combat
        self.front: list[Step] = []
        self.log = log
        self.halted = False

    def finish(self) -> Combat:
        """The combat with the steps this one pushed in front of the queue (unless a boss stage fell)."""
        if self.halted:
            return self.combat
        return self.combat.but(pending=tuple(self.front) + self.combat.pending)

    # -- damage ---------------------------------------------------------------------------------------------

    def inflict(self, target: Target, amount: int, cause: str, attacker: Target | None = None, ticks: int = 1) -> None:
        """``amount`` damage inflicted on ``target``: ``cause`` is ``attack``, ``poison`` (``ticks`` tokens) or
        ``reward``; ``attacker`` the enemy whose attack it is (for a prisoner's triggered items)."""
        if self.halted or amount <= 0:
            return
        c = self.combat
        if target.kind == "companion":
            self._hurt_companion(target, amount)
            return
        holder: Prisoner | Enemy | None = c.prisoners[target.seat] if target.kind == "prisoner" else c.enemies[target.space]
        if holder is None or (isinstance(holder, Prisoner) and holder.dead):
            return
        who = name_of(c, target)
        rulings = c.rulings
        targeted = holder.state_count(StateKind.TARGETED)
        extra = targeted * (ticks if cause == "poison" and not rulings.targeted_tick else 1)
        shields_apply = not (cause == "poison" and rulings.poison_shield)
        shields = holder.shields if shields_apply else 0
        if rulings.targeted_blocked:
            total = amount + extra
            blocked = min(shields, total)
            taken = total - blocked
        else:
            blocked = min(shields, amount)
            taken = amount - blocked + (extra if amount > blocked else 0)
        if extra:
            ruling = "DC-TARGETED-TICK" if cause == "poison" and ticks > 1 else None
            if not rulings.targeted_blocked and amount <= blocked:
                self.log.add("targeted", f"{who} is Targeted, but its shields cancel the whole hit: no extra damage",
                             "targeted", "DC-TARGETED-BLOCKED")
            else:
                self.log.add("targeted", f"{who} is Targeted ({targeted}): {extra} more damage", "targeted", ruling)
        if cause == "poison" and holder.shields and not shields_apply:
            self.log.add("shield", f"{who}'s shields do not stop the poison", "shield_states", "DC-POISON-SHIELD")
        if blocked:
            ruling = "DC-POISON-SHIELD" if cause == "poison" else None
            self.log.add("shield", f"{who} discards {blocked} shield{'s' * (blocked > 1)}: {blocked} damage cancelled",
                         "block", ruling)
        if target.kind == "prisoner":
            self._hurt_prisoner(target, blocked, taken, cause, attacker)
        else:
            self._hurt_enemy(target, blocked, taken, cause)

    def _hurt_companion(self, target: Target, amount: int) -> None:
        c = self.combat
        prisoner = c.prisoners[target.seat]
        item = c.cards.equipment[target.item]
        damage = dict(prisoner.companion_damage)[target.item] + amount
        who = name_of(c, target)
        if damage >= item.health:
            kept = tuple(e for e in prisoner.equipment if e != target.item)
            left = tuple((i, d) for i, d in prisoner.companion_damage if i != target.item)
            self.combat = c.with_prisoner(target.seat, replace(prisoner, equipment=kept, companion_damage=left))
            self.log.add("companion", f"{who} takes {amount} damage and is killed: discarded", "companion")
            return
        left = tuple((i, damage if i == target.item else d) for i, d in prisoner.companion_damage)
        self.combat = c.with_prisoner(target.seat, replace(prisoner, companion_damage=left))
        self.log.add("damage", f"{who} takes {amount} damage ({damage}/{item.health})", "companion")

    def _hurt_prisoner(self, target: Target, blocked: int, taken: int, cause: str, attacker: Target | None) -> None:
        c = self.combat
        prisoner = c.prisoners[target.seat]
        damage = min(prisoner.health, prisoner.damage + taken)
        dead = damage >= prisoner.health
        self.combat = c.with_prisoner(target.seat, replace(prisoner, shields=prisoner.shields - blocked, damage=damage,
                                                           dead=dead))
        if taken:
            self.log.add("damage", f"{prisoner.name} takes {taken} damage ({damage}/{prisoner.health})",
                         "poisoned" if cause == "poison" else "damage_prisoner")
        if dead:
            self._prisoner_dies(target.seat)
            return
        if blocked:
            self._trigger(target.seat, Trigger.SHIELD_USED, None)
        if taken and attacker is not None and cause == "attack":
            self._trigger(target.seat, Trigger.DAMAGED, attacker)

    def _prisoner_dies(self, seat: int) -> None:
        name = self.combat.prisoners[seat].name
        self.log.add("death", f"{name} is eliminated: the Run ends", "die")
        self.log.add("death", "the combat is still played to its end", "die_finish")

    def _hurt_enemy(self, target: Target, blocked: int, taken: int, cause: str) -> None:
        c = self.combat
        enemy = c.enemies[target.space]
        assert enemy is not None
        health = stage(c, enemy).health
        damage = enemy.damage + taken
        who = name_of(c, target)
        self.combat = c.with_enemy(target.space, replace(enemy, shields=enemy.shields - blocked, damage=damage))
        if taken:
            self.log.add("damage", f"{who} takes {taken} damage ({min(damage, health)}/{health})",
                         "poisoned" if cause == "poison" else "damage_enemy")
        if damage >= health:
            self.eliminate_enemy(target.space, "poison" if cause == "poison" else "damage")

    def _trigger(self, seat: int, trigger: Trigger, attacker: Target | None) -> None:
        """Always-active items of the prisoner whose condition just applied (p. 12)."""
        c = self.combat
        prisoner = c.prisoners[seat]
        for index, ident in enumerate(prisoner.equipment):
            item = c.cards.equipment[ident]
            if item.kind is not EquipmentKind.ALWAYS or item.trigger is not trigger:
                continue
            self.log.add("trigger", f"{prisoner.name}'s {item.name} is triggered", "always")
            extra: tuple[object, ...] = ("at", attacker.space) if attacker is not None else ()
            for action in item.actions:
                self.front.append(Step(StepKind.ACTION, c.round, Actor("item", seat, index), action, item.ident, extra))

    # -- eliminations ---------------------------------------------------------------------------------------

    def eliminate_enemy(self, space: int, cause: str) -> None:
        """The enemy on ``space`` is eliminated by ``cause`` (``damage``, ``poison``, ``bleeding``, ``burning``)."""
        c = self.combat
        enemy = c.enemies[space]
        assert enemy is not None
        card = enemy_card(c, enemy)
        side = stage(c, enemy)
        who = f"{side.name} on {SPACES[space].value}"
        self.combat = c.but(kills=c.kills + 1)
        by_state = cause in ("bleeding", "burning")
        if by_state and not c.rulings.death_reward_any:
            self.log.add("kill", f"{who} is eliminated by {cause}: no death reward", "kill_reward", "DC-DEATH-REWARD-ANY")
        else:
            ruling = "DC-DEATH-REWARD-ANY" if by_state else None
            self.log.add("kill", f"{who} is eliminated; death reward: {side.death.text()}", "kill_reward", ruling)
            self._reward(side.death.loot, side.death.damage, space)
        if card.kind is EnemyKind.BOSS:
            self._boss_falls(space, enemy)
            return
        self.combat = self.combat.with_enemy(space, None)
        self.log.add("removed", f"{SPACES[space].value} stays empty until the end of the round", "kill_space")

    def _reward(self, loot: tuple[tuple[LootKind, int], ...], damage: int, space: int) -> None:
        bag = list(self.combat.bag)
        for kind, n in loot:
            bag[LOOT_INDEX[kind]] += n
        self.combat = self.combat.but(bag=tuple(bag), gained=self.combat.gained + sum(n for _, n in loot))
        if damage:
            self.front.append(Step(StepKind.REWARD_DAMAGE, self.combat.round, Actor("reward", -1, space), extra=(damage,)))

    def _boss_falls(self, space: int, enemy: Enemy) -> None:
        c = self.combat
        card = enemy_card(c, enemy)
        if enemy.stage + 1 >= len(card.stages):
            self.log.add("boss", f"{card.name} is beaten: the boss fight ends at once", "boss_dies")
            self.combat = c.with_enemy(space, None).but(pending=(Step(StepKind.NEW_MANCHE, c.round, extra=("won",)),))
        else:
            self.log.add("boss", f"{card.stages[enemy.stage].name} falls: the manche ends at once", "stage_fall")
            self.combat = c.but(pending=(Step(StepKind.NEW_MANCHE, c.round, Actor("enemy", -1, space), extra=("stage",)),))
        self.halted = True

    # -- states, shields, healing, loot ---------------------------------------------------------------------

    def eliminate(self, target: Target, cause: str) -> None:
        """A prisoner or an enemy eliminated by a state (Burning, Bleeding)."""
        if target.kind == "enemy":
            self.eliminate_enemy(target.space, cause)
            return
        prisoner = self.combat.prisoners[target.seat]
        self.combat = self.combat.with_prisoner(target.seat, replace(prisoner, dead=True, damage=prisoner.health))
        self._prisoner_dies(target.seat)

    def shield(self, target: Target, n: int) -> None:
        c = self.combat
        who = name_of(c, target)
        if target.kind == "prisoner":
            prisoner = c.prisoners[target.seat]
            self.combat = c.with_prisoner(target.seat, replace(prisoner, shields=prisoner.shields + n))
            self.log.add("block", f"{who} takes {n} shield{'s' * (n > 1)} ({prisoner.shields + n})", "block")
        else:
            enemy = c.enemies[target.space]
            assert enemy is not None
            self.combat = c.with_enemy(target.space, replace(enemy, shields=enemy.shields + n))
            self.log.add("block", f"{who} takes {n} shield{'s' * (n > 1)} ({enemy.shields + n})", "block_enemy")

    def heal(self, seat: int, n: int, healer: int) -> None:
        c = self.combat
        prisoner = c.prisoners[seat]
        healed = min(n, prisoner.damage)
        self.combat = c.with_prisoner(seat, replace(prisoner, damage=prisoner.damage - healed))
        ruling = "DC-HEAL-TARGET" if seat != healer else None
        self.log.add("heal", f"{prisoner.name} heals {healed} damage ({prisoner.damage - healed}/{prisoner.health})",
                     "heal", ruling)

    def potion(self, seat: int, cite_key: str) -> None:
        c = self.combat
        prisoner = c.prisoners[seat]
        bag = list(c.bag)
        bag[LOOT_INDEX[LootKind.POTION]] -= 1
        self.combat = replace(c.with_prisoner(seat, replace(prisoner, damage=0)), bag=tuple(bag), gained=c.gained - 1)
        self.log.add("potion", f"a potion removes all {prisoner.damage} damage from {prisoner.name}", cite_key)

    def take_loot(self, kind: LootKind, who: str) -> None:
        c = self.combat
        i = LOOT_INDEX[kind]
        n = c.loot[i]
        loot = c.loot[:i] + (0,) + c.loot[i + 1:]
        bag = c.bag[:i] + (c.bag[i] + n,) + c.bag[i + 1:]
        self.combat = c.but(loot=loot, bag=bag, gained=c.gained + n)
        self.log.add("loot", f"{who} loots {n} {kind.value} from the group space into the bag", "loot")

