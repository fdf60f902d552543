"""The compiled end-game oracle alone, on the questions chance searches ask it (issue 25, eleventh pass).

    .venv/bin/python benchmarks/oracle_questions.py record [--ids 0005,0083,0077,0013,0008] [--out PATH]
    .venv/bin/python benchmarks/oracle_questions.py answer PATH [--kernel BUILD.so ...] [--rounds 3]

On the slowest positions of the corpus most of a chance solve's time goes to the oracle, and a whole solve
on this shared machine varies by a third from one run to the next: a change to the kernel's C is judged
here instead, on the oracle's work alone, before and after in one run.

- ``record`` solves each corpus position of ``--ids`` with one worker and no clock, and writes to ``--out``
  (JSON, default ``build/oracle_questions.json``) every question its search asked the oracle as a kernel
  position (``EndgameOracle.wins_kernel``: all but those of a board with the Dirge's pit), in order: the
  position (its context as board size, names and ruling flags) and the budget it was given.
- ``answer`` asks them again, each position's questions in order with a fresh memory, as its search did:
  with the installed build, or with each build ``--kernel`` names (another checkout's ``_fast.*.so``, to
  compare), the builds taking turns over ``--rounds`` passes. Printed per build: the least CPU seconds of
  the passes for each position and their sum, then whether every build did the same work: positions
  expanded, wins, and questions cut by their budget. A change that is meant to change speed alone must
  leave those equal.

The file is this script's own output; ``answer`` refuses one that is not (see ``_load``).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

from solver.base.limits import Limits
from solver.nightcage.endgame.kernel.layout import context
from solver.nightcage.endgame.oracle import EndgameOracle

ROOT = Path(__file__).resolve().parent.parent

CORPUS = ROOT / "benchmarks" / "chance"
DEFAULT_IDS = "0005,0083,0077,0013,0008"
MAX_QUESTIONS = 1_000_000
"""At most this many questions in a file (a corpus position asks a few thousand)."""


def _refuse(problem: str) -> NoReturn:
    """Bad input: said on stderr, exit status 2, as the command line does."""
    print(problem, file=sys.stderr)
    raise SystemExit(2)


def record(ids: list[str], out: Path) -> None:
    """Solve each position and write the questions its search asked the compiled oracle."""
    from solver.nightcage.chance.expectimax import solve_chance
    from solver.nightcage.notation.position_json import loads

    asked: list[list[int]] = []
    names: dict[int, list[str]] = {}
    original = EndgameOracle.wins_kernel

    def wins_kernel(self: EndgameOracle, k: Any, deadline: float | None = None) -> bool:
        ctx = k[0]
        asked.append([self.max_nodes - self.expanded, ctx.size, ctx.flags, *k[1:]])
        names.setdefault(id(ctx), list(ctx.names))
        return original(self, k, deadline)

    EndgameOracle.wins_kernel = wins_kernel  # type: ignore[method-assign,assignment]
    positions = []
    for i in ids:
        names.clear()
        asked.clear()
        state = loads((CORPUS / f"{i}.json").read_text())[0].state
        solve_chance(state, limits=Limits(max_nodes=None, max_positions=None, time_limit=None), hindsight=False, workers=1)
        if len(names) > 1:
            _refuse(f"{i}: questions of more than one context (not expected of one search)")
        positions.append({"id": i, "names": next(iter(names.values()), []), "questions": list(asked)})
        print(f"{i}: {len(asked)} questions", flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"oracle_questions": 1, "positions": positions}))
    print(f"written {out}")


def _load(path: Path) -> list[dict[str, Any]]:
    """The positions of a file ``record`` wrote: a problem is fatal, with what was expected."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        _refuse(f"{path}: not readable as JSON ({exc})")
    if not isinstance(data, dict) or data.get("oracle_questions") != 1 or not isinstance(data.get("positions"), list):
        _refuse(f"{path}: not a file of `oracle_questions.py record` (version 1)")
    total = 0
    for n, p in enumerate(data["positions"]):
        if not isinstance(p, dict) or not isinstance(p.get("id"), str):
            _refuse(f"{path}: positions[{n}]: an object with an id expected")
        if not isinstance(p.get("names"), list) or not all(isinstance(x, str) for x in p["names"]):
            _refuse(f"{path}: positions[{n}].names: the prisoners' names expected")
        qs = p.get("questions")
        if not isinstance(qs, list) or not all(isinstance(q, list) and len(q) > 4 and all(isinstance(x, int) for x in q) for q in qs):
            _refuse(f"{path}: positions[{n}].questions: lists of integers expected (budget, size, flags, turn, masks...)")
        total += len(qs)
    if total > MAX_QUESTIONS:
        _refuse(f"{path}: {total:,} questions, more than {MAX_QUESTIONS:,}")
    return data["positions"]


def _build(path: str | None, number: int) -> Any:
    """The compiled kernel module: the installed one, or the build at ``path`` loaded under a name of its own."""
    if path is None:
        from solver.nightcage.endgame.kernel import compiled

        if compiled._fast is None:
            _refuse("the compiled kernel is not built (`make install`)")
        return compiled._fast
    name = f"lueur_bench_build{number}._fast"  # (the last part names the module's init function)
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None:
        _refuse(f"{path}: not loadable")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _answer_all(build: Any, position: dict[str, Any]) -> tuple[float, tuple[int, int, int]]:
    """CPU seconds for a position's questions with a fresh memory, and (expanded, wins, cut)."""
    memory = build.oracle_new()
    names = tuple(position["names"])
    questions = [(q[0], (context(q[1], names, q[2]), *q[3:])) for q in position["questions"]]
    expanded = wins = cut = 0
    start = time.process_time()
    for budget, k in questions:
        status, work = build.oracle_wins(memory, k, budget, -1, None)
        expanded += work
        wins += status == "win"
        cut += status == "node"
    return time.process_time() - start, (expanded, wins, cut)


def answer(path: Path, kernels: list[str | None], rounds: int) -> None:
    positions = _load(path)
    builds = [_build(k, n) for n, k in enumerate(kernels)]
    best: dict[tuple[int, str], float] = {}
    work: dict[tuple[int, str], set[tuple[int, int, int]]] = {}
    for _ in range(rounds):
        for b, build in enumerate(builds):
            for p in positions:
                seconds, done = _answer_all(build, p)
                key = (b, p["id"])
                best[key] = min(best.get(key, seconds), seconds)
                work.setdefault(key, set()).add(done)
    for b, kernel in enumerate(kernels):
        times = {p["id"]: round(best[b, p["id"]], 4) for p in positions}
        print(json.dumps({"build": kernel or "installed", "cpu_seconds": times, "sum": round(sum(times.values()), 4)}))
    same = all(len({w for b in range(len(builds)) for w in work[b, p["id"]]}) == 1 for p in positions)
    print(json.dumps({"same_work": same, "work": {p["id"]: sorted(work[0, p["id"]])[0] for p in positions}}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--ids", default=DEFAULT_IDS)
    rec.add_argument("--out", type=Path, default=ROOT / "build" / "oracle_questions.json")
    ans = sub.add_parser("answer")
    ans.add_argument("path", type=Path)
    ans.add_argument("--kernel", action="append", default=None, help="a build of the kernel (repeat to compare)")
    ans.add_argument("--rounds", type=int, default=3, choices=range(1, 101), metavar="1..100")
    args = parser.parse_args()
    if args.command == "record":
        ids = [i.strip() for i in args.ids.split(",") if i.strip()]
        missing = [i for i in ids if not (CORPUS / f"{i}.json").is_file()]
        if missing or not ids:
            _refuse(f"--ids: not corpus positions: {', '.join(missing) or '(none given)'} (see {CORPUS})")
        record(ids, args.out)
    else:
        answer(args.path, args.kernel or [None], args.rounds)


if __name__ == "__main__":
    main()
