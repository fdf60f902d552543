"""The workbench page itself: it loads, draws the board, switches tools from the keyboard, keeps the
position in its address and is served with a policy that lets it fetch nothing from elsewhere."""

from __future__ import annotations

import httpx

from tests.browser import shot


def test_the_page_starts_on_a_new_game_with_the_whole_board(page) -> None:
    assert page.locator("#board [data-cell]").count() == 36
    assert page.locator("#tab-editor").get_attribute("aria-selected") == "true"
    assert page.url.split("#", 1)[1].startswith("p=")


def test_tools_switch_with_the_arrow_keys(page) -> None:
    page.focus("#tab-editor")
    page.keyboard.press("ArrowRight")
    assert page.locator("#tab-dispute").get_attribute("aria-selected") == "true"
    assert page.locator("#panel-dispute").is_visible() and not page.locator("#panel-editor").is_visible()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#tab-companion").get_attribute("aria-selected") == "true"


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
    assert page.locator("#board [data-cell].cursor").get_attribute("data-cell") == "b2"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#board [data-cell].cursor").get_attribute("data-cell") == "f2"  # the board wraps


def test_the_page_may_load_nothing_from_another_site(workbench) -> None:
    response = httpx.get(workbench + "/")
    assert response.status_code == 200 and "<title>Lueur workbench</title>" in response.text
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "http" not in policy
    assert httpx.get(workbench + "/js/app.js").headers["content-type"].startswith("text/javascript")
