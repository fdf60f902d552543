"""``lueur engine``: the JSON-lines engine protocol on stdin/stdout (docs/protocol.md)."""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

import click

from solver.protocol.requests import RequestError, decode_line, leading_id, parse_request
from solver.protocol.runner import Runner
from solver.protocol.schema import MAX_TIME_LIMIT

MAX_LINE_BYTES = 1 << 20
FINAL = ("result", "error")


class LineWriter:
    """Writes one JSON document per line to stdout, whole lines only, from any thread.

    Only strict JSON goes out: a document that cannot be written as JSON (a
    non-finite number, a lone surrogate: a bug of ours) is replaced by an
    ``internal error`` line for the same id when it was a final line, or by a
    warning otherwise, so that its request still ends with exactly one final line.
    """

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()
        self.broken = False

    def __call__(self, doc: dict[str, Any]) -> None:
        line = encode_line(doc)
        with self.lock:
            if self.broken:
                return
            try:
                self.stream.write(line)
                self.stream.flush()
            except (BrokenPipeError, ValueError):  # the client went away: nobody is left to answer
                self.broken = True


def encode_line(doc: dict[str, Any]) -> bytes:
    """``doc`` as one line of strict JSON; see :class:`LineWriter` for a document that is not JSON."""
    try:
        return _json_line(doc)
    except (ValueError, TypeError, RecursionError):  # UnicodeEncodeError (a lone surrogate) is a ValueError
        request_id = doc.get("id")
        try:
            _json_line({"id": request_id})
        except (ValueError, TypeError):
            request_id = None
        why = "it held a value JSON cannot carry (a bug of ours)"
        if doc.get("type") in FINAL:
            return _json_line(RequestError("internal error", f"the answer could not be written as JSON: {why}", request_id).line())
        return _json_line({"id": request_id, "type": "warning", "path": "",
                           "message": f"a {doc.get('type')!s:.20} line was left out: {why}"})


def _json_line(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8") + b"\n"


@click.command()
@click.option("--max-concurrent", type=click.IntRange(min=1), default=None,
              help="Searching requests run at once (more wait their turn)  [default: the CPUs this process may use]")
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


def serve_line(raw: bytes, oversized: bool, runner: Any, write: Callable[[dict[str, Any]], None], max_time_limit: float,
               max_line_bytes: int) -> None:
    """Answer one input line: hand a good request to the runner, or send its error line.

    An error line carries an id only when it was read with certainty (a request
    that decoded with a valid id, or the first member of an oversized line) and
    no request with that id is in flight: that request would seem to get a
    second final line (docs/protocol.md, "Lines back").
    """
    if oversized:
        refusal = RequestError("too large", f"the line is longer than {max_line_bytes:,} bytes (--max-line-bytes); it was skipped",
                               leading_id(raw))
        write(_without_id_in_flight(refusal, runner))
        return
    if not raw.strip():
        return  # blank lines are allowed between requests
    try:
        request = parse_request(decode_line(raw), max_time_limit)
    except RequestError as exc:
        write(_without_id_in_flight(exc, runner))
        return
    except Exception as exc:  # noqa: BLE001 - a bug of ours: the line still gets its error, the engine goes on
        write(RequestError("internal error", f"{type(exc).__name__} while reading the request").line())
        return
    if runner.in_flight(request.id):
        write(_duplicate(request.id).line())
        return
    runner.submit(request, _duplicates_without_id(write))


def _without_id_in_flight(error: RequestError, runner: Any) -> dict[str, Any]:
    """The error line of a refused line; the id goes when a request with that id is in flight."""
    if error.request_id is not None and runner.in_flight(error.request_id):
        taken = error.request_id
        error.request_id = None
        error.message += f" (id {taken!r} belongs to a request in flight: this error carries none)"
    return error.line()


def _duplicate(request_id: str | int) -> RequestError:
    return RequestError("duplicate id", f"id: {request_id!r} is already in flight; ids must be unique among running "
                                        "requests (this error carries no id: it would look like that request's final line)")


def _duplicates_without_id(write: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    """``write``, but a ``duplicate id`` refusal from the runner (its request was finishing just then) carries no id."""
    def emit(doc: dict[str, Any]) -> None:
        if doc.get("type") == "error" and doc.get("error") == "duplicate id":
            doc = _duplicate(doc["id"]).line()
        write(doc)
    return emit


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
