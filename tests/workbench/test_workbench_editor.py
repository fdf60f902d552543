"""The workbench's editor in a real browser: a position built by clicking, its problems shown beside
their fields and cells and gone when fixed, export and import (JSON and the one-line form, through
the engine's ``convert``), a link reopened, and the keyboard alone."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from solver.nightcage.model.rulings import ALL_RULINGS
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from tests.browser import ROOT, shot

EXAMPLE = ROOT / "docs" / "examples" / "position.json"


def exported(page) -> dict:
    """The position as the editor exports it (v1 JSON)."""
    page.click("#ed-export-json")
    return json.loads(page.input_value("#ed-io-text"))


def import_text(page, text: str) -> None:
    page.fill("#ed-io-text", text)
    page.click("#ed-import")


def test_a_position_built_by_clicking_is_in_the_exported_json(page) -> None:
    page.click("#ed-kind-start")
    page.click("#ed-rotate")  # NE turns to ES
    page.click('#board .cell[data-cell="c3"]')
    page.click("#ed-kind-straight")
    page.click('#board .cell[data-cell="d3"]')
    page.click('#board .cell[data-cell="d3"]')  # a second click turns it: NS to EW
    page.click("#ed-place-0")
    page.click('#board .cell[data-cell="c3"]')
    expect(page.locator("#ed-prisoners-0-at")).to_have_value("c3")
    shot(page, "editor-built-by-clicking")
    position = exported(page)
    assert position["tiles"] == {"c3": {"kind": "start", "open": "ES"}, "d3": {"kind": "straight", "open": "EW"}}
    assert position["prisoners"][0]["at"] == "c3" and "unplaced" not in position["prisoners"][0]
    page.click("#ed-kind-remove")
    page.click('#board .cell[data-cell="d3"]')
    assert exported(page)["tiles"] == {"c3": {"kind": "start", "open": "ES"}}


def test_a_problem_shows_beside_its_field_and_cell_and_goes_when_fixed(page) -> None:
    nerve = page.locator("#ed-prisoners-1-nerve")
    nerve.fill("5")
    nerve.press("Tab")
    problem = page.locator('[data-field="prisoners[1].nerve"] .field-problem')
    expect(problem).to_contain_text("5 is out of range")
    expect(nerve).to_have_attribute("aria-invalid", "true")
    shot(page, "editor-nerve-problem")
    page.locator("#ed-prisoners-1-nerve").fill("2")
    page.locator("#ed-prisoners-1-nerve").press("Tab")
    expect(page.locator(".field-problem")).to_have_count(0)
    # A prisoner on an empty cell: the problem sits by its cell field and the cell is marked.
    page.click("#ed-place-0")
    page.click('#board .cell[data-cell="e5"]')
    expect(page.locator('[data-field="prisoners[0].at"] .field-problem')).to_contain_text("e5 holds no tile")
    expect(page.locator('#board .cell[data-cell="e5"].problem')).to_have_count(1)
    shot(page, "editor-empty-cell-problem")
    page.click("#ed-kind-start")
    page.click('#board .cell[data-cell="e5"]')  # a start tile under red: its field problem goes
    expect(page.locator('[data-field="prisoners[0].at"] .field-problem')).to_have_count(0)
    expect(page.locator('#board .cell[data-cell="e5"].problem')).to_have_count(0)
    expect(page.locator("#ed-problems li").first).to_contain_text("illuminated but empty")  # the cells it lights


def test_export_and_import_in_json_and_the_line_form_give_the_same_position(page) -> None:
    position, _ = load_path(EXAMPLE)
    canonical = to_json(position.state, position.meta)
    import_text(page, EXAMPLE.read_text())
    expect(page.locator("#ed-problems .ok")).to_have_text("The position is valid.")
    assert exported(page) == json.loads(EXAMPLE.read_text())
    page.click("#ed-export-line")
    expect(page.locator("#ed-io-text")).to_have_value(re.compile(r"^6/6/2,I:NS,K,2/"))
    line = page.input_value("#ed-io-text")
    assert "\n" not in line
    page.click("#ed-new")  # something else in between, then the line back
    expect(page.locator("#ed-prisoners-0-unplaced")).to_have_count(1)
    import_text(page, line)
    expect(page.locator("#ed-prisoners-0-at")).to_have_value("c3")
    assert exported(page) == canonical
    shot(page, "editor-line-reimported")


def test_a_text_that_cannot_be_read_keeps_what_was_typed_and_says_where(page) -> None:
    broken = '{"tiles": {,}'
    import_text(page, broken)
    expect(page.locator("#ed-io-problems")).to_contain_text("line 1, column 12")
    assert page.input_value("#ed-io-text") == broken
    line = "6/6/6/6/6/6 red@c9+1 red pile:t=3"
    import_text(page, line)
    expect(page.locator("#ed-io-problems")).to_contain_text("field 2 (prisoners), item 1")
    assert page.input_value("#ed-io-text") == line
    shot(page, "editor-import-problem")


def test_a_link_reopened_in_a_new_page_gives_the_same_position(page, browser) -> None:
    page.click("#ed-kind-key")
    page.click('#board .cell[data-cell="b2"]')
    page.fill("#ed-prisoners-2-nerve", "0")
    page.press("#ed-prisoners-2-nerve", "Tab")
    expect(page).to_have_url(re.compile("#t=editor&p="))
    here = exported(page)
    assert here["tiles"]["b2"] == {"kind": "key"} and here["prisoners"][2]["nerve"] == 0
    other = browser.new_page()
    other.goto(page.url)
    other.wait_for_selector("body[data-ready=true]")
    other.wait_for_selector("#board [data-cell]")
    assert exported(other) == here
    other.close()


def test_the_palette_and_the_board_work_from_the_keyboard_alone(page) -> None:
    page.focus("#tab-editor")
    for _ in range(40):  # a bounded walk through the page's controls
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "ed-palette":
            break
    assert page.evaluate("document.activeElement.id") == "ed-kind-straight"  # the checked kind takes the focus
    page.keyboard.press("ArrowRight")  # the T junction
    page.keyboard.press("r")  # NES turns to ESW
    expect(page.locator(".palette-turn")).to_contain_text("openings ESW")
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.id") == "board":
            break
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the cursor starts on a1; b1 gets the tile
    expect(page.locator('#board .cell[data-cell="b1"]')).to_have_class(re.compile("cursor"))
    shot(page, "editor-keyboard")
    assert exported(page)["tiles"] == {"b1": {"kind": "t", "open": "ESW"}}


def test_the_narrow_window_keeps_the_editor_usable(page) -> None:
    page.set_viewport_size({"width": 400, "height": 900})
    page.click("#ed-kind-cross")
    page.click('#board .cell[data-cell="a6"]')
    expect(page.locator("#ed-problems li").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 400  # nothing sticks out sideways
    shot(page, "editor-narrow")


def test_the_editors_rulings_are_the_engines() -> None:
    """The editor offers the rulings the engine knows, no more, no fewer."""
    script = (ROOT / "cli" / "web" / "js" / "editor-pile.js").read_text()
    listed = re.search(r"export const RULINGS = \[(.*?)\];", script, re.S)
    assert listed is not None
    assert sorted(re.findall(r"'(RULING-[A-Z0-9-]+)'", listed.group(1))) == sorted(ALL_RULINGS)
