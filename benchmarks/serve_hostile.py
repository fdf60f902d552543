"""Hostile clients against ``lueur serve``: slow and half-sent requests, hang-ups, cross-site requests.

    .venv/bin/python benchmarks/serve_hostile.py [--slow 1500] [--timeout 2] [--max-connections 200]

Starts a real server (``--port 0``) and, while ordinary requests keep coming,
opens many connections that send half their headers or half their body and
wait; hangs up in the middle of searches (streamed and not); sends requests
with a foreign Host or Origin and non-JSON bodies. It prints how long the
server held the slow connections, what it answered them, whether the searches
of the clients that hung up ended (the server's worker processes), and the
server's memory before and after. ``tests/protocol/test_serve_load.py`` runs the same
pieces, smaller, and checks the answers (timings are reported here only).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import selectors
import socket
import statistics
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from protocol_load import rss_kib, run_load, scenario, start_server, stop_server

SLOW_KINDS = ("nothing", "headers", "body")


def raise_file_limit(wanted: int) -> None:
    """Let this process open ``wanted`` sockets, as far as the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted, hard))


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (its fork server, the searches' worker processes), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, its_parent in parents.items() if its_parent == parent]
        found += children
        frontier += children
    return found


def open_slow(url: str, count: int, kind: str) -> list[socket.socket]:
    """``count`` connections that send nothing, half their headers, or their headers and half their body, then wait."""
    host, port = _address(url)
    partial = {
        "nothing": b"",
        "headers": f"POST /v1/legal HTTP/1.1\r\nHost: {host}\r\nContent-Type: appl".encode(),
        "body": f"POST /v1/legal HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n"
                '{"position": {"prisoners": ['.encode(),
    }[kind]
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((host, port), timeout=10)
        if partial:
            sock.sendall(partial)
        sockets.append(sock)
    return sockets


def await_closed(sockets: list[socket.socket], limit: float) -> list[tuple[int | None, float]]:
    """For each socket, once the server has closed it: the status it answered (``None``: none) and the seconds it
    was held open; a socket still open after ``limit`` seconds gives status ``-1``."""
    begun = time.monotonic()
    received: dict[socket.socket, bytes] = {sock: b"" for sock in sockets}
    closed: dict[socket.socket, float] = {}
    with selectors.DefaultSelector() as selector:
        for sock in sockets:
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ)
        while len(closed) < len(sockets) and time.monotonic() - begun < limit:
            for key, _ in selector.select(timeout=0.5):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(65536)
                except (ConnectionResetError, BlockingIOError):
                    data = b""
                if data:
                    received[sock] += data
                    continue
                closed[sock] = time.monotonic() - begun
                selector.unregister(sock)
    results = []
    for sock in sockets:
        sock.close()
        if sock not in closed:
            results.append((-1, limit))
            continue
        head = received[sock].split(b"\r\n", 1)[0].split()
        results.append((int(head[1]) if len(head) > 1 and head[1].isdigit() else None, closed[sock]))
    return results


def in_flight(http: httpx.Client, request_id: str) -> bool:
    """Whether the server still runs ``request_id`` (a request reusing its id is refused as a duplicate)."""
    return http.post("/v1/version", json={"id": request_id}).status_code == 409


def hang_up(url: str, request_id: str, streamed: bool, position: dict[str, Any]) -> None:
    """Start a search that would run for minutes, wait until it runs, and hang up."""
    body = {"id": request_id, "position": position, "playouts": 1_000_000, "orders": 0, "report_every": 0.1}
    headers = {"Accept": "application/x-ndjson"} if streamed else {}
    host, port = _address(url)
    request = httpx.Request("POST", f"{url}/v1/analyze", json=body, headers=headers)
    raw = (f"POST /v1/analyze HTTP/1.1\r\nHost: {host}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in request.headers.items()
                                                                       if k.lower() != "host") + "\r\n").encode() + request.read()
    sock = socket.create_connection((host, port), timeout=30)
    sock.sendall(raw)
    deadline = time.monotonic() + 60
    with httpx.Client(base_url=url, timeout=30) as http:
        while not in_flight(http, request_id):
            if time.monotonic() > deadline:
                sock.settimeout(1)
                raise RuntimeError(f"{request_id} never ran; the server said {sock.recv(1000)!r}")
            time.sleep(0.05)
    sock.close()


def refused_requests(url: str) -> list[tuple[str, int, dict[str, Any]]]:
    """Requests the server must refuse: (what, status, body)."""
    wax = scenario("rulebook/wax-eater-sight")
    body = json.dumps({"position": wax}).encode()
    json_type = {"Content-Type": "application/json"}
    cases = [
        ("foreign Host", {**json_type, "Host": "attacker.example"}),
        ("foreign Origin", {**json_type, "Origin": "http://attacker.example"}),
        ("Origin null", {**json_type, "Origin": "null"}),
        ("text/plain", {"Content-Type": "text/plain"}),
        ("form", {"Content-Type": "application/x-www-form-urlencoded"}),
        ("multipart", {"Content-Type": "multipart/form-data; boundary=x"}),
        ("no Content-Type", {}),
    ]
    answers = []
    with httpx.Client(base_url=url, timeout=30) as http:
        for what, headers in cases:
            response = http.post("/v1/legal", content=body, headers=headers)
            answers.append((what, response.status_code, response.json()))
    return answers


def _address(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    assert parts.hostname is not None and parts.port is not None
    return parts.hostname, parts.port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slow", type=int, default=1500, help="slow connections (a third of each kind)")
    parser.add_argument("--timeout", type=float, default=2.0, help="the server's --request-timeout")
    parser.add_argument("--max-connections", type=int, default=200)
    parser.add_argument("--hang-ups", type=int, default=6)
    args = parser.parse_args()
    raise_file_limit(args.slow + 256)
    server, url = start_server("--request-timeout", str(args.timeout), "--max-connections", str(args.max_connections),
                               "--max-time-limit", "600")
    try:
        warm = run_load(url, clients=2, total=20)
        before = rss_kib(server.pid)
        idle = len(descendants(server.pid))
        print(f"server RSS after warm-up: {before / 1024:.1f} MiB; processes below it: {idle}")
        load_report: dict[str, Any] = {}
        load = threading.Thread(target=lambda: load_report.update(report=run_load(url, clients=3, total=120)))
        load.start()
        sockets = [sock for kind in SLOW_KINDS for sock in open_slow(url, args.slow // len(SLOW_KINDS), kind)]
        peak = rss_kib(server.pid)
        wax = scenario("rulebook/wax-eater-sight")
        hang_ups = [threading.Thread(target=hang_up, args=(url, f"gone{i}", i % 2 == 0, wax)) for i in range(args.hang_ups)]
        for thread in hang_ups:
            thread.start()
        closed = await_closed(sockets, limit=60)
        for thread in hang_ups:
            thread.join()
        refused = refused_requests(url)
        load.join()
        with httpx.Client(base_url=url, timeout=30) as http:
            while any(in_flight(http, f"gone{i}") for i in range(args.hang_ups)):
                time.sleep(0.05)
        after = rss_kib(server.pid)
        report = load_report["report"]
        held = sorted(seconds for status, seconds in closed if status != 503)
        print(f"{len(sockets)} slow connections: answers {dict(Counter(status for status, _ in closed))} "
              f"(503: over --max-connections, refused at once; 408: timed out; None: closed without an answer)")
        if held:
            print(f"  held open: median {statistics.median(held):.2f} s, max {max(held):.2f} s (--request-timeout {args.timeout:g})")
        print(f"refused: {[(what, status, body['error']) for what, status, body in refused]}")
        print(f"ordinary requests meanwhile: {report.sent} sent, {len(report.answered)} answered, "
              f"statuses {dict(report.statuses)}, failures {len(report.failures)} (warm-up: {len(warm.answered)} answered)")
        print(f"hang-ups: {args.hang_ups}, all cancelled; processes below the server now {len(descendants(server.pid))} "
              f"(idle: {idle})")
        print(f"server RSS: {before / 1024:.1f} MiB before, {peak / 1024:.1f} MiB with the slow connections open, "
              f"{after / 1024:.1f} MiB after")
    finally:
        stop_server(server)
    print(f"server log: {len(server.log)} lines: {server.log}")
    os._exit(0)


if __name__ == "__main__":
    main()
