"""The companion at the table in a real browser: each action's consequences told as the dispute view tells them; a tile
picked as a picture and turned (keyboard and touch) instead of typed; on a phone the board and the decision at hand on
screen together, with the prisoners' Nerve, keys and candles in words; the odds and a hint one tap away; and the hint's
values shown for every choice it evaluated (never "not evaluated yet" beside a proven loser)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from tests.browser import PHONE, ROOT, both_sizes, in_view
from tests.workbench.test_workbench_companion import enter, played, start_game
from tests.workbench.test_workbench_solve import open_solve, position_json

BOXED_IN = ROOT / "scenarios" / "questions" / "q05-boxed-in-start.toml"
SHUFFLED = ROOT / "scenarios" / "chance" / "02-whatever-is-drawn.toml"


def load_record(page, path) -> None:
    """A scenario's position loaded in the companion as a record with no action yet."""
    position, _ = load_path(path)
    page.click("#tab-companion")
    page.fill("#companion-paste", json.dumps(to_json(position.state, {"title": position.meta.get("title")})))
    page.click("#panel-companion button:text-is('Load the pasted record')")
    played(page, 0)


def test_each_action_is_told_with_what_it_caused(page) -> None:
    load_record(page, BOXED_IN)
    enter(page, "stay")
    caused = page.locator("#companion-events li")
    expect(caused).to_have_count(1)
    expect(caused.first).to_contain_text("red stays and gains 1 Nerve")
    enter(page, "burn t")  # the stay burns a T: red's start tile crumbles under it and it falls
    expect(caused).to_have_count(3)
    expect(caused.nth(1)).to_contain_text("the start tile (NE) on c3 crumbles into a pit")
    expect(caused.nth(1)).to_contain_text("Rulebook: Crumbling Tiles & Pits / Tuiles fissurées et gouffres")
    expect(caused.nth(2)).to_contain_text("red falls into the pit on c3")
    expect(page.locator("#panel-companion .companion-status")).to_contain_text("Red chooses the row or the column to land on")
    both_sizes(page, "companion-narrates")


def test_a_tile_is_picked_as_a_picture_turned_and_placed(page) -> None:
    start_game(page)
    picker = page.locator("#companion-picker")
    expect(picker).to_be_visible()
    page.click("#board .cell[data-cell=c3]")  # where the start tile goes
    expect(picker.locator(".picker-cell[aria-pressed=true]")).to_have_text("c3")
    tile = picker.locator(".picker-tile")
    expect(tile).to_have_count(1)
    expect(tile.locator("svg")).to_have_attribute("class", "tile-picture kind-start")
    place = picker.locator(".picker-place")
    expect(place).to_have_text("Place: start c3 ES")
    picker.locator(".picker-turn").focus()
    page.keyboard.press("r")  # R turns it a quarter clockwise
    expect(place).to_have_text("Place: start c3 SW")
    expect(tile).to_have_attribute("aria-label", "start tile, open SW (chosen: press again to turn it)")
    tile.click()  # a tap on the chosen picture turns it too
    expect(place).to_have_text("Place: start c3 NW")
    place.click()
    played(page, 1)
    assert page.locator("#panel-companion .record-actions li").all_inner_texts() == ["start c3 NW"]
    # the tile drawn: the kinds that may be drawn, as pictures, for the cell chosen
    expect(picker).to_be_visible()
    page.click("#board .cell[data-cell=b3]")
    names = picker.locator(".picker-tile .picker-name").all_inner_texts()
    assert "crossroads" in names and "T junction" in names
    picker.locator(".picker-tile", has_text="T junction").click()
    expect(place).to_contain_text("Place: place b3 t:")
    before = place.inner_text()
    picker.locator(".picker-place").focus()
    page.keyboard.press("r")
    expect(place).not_to_have_text(before)
    page.keyboard.press("Enter")
    played(page, 2)
    both_sizes(page, "companion-tile-picker")


def test_on_a_phone_the_board_and_the_decision_are_on_screen_together(browser, workbench) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(workbench + "/#t=companion")
    page.wait_for_selector("body[data-ready=true]")
    start_game(page)
    page.locator("#companion-picker .picker-place").scroll_into_view_if_needed()
    assert in_view(page, "#board svg") and in_view(page, "#companion-picker .picker-place")
    page.locator("#companion-picker .picker-cell", has_text="d4").tap()
    page.locator("#companion-picker .picker-tile").tap()  # a tap turns the chosen tile
    expect(page.locator("#companion-picker .picker-place")).to_have_text("Place: start d4 SW")
    page.locator("#companion-picker .picker-place").tap()
    played(page, 1)
    assert in_view(page, "#board svg") and in_view(page, "#companion-picker")
    prisoners = page.locator("#prisoners li")  # the picture leaves its panel out here: the prisoners in words
    expect(prisoners.first).to_contain_text("red on d4 · candle lit · Nerve 1")
    # the odds and a hint, one tap each, shown where the decision is
    page.locator("#companion-show-odds").tap()
    expect(page.locator("#panel-companion table.odds")).to_be_visible()
    assert in_view(page, "#panel-companion table.odds") and in_view(page, "#board svg")
    page.locator("#companion-ask-hint").tap()
    expect(page.locator("#panel-companion .tool-part:has(#companion-hint-title) .errors")).to_contain_text("draw")
    assert in_view(page, "#panel-companion .tool-part:has(#companion-hint-title) .errors")
    page.screenshot(path=str(ROOT / "build/test-artefacts/workbench/companion-phone-odds-hint.png"))
    context.close()


def test_the_hint_shows_every_choices_value_and_a_proven_loser_as_one(page) -> None:
    load_record(page, SHUFFLED)
    page.click("#companion-ask-hint")
    best = page.locator("#panel-companion .hint-best")
    expect(best).to_contain_text("proven: escapes whatever is drawn (100%)", timeout=20_000)
    others = page.locator("#panel-companion .hint-others li")
    expect(others.last).to_have_text("charge S — proven lost (0%)")
    assert not any("not evaluated yet" in text for text in others.all_inner_texts())
    both_sizes(page, "companion-hint-values")


def test_the_solve_tools_hint_shows_the_values_too(page, workbench) -> None:
    """The same in Solve & hint (the issue's report: a proven loser read "not evaluated yet", like a winner)."""
    open_solve(page, workbench, position_json(SHUFFLED))
    page.click("#panel-solve button:text-is('Hint')")
    others = page.locator("#panel-solve .hint-others li")
    expect(others.last).to_have_text("charge S — proven lost (0%)", timeout=20_000)
    texts = others.all_inner_texts()
    assert texts and not any("nothing proven" in text or "estimate" in text for text in texts), texts
    assert all(text.endswith(("proven: escapes whatever is drawn (100%)", "proven lost (0%)")) for text in texts), texts
