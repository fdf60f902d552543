"""The CP-SAT planner (solver.nightcage.endgame.cpsat.planner) against the search and against the kernel.

Three levels of agreement:

* **one turn**: with ``goal=False`` the model is the relation of a turn; every
  result it allows must be a result of :func:`solver.nightcage.endgame.kernel.successors` and
  every kernel result must be allowed (positions, keys, candles, Nerve, tiles;
  for wins, who stands where with what);
* **whole games**: the verdict, the optimal number of turns and the Nerve
  spent agree with :func:`solver.nightcage.endgame.search.solve` under both objectives;
* **plans**: every plan replays through the rules engine (``solve`` checks it
  itself; the tests check again).

Seeded positions come from :func:`solver.nightcage.endgame.kernel.sample_position` (prisoners
close together, wax eaters, pits, key tiles, shared gates, Lights Out, Nerve
0-2). The first tests take the ones both planners answer within about a
second; the sweeps after them take every seed of larger ranges, in parts.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from ortools.sat.python import cp_model

from solver.base.errors import UnsupportedError
from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame import search
from solver.nightcage.endgame.cpsat import planner as cpsat
from solver.nightcage.endgame.cpsat.board import board_of, tables_of
from solver.nightcage.endgame.cpsat.model import FlickersModel
from solver.nightcage.endgame.plan import PlanTurn, Solution, verify
from solver.nightcage.endgame.solving import solve_position
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.rulings import BOOLEAN_RULINGS, FLICKERS_OCCUPIED, NERVE_AFTER_GAIN, Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.engine import apply, parse_action
from solver.nightcage.rules.outcome import outcome
from solver.testing.endgame import sample_position
from tests.builders import position, prisoner
from tests.paths import ROOT

SLOW_TURNS = {41, 81, 95, 123, 141}
SLOW_NERVE = {15, 22, 24, 41, 44, 60, 81, 84, 95, 123, 132, 136, 141}
"""Seeds below 150 that take one planner or the other more than a second (the sweeps run them)."""


def sampled(seed: int, **kw: object) -> GameState:
    return sample_position(random.Random(seed), **kw)  # type: ignore[arg-type]


def with_rulings(state: GameState, given: dict[str, bool]) -> GameState:
    rulings = Rulings.from_given(given)
    return replace(state, rulings=rulings, setup=replace(state.setup, rulings=rulings))


def random_rulings(seed: int) -> dict[str, bool]:
    rng = random.Random(seed)
    return {rid: rng.random() < 0.5 for rid in BOOLEAN_RULINGS}


def seed_ranges(stop: int, size: int, start: int = 0) -> list[range]:
    """``start .. stop-1`` in ranges of ``size``: a sweep in parts, each well within the per-test time-out."""
    return [range(first, min(first + size, stop)) for first in range(start, stop, size)]


def seeds_id(seeds: range) -> str:
    return f"seeds {seeds.start}-{seeds.stop - 1}"


# -- agreement with the search -------------------------------------------------------------------------


def agree(state: GameState, objective: str, time_limit: float = 120.0) -> Solution | None:
    """Both planners answer alike where both answer (None when the search gave up or CP-SAT ran out of time;
    CP-SAT's unknown when it cannot bound a loss)."""
    expected = search.solve(state, objective=objective, limits=Limits(max_nodes=300_000))
    if expected.verdict == "unknown":
        return None
    found = cpsat.solve(state, objective=objective, limits=Limits(time_limit=time_limit))
    if found.verdict == "unknown" and not state.rulings.flickers_occupied and expected.verdict == "lose":
        assert "no length bound" in (found.reason or "")
        return found
    if found.verdict == "unknown":
        return None  # no answer within its time (how far it gets depends on the machine's load): nothing to compare
    assert (found.verdict, found.turns, found.nerve_spent) == (expected.verdict, expected.turns, expected.nerve_spent), (
        f"search: {expected.verdict} {expected.turns} turns {expected.nerve_spent} Nerve; "
        f"cpsat: {found.verdict} {found.turns} turns {found.nerve_spent} Nerve; {found.stats.notes}"
    )
    assert found.engine == "cpsat" and found.objective == objective
    if found.verdict == "win":
        check_plan(state, found)
    return found


def check_plan(state: GameState, sol: Solution) -> None:
    """The plan replays, names the right prisoner each turn, and its Nerve adds up."""
    boards = verify(state, sol.plan)
    for board, turn in zip(boards[:-1], sol.plan, strict=True):
        assert turn.prisoner == board.active.name
        for text in turn.actions:
            parse_action(text, state.size)
    assert sol.nerve_spent == sum(t.nerve for t in sol.plan)
    assert sol.stats.proven_optimal


def features(state: GameState) -> set[str]:
    """What a position exercises (for the coverage checks of the sweeps)."""
    board = board_of(eg.from_state(state))
    tables = tables_of(board)
    seen = {x for rays in tables.rays.values() for ray in rays for x in ray}
    out = set()
    if seen & set(board.start):
        out.add("wax eater sees a prisoner")
    if not all(board.lit):
        out.add("Lights Out")
    if any(board.key):
        out.add("key held")
    if board.keyed:
        out.add("key on a tile")
    if len(board.gates) >= 2:
        out.add("two gates")
    if board.crumbling:
        out.add("crumbling tile")
    if board.pits:
        out.add("pit")
    out |= {f"Nerve {n}" for n in board.nerve}
    return out


def test_agrees_with_the_search_on_sampled_positions():
    covered: dict[str, int] = {}
    wins = 0
    for seed in range(110):
        state = sampled(seed)
        for objective, slow in (("turns", SLOW_TURNS), ("nerve", SLOW_NERVE)):
            if seed in slow:
                continue
            found = agree(state, objective)
            wins += found is not None and found.verdict == "win" and (found.turns or 0) > 1
        for name in features(state):
            covered[name] = covered.get(name, 0) + 1
    assert wins >= 20, "multi-turn wins are the interesting cases"
    for name in (
        "wax eater sees a prisoner",
        "Lights Out",
        "key held",
        "key on a tile",
        "two gates",
        "crumbling tile",
        "pit",
        "Nerve 0",
        "Nerve 1",
        "Nerve 2",
    ):
        assert covered.get(name, 0) >= 5, f"the sweep covers too few positions with: {name}"


END_GAME_RULINGS = (*(r for r in eg.MODELLED_RULINGS if r != FLICKERS_OCCUPIED), NERVE_AFTER_GAIN)
"""The rulings an end-game turn could depend on, besides RULING-FF-OCCUPIED (tested with its scenario);
the others cannot matter once the pile is empty (see solver.nightcage.endgame.kernel)."""


@pytest.mark.parametrize("ruling", END_GAME_RULINGS)
def test_agrees_under_each_other_reading(ruling: str):
    for seed in range(16):
        if seed in SLOW_TURNS:
            continue
        agree(with_rulings(sampled(seed), {ruling: False}), "turns")


def test_agrees_on_five_prisoner_boards():
    for seed in (0, 1, 3, 4, 5, 6, 7, 8, 9, 10):
        agree(sampled(seed, setup=Setup(base="five")), "turns")


# The larger sweep, in parts (the whole module is slow: `make test` runs it, `make quick` leaves it out).


@pytest.mark.parametrize("seeds", seed_ranges(400, 50), ids=seeds_id)
def test_sweep_agrees_on_sampled_positions(seeds: range):
    for seed in seeds:
        for objective in ("turns", "nerve"):
            agree(sampled(seed), objective)


@pytest.mark.parametrize("ruling", END_GAME_RULINGS)
def test_sweep_agrees_under_each_other_reading(ruling: str):
    for seed in range(16, 100):
        agree(with_rulings(sampled(seed), {ruling: False}), "turns")


@pytest.mark.parametrize("seeds", seed_ranges(150, 50), ids=seeds_id)
def test_sweep_agrees_under_random_rulings(seeds: range):
    for seed in seeds:
        state = with_rulings(sampled(9000 + seed), random_rulings(seed))
        for objective in ("turns", "nerve"):
            if objective == "nerve" and not state.rulings.flickers_occupied:
                with pytest.raises(UnsupportedError):
                    cpsat.solve(state, objective=objective)
                continue
            agree(state, objective)


@pytest.mark.parametrize("seeds", seed_ranges(80, 40), ids=seeds_id)
def test_sweep_agrees_on_five_prisoner_boards(seeds: range):
    for seed in seeds:
        for objective in ("turns", "nerve"):
            agree(sampled(seed, setup=Setup(base="five")), objective)


# -- one turn: the model against the kernel ------------------------------------------------------------


class _Results(cp_model.CpSolverSolutionCallback):
    """Collects what each solution of a one-turn model leads to, in :func:`_kernel_result`'s form."""

    def __init__(self, model: FlickersModel) -> None:
        super().__init__()
        self.m = model
        self.found: set[tuple[object, ...]] = set()

    def on_solution_callback(self) -> None:
        m, board = self.m, self.m.board

        def v(x: object) -> bool:
            return x if isinstance(x, bool) else bool(self.boolean_value(x))

        def nerve(j: int) -> int:
            x = m.nerve[(1, j)]
            return x if isinstance(x, int) else int(self.value(x))

        places = [next(c for c in m.at_cells[(1, j)] if v(m.at[(1, j, c)])) for j in range(board.n)]
        people = tuple((places[j], v(m.key[(1, 0, j)]), nerve(j)) for j in range(board.n))
        if any(v(w) for w in m.win.values()):
            self.found.add(("win", people))
            return
        lit = tuple(v(m.lit[(1, 0, j)]) for j in range(board.n))
        tiles = tuple((c, v(m.solid[(1, 0, c)]), v(m.pit[(1, 0, c)]), v(m.keyed.get((1, 0, c), False))) for c in board.cells)
        self.found.add(("go", people, lit, tiles))


def _kernel_result(k2: eg.K, cells: tuple[int, ...]) -> tuple[object, ...]:
    ps = k2[eg.PRISONERS :]
    people = tuple((p & eg.POS, bool(p & eg.KEY), p >> eg.NERVE_SHIFT & 3) for p in ps)
    if eg.outcome(k2) == "win":
        return ("win", people)  # the kernel stops at the win: only who stands where with what counts
    lit = tuple(bool(p & eg.LIT) for p in ps)
    tiles = tuple(
        (c, bool(k2[eg.PRESENT] >> c & 1 and not k2[eg.PIT] >> c & 1), bool(k2[eg.PIT] >> c & 1), bool(k2[eg.KEYED] >> c & 1))
        for c in cells
    )
    return ("go", people, lit, tiles)


def one_turn_agrees(state: GameState) -> int:
    """The model's one-turn results are exactly the kernel's (losses left out); returns how many."""
    k = eg.from_state(state)
    board = board_of(k)
    model = FlickersModel(board, tables_of(board), 1, goal=False)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collect = _Results(model)
    status = solver.solve(model.model, collect)
    assert status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    expected = {_kernel_result(k2, board.cells) for k2, _ in eg.successors(k, include_losses=False)}
    extra, missing = collect.found - expected, expected - collect.found
    assert not extra and not missing, f"model only: {sorted(extra)[:2]}; kernel only: {sorted(missing)[:2]}"
    return len(expected)


def test_one_turn_is_the_kernels_turn():
    assert sum(one_turn_agrees(sampled(seed)) for seed in range(60)) > 500


def test_one_turn_under_random_rulings():
    for seed in range(40):
        one_turn_agrees(with_rulings(sampled(9000 + seed), random_rulings(seed)))


@pytest.mark.parametrize("seeds", seed_ranges(2000, 500, start=60), ids=seeds_id)
def test_one_turn_sweep(seeds: range):
    for seed in seeds:
        one_turn_agrees(sampled(seed))


def test_one_turn_sweep_under_random_rulings():
    for seed in range(40, 500):
        one_turn_agrees(with_rulings(sampled(9000 + seed), random_rulings(seed)))


def test_one_turn_sweep_on_five_prisoner_boards():
    for seed in range(300):
        one_turn_agrees(sampled(seed, setup=Setup(base="five")))


# -- the scenarios ---------------------------------------------------------------------------------------


def scenario(name: str) -> GameState:
    return load_path(ROOT / "scenarios" / name)[0].state


@pytest.mark.parametrize("objective", ["turns", "nerve"])
def test_rulebook_final_flickers(objective: str):
    """Green steps twice (1 Nerve) to the gate while the others burn spare tiles: 5 turns, 1 Nerve."""
    state = scenario("rulebook/final-flickers.toml")
    sol = agree(state, objective)
    assert sol is not None and (sol.verdict, sol.turns, sol.nerve_spent) == ("win", 5, 1)
    assert sol.plan[-1].prisoner == "green"


def test_ruling_ff_occupied():
    state = scenario("rulings/ff-occupied.toml")
    for objective in ("turns", "nerve"):
        sol = agree(state, objective)
        assert sol is not None and (sol.verdict, sol.turns, sol.nerve_spent) == ("win", 1, 0)
    alternative = with_rulings(state, {"RULING-FF-OCCUPIED": False})
    sol = agree(alternative, "turns")
    assert sol is not None and (sol.verdict, sol.turns) == ("win", 1)
    with pytest.raises(UnsupportedError, match="RULING-FF-OCCUPIED"):
        cpsat.solve(alternative, objective="nerve")


# -- positions built by hand -----------------------------------------------------------------------------


NAMES = ("red", "blue", "green", "yellow")


def near_win(yellow: dict[str, object], extra: dict[str, str] | None = None, **kw: object) -> GameState:
    """Red, blue and green hold keys on the gate c3; yellow (to play) is on e3."""
    on_gate = {"key": True, "nerve": 0}
    board = {"c3": "gate", "e3": "cross", **(extra if extra is not None else {"d3": "cross"})}
    people = [
        prisoner("red", "c3", **on_gate),
        prisoner("blue", "c3", **on_gate),
        prisoner("green", "c3", **on_gate),
        prisoner("yellow", "e3", **yellow),
    ]
    return position(board, people, turn="yellow", **kw)  # type: ignore[arg-type]


def test_two_steps_for_one_nerve():
    sol = agree(near_win({"key": True, "nerve": 1}), "turns")
    assert sol is not None and sol.plan == (PlanTurn("yellow", ("move W", "again", "move W"), 1),)


def test_charge_through_a_wax_eater_and_scramble_onto_the_gate():
    sol = agree(near_win({"key": True, "nerve": 1}, {"d3": "wax_eater"}), "turns")
    assert sol is not None and sol.plan == (PlanTurn("yellow", ("charge W", "scramble W"), 1),)


def test_keyless_prisoner_takes_the_key_tile_on_the_way():
    sol = agree(near_win({"key": False, "nerve": 1}, {"d3": "key!"}), "turns")
    assert sol is not None and (sol.turns, sol.nerve_spent) == (1, 1)


def test_lights_out_prisoner_walks_to_the_gate():
    # Lights Out changes nothing for moves; arriving next to the lit prisoners relights it.
    sol = agree(near_win({"key": True, "nerve": 1, "candle": "out"}), "turns")
    assert sol is not None and sol.plan == (PlanTurn("yellow", ("move W", "again", "move W"), 1),)
    lost = agree(near_win({"key": True, "nerve": 0, "candle": "out"}), "turns")
    assert lost is not None and lost.verdict == "lose", "one step, then too few spare tiles to burn"


def test_keys_pass_before_the_key_tile_crumbles():
    # Red holds a key on a key tile still holding its key; keyless blue stands next to it.
    state = position(
        {"c3": "key!", "d3": "cross", "b3": "cross", "a1": "gate", "b1": "cross"},
        [
            prisoner("red", "c3", key=True, nerve=0),
            prisoner("blue", "d3"),
            prisoner("green", "a1", key=True),
            prisoner("yellow", "b1", key=True),
        ],
        turn="red",
    )
    agree(state, "turns")
    agree(state, "nerve")


def test_a_pit_next_to_a_lights_out_prisoner_costs_nerve():
    """Red must discard the pit b3, not the plain tiles c2 or c4: with the pit there,
    Lights Out blue (whose gate opens toward it) has a jump, so with no Nerve it may not
    stay (§8.6) and must jump to its loss; without it, blue stays for free.
    (With Nerve blue would pay for its stay either way, §8.6 amended.)

    The search's canonical keys (solver.nightcage.endgame.bounds.canonical) count a pit and a plain
    tile alike when no prisoner can reach them, and answer 2 Nerve here (see the report).
    """
    state = position(
        {"c3": "gate", "b3": "pit/straight", "c4": "straight:EW", "c2": "straight:EW", "d3": "wax_eater", "e3": "cross"},
        [
            prisoner("red", "c3", key=True, nerve=0),
            prisoner("blue", "c3", key=True, nerve=0, candle="out"),
            prisoner("green", "e3", key=True, nerve=1),
            prisoner("yellow", "c3", key=True, nerve=0),
        ],
        turn="red",
    )
    sol = cpsat.solve(state)
    assert (sol.verdict, sol.turns, sol.nerve_spent) == ("win", 3, 1)
    assert sol.plan[0].actions == ("stay", "discard b3")
    check_plan(state, sol)
    plain = search.solve(state, canonical_keys=False)
    assert (plain.turns, plain.nerve_spent) == (3, 1)


# -- answers without a model -----------------------------------------------------------------------------


def test_already_won_and_already_lost():
    won = position({"c3": "gate"}, [prisoner(n, "c3", key=True) for n in NAMES])
    sol = cpsat.solve(won)
    assert (sol.verdict, sol.turns, sol.plan, sol.engine) == ("win", 0, (), "cpsat")
    cells = ("c3", "d3", "e3", "f3")
    lost = position(dict.fromkeys(cells, "cross"), [prisoner(n, c, key=True) for n, c in zip(NAMES, cells, strict=True)])  # no gate left
    over = outcome(lost)
    assert over is not None and over.result == "lose"
    sol = cpsat.solve(lost)
    assert (sol.verdict, sol.reason, sol.stats.proven_optimal) == ("lose", over.reason, True)


def test_a_loss_the_bounds_already_show():
    sol = cpsat.solve(sampled(0))  # no gate every prisoner can reach
    assert sol.verdict == "lose" and sol.stats.proven_optimal and sol.reason
    assert "gate" in sol.reason


def test_a_loss_proved_by_the_model():
    sol = cpsat.solve(sampled(2))
    assert sol.verdict == "lose"
    assert sol.reason is not None and sol.reason.startswith("no plan of at most") and "CP-SAT proved every horizon infeasible" in sol.reason
    assert sol.stats.horizon is not None and sol.stats.nodes >= 0
    assert any("CP-SAT branches" in note for note in sol.stats.notes)


def test_time_limit_gives_unknown():
    sol = cpsat.solve(sampled(22), limits=Limits(time_limit=1e-9))
    assert sol.verdict == "unknown" and "time limit" in (sol.reason or "")
    assert not sol.stats.proven_optimal


# -- what CP-SAT does not answer -------------------------------------------------------------------------


def test_unsupported_positions():
    with pytest.raises(UnsupportedError, match="the pile holds"):
        cpsat.solve(new_game(Setup(), rng=random.Random(1)))
    state = sampled(22)
    first = cpsat.solve(state).plan[0].actions[0]
    midturn, _ = apply(state, parse_action(first, state.size))
    assert midturn.pending is not None
    with pytest.raises(UnsupportedError, match="turn is under way"):
        cpsat.solve(midturn)
    keeper = position({"c3": "gate", "d3": "keeper^W"}, [prisoner(n, "c3", key=n != "red") for n in NAMES], setup={"base": "advanced"})
    with pytest.raises(UnsupportedError, match="standard"):
        cpsat.solve(keeper)
    with pytest.raises(ValueError):
        cpsat.solve(sampled(22), objective="fastest")


def test_both_engines_skip_cpsat_only_where_it_is_unsupported():
    alternative = with_rulings(sampled(22), {"RULING-FF-OCCUPIED": False})
    report = solve_position(alternative, engine="both", objective="nerve", limits=Limits(time_limit=30.0, max_nodes=100_000))
    assert "cpsat" in report.skipped and report.disagreement is None
    report = solve_position(sampled(22), engine="both", limits=Limits(time_limit=30.0, max_nodes=100_000))
    assert "cpsat" in report.others and report.disagreement is None


# -- hints and decoding ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [18, 22, 24, 36])
def test_the_search_plan_as_a_hint(seed: int):
    state = sampled(seed)
    expected = search.solve(state)
    hinted = cpsat.solve(state, hint=expected)
    assert (hinted.verdict, hinted.turns, hinted.nerve_spent) == (expected.verdict, expected.turns, expected.nerve_spent)
    check_plan(state, hinted)
    turns = cpsat.plan_decisions(state, expected.plan)
    assert turns is not None and len(turns) == len(expected.plan)


def test_a_hint_that_does_not_replay_is_ignored():
    state = sampled(22)
    wrong = search.solve(sampled(24))
    sol = cpsat.solve(state, hint=wrong)
    assert sol.verdict == "win"
    assert any("hint ignored" in note for note in sol.stats.notes)


def test_key_passes_as_actions():
    names = ("red", "blue", "green", "yellow")
    # The active red holds a key; blue (next to it) gets it.
    assert cpsat.key_passes(names, [0, 1], (True, False), (False, True), False) == ["give blue"]
    # Green's key goes to blue through keyless red.
    assert cpsat.key_passes(names, [0, 1, 2], (False, False, True), (False, True, False), False) == ["give green red", "give blue"]
    # Red gives its key away and takes the tile's.
    assert cpsat.key_passes(names, [0, 1], (True, False), (True, True), True) == ["give blue", "take"]
    assert cpsat.key_passes(names, [0], (False,), (False,), False) == []
    assert len(cpsat.key_configurations((True, False), True)) == 3


def test_model_size_and_horizon():
    board = board_of(eg.from_state(sampled(22)))
    model = FlickersModel(board, tables_of(board), 5)
    proto = model.model.proto
    assert 100 < len(proto.variables) < 20_000 and len(proto.constraints) > 0
    sol = cpsat.solve(sampled(22))
    assert sol.stats.horizon == sol.turns == 5
