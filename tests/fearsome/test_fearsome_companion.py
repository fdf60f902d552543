"""Fearsome Floors through the protocol, as the workbench's companion plays it: a new game, what the position waits
for, actions played and told in sentences (the rulebook's example walk of the monster, step by step), a refused
action with its reason, and the board drawn with the forecast's paths."""

from __future__ import annotations

from typing import Any

import pytest

from solver.fearsome.notation.actions import ActionError, DrawAction, PawnAction, parse_action
from solver.protocol.commands import execute
from solver.protocol.requests import RequestError, parse_request
from tests.protocol_client import ff_position


def run(doc: dict[str, Any]) -> dict[str, Any]:
    try:
        request = parse_request({"id": 1, **doc})
    except RequestError as exc:
        return exc.line()
    return execute(request, lambda _: None, lambda: False)


def test_a_new_game_waits_for_the_first_player_and_lists_each_pawns_moves() -> None:
    new = run({"command": "ff.new", "players": 3})
    assert new["type"] == "result" and new["result"]["position"]["players"] == ["red", "blue", "green"]
    legal = run({"command": "ff.legal", "position": new["result"]["position"]})["result"]
    assert legal["phase"] == "pawns" and legal["to_move"] == "red" and legal["tiles"] == []
    assert [p["pawn"] for p in legal["pawns"]] == ["red1", "red3", "red4", "red5"]
    red1 = legal["pawns"][0]
    assert [m["action"] for m in red1["moves"]] == ["red1", "red1 in"]  # stay waiting, or enter


def test_the_advanced_game_is_placed_from_the_requests_seed() -> None:
    one = run({"command": "ff.new", "players": 2, "advanced": True, "seed": 7})["result"]["position"]
    again = run({"command": "ff.new", "players": 2, "advanced": True, "seed": 7})["result"]["position"]
    other = run({"command": "ff.new", "players": 2, "advanced": True, "seed": 8})["result"]["position"]
    assert one == again and one != other and one["advanced"] is True and one["teleporters"]


def test_moves_are_played_and_told_then_the_turn_passes() -> None:
    position = run({"command": "ff.new", "players": 2})["result"]["position"]
    line = run({"command": "ff.apply", "position": position, "actions": ["red4 in n n", "blue5 in w w w w"]})
    assert line["exit_code"] == 0
    texts = [e["text"] for e in line["result"]["events"]]
    assert texts[0] == "red4 goes in at the entrance, north, north and ends on p3; turned over, it shows 3 now."
    assert texts[1] == "Turn: blue to move (first turn: two pawns each)."
    assert "blue5 goes in at the entrance, west, west, west, west and ends on l1" in texts[2]
    pawns = {p["id"]: p for p in line["result"]["position"]["pawns"]}
    assert pawns["red4"]["at"] == "p3" and pawns["red4"]["face"] == "black"


def test_the_rulebooks_monster_walk_is_told_step_by_step() -> None:
    line = run({"command": "ff.apply", "position": ff_position("monster-eight-steps"), "actions": ["draw 8"]})
    texts = [e["text"] for e in line["result"]["events"]]
    assert texts[0] == "Tombstone 8 is drawn: the monster on j4, facing east, takes 8 steps."
    assert texts[3].startswith("Step 3: from j6 it sees") and "slides across the pool to m6; eats C" in texts[3]
    assert "the nearest are as near, so it keeps facing east" in texts[4]
    assert "pushes F from p6 off the board" in texts[5] and texts[5].endswith("crushes F.")
    assert texts[-3:-1] == ["F waits again by the entrance.", "G waits again by the entrance."]


def test_a_refused_action_says_why_and_keeps_the_position_before_it() -> None:
    position = ff_position("move-through-pawns")
    line = run({"command": "ff.apply", "position": position, "actions": ["draw 8"]})
    assert line["exit_code"] == 2 and line["result"]["refused"] == "draw 8"
    assert "cannot be drawn now" in line["result"]["reason"]
    nobody = run({"command": "ff.apply", "position": position, "actions": ["zed n"]})["result"]
    assert nobody["reason"].startswith("no pawn 'zed': the pawns are")
    bad = run({"command": "ff.apply", "position": position, "actions": ["five up"]})["result"]
    assert bad["reason"] == "'up' is not a step: n, e, s, w, in or out (e.g. 'five in n n')"


def test_the_board_is_drawn_with_every_tiles_path_or_one() -> None:
    position = ff_position("monster-eight-steps")
    plain = run({"command": "ff.render", "position": position})["result"]
    forecast = run({"command": "ff.render", "position": position, "forecast": True})["result"]
    one = run({"command": "ff.render", "position": position, "tile": "8"})["result"]
    assert plain["caption"] is None and plain["board"].startswith("<svg") and 'data-square="a11"' in plain["board"]
    assert forecast["caption"].startswith("The next tile: 7 (2/7), 8 (2/7)")
    assert forecast["board"].count('class="monster-path') > one["board"].count('class="monster-path') > 0
    assert one["caption"] == "Tile 8: the monster eats C, G; crushes F; it ends on p4."
    assert plain["status"][0] == "Monster phase: a tombstone is drawn next"
    refused = run({"command": "ff.render", "position": position, "tile": "9"})
    assert refused["type"] == "error" and "'9' is not one of none, 5, 7, 8, 10, prey1, prey2" in refused["message"]


@pytest.mark.parametrize(("text", "action"), [("red4", PawnAction("red4", ())), ("draw 10", DrawAction("10")),
                                              ("A in N e", PawnAction("A", ("in", "n", "e")))])
def test_the_action_text(text: str, action: Any) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize("text", ["", "draw", "draw 9", "draw 8 8", "x" * 201])
def test_a_text_that_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(ActionError):
        parse_action(text)
