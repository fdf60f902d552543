"""Which kernel runs: the compiled one (``_fast``, a C extension) when it was built, else the pure one.

The C extension (sources in ``csrc/``, built by the normal install through
``setup.py``, optional: no compiler, no extension) computes
:func:`~solver.nightcage.endgame.kernel.turn.successors` and
:func:`solver.nightcage.endgame.bounds.turns_needed` as the Python code does: the same
results in the same order, each with the same actions (it walks the turn's
decisions in the Python kernel's order and keeps the first action sequence
reaching each result, as its dict does). The pure-Python kernel stays the
reference it is tested against (tests/nightcage/endgame/test_fast_kernel.py).

``LUEUR_PURE_KERNEL=1`` in the environment forces the pure kernel. When the
extension is missing (and not refused that way), importing the kernel gives
one :class:`KernelNotice` warning, a single line on standard error.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import Any

from . import turn as pure
from .layout import K

_compiled: ModuleType | None
try:
    from . import _fast as _compiled
except ImportError:  # not built: no compiler at install time
    _compiled = None

PURE_ENV = "LUEUR_PURE_KERNEL"
COMPILED = "compiled"
PURE = "pure"
NOTICE = "the compiled end-game kernel is not built (no C compiler at install): the pure-Python kernel runs, slower"


class KernelNotice(UserWarning):
    """The compiled kernel is missing and the pure one runs."""


def choose(environ: Mapping[str, str], fast: ModuleType | None) -> tuple[str, str | None]:
    """``(kernel, notice)``: which kernel runs, and the notice to give (None: nothing to say)."""
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return PURE, None
    if fast is None:
        return PURE, NOTICE
    return COMPILED, None


KERNEL, _notice = choose(os.environ, _compiled)
"""``compiled`` or ``pure``: the kernel :func:`successors` runs."""

if _notice is not None:
    # Line 0: the warning shows as one line, without a source line under it.
    warnings.warn_explicit(_notice, KernelNotice, __file__, 0, module=__name__)

_fast: Any = _compiled if KERNEL == COMPILED else None


def successors(k: K, include_losses: bool = True) -> Iterator[tuple[K, tuple[str, ...]]]:
    """:func:`solver.nightcage.endgame.kernel.turn.successors`, by the kernel that runs."""
    if _fast is not None:
        try:
            return iter(_fast.successors(k, include_losses))
        except _fast.Unsupported:  # more prisoners or a wider turn than its fixed tables hold
            pass
    return pure.successors(k, include_losses)


def successor_map(k: K, include_losses: bool = True) -> dict[K, tuple[str, ...]]:
    """:func:`successors` as a dict (result → actions)."""
    return dict(successors(k, include_losses))


def compiled_successors(k: K, include_losses: bool = True) -> list[tuple[K, tuple[str, ...]]] | None:
    """The compiled kernel's answer (None when it is not built or cannot take ``k``): for tests."""
    if _compiled is None:
        return None
    try:
        return list(_compiled.successors(k, include_losses))
    except _compiled.Unsupported:
        return None


SearchAnswer = tuple[str, int, int, int, int, "list[K] | None"]
"""``(status, expanded, generated, kept, proven bound, path)`` of the compiled search."""


def compiled_search(
    k: K, nerve_first: bool, max_nodes: int, max_positions: int | None, tick: Callable[[int, int, int], str | None] | None
) -> SearchAnswer | None:
    """:func:`solver.nightcage.endgame.search.solve`'s best-first search in C (``csrc/search.c``), or
    None when the compiled kernel does not run or cannot take ``k``.

    ``tick(expanded, generated, bound)`` is called every 1,024 expansions; a string back stops
    the search with it as the status. The status is ``win`` (``path``: the positions from ``k``
    to the win), ``lose``, ``node`` or ``memory`` (a limit), or the tick's."""
    if _fast is None:
        return None
    try:
        return _fast.search(k, nerve_first, max_nodes, max_positions or 0, tick)
    except _fast.Unsupported:
        return None


class CompiledOracle:
    """The memory and depth-first search of :class:`solver.nightcage.endgame.oracle.EndgameOracle`,
    compiled (``csrc/oracle.c``): positions proven won and lost, kept by their canonical key's
    fingerprint across questions."""

    __slots__ = ("memory",)

    def __init__(self, fast: Any) -> None:
        self.memory = fast.oracle_new()

    def wins(self, k: K, max_nodes: int, room: int | None, tick: Callable[[int], str | None]) -> tuple[str, int] | None:
        """``(status, expanded)``: ``win``, ``lose``, ``node``, ``memory`` or the tick's; None when the
        compiled kernel cannot take ``k``."""
        try:
            return _compiled.oracle_wins(self.memory, k, max_nodes, -1 if room is None else room, tick)  # type: ignore[union-attr]
        except _compiled.Unsupported:  # type: ignore[union-attr]
            return None

    def known(self, k: K) -> str | None:
        """``win`` or ``lose`` when remembered, else None."""
        try:
            return _compiled.oracle_known(self.memory, k)  # type: ignore[union-attr]
        except _compiled.Unsupported:  # type: ignore[union-attr]
            return None

    def sizes(self) -> tuple[int, int]:
        return _compiled.oracle_sizes(self.memory)  # type: ignore[union-attr]

    def forget(self) -> None:
        _compiled.oracle_forget(self.memory)  # type: ignore[union-attr]


def compiled_oracle() -> CompiledOracle | None:
    """A compiled oracle's memory when the compiled kernel runs, else None (the Python one runs)."""
    return CompiledOracle(_fast) if _fast is not None else None


def compiled_bound(pure_bound: Callable[[K], int], name: str = "turns_needed") -> Callable[[K], int]:
    """The compiled twin ``name`` of a bound of :mod:`solver.nightcage.endgame.bounds` (``turns_needed``,
    ``win_bound``) when the compiled kernel runs (``pure_bound`` itself otherwise, and for the
    positions it cannot take)."""
    if _fast is None:
        return pure_bound
    fast, unsupported = getattr(_fast, name), _fast.Unsupported

    def bound(k: K) -> int:
        try:
            return fast(k)
        except unsupported:
            return pure_bound(k)

    bound.__name__ = bound.__qualname__ = name
    bound.__doc__ = pure_bound.__doc__
    return bound
