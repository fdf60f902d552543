"""The table companion in a real browser: a new game followed action by action (typed, or picked
among the legal actions), a refused action, undo (button and Ctrl-Z), the odds and a hint at the
table, the record saved as a download, reloaded (file and pasted text) to the same position, and
replayed by ``lueur apply`` on the command line to the same position."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser import position_in_address, shot
from tests.paths import ROOT


def without_meta(position: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in position.items() if key != "meta"}


def legal_shown(page: Any) -> list[str]:
    return page.locator("#panel-companion .legal-action").all_inner_texts()


def enter(page: Any, action: str) -> None:
    """Types what happened at the table and applies it; waits for the record to hold it."""
    count = page.locator("#panel-companion .record-actions li").count()
    page.fill("#companion-action", action)
    page.press("#companion-action", "Enter")
    played(page, count + 1)


def pick(page: Any, action: str) -> None:
    """Clicks one of the legal actions the companion lists (they come from `legal`)."""
    count = page.locator("#panel-companion .record-actions li").count()
    assert action in legal_shown(page), legal_shown(page)
    page.locator("#panel-companion .legal-action", has_text=action).first.click()
    played(page, count + 1)


def played(page: Any, count: int) -> None:
    """Waits until the companion holds `count` actions and shows the legal actions after them."""
    expect(page.locator("#panel-companion .record-actions li")).to_have_count(count)
    expect(page.locator("#panel-companion .companion-status")).to_contain_text(f"Actions played: {count}.")
    expect(page.locator("#panel-companion .legal-heading")).not_to_have_text("Finding the legal actions…")


def start_game(page: Any, *, over_a_game: bool = False) -> None:
    page.click("#tab-companion")
    page.click("#panel-companion button:text-is('New game')")
    if over_a_game:  # the game played so far has actions: the companion asks first
        page.click("#companion-confirm button:text-is('Discard it and start a new game')")
    expect(page.locator("#panel-companion .companion-status")).to_have_text(
        "Red's turn. Red places its start tile ('start <cell> <openings>'). Actions played: 0.")


def test_a_game_is_followed_saved_and_reloaded(page, tmp_path: Path) -> None:
    start_game(page)
    status = page.locator("#panel-companion .companion-status")
    # a main action before any start tile is refused, with the reason beside the field
    page.fill("#companion-action", "move N")
    page.press("#companion-action", "Enter")
    expect(page.locator("#companion-action-error")).to_contain_text("move N: refused:")
    expect(page.locator("#panel-companion .record-actions li")).to_have_count(0)

    enter(page, "start c3 NE")
    expect(status).to_contain_text("A tile is drawn")
    expect(page.locator("#companion-action-error")).to_be_hidden()
    pick(page, "place d3 t:NEW")  # the tile drawn at the table, named by its placement
    # clicking a cell narrows the legal actions to those on it
    expect(page.locator("#panel-companion .legal-heading")).to_have_text("Legal actions: 5 of 5")
    page.click("#board .cell[data-cell=c4]")
    expect(page.locator("#panel-companion .legal-action")).to_have_text(
        ["place c4 straight:NS", "place c4 t:NES", "place c4 t:NSW", "place c4 t:ESW", "place c4 cross"])
    page.click("#board .cell[data-cell=d3]")  # nothing left to place there
    expect(page.locator("#panel-companion .legal-action")).to_have_count(0)
    page.click("#board .cell[data-cell=c4]")
    pick(page, "place c4 cross")
    expect(status).to_have_text("Blue's turn. Blue places its start tile ('start <cell> <openings>'). Actions played: 3.")
    enter(page, "start a1 ES")
    shot(page, "companion-four-actions")

    page.click("#panel-companion button:text-is('Undo (Ctrl-Z)')")
    expect(page.locator("#panel-companion .record-actions li")).to_have_count(3)
    expect(status).to_contain_text("Blue's turn")
    enter(page, "start e5 NE")
    pick(page, legal_shown(page)[0])
    page.locator("#panel-companion h2").click()  # the focus off the field: Ctrl-Z undoes the last action
    page.keyboard.press("Control+z")
    expect(page.locator("#panel-companion .record-actions li")).to_have_count(4)
    recorded = page.locator("#panel-companion .record-actions li").all_inner_texts()
    assert recorded == ["start c3 NE", "place d3 t:NEW", "place c4 cross", "start e5 NE"]

    # the odds of the next draws (a tile awaits: a T is likelier than a straight), and a hint
    odds_rows = page.locator("#panel-companion table.odds tbody tr")
    expect(odds_rows.first).to_contain_text("straight")
    enter(page, "place e6 t:ESW")
    page.click("#panel-companion button:text-is('Hint')")  # a draw awaits: no decision to hint at
    expect(page.locator("#panel-companion .tool-part:has(#companion-hint-title) .errors")).to_contain_text("draw")
    pick(page, "place f5 cross")
    expect(status).to_contain_text("Green's turn")
    page.click("#panel-companion button:text-is('Hint')")
    expect(page.locator("#panel-companion .hint-action")).not_to_have_text("")
    expect(page.locator("#panel-companion button.apply-hint")).to_be_visible()
    shot(page, "companion-hint")

    # saved as a download...
    with page.expect_download() as download_info:
        page.click("#panel-companion button:text-is('Save the record')")
    saved = tmp_path / "game.json"
    download_info.value.save_as(saved)
    record = json.loads(saved.read_text())
    actions = ["start c3 NE", "place d3 t:NEW", "place c4 cross", "start e5 NE", "place e6 t:ESW", "place f5 cross"]
    assert record["meta"]["format"] == "lueur-game/1" and record["meta"]["actions"] == actions
    page.click("#panel-companion button:text-is('Open this moment in the other tools')")
    here = position_in_address(page)
    board = page.inner_html("#board")

    # ...which `lueur apply` replays to the same position
    replayed = subprocess.run([sys.executable, "-m", "cli", "apply", str(saved), *actions, "--json"],
                              cwd=ROOT, capture_output=True, text=True, check=True)
    assert without_meta(json.loads(replayed.stdout)["position"]) == without_meta(here)

    # reloaded from the file, after another game was started: the same position again
    start_game(page, over_a_game=True)
    page.set_input_files("#companion-file", str(saved))
    played(page, 6)
    page.wait_for_function("(before) => document.querySelector('#board').innerHTML === before", arg=board)
    page.click("#panel-companion button:text-is('Open this moment in the other tools')")
    assert position_in_address(page) == here
    shot(page, "companion-reloaded")


def test_a_pasted_record_is_replayed_up_to_its_first_refused_action(page) -> None:
    start_game(page)
    enter(page, "start c3 NE")
    page.click("#panel-companion button:text-is('Open this moment in the other tools')")
    start = position_in_address(page)
    page.click("#panel-companion button:text-is('Undo (Ctrl-Z)')")
    record = dict(start)
    record["meta"] = {"format": "lueur-game/1", "actions": ["place d3 cross", "move N", "place c4 cross"]}
    page.fill("#companion-paste", json.dumps(record))
    page.click("#panel-companion button:text-is('Load the pasted record')")
    errors = page.locator("#panel-companion .tool-part:has(#companion-record-title) .errors")
    expect(errors).to_contain_text("Action 2 of 3 (move N) was refused:")
    expect(errors).to_contain_text("The game is loaded up to action 1.")
    expect(page.locator("#panel-companion .record-actions li")).to_have_text(["place d3 cross"])
    page.fill("#companion-paste", '{"meta": {"actions": ["stay", 3]}}')
    page.click("#panel-companion button:text-is('Load the pasted record')")
    expect(errors).to_contain_text("meta.actions[1]: must be an action in the notation")
    page.set_viewport_size({"width": 400, "height": 900})
    shot(page, "companion-narrow")


def test_a_reload_in_the_middle_of_a_game_comes_back_to_the_same_position(page) -> None:
    start_game(page)
    enter(page, "start c3 NE")
    pick(page, "place d3 t:NEW")
    enter(page, "place c4 cross")
    page.click("#panel-companion button:text-is('Undo (Ctrl-Z)')")  # an undo is kept too
    played(page, 2)
    page.click("#panel-companion button:text-is('Open this moment in the other tools')")
    here = position_in_address(page)

    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.click("#tab-companion")
    played(page, 2)
    recorded = page.locator("#panel-companion .record-actions li").all_inner_texts()
    assert recorded == ["start c3 NE", "place d3 t:NEW"]
    page.click("#panel-companion button:text-is('Open this moment in the other tools')")
    assert position_in_address(page) == here

    # "New game" over a game with actions asks first; the keyboard answers (Escape keeps the game)
    page.click("#panel-companion button:text-is('New game')")
    dialog = page.locator("#companion-confirm")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    played(page, 2)
    page.click("#panel-companion button:text-is('New game')")
    expect(dialog).to_be_visible()
    expect(page.locator("#companion-confirm button:focus")).to_have_text("Keep this game")
    page.set_viewport_size({"width": 400, "height": 700})
    shot(page, "companion-confirm-narrow")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Discard it and start a new game"
    expect(page.locator("#panel-companion .companion-status")).to_contain_text("Actions played: 0.")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.click("#tab-companion")
    played(page, 0)


def test_the_notice_after_an_undo_leaves_the_controls_uncovered_in_a_narrow_window(page) -> None:
    page.set_viewport_size({"width": 400, "height": 700})
    start_game(page)
    enter(page, "start c3 NE")
    enter(page, "place d3 t:NEW")
    field = page.locator("#companion-action")
    field.evaluate("(node) => node.scrollIntoView({block: 'end'})")  # the field at the window's foot
    page.keyboard.press("Control+z")  # the focus in the (empty) field: Ctrl-Z undoes the last action
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Undone: place d3 t:NEW.")
    shot(page, "companion-notice-narrow")
    box = notice.bounding_box()
    for control in (field, page.locator("#panel-companion button:text-is('Undo (Ctrl-Z)')")):
        other = control.bounding_box()
        assert box and other
        overlap = (box["x"] < other["x"] + other["width"] and other["x"] < box["x"] + box["width"]
                   and box["y"] < other["y"] + other["height"] and other["y"] < box["y"] + box["height"])
        assert not overlap, (box, other)
    page.click("#notice button:text-is('Dismiss')")
    expect(notice).to_be_hidden()
