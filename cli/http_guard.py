"""Who may talk to ``lueur serve``: Host, Origin and Content-Type checks (docs/protocol.md, "HTTP").

A web page the user visits can send requests to a server on localhost: a
cross-site ``POST`` with a body a browser sends without asking first
(``text/plain``, a form), or, after DNS rebinding, same-origin requests under
the attacker's host name. Three checks shut both out, before any route runs:

* the ``Host`` header must name this machine's loopback (``localhost``,
  ``127.0.0.1``, ``[::1]``, any port), the ``--host`` the server listens on
  (unless it is a wildcard), or a name given with ``--allow-host``;
* a request with an ``Origin`` header comes from a page; it is served only when
  that page's host is one of the same names (a page served on localhost may call);
* a ``POST`` body must be declared ``application/json``: a browser cannot send
  that cross-site without a preflight, which this server never grants.

A refusal is an error line with ``"id": null`` (no request was read), as JSON,
with status 403 (Host, Origin) or 415 (Content-Type), and ends its connection
(``Connection: close``).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"", "0.0.0.0", "::"})
JSON_TYPE = "application/json"

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def allowed_hosts(listen_host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names requests may carry: loopback, the listening address unless a wildcard, and ``extra``."""
    names = set(LOOPBACK) | {_bare(name) for name in extra}
    if _bare(listen_host) not in WILDCARDS:
        names.add(_bare(listen_host))
    return frozenset(names)


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port: ``[::1]:8765`` gives ``::1``."""
    value = header.strip()
    if value.startswith("["):
        return _bare(value[1:value.find("]")] if "]" in value else value)
    name, colon, port = value.rpartition(":")
    if colon and port.isdigit() and ":" not in name:
        return _bare(name)
    return _bare(value)


def refusal(method: str, headers: dict[str, str], allowed: frozenset[str]) -> tuple[int, str, str] | None:
    """``(status, error kind, message)`` when a request must be refused, else ``None``."""
    shown = ", ".join(sorted(_shown(name) for name in allowed))
    host = headers.get("host")
    if host is not None and host_name(host) not in allowed:
        return 403, "forbidden", (f"Host: {host[:100]!r} is not a name of this server; it answers to {shown} "
                                  "(add names with --allow-host)")
    origin = headers.get("origin")
    if origin is not None:
        origin_host = _origin_host(origin)
        if origin_host not in allowed:
            return 403, "forbidden", (f"Origin: {origin[:100]!r}: requests from web pages are served only from {shown} "
                                      "(add names with --allow-host)")
    if method == "POST":
        declared = headers.get("content-type")
        if declared is None or declared.split(";")[0].strip().lower() != JSON_TYPE:
            said = f"is {declared[:100]!r}" if declared is not None else "is missing"
            return 415, "unsupported media type", (f"Content-Type {said}: the body must be JSON, sent with "
                                                   f"'Content-Type: {JSON_TYPE}' (a charset parameter may follow)")
    return None


def error_body(kind: str, message: str) -> bytes:
    """An error line with no id, as a response body."""
    return json.dumps({"id": None, "type": "error", "error": kind, "message": message}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


class GuardMiddleware:
    """ASGI middleware: runs :func:`refusal` on every HTTP request before the app sees it."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Any]], send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] == "http":
            headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
            refused = refusal(scope["method"], headers, self.allowed)
            if refused is not None:
                status, kind, message = refused
                body = error_body(kind, message)
                # The body may not have been read, nor come whole: the connection ends with the answer, and says
                # so, so that a client never sends its next request on a connection about to close.
                await send({"type": "http.response.start", "status": status,
                            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                        (b"connection", b"close")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def _origin_host(origin: str) -> str | None:
    try:
        host = urlsplit(origin.strip()).hostname  # "null" (a sandboxed page, a file) has none
    except ValueError:
        return None
    return _bare(host) if host else None


def _bare(name: str) -> str:
    """A host name as compared: lower case, no brackets, no final dot."""
    return name.strip().strip("[]").rstrip(".").lower()


def _shown(name: str) -> str:
    return f"[{name}]" if ":" in name else name
