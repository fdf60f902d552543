"""What an independent reading of the Fearsome Floors text found (issue 24): the pile of a round, the pivot stones
met one after another, a stone on a corner, a pawn pushed onto a pool, a pawn destroyed on a teleporter."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.errors import PositionError
from solver.fearsome.model.board import Direction, name, parse
from solver.fearsome.model.rulings import DEFAULT, FIXED, SWITCHES
from solver.fearsome.model.state import Pawn, Phase, Place, Position, StoneKind, Teleporter, Tombstones
from solver.fearsome.notation import position_json as notation
from solver.fearsome.rules import monster, rounds
from tests.paths import ROOT

SEVEN = ["5", "7", "7", "8", "8", "10", "prey1"]
DOCS = (ROOT / "docs" / "fearsome-floors.md").read_text(encoding="utf-8")


def document(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((ROOT / "scenarios" / "fearsome" / "basic-start.json").read_text())
    doc = doc.get("position", doc)
    doc.update(changes)
    return doc


def problems(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(PositionError) as caught:
        notation.read(doc)
    return [str(p) for p in caught.value.problems]


# -- the pile: seven tiles a round, the eighth never played ---------------------------------------------


@pytest.mark.parametrize("phase", ["pawns", "monster"])
def test_round_one_with_seven_tiles_drawn_is_refused(phase: str) -> None:
    doc = document(tombstones={"round": 1, "drawn": SEVEN}, turn={"phase": phase})
    assert problems(doc) == ["tombstones.drawn: 7 tiles drawn in round 1: its seventh tile ends it, and round 2 "
                             "starts at once with all eight tiles shuffled again (the eighth is never played): "
                             "write {\"round\": 2, \"drawn\": []}"]


@pytest.mark.parametrize("phase", ["pawns", "monster"])
def test_round_two_with_seven_tiles_drawn_is_over(phase: str) -> None:
    doc = document(tombstones={"round": 2, "drawn": SEVEN}, turn={"phase": phase})
    assert problems(doc) == ['tombstones.drawn: 7 tiles drawn in round 2: its seventh tile ends the game (the eighth '
                             'is never played): the phase is "over"']
    over = notation.read(document(tombstones={"round": 2, "drawn": SEVEN}, turn={"phase": "over"}))
    assert rounds.next_tiles(over) == ()


@pytest.mark.parametrize("round_", [1, 2])
def test_the_seventh_tile_of_a_round_ends_it_and_the_eighth_is_never_drawn(round_: int) -> None:
    six = notation.read(document(tombstones={"round": round_, "drawn": SEVEN[:6]}, turn={"phase": "monster"}))
    assert sorted(tile for tile, _ in rounds.next_tiles(six)) == ["prey1", "prey2"]
    after, _ = rounds.resolve(six, "prey2")
    if round_ == 1:
        assert after.tombstones == Tombstones(2, ())
    else:
        assert after.phase is Phase.OVER and rounds.next_tiles(after) == ()


def test_forecast_refuses_the_pile_of_seven(tmp_path: Any) -> None:
    path = tmp_path / "seven.json"
    path.write_text(json.dumps(document(tombstones={"round": 1, "drawn": SEVEN}, turn={"phase": "monster"})))
    result = CliRunner().invoke(cli, ["ff", "forecast", str(path)])
    assert result.exit_code == 2 and "7 tiles drawn in round 1" in result.output


# -- pivot stones met one after another: FF-PIVOT-CHAIN ---------------------------------------------------


def bare(at: str, facing: Direction, stones: dict[str, StoneKind], chain: bool = True, **fields: Any) -> Position:
    rulings = DEFAULT.with_switch("FF-PIVOT-CHAIN", chain)
    return Position(players=("red", "blue"), pawns=(), monster=parse(at), facing=facing, phase=Phase.MONSTER, to_move=-1,
                    tombstones=Tombstones(1, ("5",)), stones=tuple(sorted((parse(s), k) for s, k in stones.items())),
                    rulings=rulings, **fields)


def test_two_pivots_turn_the_monster_twice_by_default_and_once_in_the_other_reading() -> None:
    # Facing east, a right pivot ahead on i6; facing south then, another right pivot on h5: by default it turns
    # again (west) and steps to g6; in the other reading it turns once and steps south, pushing h5 to h4.
    stones = {"i6": StoneKind.PIVOT_RIGHT, "h5": StoneKind.PIVOT_RIGHT}
    first = monster.monster_phase(bare("h6", Direction.E, stones), "5")[1].steps[0]
    assert [k.value for k in first.pivots] == ["pivot_right", "pivot_right"] and name(first.end) == "g6"
    assert first.facing is Direction.W and first.pushes == ()
    other = monster.monster_phase(bare("h6", Direction.E, stones, chain=False), "5")[1].steps[0]
    assert [k.value for k in other.pivots] == ["pivot_right"] and name(other.end) == "h5"
    assert [(p.thing, name(p.start), name(p.end)) for p in other.pushes] == [("pivot_right", "h5", "h4")]


def test_in_a_cage_of_pivots_the_monster_never_pushes_one_it_stays_and_the_step_is_spent() -> None:
    cage = {"h7": StoneKind.PIVOT_RIGHT, "i6": StoneKind.PIVOT_RIGHT, "h5": StoneKind.PIVOT_RIGHT, "g6": StoneKind.PIVOT_RIGHT}
    after, trace = monster.monster_phase(bare("h6", Direction.E, cage), "5")
    assert len(trace.steps) == 5
    assert all(step.squares == () and step.pushes == () and name(step.end) == "h6" for step in trace.steps)
    assert [k.value for k in trace.steps[0].pivots] == ["pivot_right"] * 4
    assert dict(after.stones) == {parse(s): k for s, k in cage.items()} and name(after.monster) == "h6"
    other = monster.monster_phase(bare("h6", Direction.E, cage, chain=False), "5")[1]
    assert other.steps[0].pushes and name(other.steps[0].end) == "h5"  # one turn, then a step that pushes


def test_a_half_turn_pivot_back_to_the_first_one_is_a_cage_too() -> None:
    cage = {"i6": StoneKind.PIVOT_BACK, "g6": StoneKind.PIVOT_BACK}
    step = monster.monster_phase(bare("h6", Direction.E, cage), "7")[1].steps[0]
    assert step.squares == () and [k.value for k in step.pivots] == ["pivot_back", "pivot_back"]
    assert step.end_facing is Direction.E


def test_the_pivot_ruling_is_named_with_both_readings_in_the_docs() -> None:
    [ruling] = [r for r in SWITCHES if r.name == "FF-PIVOT-CHAIN"]
    assert ruling.other is not None
    assert "| FF-PIVOT-CHAIN |" in DOCS and "ne pousse pas la pierre" in DOCS


# -- the checker and the docs against the engine ----------------------------------------------------------


@pytest.mark.parametrize("corner", ["a11", "p1"])
def test_a_stone_on_a_corner_is_refused_unless_the_monster_may_leave_it_there(corner: str) -> None:
    doc = document(stones={corner: "plain"})
    if corner == "a11":
        doc["monster"] = {"at": "b10", "facing": "e"}
    assert problems(doc) == [f"stones.{corner}: a stone reaching a corner is taken off (FF-MONSTER-CORNER): "
                             "none lies there, unless FF-MONSTER-CORNER is false"]
    notation.read({**doc, "rulings": {"FF-MONSTER-CORNER": False}})


def test_a_pawn_pushed_onto_a_pool_slides_as_a_stone_and_stops_before_a_pawn_resting_on_it() -> None:
    # The monster on c6 pushes the stone on d6 and the pawn behind it on e6; the pawn slides on the pool f6-i6 and
    # stops on g6, before the pawn resting on h6 (a pawn's own slide would pass over it: FF-SLIDE-OVER-PAWN).
    pool = (tuple(sorted(parse(s) for s in ("f6", "g6", "h6", "i6"))),)
    pawns = (Pawn("pushed", "red", 1, place=Place.BOARD, square=parse("e6")),
             Pawn("resting", "blue", 1, place=Place.BOARD, square=parse("h6")))
    position = replace(bare("c6", Direction.E, {"d6": StoneKind.PLAIN}), pawns=pawns, pools=pool)
    first = monster.monster_phase(position, "5")[1].steps[0]
    assert [(p.thing, name(p.start), name(p.end)) for p in first.pushes] == [("pushed", "e6", "g6"), ("plain", "d6", "e6")]
    assert "FF-PUSHED-PAWN-SLIDE" in {r.name for r in FIXED} and "| FF-PUSHED-PAWN-SLIDE |" in DOCS


def test_a_pawn_destroyed_on_a_teleporter_counts_toward_a_prey_tile() -> None:
    pawns = (Pawn("p", "red", 1, place=Place.BOARD, square=parse("g6")),
             Pawn("q", "blue", 1, place=Place.BOARD, square=parse("k3")))
    pads = ((Teleporter(parse("h6"), Direction.N), Teleporter(parse("h2"), Direction.S)),)
    position = replace(bare("e6", Direction.E, {"f6": StoneKind.PLAIN}), pawns=pawns, teleporters=pads)
    trace = monster.monster_phase(position, "prey1")[1]
    assert trace.eaten == ("p",) and len(trace.steps) == 1 and trace.steps[0].crushed == ("p",)
    assert "FF-PREY-TELEPORTED" in {r.name for r in FIXED} and "| FF-PREY-TELEPORTED |" in DOCS
