"""``lueur games``: list the games Lueur plays."""

from __future__ import annotations

import click

from solver.commands.games import games as games_command

from .options import json_option
from .output import emit_json, guarded, out


@click.command()
@json_option
@guarded
def games(as_json: bool) -> None:
    """List the games Lueur plays: their position formats, commands and documentation.

    `lueur check`, `show` and `render` read a file of any of them: the file's
    `game` or `format` field says which (a file that names none is a Night Cage
    position). Each game's own commands are under its group (`lueur ff ...`),
    the Night Cage's at the top.

    \b
    Examples:
      lueur games
      lueur games --json
    """
    answer = games_command()
    if as_json:
        emit_json(answer.document)
        return
    for index, game in enumerate(answer.value):
        if index:
            out()
        where = f"lueur {game['cli']} ..." if game["cli"] else "lueur <command> (at the top)"
        out(f"{game['id']}: {game['title']}")
        out(f"  positions   {game['format']} ({game['forms']}), described in {game['docs']}")
        out(f"  commands    {where}")
        out(f"  protocol    {', '.join(game['commands'])}")
