"""The workbench's plan view and `solve --render` agree: turn k is drawn on the position it starts from, with the
prisoner's whole walk through the turn (a run of several steps included) and the cells it names outlined, the same
picture as the stepped page's k-th; the last picture is where the plan ends."""

from __future__ import annotations

import re
import subprocess

from playwright.sync_api import expect

from tests.browser import both_sizes
from tests.protocol_client import LUEUR, ROOT
from tests.workbench.test_workbench_solve import ENDGAMES, open_solve, position_json

SPRINT = ENDGAMES / "03-stay-then-sprint.toml"  # turn 5: green runs two steps east ("move E, again, move E")
POINTS = re.compile(r'<g class="path" data-prisoner="(\w+)"[^>]*>(.*?)</g>', re.S)


def walks(svg: str) -> list[tuple[str, list[str]]]:
    """Each walk drawn: whose, and the points of its lines (the board sits at the same place in both pictures)."""
    return [(who, re.findall(r'points="([^"]+)"', body)) for who, body in POINTS.findall(svg)]


def test_each_turn_is_drawn_as_the_stepped_page_draws_it(page, workbench, tmp_path) -> None:
    out = tmp_path / "plan"
    done = subprocess.run([*LUEUR, "solve", str(SPRINT), "--render", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    pictures = sorted(out.glob("step-*.svg"))
    assert len(pictures) == 6  # five turns, then the end
    open_solve(page, workbench, position_json(SPRINT))
    page.click("#panel-solve button:text-is('Solve')")
    counter = page.locator("#panel-solve .plan-counter")
    expect(counter).to_have_text("Turn 0 of 5: the start", timeout=20_000)
    for turn in range(1, 6):
        before = page.inner_html("#board")
        page.click("#panel-solve button:has-text('Next')")
        expect(counter).to_have_text(f"Turn {turn} of 5")
        page.wait_for_function("(before) => document.querySelector('#board').innerHTML !== before", arg=before)
        shown = page.inner_html("#board")
        stepped = pictures[turn - 1].read_text(encoding="utf-8")
        assert walks(shown) == walks(stepped), turn
        assert shown.count('class="highlight"') == stepped.count('class="highlight"'), turn
    sprint = walks(page.inner_html("#board"))
    assert sprint and sprint[0][0] == "green" and len(sprint[0][1][0].split()) >= 3  # the run's three cells, not its ends
    both_sizes(page, "plan-turn-5")
    page.click("#panel-solve button:has-text('Next')")
    expect(counter).to_have_text("After turn 5: the end")
