"""Every picture the test suite writes is parsed as XML (issue 24: pictures well-formed whatever text they hold).

A plugin (``pytest_plugins`` in ``tests/conftest.py``): at the end of the session
it parses every ``.svg`` file written under the session's temporary
directory, where each test's ``tmp_path`` lies, and fails the session naming
each picture that is not well-formed XML. ``tests/test_pictures.py`` sweeps
every way a picture is drawn with hostile text; this catches the pictures the
other tests write along the way.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

_WRITTEN: pytest.StashKey[Path] = pytest.StashKey()


def malformed_pictures(root: Path) -> list[str]:
    """``path: why`` for each ``.svg`` under ``root`` that does not parse as XML."""
    found = []
    for path in sorted(root.rglob("*.svg")):
        if path.is_symlink():  # a link a test planted, not a picture written
            continue
        try:
            ET.parse(path)
        except ET.ParseError as exc:
            found.append(f"{path}: {exc}")
    return found


@pytest.fixture(scope="session", autouse=True)
def _note_the_temporary_directory(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> None:
    request.config.stash[_WRITTEN] = tmp_path_factory.getbasetemp()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    root = session.config.stash.get(_WRITTEN, None)
    if root is None or not root.exists():
        return
    bad = malformed_pictures(root)
    if bad:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep("=", "pictures written by the tests that are not well-formed XML", red=True)
            for line in bad:
                reporter.write_line(line)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
