"""The puzzle generation job: candidates in order, examined in parallel, accepted ones written at once.

Candidate ``i`` of seed ``s`` is drawn from its own generator
(``random.Random(f"puzzle:{s}:{i}")``, the end-game layouts of
:func:`solver.nightcage.puzzles.layout.candidate`) and examined alone (:func:`examine`): so
its fate does not depend on the workers, the backend or what ran before.
Results are taken in candidate order; an accepted puzzle that is not
equivalent (:mod:`solver.nightcage.puzzles.symmetry`) to one accepted before is written
at once, atomically, and the index is rewritten after it. The job stops at
``count`` puzzles. The output is therefore the same whatever ``workers`` and
``backend``, and an interrupted run resumes from its index: candidates up to
``examined`` are skipped, the symmetry keys of the puzzles written are read
back, and the rest goes on as if nothing had happened.

Backends: ``local`` (a process pool, or this process for one worker) and
``ray`` (Ray tasks over the same function; a local instance unless an
address is given).
"""

from __future__ import annotations

import gc
import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from solver.base import ray_jobs
from solver.base.errors import LueurError
from solver.base.workers import Workers
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.puzzles.corpus import SETUPS
from solver.nightcage.puzzles.files import FORMAT, IndexFileError, puzzle_text, read_index, write_atomic, write_index
from solver.nightcage.puzzles.grade import GRADES
from solver.nightcage.puzzles.layout import candidate
from solver.nightcage.puzzles.study import DEFAULT_MAX_NODES, Study, second_proof, study
from solver.nightcage.puzzles.symmetry import canonical_key

BACKENDS = ("local", "ray")
VERDICTS = ("win", "lose")
CHUNK = 8
"""Candidates per task sent to a worker."""


class BatchError(LueurError):
    """The job cannot run as asked (an output directory from another job, Ray missing…)."""


@dataclass(frozen=True)
class Options:
    """What defines a job's output (with the seed); ``count`` only says when to stop."""

    seed: int = 0
    difficulty: str | None = None
    prisoners: int = 4
    verdict: str = "win"
    max_nodes: int = DEFAULT_MAX_NODES
    cpsat: bool = True
    """Run the second proof on every accepted puzzle (and require agreement): CP-SAT for
    escape puzzles of the standard pieces, the depth-first search otherwise."""
    setup: str = "standard"
    """``standard`` or ``advanced`` (keepers carry the keys; pit fiends)."""

    def identity(self) -> dict[str, Any]:
        out = asdict(self)
        if self.setup == "standard":
            del out["setup"]  # directories written before there was a choice resume as they were
        return out

    @property
    def cpsat_proof(self) -> bool:
        """CP-SAT proves escape puzzles of the standard pieces; it does not model the advanced
        pieces, and proving a loss takes it far too long: those are proven again depth-first."""
        return self.verdict == "win" and self.setup == "standard"


@dataclass(frozen=True)
class Examined:
    """One candidate's fate: ``invalid`` (no layout), a study status, or ``other-grade``/``disagree``."""

    index: int
    status: str
    state: GameState | None = None
    study: Study | None = None
    key: str | None = None

    @property
    def accepted(self) -> bool:
        return self.key is not None


ADVANCED_SETUPS = {4: Setup(base="advanced"), 5: Setup(base="advanced-five")}
"""The advanced setups, by number of prisoners."""


def draw(seed: int, index: int, prisoners: int, setup: str = "standard") -> GameState | None:
    setups = ADVANCED_SETUPS if setup == "advanced" else SETUPS
    drawn = candidate(random.Random(f"puzzle:{seed}:{index}"), setups[prisoners])
    return None if drawn is None else drawn[0]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for one candidate, as it was after. The study fills its
    memo tables with hundreds of thousands of tuples and no cycle; the collector, set off by
    the allocations, walks them again and again (a fifth of the time, benchmarks/README.md).
    What the candidate leaves is freed by reference counting when its tables go."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def examine(seed: int, index: int, options: Options) -> Examined:
    """Candidate ``index``: drawn, studied, and when it is a puzzle of the kind asked, proven twice."""
    with _collector_paused():
        return _examine(seed, index, options)


def _examine(seed: int, index: int, options: Options) -> Examined:
    advanced = (options.setup,) if options.setup != "standard" else ()  # a standard job draws exactly as before
    state = draw(seed, index, options.prisoners, *advanced)
    if state is None:
        return Examined(index, "invalid")
    result = study(state, options.max_nodes, cpsat=False, want=options.verdict)
    wanted = "unique" if options.verdict == "win" else "lose"
    if result.status != wanted:
        return Examined(index, result.status)
    assert result.grade is not None
    if options.difficulty is not None and result.grade.grade != options.difficulty:
        return Examined(index, "other-grade")
    if result.agree is False:
        return Examined(index, "disagree", state, result)
    if options.cpsat and result.agree is None:
        # CP-SAT proves a loss by refuting every horizon up to the board's life: far too slow for a
        # batch, so lose-puzzles are proven twice by search (A* and depth-first) instead; and it does
        # not model the advanced pieces, so advanced puzzles are too. (A position outside the kernel
        # was already proven twice, through the rules engine: ``agree`` is set.)
        result = second_proof(state, result, options.cpsat_proof)
        if result.status != wanted:
            return Examined(index, result.status)
        if not result.agree:
            return Examined(index, "disagree", state, result)
    return Examined(index, "accepted", state, result, hashlib.sha256(canonical_key(state).encode()).hexdigest()[:24])


def examine_chunk(seed: int, indices: list[int], options: Options) -> list[Examined]:
    return [examine(seed, i, options) for i in indices]


# -- streams of results, in candidate order -------------------------------------------------------


def _chunks(start: int, stop: int) -> Iterator[list[int]]:
    for first in range(start, stop, CHUNK):
        yield list(range(first, min(first + CHUNK, stop)))


def local_stream(seed: int, start: int, stop: int, options: Options, workers: int) -> Iterator[Examined]:
    """Candidates ``start`` to ``stop`` examined in order, by this process or by worker processes
    (:class:`solver.base.workers.Workers`: they leave Ctrl-C to this process, end when the stream is closed
    or this process ends however it ends, and exit by themselves if it is killed outright)."""
    if workers <= 1:
        for i in range(start, stop):
            yield examine(seed, i, options)
        return
    with Workers(workers) as pool:
        chunks = ((seed, indices, options) for indices in _chunks(start, stop))
        for results in pool.stream(examine_chunk, chunks, ahead=4 * workers):
            yield from results


def ray_stream(seed: int, start: int, stop: int, options: Options, workers: int, address: str | None) -> Iterator[Examined]:
    ray, started_here = ray_jobs.start(address, workers, BatchError)
    chunks = ((seed, indices, options) for indices in _chunks(start, stop))
    for results in ray_jobs.in_order(ray, started_here, examine_chunk, chunks, workers):
        yield from results


# -- the job -----------------------------------------------------------------------------------------


@dataclass
class Progress:
    """What the job has done so far (given to the progress callback after each candidate)."""

    count: int
    tried: int = 0
    """Candidates examined in this run."""
    accepted: int = 0
    """Puzzles in the directory (including those of an earlier run)."""
    started: float = field(default_factory=time.perf_counter)
    tally: Counter[str] = field(default_factory=Counter)
    duplicates: int = 0

    @property
    def rate(self) -> float:
        spent = time.perf_counter() - self.started
        return self.tried / spent if spent > 0 else 0.0


@dataclass
class Summary:
    directory: Path
    written: list[str]
    """Files written by this run."""
    total: int
    """Puzzles in the directory."""
    examined: int
    """Candidates examined so far, all runs (the next one is this index)."""
    tried: int
    seconds: float
    tally: dict[str, int]
    grades: dict[str, int]
    complete: bool
    timed_out: bool = False
    """Stopped by the time limit before ``count`` puzzles (the index says where to resume)."""


def run(
    directory: Path,
    count: int,
    options: Options,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    max_candidates: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    time_limit: float | None = None,
) -> Summary:
    """Generate puzzles into ``directory`` until it holds ``count`` (resuming from its index); past
    ``time_limit`` seconds (none when None) it stops after the candidate under way, its index saved.

    ``should_stop`` is asked after each candidate: true ends the job there, as
    running out of candidates does (the summary is then not complete)."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    timed_out = False
    if backend not in BACKENDS:
        raise BatchError(f"backend must be one of {', '.join(BACKENDS)}")
    if options.verdict not in VERDICTS:
        raise BatchError(f"verdict must be one of {', '.join(VERDICTS)}")
    if options.difficulty is not None and options.difficulty not in GRADES:
        raise BatchError(f"difficulty must be one of {', '.join(GRADES)}")
    if options.prisoners not in SETUPS:
        raise BatchError("prisoners must be 4 or 5")
    directory.mkdir(parents=True, exist_ok=True)
    try:
        found = read_index(directory)
    except IndexFileError as exc:
        raise BatchError(str(exc)) from None
    fresh = {"format": FORMAT, "generator": options.identity(), "examined": 0, "tally": {}, "puzzles": []}
    index: dict[str, Any] = found if found is not None else fresh
    if index.get("generator") != options.identity():
        raise BatchError(
            f"{directory} holds puzzles of another job ({index.get('generator')}); use another directory, or the same options"
        )
    puzzles: list[dict[str, Any]] = index["puzzles"]
    keys = {p["key"] for p in puzzles}
    state = Progress(count, accepted=len(puzzles), tally=Counter(index.get("tally", {})))
    start = index["examined"]
    limit = start + (max_candidates if max_candidates is not None else 2_000 * max(1, count))
    written: list[str] = []
    last_save = time.perf_counter()
    if len(puzzles) < count:
        stream = (
            local_stream(options.seed, start, limit, options, workers)
            if backend == "local"
            else ray_stream(options.seed, start, limit, options, workers, address)
        )
        try:
            for result in stream:
                state.tried += 1
                state.tally[result.status] += 1
                index["examined"] = result.index + 1
                if result.accepted and result.key in keys:
                    state.duplicates += 1
                    state.tally["duplicate"] += 1
                elif result.accepted:
                    assert result.state is not None and result.study is not None and result.key is not None
                    name = _file_name(len(puzzles) + 1, result)
                    text = puzzle_text(result.state, result.study, options.seed, result.index, _title(len(puzzles) + 1, result))
                    write_atomic(directory / name, text)
                    keys.add(result.key)
                    puzzles.append(_row(name, result))
                    written.append(name)
                    state.accepted = len(puzzles)
                if result.accepted or time.perf_counter() - last_save > 2.0:
                    index["tally"] = dict(sorted(state.tally.items()))
                    write_index(directory, index)
                    last_save = time.perf_counter()
                if progress is not None:
                    progress(state)
                if len(puzzles) >= count or should_stop is not None and should_stop():
                    break
                if deadline is not None and time.monotonic() > deadline:
                    timed_out = True
                    break
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
            # Also on Ctrl-C: the candidates examined since the last save need not be examined again.
            index["tally"] = dict(sorted(state.tally.items()))
            write_index(directory, index)
    else:
        write_index(directory, index)
    grades = Counter(p["grade"] for p in puzzles)
    return Summary(directory, written, len(puzzles), index["examined"], state.tried, time.perf_counter() - state.started,
                   dict(index["tally"]), {g: grades[g] for g in GRADES if grades[g]}, len(puzzles) >= count,
                   timed_out and len(puzzles) < count)


def _file_name(number: int, result: Examined) -> str:
    assert result.study is not None and result.study.grade is not None
    return f"{number:04d}-{result.study.grade.grade}.toml"


def _title(number: int, result: Examined) -> str:
    s = result.study
    assert s is not None and s.grade is not None
    what = f"escape in {s.turns} turns" if s.status == "unique" else "no escape"
    return f"Puzzle {number}: {what} ({s.grade.grade})"


def _row(name: str, result: Examined) -> dict[str, Any]:
    s = result.study
    assert s is not None and s.grade is not None
    return {
        "file": name,
        "candidate": result.index,
        "verdict": "lose" if s.status == "lose" else "win",
        "grade": s.grade.grade,
        "score": s.grade.score,
        "turns": s.turns,
        "nerve": s.nerve,
        "proofs_agree": s.agree,
        "key": result.key,
    }


__all__ = ["BACKENDS", "BatchError", "Examined", "Options", "Progress", "Summary", "draw", "examine", "run"]
