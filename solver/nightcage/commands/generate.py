"""``generate``: end-game puzzles (one optimal solution, graded) written to a directory, resumable.

One :class:`~solver.base.control.Control` steers the job: ``limits.seed``
(same seed, same puzzles, whatever the workers and backend),
``limits.max_nodes`` (positions the line search may expand per candidate,
:data:`DEFAULT_MAX_NODES` when None), ``limits.time_limit`` (seconds for the
whole job, none when None), progress after each candidate
(``{"stage": "puzzles", "accepted", "count", "tried", "per_minute"}``) and a
stop request. A job that ends before the directory holds ``count`` puzzles
(the candidates allowed ran out, the time limit, a stop) keeps every puzzle
written and exits 3; the same call resumes it.
"""

from __future__ import annotations

from pathlib import Path

from solver.base.answers import Answer
from solver.base.control import NO_CONTROL, Control
from solver.base.exit_codes import ExitCode
from solver.nightcage.puzzles.batch import BatchError, Options, Progress, Summary, run
from solver.nightcage.puzzles.grade import GRADES
from solver.nightcage.puzzles.study import DEFAULT_MAX_NODES


def generate(
    directory: Path, count: int, *, difficulty: str | None = None, prisoners: int = 4, setup: str = "standard",
    verdict: str = "win", cpsat: bool = True, workers: int = 1, backend: str = "local", address: str | None = None,
    max_candidates: int | None = None, control: Control = NO_CONTROL,
) -> Answer:
    """Generate puzzles into ``directory`` until it holds ``count`` (``Answer.value`` is the job's :class:`Summary`).

    ``difficulty`` keeps only puzzles of one grade; ``verdict`` ``lose`` asks
    for proofs that there is no escape; ``cpsat`` runs the second proof;
    ``max_candidates`` bounds the candidates this call examines (2,000 per
    puzzle wanted when None); ``backend`` ``ray`` runs on a Ray cluster at
    ``address``. Raises :class:`BatchError` when the job cannot run as asked
    (a directory of another job's puzzles, Ray missing...).
    """
    limits = control.limits
    options = Options(seed=limits.seed, difficulty=difficulty, prisoners=prisoners, verdict=verdict,
                      max_nodes=DEFAULT_MAX_NODES if limits.max_nodes is None else limits.max_nodes, cpsat=cpsat, setup=setup)

    def report(state: Progress) -> None:
        control.report({"stage": "puzzles", "accepted": state.accepted, "count": state.count, "tried": state.tried,
                        "per_minute": state.rate * 60})


    summary = run(directory, count, options, workers, backend, address, max_candidates,
                  report if control.progress is not None else None, control.stop_requested, limits.time_limit)
    document = {"directory": str(summary.directory), "written": summary.written, "total": summary.total,
                "examined": summary.examined, "tried": summary.tried, "seconds": round(summary.seconds, 2),
                "tally": summary.tally, "grades": summary.grades, "complete": summary.complete}
    return Answer(ExitCode.OK if summary.complete else ExitCode.LIMIT, document, summary)


__all__ = ["DEFAULT_MAX_NODES", "GRADES", "BatchError", "Summary", "generate"]
