"""Playing a combat out with the cards both players chose: the totals, who loses, wounds and deaths, VP, the cards spent.

The cards are part of the action (``cards=3/1``; a berserker's two ``3+4/1``;
a telepath's named value ``name=0``). :func:`resolve` checks them against the
hands and the powers, then applies the result and says what happened, citing
the aid at each step.
"""

from __future__ import annotations

from dataclasses import replace

from solver.dungeontwister.model.catalogue import OBJECTS, Ability, Kind, ObjectKind
from solver.dungeontwister.model.events import Event, Illegal, event
from solver.dungeontwister.model.state import Character, Place, Position
from solver.dungeontwister.rules.duel import Outcome, Play, outcome, remaining
from solver.dungeontwister.rules.engagement import CombatKind, Engagement, Weapon
from solver.dungeontwister.rules.scoring import ability_event, eliminate, undead_bonus, wound


def check_cards(position: Position, engagement: Engagement, attacker_cards: Play, defender_cards: Play,
                named: int | None) -> None:
    """Raise :class:`Illegal` unless both plays come from the hands and obey the powers."""
    duel = engagement.duel(position).normal()
    for side, play, hand, most in (("attacker", attacker_cards, duel.attacker.hand, 2 if duel.attacker.two_cards else 1),
                                   ("defender", defender_cards, duel.defender.hand, 1)):
        if not hand:
            if play:
                raise Illegal(f"the {side} has no card left: it plays none (DT-EMPTY-HAND)", "melee_cards")
            continue
        if not 1 <= len(play) <= most:
            raise Illegal(f"the {side} plays {'1 card' if most == 1 else '1 or 2 cards (the berserker)'}, not {len(play)}",
                          "melee_cards")
        left = list(hand)
        for card in play:
            if card not in left:
                raise Illegal(f"the {side} holds no {card} to play (its cards: {', '.join(map(str, hand))})", "cards_discard")
            left.remove(card)
    if named is not None:
        if duel.attacker.names_card:
            forced, hand, side = defender_cards, duel.defender.hand, "defender"
        elif duel.defender.names_card:
            forced, hand, side = attacker_cards, duel.attacker.hand, "attacker"
        else:
            raise Illegal("only a telepath in a single melee names a card (and two telepaths cancel)", "melee_cards")
        if named in hand and named not in forced:
            raise Illegal(f"the telepath named {named}: the {side} holds one and must play it", "melee_cards")


def resolve(position: Position, engagement: Engagement, attacker_cards: Play, defender_cards: Play,
            named: int | None = None) -> tuple[Position, list[Event], Outcome]:
    """The combat played out: the position after, the events, and who won."""
    check_cards(position, engagement, attacker_cards, defender_cards, named)
    duel = engagement.duel(position)
    mover, other = position.to_move, 1 - position.to_move
    a_total = duel.attacker.base + sum(attacker_cards)
    d_total = duel.defender.base + sum(defender_cards)
    ranged = engagement.kind is CombatKind.RANGED
    events = list(engagement.events)
    if named is not None:
        events.append(ability_event(f"the telepath names {named}", Kind.TELEPATH, Ability.MIND_CONTROL))
    if engagement.duel_flags[3] or engagement.duel_flags[4]:
        side = "attacker" if engagement.duel_flags[3] else "defender"
        events.append(ability_event(f"the {side}'s weapon master sees the other card first", Kind.WEAPON_MASTER,
                                    Ability.COMBAT_TECHNIQUES))
    events.append(event(f"{_cards(attacker_cards)} against {_cards(defender_cards)}: {a_total} "
                        f"({' + '.join(f'{t.ident} {t.value}' for t in engagement.attackers)} + cards) against {d_total}",
                        "ranged_cards" if ranged else "melee_add"))
    result = outcome(duel, attacker_cards, defender_cards)
    position = _spend(position, mover, attacker_cards)
    position = _spend(position, other, defender_cards)
    events.append(event(f"the cards are discarded, the 0 excepted ({_cards(attacker_cards)}, {_cards(defender_cards)})",
                        "cards_discard"))
    position = _after_shot(position, engagement)
    if result is Outcome.TIE:
        events.append(event("a tie: nothing happens", "melee_tie"))
        return position, events, result
    if ranged and result is Outcome.DEFENDER:
        events.append(event("the defender wins a ranged combat: nothing happens", "ranged_defender_wins"))
        return position, events, result
    winners = engagement.attackers if result is Outcome.ATTACKER else engagement.defenders
    losers = engagement.defenders if result is Outcome.ATTACKER else engagement.attackers
    winner_player = mover if result is Outcome.ATTACKER else other
    events.append(event(f"the {'attacker' if result is Outcome.ATTACKER else 'defender'} wins",
                        "ranged_attacker_wins" if ranged else "melee_higher"))
    involved = [position.character(t.ident) for t in (*engagement.attackers, *engagement.defenders)]
    killed: list[Character] = []
    if engagement.kind is CombatKind.LANCE and result is Outcome.DEFENDER:
        losers = tuple(t for t in losers if t.ident != engagement.attacker)
        position, broken = _break_lance(position, engagement.attacker)
        events += broken
    assassin = next((t.ident for t in winners if position.character(t.ident).has(Ability.DEADLY_BLOW)), None)
    initial = engagement.target if result is Outcome.ATTACKER else engagement.attacker
    if len(losers) > 1:
        events.append(event("every character on the losing side is wounded", "group_losers"))
    for term in losers:
        if assassin is not None and (term.ident == initial or not position.rulings.assassin_group or len(losers) == 1):
            text = f"the assassin {assassin} wins: {term.ident} is killed at once"
            events.append(ability_event(text, Kind.ASSASSIN, Ability.DEADLY_BLOW))
            if len(losers) > 1:
                events[-1] = replace(events[-1], ruling="DT-ASSASSIN-GROUP")
            victim = position.character(term.ident)
            position, more = eliminate(position, term.ident, winner_player)
            killed.append(victim)
        else:
            was_wounded = position.character(term.ident).wounded
            position, more, dead = wound(position, term.ident, winner_player)
            killed += dead
            if was_wounded:
                more.insert(0, event(f"{term.ident} defended wounded and lost", "wounded_loses"))
        events += more
    if result is Outcome.DEFENDER and any(position.character(t.ident).wounded for t in engagement.defenders
                                          if t.ident == engagement.target) and not ranged:
        events.append(event("the wounded defender won: its attacker is wounded", "wounded_wins"))
    position, bonus = undead_bonus(position, winner_player, killed, involved)
    return position, events + bonus, result


def _cards(play: Play) -> str:
    return "+".join(map(str, play)) if play else "no card"


def _spend(position: Position, player: int, play: Play) -> Position:
    hand = position.players[player].cards
    return position.with_player(player, replace(position.players[player], cards=remaining(hand, play)))


def _after_shot(position: Position, engagement: Engagement) -> Position:
    """The crossbowmen who shot have had their shot this turn; the samurai its free melee."""
    if engagement.kind is CombatKind.RANGED:
        for term in engagement.attackers:
            c = position.character(term.ident)
            if c.has(Ability.CROSSBOW) and not c.shot and ("crossbow" in term.why or (term.ident == engagement.attacker
                                                                                      and engagement.weapon is Weapon.CROSSBOW)):
                position = position.with_character(replace(c, shot=True))
    elif engagement.free:
        attacker = position.character(engagement.attacker)
        position = position.with_character(replace(attacker, free_melee=True))
    return position


def _break_lance(position: Position, ident: str) -> tuple[Position, list[Event]]:
    wielder = position.character(ident)
    lance = next(i for i in position.carried_objects(wielder) if i.kind is ObjectKind.TELESCOPIC_LANCE)
    position = position.with_item(replace(lance, place=Place.GONE, zone=""))
    position = position.with_character(replace(wielder, carrying=tuple(x for x in wielder.carrying if x != lance.ident)))
    return position, [Event(f"the lance loses: {lance.ident} breaks and is discarded; {ident} itself is unharmed",
                            OBJECTS[ObjectKind.TELESCOPIC_LANCE].citation)]
