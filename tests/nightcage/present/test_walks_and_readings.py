"""A turn's walk drawn by ``render`` as a stepped page draws it (the workbench's plan view and ``solve --render``
agree), and a stepped page's other reading that says what differs rather than what the position awaits."""

from __future__ import annotations

from typing import Any

from solver.base.limits import Limits
from solver.nightcage.endgame.solving import solve_position
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.present.frames import adjudication_frames, plan_frames, walk_overlays
from solver.nightcage.rules.adjudicate import adjudicate
from solver.protocol.commands import execute
from solver.protocol.requests import RequestError, parse_request
from tests.paths import ROOT
from tests.protocol_client import position


def run(doc: dict[str, Any]) -> dict[str, Any]:
    try:
        request = parse_request({"id": 1, **doc})
    except RequestError as exc:
        return exc.line()
    return execute(request, lambda _: None, lambda: False)


def test_render_draws_a_turns_walk_as_the_stepped_page_draws_it() -> None:
    start = load_path(str(ROOT / "scenarios/endgames/03-stay-then-sprint.toml"))[0]
    plan = solve_position(start.state, limits=Limits(time_limit=20)).primary.plan
    frames = plan_frames(start.state, plan)
    for number, turn in enumerate(plan):
        assert walk_overlays(frames[number].state, turn.actions) == frames[number].overlays
    moving = next(n for n, turn in enumerate(plan) if frames[n].overlays.paths)
    doc = position("endgames/03-stay-then-sprint") if moving == 0 else to_json(frames[moving].state)
    line = run({"command": "render", "position": doc, "format": "svg", "walk": list(plan[moving].actions)})
    assert line["type"] == "result", line
    board = line["result"]["board"]
    assert board.count('class="path"') == len(frames[moving].overlays.paths) >= 1
    assert board.count('class="highlight"') == (1 if frames[moving].overlays.highlight else 0)


def test_render_without_a_walk_draws_none_and_a_refused_walk_says_why() -> None:
    wax = position("rulebook/wax-eater-sight")
    assert 'class="path"' not in run({"command": "render", "position": wax, "format": "svg"})["result"]["board"]
    refused = run({"command": "render", "position": wax, "format": "svg", "walk": ["move S", "move S"]})
    assert refused["type"] == "error" and refused["error"] == "invalid request" and refused["message"].startswith("walk: ")


def test_the_other_readings_line_says_what_differs() -> None:
    start = load_path(str(ROOT / "scenarios/rulebook/wax-eater-sight.toml"))[0]
    last = adjudication_frames(adjudicate(start.state, ["move N"]))[-1]
    line = next(note for note in last.notes if "RULING-LOS-END" in note)
    assert line.startswith("under the other reading of RULING-LOS-END (the sight line stops before that tile): ")
    assert "candle: out here, lit under the other reading" in line and "now " not in line
