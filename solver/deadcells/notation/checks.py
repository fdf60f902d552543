"""The checks across a position's fields: who plays and who passes, Serenade, and the token supply of the box."""

from __future__ import annotations

from solver.base.fields import Reader
from solver.deadcells.model.state import Combat, Enemy, Prisoner
from solver.deadcells.model.vocabulary import STATE_INDEX, STATES, StateKind
from solver.deadcells.notation.bounds import DAMAGE_TOKENS, SHIELD_TOKENS, STATE_TOKENS
from solver.deadcells.notation.prisoners import ReadPrisoner
from solver.deadcells.rules.play import cards_to_play


def consistent(r: Reader, combat: Combat, read: list[ReadPrisoner]) -> None:
    """The checks across fields: who plays, who passes, Serenade, the token supply."""
    players = combat.players
    serenades = [p for p in read if p.prisoner.serenade]
    if not 1 <= players <= 4:
        r.problem("prisoners", f"{players} players: Dead Cells is for 1 to 4")
    if players == 1 and len(serenades) != 1:
        r.problem("prisoners", "a solo combat needs Serenade beside the prisoner (p. 18): add a prisoner with "
                                    "\"serenade\": true")
    if players > 1 and serenades:
        r.problem(f"{serenades[0].path}.serenade", "Serenade plays only in solo (p. 18)")
    if len(serenades) > 1:
        r.problem("prisoners", "one Serenade at most")
    _plays(r, combat, read)
    _tokens(r, combat)
    _serenade_powers(r, combat, read)

def _plays(r: Reader, combat: Combat, read: list[ReadPrisoner]) -> None:
    players = combat.players
    played = [p for p in read if p.prisoner.played and not p.prisoner.serenade]
    if combat.passer is not None:
        passer = combat.prisoners[combat.passer]
        if players != 4:
            r.problem("passer", f"only in a 4-player game does one player pass (p. 10), not with {players}")
        elif combat.passer == combat.first and (combat.boss is None or combat.rulings.pass_deadlock):
            r.problem("passer", f"{passer.name} is the First Player, who must take part and may not pass (p. 10)")
        elif passer.played:
            r.problem("passer", f"{passer.name} passes and plays a card at once")
        elif not played:
            r.problem("passer", "a passer is named before the cards are played: give played for the others, "
                                     "or leave the passer to the choices")
    for item in read:
        p = item.prisoner
        seat = combat.seat_of(p.name)
        assert seat is not None
        need = cards_to_play(combat, seat)
        if p.serenade:
            if len(p.played) > 1:
                r.problem(f"{item.path}.played", "Serenade plays one card, the top of her deck (p. 18)")
            continue
        if played and seat != combat.passer and len(p.played) != need:
            r.problem(f"{item.path}.played", f"{p.name} plays {need} card{'s' * (need > 1)}, not "
                                                  f"{len(p.played)} (p. 10: 3 cards are played in all)")
        if not played and len(p.hand) < need and not (players == 4 and seat != combat.first):
            r.problem(f"{item.path}.hand", f"{p.name} must play {need} card{'s' * (need > 1)} but holds "
                                                f"{len(p.hand)}")
    if played and players == 4 and combat.passer is None:
        r.problem("passer", "with 4 players and the cards played, name the player who passed (p. 10)")

def _tokens(r: Reader, combat: Combat) -> None:
    """No more tokens on the board than the box holds (p. 2)."""
    holders: list[Prisoner | Enemy] = [*combat.prisoners, *(e for e in combat.enemies if e is not None)]
    for state in STATES:
        count = sum(h.states[STATE_INDEX[state]] for h in holders)
        if state is StateKind.FROZEN:
            count = sum(len(f) for p in combat.prisoners for f in p.frozen)
            count += sum(len(e.frozen) for e in combat.enemies if e is not None)
        if count > STATE_TOKENS:
            r.problem("", f"{count} {state.value} tokens on the board: the box holds {STATE_TOKENS}")
    shields = sum(h.shields for h in holders)
    if shields > SHIELD_TOKENS:
        r.problem("", f"{shields} shields on the board: the box holds {SHIELD_TOKENS}")
    damage = sum(h.damage for h in holders) + sum(d for p in combat.prisoners for _, d in p.companion_damage)
    if damage > DAMAGE_TOKENS:
        r.problem("", f"{damage} damage tokens on the board: the box holds {DAMAGE_TOKENS}")

def _serenade_powers(r: Reader, combat: Combat, read: list[ReadPrisoner]) -> None:
    """Serenade's power comes from the symbols of the prisoner's top discard: each one needs its power entered."""
    serenade = next((p for p in read if p.prisoner.serenade), None)
    if serenade is None:
        return
    prisoner = next(p.prisoner for p in read if not p.prisoner.serenade)
    if not prisoner.discard:
        return
    symbols = combat.cards.combat[prisoner.discard[-1]].symbols
    entered = {p.symbol for p in serenade.prisoner.powers}
    for symbol in symbols:
        if symbol not in entered:
            r.problem(f"{serenade.path}.powers", f"the prisoner's top discard shows {symbol.value}: enter "
                                                      f"Serenade's {symbol.value} power (her board, p. 18)")
