"""The Solve & hint tool in a real browser: an end-game solved and its plan stepped through on the
board (buttons, counter, arrow keys), an impossible end-game, a hint applied, the odds table, a search
cancelled and a refused time limit shown beside its field."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from solver.nightcage.commands import position as commands
from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import Position, to_json
from tests.browser import position_in_address, shot
from tests.paths import ROOT

ENDGAMES = ROOT / "scenarios" / "endgames"


def position_json(path: Path) -> dict[str, Any]:
    """A scenario as the v1 JSON the page holds (its title only: the checks stay in the file)."""
    loaded, _ = load_path(path)
    return to_json(loaded.state, {"title": loaded.meta.get("title", path.stem)})


def address(position: dict[str, Any]) -> str:
    """The workbench's own link form (store.js): #p=<base64url of the JSON, no padding>."""
    text = json.dumps(position, separators=(",", ":")).encode()
    return "#p=" + base64.urlsafe_b64encode(text).decode().rstrip("=")


def open_solve(page: Any, workbench: str, position: dict[str, Any]) -> None:
    page.goto(workbench + "/" + address(position))
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#board [data-cell]")
    page.click("#tab-solve")


def test_an_end_game_is_solved_and_its_plan_stepped_through(page, workbench) -> None:
    open_solve(page, workbench, position_json(ENDGAMES / "06-charge-through.toml"))
    page.click("#panel-solve button:text-is('Solve')")
    expect(page.locator("#panel-solve .verdict")).to_have_text("Win in 5 turns, 1 Nerve spent — proven optimal.")
    counter = page.locator("#panel-solve .plan-counter")
    expect(counter).to_have_text("Turn 0 of 5: the start")
    shot(page, "solve-answer")
    start_board = page.inner_html("#board")
    page.click("#panel-solve button:has-text('Next')")
    expect(counter).to_have_text("Turn 1 of 5")
    expect(page.locator("#panel-solve .plan-actions li")).to_have_text(["stay", "discard d2"])
    page.wait_for_function("(before) => document.querySelector('#board').innerHTML !== before", arg=start_board)
    # the next turns from the keyboard, with the focus on the page's Next button
    page.focus("#panel-solve button:has-text('Next')")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(counter).to_have_text("Turn 5 of 5")
    expect(page.locator("#panel-solve .plan-actions li")).to_have_text(["charge E", "scramble E"])
    shot(page, "solve-last-turn")
    page.keyboard.press("ArrowRight")  # then where the plan ends, as the stepped page's last picture
    expect(counter).to_have_text("After turn 5: the end")
    expect(page.locator("#panel-solve button:has-text('Next')")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text("Turn 4 of 5")
    page.click("#panel-solve button:has-text('Previous')")
    expect(counter).to_have_text("Turn 3 of 5")
    page.set_viewport_size({"width": 400, "height": 900})
    shot(page, "solve-plan-narrow")


def test_an_impossible_end_game_says_why(page, workbench) -> None:
    open_solve(page, workbench, position_json(ENDGAMES / "13-cut-off.toml"))
    page.click("#panel-solve button:text-is('Solve')")
    expect(page.locator("#panel-solve .verdict")).to_have_text(
        "Impossible (proven): green on a3 cannot reach any gate, even charging through monsters.")
    assert page.locator("#panel-solve .plan").is_hidden()
    shot(page, "solve-impossible")


def test_a_hint_gives_the_best_choice_and_applies_it(page, workbench) -> None:
    start = position_json(ENDGAMES / "06-charge-through.toml")
    open_solve(page, workbench, start)
    page.click("#panel-solve button:text-is('Hint')")
    expect(page.locator("#panel-solve .hint-action")).to_have_text("stay")
    expect(page.locator("#panel-solve .hint-best")).to_contain_text("proven: wins in 5 turns (100%)")
    expect(page.locator("#panel-solve .hint-others li")).to_have_text(["move W — proven lost (0%)"])
    shot(page, "solve-hint")
    page.click("#panel-solve button:text-is('Apply stay')")
    expect(page.locator("#panel-solve .hint-answer")).to_be_empty()  # a new position: the old hint is gone
    expected = commands.apply(Position(load_path(ENDGAMES / "06-charge-through.toml")[0].state, start["meta"]), ["stay"])
    assert position_in_address(page) == expected.document["position"]


def test_the_odds_of_a_new_game(page) -> None:
    page.click("#tab-solve")
    table = page.locator("#panel-solve table.odds")
    expect(table).to_be_visible()
    row_t = table.locator("tbody tr", has=page.locator("th", has_text="t")).filter(has_text="30")
    # the first layer holds 2 straights, 4 Ts and 2 crosses: a T is drawn next half of the time
    expect(table.locator("tbody tr").first).to_contain_text("straight")
    expect(row_t.locator("td")).to_have_text(["30", "50.0%", "78.6%", "92.9%"])
    expect(page.locator("#panel-solve .risks li")).to_have_count(8)
    page.set_viewport_size({"width": 400, "height": 900})
    shot(page, "solve-odds-narrow")


def test_a_search_is_cancelled_and_a_refused_limit_shown_beside_its_field(page) -> None:
    page.click("#tab-solve")
    page.fill("#panel-solve input[name=time_limit]", "99")
    page.click("#panel-solve button:text-is('Solve')")
    expect(page.locator("#solve-limit-error")).to_have_text("99 is out of range: more than 0 and at most 30")
    page.fill("#panel-solve input[name=time_limit]", "25")
    page.click("#panel-solve button:text-is('Solve')")  # a whole new game: the search runs until stopped
    expect(page.locator("#solve-limit-error")).to_be_hidden()
    expect(page.locator("#panel-solve .progress li").first).to_contain_text("starting: expectimax planner")
    page.click("#panel-solve button:text-is('Cancel')")
    expect(page.locator("#panel-solve .verdict")).to_contain_text("(stopped: cancelled)")
    expect(page.locator("#panel-solve button:text-is('Solve')")).to_be_enabled()
