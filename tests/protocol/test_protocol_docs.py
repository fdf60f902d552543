"""The ``version`` answers written in docs/protocol.md are the engine's own (issue 24: the transcript once listed 12
commands where the server listed 15). The check runs on every change, so the page cannot go stale again."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from cli.http_server import ServerLimits, create_app
from solver.protocol.commands import execute, version
from solver.protocol.requests import parse_request
from tests.paths import ROOT

DOCS = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")


def test_the_engine_transcripts_version_line_is_the_engines_answer() -> None:
    [line] = re.findall(r'^<- (\{"id":1,"type":"result","command":"version".*\})$', DOCS, re.M)
    documented = json.loads(line)
    answered = execute(parse_request({"id": 1, "command": "version"}), lambda info: None, lambda: False)
    assert {k: v for k, v in documented.items() if k != "seconds"} == {"id": 1, **answered}
    assert documented["result"]["commands"] == version()["commands"]


def test_the_http_sessions_version_answer_is_the_servers() -> None:
    [line] = re.findall(r"^\$ curl -s localhost:8765/v1/version\n(\{.*\})$", DOCS, re.M)
    served = TestClient(create_app(ServerLimits()), base_url="http://localhost").get("/v1/version").json()
    assert json.loads(line) == served
