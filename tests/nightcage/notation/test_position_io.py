"""Reading and writing positions in every form: round trips, form detection, files, fuzzing."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solver.base.errors import PositionError
from solver.nightcage.model.actions import parse_action
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.rulings import Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import FORMS, detect_form, dump, load_path, load_text
from solver.nightcage.notation.position_json import Position, read, to_json
from solver.nightcage.rules.engine import apply, node_type
from tests.paths import DATA, ROOT
from tests.playouts import random_step

EXAMPLE = DATA / "format_example.json"
TEXT_FORMS = ("line", "toml")
DIRGE_CELLS = ("a6", "b6", "c6", "d6", "e6", "f6", "a5", "b5", "c5")
META = {"title": "Round trip", "question": "Who wins?", "checks": [{"verdict": "win"}], "notes": {"by": "test", "n": [1, 2.5]}}


def example() -> Position:
    return load_path(EXAMPLE)[0]


def exotic_document() -> dict[str, Any]:
    """A valid position holding every kind of token, a custom setup and non-default rulings.

    The pile is empty (lit empty cells are allowed), the pit on f2 does not say
    what it was (so ``discarded`` must be written), the key holder blue stands
    on a key tile whose key is still there, and the Dirge lies in a custom shape.
    """
    tiles: dict[str, Any] = {
        "c3": {"kind": "t", "open": "NES", "crumbling": True},
        "c4": {"kind": "straight", "open": "NS"},
        "d3": {"kind": "key", "key_taken": False},
        "c2": {"kind": "pit", "was": "pit_fiend"},
        "d4": {"kind": "gate"},
        "d2": {"kind": "cross"},
        "e2": {"kind": "cross"},
        "e3": {"kind": "pathless"},
        "d1": {"kind": "key", "key_taken": True},
        "e1": {"kind": "omen"},
        "a1": {"kind": "keeper", "facing": "S"},
        "f2": {"kind": "pit"},
    }
    tiles.update({cell: {"kind": "pit", "group": "dirge"} for cell in DIRGE_CELLS})
    totals = {"start": 5, "straight": 1, "t": 3, "cracked_t": 1, "cross": 2, "key": 2, "gate": 1}
    totals.update({"keeper": 1, "pit_fiend": 1, "pathless": 1, "omen": 1})
    return {
        "format": "lueur-position/1",
        "size": 6,
        "tiles": tiles,
        "prisoners": [
            {"name": "red", "at": "c3", "candle": "lit", "nerve": 1, "key": False},
            {"name": "blue", "at": "d3", "candle": "lit", "nerve": 0, "key": True},
            {"name": "green", "falling": "row 4", "candle": "out", "nerve": 2, "key": True},
            {"name": "yellow", "at": "d2", "candle": "lit", "nerve": 0, "key": False},
            {"name": "purple", "at": "e2", "candle": "lit", "nerve": 1, "key": False},
        ],
        "turn": "yellow",
        "pile": {"count": 0, "contents": {}},
        "discarded": {"start": 5, "t": 3},
        "setup": {"base": "standard", "counts": totals},
        "rulings": {
            "RULING-LOS-END": False,
            "RULING-DIRGE-SHAPE": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [0, 1], [1, 1], [2, 1]],
            "RULING-ADV-5P-WAX": 3,
        },
        "meta": {"title": "Every token"},
    }


def exotic() -> Position:
    return read(exotic_document())[0]


def playout(seed: int, known_order: bool, setup: Setup | None = None, rulings: Rulings | None = None) -> Iterator[GameState]:
    """Every state of one seeded random game, mid-turn states included."""
    rng = random.Random(seed)
    order_rng = random.Random(seed) if known_order else None
    state = new_game(setup or Setup(), rulings=rulings or Rulings(), rng=order_rng)
    yield state
    for _ in range(400):
        if node_type(state) == "terminal":
            return
        state = random_step(state, rng)
        yield state


def assert_round_trip(state: GameState, meta: dict[str, Any], form: str) -> None:
    """JSON -> form -> JSON gives the same state and the same JSON document."""
    text = dump(state, meta, form)
    position, warnings = load_text(text)
    assert warnings == []
    assert position.state == state, text
    assert to_json(position.state, position.meta) == to_json(state, meta), text


# -- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_format_example_round_trips(form: str) -> None:
    pos = example()
    assert_round_trip(pos.state, pos.meta, form)
    assert_round_trip(pos.state, dict(pos.meta, **META), form)


@pytest.mark.parametrize("form", FORMS)
def test_every_token_custom_setup_and_rulings_round_trip(form: str) -> None:
    pos = exotic()
    assert_round_trip(pos.state, pos.meta, form)
    text = dump(pos.state, pos.meta, form)
    back = load_text(text)[0]
    assert back.state.rulings.given == pos.state.rulings.given  # order kept, not only the values
    assert to_json(back.state)["tiles"]["d3"] == {"kind": "key", "key_taken": False}


@pytest.mark.parametrize("seed", range(30))
def test_random_playouts_round_trip_at_every_state(seed: int) -> None:
    """Known order on even seeds, unknown (shuffled layers) on odd ones; mid-turn states included."""
    mid_turn = 0
    for i, state in enumerate(playout(seed, known_order=seed % 2 == 0)):
        mid_turn += state.pending is not None
        for form in TEXT_FORMS:
            assert_round_trip(state, {"seed": seed, "step": i}, form)
    assert mid_turn > 0


@pytest.mark.parametrize("seed", range(3))
def test_five_player_games_round_trip(seed: int) -> None:
    states = list(playout(seed, known_order=seed == 0, setup=Setup("five")))
    assert states[0].size == 7 and len(states[0].prisoners) == 5
    for state in states[:: max(1, len(states) // 40)]:
        for form in TEXT_FORMS:
            assert_round_trip(state, {}, form)


def test_non_default_rulings_and_adjusted_setup_round_trip() -> None:
    rulings = Rulings.from_given({"RULING-MONSTER-REMOVED": False, "RULING-LOS-END": False, "RULING-ADV-5P-WAX": 3})
    setup = Setup("standard", difficulty=(("cracked_t", True), ("keys", 1)))
    states = list(playout(11, known_order=False, setup=setup, rulings=rulings))
    assert states[-1].rulings.given == rulings.given
    for state in states:
        for form in TEXT_FORMS:
            assert_round_trip(state, {}, form)


# -- detection, files, dump --------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_form_is_detected_from_content(form: str) -> None:
    pos = example()
    assert detect_form(dump(pos.state, pos.meta, form)) == form


def test_form_is_detected_from_extension_first() -> None:
    line = dump(example().state, {}, "line")
    assert detect_form(line, "puzzle.toml") == "toml"
    assert detect_form("{", "puzzle.LINE") == "line"
    assert detect_form("{", "puzzle.txt") == "line"
    assert detect_form(line, "puzzle.unknown") == "line"
    assert detect_form("# comment\n\n" + line + "\n# another\n") == "line"
    assert detect_form('  \n {"size": 6}') == "json"


def test_wrong_extension_gives_the_form_s_problems() -> None:
    line = dump(example().state, {}, "line")
    with pytest.raises(PositionError) as info:
        load_text(line, "puzzle.json")
    assert info.value.problems[0].message.startswith("invalid JSON")


@pytest.mark.parametrize("form", FORMS)
def test_load_path_reads_each_form(tmp_path: Path, form: str) -> None:
    pos = example()
    path = tmp_path / f"position.{form}"
    path.write_text(dump(pos.state, pos.meta, form), encoding="utf-8")
    back, warnings = load_path(path)
    assert back.state == pos.state and back.meta == pos.meta and warnings == []


def test_load_path_reports_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(PositionError) as info:
        load_path(tmp_path / "missing.json")
    assert [p.path for p in info.value.problems] == ["file"]
    assert "cannot read" in info.value.problems[0].message
    latin = tmp_path / "latin.toml"
    latin.write_bytes('title = "Piège"'.encode("latin-1"))
    with pytest.raises(PositionError) as info:
        load_path(latin)
    assert info.value.problems[0] == ("file", f"{latin} is not UTF-8 text (byte 12 is not valid UTF-8)")


def test_byte_order_mark_and_empty_text() -> None:
    pos = example()
    assert load_text("\ufeff" + dump(pos.state, pos.meta, "json"))[0].state == pos.state
    for text in ("", "  \n\n", "\ufeff"):
        with pytest.raises(PositionError) as info:
            load_text(text)
        assert info.value.problems[0].message == "no position: the text is empty"


def test_json_errors_say_where() -> None:
    with pytest.raises(PositionError) as info:
        load_text('{\n  "size": 6,\n  "tiles": [}')
    assert info.value.problems[0].path == "line 3, column 13"
    for text in ("{" + '"a":' * 5000 + "1", '{"size": ' + "9" * 5000 + "}"):
        with pytest.raises(PositionError):
            load_text(text)


def test_lenient_reading_turns_unknown_fields_into_warnings() -> None:
    doc = to_json(example().state)
    doc["colour"] = "blue"
    text = json.dumps(doc)
    with pytest.raises(PositionError):
        load_text(text)
    _, warnings = load_text(text, lenient=True)
    assert [w.path for w in warnings] == ["colour"]


def test_dump_refuses_an_unknown_form() -> None:
    with pytest.raises(ValueError, match="forms: json, toml, line"):
        dump(example().state, {}, "yaml")


# -- fuzzing -----------------------------------------------------------------------------

_PIECES = [*" \n\t,/:.=|{}[]\"'#+-?@>*~0123456789PTIXKGWQLODSFabcdefgk", "", "P/", "row", "T:NES", "null", "[[", "9" * 5000]
_WORD = re.compile(r"[A-Za-z0-9_~:*/?@>+\-]+")


def _mutate(text: str, rng: random.Random, words: list[str]) -> str:
    """One random edit: truncation, deletion, insertion, replacement, a moved slice or a swapped word."""
    i, j = sorted((rng.randrange(len(text) + 1), rng.randrange(len(text) + 1)))
    kind = rng.randrange(6)
    if kind == 0:
        return text[:i]
    if kind == 1:
        return text[:i] + text[i + rng.randrange(1, 10) :]
    if kind == 2:
        return text[:i] + rng.choice(_PIECES) + text[i:]
    if kind == 3:
        return text[:i] + rng.choice(_PIECES) + text[i + 1 :]
    if kind == 4:
        return text[:i] + text[j:] + text[i:j]
    spans = list(_WORD.finditer(text)) or [re.match("", text)]
    span = rng.choice(spans)
    assert span is not None
    return text[: span.start()] + rng.choice(words) + text[span.end() :]


@pytest.mark.parametrize("form", FORMS)
def test_fuzzed_texts_raise_position_error_or_load(form: str) -> None:
    """Random edits of valid texts either load or raise PositionError, nothing else."""
    rng = random.Random(form)
    sources = [example(), exotic()]
    mid_game = list(playout(3, known_order=False))
    sources += [Position(mid_game[k], {"step": k}) for k in (5, 17, len(mid_game) // 2, len(mid_game) - 1)]
    texts = [dump(p.state, p.meta, form) for p in sources]
    words = sorted({w for text in texts for w in _WORD.findall(text)})
    loaded = 0
    for _ in range(700):
        text = rng.choice(texts)
        for _ in range(rng.randrange(1, 4)):
            text = _mutate(text, rng, words)
        try:
            position, _ = load_text(text, rng.choice([None, f"fuzz.{form}"]))
        except PositionError as exc:
            assert exc.problems and all(isinstance(p.path, str) and p.message for p in exc.problems)
        else:
            loaded += 1
            assert isinstance(position.state, GameState)
    assert loaded > 0


@pytest.mark.parametrize("form", ["json", "toml", "line"])
def test_the_omens_revealed_and_the_dirge_survive_every_form(form: str) -> None:
    """The count of omens revealed and the Dirge's pits are part of the position in each form."""
    path = ROOT / "scenarios" / "omens" / "dirge-block.toml"
    position, _ = load_path(path)
    before = position.state
    after = before
    for text in ["move N", "place c4 omen", "dirge b2"]:  # the second omen comes and the Dirge is laid
        after, _ = apply(after, parse_action(text, after.size))
    assert (before.omens, after.omens) == (1, 2) and any(t is not None and t.dirge for t in after.tiles)
    for state in (before, after):
        back, _ = load_text(dump(state, position.meta, form))
        assert back.state == state
