"""Every picture is well-formed XML whatever text it carries, and no text becomes markup (issue 24, items 2, 8, 13).

Text reaches a picture in two ways: drawn by the stroke font (``text_element``,
which keeps it in a ``data-text`` attribute) and as attribute values (a
player's colour, a pawn's id, a cell's name). Both go through one escaping
helper, :func:`solver.base.svg.markup.esc`: the rule below reads every picture
module's source and refuses an attribute filled by anything else, so a new
attribute cannot forget it. Then every way a picture is drawn (both games, the
command line, the protocol, the stepped pages) is swept with hostile text and
each picture parsed as XML. (``tests/pictures.py`` also parses every ``.svg``
the whole suite writes.)
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.svg import markup
from solver.base.svg.markup import esc
from solver.fearsome.analysis.forecast import forecast
from solver.fearsome.model.state import Position as FFPosition
from solver.fearsome.notation import position_json as ff_json
from solver.fearsome.present.svg import board_svg as ff_board_svg
from solver.nightcage.notation.position_json import read
from solver.nightcage.present.stepper import stepper_html
from solver.nightcage.present.svg_board import board_svg
from solver.protocol.commands import execute
from solver.protocol.requests import parse_request
from tests.paths import DATA, ROOT
from tests.pictures import malformed_pictures

PICTURE_PACKAGES = ("solver.base.svg", "solver.nightcage.present", "solver.fearsome.present")
ESCAPING_CALLS = frozenset({"esc", "num", "_number"})
"""``esc`` escapes any text; ``num`` and the glyphs' ``_number`` write numbers."""
INSIDE_ATTRIBUTE = re.compile(r"""=\s*(?:"[^"]*|'[^']*)$""")
"""The text so far ends inside a quoted attribute value."""
INSIDE_SINGLE_QUOTES = re.compile(r"""=\s*'[^']*$""")
"""Inside an attribute between single quotes, which :func:`esc` leaves as they are: never interpolated."""
SCRIPT = '"><script>alert(1)</script><x a="'
HOSTILE = [SCRIPT, "a&b<c>'d'", "nul\x00bell\x07esc\x1b", "bom\ufeffnon\uffffchar\ufffe", 'id="x" url(#x) href="#x"']
"""Markup, entities, control characters, the non-characters XML forbids, and text that looks like ids."""


# -- the rule: every attribute value goes through the escaping helper ------------------------------


def picture_modules() -> list[str]:
    names = []
    for package in PICTURE_PACKAGES:
        root = importlib.import_module(package)
        names += [package, *(m.name for m in pkgutil.walk_packages(root.__path__, f"{package}."))]
    return names


def unescaped_attributes(source: str) -> list[str]:
    """The interpolations of f-strings inside an attribute value that do not go through an escaping call or a constant."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        text = ""  # the literal text so far, each interpolation a NUL
        for part in node.values:
            if isinstance(part, ast.Constant):
                text += str(part.value)
                continue
            assert isinstance(part, ast.FormattedValue)
            single = INSIDE_SINGLE_QUOTES.search(text) is not None
            if INSIDE_ATTRIBUTE.search(text) and (single or not (_escaped(part.value) or _numeric(part))):
                found.append(f"line {part.value.lineno}: {ast.unparse(part.value)}")
            text += "\0"
    return found


def _numeric(part: ast.FormattedValue) -> bool:
    """A number's format (``{x:.4f}``, ``{n:d}``): it writes a number or fails."""
    spec = part.format_spec
    return (isinstance(spec, ast.JoinedStr) and len(spec.values) == 1 and isinstance(spec.values[0], ast.Constant)
            and re.fullmatch(r"[+\- ]?[0-9]*[.,_]?[0-9]*[deEfFgG%]", str(spec.values[0].value)) is not None)


def _escaped(value: ast.expr) -> bool:
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return value.func.id in ESCAPING_CALLS
    if isinstance(value, ast.Name):
        return value.id.isupper()  # a module constant the code defines
    if isinstance(value, ast.Attribute):
        return value.attr.isupper()
    return False


@pytest.mark.parametrize("name", picture_modules())
def test_every_attribute_value_is_escaped_or_a_number(name: str) -> None:
    source = Path(str(importlib.import_module(name).__file__)).read_text(encoding="utf-8")
    assert unescaped_attributes(source) == []


def test_the_rule_finds_an_attribute_filled_raw() -> None:
    source = ('f\'<g data-x="{name}" y="{num(y)}" fill="{INK}" z="{esc(z)}" href="#{ref}" '
              'd="M{num(x)} {d}" o="{o:.2f}" s="{s:>4}">{inner}</g>\'')
    assert unescaped_attributes(source) == ["line 1: name", "line 1: ref", "line 1: d", "line 1: s"]
    assert unescaped_attributes('f"<g q=\'{esc(q)}\'/>"') == ["line 1: esc(q)"]  # single quotes: esc leaves them


def test_esc_keeps_xml_well_formed_and_quotes_safe() -> None:
    assert esc('a"b\'c<d>&\x00\uffff\ud800') == "a&quot;b'c&lt;d&gt;&amp;\ufffd\ufffd\ufffd"
    assert esc(3) == "3" and esc("tab\tnew\nline") == "tab&#9;new&#10;line"
    assert markup.__name__ == "solver.base.svg.markup"


# -- the sweep: every way a picture is drawn, with hostile text ------------------------------------


def well_formed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    tags = {element.tag.rsplit("}", 1)[-1] for element in root.iter()}
    assert "script" not in tags and "x" not in tags
    return root


def texts(root: ET.Element) -> set[str]:
    return {element.get("data-text", "") for element in root.iter()} | {element.text or "" for element in root.iter()}


def nightcage_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / "format_example.json").read_text())
    return doc


def ff_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((ROOT / "scenarios/fearsome/monster-eight-steps.json").read_text())
    return doc["position"] if "position" in doc else doc


def ff_hostile(text: str) -> FFPosition:
    """A Fearsome Floors position whose first player's colour and pawn ids are ``text`` (built past the
    reader, which refuses control characters: the picture must hold whatever it is given)."""
    position = ff_json.read(ff_doc())
    old = position.players[0]
    pawns = tuple(replace(p, colour=text, ident=f"{text}{i}") if p.colour == old else p for i, p in enumerate(position.pawns))
    return replace(position, players=(text, *position.players[1:]), pawns=pawns)


@pytest.mark.parametrize("text", HOSTILE)
def test_fearsome_pictures_hold_any_name(text: str) -> None:
    position = ff_hostile(text)
    traces = [tile.trace for tile in forecast(position).tiles]
    root = well_formed(ff_board_svg(position, title=text, caption=text, paths=traces))
    pawns = [g for g in root.iter() if g.get("class") == "pawn"]
    clean = esc(text).replace("&#9;", "\t")  # the picture holds the text, forbidden characters replaced
    assert {g.get("data-colour") for g in pawns} >= {ET.fromstring(f'<a b="{clean}"/>').get("b")}


@pytest.mark.parametrize("text", HOSTILE)
def test_night_cage_pictures_hold_any_title_and_caption(text: str) -> None:
    state = read(nightcage_doc())[0].state
    root = well_formed(board_svg(state, title=text, caption=text))
    assert root.find("{http://www.w3.org/2000/svg}title") is not None


def test_a_prisoner_named_with_a_noncharacter_is_drawn_well_formed(tmp_path: Path) -> None:
    doc = nightcage_doc()
    doc["prisoners"][0]["name"] = "red\uffff"
    doc["turn"] = "red\uffff" if doc["turn"] == "red" else doc["turn"]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(cli, ["render", str(path)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    well_formed(result.stdout)


@pytest.mark.parametrize("text", HOSTILE)
def test_the_protocol_render_holds_any_title(text: str) -> None:
    doc = nightcage_doc()
    doc["meta"]["title"] = text
    final = execute(parse_request({"id": 1, "command": "render", "position": doc, "format": "svg"}), lambda info: None,
                    lambda: False)
    well_formed(final["result"]["board"])


def ff_named(tmp_path: Path, colour: str, ident: str | None = None) -> Path:
    """A Fearsome Floors file whose first player is named ``colour``, and their pawns' ids start with ``ident``
    (by default the colour)."""
    doc = ff_doc()
    old = doc["players"][0]
    doc["players"][0] = colour
    for pawn in doc["pawns"]:
        if pawn["colour"] == old:
            pawn["colour"] = colour
            pawn["id"] = (colour if ident is None else ident) + pawn["id"]
    path = tmp_path / "ff.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [("ff", "render", "FILE", "-o", "OUT"), ("ff", "forecast", "FILE", "--render", "OUT")])
def test_fearsome_commands_refuse_control_characters_and_escape_markup(tmp_path: Path, command: tuple[str, ...]) -> None:
    out = tmp_path / "out.svg"

    def run(colour: str, ident: str | None = None) -> Any:
        args = [{"FILE": str(ff_named(tmp_path, colour, ident)), "OUT": str(out)}.get(word, word) for word in command]
        return CliRunner().invoke(cli, args, catch_exceptions=False)

    result = run(SCRIPT)
    assert result.exit_code == 0, result.output
    root = well_formed(out.read_text(encoding="utf-8"))
    assert SCRIPT in {g.get("data-colour") for g in root.iter()}
    refused = run("red\x1b[2J")
    assert refused.exit_code == 2
    assert "players[0]: 'red\\x1b[2J': a name may not hold control characters" in refused.output
    refused = run("red", "red\u202e")
    assert refused.exit_code == 2
    assert "pawns[0].id: 'red\\u202eA': a name may not hold control characters" in refused.output


def test_the_stepped_page_prefixes_ids_in_tags_only() -> None:
    svg = board_svg(read(nightcage_doc())[0].state, title='id="x" url(#glow) href="#g-41"')
    page = stepper_html('id="x"', [("first", svg), ("second", svg)])
    inlined = re.findall(r'<div class="picture">(.*?)</div>', page, re.DOTALL)
    assert len(inlined) == 2
    for number, picture in enumerate(inlined, start=1):
        root = well_formed(picture)
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == 'id="x" url(#glow) href="#g-41"'
        ids = [element.get("id") for element in root.iter() if element.get("id")]
        assert ids and all(i.startswith(f"s{number}-") for i in ids)
        refs = [element.get("href") for element in root.iter() if element.get("href")]
        assert refs and all(r.startswith(f"#s{number}-") for r in refs)


def test_a_frame_caption_and_page_title_are_escaped() -> None:
    page = stepper_html(SCRIPT, [(f"{SCRIPT}\n{SCRIPT}", '<svg xmlns="http://www.w3.org/2000/svg"/>')])
    assert "<script>alert" not in page


def test_the_stored_pictures_are_well_formed() -> None:
    for path in sorted(DATA.glob("svg/*.svg")):
        well_formed(path.read_text(encoding="utf-8"))


def test_the_session_check_names_a_malformed_picture(tmp_path: Path) -> None:
    (tmp_path / "good.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><title>a &amp; b</title></svg>')
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "bad.svg").write_text("<svg><title>\x07</title></svg>")
    [bad] = malformed_pictures(tmp_path)
    assert bad.startswith(f"{tmp_path / 'deep' / 'bad.svg'}: not well-formed")
    (tmp_path / "deep" / "bad.svg").unlink()  # the session's own check would report it too
