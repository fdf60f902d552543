"""Fixtures for the web workbench's tests in a real browser (headless Chromium, driven by Playwright).

``lueur serve`` is started on a free loopback port; the page is driven as a person would use it. ``page`` opens the
editor on a new game (the tools' tests start there), ``first_visit`` the start page as the bare address shows it.
Debian's ``chromium`` is used (Playwright's own browser download cannot work here): ``make test``
installs it when missing (see the Makefile). Every test leaves a screenshot of where it ended in
``build/test-artefacts/workbench/`` (and one per step it names with :func:`shot`, at the window's size: 1280x900, or
400x800 for a phone).

They are a pytest plugin (``pytest_plugins`` in tests/conftest.py): any test may ask for them.
"""

from __future__ import annotations

import base64
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

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
    """The workbench loaded and ready on its editor with a new game's position (a 1280x900 window); JavaScript errors and
    a file the page asks for that is not there (a 404 for the icon...) fail the test (the protocol's refusals do not)."""
    yield from _opened(browser, workbench + "/#t=editor", request, "#board [data-cell]")


@pytest.fixture
def first_visit(browser: Any, workbench: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The workbench as a first visit opens it: its address alone, the start page shown (a 1280x900 window)."""
    yield from _opened(browser, workbench + "/", request, "#panel-start .start-card")


def _opened(browser: Any, url: str, request: pytest.FixtureRequest, ready: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("response", lambda response: errors.append(f"{response.status} {response.url}")  # a missing file, not a refusal
           if response.status >= 400 and "/v1/" not in response.url else None)
    tab.goto(url)
    tab.wait_for_selector("body[data-ready=true]")
    tab.wait_for_selector(ready)
    yield tab
    shot(tab, request.node.name)
    context.close()
    assert not errors, f"JavaScript errors or failed requests on the page: {errors}"


def position_in_address(page: Any) -> dict[str, Any]:
    """The position the page's address holds (store.js: #t=<tool>&p=<base64url of the JSON, no padding>)."""
    encoded = parse_qs(urlsplit(page.url).fragment)["p"][0]
    return json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))


def tool_in_address(page: Any) -> str | None:
    """The tool the page's address names (#t=...), or None."""
    return parse_qs(urlsplit(page.url).fragment).get("t", [None])[0]


WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 400, "height": 800}


def both_sizes(page: Any, name: str, settle: Any = None) -> list[Path]:
    """Screenshots of the page as it stands at 1280x900 and at 400x800 (a phone), the window put back as it was.

    ``settle(page)``, if given, waits after each resize for what the size changes (a board drawn again).
    """
    before = page.viewport_size
    paths = []
    for size, label in ((WIDE, "wide"), (PHONE, "phone")):
        page.set_viewport_size(size)
        if settle:
            settle(page)
        paths.append(shot(page, f"{name}-{label}", full_page=False))
    page.set_viewport_size(before)
    return paths


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is on screen now (at least partly inside the window), not scrolled away."""
    return bool(page.evaluate("""(selector) => {
        const node = document.querySelector(selector);
        if (!node) return false;
        const box = node.getBoundingClientRect();
        return box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    }""", selector))


def shot(page: Any, name: str, full_page: bool = True) -> Path:
    """A screenshot of the whole page (or of the window only), kept as a test artefact."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / (re.sub(r"[^A-Za-z0-9_.-]+", "-", name) + ".png")
    page.screenshot(path=str(path), full_page=full_page)
    return path
