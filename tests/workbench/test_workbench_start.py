"""A first visit: `lueur serve` says where the workbench is, the page opens on a start page that says what it does and
offers a way in for each thing people come for, each of which opens its tool ready to use; nothing the page asks for is
missing (the icon included), and the page learns the games it offers from the protocol's `version`."""

from __future__ import annotations

from playwright.sync_api import expect

from solver.games import games_json
from solver.nightcage.present.gallery import bundled_root, gallery
from tests.browser import both_sizes, position_in_address, start_server, stop_server, tool_in_address


def test_lueur_serve_prints_the_workbenchs_address() -> None:
    process, url = start_server()
    try:
        assert process.log[0].startswith(f"lueur serve: {url}/ is the workbench, open it in a browser")
    finally:
        stop_server(process)


def test_a_first_visit_opens_the_start_page_with_a_way_in_for_each_use(first_visit) -> None:
    page = first_visit
    assert tool_in_address(page) == "start"
    cards = page.locator("#panel-start .start-card strong")
    expect(cards).to_have_text(["Settle a rules question", "Solve an end-game", "Follow a game at the table",
                                "Set up a position", "Fearsome Floors: where will the monster go?"])
    expect(page.locator("#start-games")).to_have_text(games_sentence())
    assert not page.locator("#board").is_visible()  # the start page has no board to show
    assert page.locator("link[rel=icon]").count() == 1  # and no request for /favicon.ico goes unanswered (the fixture checks)
    both_sizes(page, "start-page")


def games_sentence() -> str:
    """What the start page should say, written here from the registry (every game, in order, its command count)."""
    games = games_json()
    assert len(games) >= 4
    items = [f"{g['title']} with {len(g['commands'])}" + (" commands" if i == 0 else "") for i, g in enumerate(games)]
    return f"The engine plays {len(games)} games: {', '.join(items[:-1])} and {items[-1]}."


def test_each_way_in_opens_its_tool_ready(first_visit) -> None:
    page = first_visit
    page.click("#start-rules")
    questions = len(gallery(bundled_root())[0])
    expect(page.locator("#gal-count")).to_contain_text(f"of {questions} questions", timeout=30_000)  # read once per server
    page.click("#home-link")
    page.click("#start-solve")
    expect(page.locator("#solve-bundled option")).not_to_have_count(1)
    expect(page.locator("#solve-bundled")).to_be_focused()
    page.click("#home-link")
    page.click("#start-table")
    expect(page.locator("#panel-companion .companion-status")).to_contain_text("Red's turn. Red places its start tile")
    expect(page.locator("#companion-picker")).to_be_visible()  # the start tile, to pick as a picture
    page.click("#home-link")
    page.click("#start-setup")
    expect(page.locator("#ed-problems")).to_contain_text("The position is valid.")
    assert position_in_address(page)["pile"]["contents"]["t"] == 30  # the box's counts, nothing placed yet
    page.click("#home-link")
    page.click("#start-ff")
    expect(page.locator("#ff-status")).to_contain_text("Turn: red to move")


def test_a_tool_missing_from_the_engine_is_not_offered(first_visit) -> None:
    """The page reads `version`: a game whose commands are not listed gets no tab (here, as if Fearsome Floors lacked one)."""
    page = first_visit
    page.route("**/v1/version", _without_ff_render)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#tab-ff")).to_be_hidden()
    expect(page.locator("#panel-start .start-card")).to_have_count(4)


def _without_ff_render(route) -> None:
    """The engine's real answer to `version`, ff.render left out of it."""
    response = route.fetch()
    line = response.json()
    for game in line["result"]["games"]:
        game["commands"] = [c for c in game["commands"] if c != "ff.render"]
    route.fulfill(response=response, json=line)
