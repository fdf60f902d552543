"""The hard end-game corpus: Final Flickers positions whose search expands 10^4 to 10^6 positions.

The easy corpus (:mod:`solver.nightcage.puzzles.corpus`) drops every candidate whose
search passes a few thousand positions, so it cannot show how the planners
fare on hard end-games. This one keeps only those: candidates are drawn by
:func:`solver.nightcage.puzzles.hard_layout.hard_candidate` (long arms, 12 to 24
tiles, 4 prisoners on 6x6 or 5 on 7x7), solved by the search, and kept when
the search needed between ``min_nodes`` and ``max_nodes`` positions expanded.

How the corpus is chosen (:func:`generate`)
-------------------------------------------

Candidate ``i`` of seed ``s`` is drawn from ``random.Random(f"hard:{s}:{i}")``
(4 prisoners for even ``i``, 5 for odd) and solved by
:func:`solver.nightcage.endgame.search.solve` with ``Limits(max_nodes=max_nodes)`` and
no time limit. Its status is ``invalid`` (no usable layout), ``over`` (won
or lost already), ``easy`` (settled in fewer than ``min_nodes`` positions),
``dropped`` (not settled within ``max_nodes`` positions or the search's
memory budget, both counts) or ``solved``. Solved candidates fill four
quotas, a quarter of the corpus each: 4 or 5 prisoners, won or lost; within
a won quota, wins of 10 turns or more come first. Candidates are labelled in
order until every quota is full or ``max_candidates`` are tried; then the
short quotas are completed from the others' surplus (the scarcer verdict
first). Nothing depends on the machine's speed.

The selection's count is the search's positions expanded *as of the
generation* (recorded in each file as ``nodes_at_generation``): a faster
search later expands fewer and would select other candidates, so the
committed files, not a regeneration, are the corpus; the generator
reproduces them byte for byte with the search it was made with. The
reference search's count (whole-turn positions reachable), which no one
optimises, was the other choice: it needs minutes per hard candidate, far too
slow to label thousands of candidates.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from solver.base.limits import Limits
from solver.nightcage.endgame.plan import PlanTurn
from solver.nightcage.endgame.search import solve
from solver.nightcage.notation.position_json import dumps
from solver.nightcage.puzzles.corpus import SETUPS, Entry, expected, features, lose_kind
from solver.nightcage.puzzles.hard_layout import hard_candidate
from solver.nightcage.rules.outcome import outcome

DEFAULT_MIN_NODES = 10_000
"""A candidate the search settles in fewer positions expanded is too easy for this corpus."""
DEFAULT_MAX_NODES = 1_000_000
"""Positions expanded before a candidate's search is stopped and the candidate dropped."""
LONG_WIN = 10
"""Wins of this many turns or more come first in the won quotas."""
SCRIPT = "benchmarks/make_hard_endgames.py"
STATUSES = ("invalid", "over", "easy", "dropped", "solved")


@dataclass(frozen=True)
class HardBudget:
    """The search effort a hard candidate must need (``min_nodes``) and may need (``max_nodes``)."""

    min_nodes: int = DEFAULT_MIN_NODES
    max_nodes: int = DEFAULT_MAX_NODES


@dataclass(frozen=True)
class HardLabel:
    """What became of one candidate (:data:`STATUSES`), with the search's answer when it settled."""

    index: int
    status: str
    nodes: int = 0
    generated: int = 0
    answer: dict[str, Any] | None = None
    """verdict, turns, nerve_spent, plan (turns as ``[prisoner, actions, nerve]``), reason, lose_kind."""

    def as_json(self, seed: int, budget: HardBudget) -> dict[str, Any]:
        """A line of a label cache: enough to rebuild the entry without searching again."""
        return {"seed": seed, "index": self.index, "max_nodes": budget.max_nodes, "status": self.status,
                "nodes": self.nodes, "generated": self.generated, "answer": self.answer}


@dataclass
class HardReport:
    """How many candidates ended in each status."""

    statuses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    unfilled: dict[str, int] = field(default_factory=dict)
    topped_up: int = 0

    @property
    def tried(self) -> int:
        return sum(self.statuses.values())


def draw(seed: int, index: int) -> Any:
    """Candidate ``index`` of ``seed``: (state, layout name), or None."""
    return hard_candidate(random.Random(f"hard:{seed}:{index}"), SETUPS[5 if index % 2 else 4])


def label(seed: int, index: int, budget: HardBudget = HardBudget()) -> HardLabel:
    """Candidate ``index`` of ``seed``, drawn and solved by the search (positions expanded capped, no clock)."""
    drawn = draw(seed, index)
    if drawn is None:
        return HardLabel(index, "invalid")
    state = drawn[0]
    if outcome(state) is not None:
        return HardLabel(index, "over")
    sol = solve(state, limits=Limits(max_nodes=budget.max_nodes))
    nodes, generated = sol.stats.nodes, sol.stats.generated
    if sol.verdict == "unknown":
        return HardLabel(index, "dropped", nodes, generated)
    answer = {
        "verdict": str(sol.verdict), "turns": sol.turns, "nerve_spent": sol.nerve_spent,
        "plan": [[t.prisoner, list(t.actions), t.nerve] for t in sol.plan], "reason": sol.reason,
        "lose_kind": lose_kind(state, sol),
    }
    return HardLabel(index, "easy" if nodes < budget.min_nodes else "solved", nodes, generated, answer)


def entry_of(seed: int, found: HardLabel) -> Entry:
    """The corpus entry of a solved candidate (drawn again: drawing is cheap and deterministic)."""
    drawn = draw(seed, found.index)
    assert drawn is not None and found.answer is not None
    state, layout = drawn
    a = found.answer
    plan = tuple(PlanTurn(name, tuple(actions), nerve) for name, actions, nerve in a["plan"])
    feats = features(state)
    feats["layout"] = layout
    feats["lose_kind"] = a["lose_kind"]
    return Entry(found.index, state, a["verdict"], a["turns"], a["nerve_spent"], plan, a["reason"], feats,
                 found.nodes, found.generated)


# -- labelling, in order ------------------------------------------------------------------------


def labelled(
    seed: int, limit: int, budget: HardBudget, workers: int = 1, cache: dict[int, HardLabel] | None = None
) -> Iterator[HardLabel]:
    """Candidates ``0 .. limit-1`` labelled, in order (cached labels reused; in parallel with ``workers`` > 1)."""
    cache = cache or {}
    if workers <= 1:
        for index in range(limit):
            yield cache[index] if index in cache else label(seed, index, budget)
        return
    batch = 4 * workers
    with ProcessPoolExecutor(workers) as pool:
        for start in range(0, limit, batch):
            todo = [i for i in range(start, min(start + batch, limit)) if i not in cache]
            done = dict(zip(todo, pool.map(label, [seed] * len(todo), todo, [budget] * len(todo))))
            for index in range(start, min(start + batch, limit)):
                yield cache[index] if index in cache else done[index]


def generate(
    seed: int,
    count: int,
    budget: HardBudget = HardBudget(),
    max_candidates: int | None = None,
    report: HardReport | None = None,
    workers: int = 1,
    cache: dict[int, HardLabel] | None = None,
    on_label: Callable[[HardLabel, int], None] | None = None,
) -> list[Entry]:
    """``count`` hard positions (fewer when the candidates run out), the same for the same arguments.

    ``workers`` and ``cache`` change how fast, never what. ``on_label`` is
    called with each label and the entries kept so far (progress, caching).
    """
    report = report if report is not None else HardReport()
    quotas = quotas_for(count)
    pools: dict[str, list[Entry]] = {b: [] for b in quotas}
    limit = max_candidates if max_candidates is not None else 200 * count
    filled = 0
    for found in labelled(seed, limit, budget, workers, cache):
        report.statuses[found.status] += 1
        if found.status == "solved":
            entry = entry_of(seed, found)
            pool = pools[bucket(entry)]
            pool.append(entry)
            filled += len(pool) <= quotas[bucket(entry)]
        if on_label is not None:
            on_label(found, filled)
        if filled >= count:
            break
    report.unfilled = {b: quotas[b] - len(pools[b]) for b in quotas if len(pools[b]) < quotas[b]}
    for b, pool in pools.items():
        if b.endswith("win"):
            pool.sort(key=lambda e: (e.turns is None or e.turns < LONG_WIN, e.index))
    chosen = [e for b in quotas for e in pools[b][: quotas[b]]]
    surplus = sorted((e for b in quotas for e in pools[b][quotas[b]:]), key=lambda e: e.index)
    extra = top_up(chosen, surplus, count)
    report.topped_up = len(extra)
    return sorted(chosen + extra, key=lambda e: e.index)


def bucket(entry: Entry) -> str:
    """``<prisoners>-win`` or ``<prisoners>-lose``."""
    return f"{entry.prisoners}-{entry.verdict}"


def quotas_for(count: int) -> dict[str, int]:
    """A quarter of ``count`` for each of 4 and 5 prisoners, won and lost (the first quotas take the remainder)."""
    names = [f"{p}-{v}" for p in SETUPS for v in ("win", "lose")]
    return {name: count // 4 + (i < count % 4) for i, name in enumerate(names)}


def top_up(chosen: list[Entry], surplus: list[Entry], count: int) -> list[Entry]:
    """Entries from the surplus up to ``count``: the scarcer verdict first, then the earliest candidate."""
    extra: list[Entry] = []
    pool = list(surplus)
    wins = sum(e.verdict == "win" for e in chosen)
    size = len(chosen)
    while size < count and pool:
        want = "win" if 2 * wins <= size else "lose"
        pick = next((e for e in pool if e.verdict == want), pool[0])
        pool.remove(pick)
        extra.append(pick)
        wins += pick.verdict == "win"
        size += 1
    return extra


# -- files ---------------------------------------------------------------------------------------

INDEX = "index.json"


def files(entries: list[Entry], seed: int, budget: HardBudget) -> dict[str, str]:
    """``NNNN.json`` (a v1 position with ``meta``) per entry and ``index.json``: no time, no date."""
    out: dict[str, str] = {}
    rows = []
    for number, entry in enumerate(entries, start=1):
        ident = f"{number:04d}"
        name = f"{ident}.json"
        out[name] = dumps(entry.state, entry_meta(entry, seed, budget)) + "\n"
        rows.append({
            "id": ident, "file": name, "index": entry.index, "prisoners": entry.prisoners, "tiles": entry.tiles,
            "verdict": entry.verdict, "turns": entry.turns, "nerve_spent": entry.nerve_spent,
            "nodes_at_generation": entry.nodes, "generated_at_generation": entry.generated,
            "wax_eaters": entry.features["wax_eaters"], "pits": entry.features["pits"],
            "layout": entry.features["layout"],
        })
    out[INDEX] = json.dumps(rows, indent=1) + "\n"
    return out


def entry_meta(entry: Entry, seed: int, budget: HardBudget) -> dict[str, Any]:
    """Title, where it came from, features, the answer, and the search's effort when it was generated."""
    return {
        "title": entry.title,
        "generator": {"script": SCRIPT, "seed": seed, "index": entry.index,
                      "min_nodes": budget.min_nodes, "max_nodes": budget.max_nodes},
        "features": entry.features,
        "expected": expected(entry),
        "nodes_at_generation": entry.nodes,
        "generated_at_generation": entry.generated,
    }


def read_cache(lines: list[str], seed: int, budget: HardBudget) -> dict[int, HardLabel]:
    """Labels of a cache file that still hold for ``seed`` and ``budget``.

    A settled candidate holds when its nodes are within the cap; a dropped
    one when it was dropped under a cap at least as high (it needs more).
    """
    out: dict[int, HardLabel] = {}
    for line in lines:
        if not line.strip():
            continue
        row = json.loads(line)
        if row["seed"] != seed:
            continue
        status = row["status"]
        if status == "dropped":
            if row["max_nodes"] < budget.max_nodes:
                continue
        elif status in ("easy", "solved"):
            if row["nodes"] > budget.max_nodes:
                continue
            status = "easy" if row["nodes"] < budget.min_nodes else "solved"
        out[row["index"]] = HardLabel(row["index"], status, row["nodes"], row["generated"], row["answer"])
    return out


__all__ = [
    "DEFAULT_MAX_NODES", "DEFAULT_MIN_NODES", "HardBudget", "HardLabel", "HardReport", "LONG_WIN",
    "bucket", "draw", "entry_meta", "files", "generate", "label", "quotas_for", "read_cache", "top_up",
]
