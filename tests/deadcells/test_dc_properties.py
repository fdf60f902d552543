"""Properties of the engine over random combats played by random choices (hypothesis).

Whatever the group chooses: the tokens stay in their bounds, every step cites
the rulebook, the same choices give the same combat, a position written with
its choices reads back the same, and no play does better than the plan.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.deadcells.analyses.plan import Value, plan_position
from solver.deadcells.model.rulebook import CITATIONS
from solver.deadcells.model.rulings import SWITCH_NAMES, TEXTS
from solver.deadcells.model.state import Combat
from solver.deadcells.notation.position import document_with_choices, read
from solver.deadcells.rules import engine
from solver.deadcells.rules.board import stage
from solver.deadcells.rules.engine import rounds_done, tally
from solver.deadcells.rules.events import Event
from solver.testing.deadcells import random_combat


def _play(seed: int, pick: int, rulings: dict[str, bool] | None = None) -> tuple[Combat, list[str], list[Event]]:
    document = random_combat(seed)
    if rulings:
        document["rulings"] = rulings
    loaded = read(document)
    rng = random.Random(pick)
    combat, choices, found = loaded.combat, [], list(loaded.opening)
    while (asked := engine.awaiting(combat)) is not None:
        choice = rng.choice(asked.options)
        choices.append(choice)
        combat = engine.apply(combat, choice, found)
        _check(combat)
    return combat, choices, found


def _check(combat: Combat) -> None:
    for prisoner in combat.prisoners:
        assert 0 <= prisoner.damage <= prisoner.health and prisoner.shields >= 0
        assert min(prisoner.states) >= 0 and (prisoner.dead or prisoner.states[2] <= 1)
        assert prisoner.dead == (prisoner.damage == prisoner.health)
    for enemy in combat.enemies:
        if enemy is not None:
            assert 0 <= enemy.damage < stage(combat, enemy).health and enemy.shields >= 0 and enemy.states[2] <= 1
    assert min(combat.bag) >= 0 and min(combat.loot) >= 0


SWITCHES = st.dictionaries(st.sampled_from(SWITCH_NAMES), st.booleans(), max_size=4)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), SWITCHES)
def test_any_play_keeps_the_tokens_in_bounds_and_cites_every_step(seed: int, pick: int, rulings: dict[str, bool]) -> None:
    combat, _, found = _play(seed, pick, rulings)
    assert combat.phase.value == "over"
    for event in found:
        assert event.cite is None or event.cite in CITATIONS
        assert event.ruling is None or event.ruling in TEXTS
        assert event.cite is not None or event.code in ("forced",), event


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_the_same_choices_give_the_same_combat_and_a_written_position_reads_back(seed: int, pick: int) -> None:
    combat, choices, found = _play(seed, pick)
    document = copy.deepcopy(random_combat(seed))
    document["choices"] = choices
    again = read(document)
    assert again.combat == combat and list(again.opening + again.events) == found
    assert read(document_with_choices(again)).combat == combat


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_no_play_beats_the_plan(seed: int, pick: int) -> None:
    document = random_combat(seed)
    if any(p.get("serenade") for p in document["prisoners"]):
        document["prisoners"][-1]["deck"] = sorted(document["prisoners"][-1]["deck"]["unknown"])  # full information
    loaded = read(document)
    best = plan_position(loaded).value
    rng = random.Random(pick)
    combat = engine.start(loaded.initial, until=rounds_done)
    while not rounds_done(combat) and (asked := engine.awaiting(combat)) is not None:
        combat = engine.apply(combat, rng.choice(asked.options), until=rounds_done)
    assert Value.of(tally(combat)).key() <= best.key()
