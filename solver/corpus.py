"""A seeded corpus of Final Flickers end-game positions, labelled by the exact search.

The planners (:mod:`solver.search`, and CP-SAT) need a fixed set of
positions to be measured and cross-checked on. :func:`generate` builds one:
every position is a valid turn start (``pending`` None) with an empty pile, on
the standard 6x6 setup with 4 prisoners or the 7x7 ``five`` setup with 5, and
every entry carries the search's answer (verdict, fewest turns, then fewest
Nerve, and the plan) and a tally of its features.

How a candidate is built (:func:`candidate`)
--------------------------------------------

With an empty pile a tile survives only while a prisoner lights it, so an
end-game board is the prisoners' cells and their lit neighbours. A candidate
is laid out around one gate (sometimes two): *arms*, self-avoiding walks from
the gate, are paved with tiles whose openings join one cell to the next, and
prisoners stand along the arms, some on the gate, others a few cells out.
Prisoners close enough to light the cells between them keep a corridor open;
a wider gap breaks it, so some of the group can regroup within a few turns
and others cannot. Key tiles, wax eaters, pits and crumbling tiles go on the
arms and on the lit cells beside them; candles, Nerve and keys are random;
now and then a prisoner is falling (with an empty pile, an immediate loss).
Tiles nobody lights are then discarded, as darkness would, so the position is
consistent by construction (it is checked all the same).

How the corpus is chosen (:func:`generate`)
-------------------------------------------

Candidate ``i`` of seed ``s`` is drawn from its own generator
(``random.Random(f"{s}:{i}")``) and solved by the search under a node limit
(a deterministic limit, so the corpus does not depend on the machine's
speed; candidates that reach it are dropped and counted). Each solved
candidate falls in a *bucket*: a win by its optimal length (1 to 9 turns, or
10 and more), a loss by how it is proven (a rule of §5 at once, the search's
bounds at the root, or a search of a given size); and by its board size.
Buckets have quotas (half the corpus wins, half loses), filled in candidate
order; when the candidates allowed run out, the fullest-possible corpus is
completed from the leftovers of the emptiest verdict. The same seed and
count always give the same corpus.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from . import counts
from . import endgame as eg
from .bounds import INFINITE, turns_left, turns_needed
from .grid import DIRECTIONS, OPPOSITE, geometry
from .lighting import illuminated
from .newgame import DEFAULT_NAMES
from .outcome import outcome
from .plan import PlanTurn, Solution
from .setups import Setup
from .state import GameState, Pile, Prisoner
from .tiles import SHAPE, TILE_TYPES, Kind, Tile, TileType, rotations
from .validate import consistency_problems

SETUPS = {4: Setup(), 5: Setup(base="five")}
"""The two setups of the corpus, by number of prisoners."""

MIN_TILES, MAX_TILES = 6, 24
DEFAULT_MAX_NODES = 3_000
"""Positions expanded before a candidate is dropped (about a second or two of search)."""

WIN_LENGTHS = tuple(range(1, 10)) + (10,)
"""Win buckets: optimal length 1 to 9, and 10 (meaning 10 or more)."""
LOSE_KINDS = ("rules", "bounds", "search-small", "search-large")
"""Lose buckets: a rule of §5 at once; the bounds at the root; a search of < 50 or more positions."""
LOSE_WEIGHTS = {"rules": 1, "bounds": 3, "search-small": 3, "search-large": 3}
SEARCH_LARGE = 50


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
    seconds: float = field(compare=False)
    """Search time when generated (machine-dependent: never written to the corpus files)."""

    @property
    def prisoners(self) -> int:
        return len(self.state.prisoners)

    @property
    def tiles(self) -> int:
        return sum(1 for t in self.state.tiles if t is not None)

    @property
    def bucket(self) -> tuple[int, str]:
        return bucket_of(self.prisoners, self.verdict, self.turns, self.features["lose_kind"], self.nodes)

    @property
    def title(self) -> str:
        who = f"{self.prisoners} prisoners"
        if self.verdict == "win":
            return f"{who}: win in {self.turns} turn{'s' if self.turns != 1 else ''} ({self.nerve_spent} Nerve)"
        return f"{who}: lost ({self.features['lose_kind']})"


@dataclass
class Report:
    """What a generation did: candidates tried, kept, dropped and why."""

    tried: int = 0
    invalid: int = 0
    """Candidates whose layout failed (a tile count out of range, too few tiles of a kind...)."""
    won_already: int = 0
    dropped: int = 0
    """Candidates the search did not settle within the node limit."""
    dropped_seconds: list[float] = field(default_factory=list)
    surplus: int = 0
    """Solved candidates not kept because their bucket was full."""


def generate(
    seed: int,
    count: int,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_candidates: int | None = None,
    report: Report | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Entry]:
    """``count`` labelled end-game positions, the same for the same arguments.

    Args:
        seed: the corpus seed.
        count: positions wanted.
        max_nodes: a candidate whose search expands this many positions is dropped.
        max_candidates: candidates tried at most (default ``60 * count``); then
            the corpus is completed from the surplus.
        report: filled with what happened, when given.
        progress: called with (kept, tried) after each candidate.
    """
    report = report if report is not None else Report()
    quotas = quotas_for(count)
    kept: dict[tuple[int, str], list[Entry]] = {b: [] for b in quotas}
    surplus: list[Entry] = []
    limit = max_candidates if max_candidates is not None else 60 * count
    total = 0
    for index in range(limit):
        if total >= count:
            break
        entry = label(seed, index, max_nodes, report)
        if progress is not None:
            progress(total, index + 1)
        if entry is None:
            continue
        slot = kept.get(entry.bucket)
        if slot is not None and len(slot) < quotas[entry.bucket]:
            slot.append(entry)
            total += 1
        else:
            report.surplus += 1
            surplus.append(entry)
    chosen = [e for b in quotas for e in kept[b]]
    chosen += _complete(chosen, surplus, count)
    return sorted(chosen, key=lambda e: e.index)


def quotas_for(count: int) -> dict[tuple[int, str], int]:
    """How many entries each bucket should get: half wins, half losses, both sizes alike."""
    names = [f"win-{n}" for n in WIN_LENGTHS]
    weights = {name: 1.0 / len(names) for name in names}
    lose_total = sum(LOSE_WEIGHTS.values())
    weights.update({f"lose-{k}": w / lose_total for k, w in LOSE_WEIGHTS.items()})
    wanted = [((p, name), count / 4 * w) for p in SETUPS for name, w in weights.items()]
    return _apportion(wanted, count)


def _apportion(wanted: list[tuple[Any, float]], total: int) -> dict[Any, int]:
    """Whole quotas summing to ``total``, by largest remainders (ties in list order)."""
    out = {k: int(w) for k, w in wanted}
    rest = total - sum(out.values())
    order = sorted(range(len(wanted)), key=lambda i: (-(wanted[i][1] - int(wanted[i][1])), i))
    for i in order[:rest]:
        out[wanted[i][0]] += 1
    return out


def _complete(chosen: list[Entry], surplus: list[Entry], count: int) -> list[Entry]:
    """Top up an incomplete corpus from the surplus, the scarcer verdict first."""
    need = count - len(chosen)
    if need <= 0 or not surplus:
        return []
    wins = sum(1 for e in chosen if e.verdict == "win")
    extra: list[Entry] = []
    pool = list(surplus)
    while need and pool:
        want = "win" if wins <= len(chosen) + len(extra) - wins else "lose"
        pick = next((e for e in pool if e.verdict == want), pool[0])
        pool.remove(pick)
        extra.append(pick)
        wins += pick.verdict == "win"
        need -= 1
    return extra


def bucket_of(prisoners: int, verdict: str, turns: int | None, lose_kind: str | None, nodes: int) -> tuple[int, str]:
    """The quota bucket of a solved position."""
    if verdict == "win":
        assert turns is not None
        return prisoners, f"win-{min(turns, WIN_LENGTHS[-1])}"
    return prisoners, f"lose-{lose_kind}"


# -- labelling ----------------------------------------------------------------------------------


def label(seed: int, index: int, max_nodes: int = DEFAULT_MAX_NODES, report: Report | None = None) -> Entry | None:
    """Candidate ``index`` of ``seed``, solved; None when it is unusable or the search gave up."""
    from .search import solve

    report = report if report is not None else Report()
    report.tried += 1
    state = candidate(random.Random(f"{seed}:{index}"), SETUPS[5 if index % 2 else 4])
    if state is None:
        report.invalid += 1
        return None
    over = outcome(state)
    if over is not None and over.result == "win":
        report.won_already += 1
        return None
    started = time.perf_counter()
    sol = solve(state, "turns", max_nodes=max_nodes)
    seconds = time.perf_counter() - started
    if sol.verdict == "unknown":
        report.dropped += 1
        report.dropped_seconds.append(seconds)
        return None
    feats = features(state)
    feats["lose_kind"] = lose_kind(state, sol)
    return Entry(index, state, sol.verdict, sol.turns, sol.nerve_spent, sol.plan, sol.reason, feats, sol.stats.nodes, seconds)


def lose_kind(state: GameState, sol: Solution) -> str | None:
    """How a loss is proven: ``rules`` (§5 at once), ``bounds`` (at the root), or a search's size."""
    if sol.verdict != "lose":
        return None
    if outcome(state) is not None:
        return "rules"
    k = eg.from_state(state)
    needed = turns_needed(k)
    if needed >= INFINITE or needed > turns_left(k):
        return "bounds"
    return "search-large" if sol.stats.nodes >= SEARCH_LARGE else "search-small"


# -- features -----------------------------------------------------------------------------------


def features(state: GameState) -> dict[str, Any]:
    """Counts of what a position holds (tiles by kind, prisoners' states, sight lines)."""
    tiles = [t for t in state.tiles if t is not None]
    kinds = Counter(t.kind for t in tiles)
    ps = state.prisoners
    return {
        "tiles": len(tiles),
        "gates": kinds[Kind.GATE],
        "key_tiles": sum(1 for t in tiles if t.kind is Kind.KEY and not t.key_taken),
        "key_tiles_taken": sum(1 for t in tiles if t.kind is Kind.KEY and t.key_taken),
        "wax_eaters": kinds[Kind.WAX_EATER],
        "watched_prisoners": watched_prisoners(state),
        "pits": kinds[Kind.PIT],
        "crumbling": sum(1 for t in tiles if t.crumbling),
        "keys_held": sum(1 for p in ps if p.key),
        "lights_out": sum(1 for p in ps if not p.lit and p.falling is None),
        "falling": sum(1 for p in ps if p.falling is not None),
        "nerve": sum(p.nerve for p in ps),
        "on_gate": sum(1 for p in ps if p.cell is not None and state.tiles[p.cell].kind is Kind.GATE),
    }


def watched_prisoners(state: GameState) -> int:
    """Prisoners standing in a wax eater's line of sight (§6.1)."""
    k = eg.from_state(state)
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    if not b[eg._MON]:
        return 0
    seen = 0
    for _, sight in eg._sights(ctx, b):
        seen |= sight
    return sum(1 for p in state.prisoners if p.cell is not None and seen >> p.cell & 1)


# -- candidates ---------------------------------------------------------------------------------

_TURN_ODDS = 0.35
"""Chance that an arm turns at each cell (else it goes straight on)."""


def candidate(rng: random.Random, setup: Setup) -> GameState | None:
    """A random consistent end-game turn start laid out around one or two gates (module doc).

    None when this draw does not give a usable position (tile count out of
    :data:`MIN_TILES`..:data:`MAX_TILES`, or a kind ran out).
    """
    layout = _Layout(rng, setup)
    if not layout.build():
        return None
    state = layout.state()
    tiles = sum(1 for t in state.tiles if t is not None)
    if not MIN_TILES <= tiles <= MAX_TILES or consistency_problems(state):
        return None
    return state


class _Layout:
    """The pieces of one candidate as they are laid: required openings, kinds, prisoners."""

    def __init__(self, rng: random.Random, setup: Setup) -> None:
        self.rng = rng
        self.setup = setup
        self.geo = geometry(setup.size)
        self.n = setup.prisoners
        self.left = dict(zip(TILE_TYPES, setup.totals()))
        self.need: dict[int, int] = {}
        """cell -> openings its tile must have (arms pass through it)."""
        self.kind: dict[int, Kind] = {}
        """cell -> kind fixed in advance (gates, keys, monsters on the arms)."""
        self.tiles: list[Tile | None] = [None] * self.geo.cells
        self.arms: list[list[int]] = []
        self.gates: list[int] = []
        self.cells: list[int] = []
        """The prisoners' cells, in turn order (-1: falling)."""

    # -- the skeleton ----------------------------------------------------------------------

    def build(self) -> bool:
        rng = self.rng
        gate = rng.randrange(self.geo.cells)
        self.gates.append(gate)
        self.kind[gate] = Kind.GATE
        spread = rng.choice((2, 3, 4, 5, 6))
        if rng.random() < 0.3:
            arm = self.walk(gate, rng.randint(2, 4))
            if len(arm) >= 3:
                self.gates.append(arm[-1])
                self.kind[arm[-1]] = Kind.GATE
        for _ in range(rng.randint(1, 3)):
            self.walk(rng.choice(self.gates), rng.randint(1, spread))
        self.place_prisoners(spread)
        self.decorate_arms()
        if not self.pave():
            return False
        self.add_side_tiles()
        return min(self.left.values()) >= 0

    def walk(self, start: int, length: int) -> list[int]:
        """A self-avoiding arm from ``start``; its cells' needed openings are recorded."""
        rng, geo = self.rng, self.geo
        arm = [start]
        heading = rng.randrange(4)
        used = set(self.need) | set(self.kind)
        for _ in range(length):
            if rng.random() < _TURN_ODDS:
                heading = (heading + rng.choice((1, 3))) % 4
            here = arm[-1]
            nxt = geo.neighbours[here][heading]
            if nxt in used or nxt in arm:
                break
            self.need[here] = self.need.get(here, 0) | DIRECTIONS[heading]
            self.need[nxt] = self.need.get(nxt, 0) | OPPOSITE[DIRECTIONS[heading]]
            arm.append(nxt)
        self.arms.append(arm)
        return arm

    def place_prisoners(self, spread: int) -> None:
        """Some prisoners on a gate, the others along the arms, mostly close to each other."""
        rng = self.rng
        spots = [c for arm in self.arms for c in arm[1:]]
        cells: list[int] = []
        for _ in range(self.n):
            free = [c for c in spots if c not in cells and c not in self.kind]
            if not free or rng.random() < 0.3:
                cells.append(rng.choice(self.gates))
            else:
                far = [c for c in free if self._depth(c) >= rng.randint(1, spread)]
                cells.append(rng.choice(far or free))
        rng.shuffle(cells)
        self.cells = cells

    def _depth(self, cell: int) -> int:
        """How far out along its arm a cell lies."""
        return next((arm.index(cell) for arm in self.arms if cell in arm), 0)

    def decorate_arms(self) -> None:
        """Key tiles, wax eaters and pits on arm cells no prisoner stands on."""
        rng = self.rng
        for arm in self.arms:
            for c in arm[1:]:
                if c in self.kind or c in self.cells:
                    continue
                roll = rng.random()
                if roll < 0.12:
                    self.kind[c] = Kind.KEY
                elif roll < 0.18:
                    self.kind[c] = Kind.WAX_EATER
                elif roll < 0.22:
                    self.kind[c] = Kind.PIT

    # -- tiles ------------------------------------------------------------------------------

    def pave(self) -> bool:
        """A tile on every arm cell, its openings including those the arm needs."""
        for c, need in sorted(self.need.items()):
            tile = self.tile_for(self.kind.get(c), need, standable=c in self.cells)
            if tile is None:
                return False
            self.tiles[c] = tile
        for c in self.gates:
            if self.tiles[c] is None:
                self.tiles[c] = self.take(TileType.GATE, SHAPE[Kind.GATE])
        return all(self.tiles[c] is not None for c in self.cells)

    def tile_for(self, kind: Kind | None, need: int, standable: bool) -> Tile | None:
        """A tile of ``kind`` (or a fitting ordinary kind) opening at least toward ``need``."""
        if kind is Kind.PIT:
            return self.pit()
        if kind is not None:
            return self.take(TileType(kind.value), SHAPE[kind])
        options = [t for t in _PATH_TYPES if self.left[t] > 0 and any(r & need == need for r in rotations(_KIND[t]))]
        if not options:
            return None
        weights = [_PATH_WEIGHT[t] * self.left[t] for t in options]
        t = self.rng.choices(options, weights)[0]
        fits = [r for r in rotations(_KIND[t]) if r & need == need]
        return self.take(t, self.rng.choice(fits))

    def take(self, t: TileType, openings: int) -> Tile:
        self.left[t] -= 1
        return Tile.of_type(t, openings)

    def pit(self) -> Tile:
        """A pit that was a crumbling tile still available."""
        options = [t for t in (TileType.STRAIGHT, TileType.KEY, TileType.START) if self.left[t] > 0]
        t = self.rng.choice(options)
        self.left[t] -= 1
        return Tile.of_type(t).pit()

    def add_side_tiles(self) -> None:
        """Random tiles in empty cells beside the prisoners, where their tiles open."""
        rng, geo = self.rng, self.geo
        density = rng.choice((0.2, 0.4, 0.6))
        for c in self.cells:
            tile = self.tiles[c]
            for i, d in enumerate(DIRECTIONS):
                x = geo.neighbours[c][i]
                if tile is None or not tile.openings & d or self.tiles[x] is not None or rng.random() > density:
                    continue
                t = rng.choices(_SIDE_TYPES, [_SIDE_WEIGHT[s] * max(self.left[s], 0) for s in _SIDE_TYPES])[0]
                if rng.random() < 0.2 and t in (TileType.STRAIGHT, TileType.KEY, TileType.START):
                    self.tiles[x] = self.take(t, rng.choice(rotations(_KIND[t]))).pit()
                else:
                    self.tiles[x] = self.take(t, rng.choice(rotations(_KIND[t])))

    # -- the position -----------------------------------------------------------------------

    def state(self) -> GameState:
        """The position: candles and Nerve drawn, dark tiles discarded, then the keys dealt."""
        rng = self.rng
        out_odds = rng.choice((0.0, 0.15, 0.3))
        prisoners = [
            Prisoner(DEFAULT_NAMES[i], cell=c, lit=rng.random() >= out_odds, nerve=rng.choice((0, 1, 1, 2)))
            for i, c in enumerate(self.cells)
        ]
        if rng.random() < 0.04:
            i = rng.randrange(self.n)
            axis = rng.choice(("row", "file"))
            prisoners[i] = prisoners[i]._replace(cell=None, falling=(axis, rng.randrange(self.geo.size)))
        base = GameState(self.geo.size, tuple(self.tiles), tuple(prisoners), rng.randrange(self.n), Pile(order=()), counts.ZERO, self.setup)
        lit = illuminated(base)
        tiles = [t if lit >> c & 1 else None for c, t in enumerate(self.tiles)]
        prisoners = self.deal_keys(prisoners, tiles)
        tiles = self.key_tiles_taken(prisoners, tiles)
        base = replace(base, tiles=tuple(tiles), prisoners=tuple(prisoners))
        return replace(base, discarded=counts.sub(self.setup.totals(), base.board_counts()))

    def deal_keys(self, prisoners: list[Prisoner], tiles: list[Tile | None]) -> list[Prisoner]:
        """Keys in hand: usually enough, with the key tiles on the board, for everyone; now and then one short."""
        rng = self.rng
        on_board = sum(1 for t in tiles if t is not None and t.kind is Kind.KEY)
        spare = rng.choice((-1, 0, 0, 1, 1, 2))
        holders = max(0, min(self.n, self.n - on_board + spare))
        chosen = set(rng.sample(range(self.n), holders))
        return [p._replace(key=i in chosen) for i, p in enumerate(prisoners)]

    def key_tiles_taken(self, prisoners: list[Prisoner], tiles: list[Tile | None]) -> list[Tile | None]:
        """A key tile under a key holder may have given its key already (§8.3)."""
        out = []
        for c, tile in enumerate(tiles):
            if tile is not None and tile.kind is Kind.KEY:
                holder = any(p.cell == c and p.key for p in prisoners)
                tile = tile._replace(key_taken=holder and self.rng.random() < 0.5)
            out.append(tile)
        return out


_KIND = {t: (Kind.T if t is TileType.CRACKED_T else Kind(t.value)) for t in TILE_TYPES}
_PATH_TYPES = (TileType.STRAIGHT, TileType.START, TileType.T, TileType.CROSS, TileType.KEY)
_PATH_WEIGHT = {TileType.STRAIGHT: 1.0, TileType.START: 1.0, TileType.T: 0.6, TileType.CROSS: 0.6, TileType.KEY: 0.5}
_SIDE_TYPES = (TileType.WAX_EATER, TileType.KEY, TileType.T, TileType.CROSS, TileType.STRAIGHT, TileType.GATE)
_SIDE_WEIGHT = {TileType.WAX_EATER: 0.5, TileType.KEY: 0.5, TileType.T: 0.1, TileType.CROSS: 0.1, TileType.STRAIGHT: 0.2, TileType.GATE: 0.3}


def iter_candidates(seed: int, start: int = 0) -> Iterator[tuple[int, GameState | None]]:
    """Candidates of a seed one by one (for experiments)."""
    index = start
    while True:
        yield index, candidate(random.Random(f"{seed}:{index}"), SETUPS[5 if index % 2 else 4])
        index += 1


__all__ = ["Entry", "Report", "generate", "label", "candidate", "features", "quotas_for", "SETUPS"]
