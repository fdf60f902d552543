"""The fast simulator (:mod:`solver.nightcage.sim.game`) against the rules engine.

Seeded rollouts are recorded and replayed through :func:`solver.nightcage.rules.engine.apply`
from ``record.start`` (the position with the pile order the rollout used):
every decision must offer exactly the engine's legal actions, every turn must
end in the engine's position, and the engine must reach the rollout's result.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from solver.base.errors import LueurError, NotCovered
from solver.nightcage.model.actions import format_action, parse_action
from solver.nightcage.model.newgame import new_game, shuffled
from solver.nightcage.model.rulings import DEFAULT_RULINGS
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TYPE_INDEX, Kind, Tile
from solver.nightcage.notation.forms import load_path, load_text
from solver.nightcage.rules.engine import apply, legal_actions, node_type, outcome
from solver.nightcage.sim.convert import compile_state, to_state
from solver.nightcage.sim.game import Game, Record, rollout
from solver.nightcage.sim.policies import GreedyPolicy, RandomPolicy
from tests.paths import ROOT, night_cage_scenarios
from tests.playouts import sample_states

POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}
SCENARIOS = ROOT / "scenarios"


def mismatch(record: Record, result: str) -> str | None:
    """Where the engine disagrees with a recorded rollout (None: nowhere)."""
    state = record.start
    size = state.size
    ends = dict(record.turn_ends)
    counts = [k for k, _ in record.turn_ends]
    if counts != sorted(set(counts)) or (counts and not 0 < counts[0] <= counts[-1] <= len(record.decisions)):
        return f"turn ends at impossible decision counts: {counts}"
    for k, d in enumerate(record.decisions):
        where = f"decision {k} ({d.kind}, turn of {state.active.name})"
        if node_type(state) != "decision":
            return f"{where}: the engine is at a {node_type(state)} node"
        legal = {format_action(a, size) for a in legal_actions(state)}
        offered = set(d.options)
        if offered != legal or len(offered) != len(d.options):
            return f"{where}: only the simulator offers {sorted(offered - legal)}, only the engine {sorted(legal - offered)}"
        try:
            state = apply(state, parse_action(d.chosen, size))[0]
        except LueurError as exc:
            return f"{where}: the engine refuses {d.chosen!r}: {exc}"
        if k + 1 in ends and ends[k + 1] != state:
            return f"the turn ending after decision {k} differs from the engine's position"
    over = outcome(state)
    if over is None or over.result != result:
        return f"the simulator says {result}, the engine {over.result if over else 'not over'}"
    if replace(state, pending=None) != record.final:
        return "the final position differs from the engine's"
    return None


def replay_failures(state: GameState, policy: str, seeds: range) -> list[str]:
    """The seeds whose recorded rollout from ``state`` the engine disagrees with, and where."""
    game = Game(state)
    failures = []
    for seed in seeds:
        r = game.rollout(POLICIES[policy](random.Random(seed)), random.Random(seed + 1000), record=True)
        assert r.record is not None
        problem = mismatch(r.record, r.result)
        if problem:
            failures.append(f"{policy} seed {seed}: {problem}")
    return failures


# -- whole games from the standard setups ----------------------------------------------------------


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("base", "games"), [("standard", 60), ("five", 20), ("advanced", 30), ("advanced-five", 10)])
def test_new_games_replay_in_the_engine(base: str, games: int, policy: str) -> None:
    failures = replay_failures(new_game(Setup(base=base)), policy, range(games))
    assert not failures, "\n".join(failures)


def test_known_pile_order_is_kept() -> None:
    state = new_game(Setup(), rng=random.Random(3))
    failures = replay_failures(state, "random", range(5))
    assert not failures, "\n".join(failures)
    r = rollout(state, RandomPolicy(random.Random(0)), random.Random(0), record=True)
    assert r.record is not None and r.record.start == state


# -- scenario positions and positions from engine playouts -------------------------------------------


ADVANCED_KINDS = frozenset({Kind.KEEPER, Kind.PATHLESS})


def simulated_scenarios() -> list[tuple[str, GameState]]:
    """The scenarios that are turn starts under the default rulings, game not over."""
    out = []
    for path in night_cage_scenarios():
        try:
            state = load_path(path)[0].state
            Game(state)
        except (LueurError, ValueError):
            continue  # deliberately invalid, other rulings, a turn under way
        if outcome(state) is None:
            out.append((str(path.relative_to(SCENARIOS)), state))
    return out


def test_scenarios_replay_in_the_engine() -> None:
    cases = simulated_scenarios()
    assert len(cases) >= 20, "fewer simulated scenarios than expected: did the loading break?"
    advanced = [name for name, state in cases if any(t is not None and t.kind in ADVANCED_KINDS for t in state.tiles)]
    assert len(advanced) >= 12, f"the simulator takes too few scenarios with keepers or pathless: {advanced}"
    failures = [
        f"{name}: {failure}" for name, state in cases for policy in POLICIES for failure in replay_failures(state, policy, range(4))
    ]
    assert not failures, "\n".join(failures)


def test_playout_positions_replay_in_the_engine() -> None:
    """Turn starts reached by random engine games: Lights Out, falling prisoners, both board sizes."""
    starts = []
    for state in sample_states():
        if state.pending is None and outcome(state) is None:
            try:
                Game(state)
            except NotCovered:
                continue
            starts.append(state)
    assert len(starts) >= 30
    failures = [f"start {i}: {f}" for i, state in enumerate(starts[::2]) for p in POLICIES for f in replay_failures(state, p, range(1))]
    assert not failures, "\n".join(failures)


# -- a dead end: both sides wait forever --------------------------------------------------------------

NO_LANDING = '''
turn = "red"
board = """
     a     b     c     d     e     f
6    .     .     .     .     .     .
5    .     .     .     .     .     .
4    .     .     .     .     .     .
3    P/I   I:EW  P/I   I:EW  P/I   I:EW
2    .     .     .     .     .     .
1    .     .     .     .     .     .
"""
prisoners = [
  { name = "red", falling = "row 3" },
  { name = "blue", at = "b3" },
  { name = "green", at = "d3" },
  { name = "yellow", at = "f3" },
]

[pile]
count = 9
contents = { t = 4, key = 4, gate = 1 }
'''


def test_nowhere_to_land_loses_in_both() -> None:
    """Red must land on row 3, all pits and occupied tiles, and the board has no other
    tile: the game is lost at once (docs/rules-notes.md, "a line with nowhere to land")."""
    state = load_text(NO_LANDING, "no-landing.toml")[0].state
    over = outcome(state)
    assert over is not None and over.result == "lose"
    assert rollout(state, RandomPolicy(random.Random(0)), random.Random(0)).result == "lose"


def test_a_full_line_falls_back_to_the_whole_board_in_both() -> None:
    """The same, with blue on a cross lighting two free straights off row 3 (b2, b4):
    the only tiles red can land on."""
    text = NO_LANDING.replace("3    P/I   I:EW  P/I", "3    P/I   X     P/I")
    text = text.replace("4    .     .     .", "4    .     I:NS  .").replace("2    .     .     .", "2    .     I:NS  .")
    state = load_text(text, "board-landing.toml")[0].state
    assert outcome(state) is None
    assert sorted(format_action(a, state.size) for a in legal_actions(state)) == ["land b2", "land b4"]
    record = rollout(state, RandomPolicy(random.Random(0)), random.Random(0), record=True).record
    assert record is not None and sorted(record.decisions[0].options) == ["land b2", "land b4"]


# -- reproducibility ------------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_same_seeds_same_game(policy: str) -> None:
    state = new_game(Setup())
    game = Game(state)
    def run(seed: int, record: bool) -> tuple:
        r = game.rollout(POLICIES[policy](random.Random(seed)), random.Random(seed), record=record)
        return r.result, r.turns, r.decisions, r.record

    for seed in range(5):
        first = run(seed, True)
        assert run(seed, True) == first  # the whole record: every option, every turn's position
        assert run(seed, False)[:3] == first[:3]  # recording changes nothing
        assert game.play(POLICIES[policy](random.Random(seed)), random.Random(seed)) == first[:2]
        again = rollout(state, POLICIES[policy](random.Random(seed)), random.Random(seed), record=True)
        assert (again.result, again.turns, again.decisions, again.record) == first  # a fresh Game too


def test_unknown_pile_drawn_as_newgame_shuffles() -> None:
    state = new_game(Setup())
    r = rollout(state, RandomPolicy(random.Random(1)), random.Random(9), record=True)
    assert r.record is not None and r.record.start == shuffled(state, random.Random(9))


# -- what is not simulated ---------------------------------------------------------------------------


def test_games_with_omens_replay_in_the_engine() -> None:
    """Omens in the pile: set aside, then the Dirge laid (a decision the rollouts take)."""
    laid = 0
    for base in ("standard", "advanced"):
        state = new_game(Setup(base=base, supreme=(("pathless", 2), ("omens", 2))))
        game = Game(state)
        for seed in range(12):
            r = game.rollout(RandomPolicy(random.Random(seed)), random.Random(seed), record=True)
            assert r.record is not None
            assert mismatch(r.record, r.result) is None, f"{base} seed {seed}: {mismatch(r.record, r.result)}"
            laid += any(d.kind == "dirge" for d in r.record.decisions)
    assert laid >= 2, "no rollout laid the Dirge"


def test_the_advanced_games_are_simulated() -> None:
    """Keepers, pit fiends and the pathless are played (their games replay above)."""
    for setup in (Setup(base="advanced"), Setup(base="advanced-five"), Setup(supreme=(("pathless", 2),))):
        assert rollout(new_game(setup), RandomPolicy(random.Random(0)), random.Random(0)).result in ("win", "lose")


def test_the_omen_scenarios_are_simulated() -> None:
    """The omens' scenarios (the Dirge's Block, the first omen set aside, Q29) are turn starts
    the simulator plays (their rollouts replay in test_scenarios_replay_in_the_engine)."""
    names = {name for name, _ in simulated_scenarios()}
    assert {"omens/dirge-block.toml", "omens/first-omen-set-aside.toml"} <= names, sorted(n for n in names if "omen" in n)


def test_the_dirge_block_scenario_lays_the_dirge_as_the_engine_does() -> None:
    """RED's move draws the second omen: the simulator offers the engine's ``dirge`` placements,
    swallows who is under it, and the omens revealed (1, then 2) come back in the position."""
    state = load_path(SCENARIOS / "omens" / "dirge-block.toml")[0].state
    assert state.omens == 1
    game = Game(state)
    for seed in range(8):
        r = game.rollout(RandomPolicy(random.Random(seed)), random.Random(seed), record=True)
        assert r.record is not None and mismatch(r.record, r.result) is None
        dirges = [d for d in r.record.decisions if d.kind == "dirge"]
        if r.record.decisions[0].chosen == "move n":
            assert dirges and all(o.startswith("dirge ") for o in dirges[0].options)
        if dirges:
            after = r.record.turn_ends[0][1] if r.record.turn_ends else r.record.final
            assert after.omens == 2 and sum(1 for t in after.tiles if t is not None and t.dirge) in (0, 9)


def test_omens_and_the_dirge_convert_both_ways() -> None:
    """``omens`` and the Dirge's pit go into the simulator and come back unchanged."""
    keeper = load_path(SCENARIOS / "rulings" / "keeper-ranged-out.toml")[0].state
    size = keeper.size
    squares = [[(oy + y) * size + ox + x for y in range(3) for x in range(3)] for oy in range(size - 2) for ox in range(size - 2)]
    taken = {p.cell for p in keeper.prisoners}
    cells = next(sq for sq in squares if all(keeper.tiles[c] is None and c not in taken for c in sq))
    dirge = Tile(Kind.PIT, 0, False, dirge=True)
    tiles = tuple(dirge if c in cells else t for c, t in enumerate(keeper.tiles))
    state = shuffled(replace(keeper, tiles=tiles, omens=2), random.Random(0))
    sim = compile_state(state)
    assert sim.omens == 2 and sim.dirge == sum(1 << c for c in cells)
    back = to_state(sim.snapshot(), state, [TYPE_INDEX[t] for t in state.pile.order])
    assert back == state


def test_an_omen_at_rest_or_another_dirge_shape_raises() -> None:
    keeper = load_path(SCENARIOS / "rulings" / "keeper-ranged-out.toml")[0].state
    empty = keeper.tiles.index(None)
    omen = Tile.make(Kind.OMEN)
    with pytest.raises(NotCovered, match="omen"):
        Game(replace(keeper, tiles=keeper.tiles[:empty] + (omen,) + keeper.tiles[empty + 1 :]))
    line = tuple((x, 0) for x in range(9))
    with pytest.raises(NotCovered, match="dirge_shape"):
        Game(replace(keeper, rulings=replace(keeper.rulings, dirge_shape=line)))


def test_a_pit_fiend_lying_on_the_board_raises() -> None:
    """A pit fiend strikes as it is placed: one lying on the board is not a turn start the simulator plays."""
    state = load_path(SCENARIOS / "rulings" / "keeper-ranged-out.toml")[0].state
    cell = next(c for c, t in enumerate(state.tiles) if t is not None and t.kind is Kind.KEEPER)
    state = replace(state, tiles=state.tiles[:cell] + (Tile.make(Kind.PIT_FIEND),) + state.tiles[cell + 1 :])
    with pytest.raises(NotCovered, match="pit fiend"):
        Game(state)


def test_other_advanced_rulings_raise() -> None:
    state = load_path(SCENARIOS / "rulings" / "keeper-ranged-out.toml")[0].state
    for ruling in ("RULING-KEEPER-RANGED-OUT", "RULING-KEEPER-BACK", "RULING-PATHLESS-SIGHT"):
        with pytest.raises(NotCovered, match="default rulings"):
            Game(replace(state, rulings=DEFAULT_RULINGS.flipped(ruling)))


def test_other_rulings_raise() -> None:
    rulings = DEFAULT_RULINGS.flipped("RULING-FILL-ALL-LIT")
    with pytest.raises(NotCovered, match="default rulings"):
        Game(new_game(Setup(), rulings=rulings))


def test_turn_under_way_raises() -> None:
    state = new_game(Setup(), rng=random.Random(0))
    state = apply(state, legal_actions(state)[0])[0]
    assert state.pending is not None
    with pytest.raises(NotCovered, match="turn is under way"):
        Game(state)


def test_unknown_order_needs_one() -> None:
    with pytest.raises(NotCovered, match="order is unknown"):
        compile_state(new_game(Setup()))


def test_a_copy_holds_every_slot_and_shares_no_list_it_changes() -> None:
    from solver.nightcage.sim.position import SLOTS

    sim = compile_state(new_game(Setup(), rng=random.Random(5)))
    sim.choose = RandomPolicy(random.Random(1)).choose
    for _ in range(6):
        sim.play_turn()
    copy = sim.copy()
    for name in SLOTS:
        expected = None if name == "log" else getattr(sim, name)
        assert getattr(copy, name) == expected, name
    for name in ("typ", "opn", "pc", "pf", "lit", "nerve", "key", "unplaced", "spent"):
        assert getattr(copy, name) is not getattr(sim, name), name
