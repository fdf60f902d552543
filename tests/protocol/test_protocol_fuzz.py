"""The engine protocol's promise under fuzzing: whatever the lines, every line out is strict JSON, every
request accepted gets exactly one final line with its id, a refused line gets one error line, an error never
carries the id of a request in flight, and the engine ends at the end of its input (docs/protocol.md).

Hypothesis drives ``serve_line`` and a runner in-process, with ``read_lines`` cutting the input as the engine
does; a fixed corpus of the issue's nasty lines then goes through the real ``lueur engine``.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import threading
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.engine import LineWriter, read_lines, serve_line
from solver.protocol.requests import Request
from solver.protocol.runner import Runner
from tests.protocol_client import LUEUR, ROOT, position

HOLD = position("endgames/04-hold-the-light")
WAX = position("rulebook/wax-eater-sight")
FINAL = ("result", "error")
MAX_LINE_BYTES = 4096
MAX_TIME_LIMIT = 0.5
_LEADING_ID = re.compile(rb'\s*\{\s*"id"\s*:\s*')


def strict(line: bytes) -> Any:
    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")
    return json.loads(line, parse_constant=refuse)


class Session:
    """``lueur engine`` in-process: the lines out, each tagged with the request (or input line) it answers."""

    def __init__(self) -> None:
        self.runner = Runner(max_concurrent=2, max_time_limit=MAX_TIME_LIMIT, processes=False)
        self.local = threading.local()
        self.lock = threading.Lock()
        self.out: list[tuple[Any, dict[str, Any]]] = []  # (owner, line): owner is ("request", k) or ("line", i)
        self.requests: list[Request] = []
        self.write = LineWriter(_Stream(self))  # type: ignore[arg-type]
        self.runner_submit = self.runner.submit
        self.runner.submit = self._submit  # type: ignore[method-assign]

    def record(self, data: bytes) -> None:
        """A line as the engine writes it: it must be strict JSON."""
        [line] = data.splitlines()
        doc = strict(line)
        owner = getattr(self.local, "owner", None)
        if owner is None:  # written by the front end itself: a refused line; its id must be free
            owner = ("line", self.local.line)
            assert doc["id"] is None or not self.runner.in_flight(doc["id"]), doc
        with self.lock:
            self.out.append((owner, doc))

    def _submit(self, request: Request, emit: Any) -> None:
        key = ("request", len(self.requests))
        self.requests.append(request)

        def tagged(doc: dict[str, Any]) -> None:
            self.local.owner = key
            try:
                emit(doc)
            finally:
                self.local.owner = None
        self.runner_submit(request, tagged)

    def run(self, lines: list[bytes], cancel_at_end: bool) -> None:
        data = b"".join(line + b"\n" for line in lines)
        for index, (raw, oversized) in enumerate(read_lines(io.BytesIO(data), MAX_LINE_BYTES)):
            self.local.line = index
            serve_line(raw, oversized, self.runner, self.write, MAX_TIME_LIMIT, MAX_LINE_BYTES)
        if cancel_at_end:
            self.runner.cancel_all()
        waiter = threading.Thread(target=self.runner.wait, daemon=True)
        waiter.start()
        waiter.join(60)
        assert not waiter.is_alive(), "the requests did not all end: the engine would not exit at the end of its input"


class _Stream:
    """What the session's LineWriter writes to."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def write(self, data: bytes) -> None:
        self.session.record(data)

    def flush(self) -> None:
        pass


def check_promise(session: Session, lines: list[bytes]) -> None:
    """The protocol's promise on what ``session`` wrote for ``lines``."""
    by_owner: dict[Any, list[dict[str, Any]]] = {}
    for owner, doc in session.out:
        by_owner.setdefault(owner, []).append(doc)
    for k, request in enumerate(session.requests):
        own = by_owner.pop(("request", k), [])
        finals = [doc for doc in own if doc["type"] in FINAL]
        assert len(finals) == 1 and own[-1] is finals[0], (request.id, own)
        assert all(doc["id"] == request.id and type(doc["id"]) is type(request.id) for doc in own[:-1]), own
        final = own[-1]
        if final["type"] == "error" and final["error"] == "duplicate id":
            assert final["id"] is None
        else:
            assert final["id"] == request.id and type(final["id"]) is type(request.id), final
    for (_, index), docs in by_owner.items():
        [doc] = docs  # one error for a refused line
        assert doc["type"] == "error" and doc["message"], doc
        if doc["id"] is not None:
            assert _certain_id(lines[index], doc["id"]), (lines[index][:200], doc)
    refused = sum(1 for raw in lines if raw.strip()) - len(session.requests)
    assert len(by_owner) == refused


def _certain_id(raw: bytes, found: str | int) -> bool:
    """Whether ``found`` is the line's top-level id: read whole, or the first member of a line cut short."""
    try:
        doc = strict(raw)
    except ValueError:
        doc = None
    if isinstance(doc, dict) and "id" in doc:
        return doc["id"] == found and type(doc["id"]) is type(found)
    match = _LEADING_ID.match(raw)
    if match is None or len(raw) <= MAX_LINE_BYTES:
        return False
    value, _ = json.JSONDecoder().raw_decode(raw[match.end():].decode("utf-8", "replace"))
    return bool(value == found and type(value) is type(found))


# -- what a hostile client sends --------------------------------------------------------------------

NASTY_NUMBERS = st.sampled_from([float("nan"), float("inf"), float("-inf"), 10**400, -(10**30), 2**53, 1.5])
nasty_ids = st.one_of(
    st.sampled_from([1.0, 1.5, True, None, 2**53, -(2**53), "", "x" * 201, "\ud800", "a\u0000", "\x1b[2J"]),
    st.integers(), st.text(max_size=6), st.floats(),
    st.dictionaries(st.sampled_from(["id", "x"]), st.integers(), max_size=2), st.lists(st.integers(), max_size=2),
)
valid_ids = st.sampled_from([1, 2, "a", "b"])  # few: duplicates and cancels meet requests in flight
ids = st.one_of(valid_ids, valid_ids, valid_ids, nasty_ids)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6) | NASTY_NUMBERS,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3),
    max_leaves=8,
)
CHEAP = {"time_limit": 0.2, "playouts": 2, "orders": 0, "max_nodes": 2_000}
"""Searches stay short: the in-process runner has no process to end."""
MUTATIONS = st.one_of(
    st.just({}), st.just({}), st.just({}),
    st.dictionaries(st.sampled_from(["time_limit", "report_every", "seed", "max_nodes", "draws", "policy", "unknown"]),
                    NASTY_NUMBERS | json_values, min_size=1, max_size=2),
    st.sampled_from([{"padding": "y" * MAX_LINE_BYTES}, {"meta": "\ud800"}, {"position": {**HOLD, "meta": {"title": "\udc00"}}},
                     {"position": {**HOLD, "meta": {"id": 1, "deep": [[[[1]]]]}}}, {"position": {}}, {"target": 1.5}]),
)
requests = st.builds(
    lambda request_id, command, where, target, mutation: {"id": request_id, "command": command, "position": where, "target": target,
                                                          "actions": ["stay"], **CHEAP, **mutation},
    ids, st.sampled_from(["hint", "solve", "analyze", "hint", "cancel", "version", "legal", "check", "apply", "render", "odds",
                          "teleport"]),
    st.sampled_from([HOLD, WAX]), ids, MUTATIONS,
)


def encoded(doc: Any) -> bytes:
    """As a client would send it: non-finite numbers as NaN/Infinity, lone surrogates as JSON escapes."""
    try:
        return json.dumps(doc).encode()  # ensure_ascii: every surrogate becomes a \\u escape
    except (ValueError, OverflowError):
        return b'{"id": 1, "command": "version", "x": ' + b"9" * 5000 + b"}"


lines = st.one_of(
    requests.map(encoded), requests.map(encoded), requests.map(encoded), requests.map(encoded),
    json_values.map(encoded),
    st.binary(max_size=40).map(lambda raw: raw.replace(b"\n", b" ")),
    st.sampled_from([b"", b"   ", b'{"id":', b"[" * 3000, b'{"id": 1, "command": "version", "x": ' + b"[" * 200 + b"]" * 200 + b"}"]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(lines, min_size=1, max_size=8), st.booleans())
def test_every_line_out_is_json_and_every_request_ends_once(sent: list[bytes], cancel_at_end: bool) -> None:
    session = Session()
    session.run(sent, cancel_at_end)
    check_promise(session, sent)


# -- the real engine on the issue's nasty lines ------------------------------------------------------

def _request(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


CORPUS: list[tuple[bytes, Any]] = [
    # (line, the id of its final line: None for a line refused without an id)
    (_request(id=1, command="hint", position=WAX, time_limit=0.5), 1),
    (_request(id="n", command="hint", position=HOLD, time_limit=float("nan")), None),
    (_request(id="r", command="hint", position=HOLD, report_every=float("nan")), None),
    (_request(id="i", command="solve", position=HOLD, time_limit=float("inf")), None),
    (_request(id="m", command="solve", position=HOLD, seed=float("-inf")), None),
    (b'{"id": "o", "command": "hint", "time_limit": 1e400}', None),
    (_request(id=1.5, command="version"), None),
    (_request(id=True, command="version"), None),
    (_request(id=None, command="version"), None),
    (_request(id={"id": 1}, command="version"), None),
    (_request(id=[1], command="version"), None),
    (_request(id=2**53, command="version"), None),
    (_request(id="x" * 201, command="version"), None),
    (_request(id="\u001b]0;owned\u0007", command="version"), None),
    (_request(id="\ud800", command="version"), None),
    (_request(id="s", command="legal", position={**HOLD, "meta": {"title": "\ud800"}}), None),
    (_request(id="q", command="legal", position={**HOLD, "prisoners": [{**HOLD["prisoners"][0], "name": "\udfff"}]}), None),
    (b'{"id": "g", "command": "version", "x": ' + b"9" * 5000 + b"}", None),
    (b'{"id": "d", "command": "version", "x": ' + b"[" * 3000 + b"]" * 3000 + b"}", None),
    (_request(id=1, command="version"), None),                      # duplicate of the hint in flight
    (_request(id=1, command="teleport"), None),                     # refused, and its id is in flight
    (b'{"command": "legal", "position": {"meta": {"id": 1}}, "padding": "' + b"y" * 20_000 + b'"}', None),
    (b'{"id": "big", "command": "legal", "padding": "' + b"y" * 20_000 + b'"}', "big"),
    (b"\xff\xfe\x00garbage", None),
    (b"[NaN, Infinity]", None),
    (_request(id="v", command="version"), "v"),
]


def test_the_real_engine_keeps_the_promise_on_the_issue_s_lines_and_exits_at_the_end() -> None:
    data = b"".join(line + b"\n" for line, _ in CORPUS)
    run = subprocess.run([*LUEUR, "engine", "--max-line-bytes", "8192"], input=data, cwd=ROOT, capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    out = [strict(line) for line in run.stdout.splitlines()]
    finals = [doc for doc in out if doc["type"] in FINAL]
    assert Counter(doc["id"] for doc in finals) == Counter(expected for _, expected in CORPUS)
    assert len(finals) == len(CORPUS)
    hint = [doc for doc in out if doc["id"] == 1]
    assert hint[-1]["type"] == "result" and hint[-1]["command"] == "hint"  # its one final line, last
    assert b"Traceback" not in run.stderr
