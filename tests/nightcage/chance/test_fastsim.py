"""The simulator with the pile revealed tile by tile (:mod:`solver.nightcage.chance.fastsim`), and a turn
walked by replay (:mod:`solver.nightcage.chance.turns`), against the rules engine, successor for successor.

From turn starts with a pile of unknown order (real mid-game positions of the chance corpus, the
chance scenarios, random games of the standard, five-prisoner and advanced setups), random paths
through the turn's tree are followed in the simulator and in the engine side by side: every decision
must offer the engine's legal actions, every draw the engine's outcomes with the engine's odds, and
every path must end where the engine ends (the next turn start, or the game's end).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from solver.base.errors import NotCovered
from solver.nightcage.chance.fastsim import ChanceSim, burn_outcomes, chance_state, compile_chance, position_key
from solver.nightcage.chance.turns import CHANCE, Frontier, resumable, step, step_from
from solver.nightcage.model.actions import Verb, format_action
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TYPE_INDEX
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import loads
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type, outcome
from solver.nightcage.sim.convert import option_text
from solver.nightcage.sim.position import SLOTS
from tests.paths import ROOT
from tests.playouts import playout

CORPUS = ROOT / "benchmarks" / "chance"


def corpus_states() -> list[GameState]:
    index = json.loads((CORPUS / "index.json").read_text())
    return [loads((CORPUS / e["file"]).read_text())[0].state for e in index]


def scenario_states() -> list[GameState]:
    return [load_path(str(p))[0].state for p in sorted((ROOT / "scenarios" / "chance").glob("*.toml"))]


def random_turn_starts(setup: Setup, seeds: range, every: int) -> list[GameState]:
    """Turn starts of random engine games with the pile's order unknown (every ``every``-th one)."""
    out = []
    for seed in seeds:
        starts = [s for s in playout(seed, known_order=False, max_steps=300, setup=setup) if s.pending is None and outcome(s) is None]
        out += starts[1::every]
    return out


def draw_key(action: Any) -> tuple[int, ...]:
    """An engine draw or burn as the sorted type indices of the tiles it takes."""
    if action.verb == Verb.DRAW:
        return (TYPE_INDEX[action.tile_type],)
    return tuple(sorted(TYPE_INDEX[t] for t in action.types))


def settle(state: GameState, opened: bool) -> GameState:
    """The engine past the decisions and draws with a single outcome (the simulator asks none),
    stopping at the next turn start once the turn is under way."""
    while outcome(state) is None and (state.pending is not None or not opened):
        if node_type(state) == "chance":
            draws = chance_outcomes(state)
            if len(draws) != 1:
                break
            state = apply(state, draws[0][0])[0]
        else:
            actions = legal_actions(state)
            if len(actions) != 1:
                break
            state = apply(state, actions[0])[0]
        opened = True
    return state


def pile_view(state: GameState) -> tuple[tuple[int, ...], ...]:
    if state.pile.order is not None:
        return tuple((TYPE_INDEX[t],) for t in state.pile.order)
    return tuple(layer for layer in state.pile.layers if sum(layer))


def same_position(mine: GameState, engine: GameState) -> bool:
    """Equal as positions (the pile compared by its layers' contents, whatever its written form)."""
    return replace(mine, pile=Pile()) == replace(engine, pile=Pile()) and pile_view(mine) == pile_view(engine)


def walk(root: GameState, rng: random.Random, paths: int) -> int:
    """Follow ``paths`` random paths through the root's turn in both; the number of frontiers compared."""
    sim = compile_chance(root)
    names = tuple(p.name for p in root.prisoners)
    compared = 0
    for _ in range(paths):
        script: list[int] = []
        state = settle(root, opened=False)
        while True:
            here = step(sim, script)
            if isinstance(here, str):
                over = outcome(state)
                assert over is not None and over.result == here, f"{format_script(script)}: the simulator says {here}"
                break
            if isinstance(here, ChanceSim):
                assert state.pending is None and same_position(chance_state(here, root), state), format_script(script)
                break
            compared += 1
            i = rng.randrange(len(here.options)) if here.options else -1
            if here.kind == CHANCE:
                assert node_type(state) == "chance", f"{format_script(script)}: the engine awaits a decision"
                engine = {draw_key(a): (a, p) for a, p in chance_outcomes(state)}
                mine = {(o,) if isinstance(o, int) else o: p for o, p in here.options}
                assert {k: p for k, (_, p) in engine.items()} == mine, f"{format_script(script)}: draws differ"
                o = here.options[i][0]
                action = engine[(o,) if isinstance(o, int) else o][0]
            else:
                assert node_type(state) == "decision", f"{format_script(script)}: the engine awaits a draw"
                legal = {format_action(a, root.size): a for a in legal_actions(state)}
                offered = [option_text(o, root.size, names, here.sim.turn) for o in here.options]
                assert sorted(offered) == sorted(legal), f"{format_script(script)}: {sorted(offered)} != {sorted(legal)}"
                if i < 0:
                    break
                action = legal[offered[i]]
            state = settle(apply(state, action)[0], opened=True)
            script.append(i)
    return compared


def format_script(script: list[int]) -> str:
    return f"after script {script}"


def walk_all(states: list[GameState], seed: int, paths: int) -> int:
    rng = random.Random(seed)
    compared = 0
    for state in states:
        try:
            compared += walk(state, rng, paths)
        except NotCovered:
            continue
    return compared


def test_real_positions_step_as_the_engine_does() -> None:
    assert walk_all(corpus_states()[:40] + scenario_states(), 1, 12) > 300


@pytest.mark.parametrize("setup", [Setup(), Setup(base="five"), Setup(base="advanced", supreme=(("pathless", 2), ("omen", 2)))],
                         ids=["standard", "five", "advanced-supreme"])
def test_random_turn_starts_step_as_the_engine_does(setup: Setup) -> None:
    assert walk_all(random_turn_starts(setup, range(2), every=3), 2, 6) > 50


def test_draws_come_from_the_current_layer_with_the_engines_odds() -> None:
    state = random_turn_starts(Setup(), range(1), every=1)[2]
    sim = compile_chance(state)
    seen: list[list[tuple[Any, Fraction]]] = []

    def reveal(outcomes: list[tuple[Any, Fraction]]) -> int:
        seen.append(outcomes)
        return 0

    sim.reveal = reveal
    layer = state.pile.top_layer()
    total = sum(layer)
    sim.next_tile()
    assert seen[-1] == [(t, Fraction(k, total)) for t, k in enumerate(layer) if k]
    assert [(m, p) for m, p in burn_outcomes([1, 1, 2, 4], 2)] == [
        ((1, 1), Fraction(1, 6)), ((1, 2), Fraction(2, 6)), ((1, 4), Fraction(2, 6)), ((2, 4), Fraction(1, 6))]


def test_the_key_ignores_the_piles_arrangement() -> None:
    state = corpus_states()[0]
    one, two = compile_chance(state), compile_chance(state)
    two.order = two.order[::-1]
    assert position_key(one) == position_key(two)
    moved = compile_chance(replace(state, turn=(state.turn + 1) % len(state.prisoners)))
    assert position_key(moved) != position_key(one)


def test_a_frontier_names_the_decision() -> None:
    here = step(compile_chance(scenario_states()[0]), [])
    assert isinstance(here, Frontier) and here.decision == "main" and here.kind != CHANCE


HOOKS = frozenset({"tb", "choose", "reveal", "on_turn", "log"})
"""A simulator's slots that are not the position (the board's tables, the hooks)."""


def sim_state(sim: ChanceSim) -> dict[str, Any]:
    return {name: getattr(sim, name) for name in (*SLOTS, *ChanceSim.__slots__) if name not in HOOKS}


def same_point(resumed: Frontier | str | ChanceSim, replayed: Frontier | str | ChanceSim) -> bool:
    """The same frontier (decision, options, position), the same end, or the same next turn start."""
    if isinstance(replayed, str) or isinstance(resumed, str):
        return resumed == replayed
    if isinstance(replayed, Frontier):
        return (isinstance(resumed, Frontier) and (resumed.kind, resumed.decision, resumed.options) ==
                (replayed.kind, replayed.decision, replayed.options) and sim_state(resumed.sim) == sim_state(replayed.sim))
    return isinstance(resumed, ChanceSim) and sim_state(resumed) == sim_state(replayed)


def resumed_points(root: GameState, most: int, resumed: Counter[str]) -> int:
    """Every point of the root's turn (the first ``most`` met depth first) replayed from its turn start, and from
    the last decision on its way the turn can be resumed at (counted in ``resumed`` by that decision): the
    points compared."""
    sim = compile_chance(root)
    compared = 0
    todo: list[tuple[list[int], tuple[Frontier, int] | None]] = [([], None)]
    while todo and compared < most:
        script, at = todo.pop()
        here = step(sim, script)
        compared += 1
        if at is not None:
            resumed[at[0].decision] += 1
            again = step_from(at[0], script[at[1]:])
            assert same_point(again, here), f"{format_script(script)}: resumed at {at[0].decision} after {at[1]} steps"
            assert same_point(step_from(at[0], script[at[1]:]), again), "a resume changed the decision it resumed from"
        if isinstance(here, Frontier):
            below = (here, len(script)) if resumable(here) else at
            todo += [([*script, i], below) for i in range(len(here.options))]
    return compared


def test_a_turn_resumed_at_a_decision_goes_on_as_its_replay() -> None:
    """:func:`step_from` against :func:`step` at every point of turns of real positions, scenarios and random
    games (advanced pieces and omens included): the same frontiers, ends and next turn starts."""
    states = corpus_states() + scenario_states() + random_turn_starts(
        Setup(base="advanced", supreme=(("pathless", 2), ("omen", 2))), range(2), every=3)
    compared = 0
    resumed: Counter[str] = Counter()
    for state in states:
        try:
            compared += resumed_points(state, 100, resumed)
        except NotCovered:
            continue
    assert compared > sum(resumed.values()) > 2_000
    assert all(resumed[decision] >= 20 for decision in ("main", "again", "extra")), resumed


def test_a_turn_resumes_only_at_a_decision_that_allows_it() -> None:
    here = step(compile_chance(scenario_states()[0]), [])
    assert isinstance(here, Frontier) and resumable(here)
    with pytest.raises(ValueError, match="cannot be resumed"):
        here.sim.copy().resume("place")


def test_an_option_told_lost_at_once_loses_when_played() -> None:
    """:meth:`~solver.nightcage.sim.placing.Placing.loses_at_once`, which the chance search asks instead of replaying
    a landing or a placement, against the replay of every land and place option met in the turns of real
    positions (the turn trees of each position and of turn starts after it, the latest first: landings come
    turns after a fall): every option it calls lost loses, and it calls lost landings and placements both."""
    told: Counter[tuple[str, bool]] = Counter()
    for name in ("0012", "0072", "0030"):
        state = loads((CORPUS / f"{name}.json").read_text())[0].state
        starts, seen = [compile_chance(state)], set()
        while starts and len(seen) < 80:
            root = starts.pop()
            if position_key(root) in seen:
                continue
            seen.add(position_key(root))
            todo: list[list[int]] = [[]]
            while todo:
                script = todo.pop()
                here = step(root, script)
                if isinstance(here, ChanceSim):
                    starts.append(here)
                if not isinstance(here, Frontier):
                    continue
                for i in range(len(here.options)):
                    todo.append([*script, i])
                    if here.kind != CHANCE and here.decision in ("land", "place"):
                        lost = here.sim.loses_at_once(here.decision, here.options, i)
                        told[here.decision, lost] += 1
                        if lost:
                            assert step(root, [*script, i]) == "lose", f"{name}: {format_script([*script, i])}"
    assert told["land", True] >= 20 and told["place", True] >= 20, told
    assert told["land", False] + told["place", False] >= 20, told
