"""The Fearsome Floors analyses: the monster forecast, the safe-move finder and the race calculator.

Exact chances checked against the tile odds and against the monster's walk
played independently; constructed boards where a pawn is certainly eaten,
never seen, lured into sight, or racing down a corridor on either face;
every scenario in scenarios/fearsome/ through all three; the JSON shapes.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from solver.fearsome.analysis.forecast import STAND_STILL, forecast, monster_ready
from solver.fearsome.analysis.race import race
from solver.fearsome.analysis.safe_moves import MAX_REPLIES, TOO_MANY, RankingError, played, rank_moves
from solver.fearsome.model import setups
from solver.fearsome.model.board import Direction, parse
from solver.fearsome.model.rulings import DEFAULT
from solver.fearsome.model.state import Pawn, Phase, Place, Position, StoneKind, Tombstones
from solver.fearsome.notation import position_json as notation
from solver.fearsome.rules import moves, rounds
from solver.fearsome.rules.monster import monster_phase
from solver.testing.fearsome import midgame
from tests.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "fearsome"
MIDGAMES = [midgame(seed) for seed in range(8)]


def board(pawns: dict[str, tuple[str, int, bool]], *, monster: str = "a11", facing: Direction = Direction.E,
          stones: tuple[str, ...] = (), drawn: tuple[str, ...] = ("7",), round_: int = 1,
          phase: Phase = Phase.MONSTER) -> Position:
    """A two-player position: ``pawns`` maps an id (red pawns first letter r, blue b) to (square, white, black up)."""
    made = tuple(Pawn(ident, "red" if ident.startswith("r") else "blue", white, black_up, Place.BOARD, parse(sq))
                 for ident, (sq, white, black_up) in pawns.items())
    return Position(players=("red", "blue"), pawns=made, monster=parse(monster), facing=facing,
                    stones=tuple(sorted((parse(s), StoneKind.PLAIN) for s in stones)),
                    tombstones=Tombstones(round_, drawn), phase=phase, to_move=0 if phase is Phase.PAWNS else -1)


def _load(path: Path) -> Position:
    document = json.loads(path.read_text(encoding="utf-8"))
    return notation.read(document.get("position", document))


# -- the forecast ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("position", MIDGAMES + [setups.new_game(4)], ids=[f"midgame{i}" for i in range(8)] + ["start"])
def test_the_tiles_chances_sum_to_one_and_are_the_draws(position: Position) -> None:
    seen = forecast(position)
    assert sum(t.p for t in seen.tiles) == 1
    assert [(t.tile, t.p) for t in seen.tiles] == list(rounds.next_tiles(monster_ready(position)))
    assert seen.assumption == STAND_STILL  # asked in the pawn phase


def test_a_pawn_right_in_front_of_the_monster_is_certainly_eaten_and_one_behind_a_stone_never_seen() -> None:
    position = board({"rA": ("b11", 4, False), "bH": ("h1", 3, False)}, stones=("h7",), drawn=("prey2",))
    seen = forecast(position)
    assert seen.danger("rA") == 1 and seen.pawns[0].tiles == tuple(t.tile for t in seen.tiles)
    assert seen.danger("bH") == 0 and seen.pawns[1].tiles == ()
    for tile in seen.tiles:
        assert all(s.pawn != "bH" for step in tile.trace.steps for s in step.looked), f"tile {tile.tile} saw bH"
        assert tile.eaten[0] == "rA" and tile.path[0] == parse("b11")
    assert seen.assumption is None  # the monster's phase: exact


def test_the_game_s_first_draw_is_never_a_prey_tile() -> None:
    first = forecast(setups.new_game(2))
    assert first.first_draw
    assert [(t.tile, t.p) for t in first.tiles] == [("5", Fraction(1, 6)), ("7", Fraction(1, 3)), ("8", Fraction(1, 3)),
                                                    ("10", Fraction(1, 6))]
    later = forecast(replace(setups.new_game(2), tombstones=Tombstones(1, ("5",))))
    assert not later.first_draw and {"prey1", "prey2"} <= {t.tile for t in later.tiles}
    assert dict((t.tile, t.p) for t in later.tiles)["prey1"] == Fraction(1, 7)
    round2 = replace(setups.new_game(2), tombstones=Tombstones(2, ()))
    assert "prey1" in {t.tile for t in forecast(round2).tiles}  # FF-FIRST-DRAW-ROUND2: the game's first draw only
    other = replace(round2, rulings=replace(DEFAULT, first_draw_round2=False))
    assert forecast(other).first_draw and "prey1" not in {t.tile for t in forecast(other).tiles}


@pytest.mark.parametrize("index", range(len(MIDGAMES)))
def test_a_pawn_s_danger_is_the_chance_of_the_tiles_whose_walk_takes_it(index: int) -> None:
    position = MIDGAMES[index]
    ready = replace(position, phase=Phase.MONSTER, to_move=-1)
    seen = forecast(position)
    on_board = [p for p in position.pawns if p.place is Place.BOARD]
    assert [d.pawn for d in seen.pawns] == [p.ident for p in on_board]
    for pawn in on_board:
        expected = Fraction(0)
        for tile, p in rounds.next_tiles(ready):
            after, trace = monster_phase(ready, tile)
            gone = after.pawn(pawn.ident).place is not Place.BOARD
            assert gone == (pawn.ident in trace.eaten)
            expected += p if gone else 0
        assert seen.danger(pawn.ident) == expected, pawn.ident


def test_the_eight_step_example_forecast_names_the_eaten_the_crushed_and_the_stones() -> None:
    seen = forecast(_load(SCENARIOS / "monster-eight-steps.json"))
    eight = next(t for t in seen.tiles if t.tile == "8")
    assert eight.eaten == ("C", "G") and eight.crushed == ("F",)
    assert [(s.start, s.end, s.fate) for s in eight.stones] == [(parse("n6"), parse("o6"), "moved"),
                                                                (parse("o6"), parse("p6"), "moved"), (parse("p6"), -1, "off")]
    assert eight.trace.end == parse("p4") and eight.trace.facing is Direction.W
    assert seen.danger("C") == 1 and seen.danger("A") == 0
    assert "tile 8" in seen.text() and "F (crushed)" in seen.text()


def test_a_finished_game_has_nothing_to_forecast() -> None:
    over = replace(setups.new_game(2), phase=Phase.OVER, to_move=-1)
    seen = forecast(over)
    assert seen.tiles == () and "over" in seen.text()


# -- the safe moves --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(4))
def test_each_move_s_danger_is_the_forecast_after_it(index: int) -> None:
    position = MIDGAMES[index]
    ranking = rank_moves(position)
    assert len(ranking.moves) == len(moves.legal_moves(position))
    for entry in ranking.moves:
        assert entry.danger == forecast(moves.apply_move(position, entry.move)).danger(entry.move.pawn)
    assert [e.danger for e in ranking.moves] == sorted(e.danger for e in ranking.moves)
    assert rank_moves(position).as_json() == ranking.as_json()  # deterministic


def _near_the_end_of_a_phase() -> Position:
    """A mid-game pawn phase played on until two pawns are left to move."""
    for position in MIDGAMES:
        while position.phase is Phase.PAWNS:
            left = sum(1 for p in position.pawns if p.in_play and p.ident not in position.moved)
            if left == 2:
                return position
            position = moves.apply_move(position, moves.legal_moves(position)[0])
    raise AssertionError("no mid-game phase reached two pawns to move")


def test_the_worst_case_is_never_below_the_plain_danger() -> None:
    position = _near_the_end_of_a_phase()
    mover = moves.legal_moves(position)[0].pawn
    ranking = rank_moves(position, mover, worst_case=True)
    assert ranking.mode == "worst_case" and ranking.worst_case
    assert any(e.worst is not None for e in ranking.moves)
    for entry in ranking.moves:
        if entry.worst is not None:
            assert entry.worst >= entry.danger
            assert entry.replies is not None and 1 <= entry.replies <= MAX_REPLIES
    keys = [(e.worst if e.worst is not None else e.danger, e.danger) for e in ranking.moves]
    assert keys == sorted(keys)


def test_the_worst_case_sees_the_reply_that_feeds_the_monster_into_red_s_row() -> None:
    """Blue on b10 turns the monster south before it reaches red on f11; stepping up to b11, blue is eaten first and the
    monster walks on east to red. Only number tiles are left (5 to 10 steps)."""
    position = board({"rA": ("f11", 1, False), "bB": ("b10", 1, False)}, drawn=("prey1", "prey2"), phase=Phase.PAWNS)
    ranking = rank_moves(position, "rA", worst_case=True)
    stay = next(e for e in ranking.moves if e.move.steps == 0)
    assert stay.danger == 0 and stay.worst == 1
    assert stay.replies == len(moves.pawn_moves(played(position, stay.move), "bB")) == 5


def test_too_many_replies_fall_back_to_the_plain_danger() -> None:
    ranking = rank_moves(setups.new_game(3), "red5", worst_case=True)
    assert all(e.worst is None and e.replies is None for e in ranking.moves)
    for doc in ranking.as_json()["moves"]:  # the keys are there all the same, with the reason
        assert doc["worst"] is None and doc["worst_exact"] is None and doc["replies"] is None
        assert doc["note"] == f"too many replies: more than {MAX_REPLIES} joint replies; ranked by its plain danger"
    assert any(TOO_MANY in note for note in ranking.notes) and TOO_MANY in ranking.text()


def test_the_lure_ranks_by_the_danger_to_the_chosen_opponent() -> None:
    """Blue can push the stone c10 out of the monster's way (lure on red) or stay hidden itself."""
    position = board({"bA": ("d10", 4, False), "rC": ("c8", 1, False)}, stones=("c10",), drawn=("prey1", "prey2"),
                     phase=Phase.PAWNS)
    position = replace(position, to_move=1)
    ranking = rank_moves(position, "bA", lure="rC")
    lures = [e.lure for e in ranking.moves]
    assert all(v is not None for v in lures)
    assert lures == sorted(lures, key=lambda v: -v)  # type: ignore[operator]
    assert lures[0] is not None and lures[0] > 0 and lures[-1] == 0
    for entry in ranking.moves:
        assert entry.lure == forecast(played(position, entry.move)).danger("rC")
    ties = [e for e in ranking.moves if e.lure == lures[0]]
    assert [e.danger for e in ties] == sorted(e.danger for e in ties)


def test_questions_rank_moves_cannot_answer_say_what_would_be_valid() -> None:
    start = setups.new_game(2)
    with pytest.raises(RankingError, match="no pawn 'nobody'; the pawns are red1"):
        rank_moves(start, "nobody")
    with pytest.raises(RankingError, match="not an opponent's pawn; could be: blue1"):
        rank_moves(start, "red1", lure="red3")
    with pytest.raises(RankingError, match="the monster phase"):
        rank_moves(replace(start, phase=Phase.MONSTER, to_move=-1))
    moved = moves.move_along(start, "red1", ("in",))
    with pytest.raises(RankingError, match="red1 has no move left"):
        rank_moves(moved, "red1")


# -- the race --------------------------------------------------------------------------------------------------------

def _corridor(black_up: bool, drawn: tuple[str, ...] = ("5",), round_: int = 1) -> Position:
    """The white-1 pawn on l11, eleven squares east of the exit along the top row, a stone on e11 to push."""
    return board({"rA": ("l11", 1, black_up)}, monster="p1", facing=Direction.N, stones=("e11",), drawn=drawn,
                 round_=round_, phase=Phase.PAWNS)


def test_the_race_down_a_corridor_counts_the_faces() -> None:
    # 11 steps west and one out: 12. Showing 1, the budgets 1, 6, 1, 6 reach 1, 7, 8, 14 steps: four phases.
    white = race(_corridor(black_up=False)).pawns[0]
    assert white.budgets == (1, 6) and white.phases == 4
    # Showing 6, the budgets 6, 1, 6 reach 6, 7, 13: three phases.
    black = race(_corridor(black_up=True)).pawns[0]
    assert black.budgets == (6, 1) and black.phases == 3
    for entry in (white, black):
        assert [len(path) <= entry.budgets[i % 2] for i, path in enumerate(entry.route)] == [True] * entry.phases
        assert sum(len(path) for path in entry.route) == 12 and entry.route[-1][-1] == "out"
        assert all(step in ("w", "out") for path in entry.route for step in path)
    assert black.available == 13 and race(_corridor(True)).monster_phases_left == 13


def test_the_clock_stops_a_pawn_that_needs_more_phases_than_are_left() -> None:
    late = race(_corridor(black_up=True, drawn=("5", "7", "7", "8", "8"), round_=2))
    assert late.played == 12 and late.monster_phases_left == 2
    assert late.pawns[0].available == 2 and late.pawns[0].phases is None and late.pawns[0].route == ()
    assert late.players[0].in_time == 0 and "cannot get out" in late.text()
    in_time = race(_corridor(black_up=True, drawn=("5", "7", "7", "8"), round_=2))
    assert in_time.pawns[0].phases == 3 and in_time.players[0].in_time == 1


def test_a_player_with_a_single_pawn_needs_it_out() -> None:
    """All but one of one pawn is not none: the first exit wins, so one is needed, and a pawn too late cannot win."""
    late = race(_corridor(black_up=True, drawn=("5", "7", "7", "8", "8"), round_=2)).players[0]
    assert late.needed == 1 and not late.may_win_outright
    assert "out 0 of 1 needed, 0 more can get out in time: cannot win outright" in late.text()
    fragment = race(_load(SCENARIOS / "move-through-pawns.json"))
    assert [(p.colour, p.needed) for p in fragment.players] == [("red", 1), ("blue", 1)]


def test_a_new_game_s_pawns_race_from_the_entrance() -> None:
    report = race(setups.new_game(2))
    assert len(report.pawns) == 8 and report.monster_phases_left == 14
    assert all(entry.phases is not None and 5 <= entry.phases <= 14 for entry in report.pawns)
    assert all(entry.route[0][:1] in (("in",), ()) for entry in report.pawns)
    assert all(player.may_win_outright for player in report.players)


# -- every scenario, and the JSON shapes -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_every_scenario_runs_through_all_three(path: Path) -> None:
    position = _load(path)
    seen = forecast(position)
    assert position.phase is Phase.OVER or sum(t.p for t in seen.tiles) == 1
    if position.phase is Phase.PAWNS:
        ranking = rank_moves(position)
        assert len(ranking.moves) == len(moves.legal_moves(position))
    else:
        with pytest.raises(RankingError):
            rank_moves(position)
    report = race(position)
    assert [entry.pawn for entry in report.pawns] == [p.ident for p in position.pawns if p.in_play]
    for result in (seen, report):
        assert json.loads(json.dumps(result.as_json())) == result.as_json() and result.text().endswith("\n")


def test_the_json_shapes() -> None:
    position = _load(SCENARIOS / "monster-eight-steps.json")
    doc = forecast(position).as_json()
    assert set(doc) == {"phase", "round", "drawn", "first_draw", "assumption", "tiles", "pawns"}
    assert set(doc["tiles"][0]) == {"tile", "p", "p_exact", "path", "end", "facing", "eaten", "crushed", "stones", "steps"}
    assert doc["tiles"][0]["p_exact"] == "2/7" and doc["pawns"][0] == {"pawn": "A", "colour": doc["pawns"][0]["colour"],
                                                                       "at": "j10", "p": 0.0, "p_exact": "0/1", "tiles": []}
    ranking = rank_moves(MIDGAMES[0], worst_case=False).as_json()
    assert set(ranking) == {"colour", "pawn", "mode", "lure", "worst_case", "assumption", "max_replies", "moves", "notes"}
    assert {"pawn", "to", "steps", "path", "paths", "stones", "danger", "danger_exact", "tiles"} == set(ranking["moves"][0])
    race_doc = race(_corridor(True)).as_json()
    assert race_doc["pawns"][0] == {"pawn": "rA", "colour": "red", "at": "l11", "budgets": [6, 1], "available": 13,
                                    "phases": 3, "in_time": True, "route": race_doc["pawns"][0]["route"]}
    assert json.dumps(race_doc) == json.dumps(race(_corridor(True)).as_json())
