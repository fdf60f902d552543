"""The rulings in players' words: every ruling once, each reading one sentence, and docs/rules.md written from them."""

from __future__ import annotations

from solver.nightcage.model.rulebook import SECTIONS
from solver.nightcage.model.ruling_words import LETTER_WORDS, MARKDOWN_END, MARKDOWN_START, SECTION_WORDS, WORDS, markdown
from solver.nightcage.model.rulings import ALL_RULINGS
from tests.paths import ROOT


def test_every_ruling_is_worded_once_in_the_engines_order() -> None:
    assert tuple(WORDS) == ALL_RULINGS


def test_each_reading_is_one_sentence_and_the_question_a_question() -> None:
    for words in WORDS.values():
        assert words.question.endswith("?"), words.ruling
        for sentence in (words.engine, words.other, words.basis):
            assert sentence.endswith("."), (words.ruling, sentence)
            assert ". " not in sentence.rstrip("."), (words.ruling, sentence)  # one sentence each
        assert words.letter in LETTER_WORDS
        assert words.engine != words.other


def test_docs_rules_md_holds_the_section_written_from_the_words() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    start, end = text.index(MARKDOWN_START), text.index(MARKDOWN_END) + len(MARKDOWN_END)
    written = text[start:end] + "\n"
    assert written == markdown(), ("docs/rules.md's section 'The rulings in players' words' differs from "
                                   "solver/nightcage/model/ruling_words.py: replace it by markdown()'s text")
    for ruling in ALL_RULINGS:
        assert f"**{ruling}:" in written


def test_the_json_names_the_letter_in_words() -> None:
    doc = WORDS["RULING-MONSTER-REMOVED"].as_json()
    assert doc["letter"] == "engine" and doc["letter_words"] == "the book's letter supports the engine's reading"


def test_every_rulebook_section_is_said_in_a_sentence() -> None:
    assert list(SECTION_WORDS) == list(SECTIONS)
    assert all(words.endswith(".") and ". " not in words for words in SECTION_WORDS.values())
