"""The worked examples of the Fearsome Floors rules and the FAQ, as scenarios (scenarios/fearsome/*.json).

A scenario holds a ``lueur-ff-position/1`` position and what the rules say
happens: the monster's walk for a tile, step by step (``monster``), a pawn's
move (``move``), the ends a pawn can and cannot reach (``ends``), and paths
the rules refuse (``refused``). docs/fearsome-floors.md describes each example.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from solver.base.errors import PositionError
from solver.fearsome.model import rulings, setups
from solver.fearsome.model.board import name, parse
from solver.fearsome.model.state import Phase, Place, Position, Tombstones
from solver.fearsome.notation import position_json as notation
from solver.fearsome.rules import moves, rounds
from solver.fearsome.rules.monster import MonsterStep, monster_phase
from tests.paths import ROOT

FEARSOME = ROOT / "scenarios" / "fearsome"
FILES = sorted(FEARSOME.glob("*.json"))
SCENARIOS = [p for p in FILES if json.loads(p.read_text(encoding="utf-8"))["format"] == "lueur-ff-scenario/1"]


def _where(position: Position, ident: str) -> str:
    pawn = position.pawn(ident)
    return name(pawn.square) if pawn.place is Place.BOARD else pawn.place.value


def _stones(position: Position) -> dict[str, str]:
    return {name(sq): kind.value for sq, kind in position.stones}


def _pushes(step: MonsterStep) -> list[str]:
    return [f"{p.thing} {name(p.start)}-{name(p.end) if p.end >= 0 else p.fate}" for p in step.pushes]


def _step_fails(number: int, step: MonsterStep, want: dict[str, Any]) -> list[str]:
    got = {
        "facing": step.facing.letter,
        "squares": [name(sq) for sq in step.squares],
        "saw": [s.pawn for s in step.looked if s.pawn is not None],
        "eaten": list(step.eaten),
        "crushed": list(step.crushed),
        "pushes": _pushes(step),
        "pivots": [k.value for k in step.pivots],
        "teleport": [name(sq) for sq in step.teleport] if step.teleport else None,
        "wall": step.wall,
    }
    return [f"step {number} {key}: expected {value!r}, got {got[key]!r}" for key, value in want.items() if got[key] != value]


def check_monster(position: Position, want: dict[str, Any]) -> list[str]:
    after, trace = monster_phase(position, want["tile"])
    fails = []
    for number, (step, expected) in enumerate(zip(trace.steps, want["steps"]), start=1):
        fails += _step_fails(number, step, expected)
    if "end" in want:
        if len(trace.steps) != len(want["steps"]):
            fails.append(f"{len(trace.steps)} steps, expected {len(want['steps'])}")
        got_end = {"end": name(trace.end), "facing": trace.facing.letter, "eaten": list(trace.eaten),
                   "final_look": [s.pawn for s in trace.final_look if s.pawn is not None], "stones": _stones(after),
                   "pawns": {p.ident: _where(after, p.ident) for p in after.pawns}}
        fails += [f"{key}: expected {want[key]!r}, got {got_end[key]!r}" for key in got_end if got_end[key] != want[key]]
    return fails


def check_move(position: Position, want: dict[str, Any]) -> list[str]:
    after = moves.move_along(position, want["pawn"], tuple(want["path"]))
    pawn = after.pawn(want["pawn"])
    got = {"at": _where(after, pawn.ident), "shows": pawn.value, "stones": _stones(after)}
    fails = [f"{key}: expected {want[key]!r}, got {got[key]!r}" for key in got if got[key] != want[key]]
    listed = [m for m in moves.pawn_moves(position, want["pawn"]) if tuple(want["path"]) in m.paths
              or (m.square == pawn.square and m.stones == after.stones and m.steps <= len(want["path"]))]
    if not listed:
        fails.append("the move is not among the pawn's moves")
    return fails


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    position = notation.read(scenario["position"])
    fails = []
    if "monster" in scenario:
        fails += check_monster(position, scenario["monster"])
    if "move" in scenario:
        fails += check_move(position, scenario["move"])
    if "ends" in scenario:
        ends = {name(m.square) for m in moves.pawn_moves(position, scenario["ends"]["pawn"]) if m.place is Place.BOARD}
        fails += [f"{sq} should be reachable" for sq in scenario["ends"].get("includes", []) if sq not in ends]
        fails += [f"{sq} should not be an end" for sq in scenario["ends"].get("excludes", []) if sq in ends]
    for refusal in scenario.get("refused", []):
        with pytest.raises(moves.IllegalMove) as info:
            moves.move_along(position, refusal["pawn"], tuple(refusal["path"]))
        if refusal["because"] not in str(info.value):
            fails.append(f"{refusal['path']}: refused with {str(info.value)!r}, expected {refusal['because']!r}")
    assert fails == []


def test_every_worked_example_has_a_scenario() -> None:
    sources = " ".join(json.loads(p.read_text(encoding="utf-8"))["source"] for p in SCENARIOS)
    for example in ("M1", "M2", "P1", "P2", "P3", "FAQ 1", "FAQ 2"):
        assert f"example {example}" in sources or example in sources


def test_the_basic_layout_scenario_is_the_basic_game() -> None:
    position = notation.loads((FEARSOME / "basic-start.json").read_text(encoding="utf-8"))
    assert position == setups.new_game(4)
    assert len(position.stones) == 11 and sorted(len(p) for p in position.pools) == [4, 4]
    assert position.monster == parse("a11") and position.facing.letter == "e"


def test_the_advanced_scenario_keeps_the_placement_rules() -> None:
    position = notation.loads((FEARSOME / "advanced-start.json").read_text(encoding="utf-8"))
    kinds = sorted(kind.value for _, kind in position.stones)
    assert kinds == sorted(["plain"] * 3 + ["crystal"] * 2 + ["pivot_right"] * 4 + ["pivot_back"] * 2)
    assert len(position.teleporters) == 2 and setups.scenery_problems(position) == []


def test_an_advanced_placement_next_to_a_corner_is_refused_with_its_place() -> None:
    document = json.loads((FEARSOME / "advanced-start.json").read_text(encoding="utf-8"))
    document["teleporters"][0][0]["at"] = "b11"
    with pytest.raises(PositionError) as info:
        notation.read(document)
    assert any(p.path == "teleporters[0][0]" and "touches the entrance or the exit" in p.message for p in info.value.problems)


# -- the FAQ's rulings on turns -----------------------------------------------------------------------------------------

def test_faq3_a_player_out_of_pawns_passes_and_cannot_choose_when() -> None:
    position = replace(setups.new_game(2), tombstones=Tombstones(1, ("5",)))  # past the first turn's two-pawn rule
    red = position.pawns_of("red")
    position = position.with_pawn(red[0].moved_to(Place.REMOVED)).with_pawn(red[1].moved_to(Place.REMOVED))
    movers = []
    while position.phase is Phase.PAWNS:
        movers.append(position.players[position.to_move])
        position = moves.apply_move(position, moves.legal_moves(position)[-1])
    assert movers == ["red", "blue", "red", "blue", "blue", "blue"]


FIRST_TURN = (("red1", ("in",)), ("blue3", ("in", "n")), ("red3", ("in", "w")), ("blue4", ("in", "n", "n")))
"""Two pawns each in the first turn; a pawn crosses the entrance held by another."""


def test_faq4_a_waiting_pawn_may_stay_off_the_board_and_is_flipped() -> None:
    position = setups.new_game(2)
    stay = [m for m in moves.pawn_moves(position, "red5") if m.place is Place.WAITING]
    assert len(stay) == 1 and stay[0].paths == ((),)
    after = moves.apply_move(position, stay[0])
    assert after.pawn("red5").place is Place.WAITING and after.pawn("red5").value == 2


def test_after_two_pawns_each_the_first_turn_ends_and_the_others_are_flipped() -> None:
    position = setups.new_game(2)
    for ident, path in FIRST_TURN:
        assert position.phase is Phase.PAWNS
        position = moves.move_along(position, ident, path)
    assert position.phase is Phase.MONSTER
    assert {p.ident: p.value for p in position.pawns if p.place is Place.WAITING} == {"red4": 3, "red5": 2, "blue1": 6, "blue5": 2}


def test_the_first_draw_is_never_a_prey_tile_and_round_two_starts_after_seven() -> None:
    position = setups.new_game(2)
    for ident, path in FIRST_TURN:
        position = moves.move_along(position, ident, path)
    first = dict(rounds.next_tiles(position))
    assert set(first) == {"5", "7", "8", "10"} and sum(first.values()) == 1 and first["7"] == first["8"] == 2 * first["5"]
    for tile in ("7", "prey1", "8", "5", "7", "10", "prey2"):
        while position.phase is Phase.PAWNS:
            position = moves.apply_move(position, moves.legal_moves(position)[0])
        position, _ = rounds.resolve(position, tile)
        if position.phase is Phase.OVER:
            break
    assert position.tombstones.round == 2 and position.tombstones.drawn == ()


def test_the_rulings_table_of_the_doc_is_the_code_s() -> None:
    text = (ROOT / "docs" / "fearsome-floors.md").read_text(encoding="utf-8")
    switches = re.findall(r"^\| (FF-[A-Z0-9-]+) \| (.+?) \| (.+?) \|$", text, re.M)
    fixed = re.findall(r"^\| (FF-[A-Z0-9-]+) \| ([^|]+?) \|$", text, re.M)
    assert [tuple(r) for r in switches] == [(r.name, r.default, r.other) for r in rulings.SWITCHES]
    assert [(n, d, None) for n, d in fixed] == [(r.name, r.default, r.other) for r in rulings.FIXED]
    assert list(rulings.DEFAULT.as_dict()) == [r.name for r in rulings.SWITCHES]
