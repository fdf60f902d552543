"""The stroke font (solver/base/svg/glyphs.py): every character drawn, widths exact, output the same bytes."""

from __future__ import annotations

import importlib.util
import re
import struct
import xml.etree.ElementTree as ET
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.base.svg.glyph_table import COMPOSITES, GLYPHS
from solver.base.svg.glyphs import (
    FONT,
    MISSING_GLYPH,
    STROKE,
    TRACKING,
    glyph,
    glyph_defs,
    glyph_id,
    parse_drawing,
    text_element,
    text_width,
)
from tests.paths import ROOT

ASCII = [chr(code) for code in range(32, 127)]
FRENCH = list("éèêàâçôûùîïëÉ")
SYMBOLS = list("·–—×→←↑↓°…†‡")
COORDINATE = r"-?\d+(?:\.\d{1,3})?"
"""A number in glyph units: at most three decimals."""
USER = r"-?\d+(?:\.\d{1,2})?"
"""A number in user units: at most two decimals."""
STEP = re.compile(rf"[ML]({COORDINATE}) ({COORDINATE})")
PLACE = re.compile(rf"translate\(({USER}) ({USER})\) scale\(({COORDINATE})\)")


def glyph_drawings(defs: str) -> dict[str, list[tuple[float, float]]]:
    """Each glyph's points by id, checking its path data holds only M/L steps and plain numbers."""
    drawings = {}
    for path in ET.fromstring(defs):
        assert path.tag == "path" and set(path.attrib) == {"id", "d"}
        data = path.attrib["d"]
        assert re.fullmatch(rf"(?:[ML]{COORDINATE} {COORDINATE})+", data), data
        assert data.startswith("M")
        drawings[path.attrib["id"]] = [(float(x), float(y)) for x, y in STEP.findall(data)]
    return drawings


def points(element: str) -> list[tuple[float, float]]:
    """Where a text element's pen goes, in user units: each ``<use>``'s glyph from :func:`glyph_defs`,
    shifted by its advance, then scaled and placed by the group's transform."""
    node = ET.fromstring(element)
    assert node.tag == "g"
    place = PLACE.fullmatch(node.attrib["transform"])
    assert place, node.attrib["transform"]
    left, baseline, scale = (float(value) for value in place.groups())
    drawings = glyph_drawings(glyph_defs(element))
    found = []
    for use in node:
        assert use.tag == "use" and set(use.attrib) == {"href", "x"}
        assert re.fullmatch(COORDINATE, use.attrib["x"])
        advance = float(use.attrib["x"])
        found += [(left + (advance + x) * scale, baseline + y * scale) for x, y in drawings[use.attrib["href"][1:]]]
    return found


@pytest.mark.parametrize("char", ASCII + FRENCH + SYMBOLS)
def test_every_listed_character_has_its_own_drawing(char: str) -> None:
    assert char in FONT
    assert glyph(char) is not MISSING_GLYPH
    assert glyph(char).strokes != MISSING_GLYPH.strokes
    assert glyph(char).width > 0
    assert char == " " or glyph(char).strokes


def test_no_two_characters_share_a_drawing() -> None:
    seen: dict[tuple[object, ...], str] = {}
    for char, shape in FONT.items():
        key = (shape.width, shape.strokes)
        assert key not in seen, f"{char!r} draws the same as {seen[key]!r}"
        seen[key] = char


def test_accented_letters_are_their_base_letter_with_more_strokes() -> None:
    for char, (base, _accent) in COMPOSITES.items():
        assert len(glyph(char).strokes) > len(glyph(base).strokes), char
        assert glyph(char).width >= glyph(base).width


@pytest.mark.parametrize("char", sorted(FONT))
def test_each_drawing_stays_in_its_box(char: str) -> None:
    shape = glyph(char)
    for stroke in shape.strokes:
        assert len(stroke) >= 2, f"{char!r}: a stroke of one point draws nothing"
        for x, y in stroke:
            assert -1e-9 <= x <= shape.width + 1e-9, (char, x, shape.width)
            assert -0.26 <= y <= 1.3, (char, y)


def test_an_unknown_character_draws_a_box_and_never_fails() -> None:
    assert glyph("\x01") is MISSING_GLYPH
    assert glyph("漢") is MISSING_GLYPH
    element = text_element("a漢\x00b", 0, 10, 10)
    box = points(text_element("\x7f", 0, 10, 10))
    assert len(box) == 5 and box[0] == box[-1]
    assert ET.fromstring(element).attrib["data-text"] == "a漢\ufffdb"


def test_the_drawing_language_refuses_what_it_cannot_read() -> None:
    assert parse_drawing("M0,0 L1,1 M2,2 L3,3") == (((0.0, 0.0), (1.0, 1.0)), ((2.0, 2.0), (3.0, 3.0)))
    with pytest.raises(ValueError, match="cannot read"):
        parse_drawing("M0,0 Z")
    with pytest.raises(ValueError, match="takes 2 numbers"):
        parse_drawing("M0,0,1")


def test_widths_are_proportional() -> None:
    assert text_width("i", 10) < text_width("n", 10) < text_width("m", 10)
    assert text_width("l", 10) < text_width("w", 10)
    assert text_width("I", 10) < text_width("W", 10)
    assert text_width("iiii", 10) < text_width("mmmm", 10)
    assert text_width("", 10) == 0


@given(st.text(min_size=1, max_size=12), st.text(min_size=1, max_size=12),
       st.floats(min_value=1, max_value=100, allow_nan=False))
def test_width_is_additive_and_scales_with_size(left: str, right: str, size: float) -> None:
    joined = text_width(left + right, size)
    assert joined == pytest.approx(text_width(left, size) + text_width(right, size) + TRACKING * size)
    assert text_width(left, 2 * size) == pytest.approx(2 * text_width(left, size))


@pytest.mark.parametrize("text", ["H", "HIH", "Nerve 3", "c4 → d4"])
def test_width_is_the_span_of_the_pen(text: str) -> None:
    """Texts starting and ending with a stem: their strokes span exactly text_width."""
    xs = [x for x, _ in points(text_element(text, 100, 50, 20))]
    close = 0.005 + 0.001 * 20  # the place in user units (2 decimals), advance and glyph in glyph units (3 decimals)
    if text[0] in "HN" and text[-1] in "H":
        assert min(xs) == pytest.approx(100, abs=close)
        assert max(xs) == pytest.approx(100 + text_width(text, 20), abs=close)
    assert 100 - close <= min(xs) and max(xs) <= 100 + text_width(text, 20) + close


@pytest.mark.parametrize("text", ["H", "a b c d e f", "Ada — Nerve 3"])
def test_anchors_place_the_text(text: str) -> None:
    width = text_width(text, 12)
    start = points(text_element(text, 40, 30, 12))
    middle = points(text_element(text, 40, 30, 12, anchor="middle"))
    end = points(text_element(text, 40, 30, 12, anchor="end"))
    for (x0, y0), (x1, y1), (x2, y2) in zip(start, middle, end, strict=True):
        assert x1 == pytest.approx(x0 - width / 2, abs=0.011) and y1 == y0
        assert x2 == pytest.approx(x0 - width, abs=0.011) and y2 == y0
    if text == "H":
        xs = [x for x, _ in middle]
        assert (min(xs) + max(xs)) / 2 == pytest.approx(40, abs=0.01)


def test_baseline_and_cap_height() -> None:
    ys = [y for _, y in points(text_element("HE", 0, 50, 20))]
    assert max(ys) == 50 and min(ys) == 30
    ys = [y for _, y in points(text_element("x", 0, 50, 20))]
    assert min(ys) == pytest.approx(50 - 0.68 * 20)
    ys = [y for _, y in points(text_element("p", 0, 50, 20))]
    assert max(ys) == pytest.approx(55)


def test_the_exact_bytes() -> None:
    """Pinned: the same text gives these bytes on every machine."""
    element = text_element("Hi", 10, 20, 10)
    assert element == (
        '<g class="label" data-text="Hi" transform="translate(10 20) scale(10)" fill="none" stroke="currentColor" '
        'stroke-width="0.11" stroke-linecap="round" stroke-linejoin="round">'
        '<use href="#lg-48" x="0"/><use href="#lg-69" x="0.84"/></g>')
    assert glyph_defs(element) == (
        '<defs><path id="lg-48" d="M0 0L0 -1M0.6 0L0.6 -1M0 -0.52L0.6 -0.52"/>'
        '<path id="lg-69" d="M0.04 0L0.04 -0.68M0.06 -0.885L0.04 -0.905L0.02 -0.885L0.04 -0.865L0.06 -0.885"/></defs>')
    specimen = "".join(ASCII + FRENCH + SYMBOLS)
    assert text_element(specimen, 3.3, 7.7, 13.7) == text_element(specimen, 3.3, 7.7, 13.7)
    assert glyph_defs(text_element(specimen, 3.3, 7.7, 13.7)) == glyph_defs(text_element(specimen, 0, 0, 5))


def test_the_element_is_valid_xml_carrying_its_text_and_style() -> None:
    text = '<Ada & "Bram"> réveillé → 3°'
    element = text_element(text, 5, 5, 10, css_class='coord "x"', colour="#112233", weight=1.5)
    node = ET.fromstring(element)
    assert node.tag == "g"
    assert node.attrib["data-text"] == text
    assert node.attrib["class"] == 'coord "x"'
    assert node.attrib["stroke"] == "#112233"
    scale = float(PLACE.fullmatch(node.attrib["transform"]).group(3))  # type: ignore[union-attr]
    assert float(node.attrib["stroke-width"]) * scale == pytest.approx(10 * STROKE * 1.5, abs=0.005)
    assert node.attrib["fill"] == "none"
    assert text_element("", 5, 5, 10) == ""


def test_the_defs_hold_exactly_the_glyphs_used_each_once() -> None:
    texts = ["Nerve 3", "Ada → c4", "Nerve 3", "réveillé 漢\x01", "   "]
    document = "".join(text_element(text, 10, 10 + 20 * row, 12) for row, text in enumerate(texts))
    defs = ET.fromstring(glyph_defs(document))
    ids = [path.attrib["id"] for path in defs]
    drawn = {char for text in texts for char in text if char != " "}
    assert ids == [glyph_id(char) for char in sorted(drawn)]  # each once, by code point; the space draws nothing
    assert set(re.findall(r'href="#([^"]+)"', document)) == set(ids)
    assert glyph_id("→") == "lg-2192" and glyph_id("H") == "lg-48"
    assert glyph_defs("") == "" and glyph_defs(text_element(" ", 0, 0, 10)) == ""
    for char in "H→漢":  # each drawing is the glyph's strokes, y turned down
        expected = [(round(x, 3), round(-y, 3)) for stroke in glyph(char).strokes for x, y in stroke]
        assert glyph_drawings(glyph_defs(text_element(char, 0, 0, 1)))[glyph_id(char)] == expected


def test_text_costs_a_few_bytes_per_character() -> None:
    """A glyph's strokes are written once per document, whatever the number of times it is used."""
    line = "Ada (lit, Nerve 3, key) — réveillé: c4 → d4 · "
    once = text_element(line, 0, 0, 12)
    often = text_element(line * 40, 0, 0, 12)
    assert glyph_defs(often) == glyph_defs(once)
    assert (len(often) - len(once)) / (39 * len(line)) < 40
    elements = [text_element(line, 0, 20 * row, 12) for row in range(40)]
    assert len(glyph_defs("".join(elements))) == len(glyph_defs(once))


def test_an_unknown_anchor_is_refused() -> None:
    with pytest.raises(ValueError, match="start, middle, end"):
        text_element("a", 0, 0, 10, anchor="left")


def test_the_table_is_compact_strings() -> None:
    for char, (width, drawing) in GLYPHS.items():
        assert isinstance(width, float) and isinstance(drawing, str), char


def png_alpha(data: bytes) -> list[bytearray]:
    """The alpha channel of an 8-bit RGBA, non-interlaced PNG (what resvg writes), one row per list item."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, idat = 8, b""
    width = height = 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 6, 0)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride, rows = width * 4, []
    previous = bytearray(stride)
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 4] if i >= 4 else 0
            up, corner = previous[i], previous[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                nearest = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                line[i] = (line[i] + nearest[2]) & 255
        rows.append(line[3::4])
        previous = line
    return rows


def test_a_rendered_label_has_its_ink_where_the_width_says() -> None:
    """Rendered with no system font at all: the ink fills the text's box and nothing lies outside it."""
    resvg_py = pytest.importorskip("resvg_py")
    text, x, y, size = "Nerve 3 · c4", 20.0, 40.0, 20.0
    element = text_element(text, x, y, size, colour="#000")
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60">{glyph_defs(element)}{element}</svg>'

    rows = png_alpha(bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True)))
    inked = [(col, row) for row, line in enumerate(rows) for col, alpha in enumerate(line) if alpha > 64]
    assert inked
    pad = size * STROKE / 2 + 1
    right = x + text_width(text, size)
    cols, lines = [c for c, _ in inked], [r for _, r in inked]
    assert x - pad <= min(cols) <= x + 1 and right - 1 <= max(cols) <= right + pad
    assert y - size - pad <= min(lines) <= y - size + 1 and y - 1 <= max(lines) <= y + pad


def test_the_specimen_script_draws_every_character() -> None:
    spec = importlib.util.spec_from_file_location("glyph_specimen", ROOT / "benchmarks" / "glyph_specimen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    root = ET.fromstring(module.specimen())
    texts = "".join(node.attrib.get("data-text", "") for node in root.iter())
    for char in ASCII[1:] + FRENCH + SYMBOLS:
        assert char in texts
