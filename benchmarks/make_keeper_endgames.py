"""Write a set of hard keeper end-games: benchmarks/endgames/keepers/NNNN.json and index.json (issue 29).

    .venv/bin/python benchmarks/make_keeper_endgames.py [--seed 29] [--count 20]

The advanced corpus (``benchmarks/endgames/advanced``) is cut from random games down to the tiles
next to the prisoners: the kernel settles each in a few hundred positions at most, too few to
time the planners on keepers. These are the hard corpus's layouts (long arms, 10^4 to 10^6
positions searched) with keepers in the wax eaters' places: hard corpus position ``i`` (4 or 5
prisoners, every wax eater on its board) becomes candidate ``i``; each wax eater turns into a
keeper facing a side drawn by ``random.Random(f"keepers:{seed}:{i}")``, and the setup becomes a
custom count (the standard totals, the wax eaters on the board counted as keepers). A candidate is kept when it
is valid, not over, holds a keeper a prisoner can reach, and the search (``lueur solve``'s, the
compiled one) settles it within 2,000,000 positions expanded; wins and losses alternate. Each
file's ``meta.expected`` is the search's answer (``benchmarks/search_compiled.py`` checks the
Python search against it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.limits import Limits  # noqa: E402
from solver.nightcage.endgame import kernel as eg  # noqa: E402
from solver.nightcage.endgame.bounds import reach  # noqa: E402
from solver.nightcage.endgame.search import solve  # noqa: E402
from solver.nightcage.model import counts  # noqa: E402
from solver.nightcage.model.grid import DIRECTIONS  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.model.state import GameState  # noqa: E402
from solver.nightcage.model.tiles import Kind, Tile, TileType  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.notation.position_json import dumps  # noqa: E402
from solver.nightcage.rules.outcome import outcome  # noqa: E402
from solver.nightcage.rules.validate import consistency_problems  # noqa: E402

HARD = ROOT / "benchmarks" / "endgames" / "hard"
OUT = ROOT / "benchmarks" / "endgames" / "keepers"
MAX_NODES = 2_000_000


def candidate(state: GameState, seed: int, index: int) -> GameState | None:
    rng = random.Random(f"keepers:{seed}:{index}")
    tiles = list(state.tiles)
    turned = 0
    for c, tile in enumerate(tiles):
        if tile is not None and tile.kind is Kind.WAX_EATER:
            tiles[c] = Tile.make(Kind.KEEPER, facing=rng.choice(DIRECTIONS))
            turned += 1
    if not turned:
        return None
    totals = state.setup.totals()
    custom = counts.add(counts.sub(totals, counts.counts_from({TileType.WAX_EATER: turned})), counts.counts_from({TileType.KEEPER: turned}))
    setup = Setup(base=state.setup.base, counts=custom, rulings=state.rulings)
    out = replace(state, tiles=tuple(tiles), setup=setup)
    out = replace(out, discarded=counts.sub(custom, out.board_counts()))
    if consistency_problems(out) or outcome(out) is not None:
        return None
    k = eg.from_state(out)
    if not reach(k) & k[eg.KEEPER]:
        return None
    return out


def answer(state: GameState) -> dict[str, Any] | None:
    sol = solve(state, limits=Limits(max_nodes=MAX_NODES, max_positions=2_000_000))
    if sol.verdict == "unknown":
        return None
    return {"verdict": str(sol.verdict), "turns": sol.turns, "nerve_spent": sol.nerve_spent,
            "plan": [t.as_json() for t in sol.plan], "reason": sol.reason, "nodes": sol.stats.nodes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    rows = json.loads((HARD / "index.json").read_text())
    wins: list[tuple[int, GameState, dict[str, Any]]] = []
    losses: list[tuple[int, GameState, dict[str, Any]]] = []
    for i, row in enumerate(rows):
        if len(wins) >= args.count // 2 and len(losses) >= args.count - args.count // 2:
            break
        state = candidate(load_path(HARD / row["file"])[0].state, args.seed, i)
        if state is None:
            continue
        expected = answer(state)
        if expected is None:
            continue
        (wins if expected["verdict"] == "win" else losses).append((i, state, expected))
        print(f"\r{i + 1} candidates, {len(wins)} wins, {len(losses)} losses", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    chosen = sorted(wins[: args.count // 2] + losses[: args.count - args.count // 2], key=lambda e: e[0])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for n, (i, state, expected) in enumerate(chosen, start=1):
        ident = f"{n:04d}"
        nodes = expected.pop("nodes")
        meta = {"title": f"keepers in a hard layout: {expected['verdict']}",
                "generator": {"script": "benchmarks/make_keeper_endgames.py", "seed": args.seed, "index": i,
                              "from": f"benchmarks/endgames/hard/{rows[i]['file']}"},
                "expected": expected, "nodes_at_generation": nodes}
        (out / f"{ident}.json").write_text(dumps(state, meta=meta), encoding="utf-8")
        index.append({"id": ident, "file": f"{ident}.json", "from": rows[i]["file"], "prisoners": len(state.prisoners),
                      "keepers": sum(1 for t in state.tiles if t is not None and t.kind is Kind.KEEPER),
                      "verdict": expected["verdict"], "turns": expected["turns"], "nerve_spent": expected["nerve_spent"],
                      "nodes_at_generation": nodes})
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"{len(index)} positions: {sum(r['verdict'] == 'win' for r in index)} wins; nodes "
          f"{sorted(r['nodes_at_generation'] for r in index)}")


if __name__ == "__main__":
    main()
