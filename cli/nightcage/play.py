"""``lueur play``: one whole seeded game from the standard setup, and its record."""

from __future__ import annotations

import json
import shlex

import click

from cli.options import json_option
from cli.output import BAD_INPUT, Exit, emit_json, err, guarded, out
from solver.base.control import Control
from solver.base.files import OutputError, write_file
from solver.base.limits import Limits
from solver.nightcage.commands.play import CLASSIC_SAMPLES, POLICIES, SEARCH_SAMPLES, PlayedGame
from solver.nightcage.commands.play import play as play_command

REPLAY_HELP = """\b
Replay a saved game through the rules engine (bash; the actions are in meta.actions):
  lueur play --seed 7 -o game.json
  jq -r '.meta.actions[]' game.json | tr '\\n' '\\0' | xargs -0 lueur apply game.json
The text output also prints the full replay command, each action quoted.
"""


@click.command(epilog=REPLAY_HELP)
@click.option("--seed", type=int, default=0, show_default=True, help="Fixes the pile's order and the policy's choices.")
@click.option("--prisoners", type=click.Choice(["4", "5"]), default="4", show_default=True, help="4: 6x6 standard game; 5: 7x7.")
@click.option("--policy", type=click.Choice(POLICIES), default="bot", show_default=True,
              help="Who plays: bot (the search bot), classic (the bot before it), greedy, random.")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help=f"Bot: sampled pile orders per branch of the next draw (default {SEARCH_SAMPLES}); "
                   f"classic: per option (default {CLASSIC_SAMPLES}).")
@click.option("--time-limit", type=click.FloatRange(min=0), default=None,
              help="Bot or classic: seconds per decision before it stops sampling (default none: reproducible).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the game record (a position file with the actions in meta) to this file.")
@json_option
@guarded
def play(seed: int, prisoners: str, policy: str, samples: int | None, time_limit: float | None, output: str | None, as_json: bool) -> None:
    """Play one whole game from the standard setup and print or save its record.

    The record is the starting position (v1 JSON, with the pile's order
    drawn from the seed) whose meta holds the seed, the policy, the result
    and every action in the notation; `lueur apply` replays it to the same
    result. Exit 0 when the prisoners escape, 1 when they lose.
    """
    control = Control(Limits(time_limit=time_limit, seed=seed))
    answer = play_command(prisoners=int(prisoners), policy=policy, samples=samples, control=control)
    game, record = answer.value, answer.document
    if output is not None:
        try:
            write_file(output, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
        except OutputError as exc:
            err(f"lueur: {exc}")
            raise Exit(BAD_INPUT) from None
    if as_json:
        emit_json(record)
    else:
        out(_summary(game, output))
    raise Exit(answer.exit_code)


def _summary(game: PlayedGame, output: str | None) -> str:
    head = (
        f"seed {game.seed}, {game.prisoners} prisoners, policy {game.policy}: {game.result.upper()} "
        f"after {game.turns} turns, {len(game.actions)} actions ({game.decisions} decisions asked)"
    )
    lines = [head, ""]
    lines.extend(_turns(game))
    lines.append("")
    if output is None:
        lines.append("Save the record with -o FILE to replay it with lueur apply.")
    else:
        lines.append(f"Record written to {output}. Replay:")
        lines.append(shlex.join(["lueur", "apply", output, *game.actions]))
    return "\n".join(lines)


def _turns(game: PlayedGame) -> list[str]:
    """One line per turn: who played and the actions (the last turn is cut where the game ended)."""
    assert game.record is not None
    names = [p.name for p in game.start.prisoners]
    ends: list[tuple[int, int | None]] = [(n, state.turn) for n, state in game.record.turn_ends]
    ends.append((len(game.actions), None))
    lines = []
    begin, player = 0, game.start.turn
    for number, (end, next_player) in enumerate(ends, start=1):
        lines.append(f"{number:3d}. {names[player]:7s} {', '.join(game.actions[begin:end])}")
        begin = end
        if next_player is not None:
            player = next_player
    return lines
