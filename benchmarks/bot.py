"""The bot against the two baselines: win rates of whole games.

    .venv/bin/python benchmarks/bot.py [--games 1000] [--bot-games N] [--policies random,greedy,bot]
                                       [--workers 2] [--samples S] [--time-limit SECONDS]
                                       [--setup standard|advanced|supreme]
                                       [--prisoners 4] [--first-seed 0] [--json PATH]

``--setup``: ``standard`` (the default), ``advanced`` (keepers for the keys,
pit fiends), ``supreme`` (standard + the supreme monsters: 2 pathless, 2 omens).
The policies play through the fast simulator; where it does not cover a
setup's pieces, ``random`` plays through the rules engine instead (uniform
choices, the same seeds) and ``greedy`` and ``bot`` are reported as not
covered, with the simulator's reason.

Game ``i`` is :func:`solver.play.autoplay.play_game` with seed ``first-seed + i``:
its pile order depends on the seed only, so every policy plays the same
piles. Policies run one after the other, each over ``--workers`` processes.
Printed per policy: games, wins, the win rate with its 95% Wilson interval,
wall seconds, the mean time of a decision the policy was asked (one with a
single option is not asked), decisions per game, turns per game, and games
cut off unfinished after 1,000 turns (counted as lost).

The bot's budget per decision is ``--samples`` (pile orders each option is
tried on; reproducible) and, optionally, ``--time-limit`` (no further sample
is started past it; the results then depend on the machine's speed).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import random  # noqa: E402

from solver.core.errors import NotCovered  # noqa: E402
from solver.core.newgame import new_game  # noqa: E402
from solver.core.setups import Setup  # noqa: E402
from solver.play.autoplay import MAX_TURNS, POLICIES, BotOptions, Timed, Unfinished, make_policy, play_game  # noqa: E402
from solver.play.playouts import engine_playout  # noqa: E402
from solver.play.stats import wilson  # noqa: E402
from solver.sim.game import Game  # noqa: E402

SETUPS = {
    "advanced": lambda five: Setup(base="advanced-five" if five else "advanced"),
    "supreme": lambda five: Setup(base="five" if five else "standard", supreme=(("pathless", 2), ("omens", 2))),
}


@dataclass(frozen=True)
class Task:
    policy: str
    seed: int
    prisoners: int
    bot: BotOptions
    setup: str = "standard"


def run_game(task: Task) -> dict[str, Any]:
    if task.setup != "standard":
        return run_other_game(task)
    try:
        game = play_game(task.seed, task.prisoners, task.policy, task.bot, record=False)
    except Unfinished:  # counted as lost
        return {"seed": task.seed, "result": "unfinished", "turns": 0, "decisions": 0, "thinking": 0.0}
    return {"seed": task.seed, "result": game.result, "turns": game.turns, "decisions": game.decisions, "thinking": game.thinking}


def run_other_game(task: Task) -> dict[str, Any]:
    """:func:`play_game`'s seeding on another setup; through the engine where the simulator cannot go."""
    setup = SETUPS[task.setup](task.prisoners == 5)
    known = new_game(setup, rng=random.Random(f"pile-{task.seed}"))
    policy_rng = random.Random(f"policy-{task.seed}")
    try:
        game = Game(known)
    except NotCovered as exc:
        if task.policy != "random":
            return {"seed": task.seed, "result": "not covered", "reason": str(exc), "turns": 0, "decisions": 0, "thinking": 0.0}
        started = time.perf_counter()
        won = engine_playout(known, policy_rng)
        return {"seed": task.seed, "result": "win" if won else "lose", "turns": 0, "decisions": 0,
                "thinking": time.perf_counter() - started, "engine": True}
    timed = Timed(make_policy(task.policy, policy_rng, new_game(setup), task.bot))
    try:
        played = game.rollout(timed, random.Random(0), record=False, max_turns=MAX_TURNS)
    except RuntimeError:  # the simulator's turn or decision limit: counted as lost
        return {"seed": task.seed, "result": "unfinished", "turns": 0, "decisions": 0, "thinking": 0.0}
    return {"seed": task.seed, "result": played.result, "turns": played.turns, "decisions": timed.calls, "thinking": timed.seconds}


def run_policy(policy: str, seeds: range, prisoners: int, bot: BotOptions, workers: int, setup: str = "standard") -> dict[str, Any]:
    tasks = [Task(policy, seed, prisoners, bot, setup) for seed in seeds]
    started = time.perf_counter()
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            games = list(pool.imap(run_game, tasks, chunksize=4))
    else:
        games = [run_game(t) for t in tasks]
    seconds = time.perf_counter() - started
    refused = [g["reason"] for g in games if g["result"] == "not covered"]
    if refused:
        return {"policy": policy, "games": 0, "not_covered": refused[0], "seconds": round(seconds, 3)}
    wins = sum(g["result"] == "win" for g in games)
    decisions = sum(g["decisions"] for g in games)
    low, high = wilson(wins, len(games))
    return {
        "policy": policy,
        "games": len(games),
        "wins": wins,
        "win_rate": wins / len(games) if games else None,
        "ci95": [round(low, 6), round(high, 6)],
        "seconds": round(seconds, 3),
        "mean_decision_ms": round(1000 * sum(g["thinking"] for g in games) / decisions, 4) if decisions else None,
        "decisions_per_game": round(decisions / len(games), 2) if games else None,
        "turns_per_game": round(sum(g["turns"] for g in games) / len(games), 2) if games else None,
        "unfinished": sum(g["result"] == "unfinished" for g in games),
        "won_seeds": [g["seed"] for g in games if g["result"] == "win"],
        "through": "the rules engine (uniform choices)" if any(g.get("engine") for g in games) else "the fast simulator",
    }


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        f"{'policy':8s} {'games':>6s} {'wins':>5s} {'win rate [95% Wilson]':>24s} {'seconds':>8s} "
        f"{'ms/decision':>11s} {'decisions/game':>14s} {'turns/game':>10s} {'unfinished':>10s}"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        if "not_covered" in r:
            lines.append(f"{r['policy']:8s} not covered: {r['not_covered']}")
            continue
        low, high = r["ci95"]
        rate = f"{r['win_rate']:.2%} [{low:.2%}, {high:.2%}]"
        lines.append(
            f"{r['policy']:8s} {r['games']:6d} {r['wins']:5d} {rate:>24s} {r['seconds']:8.1f} "
            f"{_cell(r['mean_decision_ms'], 11, 4)} {_cell(r['decisions_per_game'], 14, 1)} "
            f"{_cell(r['turns_per_game'], 10, 1)} {r['unfinished']:10d}"
        )
    return "\n".join(lines)


def _cell(value: float | None, width: int, digits: int) -> str:
    """A figure, or a dash where the engine's playouts do not count it."""
    return f"{value:{width}.{digits}f}" if value else f"{'-':>{width}s}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per policy (default 1000)")
    parser.add_argument("--bot-games", type=int, default=None, help="games for the bot (default: --games)")
    parser.add_argument("--policies", default=",".join(POLICIES), help="comma-separated, among random,greedy,bot")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--samples", type=int, default=None, help="bot: pile orders per option (default: the bot's)")
    parser.add_argument("--time-limit", type=float, default=None, help="bot: seconds per decision (default: none)")
    parser.add_argument("--setup", choices=("standard", *SETUPS), default="standard")
    parser.add_argument("--prisoners", type=int, choices=(4, 5), default=4)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--json", dest="json_path", default=None, help="also write the results here")
    args = parser.parse_args(argv)

    bot = BotOptions(args.samples, args.time_limit)
    rows = []
    for policy in args.policies.split(","):
        if policy not in POLICIES:
            parser.error(f"unknown policy {policy!r}")
        n = args.bot_games if policy == "bot" and args.bot_games is not None else args.games
        rows.append(run_policy(policy, range(args.first_seed, args.first_seed + n), args.prisoners, bot, args.workers, args.setup))
        print(f"{policy}: done in {rows[-1]['seconds']:.0f} s", file=sys.stderr, flush=True)
    print(table(rows))
    if args.json_path:
        doc = {
            "benchmark": "bot",
            "setup": args.setup,
            "prisoners": args.prisoners,
            "first_seed": args.first_seed,
            "workers": args.workers,
            "bot": {"samples": args.samples, "time_limit": args.time_limit},
            "python": platform.python_version(),
            "results": rows,
        }
        Path(args.json_path).write_text(json.dumps(doc, indent=2) + "\n")


if __name__ == "__main__":
    main()
