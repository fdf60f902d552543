"""Who is where and who acts when: the golden order, the targets in range, the recipients of an enemy's action.

The golden rule (p. 11): the enemy on the left space first, then the group
from the First Player clockwise, then the enemies to the right, left to right.
"""

from __future__ import annotations

from typing import NamedTuple

from solver.deadcells.model.cards import Action, CombatCard, EnemyCard, Equipment, Stage
from solver.deadcells.model.state import Actor, Combat, Enemy, Prisoner
from solver.deadcells.model.vocabulary import SPACES, EquipmentKind, Only, Round, Space

LEFT = 0
"""The index of the left space ``L`` in :data:`SPACES`; the right spaces follow."""


class Target(NamedTuple):
    """Whom an effect lands on: an enemy (``space``), a prisoner (``seat``) or a companion (``seat``, ``item``)."""

    kind: str
    seat: int = -1
    space: int = -1
    item: str = ""


def group_order(combat: Combat) -> list[int]:
    """The seats from the First Player clockwise, the passer left out (p. 10-11)."""
    n = len(combat.prisoners)
    return [(combat.first + i) % n for i in range(n) if (combat.first + i) % n != combat.passer]


def rank(combat: Combat, actor: Actor) -> int:
    """The actor's place in the golden order of a round: lower acts first.

    Within a seat: its board's round 0 actions, its first card, its second card, then Serenade's power.
    """
    if actor.kind == "enemy":
        return 0 if actor.slot == LEFT else 1000 + actor.slot
    n = len(combat.prisoners)
    place = (actor.seat - combat.first) % n
    within = {"round0": 0, "card": 1 + actor.slot, "power": 4}.get(actor.kind, 5)
    return 1 + place * 10 + within


def name_of(combat: Combat, target: Target) -> str:
    if target.kind == "enemy":
        enemy = combat.enemies[target.space]
        label = SPACES[target.space].value
        return f"{stage(combat, enemy).name} on {label}" if enemy else label
    prisoner = combat.prisoners[target.seat].name
    if target.kind == "companion":
        return f"{prisoner}'s companion {combat.cards.equipment[target.item].name}"
    return prisoner


def choice_word(combat: Combat, target: Target) -> str:
    """How a choice names the target: a space, a prisoner's name, or ``name/item`` for a companion."""
    if target.kind == "enemy":
        return SPACES[target.space].value
    name = combat.prisoners[target.seat].name
    return f"{name}/{target.item}" if target.kind == "companion" else name


def enemy_card(combat: Combat, enemy: Enemy) -> EnemyCard:
    return combat.cards.enemies[enemy.card]


def stage(combat: Combat, enemy: Enemy) -> Stage:
    return enemy_card(combat, enemy).stages[enemy.stage]


def played_card(combat: Combat, seat: int, index: int) -> CombatCard:
    return combat.cards.combat[combat.prisoners[seat].played[index]]


def enemies_in_reach(combat: Combat, action: Action) -> list[int]:
    """The spaces holding an enemy the action reaches (its range, and its ``only`` qualifier)."""
    found = []
    for index, space in enumerate(SPACES):
        enemy = combat.enemies[index]
        if enemy is None or Space(space) not in action.reach:
            continue
        card = enemy_card(combat, enemy)
        if action.only is Only.MONSTERS and not card.is_monster:
            continue
        if action.only is Only.ELITES and not card.elite:
            continue
        found.append(index)
    return found


def taking_part(combat: Combat) -> list[int]:
    """The seats taking part in the combat and still alive."""
    return [seat for seat in group_order(combat) if combat.prisoners[seat].alive]


def recipients(combat: Combat, action: Action | None, *, states: bool = False) -> list[Target]:
    """Who may receive an enemy's damage (or state): the prisoners taking part and alive, or only the First
    Player (his companions are not the First Player, p. 7); for damage also their companions (p. 11: « du
    Prisonnier (ou Compagnon) de votre choix »)."""
    seats = taking_part(combat)
    first_only = action is not None and action.first_player
    if first_only:
        seats = [s for s in seats if s == combat.first]
    found = [Target("prisoner", seat) for seat in seats]
    if not states and not first_only:
        for seat in seats:
            found += [Target("companion", seat, item=item) for item, _ in combat.prisoners[seat].companion_damage]
    return found


def items_of(combat: Combat, prisoner: Prisoner, kind: EquipmentKind) -> list[Equipment]:
    return [combat.cards.equipment[i] for i in prisoner.equipment if combat.cards.equipment[i].kind is kind]


def requirement_met(combat: Combat, prisoner: Prisoner, item: Equipment) -> bool:
    """An item's printed condition: a wall or void in the combat, or being its owner's only equipment."""
    if item.requires is None:
        return True
    if item.requires.value in ("wall", "void"):
        return combat.wall_void == item.requires.value
    return len(prisoner.equipment) == 1


def line_of(combat: Combat, actor: Actor, round_: int) -> tuple[Action, ...]:
    """The actions printed on the actor's line for the round (an enemy's current stage, a prisoner's card)."""
    if actor.kind == "enemy":
        enemy = combat.enemies[actor.slot]
        return stage(combat, enemy).lines[round_] if enemy is not None else ()
    if actor.kind == "card":
        return played_card(combat, actor.seat, actor.slot).line(Round(round_))
    return ()
