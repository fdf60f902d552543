"""Record what the command line prints for every scenario, to compare two versions of Lueur byte for byte.

    python benchmarks/outputs_snapshot.py TREE OUT_DIR [--workers N]
    diff -r OUT_A OUT_B        (or: python benchmarks/outputs_snapshot.py --compare OUT_A OUT_B)

For each scenario of ``TREE/scenarios/`` it runs ``show`` (plain, ``--json``,
``--graph``), ``legal --explain`` (plain and ``--json``), ``check --json``,
``odds --json``, ``convert`` to each form, ``solve`` (plain and ``--json``,
30 s each) and ``apply`` with the actions of each of its checks (plain and
``--json``), with ``TREE``'s own code, and writes stdout, stderr and the exit
code, one file per scenario. Durations are masked. ``--compare`` also masks
the counts inside answers that stopped at a limit (exit 3): how far a search
gets in 30 s depends on the machine's load.

``--more`` also records, in ``more.txt``, the commands that do not read one
scenario at a time, each with settings that make its answer reproducible (a
fixed seed, a count of playouts or positions rather than seconds): ``analyze``,
``hint``, ``grade``, ``export``, ``play``, ``review``, ``generate`` and the
Fearsome Floors commands (``ff ...``). Their files go under
``/tmp/lueur-snapshot/`` (the same paths for both trees, so the outputs
compare).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DURATION = re.compile(r'("seconds": )[0-9.e-]+|(\d+(\.\d+)? ?(ms|s)\b)')
COUNT = re.compile(r"\d[\d,]*")


def commands(tree: Path) -> list[list[str]]:
    out = []
    for path in sorted((tree / "scenarios").rglob("*.toml")):
        rel = str(path.relative_to(tree))
        out += [["show", rel], ["show", rel, "--json"], ["show", rel, "--graph"], ["legal", rel, "--explain"],
                ["legal", rel, "--explain", "--json"], ["check", rel, "--json"], ["odds", rel, "--json"],
                ["convert", rel, "--to", "json"], ["convert", rel, "--to", "line"], ["convert", rel, "--to", "toml"],
                ["solve", rel, "--json", "--time-limit", "30"], ["solve", rel, "--time-limit", "30"]]
        for check in tomllib.loads(path.read_text(encoding="utf-8")).get("check", []):
            actions = check.get("actions", [])
            if actions and not check.get("rulings"):
                out += [["apply", rel, *actions], ["apply", rel, *actions, "--json"]]
    return out


SCRATCH = Path("/tmp/lueur-snapshot")
"""Where ``--more``'s commands write their files (records, puzzles, PDDL)."""


def more_commands(tree: Path) -> list[list[str]]:
    """The commands ``--more`` records: every one but the per-scenario ones, reproducible settings."""
    record, puzzles = str(SCRATCH / "game.json"), str(SCRATCH / "puzzles")
    out = []
    for name in ("01-first-tile-decides", "02-whatever-is-drawn", "03-no-order-saves-them"):
        rel = f"scenarios/chance/{name}.toml"
        out += [["analyze", rel, "--playouts", "300", "--orders", "30", "--workers", "1", "--no-progress"],
                ["analyze", rel, "--playouts", "300", "--orders", "30", "--workers", "2", "--no-progress", "--json"],
                ["hint", rel, "--playouts", "20", "--time-limit", "5", "--json"]]
    out += [["analyze", "scenarios/rulebook/final-flickers.toml", "--playouts", "100", "--no-progress"],
            ["analyze", "scenarios/endgames/02-relay.toml", "--playouts", "50", "--orders", "0", "--no-progress", "--json"]]
    for rel in ("scenarios/endgames/02-relay.toml", "scenarios/endgames/06-charge-through.toml"):
        out += [["hint", rel, "--time-limit", "20"], ["export", rel, "--pddl", str(SCRATCH / Path(rel).stem)],
                ["export", rel, "--pddl", str(SCRATCH / Path(rel).stem), "--json"]]
    out += [["export", "scenarios/chance/01-first-tile-decides.toml", "--pddl", str(SCRATCH / "chance"), "--json"]]
    for grade in ("easy", "medium", "hard", "expert", "lose"):
        rel = str(sorted((tree / "scenarios" / "puzzles" / grade).glob("*.toml"))[0].relative_to(tree))
        out += [["grade", rel], ["grade", rel, "--json", "--cpsat"]]
    out += [["grade", "scenarios/endgames/01-one-step-home.toml"], ["grade", "scenarios/chance/02-whatever-is-drawn.toml", "--json"]]
    out += [["play", "--seed", "3", "--policy", "greedy"], ["play", "--seed", "4", "--policy", "random", "--json"],
            ["play", "--seed", "6", "--policy", "greedy", "-o", record], ["play", "--seed", "1", "--policy", "bot", "--samples", "1"],
            ["review", record, "--samples", "1"], ["review", record, "--samples", "1", "--top", "3", "--json"],
            ["generate", "--count", "2", "--seed", "5", "--workers", "1", "--max-nodes", "300", "--no-progress", "-o", puzzles,
             "--json"],
            ["generate", "--count", "1", "--seed", "2", "--verdict", "lose", "--workers", "2", "--no-progress", "-o",
             puzzles + "-lose", "--json"]]
    for path in sorted((tree / "scenarios" / "fearsome").glob("*.json")):
        rel = str(path.relative_to(tree))
        out += [["ff", "show", rel], ["ff", "show", rel, "--json"], ["ff", "check", rel, "--json"], ["ff", "forecast", rel],
                ["ff", "forecast", rel, "--json"], ["ff", "race", rel], ["ff", "moves", rel, "--limit", "4"],
                ["ff", "render", rel], ["ff", "render", rel, "--tile", "8"]]
    out += [["ff", "forecast", "scenarios/fearsome/monster-eight-steps.json", "--render", str(SCRATCH / "forecast.svg")],
            ["ff", "new", "--players", "3"], ["ff", "new", "--players", "5", "--advanced", "--seed", "7"],
            ["ff", "new", "--players", "4", "--seed", "7"]]
    return out


def run(tree: Path, args: list[str]) -> str:
    done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(tree), "COLUMNS": "100"})
    stdout, stderr = DURATION.sub("<t>", done.stdout), DURATION.sub("<t>", done.stderr)
    return f"$ {' '.join(args)}\nexit {done.returncode}\n{stdout}\n--stderr--\n{stderr}\n"


def record(tree: Path, out: Path, workers: int, more: bool = False) -> int:
    todo = commands(tree)
    with ThreadPoolExecutor(workers) as pool:
        texts = list(pool.map(lambda args: run(tree, args), todo))
    by_file: dict[str, list[str]] = {}
    for args, text in zip(todo, texts):
        by_file.setdefault(args[1], []).append(text)
    out.mkdir(parents=True, exist_ok=True)
    for name, parts in by_file.items():
        (out / (name.replace("/", "__") + ".txt")).write_text("".join(parts), encoding="utf-8")
    if more:  # one after the other: the review reads the game played before it, generate writes afresh
        shutil.rmtree(SCRATCH, ignore_errors=True)
        SCRATCH.mkdir(parents=True)
        extra = more_commands(tree)
        (out / "more.txt").write_text("".join(run(tree, args) for args in extra), encoding="utf-8")
        todo += extra
    return len(todo)


def compare(a: Path, b: Path) -> int:
    """Print the commands whose outputs differ (counts of limit-stopped answers masked); the number of them."""
    def runs(path: Path) -> list[str]:
        return path.read_text(encoding="utf-8").split("$ ")[1:]

    def masked(text: str) -> str:
        return COUNT.sub("<n>", text) if text.split("\n")[1] == "exit 3" else text

    same = loose = 0
    different = []
    for path in sorted(a.iterdir()):
        for x, y in zip(runs(path), runs(b / path.name), strict=True):
            if x == y:
                same += 1
            elif masked(x) == masked(y):
                loose += 1
            else:
                different.append(x.split("\n")[0])
    print(f"{same} identical, {loose} identical but for the counts of an answer stopped at a limit, {len(different)} different")
    for line in different:
        print(f"  differs: {line}")
    return len(different)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs=2, type=Path, metavar="PATH", help="TREE OUT_DIR, or with --compare two OUT_DIRs")
    parser.add_argument("--compare", action="store_true", help="compare two recorded folders")
    parser.add_argument("--workers", type=int, default=2, help="commands run at once (default 2)")
    parser.add_argument("--more", action="store_true", help="also record analyze, hint, grade, export, play, review, generate and ff")
    args = parser.parse_args()
    if args.compare:
        sys.exit(1 if compare(*args.paths) else 0)
    print(f"{record(args.paths[0].resolve(), args.paths[1], args.workers, args.more)} commands recorded in {args.paths[1]}")


if __name__ == "__main__":
    main()
