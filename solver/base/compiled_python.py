"""Python modules also compiled by Cython: the source runs when it is newer than its build, or when asked.

The install compiles a few pure-Python modules with Cython, unchanged (``setup.py``,
``COMPILED_PYTHON``: the simulator, the tile-by-tile pile and the turn replays of the
chance search, where the time of a search goes). The build, ``name.cpython-*.so``, lies
beside ``name.py``, and Python imports the build first. Two cases must not run it:

* the source was edited since the build (a stale build would run old rules without a
  word): the source is newer than every build beside it;
* ``LUEUR_PURE_PYTHON=1`` in the environment (to profile, or debug, the Python itself).

:class:`SourceWhenNewer`, put first on :data:`sys.meta_path` by ``solver/__init__.py``,
loads the source in both cases; otherwise it says nothing and the import goes on as
usual. The build is the same code: ``tests/nightcage/sim/test_compiled_python.py`` plays
the same games and searches with both.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import spec_from_file_location  # (loaded by Python's start already: free here)
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (importlib.abc costs milliseconds at a start: the finder is one without it)
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

PURE_VARIABLE = "LUEUR_PURE_PYTHON"
BUILT = tuple(EXTENSION_SUFFIXES)
"""How this Python names a module's build (``.cpython-311-x86_64-linux-gnu.so``, ``.abi3.so``, ``.so``)."""


def pure_requested() -> bool:
    """``LUEUR_PURE_PYTHON`` is set to something other than empty or 0."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class SourceWhenNewer:
    """The source of a ``solver`` module with a build beside it, when the build must not run (module doc).
    A meta path finder (:class:`importlib.abc.MetaPathFinder`'s one method, without importing it)."""

    def __init__(self, pure: bool) -> None:
        self.pure = pure
        self._listings: dict[str, list[str]] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("solver.") or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            names = self._listing(folder)
            builds = [n for n in names if n.startswith(leaf + ".") and n.endswith(BUILT)]
            if not builds:
                continue
            source = os.path.join(folder, leaf + ".py")
            if leaf + ".py" not in names:
                return None  # a build with no source (the end-game kernel's C): nothing to choose
            if self.pure or os.path.getmtime(source) > max(os.path.getmtime(os.path.join(folder, b)) for b in builds):
                return spec_from_file_location(fullname, source)
            return None
        return None

    def _listing(self, folder: str) -> list[str]:
        names = self._listings.get(folder)
        if names is None:
            try:
                names = os.listdir(folder)
            except OSError:
                names = []
            self._listings[folder] = names
        return names


def install() -> None:
    """Put the finder first on :data:`sys.meta_path` (once)."""
    if not any(isinstance(f, SourceWhenNewer) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceWhenNewer(pure_requested()))


__all__ = ["PURE_VARIABLE", "SourceWhenNewer", "install", "pure_requested"]
