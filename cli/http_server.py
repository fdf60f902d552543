"""The engine protocol over HTTP, for ``lueur serve`` (docs/protocol.md, "HTTP").

``POST /v1/<command>`` takes the same JSON object as a protocol line (its
``command`` comes from the path; ``id`` is optional) and answers with the final
line, or, when the client accepts ``application/x-ndjson``, streams every line
(``info`` as it comes, then the final one). The requests share one
:class:`~solver.protocol.runner.Runner`, so ids, cancellation and time limits
behave as on stdin/stdout. No endpoint reads or writes a file: positions come
inline. ``/`` serves the web workbench (``cli/web``), a client of these same
routes. ``GET /v1/schema/position`` and ``/v1/schema/protocol`` serve the JSON Schemas
(the files of ``docs/schema/``). :mod:`cli.http_guard` checks Host, Origin and Content-Type before any
route runs; :mod:`cli.http_transport` times out slow clients.

A client that hangs up is noticed at once (the ASGI ``http.disconnect``
message), its request is cancelled, and nothing is logged: a hang-up is normal.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path as PathLib
from typing import Any

from fastapi import FastAPI, Path, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.requests import ClientDisconnect

from solver import __version__
from solver.protocol.commands import version
from solver.protocol.engine_schema import SCHEMAS_SERVED, schema_text
from solver.protocol.requests import PROTOCOL, RequestError, decode_line, parse_request
from solver.protocol.runner import Runner
from solver.protocol.schema import COMMANDS, SCHEMA_PATH, request_schema

from .http_guard import GuardMiddleware, allowed_hosts

NDJSON = "application/x-ndjson"
SCHEMA_MEDIA_TYPE = "application/schema+json"
WEB_ROOT = PathLib(__file__).resolve().parent / "web"
"""The web workbench (plain ES modules, no build step), served at ``/``."""
WORKBENCH_POLICY = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")

STATUS = {
    "malformed": 400, "invalid request": 400, "invalid position": 400, "invalid input": 400, "illegal action": 400,
    "unsupported": 400, "no decision": 400, "unknown command": 404, "duplicate id": 409, "too large": 413,
    "busy": 429, "internal error": 500, "forbidden": 403, "unsupported media type": 415, "timeout": 408,
}
"""HTTP status of each kind of ``error`` line (a ``result`` is always 200: the answer is in its body)."""


@dataclass(frozen=True)
class ServerLimits:
    max_body_bytes: int = 1 << 20
    """Largest request body."""
    max_time_limit: float = 30.0
    """Largest ``time_limit`` a request may ask for; searches are stopped past it."""
    max_requests: int = 16
    """Searches (solve, hint, analyze, ff.moves) in flight (running or waiting) at once; one more gets 429.
    The other commands answer in milliseconds and are never refused for it."""
    workers: int | None = None
    """Searches that run at once (each in its own process); default: the CPUs this process may use (its affinity)."""
    listen_host: str = "127.0.0.1"
    """The address the server listens on: a name requests may carry in Host (unless a wildcard)."""
    allow_hosts: tuple[str, ...] = ()
    """More names requests may carry in Host and Origin (``--allow-host``)."""


def create_app(limits: ServerLimits = ServerLimits()) -> FastAPI:
    app = FastAPI(
        title="Lueur engine protocol",
        version=__version__,
        description=f"The {PROTOCOL} commands of `lueur engine` over HTTP. See docs/protocol.md.",
        docs_url=None, redoc_url=None,  # the interactive pages load scripts from a CDN; the OpenAPI document is enough
    )
    runner = Runner(limits.workers, limits.max_time_limit, max_pending=limits.max_requests, preload=("cli.main",))
    app.state.runner = runner
    app.state.limits = limits

    @app.get("/v1/version", summary="Engine name, version, protocol and commands")
    async def get_version() -> dict[str, Any]:
        return version()

    @app.post("/v1/{command}", summary="Run one command of the engine protocol", openapi_extra=_openapi_body(limits.max_time_limit),
              responses=_openapi_responses())
    async def run_command(request: Request, command: str = Path(description="The protocol command.",
                                                                json_schema_extra={"enum": list(COMMANDS)})) -> Response:
        stream = NDJSON in request.headers.get("accept", "")
        try:
            try:
                body = await _read_body(request, limits.max_body_bytes)
            except ClientDisconnect:  # hung up (or timed out) while sending: nobody is left to answer
                return Response(status_code=499)
            doc = decode_line(body)
            if isinstance(doc, dict):
                if doc.get("command", command) != command:
                    raise RequestError("invalid request", f"command: the body says {doc['command']!r}, the path says {command!r}",
                                       doc.get("id") if isinstance(doc.get("id"), (str, int)) else None)
                doc = {**doc, "command": command}
                doc.setdefault("id", f"http-{uuid.uuid4().hex[:12]}")
            parsed = parse_request(doc, limits.max_time_limit)
        except RequestError as exc:
            return _error_response(exc.line())
        lines: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def emit(line: dict[str, Any]) -> None:
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            except RuntimeError:  # the server is shutting down
                pass

        runner.submit(parsed, emit)
        if stream:
            return StreamingResponse(_stream(lines, runner, parsed.id), media_type=NDJSON)
        return await _final(lines, runner, parsed.id, request)

    schemas = {name: schema_text(make()) for name, make in SCHEMAS_SERVED.items()}  # the same bytes as docs/schema/

    for name, text in schemas.items():  # each game's position schema, and the protocol's
        app.add_api_route(SCHEMA_PATH.format(name=name), _schema_route(text), methods=["GET"], response_class=Response,
                          summary=f"The JSON Schema: {json.loads(text)['title']}")

    # Last: the workbench's files answer every path the API does not.
    app.mount("/", WorkbenchFiles(directory=WEB_ROOT, html=True), name="workbench")
    return app


def _schema_route(text: str) -> Any:
    """The handler that serves one schema's text."""
    async def get_schema() -> Response:
        return Response(text, media_type=SCHEMA_MEDIA_TYPE)
    return get_schema


class WorkbenchFiles(StaticFiles):
    """The web workbench's files (``cli/web``), each answer carrying a policy that lets the page
    load nothing from another site: everything it runs and shows is served here."""

    async def get_response(self, path: str, scope: Any) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Content-Security-Policy"] = WORKBENCH_POLICY
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cache-Control"] = "no-cache"
        return response


def guarded_app(limits: ServerLimits = ServerLimits()) -> tuple[Any, Runner]:
    """The app behind its Host, Origin and Content-Type checks, and the runner its requests share."""
    app = create_app(limits)
    return GuardMiddleware(app, allowed_hosts(limits.listen_host, limits.allow_hosts)), app.state.runner


async def _read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise RequestError("too large", f"the body is {int(declared):,} bytes; this server takes at most {limit:,} (--max-body-bytes)")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RequestError("too large", f"the body is longer than {limit:,} bytes (--max-body-bytes)")
        chunks.append(chunk)
    return b"".join(chunks)


def _is_final(line: dict[str, Any]) -> bool:
    return line.get("type") in ("result", "error")


async def _stream(lines: asyncio.Queue[dict[str, Any]], runner: Runner, request_id: str | int) -> AsyncIterator[bytes]:
    finished = False
    try:
        while not finished:
            line = await lines.get()
            finished = _is_final(line)
            yield json.dumps(line, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
    finally:
        if not finished:  # the client went away: stop the work it asked for
            runner.cancel(request_id)


async def _final(lines: asyncio.Queue[dict[str, Any]], runner: Runner, request_id: str | int, request: Request) -> Response:
    """The final line, with the warnings gathered; waits on the client too, so that a hang-up cancels at once."""
    warnings: list[dict[str, Any]] = []
    hang_up = asyncio.ensure_future(_disconnected(request))
    try:
        while True:
            next_line = asyncio.ensure_future(lines.get())
            await asyncio.wait({next_line, hang_up}, return_when=asyncio.FIRST_COMPLETED)
            if not next_line.done():  # the client went away: stop the work it asked for
                next_line.cancel()
                runner.cancel(request_id)
                return Response(status_code=499)  # never sent: there is nobody to send it to
            line = next_line.result()
            if line.get("type") == "warning":
                warnings.append({k: v for k, v in line.items() if k not in ("id", "type")})
            if _is_final(line):
                if warnings:
                    line = {**line, "warnings": warnings}
                return _error_response(line) if line["type"] == "error" else JSONResponse(line)
    finally:
        hang_up.cancel()


async def _disconnected(request: Request) -> None:
    """Returns when the client has gone (its body is read by then: the next ASGI message is the disconnect)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _error_response(line: dict[str, Any]) -> JSONResponse:
    status = STATUS.get(line.get("error", ""), 400)
    headers = {"Retry-After": "1"} if status == 429 else None
    return JSONResponse(line, status_code=status, headers=headers)


def _openapi_body(max_time_limit: float) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": request_schema(max_time_limit)}}}}


def _openapi_responses() -> dict[int | str, dict[str, Any]]:
    line = {"type": "object", "properties": {"id": {}, "type": {"enum": ["result", "error"]}}}
    return {
        200: {"description": "The final line: a result (its exit_code says yes, no, refused or limit reached). "
                             "With `Accept: application/x-ndjson`, every line as it comes.",
              "content": {"application/json": {"schema": line}, NDJSON: {"schema": {"type": "string"}}}},
        400: {"description": "An error line: malformed or invalid request or position."},
        403: {"description": "The Host or Origin header names another host (see --allow-host); the error line has no id."},
        404: {"description": "Not a command."},
        408: {"description": "The request did not arrive whole within --request-timeout; the connection is closed."},
        409: {"description": "The id is already in flight."},
        413: {"description": "The body is too large."},
        415: {"description": "The body is not sent as Content-Type: application/json."},
        429: {"description": "Too many searches in flight; retry after a moment."},
        500: {"description": "An internal error (a bug): the message says what."},
        503: {"description": "Too many connections open (--max-connections); retry after a moment."},
    }
