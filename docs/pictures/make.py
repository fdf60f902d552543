"""Draw the README's pictures into docs/pictures/ with the real commands.

Run from the repository's root, after a change to the drawing:

    .venv/bin/python docs/pictures/make.py

It needs the PNG extra (pip install 'lueur[png]'). Every picture is made by
`lueur render`, `lueur solve --render` or `lueur apply --render`, so what the
README shows is what the commands draw. The workbench's screenshots are taken
of `lueur serve` in headless Chromium (Playwright and /usr/bin/chromium, as the
browser tests use them), driven as a person would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent

COMMANDS = [
    ["render", "scenarios/rulebook/wax-eater-sight.toml", "--sight", "-o", "docs/pictures/wax-eater-sight.png"],
    ["render", "scenarios/rulebook/keeper-charge.toml", "-o", "docs/pictures/keeper-charge.png"],
    ["render", "scenarios/omens/dirge-block.toml", "-o", "docs/pictures/dirge-block.png"],
    ["render", "scenarios/endgames/06-charge-through.toml", "--plan", "-o", "docs/pictures/charge-through-plan.png"],
    ["solve", "scenarios/endgames/06-charge-through.toml", "--render", "docs/pictures/charge-through", "--render-format", "png"],
    ["apply", "docs/examples/position.json", "move N", "burn t t cross", "--render", "docs/pictures/dispute",
     "--render-format", "png"],
]
"""What is drawn: a board with a monster's sight, a keeper, omens and the Dirge, a plan's walks, a stepped plan and a dispute."""


def main() -> None:
    for arguments in COMMANDS:
        print("lueur " + " ".join(arguments), flush=True)
        done = subprocess.run([sys.executable, "-m", "cli", *arguments], cwd=ROOT, stdout=subprocess.DEVNULL)
        if done.returncode != 0:
            sys.exit(f"lueur {arguments[0]} exited {done.returncode}")
    workbench_screenshots()


def workbench_screenshots() -> None:
    """The dispute tool on the rulebook's wax-eater figure, and a solved end-game's plan stepped through."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from playwright.sync_api import expect, sync_playwright
    from protocol_load import start_server, stop_server

    from solver.nightcage.notation.forms import load_path
    from solver.nightcage.notation.position_json import to_json

    def as_json(scenario: str) -> str:
        position, _ = load_path(ROOT / scenario)
        return json.dumps(to_json(position.state, position.meta))

    server, url = start_server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url + "/#t=editor")  # the editor: its import box (a first visit opens the start page)
            page.wait_for_selector("body[data-ready=true]")
            page.fill("#ed-io-text", as_json("scenarios/rulebook/wax-eater-sight.toml"))
            page.click("#ed-import")
            expect(page.locator("#ed-problems .ok")).to_have_text("The position is valid.")
            page.click("#tab-dispute")
            page.fill("#dp-action", "move N")
            page.click("#dp-apply")
            steps = page.locator("#dp-steps .dp-step")
            expect(steps).to_have_count(5)
            steps.nth(2).click()
            expect(steps.nth(2)).to_have_attribute("aria-pressed", "true")
            page.wait_for_timeout(500)  # the step's board arrives from the server
            _screenshot(page, "workbench-dispute.png")
            page.click("#tab-editor")
            page.fill("#ed-io-text", as_json("scenarios/endgames/06-charge-through.toml"))
            page.click("#ed-import")
            page.click("#tab-solve")
            page.click("#panel-solve button:text-is('Solve')")
            expect(page.locator("#panel-solve .plan-counter")).to_contain_text("of 5")
            for _ in range(5):  # the fifth turn, drawn on the position it starts from with its walk
                page.click("#panel-solve button:has-text('Next')")
            page.wait_for_timeout(500)
            _screenshot(page, "workbench-solve.png")
            browser.close()
    finally:
        stop_server(server)


def _screenshot(page: object, name: str) -> None:
    print(f"workbench screenshot: docs/pictures/{name}", flush=True)
    page.screenshot(path=str(HERE / name))  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
