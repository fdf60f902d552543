"""Options shared by several commands of every game, defined once."""

from __future__ import annotations

import click

file_argument = click.argument("file", metavar="FILE")
"""A position file: .json, .toml or .line (or '-' for stdin, form detected from the content)."""

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
