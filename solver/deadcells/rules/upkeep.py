"""The end of a combat (its upkeep, p. 12) and of a boss's manche or stage (p. 13-14).

After round III (and IV) a combat is over: the looted scrolls, vials and
equipment go to prisoners who took part, monsters left and loot not taken are
discarded, the hands are refilled to 3, states and shields are cleared and the
active cards discarded. A boss fight goes on instead, manche after manche,
until the boss dies (a win only if everyone lives) or a manche ends with a
prisoner dead.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.deadcells.model.state import NO_LOOT, NO_STATES, Boss, Combat, Phase, Prisoner, Step, StepKind
from solver.deadcells.model.vocabulary import ASSIGNED_AT_UPKEEP, LOOT_INDEX, SYMBOL_INDEX, LootKind, Symbol
from solver.deadcells.rules.awaiting import Awaiting
from solver.deadcells.rules.board import taking_part
from solver.deadcells.rules.events import Log
from solver.deadcells.rules.play import _deck_after_reshuffle, draw_from, opening, top_card_chances

HAND = 3
SCROLL_OF = {LootKind.SCROLL_GREEN: Symbol.GREEN, LootKind.SCROLL_PURPLE: Symbol.PURPLE, LootKind.SCROLL_RED: Symbol.RED}


def run_rounds_over(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    if combat.boss is not None:
        return combat.but(pending=(Step(StepKind.NEW_MANCHE, extra=("end",)),) + combat.pending)
    log.add("over", "the combat is over: its upkeep follows", "upkeep_give")
    steps = [Step(StepKind.GIVE, extra=(kind.value,)) for kind in ASSIGNED_AT_UPKEEP
             for _ in range(combat.bag[LOOT_INDEX[kind]])]
    steps.append(Step(StepKind.UPKEEP))
    return combat.but(phase=Phase.UPKEEP, pending=tuple(steps) + combat.pending)


def give_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    seats = [s for s in taking_part(combat) if not combat.prisoners[s].serenade or step.extra[0] != "equipment"]
    if len(seats) <= 1:
        return None
    return Awaiting("decision", f"who receives the looted {step.extra[0]}?",
                    tuple(f"give {step.extra[0]} {combat.prisoners[s].name}" for s in seats), cite="upkeep_give")


def run_give(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    kind = LootKind(str(step.extra[0]))
    bag = list(combat.bag)
    bag[LOOT_INDEX[kind]] -= 1
    combat = combat.but(bag=tuple(bag))
    seats = [s for s in taking_part(combat) if not combat.prisoners[s].serenade or kind is not LootKind.EQUIPMENT]
    seat = combat.seat_of(choice.split()[2]) if choice else (seats[0] if seats else None)
    if seat is None:
        log.add("give", f"nobody who took part can receive the {kind.value}: it is discarded", "upkeep_passer")
        return combat
    prisoner = combat.prisoners[seat]
    if kind in SCROLL_OF:
        scrolls = list(prisoner.scrolls)
        scrolls[SYMBOL_INDEX[SCROLL_OF[kind]]] += 1
        prisoner = replace(prisoner, scrolls=(scrolls[0], scrolls[1], scrolls[2]))
        log.add("give", f"{prisoner.name} receives the {kind.value} and moves that scroll one space", "upkeep_give")
    elif kind is LootKind.VIAL:
        prisoner = replace(prisoner, damage=max(0, prisoner.damage - 1))
        log.add("give", f"{prisoner.name} receives the vial: 1 damage removed", "upkeep_give")
    else:
        log.add("give", f"{prisoner.name} receives the equipment card, to equip", "upkeep_give")
    return combat.with_prisoner(seat, prisoner)


def run_upkeep(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    if step.extra and step.extra[0] == "clear":
        prisoners = tuple(_cleared(p) for p in combat.prisoners)
        log.add("upkeep", "states and shields are cleared from the prisoners' boards", "upkeep_clear")
        log.add("upkeep", "each prisoner's active card is discarded", "upkeep_active")
        return combat.but(prisoners=tuple(_discard_active(p) for p in prisoners), phase=Phase.OVER, passer=None)
    if any(e is not None for e in combat.enemies):
        log.add("upkeep", "the monsters not eliminated are discarded", "upkeep_monsters")
    if any(combat.loot):
        log.add("upkeep", "the loot not taken is discarded", "upkeep_loot")
    combat = combat.but(enemies=(None,) * len(combat.enemies), loot=NO_LOOT)
    steps = [Step(StepKind.DRAW, extra=(seat, HAND - len(p.hand), "upkeep_refill"))
             for seat, p in enumerate(combat.prisoners) if not p.serenade and len(p.hand) < HAND]
    return combat.but(pending=tuple(steps) + (Step(StepKind.UPKEEP, extra=("clear",)),) + combat.pending)


def _cleared(prisoner: Prisoner) -> Prisoner:
    return replace(prisoner, states=NO_STATES, shields=0)


def _discard_active(prisoner: Prisoner) -> Prisoner:
    return replace(prisoner, discard=prisoner.discard + prisoner.played, played=(), frozen=(), passed=False, power=-1)


def draw_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    seat = int(step.extra[0])  # type: ignore[call-overload]
    prisoner = combat.prisoners[seat]
    chances = top_card_chances(_deck_after_reshuffle(prisoner))
    if len(chances) <= 1:
        return None
    return Awaiting("chance", f"{prisoner.name} draws a card", tuple(f"draw {prisoner.name} {c}" for c, _ in chances),
                    tuple(p for _, p in chances), cite=str(step.extra[2]))


def run_draw(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    seat, count, cite = int(step.extra[0]), int(step.extra[1]), str(step.extra[2])  # type: ignore[call-overload]
    prisoner, card = draw_from(combat.prisoners[seat], choice.split()[2] if choice else None, log)
    if card is None:
        log.add("draw", f"{prisoner.name} has no card left to draw", cite)
        return combat.with_prisoner(seat, prisoner)
    prisoner = replace(prisoner, hand=prisoner.hand + (card,))
    log.add("draw", f"{prisoner.name} draws {combat.cards.combat[card].name}", cite)
    combat = combat.with_prisoner(seat, prisoner)
    if count > 1:
        combat = combat.but(pending=(step._replace(extra=(seat, count - 1, cite)),) + combat.pending)
    return combat


def run_new_manche(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    """The boss fight's next manche, its next stage, or its end (p. 13-14)."""
    kind = step.extra[0]
    boss = combat.boss or Boss()
    if kind == "plays":
        return opening(combat, round0=bool(step.extra[1]))
    if kind == "won":
        won = all(p.alive for p in combat.prisoners)
        log.add("boss", "every prisoner is alive: the group wins" if won else "a prisoner is dead: it is not a victory",
                "boss_win")
        return combat.but(boss=boss._replace(result="won" if won else "lost"), phase=Phase.OVER, pending=())
    if any(p.dead for p in combat.prisoners):
        log.add("boss", "a prisoner is dead: the boss fight ends with this manche, lost", "boss_loss")
        return combat.but(boss=boss._replace(result="lost"), phase=Phase.OVER, pending=())
    prisoners = tuple(_discard_active(p) for p in combat.prisoners)
    combat = combat.but(prisoners=prisoners, passer=None, round=-1, turn=-1, phase=Phase.PLAY,
                     boss=boss._replace(manche=boss.manche + 1))
    if kind == "stage":
        assert step.actor is not None
        combat = _flip(combat, step.actor.slot, log)
        cite, count = "stage_cards", [1] * len(prisoners)
    else:
        log.add("manche", f"manche {boss.manche} ends: a new manche begins", "boss_round0")
        first = (combat.first + 1) % len(prisoners)
        combat = combat.but(first=first)
        log.add("manche", f"the First Player token passes to {prisoners[first].name}", "manche_first")
        if combat.rulings.boss_manche_draw:
            cite, count = "manche_draw", [1] * len(prisoners)
        else:
            cite, count = "manche_draw", [max(0, HAND - len(p.hand)) for p in prisoners]
    ruling = None if kind == "stage" else "DC-BOSS-MANCHE-DRAW"
    steps = []
    for seat, p in enumerate(prisoners):
        if not p.serenade and count[seat]:
            steps.append(Step(StepKind.DRAW, extra=(seat, count[seat], cite)))
    if steps and kind != "stage":
        log.add("manche", "each player draws " + ("one card" if combat.rulings.boss_manche_draw else "up to three cards"),
                cite, ruling)
    steps.append(Step(StepKind.NEW_MANCHE, extra=("plays", kind == "stage")))
    return combat.but(pending=tuple(steps))


def _flip(combat: Combat, space: int, log: Log) -> Combat:
    enemy = combat.enemies[space]
    assert enemy is not None
    card = combat.cards.enemies[enemy.card]
    log.add("boss", f"the states and shields on {card.stages[enemy.stage].name} are removed", "stage_clear",
            "DC-BOSS-STAGE-CLEAR")
    flipped = replace(enemy, stage=enemy.stage + 1, damage=0, shields=0, states=NO_STATES, frozen=frozenset())
    combat = combat.with_enemy(space, flipped)
    log.add("boss", f"the boss card is flipped: {card.stages[enemy.stage + 1].name}", "stage_restart", "DC-BOSS-STAGE-FRESH")
    if not combat.rulings.boss_stage_clear:
        combat = combat.but(prisoners=tuple(_cleared(p) for p in combat.prisoners))
        log.add("boss", "the prisoners' states and shields are removed too", "stage_clear", "DC-BOSS-STAGE-CLEAR")
    log.add("boss", "the active cards are discarded; each player takes a new card", "stage_cards")
    return combat


def chance_total(weights: tuple[Fraction, ...]) -> Fraction:
    return sum(weights, Fraction(0))
