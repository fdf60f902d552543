"""An exact chance solve shared out between worker processes, one choice of the root each.

The search starts in this process, as it would alone. When it has searched :data:`PROBE`
positions without settling the root (most positions of the corpus never get there), each choice
still open goes to a process forked from this one: it starts with a copy of the tables filled so
far, takes up the round that was under way on its choice alone
(:meth:`~solver.nightcage.chance.fast_expectimax.Root.focus`) and sends back the interval it
proved and the positions it searched. As every worker starts from the same tables, what a
choice's worker proves and counts does not depend on which worker runs it or on how many run at
once: the answer, and its count of positions, are the same for any number of workers from two.
(One worker is the search of :func:`~solver.nightcage.chance.fast_expectimax.solve_rounds` over
every choice at once, whose tables the choices share: the same values, other counts.)

Each worker has for itself what is left of the node limit and of the memory budget; the
deadline is the same clock for all. A worker that reaches a limit sends what it proved, and
the others go on: the answer then holds every interval proven, and the first limit reached
(in the choices' order) as its reason. A request to stop (``should_stop``, polled here) ends
the workers at once.

Forked, not spawned: a worker needs this process's tables and modules, and a fork copies them
for nothing. So this runs only where ``fork`` exists, and only from a process with no other
threads at work (a fork copies one thread; a lock another held stays held): the command line,
not the protocol's threaded runner, which keeps one worker. The workers follow the rules of
:mod:`solver.base.workers` (Ctrl-C is the parent's; a worker whose parent is gone exits), and
leaving here for any reason ends those still running.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from multiprocessing.connection import Connection, wait
from typing import Any

from solver.base.errors import LimitReached
from solver.base.workers import start_as_worker
from solver.nightcage.chance.fast_expectimax import Root, solve_rounds

PROBE = 20_000
"""Positions searched here before the choices are shared out (about a tenth of a second): a position
settled within them is answered without a worker, whose start would cost more than it saves."""
POLL = 0.05
"""Seconds between checks of a request to stop while the workers run."""


def can_share() -> bool:
    """Worker processes can be forked here."""
    return "fork" in multiprocessing.get_all_start_methods()


def solve_shared(root: Root, rounds: tuple[tuple[int, int], ...], workers: int, probe: int = PROBE) -> Root:
    """Every choice at ``root`` exact, as :func:`solve_rounds` over ``rounds`` (see the module doc): the first
    ``probe`` positions here, then each choice still open in a worker, at most ``workers`` at once. Raises
    :class:`LimitReached` when a limit stopped one (the intervals proven so far are in ``root.bounds``)."""
    search = root.search
    limit = search.max_nodes
    probe_end = search.nodes + search.oracle.expanded + probe
    if workers < 2 or probe_end >= limit or not can_share():
        return solve_rounds(root, rounds=rounds)
    search.max_nodes = probe_end
    try:
        return solve_rounds(root, rounds=rounds)
    except LimitReached:
        if search.nodes + search.oracle.expanded <= probe_end:  # a limit of the caller's (time, memory, stop)
            raise
    finally:
        search.max_nodes = limit
    # The probe is spent in round search.round: its work stays in the tables, and the round starts again from them.
    start = search.round
    still_open = [i for i in root.searched() if root.bounds[i][0] != root.bounds[i][1]]
    if len(still_open) < 2:
        return solve_rounds(root, rounds=rounds, start=start)
    reasons = _share_out(root, still_open, rounds, start, workers)
    if reasons:
        raise LimitReached(reasons[min(reasons)])
    return root


def _share_out(root: Root, choices: list[int], rounds: tuple[tuple[int, int], ...], start: int,
               workers: int) -> dict[int, str]:
    """Each of ``choices`` solved by a worker from round ``start``, at most ``workers`` at once, their answers
    merged into ``root``; the limits the workers reached, by choice."""
    search = root.search
    context = multiprocessing.get_context("fork")
    waiting = deque(choices)
    running: dict[Connection, tuple[Any, int]] = {}
    reasons: dict[int, str] = {}
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                choice = waiting.popleft()
                here, there = context.Pipe(duplex=False)
                worker = context.Process(target=_solve_choice, args=(root, choice, rounds, start, there, os.getpid()),
                                         name=f"chance-choice-{choice}", daemon=True)
                worker.start()
                there.close()  # the worker's end: a worker that dies without a word closes the pipe
                running[here] = (worker, choice)
            if search.should_stop is not None and search.should_stop():
                raise LimitReached(f"stopped on request after {search.nodes + search.oracle.expanded:,} positions")
            for ready in wait(list(running), timeout=POLL):
                assert isinstance(ready, Connection)
                worker, choice = running.pop(ready)
                reason = _take(root, choice, ready, worker)
                if reason is not None:
                    reasons[choice] = reason
    finally:
        for worker, _ in running.values():
            worker.terminate()
        for worker, _ in running.values():
            worker.join()
    return reasons


def _take(root: Root, choice: int, pipe: Connection, worker: Any) -> str | None:
    """A worker's answer merged into ``root`` (its interval, its positions counted); the limit it reached, if any."""
    try:
        message = pipe.recv()
    except EOFError:
        message = None
    finally:
        pipe.close()
        worker.join()
    if message is None or message[0] != "done":
        said = f": {message[1]}" if message is not None else f" (exit code {worker.exitcode})"
        raise RuntimeError(f"the worker solving choice {choice} of the chance search failed{said} (a bug: please report it)")
    _, lo, hi, nodes, expanded, reason = message
    old_lo, old_hi = root.bounds[choice]
    root.bounds[choice] = (max(old_lo, lo), min(old_hi, hi))
    root.search.nodes += nodes
    root.search.oracle.expanded += expanded
    return reason


def _solve_choice(root: Root, choice: int, rounds: tuple[tuple[int, int], ...], start: int, pipe: Connection,
                  parent: int) -> None:
    """In a worker: the rounds from ``start`` on ``choice`` alone; sends ``("done", lo, hi, nodes, expanded, reason)``."""
    start_as_worker(parent)
    search = root.search
    search.should_stop = None  # a request to stop is the parent's to poll: it ends this process
    nodes, expanded = search.nodes, search.oracle.expanded
    root.focus(choice)
    reason = None
    try:
        solve_rounds(root, rounds=rounds, start=start)
    except LimitReached as exc:
        reason = str(exc)
    except BaseException as exc:  # (a bug, or memory): said to the parent, which reports it
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    lo, hi = root.bounds[choice]
    pipe.send(("done", lo, hi, search.nodes - nodes, search.oracle.expanded - expanded, reason))


__all__ = ["PROBE", "can_share", "solve_shared"]
