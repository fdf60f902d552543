"""A wax eater's sight line that runs into a pathless (scenarios/rulings/los-end-pathless.toml).

Under RULING-LOS-END's default the line stops on the pathless and it is in
sight: the attack reaches it and it attacks too; under the other reading the
line stops before it. The fast simulator plays it under the default reading (and
refuses the other); the end-game planners (kernel, CP-SAT, PDDL) do not model the
pathless: they refuse the position rather than answer by other rules.
"""

from __future__ import annotations

import pytest

from solver.base.errors import LueurError, NotCovered
from solver.nightcage.endgame.cpsat.planner import kernel_position
from solver.nightcage.endgame.kernel.convert import from_state
from solver.nightcage.endgame.pddl import export
from solver.nightcage.model.tiles import ALL_OPEN, Kind, Tile
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.sight import line_ends, sight
from solver.nightcage.sim.convert import compile_state
from tests.paths import ROOT
from tests.scenario_harness import with_rulings

SCENARIO = ROOT / "scenarios" / "rulings" / "los-end-pathless.toml"


def position(**rulings: bool):
    state = load_path(SCENARIO)[0].state
    return with_rulings(state, {f"RULING-{k.upper().replace('_', '-')}": v for k, v in rulings.items()})


def test_the_pathless_ends_the_line_and_is_in_sight_by_default() -> None:
    state = position()
    wax, pathless = state.geo.parse("d3"), state.geo.parse("c3")
    assert sight(state, wax) >> pathless & 1
    assert line_ends(state, wax) >> pathless & 1


def test_under_the_other_reading_the_line_stops_before_the_pathless() -> None:
    state = position(los_end=False)
    wax, pathless = state.geo.parse("d3"), state.geo.parse("c3")
    assert not sight(state, wax) >> pathless & 1


def test_no_line_passes_through_a_pathless() -> None:
    """A guard: the pathless ends the line, it does not open onto what lies beyond."""
    state = position()
    beyond = state.geo.parse("b3")
    state = state.with_tile(beyond, Tile.make(Kind.CROSS, ALL_OPEN))
    assert not sight(state, state.geo.parse("d3")) >> beyond & 1


@pytest.mark.parametrize("los_end", [True, False])
def test_the_simulator_sees_it_as_the_engine_and_the_planners_refuse(los_end: bool) -> None:
    """The simulator plays the pathless under the default reading (and sees the line end on it as the
    engine does); it refuses other readings, as the kernel, CP-SAT and PDDL refuse the pathless."""
    state = position(los_end=los_end)
    if los_end:
        sim = compile_state(state)
        wax, pathless = state.geo.parse("d3"), state.geo.parse("c3")
        assert dict(sim.sights())[1 << wax] == sight(state, wax)
        assert sim.sights() and dict(sim.sights())[1 << wax] >> pathless & 1
    else:
        with pytest.raises(NotCovered):
            compile_state(state)
    with pytest.raises(NotCovered):
        from_state(state)
    with pytest.raises(LueurError, match="CP-SAT"):
        kernel_position(state)
    with pytest.raises(LueurError):
        export(state)
