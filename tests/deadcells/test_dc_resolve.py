"""``dc resolve``: the whole trace from the choices made; an open choice stops it, or is filled by the plan."""

from __future__ import annotations

import pytest

from solver.base.errors import IllegalActionError
from solver.deadcells.analyses.plan import plan_position
from solver.deadcells.analyses.resolve import resolve
from solver.deadcells.present.text import plan_text
from tests.deadcells.dc_builders import run, scenario

BOOK = scenario("rulebook-example.json")


def test_a_full_trace_has_every_part_and_cites_its_pages() -> None:
    trace = resolve(run(BOOK))
    assert [name for name, _ in trace.sections()] == ["play", "I", "II", "III", "end"]
    text = trace.text(citations=True)
    assert "Round II\n  Diane (Poisoned ST-04) gives poisoned to Undead Archer on R2  [p. 11]" in text
    assert "« Le Combat se déroule toujours de gauche à droite, suivant l'ordre du plateau Combat. »" in text
    assert text.rstrip().endswith("Outcome: 0 deaths, 2 damage taken, 2 kills, 3 loot gained")
    document = trace.as_json()
    assert document["over"] is True and document["outcome"] == {"deaths": 0, "damage": 2, "kills": 2, "loot": 3}


def test_an_open_choice_stops_the_trace_and_says_what_it_awaits() -> None:
    trace = resolve(run({**BOOK, "choices": BOOK["choices"][:5]}))
    assert trace.awaiting is not None and trace.awaiting.options == ("to Diane Charlotte", "to Diane Gabriel",
                                                                     "to Charlotte Gabriel")
    assert "Awaits a choice: Undead Archer (R3): who takes damage?" in trace.text()


def test_the_fill_takes_the_plans_choices_or_the_first() -> None:
    start = run({**BOOK, "choices": BOOK["choices"][:5]})
    planned = resolve(start, fill="plan")
    assert planned.awaiting is None and planned.filled[0] == "to Diane Charlotte"
    first = resolve(start, fill="first")
    assert first.awaiting is None and first.filled[0] == "to Diane Charlotte"
    assert planned.tally.damage <= first.tally.damage


def test_more_choices_are_played_and_a_refused_one_is_an_error() -> None:
    start = run({**BOOK, "choices": BOOK["choices"][:5]})
    assert resolve(start, ["to Charlotte Gabriel"]).awaiting is not None
    with pytest.raises(IllegalActionError) as error:
        resolve(start, ["to Mario Gabriel"])
    assert "to Charlotte Gabriel" in error.value.legal


def test_the_plan_in_words() -> None:
    loaded = run({**BOOK, "choices": []})
    text = plan_text(plan_position(loaded), loaded.initial)
    assert text.startswith("Objective: no death, then least damage taken, then most kills, then most loot (exact")
    assert "  Diane: which card to play?  ->  play Diane" in text and "(announce: " in text
