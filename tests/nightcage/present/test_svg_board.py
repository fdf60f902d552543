"""The board picture (solver.nightcage.present.svg_board): structure, every scenario, and reference files.

The reference pictures in tests/data/svg/ are compared byte for byte. When the
drawing changes on purpose (or the stroke font does), rewrite them with:

    LUEUR_UPDATE_SVG=1 python -m pytest -q -p no:cacheprovider tests/nightcage/present/test_svg_board.py -k reference

and look at the pictures (benchmarks/render_gallery.py) before committing them.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest

from solver.base.errors import PositionError
from solver.base.svg.glyphs import glyph_defs, glyph_id
from solver.base.svg.style import PAGE
from solver.nightcage.model.grid import E, N, S, W, geometry
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.notation.forms import load_path
from solver.nightcage.present.svg_board import Overlays, board_svg
from solver.nightcage.present.svg_overlays import walk_pieces
from solver.nightcage.present.svg_style import Frame
from tests.paths import DATA, ROOT, night_cage_scenarios

SCENARIOS = ROOT / "scenarios"
REFERENCE = DATA / "svg"
SVG = "{http://www.w3.org/2000/svg}"
REFERENCE_SCENARIOS = {
    "wax-eater-sight": "rulebook/wax-eater-sight.toml",
    "keeper-behind": "rulebook/keeper-behind.toml",
    "dirge-shape-default": "rulings/dirge-shape-default.toml",
    "final-flickers": "rulebook/final-flickers.toml",
    "five-spokes": "endgames/17-five-spokes.toml",
    "pathless-example": "rulebook/pathless-example.toml",
}
G6 = geometry(6)


def _state(path: str) -> GameState:
    position, _ = load_path(SCENARIOS / path)
    return position.state


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in _classes(e)]


def _cells(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("data-cell", ""): e for e in root.iter(f"{SVG}g") if "cell" in _classes(e)}


def _every_piece() -> GameState:
    """A position with one of every piece, several prisoners on a gate, one Lights Out."""
    s = new_game(Setup())
    tiles = {
        "a1": Tile.make(Kind.CROSS), "b1": Tile.make(Kind.OMEN), "c1": Tile.make(Kind.PIT_FIEND),
        "f1": Tile.make(Kind.STRAIGHT, E | W), "a2": Tile.make(Kind.KEY, key_taken=True),
        "a6": Tile.make(Kind.T, N | E | S, crumbling=True), "c3": Tile.make(Kind.KEEPER, facing=N),
        "c4": Tile.make(Kind.STRAIGHT), "c5": Tile.make(Kind.GATE), "d3": Tile.make(Kind.START, S | W),
        "e5": Tile.make(Kind.KEY), "d5": Tile.make(Kind.CROSS), "e1": Tile.make(Kind.PIT),
        "e3": Tile.make(Kind.PATHLESS), "f5": Tile.make(Kind.WAX_EATER),
    }
    for name, tile in tiles.items():
        s = s.with_tile(G6.parse(name), tile)
    s = s.with_prisoner(0, cell=G6.parse("c5"), unplaced=False, key=True)
    s = s.with_prisoner(1, cell=G6.parse("c5"), unplaced=False, lit=False)
    s = s.with_prisoner(2, cell=G6.parse("c5"), unplaced=False)
    return s.with_prisoner(3, cell=G6.parse("a1"), unplaced=False, lit=False)


def test_the_picture_is_a_sized_svg_with_its_title_on_a_light_page() -> None:
    root = _parse(board_svg(_every_piece(), title="Every piece"))
    assert root.tag == f"{SVG}svg"
    assert root.get("width") and root.get("height")
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}title").text == "Every piece"  # type: ignore[union-attr]
    assert _with_class(root, "page")[0].get("fill") == PAGE


@pytest.mark.parametrize("path, size", [("rulebook/wax-eater-sight.toml", 6), ("endgames/17-five-spokes.toml", 7)])
def test_every_cell_is_a_named_group(path: str, size: int) -> None:
    cells = _cells(_parse(board_svg(_state(path))))
    assert sorted(cells) == sorted(geometry(size).names)
    assert len(cells) == size * size


def test_prisoners_on_the_board_are_tokens_in_their_colours() -> None:
    root = _parse(board_svg(_state("rulebook/wax-eater-sight.toml")))
    tokens = _with_class(root, "prisoner")
    # Blue is falling: it is in the panel, not on the board.
    assert sorted(t.get("data-prisoner") for t in tokens) == ["green", "purple", "red"]
    purple = next(t for t in tokens if t.get("data-prisoner") == "purple")
    assert purple.get("data-cell") == "b4"
    assert purple.find(f"{SVG}circle").get("fill") == "#8e44ad"  # type: ignore[union-attr]
    falling = _with_class(root, "falling-line")
    assert [f.get("data-prisoner") for f in falling] == ["blue"]


def test_tokens_on_one_cell_do_not_overlap_and_show_the_candle() -> None:
    root = _parse(board_svg(_every_piece()))
    on_gate = [t for t in _with_class(root, "prisoner") if t.get("data-cell") == "c5"]
    centres = [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
               for c in (t.find(f"{SVG}circle") for t in on_gate) if c is not None]
    assert len(centres) == 3
    for i, (x1, y1, r1) in enumerate(centres):
        for x2, y2, r2 in centres[i + 1:]:
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= r1 + r2
    lit = {t.get("data-prisoner"): not _with_class(t, "snuffed") and bool(_with_class(t, "flame")) for t in on_gate}
    assert lit == {"red": True, "blue": False, "green": True}
    assert _with_class(next(t for t in on_gate if t.get("data-prisoner") == "red"), "piece-key")


@pytest.mark.parametrize("cell, css", [
    ("b1", "piece-omen"), ("c1", "piece-pit-fiend"), ("a2", "key-taken"), ("a6", "crumbling"),
    ("c3", "piece-keeper"), ("c5", "piece-gate"), ("d3", "piece-start"), ("e5", "piece-key"), ("e1", "pit"),
    ("e3", "piece-pathless"), ("f5", "piece-wax-eater"), ("c4", "crumbling"), ("a1", "tile-cross"),
    ("c5", "tile-gate"),
])
def test_each_piece_has_its_symbol_in_its_cell(cell: str, css: str) -> None:
    cells = _cells(_parse(board_svg(_every_piece(), legend=False)))
    assert _with_class(cells[cell], css), f"no {css} in {cell}"


def test_plain_corridors_are_not_cracked_and_the_keeper_shows_where_it_faces() -> None:
    cells = _cells(_parse(board_svg(_every_piece(), legend=False)))
    assert not _with_class(cells["a1"], "crumbling") and not _with_class(cells["d5"], "crumbling")
    assert _with_class(cells["c3"], "piece-keeper")[0].get("data-facing") == "N"


def test_the_dirge_pit_is_drawn_with_its_rim() -> None:
    root = _parse(board_svg(_state("rulings/dirge-shape-default.toml")))
    cells = _cells(root)
    assert sum(bool(_with_class(c, "piece-dirge")) for c in cells.values()) == 9
    assert _with_class(root, "dirge-rim")


def test_lit_and_dark_cells() -> None:
    cells = _cells(_parse(board_svg(_state("endgames/17-five-spokes.toml"))))
    assert _with_class(cells["d7"], "lit") and _with_class(cells["d7"], "empty")
    assert _with_class(cells["a1"], "dark")
    unlit = _cells(_parse(board_svg(_every_piece())))
    assert _with_class(unlit["f1"], "unlit") and not _with_class(unlit["c5"], "unlit")


def test_passages_leaving_the_board_show_the_wrap() -> None:
    root = _parse(board_svg(_every_piece()))
    # a6 opens north, f1 east, a1 (a cross) every way: stubs beyond the edges.
    assert len(_with_class(root, "wrap-stub")) >= 4
    closed = new_game(Setup()).with_tile(G6.parse("c3"), Tile.make(Kind.CROSS))
    assert not _with_class(_parse(board_svg(closed, legend=False)), "wrap-stub")


def test_overlays_are_drawn_only_when_asked() -> None:
    state = _state("rulebook/wax-eater-sight.toml")
    plain = _parse(board_svg(state, overlays=Overlays(sight=False)))
    for css in ("sight", "light", "path", "highlight"):
        assert not _with_class(plain, css), css
    walk = (0, (G6.parse("b4"), G6.parse("b5")))
    full = _parse(board_svg(state, overlays=Overlays(sight=True, light=True, paths=(walk,),
                                                     highlight=frozenset({G6.parse("b5")}))))
    for css in ("sight", "light", "path", "highlight"):
        assert _with_class(full, css), css
    sight = _with_class(full, "sight")
    assert [s.get("data-monster") for s in sight] == ["b3"]
    assert {e.get("data-prisoner") for e in _with_class(full, "light")} == {"purple", "red", "green"}


def test_a_walk_across_the_edge_is_split_where_it_wraps() -> None:
    frame = Frame(0, 0, 60, 6)
    a1, f1, f2 = G6.parse("a1"), G6.parse("f1"), G6.parse("f2")
    pieces = walk_pieces(frame, [a1, f1, f2], 0)
    assert len(pieces) == 2
    (out_x, _), (in_x, _) = pieces[0][-1], pieces[1][0]
    assert out_x < 0 < 360 < in_x  # leaves by the left edge, comes back by the right one
    assert len(walk_pieces(frame, [G6.parse("a6"), G6.parse("a1")], 0)) == 2
    assert len(walk_pieces(frame, [G6.parse("b2"), G6.parse("b3"), G6.parse("c3")], 0)) == 1
    root = _parse(board_svg(_every_piece(), overlays=Overlays(paths=((3, (a1, f1, f2)),))))
    path = _with_class(root, "path")[0]
    assert path.get("data-prisoner") == "yellow"
    assert len(_with_class(path, "path-piece")) == 2 and _with_class(path, "arrow-head")


def test_the_panel_tells_turn_nerve_key_and_the_result() -> None:
    root = _parse(board_svg(_every_piece()))
    rows = _with_class(root, "panel-prisoner")
    assert [r.get("data-prisoner") for r in rows] == ["red", "blue", "green", "yellow"]
    assert _with_class(rows[0], "turn-marker") and not _with_class(rows[1], "turn-marker")
    assert len(_with_class(rows[0], "nerve")) == 1 and _with_class(rows[0], "piece-key")
    assert not _with_class(rows[1], "piece-key")
    lost = _parse(board_svg(_state("refusals/game-over-lost.toml")))
    assert not _with_class(lost, "turn-marker")
    assert "Game over" in ET.tostring(lost, encoding="unicode")


def test_legend_only_when_asked_and_output_is_deterministic() -> None:
    state = _every_piece()
    assert _with_class(_parse(board_svg(state)), "legend")
    assert not _with_class(_parse(board_svg(state, legend=False)), "legend")
    assert board_svg(state, title="t", caption="c") == board_svg(state, title="t", caption="c")


def test_text_goes_through_the_glyphs_module_only() -> None:
    for module in sorted((ROOT / "solver" / "present").glob("svg_*.py")):
        assert "<text" not in module.read_text(encoding="utf-8"), module.name


def test_each_glyph_is_drawn_once_after_the_title_and_every_reference_resolves() -> None:
    svg = board_svg(_every_piece(), title="Every piece", caption="réveillé → 3°")
    lines = svg.split("\n")
    assert lines[1].startswith("<title>") and lines[2] == glyph_defs(svg)
    assert svg.count('<path id="lg-') == len(ET.fromstring(lines[2])) and svg.count(lines[2]) == 1
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert len(ids) == len(set(ids))
    assert set(re.findall(r'href="#([^"]+)"', svg)) == {i for i in ids if i.startswith("lg-")}
    texts = [node.get("data-text", "") for node in _parse(svg).iter()]
    assert {glyph_id(char) for text in texts for char in text if char != " "} == {i for i in ids if i.startswith("lg-")}


def test_every_scenario_renders_and_parses() -> None:
    drawn = 0
    for path in night_cage_scenarios():
        try:
            position, _ = load_path(path)
        except PositionError:
            continue  # a position invalid on purpose (it tests the checker)
        root = _parse(board_svg(position.state, title=str(position.meta.get("title", path.stem))))
        assert len(_cells(root)) == position.state.size ** 2, path
        drawn += 1
    assert drawn >= 100


@pytest.mark.parametrize("name", sorted(REFERENCE_SCENARIOS))
def test_reference_picture(name: str) -> None:
    position, _ = load_path(SCENARIOS / REFERENCE_SCENARIOS[name])
    svg = board_svg(position.state, title=str(position.meta.get("title", name)))
    target = REFERENCE / f"{name}.svg"
    if os.environ.get("LUEUR_UPDATE_SVG") == "1":
        target.write_text(svg, encoding="utf-8", newline="\n")
    assert target.exists(), f"{target} missing: run LUEUR_UPDATE_SVG=1 pytest tests/nightcage/present/test_svg_board.py -k reference"
    assert svg == target.read_text(encoding="utf-8"), (
        f"{target.name} differs from the drawing; if the change is meant, rewrite the references with "
        "LUEUR_UPDATE_SVG=1 python -m pytest -q -p no:cacheprovider tests/nightcage/present/test_svg_board.py -k reference "
        "(and look at the pictures first: python benchmarks/render_gallery.py OUT_DIR)")
