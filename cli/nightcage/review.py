"""``lueur review``: a played game's costliest decisions by the bot's estimates, and where it was lost for good."""

from __future__ import annotations

import textwrap

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import emit_json, guarded, out
from solver.nightcage.commands.review import DEFAULT_ORACLE_SECONDS, DEFAULT_SAMPLES, DEFAULT_TOP
from solver.nightcage.commands.review import review as review_command
from solver.nightcage.play.review import Review, ReviewedDecision

WIDTH = 100
EXAMPLES = """\b
Examples:
  lueur play --seed 6 --policy greedy -o game.json
  lueur review game.json --samples 1
  lueur review game.json --samples 1 --top 3 --json
"""


@click.command(epilog=EXAMPLES)
@file_argument
@click.option("--top", type=click.IntRange(min=1), default=DEFAULT_TOP, show_default=True,
              help="How many of the costliest decisions to list.")
@click.option("--samples", type=click.IntRange(min=1), default=DEFAULT_SAMPLES, show_default=True,
              help="The bot's sampled pile orders per branch of the next draw (more: steadier estimates, slower).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bot's samples.")
@click.option("--time-limit", "oracle_seconds", type=click.FloatRange(min=0), default=DEFAULT_ORACLE_SECONDS,
              show_default=True, help="Seconds for the end-game oracle at each Final Flickers turn start.")
@json_option
@guarded
def review(file: str, top: int, samples: int, seed: int, oracle_seconds: float, as_json: bool) -> None:
    """Review a played game: its costliest decisions and the turn it was lost for good.

    FILE is a game record, as `lueur play -o` or the web companion saves it
    (a position whose meta holds "format": "lueur-game/1" and the actions).
    At every decision with a choice while tiles remain, the search bot
    estimates each option's win chance, seeing only what the players knew
    (the pile's order hidden); the decisions where the action played lost
    most against the best option are listed, with both estimates. At each
    Final Flickers turn start the end-game oracle says whether the game still
    wins: the first turn proven lost for good is named.

    The same record, --seed and --samples give the same estimates; the
    oracle's answers depend on --time-limit and on the machine's speed. A
    record that is not one, or an action that does not apply, is reported
    with where it is (exit 2).
    """
    pos, _ = load(file)
    answer = review_command(pos, top=top, samples=samples, seed=seed, oracle_seconds=oracle_seconds)
    if as_json:
        emit_json(answer.document)
    else:
        out(review_text(answer.value))


def review_text(result: Review) -> str:
    if result.result is None:
        head = f"The record stops in turn {result.turns}, before the game's end ({result.actions} actions); "
    else:
        head = f"Game {'won' if result.result == 'win' else 'lost'} after {result.turns} turns ({result.actions} actions); "
    head += (f"{len(result.decisions)} decisions with a choice valued by the search bot (seed {result.seed}, "
             f"{result.samples} sample{'s' if result.samples > 1 else ''} per branch; the bot saw {result.pile_view}).")
    lines = [*textwrap.wrap(head, WIDTH), ""]
    if result.costliest:
        lines.append("Costliest decisions (estimated win chance: played, then the best option):")
        for number, decision in enumerate(result.costliest, start=1):
            lines += _decision_lines(number, decision)
    else:
        lines.append("No decision valued lost anything against the bot's best option.")
    lines += ["", *textwrap.wrap(result.verdict, WIDTH)]
    return "\n".join(lines)


def _decision_lines(number: int, d: ReviewedDecision) -> list[str]:
    played, best = d.estimates[d.played], d.estimates[d.best]
    return [f"{number:2d}. turn {d.turn}, {d.prisoner}, {d.kind}: played {d.options[d.played]} ({100 * played:.1f}%)",
            f"    better: {d.options[d.best]} ({100 * best:.1f}%), {100 * d.drop:.1f} points more"]
