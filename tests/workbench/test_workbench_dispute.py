"""The workbench's dispute tool in a real browser: the rulebook's wax-eater scenario loaded, its
legal actions and the refused ones with their reasons, the contested "move N" adjudicated step by
step with citations and both readings of the ruling used, stepped through on the board, kept as
the new position; a refused action with its reason and the legal alternatives."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from tests.browser import ROOT, shot

SCENARIO = ROOT / "scenarios" / "rulebook" / "wax-eater-sight.toml"


def open_dispute(page) -> None:
    """The scenario imported in the editor (as JSON), then the dispute tool."""
    position, _ = load_path(SCENARIO)
    page.fill("#ed-io-text", json.dumps(to_json(position.state, position.meta)))
    page.click("#ed-import")
    expect(page.locator("#ed-problems .ok")).to_have_text("The position is valid.")
    page.click("#tab-dispute")
    expect(page.locator("#dp-awaits")).to_contain_text("purple's main action")


def test_the_legal_actions_and_the_refused_candidates_with_their_reasons(page) -> None:
    open_dispute(page)
    expect(page.locator("#dp-legal button")).to_have_text(["stay", "move N", "move W"])
    refused = page.locator("#dp-refused")
    assert refused.get_attribute("open") is None  # folded until asked
    refused.locator("summary").click()
    expect(refused.locator("li").filter(has_text="move S")).to_contain_text("wax eater")
    shot(page, "dispute-legal")


def test_a_contested_move_is_adjudicated_step_by_step_with_both_readings(page) -> None:
    open_dispute(page)
    page.fill("#dp-action", "move N")
    page.click("#dp-apply")
    steps = page.locator("#dp-steps .dp-step")
    expect(steps).to_have_count(5)  # the position before, then the four steps
    expect(steps.nth(1)).to_contain_text("purple moves north from b4 to b5")
    expect(steps.nth(1)).to_contain_text("Rulebook: Move / Se déplacer")
    hit = steps.nth(3)
    expect(hit).to_contain_text("purple on b5 is hit by the wax eater on b3")
    expect(hit).to_contain_text("Rulebook: Torments / Tourments")
    expect(hit).to_contain_text("RULING-LOS-END")
    expect(hit).to_contain_text("the other reading: “the sight line stops before that tile”")
    expect(page.locator(".dp-alternative")).to_contain_text("purple's candle: out here, lit under the other reading")
    expect(steps.nth(4)).to_have_attribute("aria-pressed", "true")  # the last step is shown first
    expect(page.locator("#board-status")).to_contain_text("which 6 tiles the penalty burns")
    shot(page, "dispute-steps")
    steps.nth(0).click()
    expect(page.locator("#board-status")).to_contain_text("purple's main action")
    page.keyboard.press("ArrowDown")  # the arrow keys walk the steps
    page.keyboard.press("ArrowDown")
    expect(steps.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(steps.nth(2)).to_be_focused()
    expect(page.locator("#board-status")).to_contain_text("which 6 tiles the penalty burns")
    shot(page, "dispute-step-2")
    page.set_viewport_size({"width": 400, "height": 900})
    shot(page, "dispute-step-2-narrow")
    page.click("#dp-keep")
    expect(page.locator("#dp-awaits")).to_contain_text("which 6 tiles the penalty burns")
    expect(page.locator("#dp-steps")).to_have_count(0)


def test_a_refused_action_gives_the_reason_and_the_legal_alternatives(page) -> None:
    open_dispute(page)
    page.fill("#dp-action", "move S")
    page.press("#dp-action", "Enter")
    refusal = page.locator(".dp-refusal")
    expect(refusal).to_contain_text("b3 holds a wax eater: entering it needs a Charge (1 Nerve)")
    expect(refusal.locator("button")).to_have_text(["stay", "move N", "move W"])
    expect(page.locator("#dp-keep")).to_be_disabled()
    expect(page.locator("#dp-steps")).to_have_count(0)  # nothing happened: no steps to show
    shot(page, "dispute-refused")
    refusal.locator("button", has_text="move W").click()  # an alternative is applied at once
    expect(page.locator("#dp-steps .dp-step").nth(1)).to_contain_text("purple moves west")
    page.click("#dp-back")
    expect(page.locator("#dp-result")).to_be_empty()
    expect(page.locator("#board-status")).to_contain_text("purple's main action")


def test_a_position_the_engine_cannot_read_says_so_in_the_dispute(page) -> None:
    page.fill("#ed-prisoners-0-nerve", "7")
    page.press("#ed-prisoners-0-nerve", "Tab")
    page.click("#tab-dispute")
    expect(page.locator("#dp-legal")).to_contain_text("prisoners[0].nerve: 7 is out of range")
    page.set_viewport_size({"width": 400, "height": 900})
    shot(page, "dispute-narrow-unreadable")
