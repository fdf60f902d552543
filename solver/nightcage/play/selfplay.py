"""Self-play games for training the evaluation, on worker processes or a Ray cluster.

Game ``i`` of a run with seed ``s`` takes its pile order from
``Random("train-pile-<s>-<i>")`` and the bot's randomness from
``Random("train-policy-<s>-<i>")``: a game depends on its seed and index
only, so a run gives the same traces whatever the number of workers or the
backend (results come back in index order).

Each game is played by :class:`solver.nightcage.bot.search.SearchBot` with the model
being trained, and recorded as a :class:`solver.nightcage.bot.td.Trace`: the features of
every turn start until the pile runs out, and the label. The first Final
Flickers turn start is labelled by the end-game oracle (won or lost, proven)
and the game stops there; where the oracle runs out of its budget or cannot take
the position, the bot plays on and the result is the label.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from solver.base import ray_jobs
from solver.base.errors import LimitReached, LueurError, NotCovered
from solver.nightcage.bot.features import features
from solver.nightcage.bot.search import SearchBot
from solver.nightcage.bot.value import ValueModel, model_from_json
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.sim.convert import compile_state, to_state
from solver.nightcage.sim.position import Over, Stuck

BACKENDS = ("local", "ray")
LABEL_NODES = 300_000
"""The end-game oracle's budget to label a game's first Final Flickers turn, in positions
expanded (no clock: a label does not depend on the machine's speed or load)."""
MAX_TURNS = 1_000


class SelfPlayError(LueurError):
    """A self-play run cannot start (a backend missing or unreachable)."""


@dataclass(frozen=True)
class GameTrace:
    index: int
    rows: list[list[float]]
    """The features of each turn start before the Final Flickers."""
    label: float
    how: str
    """``"oracle"`` (the Final Flickers' start, proven), ``"result"`` (the game's end), ``"unfinished"``."""
    seconds: float


@dataclass(frozen=True)
class Job:
    seed: int
    model: dict[str, Any]
    """The model playing, as its JSON form (sent to workers as plain data)."""
    samples: int
    prisoners: int = 4


def trace_game(job: Job, index: int) -> GameTrace:
    """Game ``index`` of ``job``, played and labelled (see the module doc)."""
    started = time.process_time()
    setup = Setup(base="standard" if job.prisoners == 4 else "five")
    unknown = new_game(setup)
    known = new_game(setup, rng=random.Random(f"train-pile-{job.seed}-{index}"))
    model: ValueModel = model_from_json(job.model)
    bot = SearchBot(random.Random(f"train-policy-{job.seed}-{index}"), unknown, samples=job.samples, model=model)
    sim = compile_state(known)
    sim.choose = bot.choose
    rows: list[list[float]] = []
    label, how = 0.0, "unfinished"
    try:
        while sim.turns < MAX_TURNS:
            if sim.top >= sim.npile and not any(sim.unplaced):
                proven = _oracle_label(sim, known)
                if proven is not None:
                    label, how = proven, "oracle"
                    break
            elif not any(sim.unplaced):
                rows.append(features(sim))
            sim.play_turn()
    except Over as end:
        label, how = (1.0 if end.result == "win" else 0.0), "result"
    except (Stuck, RuntimeError):
        label, how = 0.0, "unfinished"
    return GameTrace(index, rows, label, how, time.process_time() - started)


def _oracle_label(sim: Any, template: Any) -> float | None:
    state = to_state(sim.snapshot(), template, sim.order)
    try:
        return 1.0 if EndgameOracle(LABEL_NODES).wins(state) else 0.0
    except (LimitReached, NotCovered):
        return None


def _trace_chunk(job: Job, indices: Sequence[int]) -> list[GameTrace]:
    return [trace_game(job, i) for i in indices]


def run(job: Job, games: int, workers: int = 1, backend: str = "local", address: str | None = None,
        progress: Callable[[int], None] | None = None) -> list[GameTrace]:
    """Games ``0 .. games-1`` of ``job``, in index order."""
    if backend not in BACKENDS:
        raise SelfPlayError(f"backend must be one of {', '.join(BACKENDS)}")
    chunks = [list(range(i, min(i + 4, games))) for i in range(0, games, 4)]
    stream = _ray(job, chunks, workers, address) if backend == "ray" else _local(job, chunks, workers)
    out: list[GameTrace] = []
    for part in stream:
        out.extend(part)
        if progress is not None:
            progress(len(out))
    return out


def _local(job: Job, chunks: list[list[int]], workers: int) -> Iterator[list[GameTrace]]:
    if workers <= 1:
        for chunk in chunks:
            yield _trace_chunk(job, chunk)
        return
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap(_star, [(job, c) for c in chunks])


def _star(args: tuple[Job, list[int]]) -> list[GameTrace]:
    return _trace_chunk(*args)


def _ray(job: Job, chunks: list[list[int]], workers: int, address: str | None) -> Iterator[list[GameTrace]]:
    ray, started_here = ray_jobs.start(address, workers, SelfPlayError)
    yield from ray_jobs.in_order(ray, started_here, _trace_chunk, ((job, c) for c in chunks), workers)
