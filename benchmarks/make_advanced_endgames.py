"""Write the advanced end-game corpus: benchmarks/endgames/advanced/NNNN.json and index.json.

    .venv/bin/python benchmarks/make_advanced_endgames.py [--seed S] [--count N]

Final Flickers positions holding keepers, pit fiends, the pathless and the
Dirge's pit, which the end-game kernel, CP-SAT and the PDDL export do not
model (docs/planners.md): the search plays them through the rules engine.
Candidate ``i`` of seed ``s`` has its own generator (``random.Random(f"{s}:{i}")``)
and setup (:data:`SETUPS`, in turn): a seeded random game is played for a
random number of steps, omens and the Dirge included; one of its turn starts
(one after the Dirge was laid, when there is one) becomes an end game:

1. the pile goes to the discard (the Final Flickers);
2. every prisoner holds a key with odds 0.8 (random games hold few); every other candidate moves the prisoners near a gate of the board
   (standable tiles at most two steps from it; keys, Nerve and candles
   redrawn), so that wins occur too: random games rarely end near a gate;
3. the board is cut down to the tiles within 1 or 2 steps of a prisoner
   (gates within 3; the Dirge kept whole), then tiles no prisoner lights are
   discarded until none is left, so that every tile total still holds.

A candidate is kept when it holds an advanced piece, is valid
(:func:`solver.nightcage.rules.validate.consistency_problems`), is not over, and both
exact methods answer it within a fixed number of positions (deterministic
limits: the corpus does not depend on the machine): the A* search
(:func:`solver.nightcage.endgame.search.solve`) and the breadth-first reference over the
rules engine (:func:`solver.testing.reference_search.reference_solve`). Their
answers must agree (verdict, fewest turns, then fewest Nerve): a disagreement
stops the generator. Wins and losses are kept in turn, so neither verdict
fills the corpus alone. Each file's ``meta.expected`` is the search's answer.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.limits import Limits  # noqa: E402
from solver.base.stats import percentile  # noqa: E402
from solver.nightcage.endgame.plan import Solution  # noqa: E402
from solver.nightcage.endgame.search import solve  # noqa: E402
from solver.nightcage.model import counts  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.model.state import GameState, Pile  # noqa: E402
from solver.nightcage.model.tiles import Kind, Tile  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.notation.position_json import dumps  # noqa: E402
from solver.nightcage.rules.engine import apply, chance_outcomes, legal_actions, node_type  # noqa: E402
from solver.nightcage.rules.lighting import illuminated  # noqa: E402
from solver.nightcage.rules.outcome import outcome  # noqa: E402
from solver.nightcage.rules.validate import consistency_problems  # noqa: E402
from solver.testing.reference_search import ReferenceLimit, reference_solve  # noqa: E402

OUT = ROOT / "benchmarks" / "endgames" / "advanced"
INDEX = "index.json"
SUPREME = (("pathless", 2), ("omens", 2))
SETUPS = (
    Setup("advanced"),
    Setup("standard", supreme=SUPREME),
    Setup("advanced-five"),
    Setup("advanced", supreme=SUPREME),
)
ADVANCED = (Kind.KEEPER, Kind.PIT_FIEND, Kind.PATHLESS)
STANDABLE = (Kind.START, Kind.STRAIGHT, Kind.T, Kind.CROSS, Kind.KEY, Kind.GATE)
MAX_NODES = 300
"""Positions the search may expand for one candidate."""
MAX_REFERENCE = 3_000
"""Turn-start positions the reference may meet for one candidate."""


@dataclass
class Entry:
    index: int
    setup: str
    state: GameState
    expected: dict[str, Any]
    features: dict[str, Any]
    seconds: float
    reference_seconds: float


# -- positions ---------------------------------------------------------------------------------------


def random_step(state: GameState, rng: random.Random) -> GameState:
    if node_type(state) == "chance":
        outcomes = chance_outcomes(state)
        return apply(state, rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0])[0]
    return apply(state, rng.choice(legal_actions(state)))[0]


def playout_turn_start(rng: random.Random, setup: Setup, with_gate: bool) -> GameState | None:
    """A turn start of a seeded random game (one with the Dirge laid, when the game has one;
    one with a gate on the board, when asked)."""
    state = new_game(setup, rng=random.Random(rng.random()))
    starts: list[GameState] = []
    for _ in range(rng.randint(60, 400)):
        if node_type(state) == "terminal":
            break
        state = random_step(state, rng)
        if state.pending is None and all(p.cell is not None and p.falling is None for p in state.prisoners):
            starts.append(state)
    if with_gate:
        starts = [s for s in starts if any(t is not None and t.kind is Kind.GATE for t in s.tiles)]
    with_dirge = [s for s in starts if has_dirge(s)]
    pool = with_dirge if with_dirge and rng.random() < 0.8 else starts
    return rng.choice(pool) if pool else None


def has_dirge(state: GameState) -> bool:
    return any(t is not None and t.dirge for t in state.tiles)


def final_flickers(state: GameState) -> GameState:
    return replace(state, pile=Pile(order=()), discarded=counts.add(state.discarded, state.pile.contents))


def steps_from(state: GameState, sources: list[int]) -> dict[int, int]:
    """Steps on the bare torus from the nearest source cell."""
    dist = {c: 0 for c in sources}
    front = list(sources)
    while front:
        nxt = []
        for c in front:
            for x in state.geo.neighbours[c]:
                if x not in dist:
                    dist[x] = dist[c] + 1
                    nxt.append(x)
        front = nxt
    return dist


def gathered(state: GameState, rng: random.Random) -> GameState | None:
    """The prisoners moved onto standable tiles at most two steps from one gate; keys, Nerve, candles redrawn."""
    gates = [c for c, t in enumerate(state.tiles) if t is not None and t.kind is Kind.GATE]
    if not gates:
        return None
    # A gate near a pathless or the Dirge when the board has one: cut down to the prisoners' surroundings,
    # those pieces would otherwise rarely stay in the end-game.
    rare = [c for c, t in enumerate(state.tiles) if t is not None and (t.kind is Kind.PATHLESS or t.dirge)]
    if rare:
        near_rare = steps_from(state, rare)
        gates = sorted(gates, key=lambda c: near_rare[c])[:1]
    dist = steps_from(state, [rng.choice(gates)])
    near = [c for c, t in enumerate(state.tiles) if t is not None and t.kind in STANDABLE and dist[c] <= 2]
    off_gate = [c for c in near if state.tiles[c].kind is not Kind.GATE]  # type: ignore[union-attr]
    on_gate = [c for c in near if c not in off_gate]
    n = len(state.prisoners)
    alone = rng.sample(off_gate, min(len(off_gate), rng.randint(0, n)))
    cells = alone + [rng.choice(on_gate) for _ in range(n - len(alone))]
    rng.shuffle(cells)
    prisoners = tuple(
        p._replace(cell=c, lit=rng.random() < 0.75, nerve=rng.choice((0, 1, 1, 2)), key=rng.random() < 0.8)
        for p, c in zip(state.prisoners, cells)
    )
    return replace(state, prisoners=prisoners)


def cut_down(state: GameState, reach: int) -> GameState:
    """Only the tiles near a prisoner (gates a little farther, the Dirge whole), and only lit ones."""
    dist = steps_from(state, [p.cell for p in state.prisoners if p.cell is not None])
    keep_dirge = any(t is not None and t.dirge and dist[c] <= reach + 1 for c, t in enumerate(state.tiles))

    def kept(c: int, t: Tile) -> bool:
        if t.dirge:
            return keep_dirge
        return dist[c] <= (reach + 1 if t.kind is Kind.GATE else reach)

    state = without(state, [c for c, t in enumerate(state.tiles) if t is not None and not kept(c, t)])
    while True:  # a tile lit only through a tile removed goes dark: discard it too
        lit = illuminated(state)
        dark = [
            c for c, t in enumerate(state.tiles)
            if t is not None and not lit >> c & 1 and t.kind is not Kind.KEEPER and not t.dirge
        ]
        if not dark:
            return state
        state = without(state, dark)


def without(state: GameState, cells: list[int]) -> GameState:
    """The tiles of ``cells`` discarded (the Dirge's pits are no box tiles: they just go)."""
    tiles = list(state.tiles)
    discarded = state.discarded
    for c in cells:
        tile = tiles[c]
        assert tile is not None
        if tile.type is not None:
            discarded = counts.bump(discarded, tile.type)
        tiles[c] = None
    return replace(state, tiles=tuple(tiles), discarded=discarded)


def candidate(seed: int, index: int) -> GameState | None:
    rng = random.Random(f"{seed}:{index}")
    start = playout_turn_start(rng, SETUPS[index % len(SETUPS)], with_gate=True)
    if start is None:
        return None
    state = final_flickers(start)
    state = replace(state, prisoners=tuple(p._replace(key=rng.random() < 0.8) for p in state.prisoners))
    rare = any(t is not None and (t.kind is Kind.PATHLESS or t.dirge) for t in state.tiles)
    if index % 2 or rare:
        moved = gathered(state, rng)
        if moved is None:
            return None
        state = moved
    state = cut_down(state, rng.choice((1, 2)))
    if not any(t is not None and (t.kind in ADVANCED or t.dirge) for t in state.tiles):
        return None
    if consistency_problems(state) or outcome(state) is not None:
        return None
    return state


# -- labels -------------------------------------------------------------------------------------------


def features(state: GameState) -> dict[str, Any]:
    kinds = Counter(t.kind for t in state.tiles if t is not None and not t.dirge)
    return {
        "prisoners": len(state.prisoners),
        "tiles": sum(kinds.values()),
        "keepers": kinds[Kind.KEEPER],
        "pit_fiends": kinds[Kind.PIT_FIEND],
        "pathless": kinds[Kind.PATHLESS],
        "wax_eaters": kinds[Kind.WAX_EATER],
        "gates": kinds[Kind.GATE],
        "dirge": has_dirge(state),
        "keys_held": sum(p.key for p in state.prisoners),
        "lights_out": sum(not p.lit for p in state.prisoners),
    }


def answer(sol: Solution) -> dict[str, Any]:
    return {
        "verdict": str(sol.verdict),
        "turns": sol.turns,
        "nerve_spent": sol.nerve_spent,
        "plan": [t.as_json() for t in sol.plan],
        "reason": sol.reason,
    }


def label(seed: int, index: int) -> Entry | None:
    """The candidate with both answers, or None (no candidate, or a method over its limit)."""
    state = candidate(seed, index)
    if state is None:
        return None
    started = time.perf_counter()
    sol = solve(state, limits=Limits(max_nodes=MAX_NODES))
    seconds = time.perf_counter() - started
    if sol.verdict == "unknown":
        return None
    started = time.perf_counter()
    try:
        ref = reference_solve(state, MAX_REFERENCE)
    except ReferenceLimit:
        return None
    reference_seconds = time.perf_counter() - started
    if (ref.verdict, ref.turns, ref.nerve_spent) != (sol.verdict, sol.turns, sol.nerve_spent):
        raise SystemExit(
            f"candidate {index}: the search says {sol.verdict} {sol.turns} {sol.nerve_spent}, "
            f"the reference {ref.verdict} {ref.turns} {ref.nerve_spent}:\n{dumps(state)}"
        )
    setup = SETUPS[index % len(SETUPS)]
    name = setup.base + ("+supreme" if setup.supreme else "")
    return Entry(index, name, state, answer(sol), features(state), seconds, reference_seconds)


RARE = 20
"""Positions with a pathless or the Dirge the corpus asks for (keepers come on their own)."""


def is_rare(entry: Entry) -> bool:
    return bool(entry.features["pathless"] or entry.features["dirge"])


def generate(seed: int, count: int, max_candidates: int) -> tuple[list[Entry], Counter[str]]:
    """Wins and losses alternately (the scarcer first) until ``count``, with :data:`RARE` positions
    holding a pathless or the Dirge first among each, or until the candidates run out."""
    wins: list[Entry] = []
    losses: list[Entry] = []
    tried: Counter[str] = Counter()
    for index in range(max_candidates):
        entry = label(seed, index)
        tried["kept" if entry else "dropped"] += 1
        if entry is not None:
            (wins if entry.expected["verdict"] == "win" else losses).append(entry)
        rare = sum(is_rare(e) for e in wins + losses)
        print(f"\r{index + 1} candidates, {len(wins)} wins, {len(losses)} losses, {rare} rare", end="", file=sys.stderr, flush=True)
        if min(len(wins), count // 2) + min(len(losses), count - count // 2) >= count and rare >= RARE:
            break
    print(file=sys.stderr)
    wins.sort(key=lambda e: not is_rare(e))  # stable: the rare ones first, each group in candidate order
    losses.sort(key=lambda e: not is_rare(e))
    chosen = wins[: count // 2] + losses[: count - count // 2]
    if len(chosen) < count:  # one verdict ran short: the other fills in
        rest = wins[count // 2 :] + losses[count - count // 2 :]
        chosen += rest[: count - len(chosen)]
    return sorted(chosen, key=lambda e: e.index), tried


def files(entries: list[Entry], seed: int) -> dict[str, str]:
    out: dict[str, str] = {}
    index = []
    for n, entry in enumerate(entries, start=1):
        ident = f"{n:04d}"
        meta = {
            "title": f"{entry.setup}: {describe(entry.expected)}",
            "generator": {"script": "benchmarks/make_advanced_endgames.py", "seed": seed, "index": entry.index},
            "features": entry.features,
            "expected": entry.expected,
        }
        out[f"{ident}.json"] = dumps(entry.state, meta=meta)
        index.append({"id": ident, "file": f"{ident}.json", "setup": entry.setup, **entry.features,
                      "verdict": entry.expected["verdict"], "turns": entry.expected["turns"],
                      "nerve_spent": entry.expected["nerve_spent"]})
    out[INDEX] = json.dumps(index, indent=1) + "\n"
    return out


def describe(expected: dict[str, Any]) -> str:
    if expected["verdict"] == "win":
        return f"a win in {expected['turns']} ({expected['nerve_spent']} Nerve)"
    return "lost"


def report(entries: list[Entry], tried: Counter[str], seconds: float) -> None:
    feats = [e.features for e in entries]
    verdicts = Counter(e.expected["verdict"] for e in entries)
    print(f"{len(entries)} positions from {sum(tried.values())} candidates in {seconds:.0f} s: {dict(verdicts)}")
    print("setups:", dict(Counter(e.setup for e in entries)))
    for piece in ("keepers", "pit_fiends", "pathless", "wax_eaters"):
        print(f"with {piece}: {sum(f[piece] > 0 for f in feats)}")
    print(f"with the Dirge: {sum(f['dirge'] for f in feats)}")
    print("prisoners:", dict(Counter(f["prisoners"] for f in feats)))
    print("tiles:", dict(sorted(Counter(f["tiles"] for f in feats).items())))
    print("win turns:", dict(sorted(Counter(e.expected["turns"] for e in entries if e.expected["turns"]).items())))
    for name, times in (("search", [e.seconds for e in entries]), ("reference", [e.reference_seconds for e in entries])):
        times.sort()
        print(f"{name}: p50 {percentile(times, 0.5):.3f} s, p95 {percentile(times, 0.95):.3f} s, max {times[-1]:.3f} s")


def relabel(out: Path, why: str) -> list[str]:
    """Solve every committed position again (search and reference, which must agree) and rewrite
    the ``expected`` answer, title and index row of those whose verdict, turns or Nerve changed
    (a rule read anew): the positions stay the corpus's, only their labels follow the rules."""
    index = json.loads((out / INDEX).read_text(encoding="utf-8"))
    changed = []
    for row in index:
        path = out / row["file"]
        doc = json.loads(path.read_text(encoding="utf-8"))
        state = load_path(path)[0].state
        sol = solve(state, limits=Limits(max_nodes=20_000))
        ref = reference_solve(state, 20_000)
        if (ref.verdict, ref.turns, ref.nerve_spent) != (sol.verdict, sol.turns, sol.nerve_spent):
            raise SystemExit(f"{row['file']}: the search and the reference disagree")
        expected = answer(sol)
        old = doc["meta"]["expected"]
        if (old["verdict"], old["turns"], old["nerve_spent"]) == (expected["verdict"], expected["turns"], expected["nerve_spent"]):
            continue  # the same answer (its plan or count of positions may differ)
        changed.append(row["file"])
        doc["meta"]["expected"] = expected
        doc["meta"]["title"] = f"{row['setup']}: {describe(expected)}"
        doc["meta"]["relabelled"] = why
        path.write_text(dumps(state, meta=doc["meta"]), encoding="utf-8")
        row.update(verdict=expected["verdict"], turns=expected["turns"], nerve_spent=expected["nerve_spent"])
    (out / INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=13, help="corpus seed (default 13)")
    parser.add_argument("--count", type=int, default=120, help="positions (default 120)")
    parser.add_argument("--max-candidates", type=int, default=3_000, help="candidates tried at most")
    parser.add_argument("--out", default=str(OUT), help="directory (default benchmarks/endgames/advanced)")
    parser.add_argument("--relabel", metavar="WHY", help="keep the positions; solve each again and rewrite the answers that changed")
    args = parser.parse_args()
    if args.relabel:
        print("relabelled:", ", ".join(relabel(Path(args.out), args.relabel)) or "none")
        return
    started = time.perf_counter()
    entries, tried = generate(args.seed, args.count, args.max_candidates)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9][0-9][0-9].json"):
        old.unlink()
    for name, text in files(entries, args.seed).items():
        (out / name).write_text(text, encoding="utf-8")
    report(entries, tried, time.perf_counter() - started)


if __name__ == "__main__":
    main()
