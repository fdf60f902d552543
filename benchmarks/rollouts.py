"""How many full games a second does the fast simulator play? Prints a small table.

    python benchmarks/rollouts.py [--games N] [--seed N] [--policies random,greedy] [--setup standard] [--json PATH]

Each policy plays ``--games`` seeded games from a new game of the setup (4
prisoners, 6x6, by default), one after the other in this process (one core),
through ``solver.nightcage.sim.game.Game.play``, the rollout hot path. Game ``i`` draws
its pile order from the seed ``"<seed>:<i>"`` whatever the policy, so every
policy plays the same piles; the policy's own seed is ``"<seed>:<i>:<policy>"``.

A game the rules leave without a legal option (a falling prisoner whose line
is all pits and occupied tiles: ``Stuck``, 1 of 5,000 random games tried) is
counted as ``stuck`` and as not won. The win rate comes with its 95% Wilson
score interval. Rates are given per second of wall time and per second of
this process's CPU time: on a loaded machine the second is the steadier.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.base.stats import wilson  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import BASES, Setup  # noqa: E402
from solver.nightcage.sim.game import Game  # noqa: E402
from solver.nightcage.sim.policies import GreedyPolicy, RandomPolicy  # noqa: E402
from solver.nightcage.sim.position import Stuck  # noqa: E402

POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}


def measure(game: Game, policy: str, games: int, seed: int) -> dict[str, object]:
    """Play ``games`` seeded games with one policy; the figures of one table row."""
    make = POLICIES[policy]
    wins = stuck = turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        try:
            result, n = game.play(make(random.Random(f"{seed}:{i}:{policy}")), random.Random(f"{seed}:{i}"))
        except Stuck:
            stuck += 1
            continue
        wins += result == "win"
        turns += n
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    low, high = wilson(wins, games)
    return {
        "policy": policy,
        "games": games,
        "seconds": wall,
        "cpu_seconds": cpu,
        "games_per_second": games / wall,
        "games_per_cpu_second": games / cpu,
        "wins": wins,
        "stuck": stuck,
        "win_rate": wins / games,
        "win_rate_95": [low, high],
        "turns_per_game": turns / max(1, games - stuck),
    }


def table(rows: list[dict]) -> list[str]:
    head = (
        f"  {'policy':<8} {'games':>6} {'seconds':>8} {'games/s':>8} {'per CPU s':>9} {'wins':>5} "
        f"{'win rate [95% Wilson]':>24} {'turns/game':>10} {'stuck':>5}"
    )
    lines = [head]
    for r in rows:
        low, high = r["win_rate_95"]
        rate = f"{100 * r['win_rate']:.2f}% [{100 * low:.2f}, {100 * high:.2f}]"
        lines.append(
            f"  {r['policy']:<8} {r['games']:>6,} {r['seconds']:>8.2f} {r['games_per_second']:>8,.0f} "
            f"{r['games_per_cpu_second']:>9,.0f} {r['wins']:>5} "
            f"{rate:>24} {r['turns_per_game']:>10.1f} {r['stuck']:>5}"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per policy (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the games' seed (default 0)")
    parser.add_argument("--policies", default="random,greedy", help="comma-separated, from: " + ", ".join(POLICIES))
    parser.add_argument("--setup", default="standard", choices=[b for b in BASES if not b.startswith("advanced")])
    parser.add_argument("--json", metavar="PATH", help="also write the figures there")
    args = parser.parse_args(argv)
    policies = args.policies.split(",")
    unknown = [p for p in policies if p not in POLICIES]
    if unknown:
        parser.error(f"unknown policies: {', '.join(unknown)}")

    setup = Setup(base=args.setup)
    game = Game(new_game(setup))  # compiled once, as a Monte Carlo search would
    rows = [measure(game, p, args.games, args.seed) for p in policies]

    print(
        f"Lueur rollouts: Python {platform.python_version()}, setup {args.setup} ({setup.prisoners} prisoners), "
        f"seed {args.seed}, one core"
    )
    print("\n".join(table(rows)))
    if args.json:
        report = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "platform": platform.platform(),
            "setup": args.setup,
            "seed": args.seed,
            "rows": rows,
        }
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
