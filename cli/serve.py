"""``lueur serve``: the engine protocol over HTTP (docs/protocol.md, "HTTP")."""

from __future__ import annotations

import sys

import click

from solver.base.exit_codes import ExitCode

from .output import err


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (localhost only by default; 0.0.0.0 opens it to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="Port (0: any free one).")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Another name the server answers to in Host and Origin headers, besides localhost, 127.0.0.1, "
                   "[::1] and --host. Repeat for several: --allow-host 'box.lan' --allow-host 'lueur.local'.")
@click.option("--max-body-bytes", type=click.IntRange(min=1024), default=1 << 20, show_default=True, help="Largest request body.")
@click.option("--max-time-limit", type=click.FloatRange(min=0.01), default=30.0, show_default=True,
              help="Largest time_limit a request may ask for (seconds); searches are stopped past it.")
@click.option("--max-requests", type=click.IntRange(min=1), default=16, show_default=True,
              help="Searches (solve, hint, analyze, ff.moves) in flight at once; one more is answered 429 (retry later).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Searches run at once  [default: the CPUs this process may use]")
@click.option("--request-timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds a request has to arrive whole (headers and body); a slower one gets 408 and is closed.")
@click.option("--max-connections", type=click.IntRange(min=1), default=128, show_default=True,
              help="Connections open at once; one more takes the place of the one that has waited longest for its "
                   "request, or gets 503 if all are being answered.")
def serve(host: str, port: int, allow_hosts: tuple[str, ...], max_body_bytes: int, max_time_limit: float, max_requests: int,
          workers: int | None, request_timeout: float, max_connections: int) -> None:
    """Serve the engine protocol over HTTP: POST /v1/<command> with the same JSON as `lueur engine`.

    The web workbench is at / (the address is printed on start): open it
    in a browser. The answer is the final line (a result or an error, with an HTTP status
    to match); ask for `Accept: application/x-ndjson` to stream the info
    lines too. Bodies must be sent as `Content-Type: application/json`;
    requests from web pages on other hosts are refused. The OpenAPI
    document is at /openapi.json. Stop with Ctrl-C.

    The address is announced in one line on stderr (stdout stays empty):
    with --port 0, read the port the server got from that line.

    \b
    Example:
      lueur serve --port 8765 &
      curl -s -X POST localhost:8765/v1/version -H 'Content-Type: application/json' -d '{}'
    """
    import uvicorn

    from .http_server import ServerLimits, guarded_app
    from .http_transport import BindError, StoppingServer, bind, protocol_class, url_of

    try:
        sock = bind(host, port)
    except BindError as exc:
        err(f"lueur serve: {exc}")
        sys.exit(ExitCode.BAD_INPUT)
    app, runner = guarded_app(ServerLimits(max_body_bytes, max_time_limit, max_requests, workers, host, allow_hosts))
    config = uvicorn.Config(app, http=protocol_class(request_timeout, max_connections), log_level="warning",
                            timeout_graceful_shutdown=5, lifespan="off")
    server = StoppingServer(config, on_stop=runner.cancel_all, say=err)
    url = url_of(sock)
    err(f"lueur serve: {url}/ is the workbench, open it in a browser; the protocol: POST {url}/v1/<command> "
        "(OpenAPI: /openapi.json); Ctrl-C stops")
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn raises the Ctrl-C again once it has stopped: already said
        sys.exit(ExitCode.INTERRUPTED)
