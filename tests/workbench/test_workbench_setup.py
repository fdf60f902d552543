"""Setting up a position by hand: from the start page's "set up a position", an empty board whose pile gives up each
tile put down (no tile is "one too many" any more), eight tiles in sixteen clicks at most; every problem the heading
counts is listed under it (those beside a field with a link to it); the palette calls the four-way tile as the
engine's sentences do ("crossroads")."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import both_sizes, position_in_address

EIGHT = [("t", ["c3", "d3"]), ("cross", ["c4", "b4"]), ("straight", ["d4", "e4"]), ("gate", ["c5"]), ("key", ["b3"])]


def test_an_eight_tile_position_is_built_in_few_clicks_without_a_count_problem(first_visit) -> None:
    page = first_visit
    page.click("#start-setup")
    expect(page.locator("#ed-problems")).to_contain_text("The position is valid.")
    clicks = 0
    for kind, cells in EIGHT:
        page.click(f"#ed-kind-{kind}")
        clicks += 1
        for cell in cells:
            page.click(f'#board .cell[data-cell="{cell}"]')
            clicks += 1
    assert clicks <= 16
    expect(page.locator("#ed-problems li").first).to_be_visible()
    problems = page.locator("#ed-problems li").all_inner_texts()
    assert not any("too many" in p or p.startswith("pile") or p.startswith("discarded") for p in problems), problems
    position = position_in_address(page)
    assert len(position["tiles"]) == 8 and position["pile"]["count"] == 74 - 8
    assert position["pile"]["contents"]["t"] == 30 - 2 and position["pile"]["contents"]["gate"] == 4 - 1
    page.click("#ed-kind-t")
    page.click('#board .cell[data-cell="d3"]')  # a T on a T: turned, the pile as it was
    turned = position_in_address(page)
    assert turned["tiles"]["d3"]["kind"] == "t" and turned["pile"]["count"] == 66 and turned["pile"]["contents"]["t"] == 28
    page.click("#ed-kind-remove")
    page.click('#board .cell[data-cell="c5"]')  # taken off: back in the pile
    expect(page.locator("#ed-problems")).not_to_contain_text("c5")
    assert position_in_address(page)["pile"]["contents"]["gate"] == 4
    both_sizes(page, "setup-eight-tiles")


def test_every_problem_counted_is_listed_with_a_way_to_its_field(page) -> None:
    page.fill("#ed-prisoners-1-nerve", "7")
    page.press("#ed-prisoners-1-nerve", "Tab")
    page.click("#ed-kind-gate")
    page.click('#board .cell[data-cell="a1"]')
    heading = page.locator("#ed-problems p.problems")
    expect(heading).to_contain_text("problem")
    count = int(heading.inner_text().split()[0])
    expect(page.locator("#ed-problems li")).to_have_count(count)
    nerve = page.locator("#ed-problems li", has_text="prisoners[1].nerve")
    nerve.locator("button:text-is('show the field')").click()
    expect(page.locator("#ed-prisoners-1-nerve")).to_be_focused()


def test_the_palette_says_crossroads_as_the_engine_does(page) -> None:
    expect(page.locator("label.palette-kind", has=page.locator("#ed-kind-cross"))).to_have_text("Crossroads")
    expect(page.locator("label.palette-kind", has=page.locator("#ed-kind-cross")).locator("svg")).to_have_count(1)
