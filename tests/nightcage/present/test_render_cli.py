"""Pictures from the command line: ``lueur render``, ``apply --render`` and ``solve --render``, and the stepper page.

The board's drawing itself is tested with ``solver/nightcage/present/svg_board.py``;
here: the files written, their types, the page that steps through them, the
errors, and that the same input gives the same bytes.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cli.main import cli
from cli.nightcage import render as render_module
from solver.base.svg.png import MISSING_EXTRA
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.present.frames import adjudication_frames
from solver.nightcage.present.stepper import stepper_html
from solver.nightcage.present.svg_board import Overlays, board_svg
from solver.nightcage.rules.adjudicate import adjudicate
from tests.paths import ROOT

SIGHT = str(ROOT / "scenarios" / "rulebook" / "wax-eater-sight.toml")
EXAMPLE = str(ROOT / "docs" / "examples" / "position.json")
CHARGE = str(ROOT / "scenarios" / "endgames" / "06-charge-through.toml")
LOST = str(ROOT / "scenarios" / "endgames" / "16-out-of-time.toml")
DISPUTE = ["move N", "burn t t cross"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}svg"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def without_resvg(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # `import resvg_py` now raises ImportError


class Page(HTMLParser):
    """What a stepper page holds: its frames (each with its svg count and caption text), buttons and script."""

    def __init__(self, text: str):
        super().__init__()
        self.frames: list[dict[str, object]] = []
        self.buttons: list[str] = []
        self.script = ""
        self._in: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and found.get("class") == "step-frame":
            self.frames.append({"id": found.get("id"), "svgs": 0, "caption": ""})
        if tag == "svg" and self.frames:
            self.frames[-1]["svgs"] = int(self.frames[-1]["svgs"]) + 1  # type: ignore[call-overload]
        if tag == "button":
            self.buttons.append(str(found.get("data-go")))
        self._in.append(found.get("class") or tag)

    def handle_endtag(self, tag: str) -> None:
        if self._in:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if "caption" in self._in and self.frames:
            self.frames[-1]["caption"] = str(self.frames[-1]["caption"]) + data
        if self._in and self._in[-1] == "script":
            self.script += data


# -- lueur render ---------------------------------------------------------------------------------------------------------


def test_render_writes_an_svg_document(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run("render", SIGHT, "-o", str(out))
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == SVG and len(root.findall(".//*[@class='cell'][@data-cell]")) == 36


def test_render_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    result = run("render", SIGHT, "--light", "-o", str(out), "--zoom", "1")
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data.startswith(PNG_SIGNATURE) and len(data) > len(PNG_SIGNATURE)


def test_render_without_output_writes_the_svg_to_stdout_and_reads_stdin() -> None:
    result = run("render", "-", stdin=Path(SIGHT).read_text(encoding="utf-8"))
    assert result.exit_code == 0
    assert ET.fromstring(result.stdout).tag == SVG


@pytest.mark.parametrize("name", ["board.gif", "board", "board.svg.txt"])
def test_an_output_of_another_type_exits_2_saying_what_is_valid(tmp_path: Path, name: str) -> None:
    result = run("render", SIGHT, "-o", str(tmp_path / name))
    assert result.exit_code == 2
    assert ".svg or .png" in result.stderr and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_bad_position_exits_2_with_where_the_problem_is(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"size": 6, "tiles": {"z9": {"kind": "cross"}}}', encoding="utf-8")
    result = run("render", str(bad), "-o", str(tmp_path / "out.svg"))
    assert result.exit_code == 2 and str(bad) in result.stderr and not (tmp_path / "out.svg").exists()


def test_png_without_resvg_names_the_extra_and_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    without_resvg(monkeypatch)
    result = run("render", SIGHT, "-o", str(tmp_path / "board.png"))
    assert result.exit_code == 2
    assert MISSING_EXTRA in result.stderr and "pip install 'lueur[png]'" in result.stderr
    assert list(tmp_path.iterdir()) == []
    assert run("render", SIGHT, "-o", str(tmp_path / "board.svg")).exit_code == 0  # SVG needs nothing


def test_the_same_position_gives_the_same_bytes(tmp_path: Path) -> None:
    for suffix in ("svg", "png"):
        first, second = tmp_path / f"1.{suffix}", tmp_path / f"2.{suffix}"
        assert run("render", SIGHT, "-o", str(first)).exit_code == 0
        assert run("render", SIGHT, "-o", str(second)).exit_code == 0
        assert first.read_bytes() == second.read_bytes()


def test_render_plan_draws_each_prisoners_whole_walk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Overlays] = []

    def board(state: GameState, **options: Any) -> str:
        drawn.append(options["overlays"])
        return board_svg(state, **options)

    monkeypatch.setattr(render_module, "board_svg", board)
    assert run("render", CHARGE, "--plan", "--no-sight", "-o", str(tmp_path / "plan.svg")).exit_code == 0
    geo = load_path(CHARGE)[0].state.geo
    assert [(o.sight, o.paths) for o in drawn] == [(False, ((0, tuple(geo.parse(c) for c in ("b3", "c3", "d3"))),))]


def test_render_plan_of_a_lost_position_writes_nothing_and_exits_1(tmp_path: Path) -> None:
    result = run("render", LOST, "--plan", "-o", str(tmp_path / "plan.svg"))
    assert result.exit_code == 1 and "no plan to draw: LOSE" in result.stderr
    assert list(tmp_path.iterdir()) == []


# -- apply --render and solve --render ------------------------------------------------------------------------------------


def test_apply_render_writes_a_frame_per_step_and_the_stepper(tmp_path: Path) -> None:
    folder = tmp_path / "dispute"
    result = run("apply", EXAMPLE, *DISPUTE, "--render", str(folder))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", "step-01.svg", "step-02.svg", "step-03.svg"]
    assert all(ET.fromstring((folder / f"step-0{k}.svg").read_text(encoding="utf-8")).tag == SVG for k in (1, 2, 3))
    page = Page((folder / "index.html").read_text(encoding="utf-8"))
    assert [f["id"] for f in page.frames] == ["step-1", "step-2", "step-3"] and all(f["svgs"] == 1 for f in page.frames)
    captions = [str(f["caption"]) for f in page.frames]
    assert captions[0].startswith("Step 1 of 2: move N") and "red moves north from c3 to c4 [Move / Se déplacer]" in captions[0]
    assert "RULING-TRIGGER-ORIGIN" in captions[0] and captions[1].startswith("Step 2 of 2: burn t t cross")
    assert captions[2].startswith("Result: LOSE") and "RULING-LOS-END" in captions[2]
    assert "wrote 3 pictures" in result.stderr and "index.html" in result.stderr


def test_a_refused_action_gets_its_own_frame_and_exit_2(tmp_path: Path) -> None:
    result = run("apply", EXAMPLE, "move S", "--render", str(tmp_path))
    assert result.exit_code == 2
    page = Page((tmp_path / "index.html").read_text(encoding="utf-8"))
    captions = [str(f["caption"]) for f in page.frames]
    assert len(captions) == 2 and captions[0].startswith("Refused: move S") and "c2 is a pit" in captions[0]


def test_render_leaves_other_files_alone_and_refuses_a_file_as_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert run("apply", EXAMPLE, *DISPUTE, "--render", str(tmp_path)).exit_code == 0
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"
    result = run("apply", EXAMPLE, *DISPUTE, "--render", str(tmp_path / "notes.txt"))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_render_png_frames_without_resvg_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    without_resvg(monkeypatch)
    result = run("apply", EXAMPLE, *DISPUTE, "--render", str(tmp_path / "out"), "--render-format", "png")
    assert result.exit_code == 2 and MISSING_EXTRA in result.stderr and not (tmp_path / "out").exists()


def test_the_stepped_pictures_are_deterministic(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run("apply", EXAMPLE, *DISPUTE, "--render", str(tmp_path / name), "--render-format", "png").exit_code == 0
    assert [p.name for p in sorted((tmp_path / "a").iterdir())] == ["index.html", "step-01.png", "step-02.png", "step-03.png"]
    assert all((tmp_path / "a" / p.name).read_bytes() == p.read_bytes() for p in (tmp_path / "b").iterdir())


def test_solve_render_writes_a_frame_per_turn_and_the_final_one(tmp_path: Path) -> None:
    result = run("solve", CHARGE, "--render", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html", *(f"step-0{k}.svg" for k in range(1, 7))]
    captions = [str(f["caption"]) for f in Page((tmp_path / "index.html").read_text(encoding="utf-8")).frames]
    assert captions[0] == "Turn 1 of 5: green: stay, discard d2"
    assert captions[4] == "Turn 5 of 5: green: charge E, scramble E (1 Nerve)"
    assert captions[5].startswith("After turn 5: WIN")


def test_solve_render_without_a_plan_writes_nothing(tmp_path: Path) -> None:
    result = run("solve", LOST, "--render", str(tmp_path / "out"))
    assert result.exit_code == 1 and "no plan to draw" in result.stderr and not (tmp_path / "out").exists()


def test_an_adjudication_frame_shows_the_position_before_the_step_and_where_it_leads() -> None:
    start = load_path(EXAMPLE)[0].state
    geo = start.geo
    frames = adjudication_frames(adjudicate(start, DISPUTE), title="t")
    assert frames[0].state == start
    assert frames[0].overlays.paths == ((0, (geo.parse("c3"), geo.parse("c4"))),)
    assert frames[0].overlays.highlight == frozenset({geo.parse("c4")})
    assert frames[1].overlays.paths == () and frames[1].overlays.highlight == frozenset()
    assert frames[0].text.splitlines()[1] == "red moves north from c3 to c4 [Move / Se déplacer]"


# -- the stepper page ------------------------------------------------------------------------------------------------------

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><defs><marker id="tip"/></defs>' \
         '<path marker-end="url(#tip)" d="M0 0"/></svg>'


def test_the_stepper_has_the_buttons_counter_and_keyboard_handler() -> None:
    text = stepper_html("Title", [("one", SQUARE), ("two", SQUARE)])
    page = Page(text)
    assert page.buttons == ["first", "previous", "next", "last"]
    assert 'class="counter"' in text and "step 1 of 2" in text
    for key in ("keydown", "ArrowLeft", "ArrowRight", "Home", "End"):
        assert key in page.script
    assert "<link" not in text and "src=" not in text and "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@media print" in text and "break-after: page" in text


def test_the_stepper_shows_every_frame_without_script() -> None:
    """The controls are hidden and no frame is until the script runs (it adds the class that hides them)."""
    text = stepper_html("Title", [("one", SQUARE), ("two", SQUARE)])
    assert '<nav class="controls" aria-label="steps" hidden>' in text
    assert 'classList.add("js")' in text and ".js .step-frame { display: none; }" in text
    assert [f["caption"] for f in Page(text).frames] == ["one", "two"]


def test_the_stepper_escapes_every_text_and_keeps_ids_apart() -> None:
    text = stepper_html("<b>&title</b>", [("</section><script>alert(1)</script>\nnote & more", SQUARE), ("two", SQUARE)])
    assert "<b>&title" not in text and "&lt;b&gt;&amp;title&lt;/b&gt;" in text
    assert "<script>alert" not in text and "note &amp; more" in text
    assert 'id="s1-tip"' in text and 'url(#s1-tip)' in text and 'id="s2-tip"' in text and 'url(#s2-tip)' in text
    assert 'style="--aspect: 0.5000"' in text


def test_the_stepper_keeps_each_frames_glyphs_to_itself() -> None:
    """Boards draw their text with ``<use>`` of glyphs in their own defs: on one page, ids stay unique
    and every reference in a frame points into that same frame."""
    state = load_path(SIGHT)[0].state
    text = stepper_html("t", [("one", board_svg(state, title="One")), ("two", board_svg(state, title="Two"))])
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))
    for number, section in enumerate(text.split('<section class="step-frame"')[1:], start=1):
        references = set(re.findall(r'href="#([^"]+)"', section))
        assert references and all(name.startswith(f"s{number}-lg-") for name in references)
        assert references <= set(re.findall(r'\bid="([^"]+)"', section))
