"""``lueur generate`` (end-game puzzles with one solution and a grade) and ``lueur grade`` (grade any position)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from cli.nightcage.files import load
from cli.options import file_argument, json_option
from cli.output import BAD_INPUT, NO, Exit, emit_json, err, guarded, out
from solver.nightcage.puzzles.batch import BatchError, Options, run
from solver.nightcage.puzzles.batch import Progress as JobProgress
from solver.nightcage.puzzles.files import solution_lines
from solver.nightcage.puzzles.study import Study, study


@click.command()
@click.option("--count", type=click.IntRange(min=1), required=True, help="Puzzles wanted in the directory.")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard", "expert"]), default=None,
              help="Keep only puzzles of this grade  [default: any grade]")
@click.option("--prisoners", type=click.Choice(["4", "5"]), default="4", show_default=True,
              help="4 prisoners on 6x6, or 5 on 7x7.")
@click.option("--setup", type=click.Choice(["standard", "advanced"]), default="standard", show_default=True,
              help="advanced: keepers carry the keys (proven by search, through the rules engine where keepers remain).")
@click.option("--verdict", type=click.Choice(["win", "lose"]), default="win", show_default=True,
              help="win: escape in the one optimal way; lose: prove there is no escape.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same puzzles (whatever --workers and --backend).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (or Ray CPUs)  [default: the CPU count]")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: processes on this machine; ray: Ray tasks.")
@click.option("--address", default=None, help="Ray cluster address (with --backend ray)  [default: start a local instance]")
@click.option("--max-candidates", type=click.IntRange(min=1), default=None,
              help="Stop after examining this many candidates in this run  [default: 2000 per puzzle wanted]")
@click.option("--max-nodes", type=click.IntRange(min=10), default=1_000, show_default=True,
              help="Positions the line search may expand per candidate (more: fewer candidates dropped, slower).")
@click.option("--no-cpsat", is_flag=True, help="Skip the second proof (CP-SAT, or the search where CP-SAT does not apply).")
@click.option("-o", "--output", "output", required=True, type=click.Path(file_okay=False), help="Directory for the puzzles and index.json.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
@json_option
@guarded
def generate(count: int, difficulty: str | None, prisoners: str, setup: str, verdict: str, seed: int, workers: int | None, backend: str,
             address: str | None, max_candidates: int | None, max_nodes: int, no_cpsat: bool, output: str, no_progress: bool,
             as_json: bool) -> None:
    """Write COUNT end-game puzzles (one optimal solution, graded) to a directory.

    Each puzzle is a TOML scenario (position, question, solution, grade, the
    generator's seed and candidate number) and index.json lists them. An
    interrupted run keeps every puzzle written; run the same command again to
    resume. Exit 3 when the candidates allowed run out before COUNT puzzles.
    """


    if address and backend != "ray":
        err("lueur: --address needs --backend ray")
        raise Exit(BAD_INPUT)
    options = Options(seed=seed, difficulty=difficulty, prisoners=int(prisoners), verdict=verdict, max_nodes=max_nodes,
                      cpsat=not no_cpsat, setup=setup)
    workers = workers or os.cpu_count() or 1
    directory = Path(output)
    if directory.exists() and not directory.is_dir():
        err(f"lueur: {output} is not a directory")
        raise Exit(BAD_INPUT)
    try:
        with _progress(not no_progress and sys.stderr.isatty(), count) as report:
            summary = run(directory, count, options, workers, backend, address, max_candidates, report)
    except BatchError as exc:
        err(f"lueur: {exc}")
        raise Exit(BAD_INPUT) from None
    except KeyboardInterrupt:
        err(f"lueur: interrupted; the puzzles written are kept in {output} (run the same command again to resume)")
        raise Exit(130) from None
    if as_json:
        emit_json({"directory": str(summary.directory), "written": summary.written, "total": summary.total,
                   "examined": summary.examined, "tried": summary.tried, "seconds": round(summary.seconds, 2),
                   "tally": summary.tally, "grades": summary.grades, "complete": summary.complete})
    else:
        grades = ", ".join(f"{n} {g}" for g, n in summary.grades.items()) or "none"
        out(f"{summary.total} puzzle(s) in {output} ({grades}); {len(summary.written)} written by this run.")
        rate = summary.tried / summary.seconds * 60 if summary.seconds else 0.0
        out(f"{summary.tried} candidate(s) examined in {summary.seconds:.1f} s ({rate:.0f}/min); seed {seed}, "
            f"next candidate {summary.examined}.")
    if not summary.complete:
        err(f"lueur: only {summary.total} of {count} puzzles after the candidates allowed (raise --max-candidates)")
        raise Exit(3)


@contextmanager
def _progress(shown: bool, count: int) -> Iterator[Callable[..., None] | None]:
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


    def report(state: JobProgress) -> None:
        bars.update(task, completed=state.accepted, tried=state.tried, rate=round(state.rate * 60))

    with bars:
        yield report


@click.command()
@file_argument
@click.option("--cpsat", is_flag=True, help="Also run the CP-SAT uniqueness proof and compare.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=200_000, show_default=True, help="Positions the line search may expand.")
@json_option
@guarded
def grade(file: str, cpsat: bool, max_nodes: int, as_json: bool) -> None:
    """Grade a Final Flickers position as a puzzle: its optimum, whether it is unique, its grade.

    Exit 0 for a unique win or a lose-puzzle (graded), 1 when it is not a
    puzzle (several optimal lines, a one-turn win, an obvious loss…), 3 when
    the budget runs out.
    """

    pos, _ = load(file)
    result = study(pos.state, max_nodes, cpsat=cpsat)
    if result.status == "unsuitable" and "no win within" in result.reason:
        result = study(pos.state, max_nodes, cpsat=cpsat, want="lose")
    if as_json:
        emit_json(result.as_json())
    else:
        _grade_text(result)
    if result.status == "unknown":
        raise Exit(3)
    if result.status not in ("unique", "lose"):
        raise Exit(NO)


def _grade_text(result: object) -> None:

    assert isinstance(result, Study)
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
