"""The last attempts that fell back to "not a choice at this moment": a tile placed on a
cell that awaits none, a stay's monster swapped onto a tile that is no neighbour, a key
passed to or from a prisoner off the board. ``legal --explain`` lists each with its
reason, and ``apply`` refuses it with the same (scenarios/refusals/)."""

from __future__ import annotations

import pytest

from solver.nightcage.notation.forms import load_path
from solver.nightcage.present.reports import legal_json
from solver.nightcage.rules.adjudicate import play
from tests.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "refusals"


@pytest.mark.parametrize(
    ("scenario", "actions", "candidate", "reason"),
    [
        ("give-off-board.toml", (), "give yellow", "yellow is off the board (falling)"),
        ("give-off-board.toml", (), "give yellow red", "yellow is off the board (falling)"),
        ("place-not-awaiting.toml", ("move E",), "place d2 t:NES", "d2 is not lit: the T drawn fills an empty cell"),
        ("swap-not-a-neighbour.toml", ("stay",), "swap e3", "e3 is not adjacent to red's tile on c3"),
        ("swap-not-a-neighbour.toml", ("stay",), "swap c3", "c3 is red's own tile"),
    ],
)
def test_legal_explain_lists_the_attempt_with_its_reason(scenario: str, actions: tuple[str, ...], candidate: str, reason: str) -> None:
    state = play(load_path(SCENARIOS / scenario)[0].state, list(actions)).state
    explained = {item["action"]: item["reason"] for item in legal_json(state, explain=True)["illegal"]}
    assert candidate in explained, sorted(explained)
    assert reason in explained[candidate]
    refused = play(load_path(SCENARIOS / scenario)[0].state, [*actions, candidate]).refused
    assert refused is not None and refused.reason == explained[candidate]


def test_the_place_listing_leaves_the_placements_alone() -> None:
    """The cells listed beside those awaiting the tile are refused; the awaited ones keep their options."""
    state = play(load_path(SCENARIOS / "place-not-awaiting.toml")[0].state, ["move E"]).state
    doc = legal_json(state, explain=True)
    awaited = [i["reason"] for i in doc["illegal"] if i["action"].startswith(("place c2", "place c4", "place d3"))]
    assert awaited and all("must open" in reason for reason in awaited)
    assert all("not a choice at this moment" not in i["reason"] for i in doc["illegal"])
