"""Speed of the Dungeon Twister analyses (issue 28): the card economy, one combat, reach, threats and the turn planner.

The issue asks that three combats of 9-card hands answer "in well under a
second" (a plain Python sketch took 6 s). This measures CPU seconds
(``time.process_time``) of ``solve_economy`` over 1 to 4 fights of the hands
0,1,1,2,2,3,4,5,6 (the example hand of the research notes, not the game's
deck, which the aid does not give), each fight's attacker alternating, with
the nodes solved; then 200 seeded random single combats, and ``reach``,
``threats`` and ``plan_turn`` on the seeded random dungeons of the tests.
Reported, not asserted.

    .venv/bin/python benchmarks/dt_speed.py [--repeat 5] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.dungeontwister.analysis.economy import Fight, solve_economy  # noqa: E402
from solver.dungeontwister.analysis.odds import combat_report  # noqa: E402
from solver.dungeontwister.analysis.reach import search  # noqa: E402
from solver.dungeontwister.analysis.threats import threats  # noqa: E402
from solver.dungeontwister.analysis.turn_plan import plan_turn  # noqa: E402
from solver.dungeontwister.rules.duel import Duel, Side  # noqa: E402
from tests.dungeontwister.builders import position, random_document  # noqa: E402

HAND = (0, 1, 1, 2, 2, 3, 4, 5, 6)


def _timed(call: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    started = time.process_time()
    result = call(*args)
    return time.process_time() - started, result


def _ms(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"runs": len(ordered), "p50_ms": round(1000 * statistics.median(ordered), 1),
            "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
            "max_ms": round(1000 * ordered[-1], 1)}


def economy(repeat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for count in (1, 2, 3, 4):
        fights = tuple(Fight(i % 2, 3, 4 if i % 2 == 0 else 3) for i in range(count))
        times, answer = [], None
        for _ in range(repeat):
            seconds, answer = _timed(solve_economy, fights, (HAND, HAND))
            times.append(seconds)
        assert answer is not None
        out[f"{count}_fights"] = {**_ms(times), "nodes": answer.nodes, "certified": answer.certified, "value": str(answer.value)}
    return out


def combats() -> dict[str, Any]:
    rng = random.Random(0)
    times = []
    for _ in range(200):
        a = tuple(sorted(rng.randint(0, 6) for _ in range(rng.randint(1, 9))))
        d = tuple(sorted(rng.randint(0, 6) for _ in range(rng.randint(1, 9))))
        duel = Duel(Side(rng.randint(0, 5), a, rng.random() < 0.3), Side(rng.randint(0, 5), d, False, False, rng.random() < 0.2))
        times.append(_timed(combat_report, duel)[0])
    return _ms(times)


def dungeons(count: int) -> dict[str, Any]:
    reach_times, threat_times, turn_times = [], [], []
    for seed in range(count):
        rng = random.Random(seed)
        pos = position(random_document(rng))
        reach_times.append(_timed(search, pos, "hero", "out", 2)[0])
        threat_times.append(_timed(threats, pos)[0])
        turn_times.append(_timed(plan_turn, pos)[0])
    return {"reach_out_2_turns": _ms(reach_times), "threats": _ms(threat_times), "turn": _ms(turn_times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each economy")
    parser.add_argument("--dungeons", type=int, default=50, help="random dungeons (seeds 0..N-1)")
    parser.add_argument("--json", help="write the figures there as JSON")
    args = parser.parse_args()
    doc = {"economy_9_card_hands": economy(args.repeat), "single_combat": combats(), "dungeons": dungeons(args.dungeons)}
    text = json.dumps(doc, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
