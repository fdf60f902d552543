"""``lueur solve``, whole process, under several set-ups, paired position by position (issue 29).

    .venv/bin/python benchmarks/solve_process.py --corpus hard --every 10 --time-limit 60 \\
        --setup new= --setup pure=LUEUR_PURE_KERNEL=1 --setup base=PYTHONPATH=/path/to/base/tree
    .venv/bin/python benchmarks/solve_process.py --startup --rounds 20 \\
        --setup new= --setup base=PYTHONPATH=/path/to/base/tree

A set-up is ``NAME=ENV`` (``VAR=VALUE`` pairs joined by commas, or nothing): this tree's ``lueur``
run with that environment, so ``PYTHONPATH=`` another tree runs that tree's ``lueur``, and
``LUEUR_PURE_KERNEL=1`` the pure kernel with the Python search (the project's own plain A*).
For each position every set-up runs once, in turn (the machine is shared: pairs see the same
load), as ``lueur solve FILE --time-limit T --json``; the table gives per set-up the answers
(a verdict, or ``unknown`` past the limit), CPU seconds (the child's user + system) and wall
seconds in all, the median, the worst, and per position the ratio to the first set-up.

``--reference`` adds a last set-up, ``reference``: the plain breadth-first search over the rules
engine (:func:`solver.testing.reference_search.reference_solve`, which shares no code with the
planners), whole process too (``python -c``, this tree on ``PYTHONPATH``), stopped at the same
time limit (then ``unknown``). Each answer is also checked against the corpus's recorded verdict.

``--startup`` times ``lueur --version`` and an easy end-game (``benchmarks/endgames/0001.json``;
with ``--win`` also 0005.json, won after a short search and its plan replayed) against bare
``python -c pass``, ``--rounds`` times in turn, and gives the medians and their ratio. A set-up
``NAME=LUEUR=/other/venv/bin/lueur`` times another install's ``lueur`` (a wheel's, another tree's).
Byte code is compiled once, before the rounds counted (``PYTHONPYCACHEPREFIX``, a temporary folder):
with ``PYTHONDONTWRITEBYTECODE=1`` and a changed module, every run would compile it again.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LUEUR = Path(sys.executable).parent / "lueur"
REFERENCE = "reference"
BIN = "LUEUR"
"""In a set-up's environment, ``LUEUR=/path/to/lueur`` runs that executable (another tree's venv, a wheel's) instead of this tree's."""
EASY = ROOT / "benchmarks" / "endgames" / "0001.json"
"""Refused at once by a counting argument: no search, no plan."""
EASY_WIN = ROOT / "benchmarks" / "endgames" / "0005.json"
"""WIN in 7 turns after 134 positions: the search runs and its plan is replayed through the rules engine."""
REFERENCE_CODE = (
    "import json, sys\n"
    "from solver.nightcage.notation.forms import load_path\n"
    "from solver.testing.reference_search import reference_solve\n"
    "print(json.dumps({'verdict': reference_solve(load_path(sys.argv[1])[0].state, max_positions=10**8).verdict}))\n"
)


def setups(given: list[str]) -> dict[str, dict[str, str]]:
    out = {}
    for item in given:
        name, _, env = item.partition("=")
        out[name] = dict(pair.split("=", 1) for pair in env.split(",") if pair)
    return out


def timed(cmd: list[str], env: dict[str, str], timeout: float | None = None) -> tuple[float, float, str]:
    """CPU (the child's user + system) and wall seconds, and what it printed (``""`` when stopped at ``timeout``)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **env}, cwd="/tmp",
                             timeout=timeout).stdout
    except subprocess.TimeoutExpired:  # killed and waited for: its CPU is in RUSAGE_CHILDREN
        out = ""
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, out


def corpus_files(name: str, every: int) -> list[Path]:
    """A corpus of benchmarks/endgames by name, or any folder with an index.json (a held-out set)."""
    given = Path(name)
    folder = given if given.is_dir() else ROOT / "benchmarks" / "endgames" / (name if name != "easy" else "")
    rows = json.loads((folder / "index.json").read_text())
    return [folder / row["file"] for row in rows[::every]]


def solve_runs(files: list[Path], envs: dict[str, dict[str, str]], limit: float,
               extra: list[str]) -> dict[str, list[dict[str, Any]]]:
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in envs}
    for i, path in enumerate(files):
        expected = json.loads(path.read_text())["meta"]["expected"]["verdict"]
        for name, env in envs.items():
            if name == REFERENCE:
                cpu, wall, out = timed([sys.executable, "-c", REFERENCE_CODE, str(path)], {"PYTHONPATH": str(ROOT)}, limit)
            else:
                cpu, wall, out = timed([str(LUEUR), "solve", str(path), "--time-limit", str(limit), "--json", *extra], env,
                                       limit + 60)
            try:
                verdict = json.loads(out)["verdict"]
            except (ValueError, KeyError):
                verdict = "unknown" if not out else "no answer"
            runs[name].append({"file": path.name, "verdict": verdict, "expected": expected, "cpu": cpu, "wall": wall})
        print(f"\r{i + 1}/{len(files)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return runs


def report(runs: dict[str, list[dict[str, Any]]]) -> None:
    names = list(runs)
    first = names[0]
    print("| set-up | answered | right | CPU in all | wall in all | CPU median | CPU worst | CPU ratio to "
          f"{first} (all / median / least) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name in names:
        rs = runs[name]
        cpu = [r["cpu"] for r in rs]
        answered = sum(r["verdict"] in ("win", "lose") for r in rs)
        right = sum(r["verdict"] == r["expected"] for r in rs)
        ratios = sorted(r["cpu"] / f["cpu"] for r, f in zip(rs, runs[first]))
        print(f"| {name} | {answered}/{len(rs)} | {right}/{answered} | {sum(cpu):.1f} s | {sum(r['wall'] for r in rs):.1f} s | "
              f"{statistics.median(cpu):.3f} s | {max(cpu):.2f} s | {sum(cpu) / sum(r['cpu'] for r in runs[first]):.2f} / "
              f"{statistics.median(ratios):.2f} / {ratios[0]:.2f} |")
    verdicts = {r["file"]: {name: runs[name][i]["verdict"] for name in names} for i, r in enumerate(runs[first])}
    differ = {f: v for f, v in verdicts.items() if len({x for x in v.values() if x in ("win", "lose")}) > 1}
    print(f"\nanswers that differ between set-ups: {differ or 'none'}")


def startup(envs: dict[str, dict[str, str]], rounds: int, files: list[Path]) -> None:
    """Each set-up's ``lueur --version`` and ``lueur solve FILE`` against bare ``python -c pass``, all in turn each round."""
    runs = {"bare": [sys.executable, "-c", "pass"]}
    for name, env in envs.items():
        lueur = env.get(BIN, str(LUEUR))
        python = Path(lueur).parent / "python"
        if python.parent != LUEUR.parent:  # another install: its own bare start too (a wheel's venv has no editable finder)
            runs[f"{name}: python -c pass"] = [str(python), "-c", "pass"]
        runs[f"{name}: lueur --version"] = [lueur, "--version"]
        for path in files:
            runs[f"{name}: lueur solve {path.name}"] = [lueur, "solve", str(path)]
    env_of = {run: next((e for n, e in envs.items() if run.startswith(f"{n}: ")), {}) for run in runs}
    times: dict[str, list[tuple[float, float]]] = {run: [] for run in runs}
    # Every run reads compiled byte code, as after an install (pip compiles a wheel's modules): the caches are
    # written once, to a folder of their own (no tree is touched), in a first round that is not counted.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="lueur-startup-pycache-")
    for counted in [False] + [True] * rounds:
        for run, cmd in runs.items():
            cpu, wall, _ = timed(cmd, {k: v for k, v in env_of[run].items() if k != BIN})
            if counted:
                times[run].append((cpu, wall))
    bare_cpu = statistics.median(c for c, _ in times["bare"])
    bare_wall = statistics.median(w for _, w in times["bare"])
    print(f"{rounds} rounds; load average before: {os.getloadavg()[0]:.2f}")
    print("| run | CPU median | wall median | CPU / bare | wall / bare |")
    print("|---|---:|---:|---:|---:|")
    for name, ts in times.items():
        cpu, wall = statistics.median(c for c, _ in ts), statistics.median(w for _, w in ts)
        print(f"| {name} | {1000 * cpu:.0f} ms | {1000 * wall:.0f} ms | {cpu / bare_cpu:.2f} | {wall / bare_wall:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setup", action="append", default=[], metavar="NAME=ENV",
                        help="repeat: one per set-up, the first is the baseline")
    parser.add_argument("--corpus", default="hard", help="easy, hard, advanced, keepers, or a folder with an index.json")
    parser.add_argument("--every", type=int, default=1, help="every n-th position")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--max-positions", type=int, default=None,
                        help="lueur solve's memory budget (positions kept; its default when not given)")
    parser.add_argument("--reference", action="store_true", help="add the plain breadth-first reference as a set-up")
    parser.add_argument("--startup", action="store_true", help="time an easy solve against bare python instead")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--win", action="store_true", help="--startup: also an easy end-game that is searched and won (0005)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    envs = setups(args.setup or ["new="])
    if args.reference:
        envs[REFERENCE] = {}
    if args.startup:
        startup(envs, args.rounds, [EASY, EASY_WIN] if args.win else [EASY])
        return
    extra = [] if args.max_positions is None else ["--max-positions", str(args.max_positions)]
    runs = solve_runs(corpus_files(args.corpus, args.every), envs, args.time_limit, extra)
    report(runs)
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    main()
