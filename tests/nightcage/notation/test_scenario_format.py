"""The TOML scenario form: the drawn board, metadata at the top level, problems with line and column."""

from __future__ import annotations

import pytest

from solver.base.errors import PositionError
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.notation.scenario import format_board, format_scenario, parse_scenario, read_scenario
from tests.nightcage.notation.test_position_io import META, example, exotic, playout

HAND_WRITTEN = '''\
# The example of position-format.md, drawn by hand.
title = "Red must fetch the key on d4"
source = "example"
question = "Can red get out?"
size = 6                 # optional: the board says it
turn = "red"

board = """
     a     b     c     d     e     f
6    .     .     .     .     .     .
5    .     .     .     .     .     .
4    .     .     I:SN  K     .     .
3    .     .     T:NES G     W     .     # blue is on the gate
2    .     .     P/I   X     X     .
1    .     .     .     t:esn .     .
"""

[[prisoners]]
name = "red"
at = "c3"

[[prisoners]]
name = "blue"
at = "d3"
nerve = 0
key = true

[[prisoners]]
name = "green"
falling = "row 4"
nerve = 2
key = true

[[prisoners]]
name = "yellow"
at = "d2"
nerve = 0

[pile]                   # the discard follows from the standard setup
count = 9
contents = { t = 4, cross = 1, key = 1, gate = 1, wax_eater = 2 }

[rulings]
RULING-MONSTER-REMOVED = true

[[check]]
verdict = "win"
turns = 1
'''
BOARD_LINE = 10
"""TOML line of rank 6 in HAND_WRITTEN."""


def problems_of(text: str) -> list[tuple[str, str]]:
    with pytest.raises(PositionError) as info:
        parse_scenario(text)
    return [(p.path, p.message) for p in info.value.problems]


def test_hand_written_scenario_reads_as_the_example() -> None:
    pos = parse_scenario(HAND_WRITTEN)
    assert pos.state == example().state
    assert pos.meta == {
        "title": "Red must fetch the key on d4",
        "source": "example",
        "question": "Can red get out?",
        "checks": [{"verdict": "win", "turns": 1}],
    }


def test_written_scenario_draws_the_board_and_keeps_everything() -> None:
    pos = example()
    text = format_scenario(pos.state, dict(pos.meta, **META))
    assert text.startswith('title = "Round trip"\nsource = "example"\nquestion = "Who wins?"\nturn = "red"\nboard = """\n')
    assert format_board(pos.state) in text
    assert "[meta.notes]" in text and "awaits" not in text
    back = parse_scenario(text)
    assert back.state == pos.state
    assert to_json(back.state, back.meta) == to_json(pos.state, dict(pos.meta, **META))


def test_board_is_aligned_with_a_header() -> None:
    assert format_board(example().state) == (
        "     a     b     c     d     e     f\n"
        "6    .     .     .     .     .     .\n"
        "5    .     .     .     .     .     .\n"
        "4    .     .     I:NS  K     .     .\n"
        "3    .     .     T:NES G     W     .\n"
        "2    .     .     P/I   X     X     .\n"
        "1    .     .     .     T:NES .     .\n"
    )
    assert format_board(exotic().state).splitlines()[4] == "3    .      .      T~:NES K      L      ."


def test_board_header_is_optional_and_may_close_the_board() -> None:
    lines = HAND_WRITTEN.splitlines()
    header = lines[BOARD_LINE - 2]
    without = "\n".join(lines[: BOARD_LINE - 2] + lines[BOARD_LINE - 1 :])
    assert parse_scenario(without).state == example().state
    at_bottom = without.replace('1    .     .     .     t:esn .     .\n"""', f'1    .     .     .     t:esn .     .\n{header}\n"""')
    assert parse_scenario(at_bottom).state == example().state


def test_metadata_holding_null_is_kept_as_json() -> None:
    pos = example()
    meta = {"title": "t", "answer": None, "checks": [{"p_win": None}]}
    text = format_scenario(pos.state, meta)
    assert text.startswith("meta = ")
    assert parse_scenario(text).meta == meta


def test_mid_turn_scenario_round_trips_without_awaits() -> None:
    state = next(s for s in playout(5, known_order=False) if s.pending is not None and s.pending.front.name == "place")
    text = format_scenario(state)
    assert "[pending]" in text and "awaits" not in text
    assert parse_scenario(text).state == state


# -- problems ----------------------------------------------------------------------------


def test_board_problems_give_the_toml_line_and_column() -> None:
    text = HAND_WRITTEN.replace("I:SN  K", "I:NE  K")
    assert problems_of(text) == [
        (f"board, line {BOARD_LINE + 2}, column 18", "'I:NE': 'NE' is not a rotation of a straight (one of NS, EW)")
    ]
    text = HAND_WRITTEN.replace("    W     .     #", "    Z     .     #")
    assert problems_of(text)[0][0] == f"board, line {BOARD_LINE + 3}, column 30"


def test_board_on_the_opening_line_is_located_too() -> None:
    text = HAND_WRITTEN.replace('board = """\n     a     b     c     d     e     f\n', 'board = """     a     b     c     d     e     f\n')
    text = text.replace("2    .     .     P/I", "2    .     .     P/Y")
    assert problems_of(text)[0][0] == f"board, line {BOARD_LINE + 3}, column 18"
    first = HAND_WRITTEN.replace('board = """\n     a     b     c     d     e     f\n6    .', 'board = """6    Z')
    assert problems_of(first)[0][0] == f"board, line {BOARD_LINE - 2}, column 17"


def test_board_with_escapes_is_located_by_its_own_lines() -> None:
    text = HAND_WRITTEN.replace("I:SN  K", "I:NE  \\u004B")
    assert problems_of(text) == [("board, line 4 of the board, column 18", "'I:NE': 'NE' is not a rotation of a straight (one of NS, EW)")]


@pytest.mark.parametrize(
    ("old", "new", "path", "says"),
    [
        ("5    .     .     .     .     .     .\n", "", "board", "5 rank lines"),
        ("3    .     .     T:NES", "7    .     .     T:NES", f"board, line {BOARD_LINE + 3}, column 1", "'7': rank 3 expected here"),
        ("T:NES G     W     .", "T:NES G     W", f"board, line {BOARD_LINE + 3}, column 1", "rank 3 has 5 cells, expected 6"),
        ("6    .     .", "6    X     .", f"board, line {BOARD_LINE}, column 6", "a6: the crossroads is not illuminated"),
        ("size = 6", "size = 7", "size", "7, but the board has 6 ranks"),
        ('turn = "red"', 'turn = "red"\ncolour = "blue"', "colour", "unknown key (known keys: title, source, question, size, setup"),
        ('turn = "red"', 'turn = "red"\nwhen = 2024-05-01', "when", "a TOML date or time has no JSON equivalent"),
        ('turn = "red"', 'turn = "purple"', "turn", "'purple' is not a prisoner"),
        ('at = "c3"', 'at = "c2"', "prisoners[0].at", "c2 holds a pit"),
        ("count = 9", "count = 8", "pile.count", "8, but the pile's contents add up to 9"),
        ("RULING-MONSTER-REMOVED = true", "RULING-CANDLES = true", "rulings.RULING-CANDLES", "unknown ruling"),
        ("[[check]]", '[meta]\ntitle = "again"\n\n[[check]]', "meta.title", "given twice: as title and in [meta]"),
        ('source = "example"', 'source = "example', "line 3, column 18", "invalid TOML: Illegal character"),
        ("[[check]]", "[[check]", "line 46, column 8", "invalid TOML: Expected ']]'"),
        ('board = """', 'board = 6\nx = """', "board", "expected a multi-line string"),
    ],
)
def test_problems_are_located_in_the_scenario(old: str, new: str, path: str, says: str) -> None:
    assert old in HAND_WRITTEN
    found = problems_of(HAND_WRITTEN.replace(old, new, 1))
    assert any(p == path and says in m for p, m in found), found


def test_check_problems_point_at_the_top_level_key() -> None:
    text = HAND_WRITTEN.replace('title = "Red', 'check = 3\ntitle = "Red').replace("[[check]]", "[meta]\nchecks = 1\n[[other]]")
    paths = [p for p, _ in problems_of(text)]
    assert "meta.checks" in paths and "other" in paths


@pytest.mark.parametrize("cut", [1, 40, 200, 400, 700, len(HAND_WRITTEN) - 12])
def test_truncated_scenarios_raise_position_error(cut: int) -> None:
    assert problems_of(HAND_WRITTEN[:cut])


def test_lenient_reading_warns_about_unknown_keys() -> None:
    text = HAND_WRITTEN.replace('turn = "red"', 'turn = "red"\ncolour = "blue"')
    _, warnings = read_scenario(text, lenient=True)
    assert [w.path for w in warnings] == ["colour"]
