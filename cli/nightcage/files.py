"""Reading a Night Cage position named on the command line."""

from __future__ import annotations

import sys

from solver.base.errors import Problem
from solver.nightcage.commands.reading import Position, read_file, read_stream


def load(file: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read FILE ('-' for stdin) in any of the three position forms."""
    if file == "-":
        return read_stream(sys.stdin.buffer, lenient)
    return read_file(file, lenient)
