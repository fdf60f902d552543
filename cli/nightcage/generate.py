"""``lueur generate`` (end-game puzzles with one solution and a grade) and ``lueur grade`` (grade any position)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import BAD_INPUT, Exit, emit_json, err, guarded, out, terminated_as_exit
from solver.base.control import Control, Progress
from solver.base.limits import Limits
from solver.base.workers import usable_cpus
from solver.nightcage.commands.generate import GRADES, BatchError
from solver.nightcage.commands.generate import generate as generate_command
from solver.nightcage.commands.grade import DEFAULT_MAX_NODES as GRADE_MAX_NODES
from solver.nightcage.commands.grade import Study, solution_lines
from solver.nightcage.commands.grade import grade as grade_command


@click.command()
@click.option("--count", type=click.IntRange(min=1), required=True, help="Puzzles wanted in the directory.")
@click.option("--difficulty", type=click.Choice(GRADES), default=None,
              help="Keep only puzzles of this grade  [default: any grade]")
@click.option("--prisoners", type=click.Choice(["4", "5"]), default="4", show_default=True,
              help="4 prisoners on 6x6, or 5 on 7x7.")
@click.option("--setup", type=click.Choice(["standard", "advanced"]), default="standard", show_default=True,
              help="advanced: keepers carry the keys (proven by search, through the rules engine where keepers remain).")
@click.option("--verdict", type=click.Choice(["win", "lose"]), default="win", show_default=True,
              help="win: escape in the one optimal way; lose: prove there is no escape.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same puzzles (whatever --workers and --backend).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes (or Ray CPUs)  [default: the CPUs this process may use]")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: processes on this machine; ray: Ray tasks.")
@click.option("--address", default=None, help="Ray cluster address (with --backend ray)  [default: start a local instance]")
@click.option("--max-candidates", type=click.IntRange(min=1), default=None,
              help="Stop after examining this many candidates in this run  [default: 2000 per puzzle wanted]")
@click.option("--max-nodes", type=click.IntRange(min=10), default=1_000, show_default=True,
              help="Positions the line search may expand per candidate (more: fewer candidates dropped, slower).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds for this run; past it the job stops, keeping what it wrote (exit 3; run again to resume)  "
                   "[default: none]")
@click.option("--no-cpsat", is_flag=True, help="Skip the second proof (CP-SAT, or the search where CP-SAT does not apply).")
@click.option("-o", "--output", "output", required=True, type=click.Path(file_okay=False), help="Directory for the puzzles and index.json.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
@json_option
@guarded
def generate(count: int, difficulty: str | None, prisoners: str, setup: str, verdict: str, seed: int, workers: int | None, backend: str,
             address: str | None, max_candidates: int | None, max_nodes: int, time_limit: float | None, no_cpsat: bool, output: str,
             no_progress: bool, as_json: bool) -> None:
    """Write COUNT end-game puzzles (one optimal solution, graded) to a directory.

    Each puzzle is a TOML scenario (position, question, solution, grade, the
    generator's seed and candidate number) and index.json lists them. An
    interrupted run keeps every puzzle written; run the same command again to
    resume. Exit 3 when the candidates allowed run out before COUNT puzzles.
    """


    if address and backend != "ray":
        err("lueur: --address needs --backend ray")
        raise Exit(BAD_INPUT)
    workers = workers or usable_cpus()
    directory = Path(output)
    if directory.exists() and not directory.is_dir():
        err(f"lueur: {output} is not a directory")
        raise Exit(BAD_INPUT)
    try:
        with terminated_as_exit(), _progress(not no_progress and sys.stderr.isatty(), count) as report:
            control = Control(Limits(seed=seed, max_nodes=max_nodes, time_limit=time_limit), report)
            answer = generate_command(directory, count, difficulty=difficulty, prisoners=int(prisoners), setup=setup, verdict=verdict,
                                      cpsat=not no_cpsat, workers=workers, backend=backend, address=address,
                                      max_candidates=max_candidates, control=control)
    except BatchError as exc:
        err(f"lueur: {exc}")
        raise Exit(BAD_INPUT) from None
    except KeyboardInterrupt:
        err(f"lueur: interrupted; the puzzles written are kept in {output} (run the same command again to resume)")
        raise Exit(130) from None
    summary = answer.value
    if as_json:
        emit_json(answer.document)
    else:
        grades = ", ".join(f"{n} {g}" for g, n in summary.grades.items()) or "none"
        out(f"{summary.total} puzzle(s) in {output} ({grades}); {len(summary.written)} written by this run.")
        rate = summary.tried / summary.seconds * 60 if summary.seconds else 0.0
        out(f"{summary.tried} candidate(s) examined in {summary.seconds:.1f} s ({rate:.0f}/min); seed {seed}, "
            f"next candidate {summary.examined}.")
    if summary.timed_out:
        err(f"lueur: only {summary.total} of {count} puzzles when the time limit came (run the same command again to resume)")
    elif not summary.complete:
        err(f"lueur: only {summary.total} of {count} puzzles after the candidates allowed (raise --max-candidates)")
    raise Exit(answer.exit_code)


@contextmanager
def _progress(shown: bool, count: int) -> Iterator[Progress | None]:
    """A rich progress bar on stderr: puzzles accepted of COUNT, candidates tried, rate, ETA."""
    if not shown:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bars = Progress(TextColumn("puzzles"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[tried]} tried, {task.fields[rate]}/min"),
                    TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    task = bars.add_task("puzzles", total=count, tried=0, rate=0)


    def report(payload: dict[str, Any]) -> None:
        bars.update(task, completed=payload["accepted"], tried=payload["tried"], rate=round(payload["per_minute"]))

    with bars:
        yield report


@click.command()
@file_argument
@click.option("--cpsat", is_flag=True, help="Also run the CP-SAT uniqueness proof and compare.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=GRADE_MAX_NODES, show_default=True,
              help="Positions the line search may expand.")
@json_option
@guarded
def grade(file: str, cpsat: bool, max_nodes: int, as_json: bool) -> None:
    """Grade a Final Flickers position as a puzzle: its optimum, whether it is unique, its grade.

    Exit 0 for a unique win or a lose-puzzle (graded), 1 when it is not a
    puzzle (several optimal lines, a one-turn win, an obvious loss…), 3 when
    the budget runs out.
    """

    pos, _ = load(file)
    answer = grade_command(pos.state, cpsat=cpsat, control=Control(Limits(max_nodes=max_nodes)))
    if as_json:
        emit_json(answer.document)
    else:
        _grade_text(answer.value)
    raise Exit(answer.exit_code)


def _grade_text(result: Study) -> None:
    if result.status == "unique" and result.grade is not None:
        out(f"Unique win in {result.turns} turns, {result.nerve} Nerve: {result.grade.grade} (score {result.grade.score}).")
        for line in solution_lines(result.plan):
            out(f"  {line}")
    elif result.status == "lose" and result.grade is not None:
        out(f"No escape ({result.reason}): a lose-puzzle, {result.grade.grade} (score {result.grade.score}).")
    elif result.status == "ambiguous":
        out(f"Not a puzzle: a win in {result.turns} turns, {result.nerve} Nerve, but with several optimal lines.")
    elif result.status == "unknown":
        out(f"No answer: {result.reason}.")
    else:
        out(f"Not a puzzle: {result.reason}.")
    if result.grade is not None:
        f = result.grade.features
        out("Features: " + ", ".join(f"{k} {v}" for k, v in f.items() if k not in ("reason",)))
    if result.agree is not None:
        out(f"CP-SAT proof: {'agrees' if result.agree else 'DISAGREES'} ({result.cpsat_lines} optimal line(s) found).")
