"""Keepers and the pathless in the Final Flickers kernel, against the rules engine (issue 29).

The same check as the standard pieces' (:func:`tests.nightcage.endgame.test_endgame.cross_check`):
from a turn start, every result the rules engine reaches by trying every legal action is
exactly one the kernel gives, and every action sequence the kernel gives replays in the
engine to its result. Positions: :func:`tests.nightcage.endgame.advanced_samples.sample_advanced`
(keepers around the prisoners, often with a prisoner behind one, keys at even odds, a
pathless now and then), the advanced corpus's positions the kernel covers (all but the
Dirge's), and their successors; each keeper and pathless ruling is switched, and
RULING-KEEPER-KEY-TILE's both readings are played.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from solver.base.errors import NotCovered
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import canonical
from solver.nightcage.endgame.kernel.lighting import illuminated
from solver.nightcage.model.rulings import BOOLEAN_RULINGS, KEEPER_BACK, KEEPER_KEY_TILE, KEEPER_RANGED_OUT, PATHLESS_SIGHT, Rulings
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from tests.nightcage.endgame.advanced_samples import sample_advanced
from tests.nightcage.endgame.test_endgame import cross_check
from tests.paths import ROOT

ADVANCED = ROOT / "benchmarks" / "endgames" / "advanced"
KEEPER_RULINGS = (KEEPER_RANGED_OUT, KEEPER_BACK, PATHLESS_SIGHT, KEEPER_KEY_TILE)


def sampled(seed: int, five: bool = False, given: dict[str, bool] | None = None) -> GameState:
    return sample_advanced(random.Random(seed), five=five, rulings=Rulings.from_given(given or {}))


@cache
def corpus() -> tuple[GameState, ...]:
    """The advanced corpus's positions the kernel covers (the Dirge's pit is not played by it)."""
    out = []
    for path in sorted(ADVANCED.glob("[0-9]*.json")):
        state = load_path(path)[0].state
        if not any(t is not None and t.dirge for t in state.tiles):
            out.append(state)
    return tuple(out)


def with_rulings(state: GameState, given: dict[str, bool]) -> GameState:
    rulings = Rulings.from_given(given)
    return replace(state, rulings=rulings, setup=replace(state.setup, rulings=rulings))


# -- the cross-check ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(120))
def test_cross_check_sampled_positions(seed: int) -> None:
    cross_check(sampled(seed), replay=seed % 3 == 0)


@pytest.mark.parametrize("ruling", KEEPER_RULINGS + ("all",))
def test_cross_check_other_readings(ruling: str) -> None:
    given = {rid: False for rid in BOOLEAN_RULINGS} if ruling == "all" else {ruling: False}
    for seed in range(500, 520):
        cross_check(sampled(seed, given=given), replay=False)


def test_cross_check_five_prisoners() -> None:
    for seed in range(10):
        cross_check(sampled(seed, five=True), replay=False)


def test_cross_check_the_advanced_corpus_and_its_successors() -> None:
    states = corpus()
    assert len(states) >= 110, "every position but the Dirge's few"
    for state in states:
        found = cross_check(state, replay=False)
        live = [s for s in found if s.pending is None and eg.outcome(eg.from_state(s)) is None]
        for child in live[:2]:
            cross_check(child, replay=False)


def test_cross_check_the_keeper_corpus() -> None:
    """benchmarks/endgames/keepers: the hard layouts with keepers for wax eaters (issue 29)."""
    for path in sorted((ROOT / "benchmarks" / "endgames" / "keepers").glob("[0-9]*.json")):
        cross_check(load_path(path)[0].state, replay=False)


def test_the_samples_exercise_every_keeper_rule() -> None:
    """The cross-checks above are not vacuous: the samples' turns enter keepers from behind (with a
    key and without), charge them, pass keys on them, take their keys, and meet the pathless."""
    seen: Counter[str] = Counter()
    for seed in range(120):
        state = sampled(seed)
        k = eg.from_state(state)
        seen["pathless"] += bool(k[eg.PATHLESS])
        for after, actions in eg.successors(k):
            if "take" in actions:
                seen["take"] += 1
                if actions[actions.index("take") - 1].startswith("give"):
                    seen["give then take on a keeper"] += 1
            if after[eg.PIT] & k[eg.KEEPER]:
                seen["a keeper became a pit"] += 1
            if any(a.startswith("charge") for a in actions) and after[eg.PIT] & k[eg.KEEPER]:
                seen["a keeper charged"] += 1
            lit = illuminated(after[eg.CTX], after[eg.PRESENT : eg.PRISONERS], after[eg.PRISONERS :])
            if after[eg.KEEPER] & ~lit:
                seen["a keeper stays in the dark"] += 1
    assert all(seen[what] >= 5 for what in (
        "pathless", "take", "give then take on a keeper", "a keeper became a pit", "a keeper charged", "a keeper stays in the dark",
    )), seen


# -- the position -------------------------------------------------------------------------------------


def test_keepers_and_the_pathless_convert_both_ways() -> None:
    for state in corpus()[:40] + tuple(sampled(seed) for seed in range(40)):
        k = eg.from_state(state)
        assert eg.to_state(k, state) == state
        for cell, tile in enumerate(state.tiles):
            if tile is not None and tile.kind.value == "keeper":
                assert k[eg.KEEPER] >> cell & 1 and k[eg.MONSTER] >> cell & 1
                assert eg.facing(k[eg.PRESENT:eg.PRISONERS], cell) == (1, 2, 4, 8).index(tile.facing)


def test_the_dirge_is_still_refused() -> None:
    dirge = [load_path(p)[0].state for p in sorted(ADVANCED.glob("[0-9]*.json"))]
    dirge = [s for s in dirge if any(t is not None and t.dirge for t in s.tiles)]
    assert dirge
    for state in dirge:
        with pytest.raises(NotCovered, match="not modelled"):
            eg.from_state(state)


def test_a_pathless_keeps_every_tile_in_the_canonical_key() -> None:
    """A pathless reaches its row and file through anything: no tile is abstracted away."""
    for seed in range(60):
        k = eg.from_state(sampled(seed))
        key = canonical(k)
        if k[eg.PATHLESS]:
            assert key[3] == () and key[2] == k[eg.PRESENT:eg.PRISONERS]
