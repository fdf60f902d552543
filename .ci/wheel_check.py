"""The wheel as a user gets it: built from this checkout, installed into a fresh environment, run there.

``make wheel-check`` (and so ``make test`` and CI) runs this script:

1. ``python -m build`` makes the sdist, then the wheel from the unpacked sdist (as ``pip install``
   from PyPI would), so a file the sdist leaves out is missing from the wheel too;
2. the wheel must hold every file of ``solver/`` and ``cli/`` (git's list: the packages, their data,
   the C kernel's sources), the bundled ``scenarios/`` as ``solver/scenarios/`` (``setup.py`` copies
   them) and nothing else but the compiled kernel, which must be there when this machine has a C
   compiler (it is optional: without one the pure kernel runs);
3. a fresh virtual environment in a temporary folder gets the wheel and its dependencies (from pip's cache
   when they were installed before);
4. ``lueur`` runs there from an empty folder, ``PYTHONPATH`` unset, so it imports only what was
   installed: ``--help``, ``games``, ``check`` on a scenario of each game, ``solve`` on an end-game,
   ``ff forecast`` (its JSON, and its picture written in that folder), ``gallery`` (the bundled
   scenarios found, its pages written in that folder).

Any failure prints what ran and what it said, and exits 1. ``--keep`` keeps the temporary folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREES = ("solver", "cli")
"""The folders the wheel installs, whole."""
BUNDLED = ("scenarios", "solver/scenarios")
"""A folder of the checkout the wheel carries elsewhere: where it is, where the wheel puts it."""
LEFT_OUT = ("__pycache__/", ".pyc", ".so")
"""Build and run leftovers in a checkout, never part of the wheel."""
COMPILED_KERNEL = "solver/nightcage/endgame/kernel/_fast."
COMPILED_HELPERS = ("solver/base/_frame_chunks.",)
"""The other C extensions (their sources are C, not a module of the checkout)."""
COMPILED_SIMULATOR = "solver/nightcage/sim/position."
"""One of the modules Cython compiles (setup.py's ``COMPILED_PYTHON``): a build beside each, when it can."""
SCENARIOS = ROOT / "scenarios"


class CheckFailed(Exception):
    """One step failed; the message says what ran and what it printed."""


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command``; its standard output, or :class:`CheckFailed` with both outputs on a non-zero exit."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise CheckFailed(f"`{' '.join(command)}` (in {cwd}) exited {done.returncode}\n"
                          f"--- stdout ---\n{done.stdout[-4000:]}\n--- stderr ---\n{done.stderr[-4000:]}")
    return done.stdout


def checkout_files() -> set[str]:
    """The files the wheel must hold, named as in the wheel: ``solver/`` and ``cli/`` of the checkout, and its
    ``scenarios/`` under ``solver/scenarios/`` (git's list: tracked and new, ignored ones aside)."""
    source, target = BUNDLED
    trees = (*TREES, source)
    if (ROOT / ".git").exists() and shutil.which("git"):
        listed = run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", *trees], ROOT).split("\0")
        names = {name for name in listed if name and (ROOT / name).is_file()}
    else:  # an unpacked sdist: every file there
        names = {path.relative_to(ROOT).as_posix() for tree in trees for path in (ROOT / tree).rglob("*") if path.is_file()}
    names = {target + name[len(source):] if name.startswith(source + "/") else name for name in names}
    return {name for name in names if not any(part in name if part.endswith("/") else name.endswith(part) for part in LEFT_OUT)}


def has_c_compiler() -> bool:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    include = sysconfig.get_paths()["include"]
    return shutil.which(compiler) is not None and (Path(include) / "Python.h").exists()


def check_contents(wheel: Path) -> tuple[int, bool]:
    """``(files, compiled)``: the wheel holds exactly the checkout's trees (and the compiled kernel when it can)."""
    with zipfile.ZipFile(wheel) as archive:
        names = {name for name in archive.namelist() if not name.endswith("/")}
    shipped = {name for name in names if name.split("/")[0] in TREES}
    expected = checkout_files()
    compiled = {name for name in shipped if name.endswith((".so", ".pyd"))
                and (name.startswith((COMPILED_KERNEL, *COMPILED_HELPERS)) or built_from(name) in expected)}
    missing, extra = sorted(expected - shipped), sorted(shipped - expected - compiled)
    if missing or extra:
        raise CheckFailed(f"the wheel {wheel.name} does not hold the checkout's {' and '.join(TREES)}:\n"
                          f"  missing ({len(missing)}): {missing[:20]}\n  extra ({len(extra)}): {extra[:20]}\n"
                          "(pyproject.toml's [tool.setuptools.packages.find] and package-data say what goes in)")
    for prefix, what in ((COMPILED_KERNEL, "compiled kernel"), (COMPILED_SIMULATOR, "simulator compiled by Cython")):
        if not any(name.startswith(prefix) for name in compiled) and has_c_compiler():
            raise CheckFailed(f"the wheel {wheel.name} has no {what} ({prefix}*.so) although this machine "
                              "has a C compiler and Python.h: are the sources in the sdist, and Cython in the build's requirements?")
    return len(names), bool(compiled)


def built_from(name: str) -> str:
    """The source a module's build was compiled from: ``a/b.cpython-311-x86_64-linux-gnu.so`` -> ``a/b.py``."""
    folder, _, leaf = name.rpartition("/")
    return f"{folder}/{leaf.split('.')[0]}.py"


def clean_env(venv: Path) -> dict[str, str]:
    """The environment of the installed ``lueur``: its venv first on PATH, nothing pointing at the checkout."""
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}"
    env["VIRTUAL_ENV"] = str(venv)
    env["PYTHONSAFEPATH"] = "1"  # not even the current folder on sys.path
    return env


def smoke_tests(venv: Path, workdir: Path) -> list[tuple[str, str]]:
    """``(command, what it proved)`` for each run of the installed ``lueur``; :class:`CheckFailed` at the first failure."""
    env, lueur, python = clean_env(venv), str(venv / "bin" / "lueur"), str(venv / "bin" / "python")
    proved = []
    where = run([python, "-c", "import cli, solver; print(solver.__file__); print(cli.__file__)"], workdir, env).split()
    if not all(Path(path).resolve().is_relative_to(venv.resolve()) for path in where):
        raise CheckFailed(f"the installed lueur imports from outside its environment {venv}: {where}")
    proved.append(("import solver, cli", f"from {Path(where[0]).parent.parent}"))
    kernel = run([python, "-c", "from solver.nightcage.endgame.kernel.compiled import KERNEL; print(KERNEL)"], workdir, env)
    proved.append(("the end-game kernel", kernel.strip()))
    steps: list[tuple[list[str], str]] = [
        (["--help"], "Usage: lueur"),
        (["games"], "fearsome-floors"),
        (["check", str(SCENARIOS / "rulebook" / "wax-eater-sight.toml")], "valid position"),
        (["check", str(SCENARIOS / "fearsome" / "basic-start.json")], "valid position"),
        (["solve", str(SCENARIOS / "endgames" / "01-one-step-home.toml"), "--json"], '"verdict": "win"'),
        (["ff", "forecast", str(SCENARIOS / "fearsome" / "basic-start.json"), "--json"], '"p_exact": "1/6"'),
        (["ff", "forecast", str(SCENARIOS / "fearsome" / "monster-eight-steps.json"), "--render", "forecast.svg"], ""),
    ]
    for args, expected in steps:
        out = run([lueur, *args], workdir, env)
        shown = "lueur " + " ".join(Path(arg).name if "/" in arg else arg for arg in args)
        if expected not in out:
            raise CheckFailed(f"`{shown}` ran but did not print {expected!r}:\n{out[-2000:]}")
        if "--json" in args:
            json.loads(out)
        proved.append((shown, f"{len(out.splitlines())} lines"))
    svg = workdir / "forecast.svg"
    if not svg.is_file() or not svg.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml")):
        raise CheckFailed(f"`lueur ff forecast --render forecast.svg` wrote no SVG in {workdir}")
    run([lueur, "gallery", "gallery", "--no-steps"], workdir, env)  # the bundled scenarios, read from the wheel
    pages = sorted((workdir / "gallery" / "boards").glob("*.svg"))
    if not (workdir / "gallery" / "index.html").is_file() or len(pages) < 10:
        raise CheckFailed(f"`lueur gallery gallery --no-steps` found {len(pages)} bundled questions in the wheel")
    proved.append(("lueur gallery gallery --no-steps", f"{len(pages)} questions drawn"))
    return proved


def main(argv: list[str]) -> int:
    keep = "--keep" in argv
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix="lueur-wheel-check-"))
    timings: list[tuple[str, float]] = []

    def timed(step: str, since: float) -> float:
        now = time.monotonic()
        timings.append((step, now - since))
        return now

    try:
        dist, venv, workdir = scratch / "dist", scratch / "venv", scratch / "work"
        workdir.mkdir()
        mark = time.monotonic()
        run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], scratch)
        mark = timed("build the sdist, then the wheel from it", mark)
        (wheel,) = dist.glob("*.whl")
        files, compiled = check_contents(wheel)
        # No pip of its own (ensurepip is slow): this pip installs into it. No byte-compiling of the dependencies
        # either: Python compiles what it imports, when it imports it.
        run([sys.executable, "-m", "venv", "--without-pip", str(venv)], scratch)
        run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--quiet", "--no-compile",
             "--disable-pip-version-check", str(wheel)], scratch)
        mark = timed("a fresh venv, the wheel installed", mark)
        proved = smoke_tests(venv, workdir)
        timed("the installed lueur run", mark)
    except (CheckFailed, ValueError) as failure:  # ValueError: not exactly one wheel built
        print(f"wheel-check FAILED: {failure}", file=sys.stderr)
        print(f"(the temporary folder {scratch} is kept for a look)", file=sys.stderr)
        return 1
    print(f"wheel-check: {wheel.name}, {files} files ({'with' if compiled else 'without'} the compiled kernel), "
          f"installed in a fresh venv and run from {workdir}:")
    for command, result in proved:
        print(f"  ok  {command}: {result}")
    print("  " + ", ".join(f"{step} {seconds:.0f} s" for step, seconds in timings) + f"; {time.monotonic() - started:.0f} s in all")
    if keep:
        print(f"  kept: {scratch}")
    else:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
