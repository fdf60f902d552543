"""Properties of the engine over random play on random dungeons: every legal action applies, and every position
reached holds together (the position checks find nothing: golden rules B and C, who carries what, AP within bounds),
writes and reads back the same, and spends AP exactly as the aid says."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.dungeontwister.model.checks import position_problems
from solver.dungeontwister.model.state import MAX_AP, Position
from solver.dungeontwister.notation.files import load_text
from solver.dungeontwister.notation.writing import dumps, to_json
from solver.dungeontwister.rules.actions import Action, Verb, format_action, parse_action
from solver.dungeontwister.rules.engagement import CombatKind, Weapon, engage
from solver.dungeontwister.rules.engine import apply, legal_actions
from tests.dungeontwister.builders import position, random_document, random_game

KINDS = {Verb.ATTACK: CombatKind.MELEE, Verb.LANCE: CombatKind.LANCE, Verb.SHOOT: CombatKind.RANGED}


def with_cards(pos: Position, action: Action, rng: random.Random) -> Action:
    """A combat with cards both players could play (random among their plays)."""
    weapon = action.option("with")
    engagement = engage(pos, KINDS[action.verb], action.actor, action.target, None if weapon is None else Weapon(weapon))
    duel = engagement.duel(pos).normal()
    a_hand, d_hand = list(duel.attacker.hand), list(duel.defender.hand)
    count = 2 if duel.attacker.two_cards and len(a_hand) >= 2 and rng.random() < 0.5 else 1
    a = sorted(rng.sample(a_hand, count)) if a_hand else []
    d = sorted(rng.sample(d_hand, 1)) if d_hand else []
    return action.with_option("cards", f"{'+'.join(map(str, a))}/{'+'.join(map(str, d))}")


@pytest.mark.parametrize("seed", range(80))
def test_random_play_keeps_every_position_whole(seed: int) -> None:
    """Half the games on dungeons with every kind of character and object (combats, abilities, objects), half on the
    reach tests' dungeons (moves, rotations, jumps)."""
    rng = random.Random(seed)
    pos = position(random_game(rng) if seed % 2 else random_document(rng))
    for _ in range(40):
        actions = legal_actions(pos)
        if not actions:
            assert pos.winner >= 0
            break
        assert actions[-1].verb is Verb.END
        action = rng.choice(actions)
        if action.needs_cards:
            action = with_cards(pos, action, rng)
        before = pos.players[pos.to_move].ap
        mover = pos.to_move
        pos, events = apply(pos, action)
        assert events, format_action(action)
        assert position_problems(pos) == [], format_action(action)
        if action.verb is not Verb.END:
            free = action.verb is Verb.ATTACK and any("free melee" in e.text for e in events)
            assert pos.players[mover].ap == before - (0 if free else 1)
        assert all(0 <= p.ap <= MAX_AP for p in pos.players)
        again = load_text(dumps(pos)).position
        assert to_json(again) == to_json(pos)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 20))
def test_every_legal_action_is_written_so_that_it_reads_back(seed: int, pick: int) -> None:
    pos = position(random_document(random.Random(seed)))
    actions = legal_actions(pos)
    action = actions[pick % len(actions)]
    assert parse_action(format_action(action)) == action
