"""The workbench page itself: it loads, draws the board, switches tools from the keyboard, keeps the
position in its address and is served with a policy that lets it fetch nothing from elsewhere."""

from __future__ import annotations

import subprocess

import httpx
from playwright.sync_api import expect

from tests.browser import position_in_address, shot, tool_in_address
from tests.protocol_client import LUEUR, ROOT


def test_the_page_starts_on_a_new_game_with_the_whole_board(page) -> None:
    assert page.locator("#board .cell[data-cell]").count() == 36
    assert page.locator("#tab-editor").get_attribute("aria-selected") == "true"
    assert tool_in_address(page) == "editor" and position_in_address(page)["pile"]["count"] == 74


def test_tools_switch_with_the_arrow_keys(page) -> None:
    page.focus("#tab-editor")
    page.keyboard.press("ArrowRight")
    assert page.locator("#tab-dispute").get_attribute("aria-selected") == "true"
    assert page.locator("#panel-dispute").is_visible() and not page.locator("#panel-editor").is_visible()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#tab-start").get_attribute("aria-selected") == "true"
    page.keyboard.press("ArrowLeft")  # round the row, to its last tool
    assert page.locator("#tab-ff").get_attribute("aria-selected") == "true" and tool_in_address(page) == "ff"


def test_a_link_reproduces_the_position(page, browser) -> None:
    link = page.url
    other = browser.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready=true]")
    other.wait_for_selector("#board [data-cell]")
    assert other.url == link
    assert other.inner_html("#board") == page.inner_html("#board")
    shot(other, "link-reopened")
    other.close()


def test_the_board_cursor_moves_with_the_keyboard(page) -> None:
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    assert page.locator("#board .cell.cursor").get_attribute("data-cell") == "b2"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#board .cell.cursor").get_attribute("data-cell") == "f2"  # the board wraps


def test_the_page_may_load_nothing_from_another_site(workbench) -> None:
    response = httpx.get(workbench + "/")
    assert response.status_code == 200 and "<title>Lueur workbench</title>" in response.text
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "http" not in policy
    assert httpx.get(workbench + "/js/app.js").headers["content-type"].startswith("text/javascript")


def test_a_stepped_page_shows_one_picture_at_a_time_and_steps_with_the_keys(browser, tmp_path) -> None:
    """The page `lueur apply --render` writes, opened in the browser: a picture is visible and the keys step."""
    out = tmp_path / "steps"
    done = subprocess.run([*LUEUR, "apply", "docs/examples/position.json", "move N", "--render", str(out)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.goto((out / "index.html").as_uri())
    visible = "[...document.querySelectorAll('section.step-frame')].filter(f => f.getBoundingClientRect().height > 0).map(f => f.id)"
    picture = "document.querySelector('section.step-frame.current svg').getBoundingClientRect().width"
    assert page.evaluate(visible) == ["step-1"] and page.evaluate(picture) > 300
    page.keyboard.press("ArrowRight")
    assert page.evaluate(visible) == ["step-2"] and page.evaluate(picture) > 300
    assert "step 2 of" in page.inner_text(".counter")
    shot(page, "stepper-step-2")
    page.close()


def test_the_legend_is_shown_on_demand(page) -> None:
    assert page.locator("#board .legend").count() == 0
    page.check("#show-legend")
    page.wait_for_selector("#board .legend")
    page.uncheck("#show-legend")
    page.wait_for_selector("#board .legend", state="detached")


def test_a_narrow_window_draws_the_board_without_the_prisoners_panel(page) -> None:
    page.check("#show-panel")  # asked for: the picture's own panel beside the board
    page.wait_for_selector("#board .panel")
    page.set_viewport_size({"width": 400, "height": 800})
    page.wait_for_selector("#board .panel", state="detached")
    width = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    assert width > 300  # the board takes the window's width
    shot(page, "narrow-board")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_selector("#board .panel")


def test_the_board_is_large_and_stays_in_view_while_the_panel_scrolls(page) -> None:
    """At 1280 the board's squares take most of its column (no panel beside them unless asked), and it stays on screen."""
    grid = "(() => { const r = [...document.querySelectorAll('#board .cell[data-cell]')].map((g) => g.getBoundingClientRect());"
    side = page.evaluate(grid + " return Math.max(...r.map((b) => b.right)) - Math.min(...r.map((b) => b.left)); })()")
    assert side >= 450  # it was 343 px with the panel drawn beside it
    expect(page.locator("#prisoners li").first).to_contain_text("red not placed · candle lit · Nerve 1")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the editor's foot
    assert page.evaluate("scrollY") > 300
    top = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().top")
    assert 0 <= top < 100  # still at the top of the window
