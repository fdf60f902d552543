"""Load test of ``lueur serve``, and how fast ``lueur engine`` sends its first ``info`` for a hint.

    .venv/bin/python benchmarks/protocol_load.py [--clients 8] [--requests 1000] [--hints 100] [--json out.json]

The load test starts a real server on a loopback port; several clients (one
thread each) send a fixed mix of requests (legal, apply, render, odds, check,
solve on an end-game, hint with fixed playouts, some streamed as NDJSON) until
the total is sent, then it stops by itself. Every response is checked: one
final line per request, carrying the request's id, nothing lost, nothing
twice. It reports throughput, latency percentiles by command, and the
server's memory (resident set of the server process, sampled as it goes).

The hint part starts ``lueur engine`` and sends hints one after another,
timing the first ``info`` line of each (target: within 100 ms).

``tests/protocol/test_serve.py`` runs :func:`run_load` with a few hundred requests and
checks that nothing is lost or duplicated (timings are reported here only).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.notation.position_json import to_json  # noqa: E402

LUEUR = [sys.executable, "-m", "cli"]


def scenario(name: str) -> dict[str, Any]:
    pos = load_path(str(ROOT / "scenarios" / f"{name}.toml"))[0]
    return to_json(pos.state, pos.meta)


def request_mix() -> list[dict[str, Any]]:
    """The requests a client cycles through (commands as a table client would send them)."""
    wax = scenario("rulebook/wax-eater-sight")
    hold = scenario("endgames/04-hold-the-light")
    relay = scenario("endgames/02-relay")
    return [
        {"command": "legal", "position": wax},
        {"command": "apply", "position": wax, "actions": ["move N"]},
        {"command": "solve", "position": hold},
        {"command": "render", "position": hold},
        {"command": "hint", "position": wax, "playouts": 2, "stream": True},
        {"command": "odds", "position": wax, "draws": 2},
        {"command": "check", "position": relay},
        {"command": "solve", "position": relay, "stream": True},
        {"command": "apply", "position": wax, "actions": ["move S"]},  # refused: still a result
        {"command": "hint", "position": hold},
    ]


# -- the server ---------------------------------------------------------------------------

class Served(subprocess.Popen[bytes]):
    """``lueur serve`` running: its ``url`` once it has announced it, and every line it wrote on stderr."""

    url: str
    log: list[str]
    reader: threading.Thread


def start_server(*options: str, wait: float = 60.0) -> tuple[Served, str]:
    """``lueur serve --port 0`` (a free loopback port, announced on stderr), once it answers."""
    process = Served([*LUEUR, "serve", "--port", "0", *options], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    process.log = []
    announced = threading.Event()

    def read_log() -> None:  # stderr is drained all along: a full pipe would block the server
        assert process.stderr is not None
        for raw in process.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            process.log.append(line)
            if line.startswith("lueur serve: http://"):
                process.url = line.split()[2].removesuffix("/v1/<command>").rstrip("/")
                announced.set()
        announced.set()

    process.reader = threading.Thread(target=read_log, daemon=True)
    process.reader.start()
    deadline = time.monotonic() + wait
    if not announced.wait(wait) or process.poll() is not None and not hasattr(process, "url"):
        process.kill()
        raise RuntimeError("lueur serve did not start: " + "\n".join(process.log))
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{process.url}/v1/version", timeout=1.0).status_code == 200:
                return process, process.url
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("lueur serve did not answer in time")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if isinstance(process, Served):
        process.reader.join(10)  # every line it wrote is in its log


def rss_kib(pid: int) -> int:
    """Resident memory of a process (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# -- the load -----------------------------------------------------------------------------

@dataclass
class LoadReport:
    sent: int = 0
    answered: Counter[str] = field(default_factory=Counter)
    """Final lines received, by request id."""
    failures: list[str] = field(default_factory=list)
    """Requests without a proper final line (transport errors, wrong id, bad status)."""
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    first_line: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Streamed requests: seconds to their first line (for a hint, its first ``info``), by command."""
    statuses: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    memory_kib: list[tuple[int, int]] = field(default_factory=list)
    """(requests answered so far, server RSS) samples."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def lost(self) -> int:
        return self.sent - len(self.answered)

    @property
    def duplicated(self) -> int:
        return sum(n - 1 for n in self.answered.values() if n > 1)

    def summary(self) -> dict[str, Any]:
        every = sorted(x for values in self.latency.values() for x in values)
        return {
            "requests": self.sent, "answered": len(self.answered), "lost": self.lost, "duplicated": self.duplicated,
            "failures": self.failures[:10], "statuses": dict(self.statuses), "seconds": round(self.seconds, 3),
            "throughput_per_s": round(self.sent / self.seconds, 1) if self.seconds else None,
            "latency_ms": {"all": percentiles(every), **{c: percentiles(sorted(v)) for c, v in sorted(self.latency.items())}},
            "first_line_ms": {c: percentiles(sorted(v)) for c, v in sorted(self.first_line.items())},
            "memory_kib": self.memory_kib,
        }


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max in milliseconds of ``values`` in seconds."""
    if not values:
        return {}
    ms = {f"p{round(100 * q)}": round(1000 * (percentile(values, q) or 0.0), 1) for q in (0.50, 0.95, 0.99)}
    return {**ms, "max": round(1000 * max(values), 1), "n": len(values)}


def run_load(url: str, clients: int, total: int, server_pid: int | None = None, sample_every: int = 100) -> LoadReport:
    """``total`` requests from ``clients`` threads; every answer checked (see the module doc)."""
    mix = request_mix()
    report = LoadReport()
    counter = iter(range(total))
    take = threading.Lock()
    started = time.perf_counter()

    def client(c: int) -> None:
        with httpx.Client(base_url=url, timeout=120.0) as http:
            while True:
                with take:
                    n = next(counter, None)
                if n is None:
                    return
                one_request(http, f"c{c}-{n}", mix[n % len(mix)], report)
                if server_pid is not None and (n + 1) % sample_every == 0:
                    with report.lock:
                        report.memory_kib.append((n + 1, rss_kib(server_pid)))

    threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report.seconds = time.perf_counter() - started
    return report


def one_request(http: httpx.Client, request_id: str, template: dict[str, Any], report: LoadReport) -> None:
    body = {k: v for k, v in template.items() if k != "stream"}
    command = body.pop("command")
    body["id"] = request_id
    streamed = template.get("stream", False)
    with report.lock:
        report.sent += 1
    begun = time.perf_counter()
    try:
        if streamed:
            finals = []
            first_line = None
            with http.stream("POST", f"/v1/{command}", json=body, headers={"Accept": "application/x-ndjson"}) as response:
                status = response.status_code
                for raw in response.iter_lines():
                    if first_line is None:
                        first_line = time.perf_counter() - begun
                    line = json.loads(raw)
                    if line.get("id") != request_id:
                        raise ValueError(f"a line for {line.get('id')!r} in the answer to {request_id!r}")
                    if line["type"] in ("result", "error"):
                        finals.append(line)
        else:
            response = http.post(f"/v1/{command}", json=body)
            status = response.status_code
            finals = [response.json()]
    except (httpx.HTTPError, ValueError) as exc:
        with report.lock:
            report.failures.append(f"{request_id}: {type(exc).__name__}: {exc}")
        return
    elapsed = time.perf_counter() - begun
    with report.lock:
        report.statuses[status] += 1
        for final in finals:
            if final.get("id") == request_id and final.get("type") == "result" and status == 200:
                report.answered[request_id] += 1
            else:
                report.failures.append(f"{request_id}: status {status}, {json.dumps(final)[:200]}")
        report.latency[command].append(elapsed)
        if streamed and first_line is not None:
            report.first_line[command].append(first_line)


# -- first info of a hint -----------------------------------------------------------------

def first_info_latency(count: int) -> list[float]:
    """Seconds from sending a hint to its first ``info`` line, for ``count`` hints one after another."""
    wax = scenario("rulebook/wax-eater-sight")
    engine = subprocess.Popen([*LUEUR, "engine"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write(b'{"id":"warm","command":"version"}\n')
    engine.stdin.flush()
    engine.stdout.readline()
    time.sleep(1.0)  # the fork server starts in the background
    times = []
    for i in range(count):
        begun = time.perf_counter()
        engine.stdin.write((json.dumps({"id": i, "command": "hint", "position": wax, "playouts": 1}) + "\n").encode())
        engine.stdin.flush()
        first = None
        while True:
            line = json.loads(engine.stdout.readline())
            if first is None and line["type"] == "info":
                first = time.perf_counter() - begun
            if line["type"] in ("result", "error"):
                break
        times.append(first if first is not None else float("nan"))
    engine.stdin.close()
    engine.wait()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--hints", type=int, default=100, help="hints timed for their first info (0: skip)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()

    figures: dict[str, Any] = {}
    if args.hints:
        times = sorted(first_info_latency(args.hints))
        figures["first_info_ms"] = percentiles(times)
        print(f"hint, first info ({args.hints} hints, one at a time): {figures['first_info_ms']}")
    process, url = start_server("--max-requests", str(max(16, args.clients)))
    try:
        before = rss_kib(process.pid)
        report = run_load(url, args.clients, args.requests, process.pid)
        after = rss_kib(process.pid)
    finally:
        stop_server(process)
    load = report.summary()
    load["rss_before_kib"], load["rss_after_kib"] = before, after
    figures["load"] = load
    print(f"load: {load['requests']} requests from {args.clients} clients in {load['seconds']} s "
          f"({load['throughput_per_s']}/s); answered {load['answered']}, lost {load['lost']}, duplicated {load['duplicated']}, "
          f"failures {len(report.failures)}; statuses {load['statuses']}")
    for command, stats in load["latency_ms"].items():
        print(f"  {command:<8} {stats}")
    for command, stats in load["first_line_ms"].items():
        print(f"  first line of a streamed {command}: {stats}")
    samples = [kib for _, kib in report.memory_kib]
    if samples:
        print(f"server RSS: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after; samples every 100 requests "
              f"{', '.join(f'{s / 1024:.1f}' for s in samples)} MiB (median {statistics.median(samples) / 1024:.1f})")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
