"""``lueur``: show, check, adjudicate, solve and convert positions of every game Lueur plays.

Each command loads a position (JSON, TOML scenario or one-line notation; ``-``
reads stdin), calls the library, prints the result and chooses the exit code.
The commands live in their own modules. This one names them: a module is
imported only when its command runs, so ``lueur --help`` and the quick
commands do not load the planners, CP-SAT or the web server.

The Night Cage's commands are at the top; every other game's are in its group
(``lueur ff ...``). ``check``, ``show`` and ``render`` read a file of any game:
the registry (:mod:`solver.games`) tells the file's game, and the game's own
command answers.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from solver import __version__
from solver.games import DEFAULT, GAMES, game_of_file

from .output import EXIT_CODES_HELP

COMMANDS = {
    "analyze": ("cli.nightcage.analyze:analyze", "Estimate the chance of escaping from the position, with 95% intervals."),
    "apply": ("cli.nightcage.position:apply_command", "Adjudicate ACTIONS step by step, citing the rulebook and naming rulings."),
    "check": ("cli.nightcage.position:check", "Validate a position; list every problem with where it is (exit 0 or 2)."),
    "convert": ("cli.nightcage.position:convert", "Convert a position between JSON, the TOML scenario form and the one-line notation."),
    "engine": ("cli.engine:engine", "Serve the engine protocol: one JSON request per line on stdin, JSON lines back on stdout."),
    "export": ("cli.nightcage.export:export", "Write a Final Flickers turn-start position as a PDDL domain and problem."),
    "games": ("cli.games:games", "List the games Lueur plays: their position formats, commands and documentation."),
    "generate": ("cli.nightcage.generate:generate", "Write COUNT end-game puzzles (one optimal solution, graded) to a directory."),
    "grade": ("cli.nightcage.generate:grade", "Grade a Final Flickers position as a puzzle: its optimum, whether it is unique, its grade."),
    "hint": ("cli.nightcage.hint:hint", "The best choice for the current decision, its evaluation and the runner-ups."),
    "legal": ("cli.nightcage.position:legal", "List the legal actions of the decision the position awaits."),
    "odds": ("cli.nightcage.position:odds", "Exact odds of the next draws from the pile's known contents."),
    "play": ("cli.nightcage.play:play", "Play one whole game from the standard setup and print or save its record."),
    "render": ("cli.nightcage.render:render", "Draw the board as a picture: SVG, or PNG with the extra lueur[png]."),
    "review": ("cli.nightcage.review:review", "Review a played game: its costliest decisions and the turn it was lost for good."),
    "schema": ("cli.schema:schema", "Print or write the JSON Schemas of the position format and of the engine protocol."),
    "serve": ("cli.serve:serve", "Serve the engine protocol over HTTP: POST /v1/<command> with the same JSON as `lueur engine`."),
    "show": ("cli.nightcage.position:show", "Draw the board: passages, pits, monsters and their sight, prisoners, pile."),
    "solve": ("cli.nightcage.solve:solve", "Can the group still regroup at a gate before the last light, and how?"),
}
"""Command name -> ``module:attribute`` of its click command, and the first paragraph of its help
(``lueur --help`` lists it without importing the command; tests/cli/test_cli.py holds it to the docstring)."""
COMMANDS.update({game.cli_name: (game.cli_group, game.cli_summary) for game in GAMES if game.cli_name and game.cli_group})



FILE_COMMANDS = ("check", "show", "render")
"""The commands that read a position of any game (the file's game answers)."""


class LazyGroup(click.Group):
    """A group whose commands are imported when they are looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute = COMMANDS[cmd_name][0].split(":")
        command: Any = getattr(importlib.import_module(module), attribute)
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """``check``, ``show`` and ``render`` of a file of another game than the Night Cage: that game's own command."""
        if args and args[0] in FILE_COMMANDS:
            for argument in args[1:]:
                if argument.startswith("-"):
                    continue
                game = game_of_file(argument)
                if game is not DEFAULT and args[0] in game.cli_files:
                    command: click.Command = game.load(game.cli_files[args[0]])
                    return args[0], command, args[1:]
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list, as click writes it, from the summaries: no command module is imported."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        # A stand-in command with the summary as its help shortens it exactly as the real one would.
        rows = [(name, click.Command(name, help=summary).get_short_help_str(limit)) for name, (_, summary) in sorted(COMMANDS.items())]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, epilog=EXIT_CODES_HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lueur")
def cli() -> None:
    """Lueur: rules engine, adjudicator and solver for The Night Cage (Piège obscur).

    \b
    Examples:
      lueur show scenarios/rulebook/wax-eater-sight.toml
      lueur legal docs/examples/position.json --explain
      lueur apply docs/examples/position.json "move N" "burn t t cross"
      lueur convert docs/examples/position.json --to line
      lueur solve scenarios/endgames/06-charge-through.toml
      lueur render scenarios/rulebook/wax-eater-sight.toml -o /tmp/wax-eater.svg
      lueur solve scenarios/endgames/06-charge-through.toml --render /tmp/charge-through
    """


def main() -> None:
    cli(prog_name="lueur")
