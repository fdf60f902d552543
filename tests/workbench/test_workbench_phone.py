"""On a phone (400x800) the board and what the tools say about it are on screen together: a dispute's step tapped, or
the plan's Next, redraws the board where it is seen (it stays at the top of the screen), the prisoners' Nerve, keys and
candles are in words under it; and the pages `apply --render` writes open at their top, say what the other reading
changes, and keep the picture's panel readable on a phone."""

from __future__ import annotations

import subprocess

from playwright.sync_api import expect

from tests.browser import PHONE, both_sizes, in_view, shot
from tests.protocol_client import LUEUR, ROOT
from tests.workbench.test_workbench_dispute import open_dispute
from tests.workbench.test_workbench_solve import ENDGAMES, open_solve, position_json


def board_drawn_again(page, before: str) -> None:
    page.wait_for_function("(before) => document.querySelector('#board').innerHTML !== before", arg=before)


def test_a_disputes_steps_redraw_the_board_in_view(page) -> None:
    open_dispute(page)
    page.fill("#dp-action", "move N")
    page.click("#dp-apply")
    steps = page.locator("#dp-steps .dp-step")
    expect(steps).to_have_count(5)
    page.set_viewport_size(PHONE)
    steps.nth(1).scroll_into_view_if_needed()
    before = page.inner_html("#board")
    steps.nth(1).click()
    board_drawn_again(page, before)
    assert in_view(page, "#board svg") and in_view(page, "#dp-steps .dp-step[data-step='0']")
    expect(page.locator("#prisoners li").filter(has_text="purple")).to_contain_text("purple on b5 · candle out · Nerve 0")
    both_sizes(page, "dispute-step-phone")


def test_the_plans_next_redraws_the_board_in_view(page, workbench) -> None:
    page.set_viewport_size(PHONE)
    open_solve(page, workbench, position_json(ENDGAMES / "06-charge-through.toml"))
    page.click("#panel-solve button:text-is('Solve')")
    expect(page.locator("#panel-solve .plan-counter")).to_have_text("Turn 0 of 5: the start", timeout=20_000)
    nxt = page.locator("#panel-solve button:has-text('Next')")
    nxt.scroll_into_view_if_needed()
    before = page.inner_html("#board")
    nxt.click()
    board_drawn_again(page, before)
    assert in_view(page, "#board svg") and in_view(page, "#panel-solve .plan-counter")
    both_sizes(page, "solve-next-phone")


def test_a_stepped_page_opens_at_its_top_and_says_what_the_other_reading_changes(browser, tmp_path) -> None:
    out = tmp_path / "steps"
    done = subprocess.run([*LUEUR, "apply", "scenarios/rulebook/wax-eater-sight.toml", "move N", "--render", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((out / "index.html").as_uri())
    page.wait_for_load_state("load")
    assert page.evaluate("scrollY") == 0 and in_view(page, "h1") and in_view(page, "nav.controls")
    page.keyboard.press("End")  # the last picture: the result and the other reading
    caption = page.locator("section.step-frame.current div.caption")
    expect(caption).to_contain_text("under the other reading of RULING-LOS-END (the sight line stops before that tile): "
                                    "purple's candle: out here, lit under the other reading")
    expect(caption).not_to_contain_text("the other reading): now")
    page.reload()  # the address now names the last picture: it opens there, still at the top
    page.wait_for_load_state("load")
    assert page.evaluate("scrollY") == 0 and "current" in page.get_attribute("section.step-frame:last-of-type", "class")
    both_sizes(page, "stepped-page")
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.querySelector('section.step-frame.current svg').getBoundingClientRect().width")
    assert width >= 600  # its panel's text stays readable: the picture scrolls sideways rather than shrink to a stamp
    shot(page, "stepped-page-phone", full_page=False)
    page.close()
