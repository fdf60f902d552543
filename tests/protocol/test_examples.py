"""The example clients in examples/ (another language than Python) against the real engine."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.protocol_client import ROOT

NODE = shutil.which("node")
CLIENT = "examples/node/lueur-client.mjs"
ENV = {"LUEUR": f"{sys.executable} -m cli", "PATH": "/usr/bin:/bin"}

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def run_client(*args: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, CLIENT, *args], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)


def lueur_json(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "cli", *args, "--json"], cwd=ROOT, capture_output=True, text=True)
    return json.loads(done.stdout)


def test_the_node_client_gets_a_hint_and_an_adjudication() -> None:
    done = run_client("examples/positions/wax-eater-sight.json", "move N", "--playouts", "4")
    assert done.returncode == 0, done.stderr
    expected_hint = lueur_json("hint", "examples/positions/wax-eater-sight.json", "--playouts", "4")
    expected_apply = lueur_json("apply", "examples/positions/wax-eater-sight.json", "move N")
    out = done.stdout
    assert f"Hint for {expected_hint['decision']}:" in out
    assert f"  best: {expected_hint['best']['action']}: " in out
    assert "Adjudication of move N:" in out
    for event in expected_apply["events"]:
        assert event["text"] in out
    assert "[hint] exact after" in done.stderr  # the progress report came before the answer


def test_the_node_client_shows_a_proven_hint_and_a_refusal() -> None:
    done = run_client("examples/positions/hold-the-light.json", "move W")
    assert done.returncode == 0, done.stderr
    assert "  best: stay: wins in 4 turns (proven)" in done.stdout
    assert "  refused: move W:" in done.stdout and "legal instead: stay, move E, move S" in done.stdout


def test_the_node_client_fails_on_an_engine_error(tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "lueur-position/1"}))
    done = run_client(str(broken))
    assert done.returncode == 1 and "[hint] error: invalid position" in done.stderr
