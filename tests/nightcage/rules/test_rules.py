"""Unit tests of the rules engine, one rule at a time, on small hand-built positions.

Positions use the standard setup (the discard is derived from its totals). The
prisoners not involved are falling (the pile is not empty, so they will land)
or stand on a gate; the pile holds enough keys and a gate so that no loss
condition interferes.
"""

from __future__ import annotations

import pytest

from solver.base.errors import IllegalActionError
from solver.nightcage.model.actions import format_action, parse_action
from solver.nightcage.model.state import PLACE
from solver.nightcage.rules.adjudicate import play
from solver.nightcage.rules.engine import apply, current, legal_actions, node_type, outcome
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.sight import sight
from tests.builders import position, prisoner

FALLING = [prisoner("blue", falling="row 1"), prisoner("green", falling="row 1"), prisoner("yellow", falling="row 1")]
SAFE_PILE = {"key": 4, "gate": 1}


def cells(state, mask: int) -> set[str]:
    return {state.geo.name(c) for c in range(state.geo.cells) if mask >> c & 1}


def legal(state) -> list[str]:
    return [format_action(a, state.size) for a in legal_actions(state)]


def run(state, *actions: str):
    result = play(state, list(actions))
    assert result.refused is None, result.refused
    return result


def fill(state):
    """Place every drawn tile in the first legal way (known pile order)."""
    while node_type(state) == "decision" and current(state).pending.front.name == PLACE:
        state = apply(state, legal_actions(state)[0])[0]
    return state


def tile_at(state, name: str):
    return state.tiles[state.geo.parse(name)]


# -- light and darkness ----------------------------------------------------------------


def test_a_passage_lights_a_neighbour_even_when_it_shows_a_wall() -> None:
    # Fig. 2A: c4's wall faces red, but red's north passage points at it, so it is lit.
    s = position(
        {"c3": "t:NES", "c4": "t:NEW", "d3": "cross", "c2": "cross"},
        [prisoner("red", "c3"), *FALLING],
        pile={**SAFE_PILE, "t": 5},
    )
    assert cells(s, illuminated(s)) == {"c3", "c4", "d3", "c2"}


def test_a_move_discards_what_no_one_lights_and_fills_what_it_lights() -> None:
    s = position(
        {"c3": "cross", "c4": "straight:NS", "d3": "cross", "c2": "cross", "b3": "cross"},
        [prisoner("red", "c3"), *FALLING],
        order=["t", "key", "key", "key", "key", "gate"],
    )
    after, events = apply(s, parse_action("move N", 6))
    assert tile_at(after, "c3") is not None  # still lit by the straight's south passage
    assert all(tile_at(after, c) is None for c in ("d3", "c2", "b3"))
    assert any(e.code == "darkness" for e in events)
    assert sorted(legal(after)) == ["place c5 t:ESW", "place c5 t:NES", "place c5 t:NSW"]  # must connect back south


# -- monsters ----------------------------------------------------------------------------


def wax_line(blue_nerve: int = 1, **rulings: bool):
    """A wax eater on e3 looks west across d3 (blue) to c3, a T met from its side (red)."""
    board = {"e3": "wax_eater", "d3": "cross", "c3": "t:NES", "c4": "cross", "c2": "cross", "d4": "cross", "d2": "cross"}
    given = {f"RULING-{k.replace('_', '-').upper()}": v for k, v in rulings.items()}
    return position(
        board,
        [prisoner("red", "c3"), prisoner("blue", "d3", nerve=blue_nerve), *FALLING[1:]],
        pile={**SAFE_PILE, "t": 4},
        rulings=given or None,
    )


def test_sight_includes_the_tile_where_the_line_stops() -> None:
    s = wax_line()
    assert cells(s, sight(s, s.geo.parse("e3"))) == {"d3", "c3"}
    alt = wax_line(los_end=False)
    assert cells(alt, sight(alt, alt.geo.parse("e3"))) == {"d3"}


def test_leaving_a_sight_line_triggers_the_monster_but_dodges_it() -> None:
    r = run(wax_line(), "move N", "burn t t t")
    texts = [e.text for e in r.events]
    assert any("attacks: red left its sight from c3" in t for t in texts)
    assert any(t.startswith("blue on d3 is hit") for t in texts)
    assert not any(t.startswith("red on") for t in texts)
    red, blue = r.state.prisoners[0], r.state.prisoners[1]
    assert red.lit and not blue.lit
    assert tile_at(r.state, "e3") is None  # a wax eater that attacked is discarded
    assert r.state.pile.count == 9 - 3


def test_other_readings_of_the_trigger_rulings() -> None:
    for alt in (wax_line(trigger_origin=False), wax_line(los_end=False)):
        r = run(alt, "move N")
        assert not any(e.code == "trigger" for e in r.events)


def test_a_monster_that_attacked_stays_while_lit_under_the_alternative_reading() -> None:
    # Blue leaves the wax eater's sight (d2 -> e2). Red, on a T at the end of its
    # western line, still lights it; with RULING-LOS-END's alternative red is not hit,
    # so the monster stays lit, and stays under RULING-MONSTER-REMOVED's alternative.
    board = {"d3": "wax_eater", "c3": "t:NES", "c4": "cross", "c2": "cross", "d2": "cross", "e2": "cross", "d1": "cross"}

    def scene(**rulings: bool):
        given = {f"RULING-{k.replace('_', '-').upper()}": v for k, v in rulings.items()}
        ps = [prisoner("blue", "d2", nerve=0), prisoner("red", "c3", nerve=0), *FALLING[1:]]
        return position(board, ps, pile={**SAFE_PILE, "t": 6}, rulings=given or None)

    kept = run(scene(monster_removed=False, los_end=False), "move E")
    assert tile_at(kept.state, "d3") is not None and kept.state.prisoners[1].lit
    gone = run(scene(los_end=False), "move E")
    assert tile_at(gone.state, "d3") is None
    dark = run(scene(monster_removed=False), "move E", "burn t t t")  # red is hit: no one lights it any more
    assert tile_at(dark.state, "d3") is None and not dark.state.prisoners[1].lit


def test_sight_wraps_around_the_edges_and_stops_at_a_pit() -> None:
    # e3 looks west into a pit (d3) and east across the edge: f3, a3, b3, then c3.
    board = {"e3": "wax_eater", "d3": "pit/straight", "c3": "cross", "c4": "cross", "c2": "cross", "b3": "cross",
             "f3": "straight:EW", "a3": "cross"}
    s = position(board, [prisoner("red", "c3"), prisoner("blue", "f3"), *FALLING[1:]], pile={**SAFE_PILE, "t": 3})
    assert cells(s, sight(s, s.geo.parse("e3"))) == {"f3", "a3", "b3", "c3"}


def test_block_turns_three_tiles_into_two() -> None:
    r = run(wax_line(), "move N", "block blue", "burn t t")
    assert r.state.pile.count == 9 - 2 and r.state.prisoners[1].nerve == 0


def test_an_unanswered_block_is_declined_by_the_next_action() -> None:
    r = run(wax_line(), "move N", "burn t t t")
    assert [(st.action, st.implicit) for st in r.steps] == [("move N", False), ("noblock", True), ("burn t t t", False)]


def test_charging_costs_nerve_hits_the_charger_and_removes_the_monster() -> None:
    board = {"c3": "cross", "d3": "wax_eater", "c4": "cross", "c2": "cross", "b3": "cross"}
    s = position(board, [prisoner("red", "c3", nerve=1), *FALLING], order=["t", "t", "t", "key", "key", "key", "key", "gate", "t", "t"])
    assert "charge E" in legal(s) and "move E" not in legal(s)
    after = apply(s, parse_action("charge E", 6))[0]
    red = after.prisoners[0]
    assert red.nerve == 0 and not red.lit and after.pile.count == 10 - 3
    assert sorted(legal(after)) == ["scramble E", "scramble N", "scramble S", "scramble W"]
    after = apply(after, parse_action("scramble W", 6))[0]
    assert after.prisoners[0].cell == after.geo.parse("c3")
    assert tile_at(after, "d3") is None


# -- stay, Nerve, Lights Out ---------------------------------------------------------------


def small(**red):
    board = {"c3": "cross", "c4": "cross", "d3": "cross", "c2": "cross", "b3": "cross"}
    return position(board, [prisoner("red", "c3", **red), *FALLING], pile={**SAFE_PILE, "t": 1})


def test_staying_gains_nerve_up_to_two_and_burns_the_top_tile() -> None:
    r = run(small(nerve=1), "stay", "burn t")
    assert r.state.prisoners[0].nerve == 2 and r.state.pile.count == 5
    r2 = run(small(nerve=2), "stay", "burn t")
    assert r2.state.prisoners[0].nerve == 2 and "gains none" in r2.events[0].text


def test_a_lights_out_prisoner_must_move_or_pay_to_stay() -> None:
    def out(nerve: int):
        return position({"c3": "cross"}, [prisoner("red", "c3", candle="out", nerve=nerve), *FALLING], pile={**SAFE_PILE, "t": 1})

    assert "stay" not in legal(out(0)) and "blind N" in legal(out(0))
    r = run(out(1), "stay", "burn t")
    assert r.state.prisoners[0].nerve == 0 and r.state.pile.count == 5  # paid, gained none, still burnt a tile


def test_move_again_costs_one_nerve_and_at_most_two_are_spent_per_turn() -> None:
    s = position(
        {"c3": "cross", "c4": "cross", "d3": "cross", "c2": "cross", "b3": "cross"},
        [prisoner("red", "c3", nerve=2), *FALLING],
        order=["t"] * 9 + ["key"] * 4 + ["gate"],
    )
    s = fill(apply(s, parse_action("move E", 6))[0])
    s = fill(apply(apply(s, parse_action("again", 6))[0], parse_action("move E", 6))[0])
    s = fill(apply(apply(s, parse_action("again", 6))[0], parse_action("move E", 6))[0])
    assert s.prisoners[0].nerve == 0 and s.prisoners[0].cell == s.geo.parse("f3")
    assert "again" not in legal(s)
    with pytest.raises(IllegalActionError):
        apply(s, parse_action("again", 6))


def ff_gate(red: dict, board_extra: dict | None = None, **kw):
    """Final Flickers: blue, green and yellow wait on the gate d3 with their keys."""
    board = {"c3": "t:NES", "c4": "cross", "d3": "gate", "c2": "cross", **(board_extra or {})}
    others = [prisoner(n, "d3", key=True) for n in ("blue", "green", "yellow")]
    return position(board, [prisoner("red", "c3", **red), *others], pile={}, **kw)


def test_no_nerve_is_spent_on_a_turn_it_was_gained() -> None:
    after = run(ff_gate({"nerve": 1, "key": True}), "stay").state
    assert after.prisoners[0].nerve == 2 and "hold" not in legal(after)
    after2 = run(ff_gate({"nerve": 2, "key": True}), "stay").state
    assert "hold" in legal(after2)  # staying at 2 Nerve gains nothing (§8.4)


# -- crumbling, falling, landing -------------------------------------------------------------


def straight_scene(**kw):
    return position({"c3": "straight:NS", "c4": "cross", "c2": "cross"}, [prisoner("red", "c3"), *FALLING], **kw)


def test_leaving_a_crumbling_tile_leaves_a_pit() -> None:
    r = run(straight_scene(pile={**SAFE_PILE, "t": 3}), "move N")
    assert tile_at(r.state, "c3").kind.value == "pit" and tile_at(r.state, "c3").was.value == "straight"


def test_staying_on_a_crumbling_tile_falls_and_the_row_or_column_is_chosen_at_once() -> None:
    r = run(straight_scene(pile={**SAFE_PILE, "t": 3}), "stay", "burn t")
    assert r.state.prisoners[0].falling == ("cell", r.state.geo.parse("c3"))
    assert sorted(legal(r.state)) == ["fall file", "fall row"]


def test_a_fall_ends_the_turn_and_the_next_faller_lands_first() -> None:
    r = run(straight_scene(order=["t"] * 3 + ["key"] * 4 + ["gate"]), "stay", "fall file")
    assert r.state.turn == 1 and r.state.prisoners[0].falling == ("file", 2)
    assert all(a.startswith("land ") for a in legal(r.state))


def test_a_falling_prisoner_with_an_empty_pile_loses() -> None:
    s = position({"c3": "cross", "c4": "cross", "c2": "cross", "d3": "gate", "b3": "key"}, [prisoner("red", "c3"), *FALLING], pile={})
    assert outcome(s).result == "lose" and "falling" in outcome(s).reason


# -- keys and the win ------------------------------------------------------------------------


def gate_scene(red_key: bool = True):
    board = {"d3": "gate", "c3": "cross", "c4": "cross", "c2": "cross", "b3": "cross", "d4": "cross", "e3": "cross", "d2": "cross"}
    ps = [prisoner("red", "c3", key=red_key)] + [prisoner(n, "d3", key=True) for n in ("blue", "green", "yellow")]
    return position(board, ps, order=["t", "key", "t", "t"])


def test_the_win_is_immediate_when_the_last_key_holder_arrives() -> None:
    r = run(gate_scene(), "move E")
    assert r.outcome.result == "win" and node_type(r.state) == "terminal"


def test_a_key_passes_between_connected_neighbours_during_either_turn() -> None:
    s = gate_scene(red_key=False)
    assert "give blue red" in legal(s)
    r = run(s, "give blue red")
    assert r.state.prisoners[0].key and not r.state.prisoners[1].key


def test_key_relay_on_a_key_tile() -> None:
    board = {"c3": "key!", "d3": "cross", "c4": "cross", "c2": "cross", "b3": "cross", "d4": "cross", "e3": "cross", "d2": "cross"}
    s = position(board, [prisoner("red", "c3", key=True), prisoner("blue", "d3"), *FALLING[1:]], pile={"key": 2, "gate": 1})
    assert "take" not in legal(s)  # red holds a key: the tile's key stays
    r = run(s, "give blue", "take")
    assert r.state.prisoners[0].key and r.state.prisoners[1].key and tile_at(r.state, "c3").key_taken


# -- Final Flickers ---------------------------------------------------------------------------


def test_final_flickers_turn_ends_with_a_discard_or_hold() -> None:
    s = position({"c3": "cross", "c4": "cross", "d3": "gate", "c2": "cross", "b3": "key"},
                 [prisoner("red", "c3", nerve=1)] + [prisoner(n, "d3", key=True) for n in ("blue", "green", "yellow")], pile={})
    after = run(s, "move W", "end").state
    assert after.prisoners[0].key  # red took the key on b3
    assert sorted(legal(after)) == ["discard b3", "discard c3", "discard d3", "hold"]
    assert run(after, "discard c3").state.turn == 1


def test_the_discard_may_take_an_occupied_tile_and_then_the_group_falls_and_loses() -> None:
    r = run(ff_gate({"key": True}), "stay", "discard d3")
    assert r.outcome.result == "lose"
    alt = ff_gate({"key": True}, rulings={"RULING-FF-OCCUPIED": False})
    assert "discard d3" not in legal(run(alt, "stay").state)


def test_discarding_the_last_gate_loses() -> None:
    board = {"c3": "cross", "c4": "cross", "d3": "gate", "c2": "cross", "b3": "cross"}
    ps = [prisoner("red", "c3", key=True), prisoner("blue", "c4", key=True), prisoner("green", "c2", key=True),
          prisoner("yellow", "b3", key=True)]
    r = run(position(board, ps, pile={}), "stay", "discard d3")
    assert r.outcome.result == "lose" and "gate" in r.outcome.reason


def test_a_key_can_pass_after_the_last_move_of_the_turn() -> None:
    # Red, without Nerve, steps next to blue and hands it the key on the same turn.
    board = {"b3": "cross", "c3": "cross", "d3": "cross", "b4": "cross", "b2": "cross",
             "a3": "cross", "e3": "cross", "d4": "cross", "d2": "cross"}
    s = position(
        board,
        [prisoner("red", "b3", key=True, nerve=0), prisoner("blue", "d3"), *FALLING[1:]],
        order=["t"] * 6 + ["key"] * 3 + ["gate"],
    )
    s = fill(apply(s, parse_action("move E", 6))[0])
    assert sorted(legal(s)) == ["end", "give blue"]
    r = run(s, "give blue")
    assert r.state.prisoners[1].key and not r.state.prisoners[0].key
