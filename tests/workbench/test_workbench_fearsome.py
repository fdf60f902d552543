"""Fearsome Floors in the workbench: the tool offered because the engine's `version` lists the game's commands; a new
game; a position pasted in, the monster's path for every tile drawn on the board with each tile's chance; a pawn's
safe moves, ranked, each shown on the board before it is played; a draw told step by step; set-up by clicks; undo."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser import both_sizes
from tests.protocol_client import ff_position


def open_ff(page) -> None:
    page.click("#tab-ff")
    expect(page.locator("#ff-status")).to_contain_text("Actions played: 0.")
    page.wait_for_selector("#ff-board [data-square]")


def paste(page, stem: str) -> None:
    page.fill("#ff-paste", json.dumps(ff_position(stem)))
    page.click("#ff-load")
    expect(page.locator("#ff-status")).to_contain_text("Actions played: 0.")


def test_the_forecast_is_drawn_on_the_board_for_every_tile(page) -> None:
    open_ff(page)
    paste(page, "monster-eight-steps")
    expect(page.locator("#ff-status")).to_contain_text("Monster phase: a tombstone is drawn next")
    rows = page.locator("#ff-forecast tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.filter(has=page.locator("th", has_text="8"))).to_contain_text("2/7")
    page.wait_for_selector("#ff-board .monster-path")
    tiles = page.eval_on_selector_all("#ff-board .monster-path", "(gs) => gs.map((g) => g.dataset.tile)")
    assert sorted(tiles) == sorted(["7", "8", "10", "prey1", "prey2"])
    expect(page.locator("#ff-forecast")).to_contain_text("Chance of being eaten or crushed:")
    both_sizes(page, "ff-forecast", settle=lambda p: p.wait_for_selector("#ff-board .monster-path"))
    rows.filter(has_text="2/7").first.locator("button").click()  # one tile's path alone
    expect(page.locator("#ff-board .monster-path")).to_have_count(1)


def test_a_draw_is_told_step_by_step_and_undone(page) -> None:
    open_ff(page)
    paste(page, "monster-eight-steps")
    page.click("#ff-decision .ff-draw[data-tile='8']")
    events = page.locator("#ff-events li")
    expect(events.first).to_have_text("Tombstone 8 is drawn: the monster on j4, facing east, takes 8 steps.")
    expect(events.nth(3)).to_contain_text("slides across the pool to m6; eats C")
    expect(page.locator("#ff-record li")).to_have_text(["draw 8"])
    page.click("#ff-undo")
    expect(page.locator("#ff-record li")).to_have_count(0)
    expect(page.locator("#ff-status")).to_contain_text("Monster phase")


def test_a_pawns_safe_moves_are_ranked_shown_and_played(page) -> None:
    open_ff(page)
    paste(page, "move-through-pawns")
    page.click("#ff-decision .ff-pawn[data-pawn='five']")
    moves = page.locator("#ff-move-list li")
    expect(moves.first).to_contain_text("danger 0.0%")
    first = moves.first.locator(".ff-move")
    action = first.get_attribute("data-action")
    before = page.inner_html("#ff-board")
    first.click()  # shown on the board before it is played
    page.wait_for_function("(before) => document.querySelector('#ff-board').innerHTML !== before", arg=before)
    expect(first).to_have_attribute("aria-pressed", "true")
    both_sizes(page, "ff-safe-move", settle=lambda p: p.wait_for_selector("#ff-board [data-square]"))
    moves.first.locator(".ff-play").click()
    expect(page.locator("#ff-record li")).to_have_text([action])
    expect(page.locator("#ff-events li").first).to_contain_text("five goes")


def test_a_new_game_and_a_stone_set_up_by_a_click(page) -> None:
    open_ff(page)
    page.select_option("#ff-players", "3")
    page.click("#ff-new")
    expect(page.locator("#ff-status")).to_contain_text("Turn: red to move (first turn: two pawns each)")
    expect(page.locator("#ff-decision .ff-pawn")).to_have_count(4)
    page.click("details.ff-setup-part summary")
    page.check("#ff-setup-crystal")
    page.click("#ff-board [data-square='h5']")
    page.click("#ff-copy")
    assert json.loads(page.input_value("#ff-paste"))["stones"]["h5"] == "crystal"
    page.check("#ff-setup-clear")
    page.click("#ff-board [data-square='h5']")
    page.click("#ff-copy")
    assert "h5" not in json.loads(page.input_value("#ff-paste"))["stones"]
