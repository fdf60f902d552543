"""Work handed to worker processes that never outlive the process that started them.

:class:`Workers` runs independent tasks in a process pool and gives their
results back in order, waking every ``tick`` seconds while it waits so that
the caller can report progress and stop at a deadline. The tasks are taken
from their iterable a few ahead of the results (:meth:`Workers.stream`), never
all at once: a job of a billion playouts is not built, pickled and queued
whole before its first game is played. Three rules make the workers easy to
stop:

- they ignore Ctrl-C (SIGINT reaches the whole process group): the parent
  alone handles it, and ends them;
- leaving the ``with`` block for any reason (an exception, Ctrl-C, a SIGTERM
  turned into an exception by the front end) terminates them at once, instead
  of waiting for the tasks still queued (what a process pool's shutdown does);
- each worker watches its parent from a thread, and exits when the parent is
  gone (killed without a chance to clean up), instead of waiting for tasks
  that will never come.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import Any

PARENT_POLL = 0.5
"""Seconds between a worker's checks that its parent is still there."""
AHEAD_PER_WORKER = 2
"""Tasks handed out ahead of the results, per worker: enough to keep each busy while the next is sent."""


class Workers:
    """A pool of ``count`` worker processes; a context manager that always ends them."""

    def __init__(self, count: int) -> None:
        self.count = count
        methods = multiprocessing.get_all_start_methods()
        # fork or spawn: the worker's parent is this process (a fork server would stand between them).
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.pool = context.Pool(count, initializer=start_as_worker, initargs=(os.getpid(),))

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """End the workers now, whatever they are doing."""
        self.pool.terminate()
        self.pool.join()

    def run(self, task: Callable[..., Any], chunks: Iterable[tuple[Any, ...]], *, tick: float,
            on_tick: Callable[[list[Any]], None], give_up: Callable[[], bool]) -> list[Any]:
        """``task(*chunk)`` for every chunk, the results in order: all of them, or those done in order when
        ``give_up`` answered true. ``on_tick(results so far)`` is called every ``tick`` seconds and at each result."""
        results: list[Any] = []
        for result in self.stream(task, chunks, tick=tick, on_wait=lambda: on_tick(results), give_up=give_up):
            results.append(result)
            on_tick(results)
        return results

    def stream(self, task: Callable[..., Any], chunks: Iterable[tuple[Any, ...]], *, ahead: int | None = None,
               tick: float = 0.25, on_wait: Callable[[], None] | None = None,
               give_up: Callable[[], bool] | None = None) -> Iterator[Any]:
        """``task(*chunk)`` for each chunk, the results in order as they come; at most ``ahead`` tasks (by
        default :data:`AHEAD_PER_WORKER` per worker) are handed out before their results are taken, so the
        chunks may come from a long or endless generator. While it waits it calls ``on_wait`` every ``tick``
        seconds, and stops (without the rest) once ``give_up`` answers true."""
        most = ahead if ahead is not None else AHEAD_PER_WORKER * self.count
        source = iter(chunks)
        pending: deque[Any] = deque()
        exhausted = False
        while True:
            while not exhausted and len(pending) < most:
                chunk = next(source, None)
                if chunk is None:
                    exhausted = True
                else:
                    pending.append(self.pool.apply_async(task, chunk))
            if not pending:
                return
            job = pending.popleft()
            while not job.ready():
                if give_up is not None and give_up():
                    return
                job.wait(tick)
                if on_wait is not None:
                    on_wait()
            yield job.get()


def usable_cpus() -> int:
    """The CPUs this process may run on: its affinity where the system tells it (a container limited to
    some cores, ``taskset``), else every CPU of the machine; the default number of workers.

    >>> usable_cpus() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # (no sched_getaffinity: macOS, Windows)
        return os.cpu_count() or 1


def start_as_worker(parent: int) -> None:
    """Make this process a well-behaved worker of ``parent`` (the three rules of the module doc)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it ends the workers itself
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a handler the parent's front end installed: this is how they end
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Exit when the parent is gone: it was killed before it could end its workers."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


__all__ = ["Workers", "start_as_worker", "usable_cpus"]
