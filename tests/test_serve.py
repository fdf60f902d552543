"""``lueur serve``: started for real on a loopback port and used by an HTTP client."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from openapi_spec_validator import validate

from solver.protocol.schema import request_schema
from tests.protocol_client import position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from protocol_load import run_load, start_server, stop_server  # noqa: E402

WAX = position("rulebook/wax-eater-sight")
HOLD = position("endgames/04-hold-the-light")
NDJSON = {"Accept": "application/x-ndjson"}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    process, url = start_server("--max-body-bytes", "65536", "--max-time-limit", "5", "--max-requests", "3", "--workers", "3")
    yield url
    stop_server(process)


@pytest.fixture
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=60.0) as client:
        yield client


def test_version_and_a_solve(http: httpx.Client) -> None:
    assert http.get("/v1/version").json()["protocol"] == "lueur-engine/1"
    response = http.post("/v1/solve", json={"id": "s", "position": HOLD})
    line = response.json()
    assert response.status_code == 200 and line["id"] == "s" and line["type"] == "result"
    assert (line["result"]["verdict"], line["result"]["turns"], line["result"]["nerve_spent"]) == ("win", 4, 1)


def test_adjudication_over_http(http: httpx.Client) -> None:
    line = http.post("/v1/apply", json={"position": WAX, "actions": ["move N"]}).json()
    assert line["type"] == "result" and line["id"].startswith("http-")  # an id is made up when none is sent
    assert line["result"]["events"] and all("rule" in event for event in line["result"]["events"])
    refused = http.post("/v1/apply", json={"position": WAX, "actions": ["move S"]}).json()
    assert refused["exit_code"] == 2 and refused["result"]["refused"] == "move S"


def test_streaming_sends_info_lines_then_the_final_one(http: httpx.Client) -> None:
    with http.stream("POST", "/v1/hint", json={"id": "h", "position": WAX, "playouts": 2}, headers=NDJSON) as response:
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = [json.loads(raw) for raw in response.iter_lines()]
    assert all(line["id"] == "h" for line in lines)
    assert [line["type"] for line in lines[:-1]] == ["info"] * (len(lines) - 1) and lines[0]["stage"] == "exact"
    assert lines[-1]["type"] == "result" and lines[-1]["result"]["best"]["action"] in ("stay", "move N", "move W")


def test_errors_have_a_status_and_the_protocol_line(http: httpx.Client) -> None:
    response = http.post("/v1/teleport", json={"position": WAX})
    assert response.status_code == 404 and response.json()["error"] == "unknown command"
    response = http.post("/v1/legal", content=b"{not json")
    assert response.status_code == 400 and response.json()["error"] == "malformed"
    response = http.post("/v1/legal", json={"id": "p", "position": "/etc/passwd"})  # positions come inline, never from files
    assert response.status_code == 400 and response.json()["problems"][0]["path"] == "position"
    response = http.post("/v1/legal", json={"id": "c", "command": "solve", "position": WAX})
    assert response.status_code == 400 and "the path says 'legal'" in response.json()["message"]


def test_unknown_fields_come_back_as_warnings(http: httpx.Client) -> None:
    line = http.post("/v1/legal", json={"position": WAX, "shiny": True}).json()
    assert line["type"] == "result" and line["warnings"] == [{"path": "shiny", "message": "not a field of 'legal' requests: ignored"}]


def test_the_body_size_limit_is_enforced(http: httpx.Client) -> None:
    response = http.post("/v1/legal", json={"position": WAX, "padding": "x" * 70_000})
    assert response.status_code == 413 and response.json()["error"] == "too large" and "65,536" in response.json()["message"]


def test_the_time_limit_is_enforced(http: httpx.Client) -> None:
    response = http.post("/v1/hint", json={"position": WAX, "time_limit": 10})
    assert response.status_code == 400 and response.json()["problems"][0]["path"] == "time_limit"
    line = http.post("/v1/analyze", json={"position": WAX, "playouts": 1_000_000, "orders": 0}).json()
    assert line["stopped"] == "time limit" and line["result"] is None and line["partial"]["stage"] == "playouts"


def test_the_concurrency_limit_is_enforced_and_cancel_frees_it(server: str, http: httpx.Client) -> None:
    started = [threading.Event() for _ in range(3)]
    finals: dict[str, dict] = {}

    def long_hint(i: int) -> None:
        with httpx.Client(base_url=server, timeout=60.0) as own:
            with own.stream("POST", "/v1/hint", json={"id": f"busy{i}", "position": WAX, "time_limit": 5}, headers=NDJSON) as response:
                for raw in response.iter_lines():
                    started[i].set()
                    line = json.loads(raw)
                    if line["type"] in ("result", "error"):
                        finals[line["id"]] = line

    threads = [threading.Thread(target=long_hint, args=(i,)) for i in range(3)]
    for thread, event in zip(threads, started):
        thread.start()
        assert event.wait(30)  # in flight: its first info line came
    response = http.post("/v1/version", json={})  # a fourth request while three run
    assert response.status_code == 429 and response.json()["error"] == "busy" and response.headers["retry-after"] == "1"
    for i in range(3):
        cancel = http.post("/v1/cancel", json={"target": f"busy{i}"}).json()
        assert cancel["result"]["stopping"] is True
    for thread in threads:
        thread.join(30)
    assert {line["stopped"] for line in finals.values()} == {"cancelled"} and len(finals) == 3
    assert http.post("/v1/version", json={}).status_code == 200


def test_a_client_that_goes_away_cancels_its_request(server: str, http: httpx.Client) -> None:
    with httpx.Client(base_url=server, timeout=60.0) as own:
        with own.stream("POST", "/v1/hint", json={"id": "gone", "position": WAX, "time_limit": 5}, headers=NDJSON) as response:
            next(response.iter_lines())  # it runs; then the client hangs up
    for _ in range(100):  # the id is free again once the server has stopped the request
        line = http.post("/v1/version", json={"id": "gone"}).json()
        if line["type"] == "result":
            break
        assert line["error"] == "duplicate id"
        time.sleep(0.1)
    assert line["type"] == "result"


def test_the_openapi_document_describes_the_protocol(http: httpx.Client) -> None:
    doc = http.get("/openapi.json").json()
    validate(doc)  # a valid OpenAPI 3 document, else it raises with what is wrong
    operation = doc["paths"]["/v1/{command}"]["post"]
    [parameter] = operation["parameters"]
    assert parameter["name"] == "command" and "hint" in parameter["schema"]["enum"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert {"id", "position", "time_limit", "actions", "target"} <= set(schema["properties"])
    assert schema == request_schema(5.0)  # generated from the checks' own spec, with this server's --max-time-limit
    assert {"200", "400", "413", "429"} <= set(operation["responses"])
    assert "/v1/version" in doc["paths"]


def test_bounded_load_loses_and_duplicates_nothing() -> None:
    process, url = start_server("--max-requests", "16")
    try:
        report = run_load(url, clients=6, total=240)
    finally:
        stop_server(process)
    assert report.sent == 240
    assert report.failures == [] and report.lost == 0 and report.duplicated == 0
    # Ids are "c<client>-<request number>": every number from 0 to 239 answered, each once.
    assert sorted(int(request_id.split("-")[1]) for request_id in report.answered) == list(range(240))
    assert set(report.answered.values()) == {1}
    assert len(report.answered) == 240 and set(report.statuses) == {200}
