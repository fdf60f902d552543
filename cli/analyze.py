"""``lueur analyze``: Monte Carlo chances of escaping, between a policy's and hindsight's."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from solver.core.limits import Limits
from solver.play.analyze import analyze as run

from .options import file_argument, json_option, load
from .output import emit_json, guarded, out


@click.command()
@file_argument
@click.option("--playouts", type=click.IntRange(min=1), default=10_000, show_default=True, help="Games played to the end by the policy.")
@click.option("--orders", type=click.IntRange(min=0), default=200, show_default=True,
              help="Pile orders sampled and solved with hindsight (0: none).")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same answer (whatever --workers).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes  [default: the CPU count]")
@click.option("--policy", type=click.Choice(["bot", "greedy", "random"]), default="greedy", show_default=True,
              help="The playouts' policy: greedy (the fast rollout policy), bot (stronger, far slower), random.")
@click.option("--order-nodes", type=click.IntRange(min=1), default=150, show_default=True,
              help="Positions the planner may expand for one sampled order (keeps the answer reproducible).")
@click.option("--order-time", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Safety cap in seconds for one sampled order.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
@json_option
@guarded
def analyze(file: str, playouts: int, orders: int, seed: int, workers: int | None, policy: str, order_nodes: int, order_time: float,
            no_progress: bool, as_json: bool) -> None:
    """Estimate the chance of escaping from the position, with 95% intervals.

    Lower bound: PLAYOUTS games played to the end by the policy (what a real
    policy wins, optimal play wins at least as often). Upper bound: ORDERS
    pile orders sampled and each solved exactly as if known (nobody beats
    knowing the order); orders the planner leaves open within --order-nodes
    (or the --order-time cap) count as wins, so the bound stays an upper bound. The exact chance, when
    `lueur solve` can compute it, lies between the two.
    """

    pos, _ = load(file)
    workers = workers or os.cpu_count() or 1
    with _progress(not no_progress and sys.stderr.isatty()) as report:
        result = run(pos.state, limits=Limits(playouts=playouts, seed=seed), workers=workers, policy=policy, orders=orders,
                     order_time=order_time, order_nodes=order_nodes, progress=report)
    if as_json:
        emit_json(result.as_json())
        return
    out(f"Policy ({result.how}): wins {result.policy.text()}")
    if result.hindsight is None and orders == 0:
        out("Hindsight: not asked (--orders 0).")
    elif result.hindsight is None:
        out("Hindsight: the pile's order is known (or the pile is empty): `lueur solve` answers exactly.")
    else:
        h = result.hindsight
        upper = result.upper
        assert upper is not None
        what = f"all {h.total:,} distinct orders" if result.exhaustive else f"{h.total:,} sampled orders"
        out(f"Hindsight ({what} solved as if known): {h.won:,} won, {h.lost:,} lost, {h.open:,} left open")
        if result.exhaustive:
            out(f"Upper bound (open orders counted as won): {upper.rate:.2%} (every order solved: exact, no sampling)")
        else:
            low, high = upper.interval
            out(f"Upper bound (open orders counted as won): {upper.rate:.2%} (95% interval {low:.2%} to {high:.2%})")
    out(f"Seed {result.seed}; {result.playout_seconds:.1f} s of playouts, {result.hindsight_seconds:.1f} s of hindsight, "
        f"{workers} worker(s)")


@contextmanager
def _progress(shown: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """A rich progress bar on stderr (stdout keeps the answer alone)."""
    if not shown:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bars = Progress(TextColumn("{task.description:<10}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    tasks: dict[str, Any] = {}

    def report(phase: str, done: int, total: int) -> None:
        if phase not in tasks:
            tasks[phase] = bars.add_task(phase, total=total)
        bars.update(tasks[phase], completed=done)

    with bars:
        yield report
