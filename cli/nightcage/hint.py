"""``lueur hint``: the best choice for the decision at hand, anytime."""

from __future__ import annotations

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import emit_json, guarded, out
from solver.base.control import Control
from solver.base.limits import DEFAULT_COMPILED_MAX_POSITIONS, DEFAULT_MAX_POSITIONS, MAX_PLAYOUTS, Limits
from solver.nightcage.commands.hint import POLICIES
from solver.nightcage.commands.hint import hint as hint_command


@click.command()
@file_argument
@click.option("--time-limit", type=click.FloatRange(min=0), default=1.0, show_default=True,
              help="Seconds to think: up to two thirds for what can be proven, the rest for estimating the rest.")
@click.option("--playouts", "rounds", type=click.IntRange(1, MAX_PLAYOUTS), default=None,
              help=f"Playouts per choice for the estimate, instead of the lookahead with the learned evaluation "
                   f"(reproducible; at most {MAX_PLAYOUTS:,}).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the playouts.")
@click.option("--max-positions", type=click.IntRange(min=1), default=None,
              help=f"Positions the exact stage may keep in memory at once: {DEFAULT_MAX_POSITIONS:,} when not given, "
                   f"{DEFAULT_COMPILED_MAX_POSITIONS:,} for the compiled end-game search and oracle; past it, the playouts answer.")
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True,
              help="The playouts' policy (with --playouts, and for positions the lookahead cannot value): greedy "
                   "(the fast rollout policy), bot (the search bot: strongest, far slower), classic (the bot before it), random.")
@json_option
@guarded
def hint(file: str, time_limit: float, rounds: int | None, seed: int, max_positions: int | None, policy: str, as_json: bool) -> None:
    """The best choice for the current decision, its evaluation and the runner-ups.

    Proven when the position can be solved exactly in the time (optimal plan,
    or exact probability over the draws); on a pile of unknown order, what the
    exact search proves in the time (each choice's chance between two bounds) is
    kept and shown, and the rest estimated: by looking ahead with the search
    bot's learned evaluation, or by playing the choices out (--playouts,
    --policy), with 95% intervals. A choice proven lost never comes before
    one that can still win. A longer --time-limit gives a better answer; a
    shorter one still gives one.
    """

    pos, _ = load(file)
    limits = Limits(time_limit=time_limit, playouts=rounds, seed=seed, max_positions=max_positions)
    answer = hint_command(pos.state, policy=policy, control=Control(limits))
    result = answer.value
    if as_json:
        emit_json(answer.document)
        return
    out(f"Decision: {result.decision}")
    out(f"Best: {result.best.action}: {result.best.text()}")
    if len(result.choices) > 1:
        out("Runner-ups:")
        width = max(len(c.action) for c in result.choices[1:])
        for choice in result.choices[1:]:
            out(f"  {choice.action:<{width}}  {choice.text()}")
    out(f"({result.method}; {result.seconds:.3f} s)")
    for note in result.notes:
        out(f"Note: {note}")
