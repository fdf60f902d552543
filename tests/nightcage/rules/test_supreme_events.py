"""What the supreme monsters' events say: a pathless's hits cite no sight-line ruling,
and the Dirge's pit, once no one lights it, goes back to the box rather than among the
discarded tiles (scenarios/rulebook/pathless-example.toml, scenarios/omens/)."""

from __future__ import annotations

from solver.nightcage.model.rulings import LOS_END
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.rules.adjudicate import play
from tests.paths import ROOT
from tests.scenario_harness import with_rulings

SCENARIOS = ROOT / "scenarios"


def test_a_pathless_hit_at_a_line_end_cites_no_sight_line_ruling() -> None:
    """Red on d3 stands where the pathless's west-facing line stops (its T is walled to the
    east), but a pathless hits its whole row and column: RULING-LOS-END decides nothing."""
    state = with_rulings(load_path(SCENARIOS / "rulebook/pathless-example.toml")[0].state, {"RULING-PATHLESS-SIGHT": False})
    result = play(state, ["stay", "move E"])
    assert result.refused is None, result.refused
    hits = [e for e in result.events if e.text.startswith("red on d3 is hit by the pathless")]
    assert hits and all(e.ruling != LOS_END for e in hits), [(e.text, e.ruling) for e in hits]


def test_the_dirge_pit_goes_back_to_the_box_not_among_the_discarded() -> None:
    """Laid over red, the Dirge is lit by no one once red falls: its nine cells leave
    the board as a whole, and no discard count grows by them."""
    state = load_path(SCENARIOS / "omens/first-omen-set-aside.toml")[0].state
    before = play(state, ["move E", "place c2 t:NES", "place c4 omen", "dirge b2", "noblock"])
    after = play(state, ["move E", "place c2 t:NES", "place c4 omen", "dirge b2", "noblock", "fall row"])
    assert after.refused is None, after.refused
    texts = [e.text for e in after.events]
    gone = [t for t in texts if "Dirge's pit" in t]
    assert gone and "goes back to the box as a whole" in gone[0] and "discarded" not in gone[0], texts
    assert not any("(pit)" in t and "discarded" in t for t in texts), texts
    assert sum(after.state.discarded) == sum(before.state.discarded), (before.state.discarded, after.state.discarded)
    assert to_json(after.state)["discarded"] == to_json(before.state)["discarded"]
