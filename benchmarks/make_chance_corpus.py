"""The corpus of real mid-game positions with a small pile of unknown order, and its exact labels.

    .venv/bin/python benchmarks/make_chance_corpus.py collect [--first-seed 880000] [--games 20] [--tiles 4]
    .venv/bin/python benchmarks/make_chance_corpus.py label [--workers 2] [--max-nodes 5000000] [--max-positions 2500000]
                                                            [--ids 0001,0002]

**collect** plays the games ``lueur play --seed S`` plays (:func:`solver.nightcage.play.autoplay.play_game`,
the search bot, 4 prisoners) for ``--games`` seeds from ``--first-seed`` on, and keeps every turn
start of each game with 1 to ``--tiles`` tiles left in the pile, every prisoner placed and the game
not over. The pile's order is then hidden: the tiles left all lie in the standard pile's last layer,
so every order of them is equally likely, and the position's pile is that one layer's contents.
Each position is written to ``benchmarks/chance/NNNN.json`` (a ``lueur-position/1`` file; ``meta``
holds the seed, the actions played before it and the tiles left) and listed in
``benchmarks/chance/index.json``. The same seeds give the same bytes.

**label** solves each position with the reference expectimax over the rules engine
(:func:`solver.nightcage.chance.expectimax.solve_chance`, the search ``lueur solve`` used before
issue 25), with a node budget and no clock, so a label does not depend on the machine: the
position's exact chance of winning and every choice's, as fractions, written to the index
(``expected``) with the nodes and CPU seconds it took. A position the budget does not settle keeps
``expected`` null. Labels already in the index are kept (``--ids`` relabels those).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.limits import Limits  # noqa: E402
from solver.nightcage.chance.expectimax import solve_chance  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.state import GameState, Pile  # noqa: E402
from solver.nightcage.notation.json_writer import dumps  # noqa: E402
from solver.nightcage.notation.position_json import loads  # noqa: E402
from solver.nightcage.play.autoplay import play_game, standard_setup  # noqa: E402
from solver.nightcage.rules.outcome import outcome  # noqa: E402

CORPUS = ROOT / "benchmarks" / "chance"


def hidden(state: GameState, last_layer: tuple[int, ...]) -> GameState:
    """The position as players see it: the tiles left, in an unknown order (one layer)."""
    left = state.pile.contents
    if any(n > m for n, m in zip(left, last_layer)):
        raise ValueError("the tiles left are not all in the pile's last layer")
    return replace(state, pile=Pile(layers=(left,)))


def positions_of(seed: int, tiles: int) -> list[tuple[int, GameState]]:
    """Game ``seed``'s turn starts with 1 to ``tiles`` tiles left: (actions played before, position)."""
    game = play_game(seed)
    assert game.record is not None
    last_layer = new_game(standard_setup(4)).pile.layers[-1]
    out = []
    for played, state in game.record.turn_ends:
        if 0 < state.pile.count <= tiles and not any(p.unplaced for p in state.prisoners) and outcome(state) is None:
            out.append((played, hidden(state, last_layer)))
    return out


def collect(first_seed: int, games: int, tiles: int) -> list[dict[str, Any]]:
    CORPUS.mkdir(parents=True, exist_ok=True)
    index = []
    for seed in range(first_seed, first_seed + games):
        for played, state in positions_of(seed, tiles):
            ident = f"{len(index) + 1:04d}"
            meta = {"title": f"lueur play --seed {seed}, after {played} actions, {state.pile.count} tiles left (order hidden)",
                    "seed": seed, "actions_before": played, "tiles": state.pile.count}
            (CORPUS / f"{ident}.json").write_text(dumps(state, meta))
            index.append({"id": ident, "file": f"{ident}.json", "seed": seed, "actions_before": played,
                          "tiles": state.pile.count, "expected": None})
        print(f"seed {seed}: {len(index)} positions so far", file=sys.stderr, flush=True)
    return index


def load_position(entry: dict[str, Any]) -> GameState:
    position, _ = loads((CORPUS / entry["file"]).read_text())
    return position.state


def label(task: tuple[dict[str, Any], int, int]) -> dict[str, Any]:
    entry, max_nodes, max_positions = task
    state = load_position(entry)
    started = time.process_time()
    sol = solve_chance(state, limits=Limits(max_nodes=max_nodes, max_positions=max_positions), hindsight=False, engine="reference")
    seconds = time.process_time() - started
    if sol.p_win is None:
        expected = None
    else:
        expected = {"p_win": _fraction(sol.p_win), "choices": {a: _fraction(p) for a, p in sol.best}}
    return {**entry, "expected": expected, "label": {"engine": "expectimax (rules engine)", "nodes": sol.nodes,
                                                    "cpu_seconds": round(seconds, 2), "reason": sol.reason}}


def _fraction(value: Any) -> str:
    return f"{value.numerator}/{value.denominator}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--first-seed", type=int, default=880000)
    c.add_argument("--games", type=int, default=20)
    c.add_argument("--tiles", type=int, default=4)
    lab = sub.add_parser("label")
    lab.add_argument("--workers", type=int, default=2)
    lab.add_argument("--max-nodes", type=int, default=5_000_000, help="the reference's positions (and its oracle's)")
    lab.add_argument("--max-positions", type=int, default=2_500_000, help="positions kept in memory (about 1 KB each)")
    lab.add_argument("--ids", default="", help="comma-separated ids to (re)label; default: those without a label")
    args = parser.parse_args(argv)
    index_path = CORPUS / "index.json"
    if args.command == "collect":
        index = collect(args.first_seed, args.games, args.tiles)
        index_path.write_text(json.dumps(index, indent=1) + "\n")
        print(f"{len(index)} positions written to {CORPUS}", file=sys.stderr)
        return
    index = json.loads(index_path.read_text())
    wanted = set(filter(None, args.ids.split(",")))
    todo = [e for e in index if (e["id"] in wanted if wanted else "label" not in e)]
    todo.sort(key=lambda e: e["tiles"])
    by_id = {e["id"]: i for i, e in enumerate(index)}
    with multiprocessing.Pool(args.workers) as pool:
        for done in pool.imap_unordered(label, [(e, args.max_nodes, args.max_positions) for e in todo]):
            # Saved as each label comes, over the file as it is now (another labelling run may share it).
            index = json.loads(index_path.read_text())
            index[by_id[done["id"]]] = done
            index_path.write_text(json.dumps(index, indent=1) + "\n")
            lab_ = done["label"]
            print(f"{done['id']} ({done['tiles']} tiles): {done['expected'] and done['expected']['p_win']}, "
                  f"{lab_['nodes']:,} nodes, {lab_['cpu_seconds']} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
