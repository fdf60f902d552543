"""``lueur serve``: the engine protocol over HTTP (docs/protocol.md, "HTTP")."""

from __future__ import annotations

import click

from .output import err


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (localhost only by default; 0.0.0.0 opens it to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="Port (0: any free one).")
@click.option("--max-body-bytes", type=click.IntRange(min=1024), default=1 << 20, show_default=True, help="Largest request body.")
@click.option("--max-time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Largest time_limit a request may ask for (seconds); searches are stopped past it.")
@click.option("--max-requests", type=click.IntRange(min=1), default=16, show_default=True,
              help="Requests in flight at once; one more is answered 429 (retry later).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Searches run at once  [default: the CPU count]")
def serve(host: str, port: int, max_body_bytes: int, max_time_limit: float, max_requests: int, workers: int | None) -> None:
    """Serve the engine protocol over HTTP: POST /v1/<command> with the same JSON as `lueur engine`.

    The answer is the final line (a result or an error, with an HTTP status
    to match); ask for `Accept: application/x-ndjson` to stream the info
    lines too. The OpenAPI document is at /openapi.json. Stop with Ctrl-C.

    \b
    Example:
      lueur serve --port 8765 &
      curl -s -X POST localhost:8765/v1/version -d '{}'
    """
    import uvicorn

    from .http_server import ServerLimits, create_app

    app = create_app(ServerLimits(max_body_bytes, max_time_limit, max_requests, workers))
    err(f"lueur serve: http://{host}:{port}/v1/<command> (OpenAPI: /openapi.json); Ctrl-C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)
