"""The position form of Fearsome Floors: bad input is located, never a traceback; the rulings' both readings play.

Mutated documents (each leaf swapped for junk) either read or raise a
PositionError whose every problem names a field path; the switches of
docs/fearsome-floors.md change what the engine does, each in a position
built to show it.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from solver.base.errors import PositionError
from solver.fearsome.model import setups
from solver.fearsome.model.board import Direction, name, parse
from solver.fearsome.model.rulings import DEFAULT
from solver.fearsome.model.state import Pawn, Phase, Place, Position, StoneKind, Teleporter, Tombstones
from solver.fearsome.notation import position_json as notation
from solver.fearsome.rules import monster, rounds
from tests.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "fearsome"
JUNK: list[Any] = [None, -1, 0, 99, "zz", "a0", [], {}, [1, 2], {"x": 1}, True, 1.5, "prey9", "q1"]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))] or [path]
    if isinstance(value, list):
        return [leaf for index, item in enumerate(value) for leaf in _leaves(item, (*path, index))] or [path]
    return [path]


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        document = document[key]
    document[path[-1]] = value


@pytest.mark.parametrize("source", ["basic-start.json", "advanced-start.json"])
def test_junk_anywhere_is_a_located_problem(source: str) -> None:
    original = json.loads((SCENARIOS / source).read_text(encoding="utf-8"))
    rng = random.Random(source)
    leaves = [leaf for leaf in _leaves(original) if leaf]
    for _ in range(300):
        document = json.loads(json.dumps(original))
        for leaf in rng.sample(leaves, rng.randint(1, 3)):
            _set(document, leaf, rng.choice(JUNK))
        try:
            notation.read(document)
        except PositionError as error:
            assert error.problems and all(p.message for p in error.problems)


def test_every_problem_of_a_file_is_reported_with_its_path() -> None:
    document = json.loads((SCENARIOS / "basic-start.json").read_text(encoding="utf-8"))
    document["pawns"][0]["at"] = "q1"
    document["pawns"][1]["white"] = 9
    document["monster"]["facing"] = "up"
    document["stones"]["c9"] = "boulder"
    document["tombstones"]["drawn"] = ["7", "7", "7"]
    document["rulings"] = {"FF-NOTHING": True}
    with pytest.raises(PositionError) as info:
        notation.read(document)
    paths = [p.path for p in info.value.problems]
    assert paths == ["rulings.FF-NOTHING", "pawns[0].at", "pawns[1].white", "monster.facing", "stones.c9", "tombstones.drawn"]


def test_json_syntax_errors_are_located_by_line_and_column() -> None:
    with pytest.raises(PositionError) as info:
        notation.loads('{\n  "format": }')
    assert info.value.problems[0].path == "line 2, column 13"


def test_two_pawns_on_one_square_and_a_pawn_under_a_stone_are_refused() -> None:
    document = json.loads((SCENARIOS / "basic-start.json").read_text(encoding="utf-8"))
    document["pawns"][0]["at"] = "e5"
    document["pawns"][1]["at"] = "e5"
    document["pawns"][2]["at"] = "c9"
    with pytest.raises(PositionError) as info:
        notation.read(document)
    assert [p.path for p in info.value.problems] == ["pawns[1].at", "pawns[2].at"]


# -- the switches: each reading plays ---------------------------------------------------------------------------------

def _bare(pawns: tuple[Pawn, ...], at: str, facing: Direction, **fields: Any) -> Position:
    return Position(players=("red", "blue"), pawns=pawns, monster=parse(at), facing=facing, phase=Phase.MONSTER,
                    to_move=-1, tombstones=Tombstones(1, ("5",)), **fields)


def test_ff_monster_corner_both_readings() -> None:
    position = _bare((), "d11", Direction.W, stones=((parse("b11"), StoneKind.PLAIN),))
    after, _ = monster.monster_phase(position, "7")
    assert parse("a11") not in dict(after.stones) and not after.stones
    other = replace(position, rulings=DEFAULT.with_switch("FF-MONSTER-CORNER", False))
    assert [p.fate for p in monster.monster_phase(position, "5")[1].steps[1].pushes] == ["corner"]
    steps = monster.monster_phase(other, "5")[1].steps
    assert any(p.end == parse("a11") and p.fate == "moved" for p in steps[1].pushes)


def test_ff_pool_wall_both_readings() -> None:
    pool = (tuple(sorted(parse(s) for s in ("a6", "b6", "c6", "d6"))),)
    position = _bare((), "e6", Direction.W, pools=pool)
    first = monster.monster_phase(position, "5")[1].steps[0]
    assert first.wall and name(first.end) == "p6"
    other = replace(position, rulings=DEFAULT.with_switch("FF-POOL-WALL", False))
    first = monster.monster_phase(other, "5")[1].steps[0]
    assert not first.wall and name(first.end) == "a6"


def test_ff_pivot_tie_both_readings() -> None:
    pawns = (Pawn("n", "red", 1, place=Place.BOARD, square=parse("h8")), Pawn("s", "blue", 1, place=Place.BOARD, square=parse("h4")))
    position = _bare(pawns, "h6", Direction.E, stones=((parse("i6"), StoneKind.PIVOT_BACK),))
    first = monster.monster_phase(position, "5")[1].steps[0]
    assert first.pivots == () and name(first.end) == "i6"
    other = replace(position, rulings=DEFAULT.with_switch("FF-PIVOT-TIE", False))
    first = monster.monster_phase(other, "5")[1].steps[0]
    assert [k.value for k in first.pivots] == ["pivot_back"] and name(first.end) == "g6"


def test_ff_teleport_eaten_both_readings() -> None:
    pawns = (Pawn("p", "red", 1, place=Place.BOARD, square=parse("g6")),)
    pads = ((Teleporter(parse("h6"), Direction.N), Teleporter(parse("h2"), Direction.S)),)
    position = _bare(pawns, "e6", Direction.E, stones=((parse("f6"), StoneKind.PLAIN),), teleporters=pads)
    after, trace = monster.monster_phase(position, "5")
    assert trace.steps[0].crushed == ("p",) and after.pawn("p").place is Place.WAITING
    other = replace(position, rulings=DEFAULT.with_switch("FF-TELEPORT-EATEN", False))
    assert monster.monster_phase(other, "5")[0].pawn("p").place is Place.REMOVED


def test_ff_first_draw_round2_both_readings() -> None:
    position = replace(setups.new_game(2), phase=Phase.MONSTER, to_move=-1, tombstones=Tombstones(2, ()))
    assert "prey1" in dict(rounds.next_tiles(position))
    other = replace(position, rulings=DEFAULT.with_switch("FF-FIRST-DRAW-ROUND2", False))
    assert "prey1" not in dict(rounds.next_tiles(other))


def test_ff_four_players_and_three_prey_both_readings() -> None:
    assert len(setups.new_game(4).pawns_of("red")) == 4
    assert len(setups.new_game(4, DEFAULT.with_switch("FF-FOUR-PLAYERS-FOUR-PAWNS", False)).pawns_of("red")) == 3
    position = _bare((), "h6", Direction.E)
    assert len(monster.monster_phase(position, "5")[1].steps) == 5
    other = replace(position, rulings=DEFAULT.with_switch("FF-THREE-PREY", False))
    assert len(monster.monster_phase(other, "5")[1].steps) == 20  # three prey, none to eat: the 20-step cap


def test_ff_teleporters_orthogonal_both_readings() -> None:
    pads = ((Teleporter(parse("f6"), Direction.N), Teleporter(parse("g7"), Direction.S)),)
    position = _bare((), "h4", Direction.E, teleporters=pads)
    assert setups.scenery_problems(position) == []
    other = replace(position, rulings=DEFAULT.with_switch("FF-TELEPORTERS-ORTHOGONAL", False))
    assert [p.message for p in setups.scenery_problems(other)] == ["teleporters f6 and g7 touch"]


def test_a_prey_tile_stops_at_its_prey() -> None:
    pawns = tuple(Pawn(f"p{i}", "red", 1, place=Place.BOARD, square=parse(sq)) for i, sq in enumerate(("j6", "l6", "n6")))
    position = _bare(pawns, "h6", Direction.E)
    trace = monster.monster_phase(position, "prey2")[1]
    assert trace.eaten == ("p0", "p1") and len(trace.steps) == 4
