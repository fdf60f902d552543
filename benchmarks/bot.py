"""The bots against the two baselines and each other: win rates of whole games.

    .venv/bin/python benchmarks/bot.py [--games 1000] [--bot-games N] [--policies greedy,random,bot,classic]
                                       [--paired A,B] [--workers 2] [--backend local|ray] [--address ADDR]
                                       [--samples S] [--time-limit SECONDS]
                                       [--exact-tiles N] [--exact-nodes N] [--endgame-nodes N]
                                       [--against SAVED.json[:POLICY]]
                                       [--setup standard|advanced|supreme]
                                       [--prisoners 4] [--first-seed 0] [--json PATH]

The policies: ``bot`` (the search bot, :class:`solver.nightcage.bot.search.SearchBot`),
``classic`` (the bot before it, :class:`solver.nightcage.bot.policy.BotPolicy`, the
baseline the search bot is paired against), ``greedy``, ``random``.

``--setup``: ``standard`` (the default), ``advanced`` (keepers for the keys,
pit fiends), ``supreme`` (standard + the supreme monsters: 2 pathless, 2 omens).
The policies play through the fast simulator; where it does not cover a
setup's pieces, ``random`` plays through the rules engine instead (uniform
choices, the same seeds) and ``greedy``, ``bot`` and ``classic`` are reported
as not covered, with the simulator's reason.

Game ``i`` is :func:`solver.nightcage.play.autoplay.play_game` with seed ``first-seed + i``:
its pile order depends on the seed only, so every policy plays the same
piles. Policies run one after the other, each over ``--workers`` processes
(``--backend local``) or Ray workers (``--backend ray``; ``--address`` joins a
running cluster, else Ray starts on this machine with ``--workers`` CPUs).
Results come back in seed order and a game depends on its seed only, so the
figures are the same whatever the backend and the number of workers (unless
``--time-limit`` is set).
Printed per policy: games, wins, the win rate with its 95% Wilson interval,
wall seconds, the mean time of a decision the policy was asked (one with a
single option is not asked), decisions per game, turns per game, and games
cut off unfinished after 1,000 turns (counted as lost).

The bots' budget per decision is ``--samples`` (reproducible: for ``bot``,
the pile orders per branch of the next draw; for ``classic``, the pile
orders each option is tried on) and, optionally, ``--time-limit`` (no
further sample is started past it; the results then depend on the
machine's speed). ``--bot-games`` is the number of games of both bots.
``--exact-tiles``, ``--exact-nodes`` and ``--endgame-nodes`` set the search bot's
exact chance search near the pile's end (the tiles left at a turn start from
which it takes over, 0: never; its positions per decision) and its end-game
oracle's positions per Final Flickers turn start (defaults: the bot's own).

``--against SAVED.json:POLICY`` pairs every policy played with POLICY's
per-seed results in a run saved by ``--json`` (another tree's, for a bot of
another commit: ``cd OTHER && python benchmarks/bot.py ... --json SAVED.json``),
on the seeds both played, as ``--paired`` does.

``--paired A,B`` plays A and B (besides ``--policies`` when given) and
compares them on the seeds both played: the games both won, only A, only B,
neither; A's win rate minus B's with a 95% interval for paired proportions
(Newcombe's method 10, the two Wilson intervals combined with the results'
correlation over the seeds, continuity-corrected: :mod:`solver.base.paired`)
and the exact two-sided sign test (McNemar's exact test) on the games only
one of them won. ``--json`` holds each policy's per-seed results and the
pairing.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import random  # noqa: E402

from solver.base import ray_jobs  # noqa: E402
from solver.base.errors import NotCovered  # noqa: E402
from solver.base.paired import Paired  # noqa: E402
from solver.base.stats import wilson  # noqa: E402
from solver.base.workers import Workers  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.play.autoplay import MAX_TURNS, POLICIES, BotOptions, Timed, Unfinished, make_policy, play_game  # noqa: E402
from solver.nightcage.play.playouts import engine_playout  # noqa: E402
from solver.nightcage.sim.game import Game  # noqa: E402

BACKENDS = ("local", "ray")
BOTS = ("bot", "classic")
"""The policies ``--bot-games`` applies to."""

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


class BackendError(Exception):
    """The chosen backend cannot run (Ray missing or its cluster unreachable)."""


def run_policy(policy: str, seeds: range, prisoners: int, bot: BotOptions, workers: int, setup: str = "standard",
               backend: str = "local", address: str | None = None) -> dict[str, Any]:
    tasks = [Task(policy, seed, prisoners, bot, setup) for seed in seeds]
    started = time.perf_counter()
    games = list(ray_games(tasks, workers, address) if backend == "ray" else local_games(tasks, workers))
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
        # The game, not the time it took: the same whatever the machine, backend or workers.
        "per_seed": [{"seed": g["seed"], "result": g["result"], "turns": g["turns"], "decisions": g["decisions"]} for g in games],
        "through": "the rules engine (uniform choices)" if any(g.get("engine") for g in games) else "the fast simulator",
    }


def local_games(tasks: list[Task], workers: int) -> Iterator[dict[str, Any]]:
    """The games over local worker processes, in the tasks' order."""
    if workers <= 1:
        yield from map(run_game, tasks)
        return
    # Workers that end with this process, even when it is killed (a bare pool's children would play on).
    with Workers(workers) as pool:
        yield from pool.stream(run_game, ((task,) for task in tasks))


def _run_chunk(tasks: list[Task]) -> list[dict[str, Any]]:
    return [run_game(t) for t in tasks]


def ray_games(tasks: list[Task], workers: int, address: str | None) -> Iterator[dict[str, Any]]:
    """The games over Ray workers (a cluster at ``address``, else Ray on this machine), in the tasks' order."""
    ray, started_here = ray_jobs.start(address, workers, BackendError, local_path=str(ROOT))
    from ray import cloudpickle

    # This script is not importable on the workers: its functions travel by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    chunks = ((tasks[i:i + 4],) for i in range(0, len(tasks), 4))
    for games in ray_jobs.in_order(ray, started_here, _run_chunk, chunks, workers):
        yield from games


def pairing(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """Two policies' rows compared on the seeds both played (None when either was not covered)."""
    if "per_seed" not in a or "per_seed" not in b:
        return None
    n = min(len(a["per_seed"]), len(b["per_seed"]))  # both start at --first-seed
    a_won = [g["result"] == "win" for g in a["per_seed"][:n]]
    b_won = [g["result"] == "win" for g in b["per_seed"][:n]]
    seeds = [g["seed"] for g in a["per_seed"][:n]]
    table = Paired.of(a_won, b_won)
    return {
        "a": a["policy"],
        "b": b["policy"],
        **table.as_json(),
        "a_wins": table.a_wins,
        "b_wins": table.b_wins,
        "seeds_only_a": [s for s, x, y in zip(seeds, a_won, b_won, strict=True) if x and not y],
        "seeds_only_b": [s for s, x, y in zip(seeds, a_won, b_won, strict=True) if y and not x],
    }


def pairing_text(pair: dict[str, Any] | None, a: str, b: str) -> str:
    if pair is None:
        return f"paired {a} against {b}: not covered (see above)"
    low, high = pair["ci95"]
    discordant = pair["only_a"] + pair["only_b"]
    return "\n".join([
        f"paired {a} against {b} on the same {pair['games']} seeds: both won {pair['both']}, only {a} {pair['only_a']}, "
        f"only {b} {pair['only_b']}, neither {pair['neither']}",
        f"win rate {a} minus {b}: {pair['difference']:+.2%} [95% Newcombe paired: {low:+.2%}, {high:+.2%}]; "
        f"exact sign test (McNemar) on the {discordant} discordant game{'' if discordant == 1 else 's'}: "
        f"p = {pair['sign_test_p']:.4f}",
    ])


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
    parser.add_argument("--bot-games", type=int, default=None, help="games for bot and classic (default: --games)")
    parser.add_argument("--policies", default=None,
                        help=f"comma-separated, among {','.join(POLICIES)} (default: all of them, or only --paired's two)")
    parser.add_argument("--paired", default=None, metavar="A,B", help="compare two policies on the same seeds (e.g. bot,classic)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="local worker processes or Ray (default local)")
    parser.add_argument("--address", default=None, help="ray: a running cluster's address (default: Ray on this machine)")
    parser.add_argument("--samples", type=int, default=None,
                        help="bot: pile orders per branch of the next draw; classic: per option (default: each bot's own)")
    parser.add_argument("--time-limit", type=float, default=None, help="bots: seconds per decision (default: none)")
    parser.add_argument("--setup", choices=("standard", *SETUPS), default="standard")
    parser.add_argument("--prisoners", type=int, choices=(4, 5), default=4)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--json", dest="json_path", default=None, help="also write the results here")
    parser.add_argument("--exact-tiles", type=int, default=None, help="bot: exact chance search from this many tiles left (0: never)")
    parser.add_argument("--exact-nodes", type=int, default=None, help="bot: the exact search's positions per decision")
    parser.add_argument("--endgame-nodes", type=int, default=None, help="bot: the oracle's positions per Final Flickers turn start")
    parser.add_argument("--against", default=None, metavar="SAVED.json[:POLICY]",
                        help="pair each policy with POLICY's per-seed results in a saved --json run (default POLICY: bot)")
    args = parser.parse_args(argv)

    paired = _policy_list(parser, "--paired", args.paired) if args.paired is not None else None
    if paired is not None and (len(paired) != 2 or paired[0] == paired[1]):
        parser.error(f"--paired takes two different policies, as A,B (among {','.join(POLICIES)})")
    if args.address and args.backend != "ray":
        parser.error("--address is for --backend ray")
    policies = _policy_list(parser, "--policies", args.policies) if args.policies is not None else list(paired or POLICIES)
    policies += [p for p in paired or () if p not in policies]

    bot = BotOptions(args.samples, args.time_limit, args.exact_tiles, args.exact_nodes, args.endgame_nodes)
    against = saved_row(parser, args.against) if args.against else None
    rows = []
    for policy in policies:
        n = args.bot_games if policy in BOTS and args.bot_games is not None else args.games
        try:
            rows.append(run_policy(policy, range(args.first_seed, args.first_seed + n), args.prisoners, bot, args.workers,
                                   args.setup, args.backend, args.address))
        except BackendError as exc:
            print(f"bot.py: {exc}", file=sys.stderr)
            raise SystemExit(2) from None
        print(f"{policy}: done in {rows[-1]['seconds']:.0f} s", file=sys.stderr, flush=True)
    print(table(rows))
    against_pairs = []
    if against is not None:
        for row in rows:
            against_pairs.append(pairing(row, against))
            print()
            print(pairing_text(against_pairs[-1], row["policy"], f"{against['policy']} ({args.against})"))
    pair = None
    if paired is not None:
        by_name = {r["policy"]: r for r in rows}
        pair = pairing(by_name[paired[0]], by_name[paired[1]])
        print()
        print(pairing_text(pair, *paired))
    if args.json_path:
        doc: dict[str, Any] = {
            "benchmark": "bot",
            "setup": args.setup,
            "prisoners": args.prisoners,
            "first_seed": args.first_seed,
            "workers": args.workers,
            "backend": args.backend,
            "bot": {"samples": args.samples, "time_limit": args.time_limit, "exact_tiles": args.exact_tiles,
                    "exact_nodes": args.exact_nodes, "endgame_nodes": args.endgame_nodes},
            "python": platform.python_version(),
            "results": rows,
        }
        if paired is not None:
            doc["paired"] = pair if pair is not None else {"a": paired[0], "b": paired[1], "not_covered": True}
        if against is not None:
            doc["against"] = {"file": args.against, "pairs": against_pairs}
        Path(args.json_path).write_text(json.dumps(doc, indent=2) + "\n")


def saved_row(parser: argparse.ArgumentParser, spec: str) -> dict[str, Any]:
    """A policy's row from a run saved by ``--json`` (``FILE`` or ``FILE:POLICY``)."""
    path, _, policy = spec.partition(":")
    try:
        doc = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        parser.error(f"--against: cannot read {path}: {exc}")
    rows = {r["policy"]: r for r in doc.get("results", [])}
    row = rows.get(policy or "bot")
    if row is None or "per_seed" not in row:
        parser.error(f"--against: {path} holds no per-seed results of {policy or 'bot'} (it has: {', '.join(rows) or 'none'})")
    return row


def _policy_list(parser: argparse.ArgumentParser, option: str, text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in POLICIES:
            parser.error(f"{option}: unknown policy {name!r} (one of {', '.join(POLICIES)})")
    return names


if __name__ == "__main__":
    main()
