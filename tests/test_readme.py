"""The README's transcripts are real: every ``$ lueur ...`` shown is run and its output compared.

A transcript is a fenced block whose lines starting with ``$ `` are commands
and whose other lines are what the command printed on stdout. Only ``lueur``
commands run here (the Node.js client has its own test, tests/test_examples.py;
``lueur serve &`` and the ``curl``/``jq`` lines need a server or other tools).
What changes from run to run is read loosely: durations (``0.005 s``), rates
(``2400/min``) and the number of worker processes. A line that is only ``…``
stands for lines left out of the transcript.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from solver.core.exit_codes import ExitCode

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ELISION = "…"
LINKED = ("docs", "scenarios", "benchmarks", "examples")
"""What the commands read, linked into the scratch folder they run in."""

_VARIABLE = [
    (re.compile(r"\b\d+(\.\d+)? s\b"), "<seconds> s"),
    (re.compile(r"\(\d+/min\)"), "(<rate>/min)"),
    (re.compile(r"\b\d+ worker\(s\)"), "<n> worker(s)"),
]


def transcripts() -> list[tuple[int, list[tuple[str, list[str]]]]]:
    """Each block of commands with its line number: the commands and the output shown after each."""
    blocks, block, start, inside = [], [], 0, False
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            if inside and block:
                blocks.append((start, block))
            inside, block, start = not inside, [], number + 1
        elif inside and line.startswith("$ "):
            block.append((line[2:], []))
        elif inside and block:
            block[-1][1].append(line)
    return blocks


def lueur_commands() -> list[tuple[str, str, list[str]]]:
    found = []
    for start, block in transcripts():
        for command, shown in block:
            if command.startswith("lueur ") and not command.endswith("&"):
                found.append((f"README.md:{start}", command, shown))
    return found


def _normalise(line: str) -> str:
    for pattern, replacement in _VARIABLE:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines fit the transcript (``…`` lines standing for any run of lines)."""
    shown = [_normalise(line) for line in shown]
    printed = [_normalise(line) for line in printed]
    if not shown:
        return not printed
    head, *rest = shown
    if head.strip() == ELISION:
        return any(matches(rest, printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and head == printed[0] and matches(rest, printed[1:])


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch folder where the transcripts' files (game.json, puzzles/) are written, in README order."""
    work = tmp_path_factory.mktemp("readme")
    for name in LINKED:
        (work / name).symlink_to(ROOT / name)
    return work


def test_the_readme_shows_lueur_commands() -> None:
    assert len(lueur_commands()) >= 10


@pytest.mark.parametrize(("where", "command", "shown"), lueur_commands(), ids=[c[1][:60] for c in lueur_commands()])
def test_a_readme_transcript_is_what_the_command_prints(where: str, command: str, shown: list[str], workdir: Path) -> None:
    args = shlex.split(command)[1:]
    done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=workdir, capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "COLUMNS": "100"})
    printed = done.stdout.splitlines()
    assert matches(shown, printed), f"{where}: `{command}` printed:\n{done.stdout}\n(stderr: {done.stderr[-500:]})"


def test_the_readme_exit_code_table_is_the_library_s() -> None:
    rows = re.findall(r"^\| (\d+) \| (.+?) \|$", README.read_text(encoding="utf-8"), re.M)
    assert {int(code): meaning for code, meaning in rows} == {int(code): code.meaning for code in ExitCode}
