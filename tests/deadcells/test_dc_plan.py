"""``dc plan``: exact, lexicographic, replayed through the engine, and in agreement with an independent brute force.

The brute force (tests/deadcells/brute.py) re-implements the combat rules on
its own for a subset of the vocabulary and enumerates every sequence of
choices without a table; the random combats (solver/testing/deadcells.py)
are seeded, with 1 to 4 players (solo with Serenade's card unknown).
"""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction

import pytest

from solver.base.errors import LimitReached
from solver.base.limits import Limits
from solver.deadcells.analyses.plan import PlanError, plan, plan_position, verify
from solver.deadcells.notation.position import read
from solver.deadcells.rules.engine import Tally, tally
from solver.testing.deadcells import random_combat
from tests.deadcells.brute import best
from tests.deadcells.dc_builders import card, combat, monster, run, scenario
from tests.deadcells.test_dc_boss_solo import solo

SEEDS = range(200)
CHUNK = 20


@pytest.mark.parametrize("start", range(SEEDS.start, SEEDS.stop, CHUNK))
def test_the_plan_agrees_with_an_independent_brute_force(start: int) -> None:
    for seed in range(start, start + CHUNK):
        document = random_combat(seed)
        found = plan(read(copy.deepcopy(document)).combat)
        assert (found.value.alive, found.value.damage, found.value.kills, found.value.loot) == best(document), seed


def test_the_random_combats_cover_every_player_count_and_chance() -> None:
    counts = {random_combat(seed)["prisoners"].__len__() for seed in SEEDS}
    solos = sum(1 for seed in SEEDS if any(p.get("serenade") for p in random_combat(seed)["prisoners"]))
    assert counts == {2, 3, 4} and solos >= 20


def test_the_line_replayed_gives_the_value() -> None:
    document = scenario("rulebook-example.json")
    document["choices"] = []
    found = plan(read(document).combat)
    done = run(document, *found.line())
    at_end = tally(done.combat)
    assert (at_end.deaths, at_end.damage, at_end.kills) == (0, found.value.damage, found.value.kills)


def test_solo_plans_over_serenades_unknown_card() -> None:
    doc = solo()
    doc["cards"]["m"] = monster(2, II=[{"damage": 2, "first_player": True}])
    found = plan(read(doc).combat)
    chance = found.root
    while chance.kind == "decision":
        assert chance.rest is not None
        chance = chance.rest
    assert chance.kind == "chance" and [(o, p) for o, p, _ in chance.outcomes] == [
        ("reveal hum", Fraction(1, 3)), ("reveal song", Fraction(2, 3))]
    expected = sum((p * n.value.damage for _, p, n in chance.outcomes), Fraction(0))
    assert found.value.damage == expected and found.as_json()["proven"] is True


def test_the_objective_is_lexicographic_no_death_then_damage_then_kills_then_loot() -> None:
    # Ann may kill the monster before its round II hit, or loot 3 gold: less damage comes before more loot.
    cards = {"kill": card(I=[{"damage": 1, "range": ["R1"]}]), "grab": card(I=[{"loot": 1}]), "idle": card(),
             "m": monster(1, II=[{"damage": 1, "first_player": True}])}
    prisoners = [{"name": "Ann", "health": 3, "hand": ["kill", "grab"]}, {"name": "Bob", "health": 3, "hand": ["idle"]},
                 {"name": "Cy", "health": 3, "hand": ["idle"]}]
    doc = combat(cards, prisoners, {"R1": "m"}, loot={"gold": 3})
    assert plan(read(doc).combat).line()[0] == "play Ann kill"
    # With 1 health and the monster's hit at 1, no death comes first: the same choice, for a bigger reason.
    doc["prisoners"][0]["health"] = 1
    found = plan(read(doc).combat)
    assert found.line()[0] == "play Ann kill" and found.value.alive == 1
    # Without a threat a kill still comes before loot...
    doc["cards"]["m"] = monster(1)
    assert plan(read(doc).combat).line()[0] == "play Ann kill"
    # ... and with no kill to make either, the loot decides.
    doc["cards"]["m"] = monster(2)
    assert plan(read(doc).combat).line()[0] == "play Ann grab"


def test_a_limit_stops_the_search() -> None:
    document = scenario("rulebook-example.json")
    document["choices"] = []
    with pytest.raises(LimitReached):
        plan(read(document).combat, Limits(max_nodes=5))
    with pytest.raises(LimitReached):
        plan(read(document).combat, Limits(max_positions=5))


def test_after_the_rounds_the_plan_is_the_outcome() -> None:
    done = plan(run(scenario("rulebook-example.json")).combat)
    assert done.settled and done.line() == [] and done.value.kills == 2


def test_a_position_with_choices_is_planned_from_where_they_leave_it() -> None:
    document = scenario("rulebook-example.json")
    document["choices"] = document["choices"][:4]  # the cards as the table played them
    found = plan_position(read(document))
    # Given those cards, the table's play was the best: 2 damage taken, both monsters killed, 3 loot.
    assert found.line()[0] == "skill flayed-shield" and (found.value.damage, found.value.kills, found.value.loot) == (2, 2, 3)


def test_the_replay_catches_a_plan_the_engine_disagrees_with() -> None:
    document = scenario("rulebook-example.json")
    document["choices"] = []
    combat_ = read(document).combat
    found = plan(combat_)
    leaf = found.root
    path = []
    while leaf.rest is not None:
        path.append(leaf)
        leaf = leaf.rest
    assert leaf.tally is not None
    wrong = replace(leaf, tally=Tally(leaf.tally.deaths, leaf.tally.damage + 1, leaf.tally.kills, leaf.tally.loot))
    node = wrong
    for parent in reversed(path):
        node = replace(parent, rest=node)
    with pytest.raises(PlanError):
        verify(combat_, node)
