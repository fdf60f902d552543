"""Python's frame stack made to keep the memory it frees, for the searches that recurse.

Python (3.11 on) keeps the frames of Python functions in chunks of 16 KiB: a chunk is mapped from the
system when a call needs one and unmapped as soon as the frames in it return. A search recursing back
and forth across a chunk's edge, as the chance search does at some depths for millions of calls, then
pays two system calls and fresh pages at each crossing: 22,000 of them in the chance search of corpus
position 0074, a third of its time (``benchmarks/README.md``, issue 25, "ninth pass"). Which depths
fall on an edge depends on the frames' sizes, so any change to the search's functions moved the cost
from one position to another.

:func:`keep_frame_chunks` sets, once per process, an allocator for Python's arenas that keeps up to
64 freed chunks (1 MiB) for reuse and leaves every other request to Python's own
(``csrc/frame_chunks.c``, built by the install like the end-game kernel, and as optional: without a C
compiler nothing changes but the speed). Forked workers inherit it.
"""

from __future__ import annotations

from types import ModuleType

_compiled: ModuleType | None
try:
    from solver.base import _frame_chunks as _compiled
except ImportError:  # not built: no C compiler at install time
    _compiled = None


def keep_frame_chunks() -> bool:
    """From now on, freed frame chunks are kept for reuse (idempotent). False where the helper is not built,
    or on a Python without a global lock (a free-threaded build), where it does nothing."""
    return _compiled is not None and _compiled.keep()


def chunks_kept() -> int:
    """The freed chunks kept now, ready for reuse (0 where the helper is not built)."""
    return 0 if _compiled is None else _compiled.kept()


__all__ = ["chunks_kept", "keep_frame_chunks"]
