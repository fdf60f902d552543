"""``lueur engine``: the JSON-lines engine protocol on stdin/stdout (docs/protocol.md)."""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from collections.abc import Iterator
from typing import Any, BinaryIO

import click

from solver.protocol.requests import RequestError, decode_line, parse_request
from solver.protocol.runner import Runner
from solver.protocol.schema import MAX_TIME_LIMIT

MAX_LINE_BYTES = 1 << 20
_ID_IN_PREFIX = re.compile(rb'"id"\s*:\s*("(?:[^"\\]|\\.){1,200}"|-?\d{1,18})')


class LineWriter:
    """Writes one JSON document per line to stdout, whole lines only, from any thread."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()
        self.broken = False

    def __call__(self, doc: dict[str, Any]) -> None:
        line = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        with self.lock:
            if self.broken:
                return
            try:
                self.stream.write(line)
                self.stream.flush()
            except (BrokenPipeError, ValueError):  # the client went away: nobody is left to answer
                self.broken = True


@click.command()
@click.option("--max-concurrent", type=click.IntRange(min=1), default=None,
              help="Searching requests run at once (more wait their turn)  [default: the CPU count]")
@click.option("--max-line-bytes", type=click.IntRange(min=1024), default=MAX_LINE_BYTES, show_default=True,
              help="Longest request line; a longer one gets an error and is skipped.")
@click.option("--max-time-limit", type=click.FloatRange(min=0.01), default=MAX_TIME_LIMIT, show_default=True,
              help="Largest time_limit a request may ask for (seconds).")
@click.option("--on-eof", type=click.Choice(["finish", "cancel"]), default="finish", show_default=True,
              help="At the end of input: let running requests finish, or cancel them (each still sends its final line).")
def engine(max_concurrent: int | None, max_line_bytes: int, max_time_limit: float, on_eof: str) -> None:
    """Serve the engine protocol: one JSON request per line on stdin, JSON lines back on stdout.

    Each request names its `id` and `command` (check, legal, apply, solve,
    odds, hint, analyze, render, cancel, version) and carries a position in
    the lueur-position/1 format. Each gets zero or more `info` lines, then
    exactly one `result` or `error` line, all carrying its id. Several may be
    in flight; `{"id": .., "command": "cancel", "target": ID}` stops one.
    See docs/protocol.md.

    \b
    Example:
      echo '{"id":1,"command":"version"}' | lueur engine
    """

    write = LineWriter(sys.stdout.buffer)
    runner = Runner(max_concurrent, max_time_limit, preload=("cli.main",))
    try:
        for raw, oversized in read_lines(sys.stdin.buffer, max_line_bytes):
            serve_line(raw, oversized, runner, write, max_time_limit, max_line_bytes)
    except KeyboardInterrupt:
        runner.cancel_all()
    if on_eof == "cancel":
        runner.cancel_all()
    runner.wait()
    sys.stdout.flush()
    os._exit(0)  # the fork server and its pipes need no orderly goodbye


def serve_line(raw: bytes, oversized: bool, runner: Any, write: LineWriter, max_time_limit: float, max_line_bytes: int) -> None:
    """Answer one input line: hand a good request to the runner, or send its error line."""
    if oversized:
        write(RequestError("too large", f"the line is longer than {max_line_bytes:,} bytes (--max-line-bytes); it was skipped",
                           _id_from_prefix(raw)).line())
        return
    if not raw.strip():
        return  # blank lines are allowed between requests
    try:
        request = parse_request(decode_line(raw), max_time_limit)
    except RequestError as exc:
        if exc.request_id is None:
            exc.request_id = _id_from_prefix(raw)
        write(exc.line())
        return
    runner.submit(request, write)


def read_lines(stream: BinaryIO, max_bytes: int) -> Iterator[tuple[bytes, bool]]:
    """``(line, oversized)`` for each line of ``stream``. A line longer than ``max_bytes``
    is skipped to its end; only its first bytes are kept (an id may still be read there)."""
    while True:
        line = stream.readline(max_bytes + 1)
        if not line:
            return
        if len(line) > max_bytes and not line.endswith(b"\n"):
            prefix = line[:4096]
            while line and not line.endswith(b"\n"):
                line = stream.readline(1 << 16)
            yield prefix, True
            continue
        yield line, False


def _id_from_prefix(raw: bytes) -> str | int | None:
    """The request's id when it can be read from the start of a broken line."""
    match = _ID_IN_PREFIX.search(raw[:4096])
    if match is None:
        return None
    try:
        value = json.loads(match.group(1))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return value if isinstance(value, (str, int)) else None
