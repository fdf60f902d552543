"""A deeper Python call stack for the searches that recurse, safe when several run at once.

Python's recursion limit is one number for the whole process, while the protocol runs its
requests in threads. A search that saved the limit, raised it and put the saved value back
would, when another overlapped it, either leave the limit raised for good (the second saved
the first one's raised value) or lower it under a search still running (the first finished
first). So the searches under way are counted: the first to start raises the limit, the
last to finish puts back what was there before any of them.

A search that recurses also makes Python map and unmap its frame stack's chunks when it goes back
and forth across one's edge: the first :func:`deep_calls` has them kept for reuse instead
(:mod:`solver.base.frame_chunks`).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from solver.base.frame_chunks import keep_frame_chunks

_lock = threading.Lock()
_running = 0
_before = 0


@contextmanager
def deep_calls(limit: int) -> Iterator[None]:
    """Python's recursion limit at least ``limit`` while the block runs (and any other such block).

    >>> before = sys.getrecursionlimit()
    >>> with deep_calls(before + 10):
    ...     with deep_calls(before + 5):
    ...         sys.getrecursionlimit() - before
    10
    >>> sys.getrecursionlimit() == before
    True
    """
    global _running, _before
    with _lock:
        if _running == 0:
            _before = sys.getrecursionlimit()
            keep_frame_chunks()  # (once per process; the later calls return at once)
        _running += 1
        if sys.getrecursionlimit() < limit:
            sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0:
                sys.setrecursionlimit(_before)


__all__ = ["deep_calls"]
