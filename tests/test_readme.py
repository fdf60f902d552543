"""The README's transcripts are real: every ``$ lueur ...`` shown is run and its output compared.

A transcript is a fenced block whose lines starting with ``$ `` are commands
and whose other lines are what the command printed on stdout. Every command
shown runs here, as a newcomer would type it at the repository's root after
``make demo`` and ``. .venv/bin/activate``: ``lueur`` commands directly, the
others (pipelines through ``jq``, the Node.js client) in bash with ``lueur``
on the PATH and ``.venv/bin/lueur`` in place, their stderr interleaved with
their stdout as on a terminal. The HTTP server's transcript (``lueur serve ... &`` and the requests
sent to it) runs against a real server on a free port. What changes from run to run is read
loosely: durations (``0.005 s``), rates (``2400/min``) and the number of
worker processes. A line that is only ``…`` stands for lines left out of the
transcript.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from solver.base.exit_codes import ExitCode
from tests.paths import ROOT

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
            if command.startswith("lueur ") and not served(command):
                found.append((f"README.md:{start}", command, shown))
    return found


SERVED_PORT = "8765"


def served(command: str) -> bool:
    """The HTTP server's transcript: a server left running, and the requests sent to it."""
    return command.endswith("&") or f"localhost:{SERVED_PORT}" in command


def served_transcript() -> tuple[str, list[str], list[tuple[str, list[str]]]]:
    """The command that starts the server, what it prints, and each request sent to it with its output."""
    [block] = [block for _, block in transcripts() if any(served(command) for command, _ in block)]
    (start, announced), *requests = block
    assert start.startswith("lueur serve ") and start.endswith("&")
    return start, announced, requests


def shell_commands() -> list[tuple[str, str, list[str]]]:
    """The commands shown that are not a plain ``lueur`` call: pipelines, other programs."""
    return [(f"README.md:{start}", command, shown) for start, block in transcripts() for command, shown in block
            if not command.startswith("lueur ") and not served(command)]


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
    # `lueur` as `make demo` installs it: on the PATH once .venv is activated, and at .venv/bin/lueur.
    (work / ".venv" / "bin").mkdir(parents=True)
    shim = work / ".venv" / "bin" / "lueur"
    shim.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m cli "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
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


@pytest.mark.parametrize(("where", "command", "shown"), shell_commands(), ids=[c[1][:60] for c in shell_commands()])
def test_a_readme_shell_transcript_is_what_the_command_prints(where: str, command: str, shown: list[str], workdir: Path) -> None:
    path = f"{workdir / '.venv' / 'bin'}:/usr/local/bin:/usr/bin:/bin"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=300, env={"PATH": path, "COLUMNS": "100"})
    assert done.returncode == 0 and matches(shown, done.stdout.splitlines()), f"{where}: `{command}` printed:\n{done.stdout}"


def test_the_readme_http_transcript_is_what_the_server_answers(workdir: Path) -> None:
    """``lueur serve`` started as shown (on a free port instead of 8765, which may be taken) and each request run."""
    start, announced, requests = served_transcript()
    args = [arg if arg != SERVED_PORT else "0" for arg in shlex.split(start.removesuffix("&"))[1:]]
    server = subprocess.Popen([sys.executable, "-m", "cli", *args], cwd=workdir, stderr=subprocess.PIPE, text=True,
                              env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    try:
        assert server.stderr is not None
        first = server.stderr.readline()
        port = re.search(r":(\d+)/v1/", first)
        assert port is not None, first
        assert matches(announced, [first.replace(f":{port.group(1)}/", f":{SERVED_PORT}/")])
        for command, shown in requests:
            here = command.replace(f"localhost:{SERVED_PORT}", f"localhost:{port.group(1)}")
            done = subprocess.run(["bash", "-o", "pipefail", "-c", here], cwd=workdir, capture_output=True, text=True, timeout=120,
                                  env={"PATH": "/usr/local/bin:/usr/bin:/bin"})
            assert done.returncode == 0 and matches(shown, done.stdout.splitlines()), f"`{command}` printed:\n{done.stdout}{done.stderr}"
    finally:
        server.terminate()
        server.wait(30)


def test_every_command_the_readme_shows_is_run() -> None:
    shown = [command for _, block in transcripts() for command, _ in block]
    run = [command for _, command, _ in lueur_commands() + shell_commands()]
    run += [command for command in shown if served(command)]  # by test_the_readme_http_transcript_is_what_the_server_answers
    assert [command for command in shown if command not in run] == []
    assert len(shell_commands()) >= 2


def test_every_block_the_readme_shows_is_a_tested_transcript() -> None:
    """Output, files and boards are shown as what a command prints (shortened only with ``…``), never pasted."""
    blocks, inside, info, first = [], False, "", None
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            if inside:
                blocks.append((number, info, first))
            inside, info, first = not inside, line[3:], None
        elif inside and first is None:
            first = line
    pasted = [f"README.md:{n}" for n, info, first in blocks if info != "sh" and not (first or "").startswith("$ ")]
    assert pasted == []


def test_the_readme_exit_code_table_is_the_library_s() -> None:
    rows = re.findall(r"^\| (\d+) \| (.+?) \|$", README.read_text(encoding="utf-8"), re.M)
    assert {int(code): meaning for code, meaning in rows} == {int(code): code.meaning for code in ExitCode}
