"""Reading a position for a command: a file or a stream, in any of the three position forms.

Apart from :mod:`solver.nightcage.commands.position` (which re-exports it) so that a command that
only reads its position (``solve``) does not import the pictures and the odds the quick commands draw.
"""

from __future__ import annotations

from typing import BinaryIO

from solver.base.errors import Problem
from solver.nightcage.notation.forms import load_path, load_stream
from solver.nightcage.notation.position_json import Position


def read_file(path: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """The position in the file at ``path``, in any of the three position forms, and its warnings
    (unknown keys, when ``lenient``). Raises :class:`PositionError` with every problem located."""
    return load_path(path, lenient)


def read_stream(stream: BinaryIO, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Like :func:`read_file`, from an open binary stream (standard input)."""
    return load_stream(stream, lenient)


__all__ = ["Position", "read_file", "read_stream"]
