"""Reading a Night Cage position named on the command line."""

from __future__ import annotations

import sys

from solver.base.errors import Problem
from solver.nightcage.notation.forms import load_path, load_stream
from solver.nightcage.notation.position_json import Position


def load(file: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read FILE ('-' for stdin) in any of the three position forms."""
    if file == "-":
        return load_stream(sys.stdin.buffer, lenient)
    return load_path(file, lenient)
