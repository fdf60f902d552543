"""The rules-question gallery: every bundled question scenario in it, each with its question, the project's answer (never
the rulebook's French), the disputed action adjudicated, the rulings in players' words; the protocol's ``gallery``; the
static pages ``lueur gallery`` writes, their text escaped."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from solver.nightcage.model.ruling_words import WORDS
from solver.nightcage.present.gallery import KINDS, bundled_root, entry, gallery, leading_comment
from solver.protocol.commands import execute
from solver.protocol.requests import parse_request
from tests.paths import ROOT
from tests.protocol_client import LUEUR


@pytest.fixture(scope="module")
def entries():
    found, notes = gallery(bundled_root())
    assert notes == []
    return found


def test_every_scenario_of_the_six_folders_is_an_entry(entries) -> None:
    files = sorted(f"{kind}/{path.stem}" for kind, _ in KINDS for path in (ROOT / "scenarios" / kind).glob("*.toml"))
    assert sorted(e.id for e in entries) == files


def test_each_entry_asks_a_question_and_answers_in_the_projects_words(entries) -> None:
    for e in entries:
        assert e.question.endswith("?"), e.id
        assert e.answer and "«" not in e.answer and "»" not in e.answer, e.id
        assert e.topic, e.id


def test_a_valid_entry_has_its_disputed_action_adjudicated_step_by_step(entries) -> None:
    q08 = next(e for e in entries if e.id == "questions/q08-monster-drawn-by-a-stay")
    doc = q08.as_json()
    assert doc["actions"] == ["stay"]
    assert doc["steps"] and all(step["rule"] for step in doc["steps"])
    assert doc["topic"] == "Stay"
    assert doc["result"].startswith("Then: where the monster drawn by red's stay goes")
    assert [r["ruling"] for r in doc["rulings"]] == ["RULING-STAY-SWAP"]
    assert doc["rulings"][0]["question"] == WORDS["RULING-STAY-SWAP"].question
    assert any("Swapped onto d3" in check["note"] for check in doc["checks"])


def test_a_ruling_entry_says_what_the_other_reading_changes(entries) -> None:
    los = next(e for e in entries if e.id == "rulings/los-end").as_json()
    ruling = next(r for r in los["rulings"] if r["ruling"] == "RULING-LOS-END")
    assert ruling["letter"] in ("engine", "other", "silent")
    assert ruling["changes"] and all("under the other reading" in change for change in ruling["changes"])


def test_a_position_wrong_on_purpose_is_shown_with_its_problems(entries) -> None:
    wrong = next(e for e in entries if e.id == "rulings/adv-5p-wax-mismatch")
    assert wrong.problems and wrong.adjudication is None and wrong.topic == "Setting up a position"
    assert wrong.position["setup"] == "advanced-five"  # as written, for the editor to show its problems
    assert wrong.result().startswith("The position is refused before any action")


def test_the_answer_leaves_the_rulebooks_quotations_out() -> None:
    text = '# It must swap (FR: Rester (2a): « obligé »). Moving out counts ("que vous en repartiez").\ntitle = "t"\n'
    assert leading_comment(text) == "It must swap. Moving out counts."


def test_the_protocol_serves_the_gallery() -> None:
    line = execute(parse_request({"id": 1, "command": "gallery"}), lambda _: None, lambda: False)
    assert line["type"] == "result"
    doc = line["result"]
    assert len(doc["entries"]) == len(list(gallery(bundled_root())[0]))
    assert [k["id"] for k in doc["kinds"]] == [k for k, _ in KINDS]
    assert "Stay" in doc["topics"] and len(doc["rulings"]) == len(WORDS)


def test_lueur_gallery_writes_escaped_static_pages(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    shutil.copytree(ROOT / "scenarios" / "refusals", scenarios / "refusals")
    crafted = (ROOT / "scenarios" / "questions" / "q07-passing-keys.toml").read_text(encoding="utf-8")
    crafted = crafted.replace('title = "Q7: keys can be passed"', 'title = "<script>alert(1)</script> & keys"')
    (scenarios / "questions").mkdir()
    (scenarios / "questions" / "q07-crafted.toml").write_text(crafted, encoding="utf-8")
    out = tmp_path / "site"
    done = subprocess.run([*LUEUR, "gallery", str(out), "--scenarios", str(scenarios)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; keys" in page
    assert page.count('<article class="entry"') == 11
    assert (out / "boards" / "questions-q07-crafted.svg").exists()
    assert (out / "steps" / "refusals-land-off-line" / "index.html").exists()
    assert 'src="http' not in page and 'href="http' not in page  # nothing fetched from elsewhere


def test_an_entry_without_actions_has_no_adjudication() -> None:
    text = (ROOT / "scenarios" / "questions" / "q07-passing-keys.toml").read_text(encoding="utf-8")
    text = text.split("[[check]]", 1)[0]
    e = entry("questions/x", "questions", text)
    assert e.actions == () and e.adjudication is None and json.dumps(e.as_json())
