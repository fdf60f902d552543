"""Where a bot loses: each seeded game's end sorted by cause, and where the keys went.

    .venv/bin/python benchmarks/bot_losses.py [--games 300] [--first-seed 0] [--policy bot|classic]
                                              [--workers 2] [--json PATH]

Game ``i`` is :func:`solver.nightcage.play.autoplay.play_game`'s game of seed
``first-seed + i`` (the same pile and bot seeds), played turn by turn through the
fast simulator. Each game is put in one class:

- won before the pile ran out, or in the Final Flickers;
- lost while tiles remain: on the key count (fewer keys left than prisoners), no
  gate left, or a fall with nowhere to land or an empty pile;
- lost in the Final Flickers, split by the end-game oracle's verdict on the first
  Final Flickers turn start (proven lost there, winnable there, or undecided within
  300,000 positions), and by how many prisoners then held a key.

Every turn in which the keys left in the game (on the board, in the pile, in hand,
held) went down is counted by its cause: the turn's main action (a stay burns the
top tile; a move, charge or jump draws and may burn tiles in an attack) and where
the key was (drawn from the pile and burnt, or a key tile gone from the board: gone
dark, or collapsed into a pit).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.errors import LimitReached, NotCovered  # noqa: E402
from solver.base.workers import Workers  # noqa: E402
from solver.nightcage.endgame.oracle import EndgameOracle  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.play.autoplay import make_policy  # noqa: E402
from solver.nightcage.sim.convert import compile_state, to_state  # noqa: E402
from solver.nightcage.sim.outcome import KEYS_IN  # noqa: E402
from solver.nightcage.sim.position import KEY, Over, Stuck  # noqa: E402

ORACLE_NODES = 300_000


def keys_left(sim: Any) -> int:
    return (sim.keyed | sim.keeper).bit_count() + sim.ksuf[sim.top] + KEYS_IN[sim.hand] + sum(sim.key)


def one_game(task: tuple[str, int]) -> dict[str, Any]:
    policy_name, seed = task
    setup = Setup()
    known = new_game(setup, rng=random.Random(f"pile-{seed}"))
    policy = make_policy(policy_name, random.Random(f"policy-{seed}"), new_game(setup))
    sim = compile_state(known)
    mains: list[str] = []

    def choose(s: Any, kind: str, options: list[Any]) -> int:
        i = policy.choose(s, kind, options)
        if kind == "main":
            mains.append(options[i][0])
        return int(i)

    sim.choose = choose
    key_losses: Counter[str] = Counter()
    flickers_start: str | None = None
    try:
        while sim.turns < 1_000:
            if flickers_start is None and sim.top >= sim.npile and not any(sim.unplaced):
                flickers_start = _verdict(sim, known) + f", {sum(sim.key)} keys held"
            before, top, keyed, pits = keys_left(sim), sim.top, sim.keyed, sim.pit
            mains.clear()
            try:
                sim.play_turn()
            finally:
                lost = before - keys_left(sim)
                if lost > 0:
                    main = mains[-1] if mains else "no main action"
                    drawn = sum(1 for t in sim.order[top:sim.top] if t == KEY)
                    gone = keyed & ~sim.keyed
                    where = []
                    if drawn and lost > (gone).bit_count():
                        where.append("drawn and burnt")
                    if gone & sim.pit & ~pits:
                        where.append("collapsed")
                    if gone & ~(sim.pit & ~pits):
                        where.append("gone dark or taken away")
                    key_losses[f"{main}: {' + '.join(where) or 'other'}"] += lost
        result, why = "unfinished", "1,000 turns"
    except Over as end:
        result = end.result
        why = _why(sim, end.result, flickers_start)
    except Stuck:
        result, why = "lose", "stuck (nowhere to land)"
    return {"seed": seed, "result": result, "why": why, "key_losses": dict(key_losses), "turns": sim.turns}


def _verdict(sim: Any, known: Any) -> str:
    try:
        won = EndgameOracle(ORACLE_NODES).wins(to_state(sim.snapshot(), known, sim.order))
    except (LimitReached, NotCovered):
        return "undecided at the Final Flickers' start"
    return "winnable at the Final Flickers' start" if won else "proven lost at the Final Flickers' start"


def _why(sim: Any, result: str, flickers_start: str | None) -> str:
    if result == "win":
        return "won in the Final Flickers" if flickers_start is not None else "won while tiles remain"
    if flickers_start is not None:
        return f"lost in the Final Flickers: {flickers_start}"
    if keys_left(sim) < sim.n:
        return "lost while tiles remain: fewer keys than prisoners"
    if not sim.gate and not sim.gsuf[sim.top]:
        return "lost while tiles remain: no gate left"
    return "lost while tiles remain: a fall"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--policy", choices=("bot", "classic", "greedy"), default="bot")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args(argv)
    tasks = [(args.policy, s) for s in range(args.first_seed, args.first_seed + args.games)]
    if args.workers > 1:
        with Workers(args.workers) as pool:  # ends with this process, even when it is killed
            games = list(pool.stream(one_game, ((task,) for task in tasks)))
    else:
        games = [one_game(t) for t in tasks]
    ends = Counter(g["why"] for g in games)
    keys: Counter[str] = Counter()
    for g in games:
        keys.update(g["key_losses"])
    n = len(games)
    print(f"{args.policy}: {n} games, seeds {args.first_seed} to {args.first_seed + n - 1}")
    print("\nhow the games ended" + " " * 66 + "games   share")
    for why, count in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {why:82s} {count:5d} {count / n:7.1%}")
    print(f"\nkeys lost, by the turn's main action and where the key was ({sum(keys.values())} keys, "
          f"{sum(keys.values()) / n:.2f} a game)")
    for cause, count in sorted(keys.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {cause:82s} {count:5d}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({"policy": args.policy, "games": games}, indent=1) + "\n")


if __name__ == "__main__":
    main()
