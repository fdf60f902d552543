"""``lueur analyze``: Monte Carlo chances of escaping, between a policy's and hindsight's."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import Exit, emit_json, err, guarded, out, terminated_as_exit
from solver.base.control import Control, Progress
from solver.base.limits import MAX_PLAYOUTS, Limits
from solver.base.workers import usable_cpus
from solver.nightcage.commands.analyze import DEFAULT_ORDER_NODES, DEFAULT_ORDER_TIME, DEFAULT_ORDERS, Analysis
from solver.nightcage.commands.analyze import analyze as analyze_command

TERMINATED = 128 + signal.SIGTERM
"""The shell's convention for a process ended by SIGTERM."""


@click.command()
@file_argument
@click.option("--playouts", type=click.IntRange(1, MAX_PLAYOUTS), default=10_000, show_default=True,
              help=f"Games played to the end by the policy (at most {MAX_PLAYOUTS:,}).")
@click.option("--orders", type=click.IntRange(min=0), default=DEFAULT_ORDERS, show_default=True,
              help="Pile orders sampled and solved with hindsight (0: none).")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same answer (whatever --workers).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes  [default: the CPUs this process may use]")
@click.option("--policy", type=click.Choice(["bot", "classic", "greedy", "random"]), default="greedy", show_default=True,
              help="The playouts' policy: greedy (the fast rollout policy), bot (the search bot: strongest, far slower), "
                   "classic (the bot before it), random.")
@click.option("--order-nodes", type=click.IntRange(min=1), default=DEFAULT_ORDER_NODES, show_default=True,
              help="Positions the planner may expand for one sampled order (keeps the answer reproducible).")
@click.option("--order-time", type=click.FloatRange(min=0), default=DEFAULT_ORDER_TIME, show_default=True,
              help="Safety cap in seconds for one sampled order.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds for the whole analysis; past it, the estimate rests on what was done (exit 3)  [default: none]")
@click.option("--no-progress", is_flag=True, help="No progress on stderr (a bar on a terminal, else a line every few seconds).")
@click.option("--progress-every", type=click.FloatRange(min=0, min_open=True), default=5.0, show_default=True,
              help="Seconds between the progress lines when stderr is not a terminal.")
@json_option
@guarded
def analyze(file: str, playouts: int, orders: int, seed: int, workers: int | None, policy: str, order_nodes: int, order_time: float,
            time_limit: float | None, no_progress: bool, progress_every: float, as_json: bool) -> None:
    """Estimate the chance of escaping from the position, with 95% intervals.

    Lower bound: PLAYOUTS games played to the end by the policy (what a real
    policy wins, optimal play wins at least as often). Upper bound: ORDERS
    pile orders sampled and each solved exactly as if known (nobody beats
    knowing the order); orders the planner leaves open within --order-nodes
    (or the --order-time cap) count as wins, so the bound stays an upper bound. The exact chance, when
    `lueur solve` can compute it, lies between the two.

    With --time-limit, an analysis cut short prints its estimate from the
    playouts and orders done, says so, and exits 3. Ctrl-C stops it (exit
    130); its worker processes end with it, however it ends.
    """

    pos, _ = load(file)
    workers = workers or usable_cpus()
    shown = "none" if no_progress else "bar" if sys.stderr.isatty() else "lines"
    with terminated_as_exit(), _progress(shown, progress_every) as report:
        control = Control(Limits(playouts=playouts, seed=seed, time_limit=time_limit), progress=report)
        answer = analyze_command(pos.state, control=control, workers=workers, policy=policy, orders=orders, order_time=order_time,
                                 order_nodes=order_nodes)
    if as_json:
        emit_json(answer.document)
    else:
        _print(answer.value, workers, orders)
    raise Exit(answer.exit_code)


def _print(result: Analysis, workers: int, orders: int) -> None:
    out(f"Policy ({result.how}): wins {result.policy.text()}")
    h = result.hindsight
    if h is None and result.orders_asked:
        out("Hindsight: not reached before the time limit.")
    elif h is None and orders == 0:
        out("Hindsight: not asked (--orders 0).")
    elif h is None:
        out("Hindsight: the pile's order is known (or the pile is empty): `lueur solve` answers exactly.")
    else:
        upper = result.upper
        if not result.exhaustive:
            what = f"{h.total:,} sampled orders"
        elif h.total == result.orders_asked:
            what = f"all {h.total:,} distinct orders"
        else:
            what = f"{h.total:,} of the {result.orders_asked:,} distinct orders"
        out(f"Hindsight ({what} solved as if known): {h.won:,} won, {h.lost:,} lost, {h.open:,} left open")
        if upper is None:
            out("Upper bound: none (cut short before every distinct order was solved; those solved are not a sample)")
        elif result.exhaustive:
            out(f"Upper bound (open orders counted as won): {upper.rate:.2%} (every order solved: exact, no sampling)")
        else:
            low, high = upper.interval
            out(f"Upper bound (open orders counted as won): {upper.rate:.2%} (95% interval {low:.2%} to {high:.2%})")
    out(f"Seed {result.seed}; {result.playout_seconds:.1f} s of playouts, {result.hindsight_seconds:.1f} s of hindsight, "
        f"{workers} worker(s)")
    if result.cut_short:
        solved = result.hindsight.total if result.hindsight else 0
        orders_done = f" and {solved:,} of {result.orders_asked:,} orders" if result.orders_asked else ""
        out(f"Cut short: {result.cut_short}; the estimate rests on {result.policy.trials:,} of {result.playouts_asked:,} "
            f"playouts{orders_done}.")


@contextmanager
def _progress(shown: str, every: float) -> Iterator[Progress | None]:
    """Progress on stderr (stdout keeps the answer alone): a rich bar on a terminal, else a plain line
    every ``every`` seconds (a log, a pipe), or nothing."""
    if shown == "none":
        yield None
        return
    if shown == "lines":
        yield _Lines(every)
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bars = Progress(TextColumn("{task.description:<10}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    tasks: dict[str, Any] = {}

    def report(payload: dict[str, Any]) -> None:
        phase = payload["stage"]
        if phase not in tasks:
            tasks[phase] = bars.add_task(phase, total=payload["total"])
        bars.update(tasks[phase], completed=payload["done"])

    with bars:
        yield report


class _Lines:
    """A plain progress line on stderr every ``every`` seconds: ``analyze: playouts 2,000/10,000, 4 s``."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.started = time.monotonic()
        self.next = self.started + every

    def __call__(self, payload: dict[str, Any]) -> None:
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + self.every
        phase, done, total = payload["stage"], payload["done"], payload["total"]
        unit = " orders" if phase == "hindsight" else ""
        err(f"analyze: {phase} {done:,}/{total:,}{unit}, {now - self.started:.0f} s")
