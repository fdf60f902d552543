"""The connections of ``lueur serve``: binding, slow clients, connection cap, orderly stop.

uvicorn times out idle kept-alive connections, but nothing else: a client that
sends half its headers or half its body and waits would hold its connection
(and the request's memory) for ever. :func:`protocol_class` makes an HTTP
protocol whose every request must arrive whole (headers and body) within the
request timeout, counted from the connection's opening or from the first byte
of a following request, and which refuses connections past a cap at once.
A request answered before its body came in whole (a body over the cap: 413)
ends its connection: the server writes nothing more, reads and drops what
still comes (so the answer is not lost to a reset), and closes when the
client does or after the request timeout.

:class:`StoppingServer` cancels every request in flight before uvicorn's
graceful shutdown, so each client gets its final line (``stopped``, or the
command's partial answer) within a second, and says so in one line.
:func:`bind` opens the listening socket before anything is announced, so the
address printed is the real one (``--port 0`` included) and a port in use is a
one-line message.
"""

from __future__ import annotations

import asyncio
import errno
import socket
from collections.abc import Callable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .http_guard import error_body


class BindError(Exception):
    """The server cannot listen where it was asked (the message says why and what to do)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a free port)."""
    where = f"port {port} on {host}" if port else f"a free port on {host}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError):
        raise BindError(f"--host {host!r} is not an address or a known host name of this machine") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait for old connections to clear
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise BindError(f"{where} is in use; choose another with --port (0: any free one)") from None
        if exc.errno == errno.EACCES:
            raise BindError(f"{where} needs privileges; choose a port above 1023 with --port (0: any free one)") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise BindError(f"--host {host!r} is not an address of this machine") from None
        raise BindError(f"cannot listen on {where}: {exc.strerror or exc}") from None
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def protocol_class(request_timeout: float, max_connections: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a whole-request timeout and a cap on open connections."""

    class TimedProtocol(_TimedProtocol):
        timeout = request_timeout
        cap = max_connections

    return TimedProtocol


class _TimedProtocol(H11Protocol):
    """See the module doc. At the cap, a new connection takes the place of the one that has waited longest
    for its request (a slow client's, or an idle kept-alive one); if every one is being answered, it is refused."""

    timeout = 10.0
    cap = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._refused = False
        self._lingering = False
        """Answered before the body came whole: what still comes is dropped until the connection closes."""
        self.waiting_since: float | None = None
        """Since when the connection has waited for (the rest of) a request; ``None`` while one is answered."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.connections) >= self.cap and not self._make_room():
            self._refused = True  # refused before it counts: the cap holds
            self.transport = transport
            transport.write(_raw_response(503, error_body("busy", f"{self.cap} connections are being answered, the most this "
                                                                  "server keeps (--max-connections); try again in a moment")))
            transport.close()
            return
        super().connection_made(transport)
        self.waiting_since = self.loop.time()
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._refused or self._lingering:
            return
        if self._deadline is None and self.conn.their_state is h11.IDLE:  # a following request begins
            self._arm()
        super().data_received(data)
        self._note_whole()

    def on_response_complete(self) -> None:
        self.waiting_since = self.loop.time()  # idle now, until the next request (or uvicorn's keep-alive timeout)
        super().on_response_complete()
        self._note_whole()  # a pipelined request may have come in whole meanwhile
        # Answered before its body came in whole (a refusal): the connection ends, with no second answer.
        if self.conn.their_state is h11.SEND_BODY and not self.transport.is_closing():
            self._linger()

    def _linger(self) -> None:
        """Stop writing (the answer is followed by the end of the stream), drop what the client still sends,
        and close when it closes or after the request timeout: closing at once, with its body unread, would
        reset the connection and could lose the answer."""
        self._lingering = True
        self._disarm()
        self.waiting_since = None  # not a connection waiting for a request: the cap does not give it up
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._deadline = self.loop.call_later(self.timeout, self.transport.close)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.waiting_since = None
        if not self._refused:
            super().connection_lost(exc)

    def _make_room(self) -> bool:
        waiting = [c for c in self.connections
                   if isinstance(c, _TimedProtocol) and c.waiting_since is not None and not c.transport.is_closing()]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.waiting_since or 0.0)
        oldest.give_up(503, "busy", f"{self.cap} connections are open, the most this server keeps (--max-connections), "
                                    "and this one had waited longest for its request")
        return True

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.timeout, self.give_up, 408, "timeout",
                                              f"the request did not arrive whole within {self.timeout:g} s (--request-timeout)")

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _note_whole(self) -> None:
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):  # the request is in: now it is answered
            self._disarm()
            self.waiting_since = None

    def give_up(self, status: int, kind: str, message: str) -> None:
        """Close a connection still waiting for its request, with an answer (``status``) if none was started."""
        self._disarm()
        self.waiting_since = None
        if self.transport.is_closing() or self._lingering:
            return
        cycle = self.cycle
        answering = cycle is not None and cycle.response_started and not cycle.response_complete
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True  # the app's pending read ends (as a hang-up) and its answer goes nowhere
            cycle.message_event.set()
        if not answering and self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.transport.write(_raw_response(status, error_body(kind, message)))
        self.transport.close()


def _raw_response(status: int, body: bytes) -> bytes:
    """A whole response written straight to the socket (the connection closes after it)."""
    reason = {408: "Request Timeout", 503: "Service Unavailable"}[status]
    retry = "retry-after: 1\r\n" if status == 503 else ""
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            f"connection: close\r\n{retry}\r\n").encode("ascii") + body


class StoppingServer(uvicorn.Server):
    """uvicorn's server, which first stops the requests in flight (``on_stop`` does, and returns how many)."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], int], say: Callable[[str], None]) -> None:
        super().__init__(config)
        self.on_stop = on_stop
        self.say = say

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        stopped = self.on_stop()
        cancelled = f"; cancelled {stopped} request(s) in flight, each answered with what it had" if stopped else ""
        self.say(f"lueur serve: stopping{cancelled}")
        await super().shutdown(sockets)
