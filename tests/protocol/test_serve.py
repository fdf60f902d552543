"""``lueur serve``: started for real on a loopback port and used by an HTTP client."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from openapi_spec_validator import validate

from cli.http_guard import allowed_hosts, host_name, refusal
from solver.protocol.schema import request_schema
from tests.paths import ROOT
from tests.protocol_client import position

sys.path.insert(0, str(ROOT / "benchmarks"))
from protocol_load import LUEUR, run_load, start_server, stop_server  # noqa: E402

WAX = position("rulebook/wax-eater-sight")
HOLD = position("endgames/04-hold-the-light")
NDJSON = {"Accept": "application/x-ndjson"}
JSON_BODY = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    process, url = start_server("--max-body-bytes", "65536", "--max-time-limit", "5", "--max-requests", "3", "--workers", "3",
                                "--allow-host", "lueur.test")
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
    response = http.post("/v1/legal", content=b"{not json", headers=JSON_BODY)
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
    response = http.post("/v1/hint", json={"position": WAX})  # a fourth search while three run
    assert response.status_code == 429 and response.json()["error"] == "busy" and response.headers["retry-after"] == "1"
    # Quick commands never queue behind searches, in the runner or in the HTTP layer's own limits.
    applied = http.post("/v1/apply", json={"position": WAX, "actions": ["move N"]})
    assert applied.status_code == 200 and applied.json()["result"]["events"]
    assert http.post("/v1/version", json={}).status_code == 200
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


# -- who may call: Host, Origin, Content-Type ----------------------------------------------

def test_only_local_host_names_and_pages_are_served(http: httpx.Client) -> None:
    for host in ("localhost", "localhost:8765", "127.0.0.1:1", "[::1]:8765", "LOCALHOST.", "lueur.test"):  # lueur.test: --allow-host
        assert http.post("/v1/version", json={}, headers={"Host": host}).status_code == 200, host
    for origin in ("http://localhost:3000", "https://127.0.0.1", "http://[::1]:8080", "http://lueur.test"):
        assert http.post("/v1/version", json={}, headers={"Origin": origin}).status_code == 200, origin
    refused = [("Host", "attacker.example"), ("Host", "attacker.example:8765"), ("Host", "localhost.attacker.example"),
               ("Origin", "http://attacker.example"), ("Origin", "http://localhost.attacker.example:8765"), ("Origin", "null")]
    for header, value in refused:  # DNS rebinding, and cross-site pages
        for method, path in (("POST", "/v1/hint"), ("GET", "/v1/version"), ("GET", "/openapi.json")):
            response = http.request(method, path, json={"position": WAX}, headers={header: value})
            line = response.json()
            assert response.status_code == 403 and line["id"] is None and line["type"] == "error" and line["error"] == "forbidden"
            assert f"{header}: {value!r}" in line["message"] and "--allow-host" in line["message"]


def test_bodies_must_be_declared_json(http: httpx.Client) -> None:
    body = json.dumps({"position": WAX}).encode()
    # The types a browser sends cross-site without asking first, and none at all.
    for declared in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"Content-Type": declared} if declared else {}
        response = http.post("/v1/legal", content=body, headers=headers)
        line = response.json()
        assert response.status_code == 415 and line["id"] is None and line["error"] == "unsupported media type"
        assert "'Content-Type: application/json'" in line["message"]
    for declared in ("application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"):
        assert http.post("/v1/legal", content=body, headers={"Content-Type": declared}).status_code == 200, declared


def test_host_names_are_read_as_a_browser_sends_them() -> None:
    assert [host_name(h) for h in ("localhost:80", "[::1]:8765", "[::1]", "Example.COM.", "127.0.0.1")] == [
        "localhost", "::1", "::1", "example.com", "127.0.0.1"]
    assert allowed_hosts("0.0.0.0") == allowed_hosts("::") == {"localhost", "127.0.0.1", "::1"}  # a wildcard names no host
    assert allowed_hosts("192.168.1.5", ["Table.local"]) == {"localhost", "127.0.0.1", "::1", "192.168.1.5", "table.local"}
    allowed = allowed_hosts("127.0.0.1")
    assert refusal("POST", {"host": "localhost", "content-type": "application/json"}, allowed) is None
    assert refusal("GET", {}, allowed) is None  # HTTP/1.0 without Host: not a browser


# -- starting and stopping ------------------------------------------------------------------

def test_the_real_port_is_announced_and_a_port_in_use_is_one_line() -> None:
    process, url = start_server()
    try:
        port = int(url.rsplit(":", 1)[1])
        assert port != 0 and process.log[0] == (f"lueur serve: http://127.0.0.1:{port}/ is the workbench, open it in a browser; "
                                                f"the protocol: POST http://127.0.0.1:{port}/v1/<command> (OpenAPI: /openapi.json); "
                                                "Ctrl-C stops")
        taken = subprocess.run([*LUEUR, "serve", "--port", str(port)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        stop_server(process)
    assert taken.returncode == 2 and taken.stdout == ""
    assert taken.stderr == f"lueur serve: port {port} on 127.0.0.1 is in use; choose another with --port (0: any free one)\n"
    unknown = subprocess.run([*LUEUR, "serve", "--host", "no.such.host.invalid"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and unknown.stderr.count("\n") == 1 and "--host 'no.such.host.invalid'" in unknown.stderr


def test_ctrl_c_answers_every_request_in_flight_then_stops() -> None:
    process, url = start_server("--max-time-limit", "600")
    finals: dict[str, httpx.Response] = {}
    body = {"position": WAX, "playouts": 1_000_000, "orders": 0}  # minutes of work

    def long_analyze(request_id: str, headers: dict[str, str]) -> None:
        with httpx.Client(base_url=url, timeout=60.0) as own:
            finals[request_id] = own.post("/v1/analyze", json={"id": request_id, **body}, headers=headers)

    threads = [threading.Thread(target=long_analyze, args=("plain", {})), threading.Thread(target=long_analyze, args=("lines", NDJSON))]
    try:
        for thread in threads:
            thread.start()
        with httpx.Client(base_url=url, timeout=60.0) as http:
            for request_id in ("plain", "lines"):
                while http.post("/v1/version", json={"id": request_id}).status_code != 409:  # 409: it runs
                    time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        for thread in threads:
            thread.join(60)
        assert process.wait(60) == 130
    finally:
        stop_server(process)
    plain = finals["plain"]
    assert plain.status_code == 200 and plain.json()["stopped"] == "cancelled" and plain.json()["id"] == "plain"
    last = json.loads(finals["lines"].text.splitlines()[-1])
    assert finals["lines"].status_code == 200 and last["type"] == "result" and last["stopped"] == "cancelled"
    assert process.log[1:] == ["lueur serve: stopping; cancelled 2 request(s) in flight, each answered with what it had"]


def test_the_address_is_announced_on_stderr_and_the_docs_say_so() -> None:
    """A client that starts ``lueur serve`` must read stderr for the port: stdout stays empty (issue 24)."""
    process = subprocess.Popen([*LUEUR, "serve", "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert process.stderr is not None
        line = process.stderr.readline().decode()
        assert line.startswith("lueur serve: http://127.0.0.1:") and "/v1/<command>" in line
    finally:
        process.send_signal(signal.SIGINT)
        stdout, _ = process.communicate(timeout=60)
    assert stdout == b""
    docs = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert "the address is announced in one line on **stderr**, never on stdout" in docs
    help_text = subprocess.run([*LUEUR, "serve", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60).stdout
    assert "announced in one line on stderr" in help_text
