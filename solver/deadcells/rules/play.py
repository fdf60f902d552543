"""Playing the three combat cards (p. 10, 13, 18): who plays how many, who passes and what the passer reveals,
Serenade's card and power in solo.

The group plays from the First Player clockwise: with 2 players the First
Player plays 2 cards and the other 1; with 3 players 1 each; with 4 players
three play and one, never the First Player, passes; solo, the prisoner plays
2 and Serenade the top card of her deck. A passer reveals its top card (not
in a boss fight) and may move a scroll; it takes no damage and gets no loot.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.deadcells.model.state import Boss, Combat, Deck, Prisoner, Step, StepKind
from solver.deadcells.model.vocabulary import SYMBOL_INDEX, Symbol
from solver.deadcells.rules.awaiting import Awaiting
from solver.deadcells.rules.events import Log


def opening(combat: Combat, round0: bool = True) -> Combat:
    """The steps of a combat from its position: the plays still to make, Serenade's card and power, the rounds."""
    steps: list[Step] = []
    n = len(combat.prisoners)
    if not any(p.played for p in combat.prisoners if not p.serenade):
        seats = [(combat.first + i) % n for i in range(n)]
        steps += [Step(StepKind.PLAY, -1, extra=(seat,)) for seat in seats if not combat.prisoners[seat].serenade]
    if combat.solo:
        if not _serenade(combat)[1].played:
            steps.append(Step(StepKind.SERENADE_CARD))
        steps.append(Step(StepKind.POWER_SYMBOL))
    steps.append(Step(StepKind.START_ROUNDS, extra=() if round0 else ("no-round0",)))
    return combat.but(pending=tuple(steps) + combat.pending)


def cards_to_play(combat: Combat, seat: int) -> int:
    """How many cards the seat plays: 2 for the solo prisoner and the 2-player First Player, else 1 (p. 10, 18)."""
    if combat.solo or (combat.players == 2 and seat == combat.first):
        return 2
    return 1


def _serenade(combat: Combat) -> tuple[int, Prisoner]:
    for seat, prisoner in enumerate(combat.prisoners):
        if prisoner.serenade:
            return seat, prisoner
    raise ValueError("no Serenade in a solo combat")


def _solo_prisoner(combat: Combat) -> Prisoner:
    return next(p for p in combat.prisoners if not p.serenade)


def pass_allowed(combat: Combat, seat: int, remaining: list[int]) -> tuple[bool, bool]:
    """(may pass, must pass) for a seat of a 4-player combat; ``remaining`` are the seats still to play after it."""
    if combat.players != 4 or combat.passer is not None:
        return False, False
    names = [p.name for p in combat.prisoners]
    first = combat.first
    eligible = [s for s in range(4) if s != first]
    if combat.boss is not None:
        passed = combat.boss.passed
        left = [s for s in range(4) if names[s] not in passed]
        if left == [first] and not combat.rulings.pass_deadlock:
            return seat == first, seat == first
        fresh = [s for s in eligible if names[s] not in passed]
        if fresh:
            eligible = fresh
    if seat not in eligible:
        return False, False
    must = not any(s in eligible for s in remaining)
    return True, must


def play_awaiting(combat: Combat, step: Step) -> Awaiting:
    seat = int(step.extra[0])  # type: ignore[call-overload]
    prisoner = combat.prisoners[seat]
    remaining = [int(s.extra[0]) for s in combat.pending[1:] if s.kind is StepKind.PLAY]  # type: ignore[call-overload]
    may_pass, must_pass = pass_allowed(combat, seat, remaining)
    options: list[str] = []
    if not must_pass:
        distinct = list(dict.fromkeys(prisoner.hand))
        if cards_to_play(combat, seat) == 2:
            for a in distinct:
                for b in distinct:
                    if a != b or prisoner.hand.count(a) > 1:
                        options.append(f"play {prisoner.name} {a} {b}")
        else:
            options += [f"play {prisoner.name} {a}" for a in distinct]
    if may_pass:
        options.append(f"pass {prisoner.name}")
    cite = {2: "two_players", 3: "three_players", 4: "four_players"}.get(combat.players, "solo_two")
    return Awaiting("decision", f"{prisoner.name}: which card{'s' * (cards_to_play(combat, seat) > 1)} to play"
                    + (" (or pass)" if may_pass else "") + "?", tuple(options), cite=cite)


def run_play(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    assert choice is not None
    seat = int(step.extra[0])  # type: ignore[call-overload]
    prisoner = combat.prisoners[seat]
    words = choice.split()
    if words[0] == "pass":
        combat = replace(combat.with_prisoner(seat, replace(prisoner, passed=True)), passer=seat)
        if seat == combat.first:
            log.add("pass", f"{prisoner.name}, the First Player, passes: the rotation prevails", "boss_pass", "DC-PASS-DEADLOCK")
        else:
            log.add("pass", f"{prisoner.name} passes: no damage, no loot", "passer_out")
        if combat.boss is not None:
            passed = combat.boss.passed
            if prisoner.name in passed:
                passed = frozenset()
                log.add("pass", "only the First Player was left to pass: the cycle starts over", "boss_pass",
                        "DC-PASS-DEADLOCK")
            passed = passed | {prisoner.name}
            if len(passed) >= len(combat.prisoners):
                passed = frozenset()
                log.add("pass", "every player has passed once: the next cycle may pass in any order", "boss_pass")
            combat = combat.but(boss=combat.boss._replace(passed=passed))
            log.add("pass", f"{prisoner.name} makes no deck check", "boss_pass_no_check")
            return combat
        return combat.but(pending=(Step(StepKind.REVEAL, extra=(seat,)),) + combat.pending)
    cards = tuple(words[2:])
    hand = list(prisoner.hand)
    for card in cards:
        hand.remove(card)
    combat = combat.with_prisoner(seat, replace(prisoner, hand=tuple(hand), played=cards,
                                                frozen=tuple(frozenset() for _ in cards)))
    names = " then ".join(combat.cards.combat[c].name for c in cards)
    cite = "two_players" if len(cards) == 2 and not combat.solo else ("solo_two" if combat.solo else "three_cards")
    log.add("play", f"{prisoner.name} plays {names}", cite)
    return combat


def _deck_after_reshuffle(prisoner: Prisoner) -> Deck:
    if prisoner.deck.cards or not prisoner.discard:
        return prisoner.deck
    return Deck(tuple(sorted(prisoner.discard)), ordered=False)


def top_card_chances(deck: Deck) -> list[tuple[str, Fraction]]:
    """Each card the top of ``deck`` may be, with its exact chance (certain when the order is known)."""
    if not deck.cards:
        return []
    if deck.ordered:
        return [(deck.cards[0], Fraction(1))]
    return [(card, Fraction(deck.cards.count(card), len(deck.cards))) for card in sorted(set(deck.cards))]


def reveal_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    seat = int(step.extra[0])  # type: ignore[call-overload]
    chances = top_card_chances(_deck_after_reshuffle(combat.prisoners[seat]))
    if len(chances) <= 1:
        return None
    return Awaiting("chance", f"{combat.prisoners[seat].name} reveals the top card of their deck",
                    tuple(f"reveal {c}" for c, _ in chances), tuple(p for _, p in chances), cite="passer_reveal")


def draw_from(prisoner: Prisoner, card: str | None, log: Log) -> tuple[Prisoner, str | None]:
    """The prisoner's deck without its top card (``card`` when the order is unknown), reshuffling an empty deck."""
    if not prisoner.deck.cards and prisoner.discard:
        prisoner = replace(prisoner, deck=_deck_after_reshuffle(prisoner), discard=())
        log.add("reshuffle", f"{prisoner.name}'s deck is empty: the discard is shuffled into a new deck", "reshuffle")
    deck = prisoner.deck
    if not deck.cards:
        return prisoner, None
    if deck.ordered:
        return replace(prisoner, deck=Deck(deck.cards[1:], True)), deck.cards[0]
    if card is None:  # no choice was asked: every card left is the same
        assert len(set(deck.cards)) == 1, "a draw from a deck of unknown order names its card"
        card = deck.cards[0]
    cards = list(deck.cards)
    cards.remove(card)
    return replace(prisoner, deck=Deck(tuple(cards), False)), card


def run_reveal(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    seat = int(step.extra[0])  # type: ignore[call-overload]
    prisoner, card = draw_from(combat.prisoners[seat], choice.split()[1] if choice else None, log)
    if card is None:
        log.add("reveal", f"{prisoner.name} has no card left to reveal", "passer_reveal")
        return combat.with_prisoner(seat, prisoner)
    symbols = combat.cards.combat[card].symbols
    prisoner = replace(prisoner, discard=prisoner.discard + (card,))
    combat = combat.with_prisoner(seat, prisoner)
    shown = ", ".join(s.value for s in symbols) or "no symbol"
    log.add("reveal", f"{prisoner.name} reveals {combat.cards.combat[card].name} ({shown}) and discards it", "passer_discard")
    if len(symbols) == 1:
        return _scroll(combat, seat, symbols[0], log)
    if len(symbols) > 1:
        return combat.but(pending=(Step(StepKind.PASSER_SCROLL, extra=(seat, card)),) + combat.pending)
    _cycle(prisoner.name, log)
    return combat


def _cycle(name: str, log: Log) -> None:
    log.add("reveal", f"{name} may now discard cards from hand and draw as many (for later combats: not modelled)",
            "passer_cycle")


def _scroll(combat: Combat, seat: int, symbol: Symbol, log: Log) -> Combat:
    prisoner = combat.prisoners[seat]
    scrolls = list(prisoner.scrolls)
    scrolls[SYMBOL_INDEX[symbol]] += 1
    log.add("scroll", f"{prisoner.name} moves the {symbol.value} scroll one space", "passer_reveal")
    _cycle(prisoner.name, log)
    return combat.with_prisoner(seat, replace(prisoner, scrolls=(scrolls[0], scrolls[1], scrolls[2])))


def scroll_awaiting(combat: Combat, step: Step) -> Awaiting:
    seat, card = int(step.extra[0]), str(step.extra[1])  # type: ignore[call-overload]
    symbols = combat.cards.combat[card].symbols
    return Awaiting("decision", f"{combat.prisoners[seat].name}: which scroll to move?",
                    tuple(f"scroll {s.value}" for s in dict.fromkeys(symbols)), cite="passer_scroll")


def run_scroll(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    assert choice is not None
    return _scroll(combat, int(step.extra[0]), Symbol(choice.split()[1]), log)  # type: ignore[call-overload]


def serenade_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    _, serenade = _serenade(combat)
    chances = top_card_chances(serenade.deck)
    if len(chances) <= 1:
        return None
    return Awaiting("chance", "Serenade reveals the top card of her deck", tuple(f"reveal {c}" for c, _ in chances),
                    tuple(p for _, p in chances), cite="serenade_card")


def run_serenade(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    seat, serenade = _serenade(combat)
    if not serenade.deck.cards:
        if serenade.board is None:
            log.add("serenade", "Serenade's deck is empty and her board has no actions entered", "serenade_board")
            return combat
        card = serenade.board
        log.add("serenade", "Serenade's deck is empty: she uses the actions printed on her board", "serenade_board")
    else:
        deck = serenade.deck
        card = deck.cards[0] if deck.ordered else (choice.split()[1] if choice else deck.cards[0])
        cards = list(deck.cards)
        cards.remove(card)
        serenade = replace(serenade, deck=Deck(tuple(cards), deck.ordered))
        log.add("serenade", f"Serenade reveals {combat.cards.combat[card].name}", "serenade_card")
    return combat.with_prisoner(seat, replace(serenade, played=(card,), frozen=(frozenset(),)))


def _power_symbols(combat: Combat) -> list[Symbol]:
    prisoner = _solo_prisoner(combat)
    if not prisoner.discard:
        return []
    return list(dict.fromkeys(combat.cards.combat[prisoner.discard[-1]].symbols))


def power_awaiting(combat: Combat, step: Step) -> Awaiting | None:
    symbols = _power_symbols(combat)
    if len(symbols) <= 1:
        return None
    return Awaiting("decision", "Serenade's power: which symbol of the top discard to use?",
                    tuple(f"power {s.value}" for s in symbols), cite="serenade_choose")


def run_power(combat: Combat, step: Step, choice: str | None, log: Log) -> Combat:
    seat, serenade = _serenade(combat)
    prisoner = _solo_prisoner(combat)
    symbols = _power_symbols(combat)
    if not prisoner.discard:
        log.add("power", "the prisoner's discard is empty: Serenade activates no power", "serenade_no_power")
        return combat
    if not symbols:
        log.add("power", "the top discard shows no symbol: Serenade activates no power", "serenade_power")
        return combat
    symbol = Symbol(choice.split()[1]) if choice else symbols[0]
    index = next(i for i, p in enumerate(serenade.powers) if p.symbol is symbol)
    power = serenade.powers[index]
    log.add("power", f"the top discard shows {symbol.value}: Serenade's power acts in round {power.round.label}",
            "serenade_power")
    return combat.with_prisoner(seat, replace(serenade, power=index))


def new_boss(manche: int = 1, passed: frozenset[str] = frozenset()) -> Boss:
    return Boss(manche, passed)
