"""Fixtures for the web workbench's tests in a real browser (headless Chromium, driven by Playwright).

``lueur serve`` is started on a free loopback port; the page is driven as a person would use it.
Debian's ``chromium`` is used (Playwright's own browser download cannot work here): ``make test``
installs it when missing (see the Makefile). Every test leaves a screenshot of where it ended in
``build/test-artefacts/workbench/`` (and one per step it names with :func:`shot`).

They are a pytest plugin (``pytest_plugins`` in tests/conftest.py): any test may ask for them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.paths import ROOT

CHROMIUM = Path("/usr/bin/chromium")
ARTEFACTS = ROOT / "build" / "test-artefacts" / "workbench"

sys.path.insert(0, str(ROOT / "benchmarks"))
from protocol_load import start_server, stop_server  # noqa: E402


@pytest.fixture(scope="module")
def workbench() -> Iterator[str]:
    """The address of a running ``lueur serve``."""
    process, url = start_server("--max-time-limit", "30")
    yield url
    stop_server(process)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium), or install it yourself")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, workbench: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The workbench loaded and ready (a 1280x900 window); JavaScript errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(workbench + "/")
    tab.wait_for_selector("body[data-ready=true]")
    tab.wait_for_selector("#board [data-cell]")
    yield tab
    shot(tab, request.node.name)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page: Any, name: str) -> Path:
    """A screenshot of the whole page, kept as a test artefact."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / (re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".png")
    page.screenshot(path=str(path), full_page=True)
    return path
