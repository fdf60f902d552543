"""The Fearsome Floors picture: its structure (squares, pieces, paths, marks), read back from the SVG as XML."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from solver.fearsome.model import setups
from solver.fearsome.model.board import HEIGHT, SQUARES, WIDTH, name, parse
from solver.fearsome.model.state import Position
from solver.fearsome.notation import position_json as notation
from solver.fearsome.notation.files import load_path
from solver.fearsome.present.svg import UNIT, board_svg
from solver.fearsome.present.svg_paths import death_squares, runs
from solver.fearsome.rules.monster import monster_phase
from tests.paths import ROOT

FEARSOME = ROOT / "scenarios" / "fearsome"
SCENARIOS = sorted(FEARSOME.glob("*.json"))
NS = {"s": "http://www.w3.org/2000/svg"}


def scenario(stem: str) -> Position:
    return load_path(str(FEARSOME / f"{stem}.json")).position


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, css_class: str) -> list[ET.Element]:
    """Every ``<g>`` whose class list holds ``css_class``."""
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if css_class in (g.get("class") or "").split()]


def test_the_board_has_its_156_squares_named_and_no_cut_corner() -> None:
    root = parsed(board_svg(setups.new_game(2)))
    names = [g.get("data-square") for g in groups(root, "square")]
    assert len(names) == 156 and set(names) == {name(sq) for sq in SQUARES}
    assert not {"a1", "d1", "a4", "p11", "m11", "p8"} & set(names)
    assert {"a11", "p1", "a5", "b4", "l11", "p7"} <= set(names)


def test_the_basic_layout_shows_its_stones_pools_and_monster() -> None:
    root = parsed(board_svg(setups.new_game(4)))
    assert sorted(g.get("data-square") for g in groups(root, "stone")) == sorted(setups.BASIC_STONES)
    assert all("plain" in (g.get("class") or "") for g in groups(root, "stone"))
    pools = sorted(sorted(g.get("data-squares", "").split()) for g in groups(root, "pool"))
    assert pools == sorted(sorted(pool) for pool in setups.BASIC_POOLS)
    (beast,) = groups(root, "monster")
    assert (beast.get("data-square"), beast.get("data-facing")) == ("a11", "e")
    assert groups(root, "pawn") == []  # all sixteen wait by the entrance: the panel shows them
    assert len(groups(root, "waiting-pawn")) == 16 and len(groups(root, "player")) == 4
    assert groups(root, "exit") and groups(root, "entrance")


def test_every_kind_of_stone_and_the_teleporters_are_drawn_with_their_classes() -> None:
    root = parsed(board_svg(scenario("monster-teleporters")))
    kinds = {g.get("data-square"): g.get("class") for g in groups(root, "stone")}
    assert kinds == {"e3": "stone pivot-right", "k8": "stone pivot-back", "g6": "stone crystal"}
    pads = {(g.get("data-square"), g.get("data-pair"), g.get("data-arrow")) for g in groups(root, "teleporter")}
    assert pads == {("f6", "1", "e"), ("m8", "1", "n")}


def test_pawns_show_their_face_value_light_or_dark() -> None:
    position = scenario("monster-eight-steps")
    flipped = position.with_pawn(position.pawn("C").flipped())
    root = parsed(board_svg(flipped))
    pawns = {g.get("data-pawn"): g for g in groups(root, "pawn")}
    assert set(pawns) == {"A", "B", "C", "D", "E", "F", "G", "H"}
    assert (pawns["C"].get("data-face"), pawns["C"].get("data-value")) == ("black", "3")
    assert (pawns["B"].get("data-face"), pawns["B"].get("data-value")) == ("white", "3")
    shown = [g.get("data-text") for g in groups(pawns["C"], "face-value")]
    assert shown == ["3"]
    faces = {g: [c.get("fill") for c in pawns[g].findall("s:circle", NS)][1] for g in ("B", "C")}
    assert faces == {"B": "#fffaf0", "C": "#1d1a17"}
    assert pawns["C"].get("data-colour") == "red" and pawns["D"].get("data-colour") == "blue"


def test_a_path_through_the_wall_is_split_where_the_monster_goes_through() -> None:
    """Without G, tile 8's seventh step leaves by p6 and comes back on a6: two runs, the first ending past the wall."""
    position = scenario("monster-eight-steps-no-g")
    _, trace = monster_phase(position, "8")
    pieces = runs(trace)
    assert [ending for _, ending in pieces] == ["wall", "end"]
    first, second = pieces[0][0], pieces[1][0]
    assert first[-1][0] > WIDTH and second[0][0] < 0  # out past the right edge, in from past the left one
    assert second[1] == (0.5, 5.5)  # the centre of a6
    root = parsed(board_svg(position, paths=[trace]))
    (path,) = groups(root, "monster-path")
    assert path.get("data-tile") == "8" and path.get("data-end") == name(trace.end)
    breaks = [p.get("data-break") for p in path.iter() if "path-run" in (p.get("class") or "")]
    assert breaks == ["wall", "end"]
    run = next(p for p in path.iter() if p.get("data-break") == "wall")
    xs = [float(x) for x in re.findall(r"[ML]([\d.]+) ", run.get("d", ""))]
    board_right = max(float(r.get("x", 0)) for g in groups(root, "square") for r in g) + UNIT
    assert max(xs) > board_right


def test_a_teleport_jump_breaks_the_path_and_is_drawn_as_a_jump() -> None:
    position = scenario("monster-teleporters")
    _, trace = monster_phase(position, "8")
    assert [ending for _, ending in runs(trace)] == ["teleport", "teleport", "end"]
    root = parsed(board_svg(position, paths=[trace]))
    jumps = [p for p in root.iter() if p.get("class") == "path-jump"]
    assert len(jumps) == 2


def test_the_squares_where_pawns_die_are_where_they_stood_then() -> None:
    """C is eaten on m6; F, pushed from o6 to p6, is crushed off the board from p6; G is eaten on p5."""
    position = scenario("monster-eight-steps")
    _, trace = monster_phase(position, "8")
    deaths = death_squares(position, trace)
    assert [name(sq) for sq in deaths] == ["m6", "p6", "p5"]
    root = parsed(board_svg(position, paths=[trace], marks=deaths))
    assert [g.get("data-square") for g in groups(root, "death")] == ["m6", "p6", "p5"]


def test_several_paths_each_have_their_own_colour_and_a_key() -> None:
    position = scenario("monster-eight-steps")
    traces = [monster_phase(position, tile)[1] for tile in ("7", "8", "prey2")]
    root = parsed(board_svg(position, paths=traces))
    paths = groups(root, "monster-path")
    assert [p.get("data-tile") for p in paths] == ["7", "8", "prey2"]
    colours = {next(c.get("stroke") for c in p.iter() if c.get("stroke-width") and c.get("stroke") != "#ffffff") for p in paths}
    assert len(colours) == 3
    keys = [g.get("data-text") for g in groups(root, "path-key")]
    assert keys[0].startswith("7: to") and any(k.startswith("††: to") for k in keys)


def test_the_picture_is_deterministic_and_draws_text_as_strokes() -> None:
    position = scenario("monster-teleporters")
    trace = monster_phase(position, "8")[1]
    one = board_svg(position, title="T", caption="C", paths=[trace], marks=[parse("l8")])
    two = board_svg(notation.loads(notation.dumps(position)), title="T", caption="C", paths=[trace], marks=[parse("l8")])
    assert one == two
    assert "<text" not in one
    used = set(re.findall(r'href="#(lg-[0-9a-f]+)"', one))
    defined = set(re.findall(r'<path id="(lg-[0-9a-f]+)"', one))
    assert used and used <= defined


def test_the_coordinates_run_a_to_p_and_1_to_11_on_every_side() -> None:
    root = parsed(board_svg(setups.new_game(2)))
    coords = [g.get("data-text") for g in groups(root, "coord")]
    for letter in "abcdefghijklmnop":
        assert coords.count(letter) == 2
    for rank in range(1, HEIGHT + 1):
        assert coords.count(str(rank)) == 2


def test_the_panel_says_whose_turn_and_the_pile() -> None:
    position = setups.new_game(3)
    root = parsed(board_svg(position))
    texts = [g.get("data-text") for g in root.iter() if g.get("data-text")]
    assert "Turn: red to move (first turn: two pawns each)" in " ".join(texts)
    assert any(t.startswith("Round 1 of 2: 7 tiles left") for t in texts)
    later = scenario("monster-eight-steps")
    later_texts = [g.get("data-text") for g in parsed(board_svg(later)).iter() if g.get("data-text")]
    assert any("Monster phase" in t for t in later_texts)
    assert any("6 tiles left" in t for t in later_texts)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_scenario_renders_with_and_without_its_path(path: Path) -> None:
    loaded = load_path(str(path))
    tile = json.loads(path.read_text(encoding="utf-8")).get("monster", {}).get("tile", "7")
    _, trace = monster_phase(loaded.position, tile)
    for svg in (board_svg(loaded.position, title=loaded.title),
                board_svg(loaded.position, title=loaded.title, paths=[trace], marks=death_squares(loaded.position, trace))):
        root = parsed(svg)
        assert len(groups(root, "square")) == 156
        assert len(groups(root, "pawn")) == sum(1 for p in loaded.position.pawns if p.square >= 0)


def test_the_paths_key_says_who_is_eaten_and_who_is_crushed() -> None:
    """Tile 8 eats C and G and crushes F: the key does not call F eaten."""
    position = scenario("monster-eight-steps")
    traces = [monster_phase(position, tile)[1] for tile in ("7", "8")]
    keys = " ".join(g.get("data-text") or "" for g in groups(parsed(board_svg(position, paths=traces)), "path-key"))
    assert "eats C, G; crushes F" in keys and "eats C, F" not in keys


def test_a_prey_tile_s_path_is_tagged_with_daggers() -> None:
    """Prey 1 and prey 2 are tagged † and †† at the path's end and in the key, drawn with the stroke font's own glyph."""
    position = scenario("monster-eight-steps")
    traces = [monster_phase(position, tile)[1] for tile in ("prey1", "prey2")]
    svg = board_svg(position, paths=traces)
    root = parsed(svg)
    tags = [t.get("data-text") for g in groups(root, "path-end") for t in g.iter() if t.get("data-text")]
    assert tags == ["†", "††"]
    keys = [g.get("data-text") or "" for g in groups(root, "path-key")]
    assert [k.split(":")[0] for k in keys if ":" in k] == ["†", "††"] and "prey 1" not in svg and "prey 2" not in svg
    assert 'id="lg-2020"' in svg
