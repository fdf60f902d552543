"""A seeded corpus of Final Flickers end-game positions, labelled by the exact search.

The planners (:mod:`solver.nightcage.endgame.search`, and CP-SAT) need a fixed set of
positions to be measured and cross-checked on. :func:`generate` builds one:
every position is a valid turn start (``pending`` None) with an empty pile, on
the standard 6x6 setup with 4 prisoners or the 7x7 ``five`` setup with 5, and
every entry carries the search's answer (verdict, fewest turns, then fewest
Nerve, and the plan) and a tally of its features. The candidates are random
layouts around one or two gates (:func:`solver.nightcage.puzzles.layout.candidate`).

How the corpus is chosen (:func:`generate`)
-------------------------------------------

Candidate ``i`` of seed ``s`` is drawn from its own generator
(``random.Random(f"{s}:{i}")``, the setup alternating: 4 prisoners for even
``i``, 5 for odd) and solved by the search. A candidate is dropped when the
search expands :data:`DEFAULT_MAX_NODES` positions without an answer or
needs more than :data:`DEFAULT_MAX_GENERATED` turn results (the search's
time follows that count): these are deterministic limits, so the corpus does
not depend on the machine's speed. Each solved candidate falls in a
*bucket*: its number of prisoners, and a win by its optimal length (1 to 9
turns, or 10 and more) or a loss by how it is proven (a prisoner falling, or
another loss of §5 at once; the search's bounds at the root; a small or a
larger search). Buckets have quotas (a quarter of the corpus for each setup
and verdict). Candidates are labelled in order until every quota can be met;
each bucket then takes its entries spread over board sizes
(:func:`spread_out`). When the candidates allowed run out first, the corpus
is completed from the leftovers, the scarcer verdict and the emptier bucket
first. The same seed and count always give the same corpus, as long as the
search expands and generates the same positions (a change to the search can
change which candidates are kept).
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, gate_distances, turns_left, turns_needed
from solver.nightcage.endgame.plan import PlanTurn, Solution
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind
from solver.nightcage.notation.position_json import dumps
from solver.nightcage.puzzles.layout import candidate
from solver.nightcage.rules.outcome import outcome

SETUPS = {4: Setup(), 5: Setup(base="five")}
"""The two setups of the corpus, by number of prisoners."""

DEFAULT_MAX_NODES = 3_000
"""Positions expanded before a candidate's search is stopped and the candidate dropped."""
DEFAULT_MAX_GENERATED = 15_000
"""A candidate whose search generated more turn results is dropped (roughly a second of search:
the time a search takes follows the results it generates)."""
SAFETY_SECONDS = 120.0
"""A search stopped by this time limit is dropped too. Far above what ``max_generated`` allows on
any plausible machine, it only guards against a runaway search (a time limit would make the corpus
depend on the machine)."""

WIN_LENGTHS = tuple(range(1, 10)) + (10,)
"""Win buckets: optimal length 1 to 9, and 10 (meaning 10 or more)."""
LOSE_KINDS = ("falling", "rules", "bounds", "search-small", "search-large")
"""Lose buckets: a prisoner falling (§5); another loss of §5 at once (keys, gates); the bounds at the
root; a search of fewer than :data:`SEARCH_LARGE` positions expanded, or more."""
LOSE_WEIGHTS = {"falling": 0.5, "rules": 1, "bounds": 3, "search-small": 2.5, "search-large": 3}
SEARCH_LARGE = 50


@dataclass(frozen=True)
class Budget:
    """How much search a candidate may cost: past it, the candidate is dropped from the corpus."""

    max_nodes: int = DEFAULT_MAX_NODES
    max_generated: int = DEFAULT_MAX_GENERATED


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class Entry:
    """One corpus position with the search's answer."""

    index: int
    """The candidate number it was drawn as (its generator is ``Random(f"{seed}:{index}")``)."""
    state: GameState
    verdict: str
    turns: int | None
    nerve_spent: int | None
    plan: tuple[PlanTurn, ...]
    reason: str | None
    features: dict[str, Any]
    nodes: int
    """Positions the search expanded."""
    generated: int
    """Turn results the search generated (its time follows this)."""
    seconds: float = field(default=0.0, compare=False)
    """Search time when generated (machine-dependent: never written to the corpus files)."""

    @property
    def prisoners(self) -> int:
        return len(self.state.prisoners)

    @property
    def tiles(self) -> int:
        return sum(1 for t in self.state.tiles if t is not None)

    @property
    def bucket(self) -> tuple[int, str]:
        """Its quota bucket: the number of prisoners and ``win-<length>`` or ``lose-<kind>``."""
        if self.verdict == "win":
            assert self.turns is not None
            return self.prisoners, f"win-{min(self.turns, WIN_LENGTHS[-1])}"
        return self.prisoners, f"lose-{self.features['lose_kind']}"

    @property
    def title(self) -> str:
        who = f"{self.prisoners} prisoners"
        if self.verdict == "win":
            return f"{who}: win in {self.turns} turn{'s' if self.turns != 1 else ''} ({self.nerve_spent} Nerve)"
        return f"{who}: lost ({LOSE_TEXT[self.features['lose_kind']]})"


LOSE_TEXT = {
    "falling": "a prisoner is falling and the pile is empty",
    "rules": "a loss the rules declare at once",
    "bounds": "proven by the bounds alone",
    "search-small": "proven by a small search",
    "search-large": "proven by a larger search",
}


@dataclass(frozen=True)
class Labelled:
    """What became of one candidate: ``invalid``, ``won`` (already), ``dropped`` or ``solved``."""

    index: int
    status: str
    entry: Entry | None = None
    seconds: float = 0.0
    nodes: int = 0
    generated: int = 0
    layout: str | None = None
    tiles: int = 0


@dataclass
class Report:
    """What a generation did: candidates tried, solved, dropped and why."""

    tried: int = 0
    invalid: int = 0
    """Layouts that failed (tile count out of range, a kind ran out, inconsistent)."""
    won_already: int = 0
    dropped: list[Labelled] = field(default_factory=list)
    """Candidates the search did not settle within the node limit."""
    solved: int = 0
    surplus: int = 0
    """Solved candidates not kept because their bucket was full."""
    topped_up: int = 0
    """Entries taken from the surplus because some buckets could not be filled."""
    unfilled: dict[tuple[int, str], int] = field(default_factory=dict)
    """Buckets left short when the candidates ran out: how many entries they lack."""

    def add(self, result: Labelled) -> None:
        self.tried += 1
        if result.status == "invalid":
            self.invalid += 1
        elif result.status == "won":
            self.won_already += 1
        elif result.status == "dropped":
            self.dropped.append(result)
        else:
            self.solved += 1


def generate(
    seed: int,
    count: int,
    budget: Budget = DEFAULT_BUDGET,
    max_candidates: int | None = None,
    report: Report | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[Entry]:
    """``count`` labelled end-game positions, the same for the same arguments (``workers`` aside).

    Args:
        seed: the corpus seed.
        count: positions wanted.
        budget: the search effort beyond which a candidate is dropped.
        max_candidates: candidates tried at most (default ``10 * count``); then
            the corpus is completed from the surplus, the scarcer verdict first.
        report: filled with what happened, when given.
        workers: processes labelling candidates (the result does not depend on it).
        progress: called with (entries kept, candidates tried) after each candidate.
    """
    report = report if report is not None else Report()
    quotas = quotas_for(count)
    pools: dict[tuple[int, str], list[Entry]] = {b: [] for b in quotas}
    limit = max_candidates if max_candidates is not None else 10 * count
    filled = 0
    for result in labelled(seed, limit, budget, workers):
        report.add(result)
        entry = result.entry
        if entry is not None:
            pool = pools[entry.bucket]
            pool.append(entry)
            filled += len(pool) <= quotas[entry.bucket]
        if progress is not None:
            progress(filled, report.tried)
        if filled >= count:
            break
    report.unfilled = {b: quotas[b] - len(pools[b]) for b in quotas if len(pools[b]) < quotas[b]}
    chosen = [e for b in quotas for e in spread_out(pools[b], quotas[b])]
    taken = {e.index for e in chosen}
    surplus = [e for b in quotas for e in pools[b] if e.index not in taken]
    extra = _top_up(chosen, sorted(surplus, key=lambda e: e.index), count)
    report.surplus = len(surplus) - len(extra)
    report.topped_up = len(extra)
    return sorted(chosen + extra, key=lambda e: e.index)


def spread_out(pool: list[Entry], quota: int) -> list[Entry]:
    """``quota`` entries of a bucket's pool, spread over board sizes (tile counts).

    Round after round, one entry (the earliest candidate) of each of up to
    ``quota`` tile counts evenly spaced among those left, smallest and
    largest included, so small and large boards both get in.
    """
    groups: dict[int, list[Entry]] = {}
    for e in pool:
        groups.setdefault(e.tiles, []).append(e)
    chosen: list[Entry] = []
    while len(chosen) < quota and any(groups.values()):
        live = sorted(t for t, g in groups.items() if g)
        k = min(quota - len(chosen), len(live))
        picks = dict.fromkeys(live[round(i * (len(live) - 1) / (k - 1))] if k > 1 else live[len(live) // 2] for i in range(k))
        for t in picks:
            chosen.append(groups[t].pop(0))
    return chosen


def labelled(seed: int, limit: int, budget: Budget = DEFAULT_BUDGET, workers: int = 1) -> Iterator[Labelled]:
    """Candidates ``0 .. limit-1`` of ``seed``, labelled, in order (lazily; in parallel with ``workers`` > 1)."""
    if workers <= 1:
        for index in range(limit):
            yield label(seed, index, budget)
        return
    batch = 16 * workers
    with ProcessPoolExecutor(workers) as pool:
        for start in range(0, limit, batch):
            indices = range(start, min(start + batch, limit))
            yield from pool.map(label, [seed] * len(indices), indices, [budget] * len(indices))


def quotas_for(count: int) -> dict[tuple[int, str], int]:
    """Entries wanted per bucket: a quarter for each setup and verdict; wins spread evenly over
    the lengths, losses by :data:`LOSE_WEIGHTS`."""
    groups = _apportion([((p, verdict), count / 4) for p in SETUPS for verdict in ("win", "lose")], count)
    lose_total = sum(LOSE_WEIGHTS.values())
    out: dict[tuple[int, str], int] = {}
    for (p, verdict), n in groups.items():
        if verdict == "win":
            wanted = [((p, f"win-{length}"), n / len(WIN_LENGTHS)) for length in WIN_LENGTHS]
        else:
            wanted = [((p, f"lose-{kind}"), n * w / lose_total) for kind, w in LOSE_WEIGHTS.items()]
        out.update(_apportion(wanted, n))
    return out


def _apportion(wanted: list[tuple[Any, float]], total: int) -> dict[Any, int]:
    """Whole quotas summing to ``total``, by largest remainders (ties in list order)."""
    out = {k: int(w) for k, w in wanted}
    rest = total - sum(out.values())
    order = sorted(range(len(wanted)), key=lambda i: (-(wanted[i][1] - int(wanted[i][1])), i))
    for i in order[:rest]:
        out[wanted[i][0]] += 1
    return out


def _top_up(chosen: list[Entry], surplus: list[Entry], count: int) -> list[Entry]:
    """Entries from the surplus to reach ``count``: the scarcer verdict first, and within it the
    entry of the least represented bucket (then the earliest candidate)."""
    pool = list(surplus)
    extra: list[Entry] = []
    have = Counter(e.bucket for e in chosen)
    wins = sum(1 for e in chosen if e.verdict == "win")
    size = len(chosen)
    while size < count and pool:
        want = "win" if 2 * wins <= size else "lose"
        options = [e for e in pool if e.verdict == want] or pool
        pick = min(options, key=lambda e: (have[e.bucket], e.index))
        pool.remove(pick)
        extra.append(pick)
        have[pick.bucket] += 1
        wins += pick.verdict == "win"
        size += 1
    return extra


# -- labelling ----------------------------------------------------------------------------------


def label(seed: int, index: int, budget: Budget = DEFAULT_BUDGET) -> Labelled:
    """Candidate ``index`` of ``seed``, drawn and solved by the search (objective ``turns``).

    Dropped when the search does not settle it within ``budget.max_nodes``
    positions expanded or needs more than ``budget.max_generated`` turn results.
    """
    drawn = candidate(random.Random(f"{seed}:{index}"), SETUPS[5 if index % 2 else 4])
    if drawn is None:
        return Labelled(index, "invalid")
    state, layout = drawn
    over = outcome(state)
    if over is not None and over.result == "win":
        return Labelled(index, "won", layout=layout)
    started = time.perf_counter()
    sol = solve(state, limits=Limits(max_nodes=budget.max_nodes, time_limit=SAFETY_SECONDS))
    seconds = time.perf_counter() - started
    if sol.verdict == "unknown" or sol.stats.generated > budget.max_generated:
        tiles = sum(1 for t in state.tiles if t is not None)
        return Labelled(index, "dropped", None, seconds, sol.stats.nodes, sol.stats.generated, layout, tiles)
    feats = features(state)
    feats["layout"] = layout
    feats["lose_kind"] = lose_kind(state, sol)
    entry = Entry(index, state, sol.verdict, sol.turns, sol.nerve_spent, sol.plan, sol.reason, feats,
                  sol.stats.nodes, sol.stats.generated, seconds)
    return Labelled(index, "solved", entry, seconds, sol.stats.nodes, sol.stats.generated, layout, entry.tiles)


def lose_kind(state: GameState, sol: Solution) -> str | None:
    """How a loss is proven: ``falling`` or ``rules`` (§5 at once), ``bounds`` (at the root), or a search's size."""
    if sol.verdict != "lose":
        return None
    if outcome(state) is not None:
        return "falling" if any(p.falling is not None for p in state.prisoners) else "rules"
    k = eg.from_state(state)
    needed = turns_needed(k)
    if needed >= INFINITE or needed > turns_left(k):
        return "bounds"
    return "search-large" if sol.stats.nodes >= SEARCH_LARGE else "search-small"


# -- features -----------------------------------------------------------------------------------


def features(state: GameState) -> dict[str, Any]:
    """Counts of what a position holds: tiles by kind, the prisoners' candles, Nerve, keys, sight lines."""
    tiles = [t for t in state.tiles if t is not None]
    kinds = Counter(t.kind for t in tiles)
    ps = state.prisoners
    return {
        "prisoners": len(ps),
        "tiles": len(tiles),
        "gates": kinds[Kind.GATE],
        "key_tiles": sum(1 for t in tiles if t.kind is Kind.KEY and not t.key_taken),
        "key_tiles_taken": sum(1 for t in tiles if t.kind is Kind.KEY and t.key_taken),
        "wax_eaters": kinds[Kind.WAX_EATER],
        "watched": watched_prisoners(state),
        "pits": kinds[Kind.PIT],
        "crumbling": sum(1 for t in tiles if t.crumbling),
        "keys_held": sum(1 for p in ps if p.key),
        "lights_out": sum(1 for p in ps if not p.lit and p.falling is None),
        "falling": sum(1 for p in ps if p.falling is not None),
        "nerve": [sum(1 for p in ps if p.nerve == n) for n in range(3)],
        "on_gate": sum(1 for p in ps if p.cell is not None and _kind_at(state, p.cell) is Kind.GATE),
        "farthest": farthest(state),
    }


def farthest(state: GameState) -> int | None:
    """The most steps any prisoner is from its nearest reachable gate (None: someone reaches none)."""
    if any(p.cell is None for p in state.prisoners):
        return None
    k = eg.from_state(state)
    b = k[eg.PRESENT : eg.PRISONERS]
    out = 0
    for p in state.prisoners:
        assert p.cell is not None
        dist = gate_distances(k[eg.CTX], b, p.cell)
        if not dist:
            return None
        out = max(out, min(dist.values()))
    return out


def watched_prisoners(state: GameState) -> int:
    """Prisoners standing in a wax eater's line of sight (§6.1)."""
    k = eg.from_state(state)
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    if not b[eg.B_MONSTER]:
        return 0
    seen = 0
    for _, sight in eg.sight_table(ctx, b):
        seen |= sight
    return sum(1 for p in state.prisoners if p.cell is not None and seen >> p.cell & 1)


# -- files ---------------------------------------------------------------------------------------

INDEX = "index.json"


def files(entries: list[Entry], seed: int) -> dict[str, str]:
    """The corpus as files: ``NNNN.json`` (a v1 position with ``meta``) per entry, and ``index.json``.

    Nothing machine-dependent goes in (no time, no date), so the same corpus
    always gives the same bytes.
    """
    out: dict[str, str] = {}
    rows = []
    for number, entry in enumerate(entries, start=1):
        ident = f"{number:04d}"
        name = f"{ident}.json"
        out[name] = dumps(entry.state, entry_meta(entry, seed)) + "\n"
        rows.append(index_row(entry, ident, name))
    out[INDEX] = json.dumps(rows, indent=1) + "\n"
    return out


def entry_meta(entry: Entry, seed: int) -> dict[str, Any]:
    """The ``meta`` of a corpus file: title, where it came from, features, the search's answer."""
    return {
        "title": entry.title,
        "generator": {"seed": seed, "index": entry.index},
        "features": entry.features,
        "expected": expected(entry),
    }


def expected(entry: Entry) -> dict[str, Any]:
    """The search's answer as a corpus file records it (``meta.expected``)."""
    return {
        "verdict": entry.verdict,
        "turns": entry.turns,
        "nerve_spent": entry.nerve_spent,
        "plan": [t.as_json() for t in entry.plan],
        "reason": entry.reason,
    }


def index_row(entry: Entry, ident: str, name: str) -> dict[str, Any]:
    """One line of ``index.json``."""
    return {
        "id": ident,
        "file": name,
        "prisoners": entry.prisoners,
        "tiles": entry.tiles,
        "verdict": entry.verdict,
        "turns": entry.turns,
        "nerve_spent": entry.nerve_spent,
        "features": entry.features,
    }


# -- statistics ----------------------------------------------------------------------------------


def summary(entries: list[Entry]) -> dict[str, Any]:
    """Corpus statistics: verdicts, optimal lengths, prisoners, tiles, and how often each feature occurs."""
    wins = [e for e in entries if e.verdict == "win"]
    has = {
        "wax_eaters": lambda f: f["wax_eaters"] > 0,
        "watched": lambda f: f["watched"] > 0,
        "pits": lambda f: f["pits"] > 0,
        "crumbling": lambda f: f["crumbling"] > 0,
        "key_tiles": lambda f: f["key_tiles"] > 0,
        "keys_held": lambda f: f["keys_held"] > 0,
        "lights_out": lambda f: f["lights_out"] > 0,
        "falling": lambda f: f["falling"] > 0,
        "two_gates": lambda f: f["gates"] >= 2,
        "nerve_0": lambda f: f["nerve"][0] > 0,
        "nerve_2": lambda f: f["nerve"][2] > 0,
    }
    return {
        "positions": len(entries),
        "verdicts": dict(Counter(e.verdict for e in entries)),
        "prisoners": dict(sorted(Counter(e.prisoners for e in entries).items())),
        "win_lengths": dict(sorted(Counter(e.turns for e in wins).items())),
        "win_nerve": dict(sorted(Counter(e.nerve_spent for e in wins).items())),
        "lose_kinds": dict(Counter(e.features["lose_kind"] for e in entries if e.verdict == "lose")),
        "layouts": dict(Counter(e.features["layout"] for e in entries)),
        "tiles": {"min": min((e.tiles for e in entries), default=0), "max": max((e.tiles for e in entries), default=0),
                  "histogram": dict(sorted(Counter(e.tiles for e in entries).items()))},
        "positions_with": {name: sum(1 for e in entries if test(e.features)) for name, test in has.items()},
        "totals": {
            name: sum(e.features[name] for e in entries)
            for name in ("wax_eaters", "watched", "pits", "crumbling", "key_tiles", "keys_held", "lights_out", "falling")
        },
    }


__all__ = ["SETUPS", "Entry", "Labelled", "Budget", "Report", "features", "files", "generate", "label", "quotas_for", "summary"]


def _kind_at(state: GameState, cell: int) -> Kind | None:
    tile = state.tiles[cell]
    return None if tile is None else tile.kind
