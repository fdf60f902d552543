"""JSON text that Python reads but JSON does not allow, in every reader (files, notation, requests):
non-finite numbers, lone surrogates, absurd nesting and gigantic integers are refused where they stand,
in the project's own words."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.base.errors import PositionError
from solver.base.json_text import MAX_DEPTH, decode_json, decode_json_prefix
from solver.nightcage.notation.forms import dump, load_path, load_text
from solver.nightcage.notation.position_json import loads
from tests.paths import ROOT

HOLD = ROOT / "examples" / "positions" / "hold-the-light.json"
_RAW_SURROGATE_TEXT = re.compile("[\ud800-\udfff]")
PYTHON_WORDS = ("sys.set_int_max_str_digits", "recursion", "Exceeds the limit", "Traceback")


def problem_of(text: str, **options: object) -> tuple[str, str]:
    with pytest.raises(PositionError) as caught:
        decode_json(text, **options)  # type: ignore[arg-type]
    [problem] = caught.value.problems
    return problem.path, problem.message


@pytest.mark.parametrize("text, column, token", [
    ('{"time_limit": NaN}', 16, "NaN"),
    ('[1, Infinity]', 5, "Infinity"),
    ('{"a": [-Infinity]}', 8, "-Infinity"),
    ('{"NaN": "Infinity", "b": NaN}', 26, "NaN"),  # the words inside strings are text
])
def test_non_finite_constants_are_refused_at_their_column(text: str, column: int, token: str) -> None:
    assert problem_of(text) == (f"line 1, column {column}",
                                f"invalid JSON: {token} is not a number JSON allows: numbers are finite, e.g. 2.5 or -3")


def test_numbers_too_large_for_a_float_are_refused() -> None:
    for literal in ("1e400", "-1e400", "1" + "0" * 400 + ".0"):
        path, message = problem_of(f'{{"x":\n  {literal}}}')
        assert path == "line 2, column 3" and "too large a number" in message and "finite" in message
    assert decode_json("[1e-400, 1e308]") == [0.0, 1e308]  # tiny numbers round to 0; the largest finite pass


def test_a_gigantic_integer_is_refused_in_our_words() -> None:
    path, message = problem_of('{"n": ' + "9" * 5000 + "}", path="", column_in_message=True)
    assert message == "invalid JSON at column 7: an integer of 5,000 digits: at most 4,300"
    assert not any(word in message for word in PYTHON_WORDS)


def test_nesting_is_bounded_and_located() -> None:
    assert decode_json("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert decode_json('["' + "[" * 500 + '"]') == ["[" * 500]  # brackets in strings do not nest
    for depth in (MAX_DEPTH + 1, 5_000, 100_000):  # past Python's own recursion limit too
        path, message = problem_of('{"a": ' + "[" * depth + "]" * depth + "}", path="", column_in_message=True)
        assert message == f"invalid JSON at column {6 + MAX_DEPTH}: nested too deeply: at most {MAX_DEPTH} levels of arrays and objects"


@pytest.mark.parametrize("text, column, escape", [
    ('{"title": "a\\ud800b"}', 13, "\\ud800"),
    ('["ok", "\\udc00"]', 9, "\\udc00"),
    ('["\\ud800\\u0041"]', 3, "\\ud800"),           # a high half followed by something else
    ('["\\ud83d\\ude00", "\\ud83d"]', 19, "\\ud83d"),  # a pair is fine; the lone half after it is not
    ('{"\\udfff": 1}', 3, "\\udfff"),                # keys are strings too
])
def test_lone_surrogates_are_refused_at_their_column(text: str, column: int, escape: str) -> None:
    path, message = problem_of(text, path="", column_in_message=True)
    assert message.startswith(f"invalid JSON at column {column}: a lone surrogate {escape} is not Unicode text")


def test_surrogate_pairs_and_escaped_backslashes_are_text() -> None:
    assert decode_json('["\\ud83d\\ude00", "\\\\ud800"]') == ["\U0001F600", "\\ud800"]


def test_a_json_prefix_is_checked_too() -> None:
    assert decode_json_prefix('pending:{"a": 1} "\\ud800"', 8, "field 4 (pending)") == ({"a": 1}, 16)  # what follows is not its
    with pytest.raises(PositionError) as caught:
        decode_json_prefix('pending:{"a": "\\ud800"} rest', 8, "field 4 (pending)")
    assert caught.value.problems[0].path == "field 4 (pending), column 16"
    with pytest.raises(PositionError) as caught:
        decode_json_prefix("pending:[NaN]", 8, "field 4 (pending)")
    assert caught.value.problems[0].path == "field 4 (pending), column 10"


def test_position_files_refuse_them_in_every_form() -> None:
    text = HOLD.read_text()
    position = loads(text)[0]
    refused = {
        "json": text.replace('"nerve": 2', '"nerve": NaN'),
        "line": dump(position.state, {"title": "x"}, "line").replace('"x"', '"a\\ud800"'),
        "toml": "meta = '{\"note\": Infinity}'\n" + dump(position.state, {}, "toml"),
    }
    for form, bad in refused.items():
        with pytest.raises(PositionError) as caught:
            load_text(bad, f"position.{form}")
        [problem] = caught.value.problems
        assert "column" in str(problem), (form, problem)
        assert "NaN is not a number" in problem.message or "lone surrogate" in problem.message or \
            "Infinity is not a number" in problem.message, (form, problem)


def _hold_with(tmp_path: Path, old: str, new: str) -> Path:
    text = HOLD.read_text()
    assert old in text
    path = tmp_path / "position.json"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new", [
    ('"title": "End-game: hold the light"', '"title": "End-game: \\ud800"'),
    ('"name": "blue"', '"name": "\\ud800"'),
])
@pytest.mark.parametrize("command", ["check", "show"])
def test_the_command_line_refuses_a_lone_surrogate_with_its_place(tmp_path: Path, command: str, old: str, new: str) -> None:
    path = _hold_with(tmp_path, old, new)
    before = path.read_text()[:path.read_text().index("\\ud800")]
    place = f"line {before.count(chr(10)) + 1}, column {len(before) - before.rfind(chr(10))}"
    run = subprocess.run([sys.executable, "-m", "cli", command, str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2, run.stderr
    assert f"{place}: invalid JSON: a lone surrogate \\ud800 is not Unicode text" in run.stderr + run.stdout
    assert "valid position" not in run.stdout and "internal error" not in run.stderr


def test_the_command_line_refuses_non_finite_numbers_anywhere(tmp_path: Path) -> None:
    path = _hold_with(tmp_path, '"title": "End-game: hold the light"', '"title": NaN')
    run = subprocess.run([sys.executable, "-m", "cli", "check", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2 and "NaN is not a number JSON allows" in run.stderr + run.stdout
    assert load_path(HOLD)[0]  # the file untouched reads


_PIECES = st.sampled_from(["\\ud800", "\\udc00", "\\\\", "\\u0041", "a", "\\ud83d", "\\ude00", "ud800", "\\", '\\"', "é"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_PIECES, max_size=6).map("".join), min_size=1, max_size=3))
def test_a_string_is_refused_exactly_when_it_holds_a_lone_surrogate(bodies: list[str]) -> None:
    """The quick search for candidates never misses one (escaped backslashes, pairs, halves in a row)."""
    text = "[" + ", ".join(f'"{body}"' for body in bodies) + "]"
    try:
        strings = json.loads(text)
    except ValueError:
        return  # not JSON at all: another test's concern
    lone = any(_RAW_SURROGATE_TEXT.search(s) for s in strings)
    try:
        decode_json(text)
    except PositionError:
        assert lone, text
    else:
        assert not lone, text
