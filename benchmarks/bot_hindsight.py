"""The bots against the hindsight upper bound, on positions with a small pile left.

    .venv/bin/python benchmarks/bot_hindsight.py [--positions 40] [--tiles 3] [--first-seed 30000]
                                                 [--policies bot,classic] [--collect-policy classic]
                                                 [--max-nodes 200000] [--hindsight-seconds 120]
                                                 [--endgame-seconds S] [--workers 2] [--json PATH]

The positions: game seeds from ``--first-seed`` on are played as
:func:`solver.nightcage.play.autoplay.play_game` seeds them (pile ``Random("pile-<seed>")``,
policy ``Random("policy-<seed>")``, standard 4-prisoner game) by the
``--collect-policy``, turn by turn through the fast simulator; a game gives the
first turn start where the pile holds between 1 and ``--tiles`` tiles, every
prisoner placed and the game not over. Games that end before are skipped.

From each position the players know the tiles left but not their order: every
distinct order of them is equally likely (they all lie in the last layer of the
standard pile). Measured there:

- **hindsight**: the share of orders a group that knew the order would win
  (:func:`solver.nightcage.chance.hindsight.every_order`, the end-game oracle on each
  order): an upper bound on any policy's win chance from the position. Orders
  the oracle leaves open (``--max-nodes`` per order, ``--hindsight-seconds`` per
  position) are counted as won, so the bound stays an upper bound.
- **each bot** plays the game on once per distinct order, seeded the same for
  every order (``Random("hindsight-<seed>")``) and given the standard new game
  as its start (it reads the pile's layers, never the order): its win chance
  from the position is wins / orders, exact for that seed.

Printed: the positions and orders, the mean hindsight share, each bot's mean
win chance, its share of the bound (its wins over all orders / the orders won
with hindsight, open ones included) and how many positions it plays to the
bound. A bot winning an order the oracle proved lost would be a bug: the
column ``won lost`` counts such orders (0 expected). The bots' Final Flickers
planner has a clock (0.5 s a turn, ``--endgame-seconds``): the plans it cut
short are counted (``cut plans``); where there are any, a loaded machine may
change a result. ``--workers`` processes share out the positions; the results
do not depend on their number.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.limits import Limits  # noqa: E402
from solver.base.workers import Workers  # noqa: E402
from solver.nightcage.bot.policy import BotPolicy  # noqa: E402
from solver.nightcage.bot.search import make_search_bot  # noqa: E402
from solver.nightcage.chance.expectimax import solve_chance  # noqa: E402
from solver.nightcage.chance.hindsight import distinct_orders, order_count, solve_orders  # noqa: E402
from solver.nightcage.endgame.oracle import EndgameOracle  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.model.state import GameState, Pile  # noqa: E402
from solver.nightcage.model.tiles import TYPE_INDEX, TileType  # noqa: E402
from solver.nightcage.play.autoplay import MAX_TURNS  # noqa: E402
from solver.nightcage.sim.convert import compile_state, to_state  # noqa: E402
from solver.nightcage.sim.game import seat  # noqa: E402
from solver.nightcage.sim.position import Over, Stuck  # noqa: E402
from solver.nightcage.sim.sim import Sim  # noqa: E402

POLICIES = {
    "bot": lambda rng, start: make_search_bot(rng, start),
    "classic": lambda rng, start: BotPolicy(rng, start),
}
"""The bots by name: the search bot of issue 16 and the classic lookahead bot before it."""


@dataclass(frozen=True)
class Options:
    tiles: int
    collect_policy: str
    policies: tuple[str, ...]
    max_nodes: int
    hindsight_seconds: float | None
    endgame_seconds: float | None = None
    """The bots' Final Flickers planner's seconds a turn (None: their own default)."""
    optimum_nodes: int = 0
    """The exact chance search's positions per position for the optimum (0: not measured)."""
    bot_exact_nodes: int | None = None
    """The search bot's exact chance search, positions per decision (None: its default)."""
    bot_endgame_nodes: int | None = None
    """The search bot's end-game oracle, positions per Final Flickers turn start (None: its default)."""


@dataclass(frozen=True)
class Position:
    """A game's sim at the position, its known start, and the players' view of it."""

    seed: int
    sim: Sim
    view: GameState


def find_position(seed: int, options: Options) -> Position | None:
    """The first turn start of game ``seed`` with 1 to ``options.tiles`` tiles left, or None."""
    known = new_game(Setup(), rng=random.Random(f"pile-{seed}"))
    template = new_game(Setup())
    sim = compile_state(known)
    sim.choose = POLICIES[options.collect_policy](random.Random(f"policy-{seed}"), template).choose
    try:
        while sim.over() is None and sim.turns < MAX_TURNS:
            if 0 < sim.npile - sim.top <= options.tiles and not any(sim.unplaced):
                return Position(seed, sim, players_view(seed, sim, known, template))
            sim.play_turn()
    except (Over, Stuck):
        return None
    return None


def players_view(seed: int, sim: Sim, known: GameState, template: GameState) -> GameState:
    """The position with its pile as players see it: the tiles left, in an unknown order."""
    state = to_state(sim.snapshot(), known, sim.order)
    last_layer = template.pile.layers[-1]
    left = state.pile.contents
    # Every order of the tiles left is equally likely only if they all come from one layer.
    if state.pile.count > sum(last_layer) or any(n > m for n, m in zip(left, last_layer)):
        raise ValueError(f"seed {seed}: the tiles left are not all in the pile's last layer")
    return replace(state, pile=Pile(layers=(left,)))


def play_on(position: Position, order: tuple[TileType, ...], policy: str, template: GameState, options: Options) -> tuple[str, int]:
    """The game from the position with the pile's rest in ``order``: its result and the planner's cut plans."""
    sim = position.sim.copy()
    top = sim.top
    sim.set_pile(sim.order[:top] + [TYPE_INDEX[t] for t in order])
    sim.top = top
    rng = random.Random(f"hindsight-{position.seed}")
    bot: BotPolicy
    if policy == "bot":
        bot = make_search_bot(rng, template, exact_nodes=options.bot_exact_nodes, endgame_nodes=options.bot_endgame_nodes)
    else:
        bot = POLICIES[policy](rng, template)
    if options.endgame_seconds is not None:
        bot.endgame_seconds = options.endgame_seconds
    seat(sim, bot)
    try:
        result = sim.play(sim.turns + MAX_TURNS)
    except (RuntimeError, Stuck):  # no end within the turn limit, or no legal option: counted as lost
        result = "unfinished"
    return result, bot.endgame.answers["limit"]


def hindsight(view: GameState, orders: list[tuple[TileType, ...]], options: Options) -> list[str]:
    """Each order's verdict with hindsight: ``win``, ``lose``, or ``open`` (a limit, or not reached by the deadline).

    :func:`solver.nightcage.chance.hindsight.every_order` order by order (one oracle shared, as it does),
    to keep each order's verdict.
    """
    deadline = None if options.hindsight_seconds is None else time.perf_counter() + options.hindsight_seconds
    oracle = EndgameOracle(options.max_nodes)
    verdicts = []
    for order in orders:
        seen = solve_orders(view, [order], 1, deadline, options.max_nodes, oracle=oracle)
        verdicts.append("win" if seen.won else "lose" if seen.lost else "open")
    return verdicts


def evaluate(seed: int, options: Options) -> dict[str, Any]:
    """Hindsight and every bot on every order, from game ``seed``'s position."""
    position = find_position(seed, options)
    assert position is not None, seed  # the caller found it with the same options
    template = new_game(Setup())
    pile = position.view.pile
    orders = list(distinct_orders(pile))
    assert len(orders) == order_count(pile)
    started = time.process_time()
    verdicts = hindsight(position.view, orders, options)
    row: dict[str, Any] = {
        "seed": seed,
        "turn": position.sim.turns,
        "tiles": pile.count,
        "orders": len(orders),
        "hindsight": {
            "won": verdicts.count("win"),
            "lost": verdicts.count("lose"),
            "open": verdicts.count("open"),
            "bound": len(orders) - verdicts.count("lose"),
            "cpu_seconds": round(time.process_time() - started, 3),
        },
        "bots": {},
    }
    for policy in options.policies:
        results = [play_on(position, order, policy, template, options) for order in orders]
        row["bots"][policy] = {
            "wins": sum(r == "win" for r, _ in results),
            "unfinished": sum(r == "unfinished" for r, _ in results),
            "planner_limits": sum(cut for _, cut in results),
            "won_proven_lost": sum(r == "win" and v == "lose" for (r, _), v in zip(results, verdicts)),
            "results": [f"{'-'.join(t.value for t in order)}: {r} (hindsight {v})"
                        for order, (r, _), v in zip(orders, results, verdicts)],
        }
    if options.optimum_nodes:
        # Each bot is a policy of the players' information (seeded the same on every order, never shown the order):
        # the best policy wins at least as often as the best of them.
        played = max((Fraction(b["wins"], len(orders)) for b in row["bots"].values()), default=Fraction(0))
        row["optimum"] = optimum(position.view, options.optimum_nodes, played)
    return row


def optimum(view: GameState, max_nodes: int, played: Fraction) -> dict[str, Any]:
    """The best any policy can do from the players' view (the order unknown): the exact chance search's value, or
    its proven interval when it stops at ``max_nodes`` positions (raised to ``played``, a chance some policy reached).
    No clock, so the figure is the same on any machine."""
    started = time.process_time()
    found = solve_chance(view, limits=Limits(max_nodes=max_nodes, max_positions=max(max_nodes, 500_000)))
    low = found.p_win if found.p_win is not None else max(found.p_win_lower, played)
    high = found.p_win if found.p_win is not None else found.upper()
    return {"exact": found.p_win is not None, "low": str(low), "high": None if high is None else str(high),
            "cpu_seconds": round(time.process_time() - started, 3)}


def _found(task: tuple[int, Options]) -> bool:
    return find_position(*task) is not None


def _evaluate(task: tuple[int, Options]) -> dict[str, Any]:
    return evaluate(*task)


def collect_seeds(first: int, wanted: int, options: Options, pool: Any) -> tuple[list[int], int]:
    """The first ``wanted`` seeds from ``first`` on whose games reach a position; and the games tried."""
    seeds: list[int] = []
    seed = first
    while len(seeds) < wanted:
        batch = range(seed, seed + max(wanted - len(seeds), 4))
        tasks = [(s, options) for s in batch]
        found = list(pool.stream(_found, ((t,) for t in tasks))) if pool else [_found(t) for t in tasks]
        seeds += [s for s, ok in zip(batch, found) if ok]
        seed = batch.stop
    seeds = seeds[:wanted]
    return seeds, (seeds[-1] - first + 1 if seeds else 0)


def summary(rows: list[dict[str, Any]], policies: tuple[str, ...]) -> dict[str, Any]:
    n = len(rows)
    bound = sum(r["hindsight"]["bound"] for r in rows)
    out: dict[str, Any] = {
        "positions": n,
        "orders": sum(r["orders"] for r in rows),
        "hindsight_share": sum(r["hindsight"]["bound"] / r["orders"] for r in rows) / n if n else None,
        "hindsight_open": sum(r["hindsight"]["open"] for r in rows),
        "bots": {},
    }
    if rows and all("optimum" in r for r in rows):
        # Expected wins of an optimal policy over the orders: its value times the orders, against the same bound.
        low = sum(Fraction(r["optimum"]["low"]) * r["orders"] for r in rows)
        high = sum(Fraction(r["optimum"]["high"] or 1) * r["orders"] for r in rows)
        out["optimum"] = {"exact": sum(r["optimum"]["exact"] for r in rows),
                          "share_low": float(low / bound) if bound else None, "share_high": float(high / bound) if bound else None,
                          "mean_low": float(sum(Fraction(r["optimum"]["low"]) for r in rows) / n)}
    for policy in policies:
        wins = sum(r["bots"][policy]["wins"] for r in rows)
        out["bots"][policy] = {
            "mean_chance": sum(r["bots"][policy]["wins"] / r["orders"] for r in rows) / n if n else None,
            "wins": wins,
            "share_of_bound": wins / bound if bound else None,
            "at_bound": sum(r["bots"][policy]["wins"] == r["hindsight"]["bound"] for r in rows),
            "won_proven_lost": sum(r["bots"][policy]["won_proven_lost"] for r in rows),
            "planner_limits": sum(r["bots"][policy]["planner_limits"] for r in rows),
            "unfinished": sum(r["bots"][policy]["unfinished"] for r in rows),
        }
    return out


def table(total: dict[str, Any], tiles: int) -> str:
    n = total["positions"]
    lines = [
        f"positions: {n} (pile of 1 to {tiles} tiles), orders: {total['orders']}, "
        f"orders left open by the oracle's limits: {total['hindsight_open']} (counted as won)",
    ]
    head = f"{'who':10s} {'mean win chance':>15s} {'share of bound':>14s} {'at bound':>9s} {'won lost':>9s} {'cut plans':>9s}"
    lines += [head, "-" * len(head)]
    share = total["hindsight_share"]
    lines.append(f"{'hindsight':10s} {_pct(share):>15s} {_pct(1.0 if n else None):>14s} {n:>9d} {'-':>9s} {'-':>9s}")
    best = total.get("optimum")
    if best is not None:
        share = _pct(best["share_low"]) + ("" if best["share_low"] == best["share_high"] else f"..{_pct(best['share_high'])}")
        lines.append(f"{'optimum':10s} {_pct(best['mean_low']):>15s} {share:>14s} {'-':>9s} {'-':>9s} {'-':>9s}"
                     f"   ({best['exact']} of {n} exact)")
    for policy, b in total["bots"].items():
        lines.append(
            f"{policy:10s} {_pct(b['mean_chance']):>15s} {_pct(b['share_of_bound']):>14s} {b['at_bound']:>9d} "
            f"{b['won_proven_lost']:>9d} {b['planner_limits']:>9d}"
        )
    return "\n".join(lines)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.2%}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="positions to measure (default 40)")
    parser.add_argument("--tiles", type=int, default=3, help="the most tiles left in the pile (default 3)")
    parser.add_argument("--first-seed", type=int, default=30000)
    parser.add_argument("--policies", default="bot,classic", help=f"comma-separated, among {','.join(POLICIES)}")
    parser.add_argument("--collect-policy", default="classic", help="the policy playing the games up to the positions")
    parser.add_argument("--max-nodes", type=int, default=200_000, help="the oracle's nodes per order (default 200000)")
    parser.add_argument("--hindsight-seconds", type=float, default=120.0,
                        help="the oracle's seconds per position (default 120; 0: no limit)")
    parser.add_argument("--endgame-seconds", type=float, default=None,
                        help="the bots' Final Flickers planner: seconds a turn (default: theirs, 0.5)")
    parser.add_argument("--optimum-nodes", type=int, default=0,
                        help="also the best any policy can do (the exact chance search, this many positions a position; 0: not)")
    parser.add_argument("--bot-exact-nodes", type=int, default=None,
                        help="the search bot's exact chance search: positions per decision (default: its own)")
    parser.add_argument("--bot-endgame-nodes", type=int, default=None,
                        help="the search bot's end-game oracle: positions per Final Flickers turn start (default: its own)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", dest="json_path", default=None, help="also write the per-position results here")
    args = parser.parse_args(argv)

    policies = tuple(p for p in args.policies.split(",") if p)
    for name in (*policies, args.collect_policy):
        if name not in POLICIES:
            parser.error(f"unknown policy {name!r} (one of {', '.join(POLICIES)})")
    if args.positions < 1 or args.tiles < 1 or args.max_nodes < 1 or args.workers < 1 or args.hindsight_seconds < 0:
        parser.error("--positions, --tiles, --max-nodes and --workers must be at least 1, --hindsight-seconds at least 0")
    options = Options(args.tiles, args.collect_policy, policies, args.max_nodes, args.hindsight_seconds or None,
                      args.endgame_seconds, args.optimum_nodes, args.bot_exact_nodes, args.bot_endgame_nodes)

    started = time.perf_counter()
    pool = Workers(args.workers) if args.workers > 1 else None  # ends with this process, even when it is killed
    try:
        seeds, games = collect_seeds(args.first_seed, args.positions, options, pool)
        print(f"{len(seeds)} positions from {games} games", file=sys.stderr, flush=True)
        tasks = [(s, options) for s in seeds]
        rows = list(pool.stream(_evaluate, ((t,) for t in tasks))) if pool else [_evaluate(t) for t in tasks]
    finally:
        if pool:
            pool.close()
    seconds = time.perf_counter() - started
    total = summary(rows, policies)
    print(table(total, args.tiles))
    print(f"games played to find them: {games}; wall seconds: {seconds:.0f}", file=sys.stderr)
    if args.json_path:
        doc = {
            "benchmark": "bot_hindsight",
            "first_seed": args.first_seed,
            "tiles": args.tiles,
            "collect_policy": args.collect_policy,
            "max_nodes": args.max_nodes,
            "hindsight_seconds": options.hindsight_seconds,
            "endgame_seconds": options.endgame_seconds,
            "workers": args.workers,
            "games": games,
            "seconds": round(seconds, 3),
            "python": platform.python_version(),
            "summary": total,
            "positions": rows,
        }
        Path(args.json_path).write_text(json.dumps(doc, indent=2) + "\n")


if __name__ == "__main__":
    main()
