"""Test helpers for the engine protocol: positions as JSON, and ``lueur engine`` driven as a real process."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from typing import Any

from solver.fearsome.notation import files as ff_files
from solver.fearsome.notation import position_json as ff_notation
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from tests.paths import ROOT

LUEUR = [sys.executable, "-m", "cli"]
FINAL = ("result", "error")


def position(scenario: str) -> dict[str, Any]:
    """The v1 JSON of a bundled scenario, e.g. ``rulebook/wax-eater-sight``."""
    pos = load_path(str(ROOT / "scenarios" / f"{scenario}.toml"))[0]
    return to_json(pos.state, pos.meta)


def ff_position(stem: str) -> dict[str, Any]:
    """The lueur-ff-position/1 JSON of a Fearsome Floors scenario, e.g. ``monster-eight-steps``."""
    loaded = ff_files.load_path(str(ROOT / "scenarios" / "fearsome" / f"{stem}.json"))
    return ff_notation.to_json(loaded.position)


class Engine:
    """``lueur engine`` in a child process; lines are read on a thread so that a test never blocks on a pipe."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen([*LUEUR, "engine", *options], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.raw: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.raw.append(raw)
            self.lines.put(json.loads(raw))
        self.lines.put(None)

    def send(self, request: dict[str, Any] | str | bytes) -> None:
        if isinstance(request, dict):
            request = json.dumps(request)
        data = request if isinstance(request, bytes) else request.encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def next_line(self, timeout: float = 60.0) -> dict[str, Any]:
        line = self.lines.get(timeout=timeout)
        assert line is not None, "the engine closed its output"
        return line

    def until_final(self, request_id: Any, timeout: float = 60.0) -> list[dict[str, Any]]:
        """Every line up to ``request_id``'s final line (other requests' lines included)."""
        seen = []
        while True:
            line = self.next_line(timeout)
            seen.append(line)
            if line.get("id") == request_id and line["type"] in FINAL:
                return seen

    def ask(self, request: dict[str, Any], timeout: float = 60.0) -> list[dict[str, Any]]:
        """Send one request and return its own lines, the final one last."""
        self.send(request)
        return [line for line in self.until_final(request["id"], timeout) if line.get("id") == request["id"]]

    def close(self, timeout: float = 60.0) -> list[dict[str, Any]]:
        """End the input; return every line still to come, after the engine has exited."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        rest = []
        while (line := self.lines.get(timeout=timeout)) is not None:
            rest.append(line)
        self.process.wait(timeout)
        return rest

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
