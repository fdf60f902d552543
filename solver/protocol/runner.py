"""Requests in flight: ids, concurrency, cancellation and time limits (docs/protocol.md).

Both front ends (``lueur engine`` on stdin/stdout, ``lueur serve`` over HTTP)
hand checked requests to a :class:`Runner` with a callback that sends lines
back. The runner promises, for every request it accepts:

* every line carries the request's ``id``;
* zero or more ``info`` and ``warning`` lines, then **exactly one** final
  line (``result`` or ``error``), after which nothing more is sent;
* ``cancel`` (or the time limit) stops the request and still sends its final
  line: the command's own answer when it could finish early (``hint`` returns
  its ranking so far), otherwise a result with ``"result": null``, the
  reason in ``stopped`` and the last ``info`` in ``partial``.

Searching commands (``solve``, ``hint``, ``analyze``) run each in a process of
their own, started from a fork server that has the solver already imported:
requests run side by side on several cores, a stop that the command cannot
honour in time ends the process, and whatever a search allocated goes back to
the system when it ends (the server's memory stays flat). The other commands
answer within milliseconds and run on a thread.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from solver.base.exit_codes import ExitCode
from solver.base.workers import usable_cpus
from solver.protocol.commands import DEFAULT_TIME_LIMIT, HEAVY, execute, first_info, result
from solver.protocol.requests import Request, RequestError
from solver.protocol.schema import MAX_TIME_LIMIT

Emit = Callable[[dict[str, Any]], None]

GRACE = 0.5
"""Seconds a stopped command gets to finish with what it found before its process is ended."""
SLACK = 2.0
"""Seconds past a command's own time limit before it is stopped: answering takes a moment too."""
PRELOAD = ["solver.protocol.commands"]
"""Modules the fork server imports once for every search it forks (the commands import the planners)."""


@dataclass
class _Job:
    request: Request
    emit: Emit
    started: float = field(default_factory=time.monotonic)
    stop_reason: str | None = None
    last_info: dict[str, Any] | None = None
    finished: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def elapsed(self) -> float:
        return round(time.monotonic() - self.started, 6)

    def info(self, payload: dict[str, Any]) -> None:
        """A command's partial answer (or, with a ``warning`` key, a warning) as a line."""
        with self.lock:
            if self.finished:
                return
            if "warning" in payload:
                self.emit({"id": self.request.id, "type": "warning", **payload["warning"]})
                return
            self.last_info = payload
            # ``seconds`` counts from the request's arrival (queueing and process start included).
            self.emit({"id": self.request.id, "type": "info", "command": self.request.command, **payload, "seconds": self.elapsed()})

    def finish(self, final: dict[str, Any]) -> None:
        with self.lock:
            if self.finished:
                return
            self.finished = True
            body = {key: value for key, value in final.items() if key != "id"}
            self.emit({"id": self.request.id, **body, "seconds": self.elapsed()})


class Runner:
    """Runs requests side by side (see the module doc)."""

    def __init__(self, max_concurrent: int | None = None, max_time_limit: float = MAX_TIME_LIMIT, processes: bool = True,
                 max_pending: int = 1_000, preload: tuple[str, ...] = ()) -> None:
        """``preload``: more modules for the fork server to import once; a front end names its own
        module there, since each new process imports the program's main module again."""
        self.max_time_limit = max_time_limit
        self.max_pending = max_pending
        self.processes = processes
        self._slots = threading.BoundedSemaphore(max_concurrent or usable_cpus())
        self._jobs: dict[str | int, _Job] = {}
        self._threads: set[threading.Thread] = set()
        self._lock = threading.Lock()
        self._context: Any = None
        if processes:
            self._context = multiprocessing.get_context("forkserver")
            self._context.set_forkserver_preload([*PRELOAD, *preload])
            # Start the fork server now, in the background, so that the first
            # request does not wait for the solver to be imported.
            threading.Thread(target=_warm_up, args=(self._context,), daemon=True).start()

    def submit(self, request: Request, emit: Emit) -> None:
        """Start ``request``; its lines go to ``emit`` (called from other threads)."""
        if request.command == "cancel":
            target = request.fields["target"]
            stopping = self.cancel(target)
            body = {"target": target, "stopping": stopping}
            if not stopping:
                body["reason"] = f"no request {target!r} is in flight (it has finished, or was never sent)"
            emit({"id": request.id, **result("cancel", 0 if stopping else 1, body), "seconds": 0.0})
            return
        with self._lock:
            running = self._jobs.get(request.id)
            if running is not None and not running.finished:
                # Not under its id: that would give the request in flight a second final line.
                emit(RequestError("duplicate id", f"id: {request.id!r} is already in flight; ids must be unique among running requests",
                                  None).line())
                return
            searches = sum(1 for job in self._jobs.values() if job.request.command in HEAVY and not job.finished)
            if request.command in HEAVY and searches >= self.max_pending:
                # Only searches count: a quick command answers in milliseconds and never queues behind them.
                emit(RequestError("busy", f"{searches} searches are already waiting or running; try again later",
                                  request.id).line())
                return
            for warning in request.warnings:  # sent once the request is accepted, so always under its own id
                emit({"id": request.id, "type": "warning", **warning.as_json()})
            job = _Job(request, emit)
            self._jobs[request.id] = job
            thread = threading.Thread(target=self._run, args=(job,), name=f"request {request.id}", daemon=True)
            try:
                # Started under the lock: ``wait`` must never see a thread it cannot join yet.
                thread.start()
            except RuntimeError as exc:  # no thread to be had (the system is out of them): the request still ends
                self._forget(job)
                failed = exc
            else:
                self._threads.add(thread)
                return
        job.finish(RequestError("busy", f"cannot start the request ({failed}); try again later").line())

    def _forget(self, job: _Job) -> None:
        """Drop a finished job, unless its id already belongs to a newer request (the caller holds the lock)."""
        if self._jobs.get(job.request.id) is job:
            del self._jobs[job.request.id]

    def in_flight(self, request_id: str | int) -> bool:
        """Whether a request with this id is waiting or running (its final line not yet sent)."""
        with self._lock:
            job = self._jobs.get(request_id)
            return job is not None and not job.finished

    def cancel(self, target: str | int) -> bool:
        with self._lock:
            job = self._jobs.get(target)
            if job is None or job.finished:
                return False
            job.stop_reason = job.stop_reason or "cancelled"
            return True

    def cancel_all(self) -> int:
        """Stop every request in flight (each still sends its final line); how many there were."""
        with self._lock:
            running = [job for job in self._jobs.values() if not job.finished]
            for job in running:
                job.stop_reason = job.stop_reason or "cancelled"
            return len(running)

    def wait(self) -> None:
        """Return once every request has sent its final line."""
        while True:
            with self._lock:
                threads = list(self._threads)
            if not threads:
                return
            for thread in threads:
                thread.join()

    def _run(self, job: _Job) -> None:
        try:
            if job.request.command not in HEAVY:  # answers at once: no need to queue behind searches
                self._execute(job)
                return
            self._announce(job)
            if not self._slots.acquire(blocking=False):
                job.info({"stage": "waiting", "proven": False, "note": "waiting for a free worker: other searches are running"})
                if not self._wait_for_slot(job):
                    job.finish(_stopped(job, "stopped before it started"))
                    return
            try:
                self._execute(job)
            finally:
                self._slots.release()
        except Exception as exc:  # a bug of ours: the client still gets its final line
            job.finish(RequestError("internal error", f"{type(exc).__name__}: {exc}").line())
        finally:
            with self._lock:
                self._forget(job)
                self._threads.discard(threading.current_thread())

    def _announce(self, job: _Job) -> None:
        """Send what the command can say before it starts (a hint's decision and choices) at once,
        even when it must wait for a worker; the command is told not to send it again."""
        opening = first_info(job.request)
        if opening is not None:
            job.info(opening)
            job.request = replace(job.request, announced=True)

    def _wait_for_slot(self, job: _Job) -> bool:
        while not self._slots.acquire(timeout=0.05):
            if job.stop_reason is not None:
                return False
        return True

    def _execute(self, job: _Job) -> None:
        request = job.request
        if request.command in HEAVY and self.processes:
            final = self._in_process(job)
        else:
            final = execute(request, job.info, lambda: job.stop_reason is not None)
        if job.stop_reason is not None and (final is None or final.get("error") == "stopped"):
            final = _stopped(job, "stopped before an answer")
        elif final is None:
            final = RequestError("internal error", "the worker process ended without an answer").line()
        elif job.stop_reason is not None:
            final = {**final, "stopped": job.stop_reason}
        job.finish(final)

    def _in_process(self, job: _Job) -> dict[str, Any] | None:
        request = job.request
        receiver, sender = self._context.Pipe(duplex=False)
        stop = self._context.Event()
        process = self._context.Process(target=_child, args=(request, sender, stop), daemon=True)
        process.start()
        sender.close()
        hard_limit = time.monotonic() + self._hard_limit(request)  # from the start of the work, not of the wait
        kill_at: float | None = None
        final = None
        try:
            while True:
                if receiver.poll(0.02):
                    try:
                        kind, payload = receiver.recv()
                    except EOFError:  # the process ended without its final line
                        break
                    if kind == "final":
                        final = payload
                        break
                    job.info(payload)
                    continue
                now = time.monotonic()
                if job.stop_reason is None and now > hard_limit:
                    job.stop_reason = "time limit"
                if job.stop_reason is not None and kill_at is None:
                    stop.set()
                    kill_at = now + GRACE
                if kill_at is not None and now > kill_at:
                    break
                if not process.is_alive() and not receiver.poll():
                    break
        finally:
            receiver.close()
            if final is None or process.is_alive():
                process.terminate()
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()
            process.close()
        return final

    def _hard_limit(self, request: Request) -> float:
        """Seconds a searching command may run before it is stopped (its own limit, plus slack)."""
        asked = request.limits.time_limit
        if request.command not in DEFAULT_TIME_LIMIT:  # no time limit of its own (analyze plays the playouts asked for)
            return min(asked or self.max_time_limit, self.max_time_limit)
        limit = asked or DEFAULT_TIME_LIMIT[request.command]
        if request.command == "solve" and request.fields.get("engine") == "both":
            limit *= 2  # one limit per engine
        return min(limit + SLACK, self.max_time_limit + SLACK)


def _stopped(job: _Job, why: str) -> dict[str, Any]:
    return {"type": "result", "command": job.request.command, "exit_code": int(ExitCode.LIMIT), "result": None,
            "stopped": job.stop_reason or "cancelled", "note": why, "partial": job.last_info}


def _child(request: Request, sender: Any, stop: Any) -> None:
    """A searching command in its own process: partial answers and the final line go up the pipe."""
    os.dup2(2, 1)  # stdout carries protocol lines only, and only the parent writes them
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        final = execute(request, lambda payload: sender.send(("info", payload)), stop.is_set)
    except BaseException as exc:  # noqa: BLE001 - reported to the client, never a traceback
        final = RequestError("internal error", f"{type(exc).__name__}: {exc}").line()
    final.pop("id", None)
    sender.send(("final", final))
    sender.close()


def _warm_up(context: Any) -> None:
    try:
        process = context.Process(target=_nothing, daemon=True)
        process.start()
        process.join()
        process.close()
    except OSError:  # the first real request will start it (and report any failure)
        pass


def _nothing() -> None:
    pass
