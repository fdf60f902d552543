"""States shipped between processes (pickled, as Ray and spawned workers do), each under its own hash seed.

The hash of a ``str`` depends on ``PYTHONHASHSEED``: a state that carried a hash
computed in one process would not be found, in another, in a dict keyed by an
equal state. :func:`shipped_lookups` pickles the states one function makes in a
process under one seed and looks them up in a process under another.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT

WRITE = """
import pickle, sys
from {module} import {function} as make
with open(sys.argv[1], "wb") as file:
    pickle.dump(make(), file)
print(hash("lueur"))
"""

READ = """
import json, pickle, sys
from {module} import {function} as make
with open(sys.argv[1], "rb") as file:
    shipped = pickle.load(file)
fresh = make()
by_fresh = {{state: i for i, state in enumerate(fresh)}}
by_shipped = {{state: i for i, state in enumerate(shipped)}}
print(json.dumps({{
    "seed_hash": hash("lueur"),
    "states": len(fresh),
    "equal": shipped == fresh,
    "found": sum(by_fresh.get(state) == i for i, state in enumerate(shipped)),
    "found_back": sum(by_shipped.get(state) == i for i, state in enumerate(fresh)),
}}))
"""


def run_under_seed(code: str, seed: int, *args: str) -> str:
    """Standard output of ``python -c code args`` under ``PYTHONHASHSEED=seed`` (the tests' own interpreter)."""
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def shipped_lookups(make: str, folder: Path) -> dict[str, object]:
    """What the process reading the states made by ``make`` (``module:function``, returning a list) found.

    They are made, memoised and pickled under hash seed 1, loaded under seed 2 and
    looked up both ways against the same states made afresh there.
    """
    module, function = make.split(":")
    pickled = folder / "states.pickle"
    written = int(run_under_seed(WRITE.format(module=module, function=function), 1, str(pickled)))
    report = json.loads(run_under_seed(READ.format(module=module, function=function), 2, str(pickled)))
    report["hash_seeds_differ"] = written != report.pop("seed_hash")
    return report
