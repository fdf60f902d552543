"""The rules-question gallery in a real browser: every question, by topic and by words, each with its question, the
action in dispute, what the project rules and the rulings in players' words; one click opens it in the dispute view,
where the scenario's question and checks are shown and each step's citation says what its section decides; the static
gallery `lueur gallery` writes, filtered by topic. Rulings in the editor read in players' words, not as bare codes."""

from __future__ import annotations

import subprocess
from pathlib import Path

from playwright.sync_api import expect

from solver.nightcage.present.gallery import bundled_root, gallery
from tests.browser import both_sizes, in_view, shot
from tests.protocol_client import LUEUR, ROOT

LOADED = 30_000  # the first answer of `gallery` reads every bundled scenario: a moment, once per server
QUESTIONS = len(gallery(bundled_root())[0])
"""How many questions the bundled scenarios hold, as the library counts them (the page must show them all)."""


def open_gallery(page) -> None:
    page.click("#tab-gallery")
    expect(page.locator("#gal-count")).to_have_text(f"{QUESTIONS} of {QUESTIONS} questions", timeout=LOADED)


def test_the_gallery_is_browsable_by_topic_kind_and_words(page) -> None:
    open_gallery(page)
    page.select_option("#gal-topic", "Stay")
    cards = page.locator("#gal-list .gallery-card")
    expect(cards.first).to_have_attribute("data-topic", "Stay")
    count = cards.count()
    assert 3 <= count < QUESTIONS and all(t == "Stay" for t in cards.evaluate_all("(cs) => cs.map((c) => c.dataset.topic)"))
    page.select_option("#gal-topic", "")
    page.select_option("#gal-kind", "refusals")
    expect(cards).to_have_count(10)
    page.select_option("#gal-kind", "")
    page.fill("#gal-search", "keeper")
    expect(page.locator("#gal-count")).not_to_have_text(f"{QUESTIONS} of {QUESTIONS} questions")
    q22 = page.locator("#gal-questions-q22-keeper-ranged-lights-out")
    expect(q22.locator(".gallery-question")).to_have_text("Does a keeper's hit at range put the candle out?")
    expect(q22).to_contain_text("In dispute: move N")
    ranged = q22.locator(".ruling-box", has_text="RULING-KEEPER-RANGED-OUT")
    expect(ranged).to_contain_text("The engine's reading: Yes: it costs one tile and, as every hit does, puts the candle out.")
    expect(ranged).to_contain_text("The rulebook: the rulebook does not say.")
    expect(q22.locator(".gallery-answer")).not_to_contain_text("«")  # the project's words, not the rulebook's
    both_sizes(page, "gallery-keeper")


def test_one_click_opens_a_question_in_the_dispute_view(page) -> None:
    open_gallery(page)
    page.click("#gal-open-questions-q08-monster-drawn-by-a-stay")
    expect(page.locator("#tab-dispute")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#dp-scenario .dp-question")).to_have_text("A stay turns up a wax eater: does it attack, and where does it go?")
    expect(page.locator("#dp-scenario .dp-answer")).to_contain_text("a monster revealed by a stay's discard does not attack")
    expect(page.locator("#dp-scenario .ruling-box")).to_contain_text("A stay reveals a monster: may it be swapped with a tile")
    checks = page.locator("#dp-checks li")
    expect(checks.first).to_contain_text("Red stays and draws a wax eater")
    steps = page.locator("#dp-steps .dp-step")
    expect(steps).to_have_count(3)  # the position before, then the stay's two steps
    expect(steps.nth(1)).to_contain_text("Rulebook: Stay / Rester sur place — Staying gains a Nerve and burns the pile's top tile")
    expect(page.locator("#dp-action")).to_have_value("stay")
    # a check's actions are one click away
    page.locator("#dp-checks .dp-check-play", has_text="stay; swap d3").click()
    expect(page.locator("#dp-steps .dp-step").last).to_contain_text("the wax eater takes the place of the crossroads on d3")
    both_sizes(page, "gallery-opened-in-dispute")


def test_a_question_whose_position_is_wrong_on_purpose_shows_why(page) -> None:
    open_gallery(page)
    page.click("#gal-open-rulings-adv-5p-wax-mismatch")
    expect(page.locator("#dp-scenario .problems")).to_contain_text("1 wax_eater too many")
    expect(page.locator("#dp-legal")).to_contain_text("Fix the position in the editor first.")


def test_a_rulings_citation_and_the_editors_rulings_read_in_players_words(page) -> None:
    page.click("#ed-kind-straight")  # (the editor is open: its rulings, folded at first)
    rulings = page.locator("details.rulings")
    rulings.locator("summary").click()
    los = rulings.locator('[data-field="rulings.RULING-LOS-END"]')
    expect(los).to_contain_text("The end of a sight line: Is a prisoner on the tile where a monster's sight line stops")
    # Waited for (the options are filled in after the fold opens), then read as text, which needs no layout.
    expect(los.locator("option").nth(2)).to_have_text(
        "the other reading: No: the line stops before that tile, and a prisoner on it is safe.")
    options = los.locator("option").all_text_contents()
    assert not any(o.startswith("true:") or o.startswith("false:") for o in options)
    expect(los).to_contain_text("The rulebook: the rulebook does not say.")
    shot(page, "editor-rulings-in-words")


def test_the_static_gallery_is_a_page_for_a_clubs_website(browser, tmp_path: Path) -> None:
    out = tmp_path / "site"
    done = subprocess.run([*LUEUR, "gallery", str(out), "--no-steps"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((out / "index.html").as_uri())
    expect(page.locator("#count")).to_have_text(f"{QUESTIONS} of {QUESTIONS} shown")
    page.select_option("#topic", "Keepers")
    shown = page.locator("article.entry:visible")
    assert 1 <= shown.count() < QUESTIONS
    assert all(t == "Keepers" for t in shown.evaluate_all("(es) => es.map((e) => e.dataset.topic)"))
    assert in_view(page, "article.entry:not([hidden]) img")
    both_sizes(page, "static-gallery-keepers")
    page.close()
    assert not errors
