"""``lueur serve`` under hostile clients: slow and half-sent requests, hang-ups, cross-site requests.

One real server (``--port 0``, a short ``--request-timeout``) takes, at once,
slow connections, clients that hang up in the middle of a search or of their
body, refused requests and ordinary ones. The checks are behaviour and
resources only (no timings): the server closes every slow connection itself,
the searches of the clients that left end, the ordinary requests are answered,
the refusals are JSON, the memory stays bounded and the log quiet.
``benchmarks/serve_hostile.py`` runs the same, bigger, and prints the figures.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.paths import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from protocol_load import LoadReport, Served, rss_kib, run_load, scenario, start_server, stop_server  # noqa: E402
from serve_hostile import (  # noqa: E402
    SLOW_KINDS,
    await_closed,
    descendants,
    hang_up,
    in_flight,
    open_slow,
    raise_file_limit,
    refused_requests,
)

CAP = 100
MIB = 1024


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    raise_file_limit(1024)
    process, url = start_server("--request-timeout", "1", "--max-connections", str(CAP), "--max-time-limit", "600")
    run_load(url, clients=2, total=20)  # warm: the fork server and the first searches
    yield process
    stop_server(process)


def test_a_client_that_hangs_up_is_noticed_at_once_and_not_logged(server: Served) -> None:
    wax = scenario("rulebook/wax-eater-sight")
    for sock in open_slow(server.url, 3, "body"):  # gone in the middle of its body
        sock.close()
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for streamed in (False, True):
            request_id = f"left-{'streamed' if streamed else 'plain'}"
            # An analyze of a million games, reporting every 0.1 s: it runs for minutes unless its hang-up stops it.
            hang_up(server.url, request_id, streamed, wax)
            waited = 0
            while in_flight(http, request_id) and waited < 600:  # a bound against hanging for ever, not a timing
                time.sleep(0.1)
                waited += 1
            assert not in_flight(http, request_id), f"{request_id} still runs after its client hung up"
    _log_is_quiet(server)


def test_slow_clients_hang_ups_and_refusals_while_ordinary_requests_are_served(server: Served) -> None:
    url = server.url
    before = rss_kib(server.pid)
    idle = len(descendants(server.pid))
    load: dict[str, LoadReport] = {}
    ordinary = threading.Thread(target=lambda: load.update(report=run_load(url, clients=3, total=60)))
    ordinary.start()
    slow = [sock for kind in SLOW_KINDS for sock in open_slow(url, 20, kind)]
    watched: dict[str, list[tuple[int | None, float]]] = {}
    watch = threading.Thread(target=lambda: watched.update(closed=await_closed(slow, limit=120)))
    watch.start()
    for sock in open_slow(url, 10, "body"):  # hang up in the middle of the body
        sock.close()
    wax = scenario("rulebook/wax-eater-sight")
    leaving = [threading.Thread(target=hang_up, args=(url, f"gone{i}", i % 2 == 0, wax)) for i in range(4)]
    for thread in leaving:
        thread.start()
    refused = refused_requests(url)
    for thread in leaving + [ordinary, watch]:
        thread.join()
    closed = watched["closed"]

    # The server closed every slow connection itself, each with a 408 and a JSON line.
    assert Counter(status for status, _ in closed) == {408: len(slow)}
    # The searches of the clients that hung up end (their ids are free, their worker processes gone).
    with httpx.Client(base_url=url, timeout=30) as http:
        while any(in_flight(http, f"gone{i}") for i in range(4)):
            time.sleep(0.05)
    while len(descendants(server.pid)) > idle:  # the fork server stays; each search's process ends
        time.sleep(0.05)
    # Ordinary requests were answered, each once.
    report = load["report"]
    assert report.failures == [] and report.lost == 0 and report.duplicated == 0 and set(report.statuses) == {200}
    assert {(what, status, body["error"]) for what, status, body in refused} == {
        ("foreign Host", 403, "forbidden"), ("foreign Origin", 403, "forbidden"), ("Origin null", 403, "forbidden"),
        ("text/plain", 415, "unsupported media type"), ("form", 415, "unsupported media type"),
        ("multipart", 415, "unsupported media type"), ("no Content-Type", 415, "unsupported media type")}
    assert all(body["id"] is None and body["type"] == "error" for _, _, body in refused)
    after = rss_kib(server.pid)
    print(f"\nserver RSS {before / MIB:.1f} MiB before, {after / MIB:.1f} MiB after; slow connections held "
          f"{min(s for _, s in closed):.2f}-{max(s for _, s in closed):.2f} s (--request-timeout 1)")
    assert after < before + 100 * MIB
    _log_is_quiet(server)


def test_more_connections_than_the_cap(server: Served) -> None:
    url = server.url
    before = rss_kib(server.pid)
    slow = [sock for kind in SLOW_KINDS for sock in open_slow(url, 200, kind)]  # 600 against a cap of 100
    peak = rss_kib(server.pid)
    # With the cap held by slow connections, an ordinary request still gets in: it takes the place of the oldest.
    with httpx.Client(base_url=url, timeout=30) as http:
        answer = http.post("/v1/legal", json={"position": scenario("rulebook/wax-eater-sight")})
    closed = await_closed(slow, limit=120)
    assert answer.status_code == 200 and answer.json()["type"] == "result"
    statuses: Counter[Any] = Counter(status for status, _ in closed)
    # Every one closed by the server: 503 when another took its place, 408 when its time ran out; never more than the cap open.
    assert set(statuses) <= {503, 408} and sum(statuses.values()) == len(slow) and statuses[408] <= CAP
    after = rss_kib(server.pid)
    print(f"\n600 slow connections: {dict(statuses)}; server RSS {before / MIB:.1f} MiB before, {peak / MIB:.1f} MiB "
          f"with them open, {after / MIB:.1f} MiB after")
    assert max(peak, after) < before + 100 * MIB
    _log_is_quiet(server)


def _log_is_quiet(server: Served) -> None:
    """Hang-ups and timeouts are normal: nothing logged for them (and never a traceback)."""
    assert [line for line in server.log if not line.startswith("lueur serve: http://")] == []


@pytest.mark.parametrize("declared", [True, False])
def test_a_body_over_the_cap_closes_its_connection_with_one_answer(server: Served, declared: bool) -> None:
    """A 413 ends the connection: the rest of the body is never read, and no second answer (a 408) follows
    on it later (issue 24, item 9). The client keeps the connection open and reads until the server closes it."""
    host, port = server.url.removeprefix("http://").split(":")
    body = b'{"command": "version", "pad": "' + b"x" * (MIB * MIB + 10) + b'"}'
    length = f"Content-Length: {len(body)}\r\n" if declared else "Transfer-Encoding: chunked\r\n"
    head = (f"POST /v1/version HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
            f"Connection: keep-alive\r\n{length}\r\n").encode()
    sent = body[: MIB * MIB + 5] if declared else f"{MIB * MIB + 5:x}\r\n".encode() + body[: MIB * MIB + 5] + b"\r\n"
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(head)
        try:
            sock.sendall(sent)
        except OSError:  # the server may close before the body is all sent: that is the point
            pass
        received = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
    assert received.startswith(b"HTTP/1.1 413 ")
    assert received.count(b"HTTP/1.1 ") == 1, received[:2000]
