"""``lueur``: show, check, adjudicate, solve and convert Night Cage positions.

Each command loads a position (JSON, TOML scenario or one-line notation; ``-``
reads stdin), calls the library, prints the result and chooses the exit code.
The commands live in their own modules. This one names them: a module is
imported only when its command runs, so ``lueur --help`` and the quick
commands do not load the planners, CP-SAT or the web server.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from solver import __version__

from .output import EXIT_CODES_HELP

COMMANDS = {
    "analyze": "cli.analyze:analyze",
    "apply": "cli.position:apply_command",
    "check": "cli.position:check",
    "convert": "cli.position:convert",
    "engine": "cli.engine:engine",
    "export": "cli.export:export",
    "generate": "cli.generate:generate",
    "grade": "cli.generate:grade",
    "hint": "cli.hint:hint",
    "legal": "cli.position:legal",
    "odds": "cli.position:odds",
    "play": "cli.play:play",
    "serve": "cli.serve:serve",
    "show": "cli.position:show",
    "solve": "cli.solve:solve",
}
"""Command name -> ``module:attribute`` of its click command."""


class LazyGroup(click.Group):
    """A group whose commands are imported when they are looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attribute = target.split(":")
        command: Any = getattr(importlib.import_module(module), attribute)
        return command


@click.group(cls=LazyGroup, epilog=EXIT_CODES_HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lueur")
def cli() -> None:
    """Lueur: rules engine, adjudicator and solver for The Night Cage (Piège obscur).

    \b
    Examples:
      lueur show scenarios/rulebook-wax-eater-sight.toml
      lueur legal position.json --explain
      lueur apply position.json "move N" "discard e2"
      lueur convert position.json --to line
    """


def main() -> None:
    cli(prog_name="lueur")
