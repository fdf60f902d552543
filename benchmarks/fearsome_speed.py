"""Speed of the Fearsome Floors analyses (issue 17): the forecast, the safe moves, the worst case and the race.

The issue asks that `forecast` and `moves` answer on the basic layout and on
random mid-game positions "in well under a second". This measures CPU seconds
(``time.process_time``) per call on the basic layout (2 to 7 players) and on
mid-game positions of seeded random games (``solver.testing.fearsome.midgame``:
2 to 7 players, basic and advanced scenery), with p50, p95 and max, and counts
(tiles walked, moves ranked, joint replies played out). Reported, not asserted.

    .venv/bin/python benchmarks/fearsome_speed.py [--positions 200] [--race 40] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.fearsome.analysis.forecast import forecast  # noqa: E402
from solver.fearsome.analysis.race import race  # noqa: E402
from solver.fearsome.analysis.safe_moves import rank_moves  # noqa: E402
from solver.fearsome.model import setups  # noqa: E402
from solver.fearsome.model.state import Position  # noqa: E402
from solver.testing.fearsome import midgame  # noqa: E402


def _timed(call: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    started = time.process_time()
    result = call(*args, **kwargs)
    return time.process_time() - started, result


def _summary(times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"positions": len(ordered), "p50_ms": round(1000 * statistics.median(ordered), 1),
            "p95_ms": round(1000 * p95, 1), "max_ms": round(1000 * ordered[-1], 1)}


def measure(positions: list[Position], race_count: int) -> dict[str, Any]:
    figures: dict[str, list[float]] = {"forecast": [], "moves": [], "moves_worst_case": [], "race": []}
    tiles = ranked = replies = too_many = 0
    for index, position in enumerate(positions):
        seconds, seen = _timed(forecast, position)
        figures["forecast"].append(seconds)
        tiles += len(seen.tiles)
        seconds, ranking = _timed(rank_moves, position)
        figures["moves"].append(seconds)
        ranked += len(ranking.moves)
        seconds, worst = _timed(rank_moves, position, worst_case=True)
        figures["moves_worst_case"].append(seconds)
        replies += sum(m.replies or 0 for m in worst.moves)
        too_many += sum(1 for m in worst.moves if m.worst is None)
        if index < race_count:
            figures["race"].append(_timed(race, position)[0])
    doc = {name: _summary(times) for name, times in figures.items() if times}
    doc["counts"] = {"tiles_walked": tiles, "moves_ranked": ranked, "joint_replies_played": replies,
                     "moves_with_too_many_replies": too_many}
    return doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="random mid-game positions (seeds 0..N-1)")
    parser.add_argument("--race", type=int, default=40, help="of those, how many the race is timed on (it is slower)")
    parser.add_argument("--json", help="write the figures there as JSON")
    args = parser.parse_args()
    basic = [setups.new_game(players) for players in range(2, 8)]
    started = time.process_time()
    midgames = [midgame(seed) for seed in range(args.positions)]
    made = time.process_time() - started
    doc = {"basic_layout": measure(basic, len(basic)), "midgame": measure(midgames, args.race),
           "midgame_generation_s": round(made, 1)}
    text = json.dumps(doc, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
