"""Hostile input on the command line: endless files, bytes that are not text, terminal escapes,
millions of problems, gigantic numbers and absurd nesting. Every outcome is exit 0, 1 or 2 with
a located message in the project's words; nothing the user gave reaches the terminal as a code."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.protocol.commands import execute
from solver.protocol.requests import parse_request
from tests.paths import DATA, ROOT

EXAMPLE = DATA / "format_example.json"
NINE_MIB = 9 * 1024 * 1024
HOSTILE_TITLE = "\u001b]0;owned\u0007\u001b[2J\u009b\u202e"
RAW_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach the terminal (newline and tab excepted)."""
PYTHON_INTERNALS = ("set_int_max_str_digits", "recursion", "Traceback", "Error:", "internal error")


def lueur(*args: str, stdin: bytes | str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def example() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text())


def write(tmp_path: Path, doc: Any, name: str = "pos.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def in_form(tmp_path: Path, doc: dict[str, Any], form: str) -> str:
    """The document written in ``form`` (json, toml or line), as a file."""
    source = write(tmp_path, doc, "source.json")
    if form == "json":
        return source
    converted = lueur("convert", "--to", form, source)
    assert converted.exit_code == 0, converted.output
    return write(tmp_path, converted.stdout, f"pos.{form}")


def assert_clean(result: Any) -> None:
    """Exit 0, 1 or 2, and no Python internals nor raw control characters on either stream."""
    assert result.exit_code in (0, 1, 2), result.output
    for text in (result.stdout, result.stderr):
        assert not any(word in text for word in PYTHON_INTERNALS), text[:500]
        assert not RAW_CONTROLS.search(text), text[:500]


# -- size ---------------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("command", ["check", "show"])
def test_an_endless_file_is_refused_at_the_size_cap(command: str) -> None:
    result = lueur(command, "/dev/zero")
    assert result.exit_code == 2
    assert "file: larger than 8 MiB (the most a position file may hold)" in result.output


def test_a_piped_stdin_over_the_cap_is_refused() -> None:
    done = subprocess.run([sys.executable, "-m", "cli", "check", "-"], input=b" " * NINE_MIB, capture_output=True, cwd=ROOT)
    assert done.returncode == 2
    assert b"larger than 8 MiB" in done.stdout
    assert len(done.stdout) + len(done.stderr) < 1000


# -- standard input as bytes ---------------------------------------------------------------


def test_random_bytes_on_stdin_are_not_utf8_text_as_in_a_file(tmp_path: Path) -> None:
    data = b"# \x80\xff\xfe not text\n"
    path = tmp_path / "pos.toml"
    path.write_bytes(data)
    piped, filed = lueur("check", "-", stdin=data), lueur("check", str(path))
    assert piped.exit_code == filed.exit_code == 2
    assert "standard input is not UTF-8 text (byte 3 is not valid UTF-8)" in piped.stdout
    assert f"{path} is not UTF-8 text (byte 3 is not valid UTF-8)" in filed.stdout
    assert "TOML" not in piped.stdout


# -- terminal escapes -----------------------------------------------------------------------


@pytest.mark.parametrize("args", [("show",), ("apply", "FILE", "stay")])
def test_a_hostile_title_is_shown_escaped(tmp_path: Path, args: tuple[str, ...]) -> None:
    doc = example()
    doc["meta"]["title"] = HOSTILE_TITLE
    path = write(tmp_path, doc)
    result = lueur(*(path if a == "FILE" else a for a in args), *([] if "FILE" in args else [path]))
    assert_clean(result)
    assert "\\x1b]0;owned\\x07\\x1b[2J\\x9b\\u202e" in result.stdout


def test_a_hostile_key_quoted_in_a_problem_is_escaped(tmp_path: Path) -> None:
    doc = example()
    doc["rulings"] = {"RULING-\u001b]0;owned\u0007": True}
    result = lueur("show", write(tmp_path, doc))
    assert result.exit_code == 2
    assert_clean(result)
    assert "RULING-\\x1b]0;owned\\x07: unknown ruling" in result.stderr


@pytest.mark.parametrize("form", ["json", "toml", "line"])
def test_json_output_and_conversions_keep_a_hostile_title_exactly(tmp_path: Path, form: str) -> None:
    doc = example()
    doc["meta"]["title"] = HOSTILE_TITLE
    path = write(tmp_path, doc)
    shown = lueur("show", "--json", path)
    assert_clean(shown)
    assert json.loads(shown.stdout)["position"]["meta"]["title"] == HOSTILE_TITLE
    converted = lueur("convert", "--to", form, path)
    assert_clean(converted)
    back = lueur("convert", "--to", "json", write(tmp_path, converted.stdout, f"back.{form}"))
    assert json.loads(back.stdout)["meta"]["title"] == HOSTILE_TITLE


@pytest.mark.parametrize("form", ["json", "toml", "line"])
@pytest.mark.parametrize("char", ["\u001b", "\u009b", "\u007f", "\u202e", "\u2066"])
def test_a_control_character_in_a_name_is_refused(tmp_path: Path, form: str, char: str) -> None:
    doc = example()
    path = in_form(tmp_path, doc, form)
    text = Path(path).read_text(encoding="utf-8")
    hostile = text.replace("yellow", f"yel{char}low")  # the line notation and TOML write these as they are
    if form != "line":
        hostile = text.replace('"yellow"', json.dumps(f"yel{char}low"))
    result = lueur("check", write(tmp_path, hostile, f"hostile.{form}"))
    assert result.exit_code == 2
    assert_clean(result)
    assert "a name may not hold control characters" in result.stdout
    assert re.search(r"prisoners\[3\]\.name|field 2 \(prisoners\), item 4", result.stdout)


# -- millions of problems --------------------------------------------------------------------


def test_check_counts_every_problem_but_lists_the_first_hundred(tmp_path: Path) -> None:
    doc = example()
    doc.update({f"k{i}": 1 for i in range(200_000)})
    path = write(tmp_path, doc)
    text = lueur("check", path)
    assert text.exit_code == 2
    assert text.stdout.startswith(f"{path}: 200,000 problems; the first 100:\n")
    assert text.stdout.rstrip().endswith("... and 199,900 more problems, not listed")
    as_json = json.loads(lueur("check", "--json", path).stdout)
    assert as_json["total"] == 200_000 and len(as_json["problems"]) == 101
    shown = lueur("show", "--json", path)
    assert json.loads(shown.stdout)["total"] == 200_000
    assert len(shown.stderr) < 30_000


def test_a_few_problems_are_counted_as_before(tmp_path: Path) -> None:
    doc = example()
    doc["k"] = 1
    result = lueur("check", write(tmp_path, doc))
    assert result.stdout.splitlines()[0].endswith(": 1 problem")
    assert json.loads(lueur("check", "--json", write(tmp_path, doc)).stdout)["total"] == 1


def test_a_wrong_turn_among_the_prisoners_names_them(tmp_path: Path) -> None:
    doc = example()
    doc["prisoners"] = [{"name": f"p{i}", "unplaced": True} for i in range(5)]
    result = lueur("check", write(tmp_path, doc))
    assert "'red' is not a prisoner (prisoners: p0, p1, p2, p3, p4)" in result.stdout


@pytest.mark.parametrize("count", [6, 37_000])
def test_more_prisoners_than_a_game_has_are_refused_before_anything_else(tmp_path: Path, count: int) -> None:
    """The box has five start tiles: a custom setup with thousands of start tiles does not bring thousands of
    prisoners to draw (issue 24, item 6)."""
    doc = example()
    doc["setup"] = {"base": "standard", "counts": {"start": count, "t": 30}}
    doc["prisoners"] = [{"name": f"p{i}", "unplaced": True} for i in range(count)]
    result = lueur("check", "--json", write(tmp_path, doc))
    problems = json.loads(result.stdout)["problems"]
    assert result.exit_code == 2
    assert {"path": "prisoners", "message": f"{count:,} prisoners: at most 5 (the box's five start tiles)"} in problems
    assert {"path": "setup.counts.start", "message": f"{count} is out of range from 0 to 5"} in problems
    assert len(result.stdout) < 5_000


def test_a_tile_count_past_the_bound_is_refused(tmp_path: Path) -> None:
    doc = example()
    doc["setup"] = {"base": "standard", "counts": {"t": 10**6}}
    result = lueur("check", "--json", write(tmp_path, doc))
    assert {"path": "setup.counts.t", "message": "1000000 is out of range from 0 to 999"} in json.loads(result.stdout)["problems"]


@pytest.mark.parametrize("length", [10_000, 900_000])
def test_a_long_title_draws_a_picture_of_bounded_size(length: int) -> None:
    doc = example()
    doc["meta"]["title"] = "W" * length
    final = execute(parse_request({"id": 1, "command": "render", "position": doc, "format": "svg"}), lambda info: None,
                    lambda: False)
    short = example()
    short["meta"]["title"] = "W" * 200
    bounded = execute(parse_request({"id": 1, "command": "render", "position": short, "format": "svg"}), lambda info: None,
                      lambda: False)
    assert len(final["result"]["board"]) <= len(bounded["result"]["board"]) + 500
    assert "W" * 199 + "\u2026" in final["result"]["board"]  # cut, and said to be


# -- gigantic numbers, absurd nesting, long tokens ---------------------------------------------


def toml_example(tmp_path: Path) -> str:
    return Path(in_form(tmp_path, example(), "toml")).read_text(encoding="utf-8")


def line_example(tmp_path: Path) -> str:
    return Path(in_form(tmp_path, example(), "line")).read_text(encoding="utf-8")


def test_a_gigantic_toml_integer_is_located(tmp_path: Path) -> None:
    text = toml_example(tmp_path).replace("count = 9", "count = " + "9" * 5000)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("count = 9"))
    result = lueur("check", write(tmp_path, text, "big.toml"))
    assert result.exit_code == 2
    assert_clean(result)
    assert f"line {line}, column 9: invalid TOML: an integer of 5,000 digits (at most 4,300)" in result.stdout


@pytest.mark.parametrize("command", [("convert", "--to", "toml"), ("convert", "--to", "json"), ("show", "--json")])
def test_deeply_nested_toml_metadata_is_refused_not_an_internal_error(tmp_path: Path, command: tuple[str, ...]) -> None:
    text = toml_example(tmp_path) + "\n[meta]\nx = " + "[" * 80 + "]" * 80 + "\n"  # deeper than 100: refused as TOML
    result = lueur(*command, write(tmp_path, text, "deep.toml"))
    assert result.exit_code == 2
    assert_clean(result)
    assert "meta.x: nested more than 64 levels deep" in result.output


def test_metadata_nested_within_the_limit_is_kept(tmp_path: Path) -> None:
    doc = example()
    nested: Any = "bottom"
    for _ in range(63):
        nested = [nested]
    doc["meta"]["x"] = nested
    result = lueur("convert", "--to", "toml", write(tmp_path, doc))
    assert result.exit_code == 0
    back = lueur("convert", "--to", "json", write(tmp_path, result.stdout, "back.toml"))
    assert json.loads(back.stdout)["meta"]["x"] == nested


@pytest.mark.parametrize("value", ["inf", "-inf", "nan"])
def test_a_non_finite_toml_number_in_metadata_is_refused(tmp_path: Path, value: str) -> None:
    text = toml_example(tmp_path) + f"\n[meta]\nscore = {value}\n"
    result = lueur("convert", "--to", "json", write(tmp_path, text, "nan.toml"))
    assert result.exit_code == 2
    assert "meta.score:" in result.stderr and "is not a JSON number" in result.stderr
    assert "Infinity" not in result.stdout and "NaN" not in result.stdout


@pytest.mark.parametrize(
    "old, new",
    [
        ("6/6/2", "9" * 5000 + "/6/2"),
        ("t=4", "t=" + "9" * 5000),
        ("red@c3+1", "red@c3+" + "9" * 5000),
        ("MONSTER-REMOVED=1", "MONSTER-REMOVED=" + "1" * 5000),
    ],
)
def test_a_gigantic_line_field_is_quoted_short(tmp_path: Path, old: str, new: str) -> None:
    text = line_example(tmp_path)
    assert old in text
    result = lueur("show", write(tmp_path, text.replace(old, new, 1), "big.line"))
    assert result.exit_code == 2
    assert_clean(result)
    assert "(5,0" in result.stderr and len(result.stderr) < 1000


def test_a_gigantic_board_token_is_quoted_short(tmp_path: Path) -> None:
    text = toml_example(tmp_path).replace("6    .", "6    " + "." * 100_000, 1)
    result = lueur("show", write(tmp_path, text, "wide.toml"))
    assert result.exit_code == 2
    assert "(100,000 characters)" in result.stderr and len(result.stderr) < 1000


def test_a_gigantic_json_integer_is_quoted_short(tmp_path: Path) -> None:
    doc = example()
    doc["prisoners"][0]["nerve"] = 10**4000
    result = lueur("show", write(tmp_path, doc))
    assert result.exit_code == 2
    assert "prisoners[0].nerve: 10000000000000000000... (4,001 digits) is out of range from 0 to 2" in result.stderr


# -- TOML that costs more than its size (issue 24, items 1 and 7) ----------------------------------


@pytest.mark.parametrize("parts", [3_000, 20_000])
@pytest.mark.parametrize("command", [("check",), ("show",), ("convert", "--to", "json")])
def test_a_dotted_key_of_thousands_of_parts_is_a_located_problem(tmp_path: Path, parts: int, command: tuple[str, ...]) -> None:
    text = toml_example(tmp_path) + "\n" + ".".join(["a"] * parts) + " = 1\n"
    line = text.count("\n")
    result = lueur(*command, write(tmp_path, text, "dotted.toml"))
    assert result.exit_code == 2
    assert_clean(result)
    assert f"line {line}, column 33: invalid TOML: a dotted key of more than 16 parts (at most 16)" in result.output


def test_a_dotted_key_in_a_convert_request_is_refused_as_a_position_problem() -> None:
    text = 'title = "x"\n' + ".".join(["a"] * 20_000) + " = 1\n"
    final = execute(parse_request({"id": 1, "command": "convert", "text": text, "to": "json"}), lambda info: None, lambda: False)
    assert final["type"] == "error" and final["error"] == "invalid position"
    assert final["problems"] == [{"path": "line 2, column 33",
                                  "message": "invalid TOML: a dotted key of more than 16 parts (at most 16)"}]
