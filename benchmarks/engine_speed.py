"""How fast are the rules engine and the end-game kernel? Prints a small table.

    python benchmarks/engine_speed.py [--seconds S] [--seed N]

1. Rules engine: seeded random games from the standard setup (known pile
   order, so every step is a decision), one random legal action at a time;
   a turn is counted each time the turn index changes.
2. End-game kernel (``solver.nightcage.endgame.kernel``): successor generation over a fixed
   set of Final Flickers positions (sampled positions and the positions one
   turn later), with the sight cache warm and cold, and without losses.
3. The same successor generation through the rules engine
   (``solver.nightcage.endgame.kernel.engine_successors``), for comparison.

All positions and games come from fixed seeds (shifted by ``--seed``).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.nightcage.endgame import kernel as eg  # noqa: E402
from solver.nightcage.model.newgame import new_game  # noqa: E402
from solver.nightcage.model.setups import Setup  # noqa: E402
from solver.nightcage.model.state import GameState  # noqa: E402
from solver.nightcage.rules.engine import apply, legal_actions, node_type  # noqa: E402
from solver.testing.endgame import engine_successors, sample_position

ROOTS = 150
"""Sampled end-game positions; with their live successors they make the kernel's set."""
ENGINE_ROOTS = 40
"""Positions the (slow) engine enumerator is timed on."""


def engine_turns(seconds: float, seed: int) -> tuple[float, float]:
    """Random games through ``solver.nightcage.rules.engine``: (turns per second, actions per second)."""
    rng = random.Random(seed)
    game = seed
    state = new_game(Setup(), rng=random.Random(game))
    turns = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if node_type(state) == "terminal":
            game += 1
            state = new_game(Setup(), rng=random.Random(game))
            continue
        before = state.turn
        state = apply(state, rng.choice(legal_actions(state)))[0]
        actions += 1
        turns += state.turn != before
    elapsed = time.perf_counter() - start
    return turns / elapsed, actions / elapsed


def kernel_positions(seed: int) -> tuple[list[GameState], list[tuple]]:
    """The sampled roots (as states) and the kernel's position set (roots and one turn later)."""
    roots = [sample_position(random.Random(seed * 100_003 + i)) for i in range(ROOTS)]
    keys = [eg.from_state(s) for s in roots]
    later = [k2 for k in keys for k2, _ in eg.successors(k) if eg.outcome(k2) is None]
    return roots, keys + later


def rate(positions: list, expand: Callable[[object], int], seconds: float,
         before: Callable[[object], None] | None = None) -> tuple[float, float]:
    """(results per second, positions expanded per second), cycling through ``positions``."""
    results = expanded = 0
    start = time.perf_counter()
    while True:
        for position in positions:
            if before is not None:
                before(position)
            results += expand(position)
            expanded += 1
            if expanded % 64 == 0 and time.perf_counter() - start >= seconds:
                elapsed = time.perf_counter() - start
                return results / elapsed, expanded / elapsed


def count(iterable: object) -> int:
    return sum(1 for _ in iterable)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measure (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="shifts every seed (default 0)")
    args = parser.parse_args(argv)
    s, seed = args.seconds, args.seed

    roots, positions = kernel_positions(seed)
    for k in positions:  # warm the sight cache once, as a search would
        count(eg.successors(k))
    rows = []
    turns, acts = engine_turns(s, seed)
    rows.append(("rules engine, random games", f"{turns:,.0f} turns/s", f"{acts:,.0f} actions/s"))
    warm = rate(positions, lambda k: count(eg.successors(k)), s)
    rows.append(("end-game kernel", f"{warm[0]:,.0f} successors/s", f"{warm[1]:,.0f} turn starts/s"))
    cold = rate(positions, lambda k: count(eg.successors(k)), s, before=lambda k: k[eg.CTX].sights.clear())
    rows.append(("  cold sight cache", f"{cold[0]:,.0f} successors/s", f"{cold[1]:,.0f} turn starts/s"))
    wins = rate(positions, lambda k: count(eg.successors(k, include_losses=False)), s)
    rows.append(("  losses left out", f"{wins[0]:,.0f} successors/s", f"{wins[1]:,.0f} turn starts/s"))
    engine = rate(roots[:ENGINE_ROOTS], lambda st: len(engine_successors(st)), s)
    rows.append(("engine enumerator", f"{engine[0]:,.0f} successors/s", f"{engine[1]:,.2f} turn starts/s"))
    mine = rate(roots[:ENGINE_ROOTS], lambda st: count(eg.successors(eg.from_state(st))), s)
    rows.append(("kernel, same positions", f"{mine[0]:,.0f} successors/s", f"{mine[1]:,.0f} turn starts/s"))

    print(f"Lueur engine speed: Python {platform.python_version()}, seed {seed}, {s:g} s per measure")
    print(f"end-game set: {ROOTS} sampled positions + {len(positions) - ROOTS} one turn later; engine comparison on {ENGINE_ROOTS}")
    width = max(len(r[0]) for r in rows)
    for name, main_rate, other in rows:
        print(f"  {name:<{width}}  {main_rate:>22}  {other:>20}")
    print(f"  kernel / engine on the same positions: x{mine[0] / engine[0]:,.0f} (successors per second)")


if __name__ == "__main__":
    main()
