"""Options shared by several commands, defined once."""

from __future__ import annotations

import sys

import click

from solver.base.errors import Problem
from solver.nightcage.notation.forms import load_path, load_stream
from solver.nightcage.notation.position_json import Position

file_argument = click.argument("file", metavar="FILE")
"""A position file: .json, .toml or .line (or '-' for stdin, form detected from the content)."""

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")


def load(file: str, lenient: bool = False) -> tuple[Position, list[Problem]]:
    """Read FILE ('-' for stdin) in any of the three position forms."""
    if file == "-":
        return load_stream(sys.stdin.buffer, lenient)
    return load_path(file, lenient)
