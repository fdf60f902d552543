"""Conformance of ``lueur engine`` (docs/protocol.md), driven as a real process on its pipes."""

from __future__ import annotations

import json
import subprocess
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from solver.protocol import schema
from solver.protocol.commands import execute
from solver.protocol.requests import RequestError, parse_request
from solver.protocol.schema import COMMANDS
from tests.protocol_client import LUEUR, ROOT, Engine, position

WAX = position("rulebook/wax-eater-sight")          # a turn start with a shuffled pile: hints are estimated
HOLD = position("endgames/04-hold-the-light")       # Final Flickers: win in 4 turns, 1 Nerve
LINE_TYPES = {"info", "warning", "result", "error"}


@pytest.fixture
def engine():
    process = Engine()
    yield process
    process.stop()


def test_version_answers_with_the_protocol_and_commands(engine: Engine) -> None:
    [line] = engine.ask({"id": 1, "command": "version"})
    assert line["type"] == "result" and line["id"] == 1 and line["exit_code"] == 0
    assert line["result"]["protocol"] == "lueur-engine/1"
    assert "hint" in line["result"]["commands"] and "cancel" in line["result"]["commands"]


def test_every_request_gets_exactly_one_final_line_with_its_id(engine: Engine) -> None:
    requests = [
        {"id": "v", "command": "version"},
        {"id": "l", "command": "legal", "position": WAX},
        {"id": 7, "command": "apply", "position": WAX, "actions": ["move N"]},
        {"id": "s", "command": "solve", "position": HOLD},
        {"id": "h", "command": "hint", "position": WAX, "playouts": 2},
        {"id": "o", "command": "odds", "position": WAX, "draws": 2},
        {"id": "r", "command": "render", "position": HOLD},
        {"id": "c", "command": "check", "position": HOLD},
        {"id": "a", "command": "analyze", "position": WAX, "playouts": 20, "orders": 0},
    ]
    for request in requests:
        engine.send(request)
    lines = engine.close()
    assert engine.process.returncode == 0
    assert all(line["type"] in LINE_TYPES and "id" in line for line in lines)
    finals = Counter(line["id"] for line in lines if line["type"] in ("result", "error"))
    assert finals == Counter(r["id"] for r in requests)
    for request in requests:
        own = [line for line in lines if line["id"] == request["id"]]
        assert own[-1]["type"] == "result", own[-1]  # nothing after the final line
        assert own[-1]["command"] == request["command"]
    results = {line["id"]: line for line in lines if line["type"] == "result"}
    assert results["s"]["result"]["verdict"] == "win" and results["s"]["result"]["turns"] == 4
    assert results[7]["result"]["outcome"] is None and results[7]["result"]["events"]
    assert results["c"]["result"]["valid"] is True
    assert "board" in results["r"]["result"]


def test_stdout_carries_protocol_lines_only(engine: Engine) -> None:
    engine.send({"id": 1, "command": "solve", "position": HOLD, "engine": "both"})
    engine.send({"id": 2, "command": "hint", "position": WAX, "playouts": 1})
    engine.close()
    assert engine.raw
    for raw in engine.raw:
        doc = json.loads(raw)
        assert isinstance(doc, dict) and doc["type"] in LINE_TYPES


def test_hint_sends_info_before_its_result_and_matches_the_command_line(engine: Engine) -> None:
    lines = engine.ask({"id": "h", "command": "hint", "position": WAX, "playouts": 3, "seed": 5})
    assert lines[0]["type"] == "info" and lines[0]["stage"] == "exact" and lines[0]["proven"] is False
    assert lines[0]["choices"] == ["stay", "move N", "move W"]
    assert [line["stage"] for line in lines if line["type"] == "info"].count("exact") == 1  # sent once, by the engine
    final = lines[-1]["result"]
    cli = subprocess.run([*LUEUR, "hint", "scenarios/rulebook/wax-eater-sight.toml", "--playouts", "3", "--seed", "5", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    expected = json.loads(cli.stdout)
    for doc in (final, expected):
        doc.pop("seconds")
    assert final == expected


def test_solve_matches_the_command_line(engine: Engine) -> None:
    [*_, line] = engine.ask({"id": 1, "command": "solve", "position": HOLD})
    cli = subprocess.run([*LUEUR, "solve", "scenarios/endgames/04-hold-the-light.toml", "--json"], cwd=ROOT, capture_output=True,
                         text=True)
    expected = json.loads(cli.stdout)
    assert line["exit_code"] == cli.returncode == 0
    assert (line["result"]["verdict"], line["result"]["turns"], line["result"]["plan"]) == \
        (expected["verdict"], expected["turns"], expected["plan"])


def test_cancel_stops_a_running_request_and_it_still_ends_with_its_answer(engine: Engine) -> None:
    engine.send({"id": "long", "command": "hint", "position": WAX, "time_limit": 4})
    while (line := engine.next_line())["stage"] != "estimate":  # past the exact stage: playing out
        assert line["id"] == "long" and line["type"] == "info"
    engine.send({"id": "stop", "command": "cancel", "target": "long"})
    lines = engine.until_final("long")
    cancel = next(line for line in lines if line["id"] == "stop")
    assert cancel["type"] == "result" and cancel["result"] == {"target": "long", "stopping": True}
    final = lines[-1]
    assert final["type"] == "result" and final["stopped"] == "cancelled"
    # The hint finished with what it had (its ranking so far), not with nothing.
    assert final["result"]["best"]["action"] in ("stay", "move N", "move W")
    assert "stopped on request before the time limit" in final["result"]["notes"]


def test_cancel_of_a_solve_ends_it_with_an_unknown_verdict(engine: Engine) -> None:
    engine.send({"id": "deep", "command": "solve", "position": WAX, "time_limit": 60, "max_nodes": 10**8})
    first = engine.next_line()
    assert first["type"] == "info" and (first["stage"], first["planner"]) == ("starting", "expectimax")
    engine.send({"id": "stop", "command": "cancel", "target": "deep"})
    final = engine.until_final("deep")[-1]
    assert final["type"] == "result" and final["stopped"] == "cancelled" and final["exit_code"] == 3
    assert final["result"]["verdict"] == "unknown" and "stopped on request" in final["result"]["reason"]


def test_a_long_search_reports_its_progress(engine: Engine) -> None:
    position = load_path(str(ROOT / "benchmarks" / "endgames" / "0159.json"))[0]
    lines = engine.ask({"id": "s", "command": "solve", "position": to_json(position.state), "report_every": 0.05})
    progress = [line for line in lines if line["type"] == "info" and line["stage"] == "search"]
    final = lines[-1]["result"]
    assert final["verdict"] == "win"
    # The search takes a few hundred milliseconds here; a much faster machine may report less.
    for before, after in zip(progress, progress[1:]):
        assert before["nodes"] <= after["nodes"] and before["turns_at_least"] <= after["turns_at_least"]
    assert all(line["turns_at_least"] <= final["turns"] and line["proven"] is False for line in progress)


def test_cancel_of_an_unknown_request_says_so(engine: Engine) -> None:
    [line] = engine.ask({"id": "c", "command": "cancel", "target": "nobody"})
    assert line["type"] == "result" and line["exit_code"] == 1 and line["result"]["stopping"] is False


def test_requests_in_flight_are_independent(engine: Engine) -> None:
    engine.send({"id": "slow", "command": "hint", "position": WAX, "time_limit": 60})
    assert engine.next_line()["id"] == "slow"
    # Quick commands are answered while the search runs.
    lines = engine.ask({"id": "quick", "command": "legal", "position": WAX})
    assert lines[-1]["type"] == "result"
    [*_, solved] = engine.ask({"id": "s", "command": "solve", "position": HOLD})
    assert solved["result"]["verdict"] == "win"
    engine.send({"id": "x", "command": "cancel", "target": "slow"})
    assert engine.until_final("slow")[-1]["stopped"] == "cancelled"


def test_duplicate_id_in_flight_is_refused(engine: Engine) -> None:
    engine.send({"id": "d", "command": "hint", "position": WAX, "time_limit": 60})
    assert engine.next_line()["id"] == "d"
    engine.send({"id": "d", "command": "version"})
    error = engine.next_line()
    while error["type"] != "error":  # the running hint may report meanwhile
        error = engine.next_line()
    # No id: the running request "d" would seem to get a second final line; the message names it.
    assert error["id"] is None and error["error"] == "duplicate id" and "'d'" in error["message"]
    engine.send({"id": "x", "command": "cancel", "target": "d"})
    assert engine.until_final("d")[-1]["type"] == "result"


@pytest.mark.parametrize("garbage, kind", [
    (b"this is not JSON", "malformed"),
    (b"[1, 2, 3]", "malformed"),
    (b"\xff\xfe{}", "malformed"),
    (b'{"command": "version"}', "invalid request"),
    (b'{"id": true, "command": "version"}', "invalid request"),
])
def test_garbage_lines_get_an_error_and_the_engine_keeps_serving(engine: Engine, garbage: bytes, kind: str) -> None:
    engine.send(garbage)
    error = engine.next_line()
    assert error["type"] == "error" and error["error"] == kind and error["id"] is None and error["message"]
    [line] = engine.ask({"id": "after", "command": "version"})
    assert line["type"] == "result"


def test_blank_lines_are_skipped(engine: Engine) -> None:
    engine.send(b"")
    engine.send(b"   ")
    [line] = engine.ask({"id": 1, "command": "version"})
    assert line["type"] == "result"


def test_unknown_commands_and_bad_fields_are_errors_with_the_id(engine: Engine) -> None:
    [line] = engine.ask({"id": "u", "command": "teleport", "position": WAX})
    assert line["type"] == "error" and line["error"] == "unknown command" and "hint" in line["message"]
    [line] = engine.ask({"id": "t", "command": "hint", "position": WAX, "time_limit": -1, "policy": "psychic"})
    assert line["error"] == "invalid request"
    assert {p["path"] for p in line["problems"]} == {"time_limit", "policy"}
    [line] = engine.ask({"id": "p", "command": "legal"})
    assert line["error"] == "invalid request" and line["problems"][0]["path"] == "position"


def test_an_invalid_position_is_an_error_naming_each_field() -> None:
    bad = json.loads(json.dumps(HOLD))
    bad["prisoners"][0]["nerve"] = 9
    bad["prisoners"][1]["nerve"] = -1
    engine = Engine()
    try:
        [line] = engine.ask({"id": "bad", "command": "solve", "position": bad})
        assert line["type"] == "error" and line["error"] == "invalid position"
        paths = [p["path"] for p in line["problems"]]
        assert paths and all(path.startswith("position.") for path in paths)
        assert paths == ["position.prisoners[0].nerve", "position.prisoners[1].nerve"]
        # check answers the same question with a result: valid or not.
        [line] = engine.ask({"id": "chk", "command": "check", "position": bad})
        assert line["type"] == "result" and line["exit_code"] == 2 and line["result"]["valid"] is False
    finally:
        engine.stop()


def test_unknown_fields_are_ignored_with_a_warning(engine: Engine) -> None:
    pos = {**HOLD, "colour_scheme": "dark"}
    lines = engine.ask({"id": "w", "command": "legal", "position": pos, "flavour": "vanilla"})
    warnings = [line for line in lines if line["type"] == "warning"]
    assert {w["path"] for w in warnings} == {"flavour", "position.colour_scheme"}
    assert lines[-1]["type"] == "result" and lines[-1]["result"]["actions"]


def test_a_refused_action_is_an_answer_with_the_reason() -> None:
    engine = Engine()
    try:
        [line] = engine.ask({"id": 1, "command": "apply", "position": WAX, "actions": ["move S"]})
        assert line["type"] == "result" and line["exit_code"] == 2
        refusal = line["result"]
        assert refusal["refused"] == "move S" and "wax eater" in refusal["reason"] and refusal["legal"] == ["stay", "move N", "move W"]
    finally:
        engine.stop()


def test_a_huge_line_is_refused_with_its_id_and_skipped_whole() -> None:
    engine = Engine("--max-line-bytes", "4096")
    try:
        engine.send(json.dumps({"id": "big", "command": "legal", "position": WAX, "padding": "x" * 20_000}))
        [line] = engine.ask({"id": "next", "command": "version"})  # the rest of the long line is not read as a request
        assert line["type"] == "result"
        # The error came first, with the id read from the start of the line.
    finally:
        engine.stop()
    first = json.loads(engine.raw[0])
    assert first == {"id": "big", "type": "error", "error": "too large", "message": first["message"]}
    assert "4,096" in first["message"] and len(engine.raw) == 2


def test_end_of_input_lets_running_requests_finish() -> None:
    engine = Engine()
    engine.send({"id": "h", "command": "hint", "position": WAX, "time_limit": 0.5})
    lines = engine.close()
    assert engine.process.returncode == 0
    final = [line for line in lines if line["type"] in ("result", "error")]
    assert len(final) == 1 and final[0]["type"] == "result" and "stopped" not in final[0]


def test_end_of_input_can_cancel_instead() -> None:
    engine = Engine("--on-eof", "cancel")
    engine.send({"id": "h", "command": "hint", "position": WAX, "time_limit": 60})
    assert engine.next_line()["type"] == "info"
    lines = engine.close()
    assert engine.process.returncode == 0
    [final] = [line for line in lines if line["type"] in ("result", "error")]
    assert final["stopped"] == "cancelled"


def test_time_limits_are_bounded_by_the_engine() -> None:
    engine = Engine("--max-time-limit", "2")
    try:
        [line] = engine.ask({"id": 1, "command": "hint", "position": WAX, "time_limit": 5})
        assert line["error"] == "invalid request" and line["problems"][0]["path"] == "time_limit"
        # analyze has no time limit of its own: past the engine's it is stopped, and says so with its progress.
        lines = engine.ask({"id": 2, "command": "analyze", "position": WAX, "playouts": 1_000_000, "orders": 0, "time_limit": 0.5})
        final = lines[-1]
        assert final["type"] == "result" and final["stopped"] == "time limit" and final["result"] is None
        assert final["partial"]["stage"] == "playouts" and final["partial"]["total"] == 1_000_000
    finally:
        engine.stop()


def test_parse_request_names_the_field_and_what_is_valid() -> None:
    with pytest.raises(RequestError) as caught:
        parse_request({"id": "a", "command": "apply", "position": {}, "actions": []})
    assert caught.value.problems[0].path == "actions" and "non-empty list" in caught.value.problems[0].message
    with pytest.raises(RequestError) as caught:
        parse_request({"id": "a", "command": "cancel"})
    assert caught.value.problems[0].path == "target"
    request = parse_request({"id": 3, "command": "version", "position": {}})
    assert [w.path for w in request.warnings] == ["position"]


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
_fields = st.sampled_from(["id", "command", "position", "time_limit", "max_nodes", "playouts", "seed", "report_every",
                           "actions", "engine", "objective", "draws", "policy", "orders", "order_nodes", "explain", "target"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_fields, _json | st.sampled_from(["hint", "apply", "cancel", "solve", "legal"]), max_size=8) | _json)
def test_any_json_is_a_request_or_a_request_error(doc) -> None:
    try:
        request = parse_request(doc)
    except RequestError as exc:
        line = exc.line()
        assert line["type"] == "error" and line["message"] and json.dumps(line)
        return
    assert request.command in COMMANDS and isinstance(request.id, (str, int))


def test_a_request_waiting_for_a_worker_says_so_and_can_be_cancelled() -> None:
    engine = Engine("--max-concurrent", "1")
    try:
        engine.send({"id": "first", "command": "solve", "position": WAX, "time_limit": 30, "max_nodes": 10**8})
        assert engine.next_line()["planner"] == "expectimax"
        engine.send({"id": "second", "command": "hint", "position": WAX, "time_limit": 30})
        opening, waiting = engine.next_line(), engine.next_line()
        assert (opening["id"], opening["stage"], opening["choices"]) == ("second", "exact", ["stay", "move N", "move W"])
        assert (waiting["id"], waiting["stage"]) == ("second", "waiting")
        engine.send({"id": "c", "command": "cancel", "target": "second"})
        final = engine.until_final("second")[-1]
        assert final["stopped"] == "cancelled" and final["result"] is None and final["note"] == "stopped before it started"
        assert final["partial"]["stage"] == "waiting"
        engine.send({"id": "c2", "command": "cancel", "target": "first"})
        assert engine.until_final("first")[-1]["stopped"] == "cancelled"
    finally:
        engine.stop()


def test_a_hint_cancelled_in_its_exact_stage_still_answers(engine: Engine) -> None:
    engine.send({"id": "h", "command": "hint", "position": WAX, "time_limit": 60})
    assert engine.next_line()["stage"] == "exact"
    engine.send({"id": "c", "command": "cancel", "target": "h"})
    final = engine.until_final("h")[-1]
    assert final["type"] == "result" and final["stopped"] == "cancelled"
    assert final["result"]["best"]["action"] in ("stay", "move N", "move W")
    assert "stopped on request before the time limit" in final["result"]["notes"]


REQUIRED = {"apply": {"actions": ["stay"]}, "cancel": {"target": "other"}, "dc.apply": {"choices": ["pass Ann"]},
            "dt.apply": {"actions": ["end"]}, "dt.economy": {"fights": ["attack a b"]}}


def _accepted(command: str, field: str, value: object) -> bool:
    doc = {"id": 1, "command": command, "position": {}, **REQUIRED.get(command, {}), field: value}
    try:
        parse_request(doc)
    except RequestError:
        return False
    return True


@pytest.mark.parametrize("command", sorted(schema.COMMAND_FIELDS))
def test_the_published_schema_and_the_checks_agree(command: str) -> None:
    """Every bound and choice the OpenAPI document states is the one the protocol enforces."""
    properties = schema.request_schema()["properties"]
    for field in (*schema.LIMITS, *schema.COMMAND_FIELDS[command]):
        published = properties[field.name]
        if "enum" in published:
            assert all(_accepted(command, field.name, choice) for choice in published["enum"])
            assert not _accepted(command, field.name, "none-of-these")
        if "maximum" in published:
            assert _accepted(command, field.name, published["maximum"])
            assert not _accepted(command, field.name, published["maximum"] + 1)
        if "minimum" in published:
            assert _accepted(command, field.name, published["minimum"])
            assert not _accepted(command, field.name, published["minimum"] - 1)
        if "exclusiveMinimum" in published:
            assert not _accepted(command, field.name, published["exclusiveMinimum"])
        if published.get("type") == "boolean":
            assert _accepted(command, field.name, True) and not _accepted(command, field.name, "yes")
        if published.get("type") == "array":
            assert _accepted(command, field.name, ["c4"]) and not _accepted(command, field.name, [4])
            assert _accepted(command, field.name, []) == ("minItems" not in published)
            if "maxItems" in published:
                assert _accepted(command, field.name, ["c4"] * published["maxItems"])
                assert not _accepted(command, field.name, ["c4"] * (published["maxItems"] + 1))


def test_draws_is_published_with_its_maximum() -> None:
    assert schema.request_schema()["properties"]["draws"]["maximum"] == 100


def _run(doc: dict) -> dict:
    """One request answered in this process (the quick commands need no engine process)."""
    try:
        request = parse_request(doc)
    except RequestError as exc:
        return exc.line()
    return execute(request, lambda _: None, lambda: False)


def test_render_draws_svg_with_overlays_and_refuses_a_cell_off_the_board() -> None:
    position = json.loads((ROOT / "docs/examples/position.json").read_text())
    svg = _run({"id": 1, "command": "render", "position": position, "format": "svg", "highlight": ["c4"]})
    assert svg["type"] == "result" and svg["result"]["format"] == "svg"
    assert svg["result"]["board"].startswith("<svg") and 'data-cell="c4"' in svg["result"]["board"]
    text = _run({"id": 2, "command": "render", "position": position})
    assert text["result"]["format"] == "text" and not text["result"]["board"].startswith("<svg")
    bad = _run({"id": 3, "command": "render", "position": position, "format": "svg", "highlight": ["c4", "z9"]})
    assert bad["type"] == "error" and bad["error"] == "invalid request"
    assert [p["path"] for p in bad["problems"]] == ["highlight[1]"] and "a1 to f6" in bad["message"]


def test_new_gives_the_position_before_the_first_turn_with_the_pile_unknown() -> None:
    line = _run({"id": 1, "command": "new", "setup": "five"})
    position = line["result"]["position"]
    assert line["exit_code"] == 0 and position["size"] == 7 and len(position["prisoners"]) == 5
    assert "order" not in position["pile"] and position["tiles"] == {}
    checked = _run({"id": 2, "command": "check", "position": position})
    assert checked["result"]["valid"] is True
    refused = _run({"id": 3, "command": "new", "setup": "huge"})
    assert refused["type"] == "error" and "standard" in refused["message"]


def test_convert_writes_the_line_form_and_reads_it_back() -> None:
    position = json.loads((ROOT / "docs/examples/position.json").read_text())
    line = _run({"id": 1, "command": "convert", "position": position, "to": "line"})
    assert line["type"] == "result" and line["result"]["form"] == "line"
    text = line["result"]["output"]
    assert "\n" not in text.strip() and text.startswith("6/6/")
    back = _run({"id": 2, "command": "convert", "text": text})
    assert back["result"]["form"] == "json" and back["result"]["position"] == line["result"]["position"]
    assert json.loads(back["result"]["output"]) == back["result"]["position"]


def test_convert_says_where_a_text_is_wrong_and_needs_one_source() -> None:
    broken = _run({"id": 1, "command": "convert", "text": '{"tiles": {,}'})
    assert broken["error"] == "invalid position" and broken["problems"][0]["path"] == "line 1, column 12"
    line = _run({"id": 2, "command": "convert", "text": "6/6/6/6/6/6 red@c9+1 red pile:t=3"})
    assert line["problems"][0]["path"] == "field 2 (prisoners), item 1" and "a1 to f6" in line["problems"][0]["message"]
    for doc in ({}, {"text": "x", "position": {}}):
        refused = _run({"id": 3, "command": "convert", **doc})
        assert refused["error"] == "invalid request" and refused["problems"][0]["path"] == "position"
    assert _run({"id": 4, "command": "convert", "text": 7})["problems"][0]["path"] == "text"
    assert _run({"id": 5, "command": "convert", "position": {}, "to": "yaml"})["problems"][0]["path"] == "to"


def test_apply_gives_both_readings_of_each_ruling_an_event_used() -> None:
    line = _run({"id": 1, "command": "apply", "position": WAX, "actions": ["move N"]})
    ruled = [e for e in line["result"]["events"] if e["ruling"] == "RULING-LOS-END"]
    assert ruled and ruled[0]["reading"].startswith("the tile where a sight line stops")
    assert ruled[0]["other_reading"] == "the sight line stops before that tile"
    assert all(e["reading"] is None and e["other_reading"] is None for e in line["result"]["events"] if e["ruling"] is None)
    flipped = _run({"id": 2, "command": "apply", "position": {**WAX, "rulings": {"RULING-LOS-END": False}}, "actions": ["move N"]})
    assert [e["ruling"] for e in flipped["result"]["events"]] == [None, "RULING-TRIGGER-ORIGIN", None]
    origin = flipped["result"]["events"][1]
    assert origin["reading"].startswith("moving out of a sight line") and origin["other_reading"] == "only the destination counts"


def test_render_draws_a_draft_that_fails_only_the_checks_of_the_whole() -> None:
    position = _run({"id": 1, "command": "new"})["result"]["position"]
    position["tiles"] = {"a1": {"kind": "straight", "open": "NS"}}  # lit by nobody, and one straight too many
    refused = _run({"id": 2, "command": "render", "position": position, "format": "svg"})
    assert refused["error"] == "invalid position" and "position.tiles.a1" in [p["path"] for p in refused["problems"]]
    drawn = _run({"id": 3, "command": "render", "position": position, "format": "svg", "draft": True})
    assert drawn["type"] == "result" and 'data-cell="a1"' in drawn["result"]["board"]
    position["prisoners"][0]["nerve"] = 5  # a field out of range is never drawn
    assert _run({"id": 4, "command": "render", "position": position, "draft": True})["error"] == "invalid position"
