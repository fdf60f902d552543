"""An exact chance solve shared out between worker processes, one choice of the root each.

The search starts in this process, as it would alone. When it has done :data:`PROBE` units of work
without settling the root (most positions of the corpus never get there), each choice still open
goes to a process forked from this one: it starts with a copy of the tables filled so far, takes up
the round that was under way on its choice alone
(:meth:`~solver.nightcage.chance.fast_expectimax.Root.focus`) and sends back the interval it
proved and the positions it searched. As every worker starts from the same tables, what a
choice's worker proves and counts does not depend on which worker runs it or on how many run at
once: the answer, and its count of positions, are the same for any number of workers from two.
(One worker is the search of :func:`~solver.nightcage.chance.fast_expectimax.solve_rounds` over
every choice at once, whose tables the choices share: the same values, other counts.)

The probe's work is counted in end-game positions, a turn's position (a replay of the simulator)
counting as :data:`TURN_WEIGHT` of them, since it costs about that much more: so the probe lasts
about as long whichever kind of work a position needs, where a count of positions alone kept a
position whose time goes to its turns here for half a second (benchmarks/README.md, issue 25,
"tenth pass").

When one choice alone is still open, or fewer than :data:`FEW_OPEN` and the search's work went
mostly to turns, each is shared out one step down instead (:func:`_shares`): each option of the
decision it leads to (a fall's row or file), or each outcome of its draw, goes to a worker, and the
choice's interval is their best (a decision) or their sum weighted by the odds (a draw). Only then:
where more choices are open, or the work goes to the end-game oracle, splitting them further made
the workers prove the same Final Flickers positions over again (benchmarks/README.md, issue 25,
"sixth pass" and "tenth pass"); but where two are open and one is cheap, the other kept one worker
busy alone ("tenth pass"). A decision that a turn can come back to (keys passed to and fro) is not split, since a
return to it must find it on the current path, and a worker's path starts below it.

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
from dataclasses import dataclass
from fractions import Fraction
from multiprocessing.connection import Connection, wait
from typing import Any

from solver.base.errors import LimitReached
from solver.base.workers import start_as_worker
from solver.nightcage.chance.fast_expectimax import LOOPING, PASSING, Root, solve_rounds
from solver.nightcage.chance.turns import CHANCE, Frontier, step

PROBE = 20_000
"""Work done here before the choices are shared out, in end-game positions (:data:`TURN_WEIGHT`; about a
tenth of a second): a position settled within it is answered without a worker, whose start would cost
more than it saves."""
TURN_WEIGHT = 5
"""A turn's position in the probe's units: a replay of the simulator takes 20 to 25 µs, an end-game
position of the compiled oracle 3 to 5 µs (corpus 0012 and 0005)."""
FEW_OPEN = 3
"""Fewer choices open than this after the probe: each is shared out one step down (see the module doc)."""
POLL = 0.05
"""Seconds between checks of a request to stop while the workers run."""


def can_share() -> bool:
    """Worker processes can be forked here."""
    return "fork" in multiprocessing.get_all_start_methods()


def solve_shared(root: Root, rounds: tuple[tuple[int, int], ...], workers: int, probe: int = PROBE) -> Root:
    """Every choice at ``root`` exact, as :func:`solve_rounds` over ``rounds`` (see the module doc): ``probe`` units
    of work here, then each choice still open in a worker, at most ``workers`` at once. Raises
    :class:`LimitReached` when a limit stopped one (the intervals proven so far are in ``root.bounds``)."""
    search = root.search
    if workers < 2 or search.nodes + search.oracle.expanded + probe >= search.max_nodes or not can_share():
        return solve_rounds(root, rounds=rounds)
    if run_probe(root, rounds, probe):
        return root
    # The probe is spent in round search.round: its work stays in the tables, and the round starts again from them.
    start = search.round
    shares, below = _shares(root)
    if len(shares) < 2:
        return solve_rounds(root, rounds=rounds, start=start)
    proven: dict[Share, tuple[Fraction, Fraction]] = {}
    try:
        reasons = _share_out(root, shares, rounds, start, workers, proven)
    finally:  # (a request to stop keeps what the workers done so far proved)
        _merge(root, shares, below, proven)
    if reasons:
        raise LimitReached(reasons[min(reasons)])
    return root


def work(root: Root) -> int:
    """The work ``root``'s search has done, in the probe's units (:data:`TURN_WEIGHT`)."""
    return TURN_WEIGHT * root.search.nodes + root.search.oracle.expanded


def run_probe(root: Root, rounds: tuple[tuple[int, int], ...], probe: int = PROBE) -> bool:
    """The rounds over ``rounds`` for ``probe`` units of work: true when they settled the root within them, false when
    the probe ran out first (a limit of the search's own, or a request to stop, raises :class:`LimitReached`)."""
    search = root.search
    end = work(root) + probe
    limit, asked = search.max_nodes, search.should_stop
    # The end of the probe is a request to stop of this module's own, polled with the others (every 64 positions);
    # the node limit cuts an end-game question at it (a turn's position counting 1, not TURN_WEIGHT, that limit
    # is never reached before the probe's end but within such a question).
    search.should_stop = lambda: work(root) > end or (asked is not None and asked())
    search.max_nodes = min(limit, search.nodes + search.oracle.expanded + probe)
    try:
        solve_rounds(root, rounds=rounds)
    except LimitReached:
        if work(root) <= end:  # a limit of the caller's (time, memory, stop)
            raise
        return False
    finally:
        search.should_stop, search.max_nodes = asked, limit
    return True


def _merge(root: Root, shares: list[Share], below: dict[int, Below], proven: dict[Share, tuple[Fraction, Fraction]]) -> None:
    """What the shares' workers proved, narrowing the intervals of the root's choices (a share not done: [0, 1])."""
    found = {share.choice: proven[share] for share in shares if share.step is None and share in proven}
    for choice, combine in below.items():
        found[choice] = combine.combined([proven.get(share, (Fraction(0), Fraction(1))) for share in shares
                                          if share.choice == choice])
    for choice, (lo, hi) in found.items():
        old_lo, old_hi = root.bounds[choice]
        root.bounds[choice] = (max(old_lo, lo), min(old_hi, hi))


@dataclass(frozen=True)
class Share:
    """A worker's share of the root: a choice, or (``step`` not None) one option or outcome of what it leads to."""

    choice: int
    step: int | None = None


@dataclass(frozen=True)
class Below:
    """What the one choice still open leads to, shared out option by option: a decision, or a draw with its odds."""

    odds: tuple[Fraction, ...] | None
    """The draw's odds; None for a decision."""

    def combined(self, intervals: list[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
        """The choice's interval from its shares': their best at a decision, their odds-weighted sum at a draw.

        >>> Below(None).combined([(Fraction(0), Fraction(1, 2)), (Fraction(1, 4), Fraction(1, 3))])
        (Fraction(1, 4), Fraction(1, 2))
        >>> Below((Fraction(1, 4), Fraction(3, 4))).combined([(Fraction(1), Fraction(1)), (Fraction(0), Fraction(1))])
        (Fraction(1, 4), Fraction(1, 1))
        """
        if self.odds is None:
            return max(lo for lo, _ in intervals), max(hi for _, hi in intervals)
        return (sum((p * lo for p, (lo, _) in zip(self.odds, intervals, strict=True)), Fraction(0)),
                sum((p * hi for p, (_, hi) in zip(self.odds, intervals, strict=True)), Fraction(0)))


def _shares(root: Root) -> tuple[list[Share], dict[int, Below]]:
    """The choices still open, each a share; or, when one is open, or fewer than :data:`FEW_OPEN` and the search's
    work so far went mostly to turns, the options (or outcomes) of the decision (or draw) each leads to within the
    turn, with what combines them, by choice (a choice that leads to no such point stays whole). The rule does not
    depend on the number of workers, so neither do the shares, nor the positions they count."""
    still_open = [i for i in root.searched() if root.bounds[i][0] != root.bounds[i][1]]
    search = root.search
    turns_most = TURN_WEIGHT * search.nodes >= search.oracle.expanded
    if root.sim_root is None or not (len(still_open) == 1 or (len(still_open) < FEW_OPEN and turns_most)):
        return [Share(i) for i in still_open], {}
    shares: list[Share] = []
    below: dict[int, Below] = {}
    for choice in still_open:
        here = step(root.sim_root[0], [*root.prefix, choice])
        if (not isinstance(here, Frontier) or len(here.options) < 2
                or (here.kind != CHANCE and (here.decision in LOOPING or here.decision in PASSING))):
            shares.append(Share(choice))
            continue
        below[choice] = Below(tuple(p for _, p in here.options) if here.kind == CHANCE else None)
        shares += [Share(choice, j) for j in range(len(here.options))]
    return shares, below


def _share_out(root: Root, shares: list[Share], rounds: tuple[tuple[int, int], ...], start: int, workers: int,
               proven: dict[Share, tuple[Fraction, Fraction]]) -> dict[int, str]:
    """Each share solved by a worker from round ``start``, at most ``workers`` at once, their positions counted
    into ``root``'s search and the interval each proved into ``proven`` as they come: the limits they reached,
    by share number."""
    search = root.search
    context = multiprocessing.get_context("fork")
    waiting = deque(enumerate(shares))
    running: dict[Connection, tuple[Any, int]] = {}
    reasons: dict[int, str] = {}
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                number, share = waiting.popleft()
                here, there = context.Pipe(duplex=False)
                worker = context.Process(target=_solve_share, args=(root, share, rounds, start, there, os.getpid()),
                                         name=f"chance-share-{number}", daemon=True)
                worker.start()
                there.close()  # the worker's end: a worker that dies without a word closes the pipe
                running[here] = (worker, number)
            if search.should_stop is not None and search.should_stop():
                raise LimitReached(f"stopped on request after {search.nodes + search.oracle.expanded:,} positions")
            for ready in wait(list(running), timeout=POLL):
                assert isinstance(ready, Connection)
                worker, number = running.pop(ready)
                lo, hi, nodes, expanded, reason = _take(shares[number], ready, worker)
                proven[shares[number]] = (lo, hi)
                search.nodes += nodes
                search.oracle.expanded += expanded
                if reason is not None:
                    reasons[number] = reason
    finally:
        for worker, _ in running.values():
            worker.terminate()
        for worker, _ in running.values():
            worker.join()
    return reasons


def _take(share: Share, pipe: Connection, worker: Any) -> tuple[Fraction, Fraction, int, int, str | None]:
    """A worker's answer: the interval it proved, the positions it and the oracle searched, the limit it reached."""
    try:
        message = pipe.recv()
    except EOFError:
        message = None
    finally:
        pipe.close()
        worker.join()
    if message is None or message[0] != "done":
        said = f": {message[1]}" if message is not None else f" (exit code {worker.exitcode})"
        raise RuntimeError(f"the worker solving {share} of the chance search failed{said} (a bug: please report it)")
    _, lo, hi, nodes, expanded, reason = message
    return lo, hi, nodes, expanded, reason


def _solve_share(root: Root, share: Share, rounds: tuple[tuple[int, int], ...], start: int, pipe: Connection,
                 parent: int) -> None:
    """In a worker: the rounds from ``start`` on ``share`` alone; sends ``("done", lo, hi, nodes, expanded, reason)``."""
    start_as_worker(parent)
    search = root.search
    search.should_stop = None  # a request to stop is the parent's to poll: it ends this process
    nodes, expanded = search.nodes, search.oracle.expanded
    reason = None
    try:
        root.focus(share.choice, share.step)
        solve_rounds(root, rounds=rounds, start=start)
    except LimitReached as exc:
        reason = str(exc)
    except BaseException as exc:  # (a bug, or memory): said to the parent, which reports it
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    lo, hi = root.bounds[share.choice]
    pipe.send(("done", lo, hi, search.nodes - nodes, search.oracle.expanded - expanded, reason))


__all__ = ["FEW_OPEN", "PROBE", "TURN_WEIGHT", "can_share", "run_probe", "solve_shared", "work"]
