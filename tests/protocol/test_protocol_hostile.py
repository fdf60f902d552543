"""A hostile client against the engine protocol: non-finite numbers, ids that are not ids, lone surrogates,
lines too long to read, floods of problems. Each line gets exactly one error, carrying an id only when it was
read with certainty and belongs to no request in flight (docs/protocol.md, "Lines back")."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from cli.engine import LineWriter, encode_line, serve_line
from solver.protocol.commands import execute
from solver.protocol.requests import Request, RequestError, leading_id, parse_request
from solver.protocol.runner import Runner
from solver.protocol.schema import MAX_ID_INTEGER
from tests.protocol_client import position

HOLD = position("endgames/04-hold-the-light")
PYTHON_WORDS = ("sys.set_int_max_str_digits", "recursion", "Exceeds the limit", "Traceback")


def strict(line: bytes) -> Any:
    """The JSON of a line, refusing what Python reads but JSON does not allow."""
    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")
    return json.loads(line, parse_constant=refuse)


class FakeRunner:
    """Stands for the runner: which ids are in flight, and what was handed over."""

    def __init__(self, *in_flight: str | int) -> None:
        self.busy = set(in_flight)
        self.submitted: list[Request] = []

    def in_flight(self, request_id: str | int) -> bool:
        return request_id in self.busy

    def submit(self, request: Request, emit: Any) -> None:
        self.submitted.append(request)


def serve(raw: bytes, runner: FakeRunner, oversized: bool = False) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    serve_line(raw, oversized, runner, lambda doc: lines.append(strict(encode_line(doc))), 600.0, 4096)
    return lines


def refusal(raw: bytes, *in_flight: str | int, oversized: bool = False) -> dict[str, Any]:
    runner = FakeRunner(*in_flight)
    [line] = serve(raw, runner, oversized)
    assert line["type"] == "error" and not runner.submitted
    return line


# -- non-finite numbers ----------------------------------------------------------------------


@pytest.mark.parametrize("field, literal", [
    ("time_limit", "NaN"), ("report_every", "NaN"), ("time_limit", "Infinity"), ("seed", "-Infinity"),
    ("time_limit", "1e400"), ("max_nodes", "-1e999"),
])
def test_non_finite_numbers_are_malformed_with_their_column(field: str, literal: str) -> None:
    raw = f'{{"id": "n", "command": "hint", "position": {{}}, "{field}": {literal}}}'.encode()
    line = refusal(raw)
    column = raw.index(literal.encode()) + 1
    assert line["error"] == "malformed" and line["id"] is None
    assert line["message"].startswith(f"invalid JSON at column {column}: {literal}")
    assert "finite" in line["message"]


def test_nan_deep_inside_the_position_is_refused_too() -> None:
    raw = json.dumps({"id": 1, "command": "solve", "position": {**HOLD, "meta": {"x": [float("nan")]}}}).encode()
    assert refusal(raw)["error"] == "malformed"


@pytest.mark.parametrize("field, value", [
    ("time_limit", float("nan")), ("report_every", float("nan")), ("time_limit", float("inf")), ("report_every", float("-inf")),
])
def test_the_range_checks_hold_against_nan_given_directly(field: str, value: float) -> None:
    """The HTTP front end or a library caller may hand over Python floats: the checks do not rely on the decoder."""
    with pytest.raises(RequestError) as caught:
        parse_request({"id": 1, "command": "hint", "position": {}, field: value})
    assert caught.value.kind == "invalid request" and caught.value.problems[0].path == field
    assert "finite" in caught.value.problems[0].message


def test_a_huge_integer_limit_is_an_invalid_request_not_a_crash() -> None:
    line = refusal(b'{"id": "b", "command": "hint", "position": {}, "time_limit": 1' + b"0" * 400 + b"}")
    assert line["error"] == "invalid request" and line["id"] == "b"
    assert line["problems"][0]["path"] == "time_limit" and len(line["message"]) < 200


def test_python_internals_never_reach_a_message() -> None:
    giant = refusal(b'{"id": 1, "command": "version", "x": ' + b"7" * 5000 + b"}")
    assert giant["message"] == "invalid JSON at column 38: an integer of 5,000 digits: at most 4,300"
    deep = refusal(b'{"id": 1, "command": "version", "x": ' + b"[" * 3000 + b"]" * 3000 + b"}")
    assert deep["message"].startswith("invalid JSON at column 137: nested too deeply")
    for line in (giant, deep):
        assert not any(word in line["message"] for word in PYTHON_WORDS)


# -- ids ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [1.5, 1.0, True, None, {"id": 1}, [1], "", "x" * 201, "a\u0000b", "tab\t", "\u007f", "c1\u0085",
                                 MAX_ID_INTEGER + 1, -MAX_ID_INTEGER - 1, 10**30])
def test_an_id_that_is_not_an_id_is_refused_without_an_id(bad: Any) -> None:
    line = refusal(json.dumps({"id": bad, "command": "version"}).encode())
    assert line["error"] == "invalid request" and line["id"] is None and line["message"].startswith("id: ")


@pytest.mark.parametrize("good", ["x" * 200, "é ✓ 😀", "a b", 0, -1, MAX_ID_INTEGER, -MAX_ID_INTEGER])
def test_ids_are_strings_and_safe_integers(good: str | int) -> None:
    runner = FakeRunner()
    assert serve(json.dumps({"id": good, "command": "version"}).encode(), runner) == []
    assert runner.submitted[0].id == good


def test_a_float_id_beside_an_integer_in_flight_gets_no_id() -> None:
    line = refusal(b'{"id": 1.5, "command": "version"}', 1)
    assert line["id"] is None and "1.5" in line["message"]


def test_a_lone_surrogate_in_an_id_is_refused_at_decoding() -> None:
    line = refusal(b'{"id": "s\\ud800", "command": "version"}')
    assert (line["error"], line["id"]) == ("malformed", None)
    assert line["message"].startswith("invalid JSON at column 10: a lone surrogate \\ud800 is not Unicode text")


def test_a_lone_surrogate_in_a_position_is_refused_at_decoding() -> None:
    raw = json.dumps({"id": "p", "command": "legal", "position": {**HOLD, "meta": {"title": "\ud800"}}}).encode()
    line = refusal(raw)
    assert (line["error"], line["id"]) == ("malformed", None)
    column = raw.index(rb"\ud800") + 1
    assert f"column {column}: a lone surrogate" in line["message"]


def test_a_duplicate_id_is_refused_without_the_id_and_names_it() -> None:
    line = refusal(b'{"id": "d", "command": "version"}', "d")
    assert (line["error"], line["id"]) == ("duplicate id", None) and "'d'" in line["message"]
    line = refusal(b'{"id": "d", "command": "cancel", "target": "other"}', "d")  # a cancel's own id too
    assert (line["error"], line["id"]) == ("duplicate id", None)


def test_a_refused_request_whose_id_is_in_flight_gets_no_id() -> None:
    line = refusal(b'{"id": 7, "command": "teleport"}', 7)
    assert (line["error"], line["id"]) == ("unknown command", None) and "id 7" in line["message"]
    assert refusal(b'{"id": 7, "command": "teleport"}')["id"] == 7  # not in flight: the id is certain and free


@pytest.mark.parametrize("prefix, found", [
    (b'{"id":"big","command":"legal","position":{', "big"),
    (b'{ "id" : 42 , "command"', 42),
    (b'{"id":"a\\"b","x', 'a"b'),
    (b'{"command":"legal","position":{"meta":{"id":"other"}},"id":"mine",', None),  # an id nested in another value
    (b'{"position":{"meta":{"id":1}},"id":2', None),
    (b'{"id":1.5,"command":"legal"', None),
    (b'{"id":1e3,"command":"legal"', None),
    (b'{"id":12', None),                      # cut short: the number may go on
    (b'{"id":"unterminated', None),
    (b'{"id":true,', None),
    (b'{"id":"\\ud800",', None),
    (b'{"id":' + str(MAX_ID_INTEGER + 1).encode() + b",", None),
    (b'[{"id":1},', None),
    (b'{"id":"\xff\xfe",', None),
])
def test_the_id_of_an_oversized_line_is_read_only_from_its_first_member(prefix: bytes, found: str | int | None) -> None:
    assert leading_id(prefix) == found


def test_an_oversized_line_with_a_nested_id_gets_no_id() -> None:
    raw = b'{"command":"legal","position":{"meta":{"id":"x"}},"padding":"' + b"y" * 5000
    line = refusal(raw[:4096], oversized=True)
    assert (line["error"], line["id"]) == ("too large", None)


def test_an_oversized_line_keeps_its_leading_id_unless_that_id_is_in_flight() -> None:
    raw = b'{"id":"big","command":"legal","padding":"' + b"y" * 5000
    assert refusal(raw[:4096], oversized=True)["id"] == "big"
    line = refusal(raw[:4096], "big", oversized=True)
    assert line["id"] is None and "'big'" in line["message"]


# -- floods of problems --------------------------------------------------------------------------


def test_a_request_with_200000_unknown_fields_gets_a_bounded_list_of_warnings() -> None:
    doc = {"id": 1, "command": "version", **{f"k{i}": 0 for i in range(200_000)}}
    request = parse_request(doc)
    assert len(request.warnings) == 101
    assert request.warnings[-1].message == "... and 199,900 more warnings, not listed"


def test_an_invalid_position_lists_at_most_100_problems_and_counts_the_rest() -> None:
    bad = {**HOLD, "tiles": {f"z{i}": "X" for i in range(300)}}
    request = parse_request({"id": 1, "command": "legal", "position": bad})
    line = execute(request, lambda info: None, lambda: False)
    assert line["error"] == "invalid position"
    assert len(line["problems"]) == 101 and line["problems"][-1]["message"].endswith("more problems, not listed")
    listed = int(line["problems"][-1]["message"].split()[2].replace(",", ""))
    assert line["message"] == f"{100 + listed:,} problem(s) in the position" and listed > 100


def test_a_position_with_200000_unknown_fields_gets_a_bounded_list_of_warnings() -> None:
    noisy = {**HOLD, **{f"k{i}": 0 for i in range(200_000)}}
    request = parse_request({"id": 1, "command": "check", "position": noisy})
    line = execute(request, lambda info: None, lambda: False)
    assert line["result"]["valid"] is True and len(line["result"]["warnings"]) == 101


# -- what goes out -----------------------------------------------------------------------------


class Sink:
    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes) -> None:
        self.data += data

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "\ud800", {1, 2}])
def test_the_line_writer_never_writes_what_is_not_json(bad: Any) -> None:
    sink = Sink()
    write = LineWriter(sink)  # type: ignore[arg-type]
    write({"id": "r", "type": "result", "command": "hint", "result": {"time_limit": bad}})
    write({"id": "r", "type": "info", "command": "hint", "stage": bad})
    final, info = (strict(line) for line in sink.data.splitlines())
    assert (final["id"], final["type"], final["error"]) == ("r", "error", "internal error")
    assert (info["id"], info["type"]) == ("r", "warning")  # not a second final line


class RacingRunner(FakeRunner):
    """A runner that refuses a duplicate itself (its request was just finishing when the line came)."""

    def submit(self, request: Request, emit: Any) -> None:
        super().submit(request, emit)
        emit(RequestError("duplicate id", "already in flight", request.id).line())


def test_a_duplicate_refused_by_the_runner_carries_no_id_either() -> None:
    [line] = serve(b'{"id": "d", "command": "version"}', RacingRunner())
    assert (line["error"], line["id"]) == ("duplicate id", None) and "'d'" in line["message"]


def test_a_bug_while_reading_a_request_still_answers_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(doc: Any, max_time_limit: float) -> Request:
        raise KeyError("a bug")
    monkeypatch.setattr("cli.engine.parse_request", broken)
    line = refusal(b'{"id": 1, "command": "version"}')
    assert (line["error"], line["id"]) == ("internal error", None)


def test_an_id_is_free_again_as_soon_as_its_final_line_is_sent() -> None:
    """A client may reuse an id the moment its answer arrives: the runner must not still hold it."""
    runner = Runner(processes=False)
    lines: list[dict[str, Any]] = []
    resent = threading.Event()

    def emit(line: dict[str, Any]) -> None:
        lines.append(line)
        if line["type"] == "result" and not resent.is_set():
            resent.set()  # reuse the id from inside the final line's delivery: the earliest moment a client could
            runner.submit(parse_request({"id": "r", "command": "version"}), emit)

    runner.submit(parse_request({"id": "r", "command": "version"}), emit)
    resent.wait(10)
    runner.wait()
    assert [(line["id"], line["type"]) for line in lines] == [("r", "result"), ("r", "result")]
    assert not runner.in_flight("r")


# -- messages that say what is wrong (issue 24, item 12) --------------------------------------------


def problems_of(doc: dict[str, Any]) -> list[dict[str, str]]:
    with pytest.raises(RequestError) as caught:
        parse_request({"id": 1, "position": HOLD, **doc})
    return [p.as_json() for p in caught.value.problems]


def test_too_many_highlight_cells_are_counted_not_called_not_an_array() -> None:
    [problem] = problems_of({"command": "render", "format": "svg", "highlight": ["a1"] * 50})
    assert problem["path"] == "highlight"
    assert problem["message"].endswith("at most 49 cells, not 50")
    assert "not an array" not in problem["message"]


def test_a_cell_that_is_not_a_string_is_named() -> None:
    [problem] = problems_of({"command": "render", "format": "svg", "highlight": ["a1", 7]})
    assert problem["path"] == "highlight[1]" and problem["message"].endswith("a cell's name (a string), not a number")


@pytest.mark.parametrize("value, shown_as", [(600.0000001, "600.0000001"), (600.5, "600.5"), (1e300, "1e+300")])
def test_a_number_just_past_a_bound_is_shown_as_sent(value: float, shown_as: str) -> None:
    [problem] = problems_of({"command": "solve", "time_limit": value})
    assert problem["message"] == f"{shown_as} is out of range: more than 0 and at most 600"
