"""Writing a file: whole or not at all, never through a symbolic link, never over an input.

Every file a command writes goes through :func:`write_file`. The data goes to
a new temporary file beside the target (created exclusively: it cannot be a
link someone planted), which is then renamed over the target: a reader sees
the old file or the new one, never half of one, and an interrupted write
leaves the old file. A target that is a symbolic link is refused rather than
followed (a link planted in an output directory would otherwise aim the write
at any file of the user's), and so is a target that is one of the command's
inputs (``lueur render pos.svg -o pos.svg``). :func:`check_target` runs the
same checks alone, so that a command writing several files checks them all
before it writes the first.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from solver.base.errors import LueurError


class OutputError(LueurError):
    """A file that will not be written (a symbolic link, one of the inputs, an unwritable place); the message says why."""


def check_target(path: str | Path, inputs: Iterable[str | Path] = ()) -> None:
    """Raise :class:`OutputError` unless ``path`` may be written (see the module doc)."""
    target = Path(path)
    if target.is_symlink():
        raise OutputError(f"{target} is a symbolic link: not written through it (remove it, or write elsewhere)")
    if not target.exists():
        return
    for given in inputs:
        if str(given) == "-":
            continue
        try:
            same = os.path.samefile(given, target)
        except OSError:  # an input that is not there (any more) is not the target
            continue
        if same:
            raise OutputError(f"{target} is the input {Path(given).name}: not overwritten (write the output elsewhere)")


def write_file(path: str | Path, data: bytes | str, inputs: Iterable[str | Path] = ()) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole, by renaming a temporary file over it; raises
    :class:`OutputError` for a link, an input or a place that cannot be written."""
    target = Path(path)
    check_target(target, inputs)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, _mode(target))
        os.replace(temporary, target)
    except OSError as exc:
        _remove(temporary)
        raise OutputError(f"{target}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _remove(temporary)
        raise


def _mode(target: Path) -> int:
    """The permissions a file written in place would have: the old file's, or the usual ones under the umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


__all__ = ["OutputError", "check_target", "write_file"]
