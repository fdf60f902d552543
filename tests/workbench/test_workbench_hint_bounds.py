"""The hint on a shuffled pile in a real browser: each choice's exact chance when proven ("proven: 1/2 (50%)"), else
the interval proven for it and its estimate marked as one; a choice proven lost marked so and never first, never the
one Apply plays, while another can still win; and a sentence saying which parts are proven (issue 25).

Two positions: chance/01 (two tiles left, order unknown: ``move E`` wins with probability 1/2, every other choice
loses), solved exactly in the time, in the Solve & hint tool and in the table companion; and a real mid-game position
of the chance corpus (benchmarks/chance/0037.json, four tiles left) whose exact search a short time limit cuts short:
``move S`` is proven to win at least half the time there and ``stay`` is not settled (the exact search needs far more
than the limit to settle them), three moves are proven lost.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from solver.nightcage.notation.forms import load_path
from solver.nightcage.notation.position_json import to_json
from tests.browser import both_sizes
from tests.paths import ROOT
from tests.workbench.test_workbench_companion import played
from tests.workbench.test_workbench_solve import open_solve, position_json
from tests.workbench.test_workbench_table import load_record

FIRST_TILE = ROOT / "scenarios" / "chance" / "01-first-tile-decides.toml"
CUT_SHORT = ROOT / "benchmarks" / "chance" / "0037.json"
LOST = "proven lost (0%)"


def hint_in_view(tool: str):
    """For :func:`both_sizes`: on a phone the hint is below the board (which stays on screen, at the top), so the page
    is scrolled until the hint's answer starts just under the board."""
    def settle(page) -> None:
        if page.viewport_size["width"] < 600:
            hint_part(page, tool).locator(".hint-answer").evaluate("""(node) => {
                const board = document.querySelector('#board-area');
                window.scrollBy(0, node.getBoundingClientRect().top - (board ? board.getBoundingClientRect().height : 0) - 8);
            }""")
    return settle


def hint_part(page, tool: str):
    """The hint's part of a tool (``solve`` or ``companion``)."""
    title = "hint-title" if tool == "solve" else f"{tool}-hint-title"
    return page.locator(f"#panel-{tool} .tool-part:has(#{title})")


def test_the_first_tile_decides_move_e_first_with_its_exact_half(page, workbench) -> None:
    open_solve(page, workbench, position_json(FIRST_TILE))
    part = hint_part(page, "solve")
    part.locator("button:text-is('Hint')").click()
    expect(part.locator(".hint-status")).to_contain_text("Done", timeout=20_000)
    expect(part.locator(".hint-action")).to_have_text("move E")
    expect(part.locator(".hint-best")).to_have_text("Best: move E — proven: 1/2 (50%)")
    expect(part.locator(".hint-best .hint-exact")).to_have_count(1)
    others = part.locator(".hint-others li")
    expect(others).to_have_count(3)
    texts = others.all_inner_texts()
    assert sorted(texts) == sorted(f"{action} — {LOST}" for action in ("move N", "move S", "stay")), texts
    expect(part.locator(".hint-others li.hint-choice-lost")).to_have_count(3)
    expect(part.locator(".hint-estimate")).to_have_count(0)  # every value is exact: nothing is estimated
    expect(part.locator(".hint-proof")).to_have_text(
        "Every value is proven exactly (4 of 4 choices). 3 choices proven lost, listed last.")
    apply = part.locator("button.apply-hint")
    expect(apply).to_have_text("Apply move E")  # never stay, which loses whatever is drawn
    both_sizes(page, "hint-first-tile-decides", hint_in_view("solve"))


def test_solve_lists_the_first_choices_in_the_same_words(page, workbench) -> None:
    """Solve on a pile of unknown order gives each first choice's exact chance: written as the hint writes it."""
    open_solve(page, workbench, position_json(FIRST_TILE))
    page.click("#panel-solve button:text-is('Solve')")
    expect(page.locator("#panel-solve .verdict")).to_contain_text("Possible", timeout=20_000)
    choices = page.locator("#panel-solve ol[aria-label='The first choices, best first'] li")
    expect(choices).to_have_text(["move E — proven: 1/2 (50%)", *(f"{action} — {LOST}" for action in ("move N", "move S", "stay"))])
    expect(choices.locator(".hint-exact")).to_have_count(1)


def test_the_companion_shows_the_same_and_plays_move_e(page) -> None:
    load_record(page, FIRST_TILE)
    page.click("#companion-ask-hint")
    part = hint_part(page, "companion")
    expect(part.locator(".hint-best")).to_have_text("Best: move E — proven: 1/2 (50%)", timeout=20_000)
    expect(part.locator(".hint-others li.hint-choice-lost")).to_have_count(3)
    expect(part.locator("button.apply-hint")).to_have_text("Apply move E")
    both_sizes(page, "hint-first-tile-decides-companion", hint_in_view("companion"))
    part.locator("button.apply-hint").click()
    played(page, 1)
    expect(page.locator("#panel-companion .record-actions li").first).to_contain_text("move E")


def open_cut_short(page, workbench, limit: str):
    """The corpus position in Solve & hint, the hint's time limit set to ``limit`` seconds, the hint asked for and
    answered."""
    loaded, _ = load_path(CUT_SHORT)
    open_solve(page, workbench, to_json(loaded.state, {"title": loaded.meta.get("title")}))
    part = hint_part(page, "solve")
    part.locator("input[name=hint_time_limit]").fill(limit)
    part.locator("button:text-is('Hint')").click()
    return part


def test_a_hint_cut_short_shows_the_proven_bounds_and_the_estimates(page, workbench) -> None:
    """Made reproducible by asking for playouts (the request the page sends, with ``playouts`` added on its way): the
    exact stage then expands its floor of positions for the time limit and no more, whatever the machine's speed, and
    the playouts are seeded."""
    page.route("**/v1/hint", lambda route: route.continue_(
        post_data=json.dumps({**json.loads(route.request.post_data or "{}"), "playouts": 50})))
    part = open_cut_short(page, workbench, "0.5")
    expect(part.locator(".hint-status")).to_contain_text("Done", timeout=20_000)
    best = part.locator(".hint-best")
    expect(best).to_have_text("Best: move S — between 50% and 100%, proven; estimate: about 50.0% "
                              "(0 of 50 playouts won, 95%: 0.0% to 7.1%, raised to the proven lower bound)")
    expect(best.locator(".hint-bounded")).to_have_count(1)
    expect(best.locator(".hint-estimate")).to_have_count(1)
    others = part.locator(".hint-others li")
    expect(others).to_have_count(4)
    expect(others.first).to_have_text("stay — nothing proven yet; estimate: about 0.0% (0 of 50 playouts won, 95%: 0.0% to 7.1%)")
    lost = part.locator(".hint-others li.hint-choice-lost")
    expect(lost).to_have_text([f"{action} — {LOST}" for action in ("move N", "move E", "move W")])
    expect(part.locator(".hint-proof")).to_have_text(
        "Proven: 3 of 5 values exact, 1 within bounds; the rest is estimated. The best choice is not proven: ranked by "
        "the estimates within the proven bounds. 3 choices proven lost, listed last. Exact search cut short (5,215 "
        "positions, 3 of 5 choices settled): a longer time limit proves more.")
    expect(part.locator("button.apply-hint")).to_have_text("Apply move S")
    both_sizes(page, "hint-cut-short", hint_in_view("solve"))


def test_a_hint_cut_short_by_the_clock(page, workbench) -> None:
    """As the page asks (no playouts): what the exact stage proves depends on the machine's speed (at least its floor:
    ``move S`` at least 1/2), never ``stay``'s exact value (the memory budget stops it first); so the assertions are
    what holds on any machine."""
    part = open_cut_short(page, workbench, "0.5")
    expect(part.locator(".hint-status")).to_contain_text("Done", timeout=20_000)
    expect(part.locator(".hint-best .hint-action")).not_to_have_text("")
    texts = part.locator(".hint-answer li, .hint-best").all_inner_texts()
    assert any("estimate: about" in text for text in texts), texts  # stay at least is estimated
    move_s = next(text for text in texts if "move S" in text)
    assert "proven: 2/3 (66.7%)" in move_s or "between 50% and 100%, proven" in move_s, move_s
    expect(part.locator(".hint-others li.hint-choice-lost")).to_have_count(3)  # proven lost, listed last
    expect(part.locator(".hint-others li").last).to_have_class("hint-choice hint-choice-lost")
    expect(part.locator(".hint-proof")).to_contain_text("the rest is estimated.")
    expect(part.locator(".hint-proof")).to_contain_text("Exact search cut short")
    both_sizes(page, "hint-cut-short-clock", hint_in_view("solve"))


def test_while_it_estimates_the_ranking_so_far_shows_what_is_proven(page, workbench) -> None:
    """The partial answers the hint streams while it estimates carry the proven bounds too (no Apply before the end).

    Asked with playouts (added to the page's request on its way), so that the machine's speed does not decide it: the
    exact stage stops at its floor of positions, with choices left open (on the clock alone, the chance search now
    settles this position within the exact stage's two seconds, and nothing is left to estimate), and 3,000 playouts
    a choice take seconds, long enough to be seen estimating."""
    page.route("**/v1/hint", lambda route: route.continue_(
        post_data=json.dumps({**json.loads(route.request.post_data or "{}"), "playouts": 3000})))
    part = open_cut_short(page, workbench, "3")
    expect(part.locator(".hint-status")).to_contain_text("Estimating the choices not settled", timeout=20_000)
    expect(part.locator(".hint-answer .hint-estimate").first).to_contain_text("estimate: about")
    expect(part.locator(".hint-others li").last).to_have_class("hint-choice hint-choice-lost")
    expect(part.locator("button.apply-hint")).to_be_hidden()
    expect(part.locator(".hint-status")).to_contain_text("Done", timeout=60_000)
    expect(part.locator("button.apply-hint")).to_be_visible()


def test_the_engine_cannot_put_a_proven_loser_first(page, workbench) -> None:
    """Whatever order an answer comes in, a choice proven lost is listed after one that can still win and Apply never
    plays it (an answer put in the wrong order on its way to the page, to check the page's own guard)."""
    def shuffled(route) -> None:
        response = route.fetch()
        lines = []
        for line in response.text().splitlines():
            message = json.loads(line)
            if message.get("type") == "result":
                result = message["result"]
                result["choices"].reverse()
                result["best"] = result["choices"][0]
            lines.append(json.dumps(message))
        route.fulfill(response=response, body="\n".join(lines) + "\n")

    page.route("**/v1/hint", shuffled)
    open_solve(page, workbench, position_json(FIRST_TILE))
    part = hint_part(page, "solve")
    part.locator("button:text-is('Hint')").click()
    expect(part.locator(".hint-status")).to_contain_text("Done", timeout=20_000)
    expect(part.locator(".hint-action")).to_have_text("move E")
    expect(part.locator("button.apply-hint")).to_have_text("Apply move E")
