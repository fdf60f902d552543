"""The text drawing: what each cell shows, the lines below the board, widths, determinism."""

from __future__ import annotations

import random

from solver.nightcage.model.grid import E, N, S, W
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.notation.position_json import loads
from solver.nightcage.present.render import (
    CELL_HEIGHT,
    CELL_WIDTH,
    LEGEND,
    MAX_WIDTH,
    board_lines,
    prisoner_markers,
    render,
    render_compact,
    tile_code,
)
from tests.playouts import EXAMPLE, example_state, sample_states


def block(state: GameState, name: str, show_sight: bool = True) -> list[str]:
    """The 3 rows of one cell's drawing, cut out of the board."""
    cell = state.geo.parse(name)
    lines = board_lines(state, show_sight)
    rank, file = state.geo.rank_of(cell), state.geo.file_of(cell)
    first = 1 + (state.size - 1 - rank) * CELL_HEIGHT  # line 0 holds the file letters
    left = 2 + file * CELL_WIDTH  # after the rank number and a space
    return [lines[first + row].ljust(left + CELL_WIDTH)[left : left + CELL_WIDTH] for row in range(CELL_HEIGHT)]


# -- cells ------------------------------------------------------------------------------


def test_tiles_of_the_example() -> None:
    state = example_state()
    assert block(state, "c3") == ["┌ R │   ┐", "    ├────", "└!  │  !┘"]
    assert block(state, "d3") == ["┌ B │   ┐", "────G────", "└!  │  !┘"]
    assert block(state, "e3") == ["┌   │   ┐", "────W────", "└   │   ┘"]
    assert block(state, "c2") == ["┌       ┐", "   ( )   ", "└       ┘"]
    assert block(state, "d4") == ["┌   ┆   ┐", "┄┄┄┄K┄┄┄┄", "└   ┆   ┘"]
    assert block(state, "c4")[1] == "    │    " and block(state, "c4")[0][4] == "┆"
    assert block(state, "d2") == ["┌ Y │   ┐", "────┼────", "└   │   ┘"]
    assert block(state, "a1") == [" " * 9, "    ·    ", " " * 9]


def test_sight_marks_can_be_hidden() -> None:
    state = example_state()
    assert block(state, "e2")[2] == "└!  │  !┘"
    assert block(state, "e2", show_sight=False)[2] == "└   │   ┘"
    assert "!" not in "\n".join(board_lines(state, show_sight=False))


def test_lit_empty_and_unlit_tiles() -> None:
    state = new_game(Setup()).with_tile(14, Tile.make(Kind.T, N | E | S)).with_prisoner(0, cell=14, unplaced=False)
    state = state.with_tile(0, Tile.make(Kind.CROSS))  # a1: no one lights it
    assert block(state, "d3") == [" " * 9, " ░░░░░░░ ", " " * 9]  # lit by the east passage
    assert block(state, "b3") == [" " * 9, "    ·    ", " " * 9]  # behind the wall: dark
    assert block(state, "a1") == ["·   │   ·", "────┼────", "·   │   ·"]


def test_tile_codes() -> None:
    assert tile_code(Tile.make(Kind.START, N | E)) == "S"
    assert tile_code(Tile.make(Kind.STRAIGHT, E | W)) == "─"
    assert tile_code(Tile.make(Kind.T, N | E | S, crumbling=True), heavy_crumbling=True) == "┣"
    assert tile_code(Tile.make(Kind.CROSS)) == "┼"
    assert tile_code(Tile.make(Kind.KEY)) == "K"
    assert tile_code(Tile.make(Kind.KEY, key_taken=True)) == "k"
    assert tile_code(Tile.make(Kind.GATE)) == "G"
    assert tile_code(Tile.make(Kind.WAX_EATER)) == "W"
    assert [tile_code(Tile.make(Kind.KEEPER, facing=d)) for d in (N, E, S, W)] == ["↑", "→", "↓", "←"]
    assert tile_code(Tile.make(Kind.PIT_FIEND)) == "F"
    assert tile_code(Tile.make(Kind.PATHLESS)) == "[#]"
    assert tile_code(Tile.make(Kind.OMEN)) == "?"
    assert tile_code(Tile.make(Kind.PIT)) == "( )"
    assert tile_code(Tile.make(Kind.PIT, dirge=True)) == "(D)"


def test_a_keeper_shows_its_mouth_and_its_sight() -> None:
    state = new_game(Setup())
    keeper, cross = Tile.make(Kind.KEEPER, facing=E), Tile.make(Kind.CROSS)
    for name, tile in [("c3", keeper), ("d3", cross), ("b3", cross)]:
        state = state.with_tile(state.geo.parse(name), tile)
    assert block(state, "c3")[1] == "────→────"
    assert block(state, "d3")[2] == "·!  │  !·"  # in front: seen (and no one lights it)
    assert block(state, "b3")[2] == "·   │   ·"  # behind: not seen


def test_five_prisoners_on_one_gate() -> None:
    state = new_game(Setup(base="five"))
    d4 = state.geo.parse("d4")
    state = state.with_tile(d4, Tile.make(Kind.GATE))
    for i in range(5):
        state = state.with_prisoner(i, cell=d4, unplaced=False, key=True)
    assert block(state, "d4")[0] == "┌RBG│YP ┐"
    assert "Game over: win: every prisoner stands on the gate at d4 holding a key" in render(state).splitlines()


def test_prisoner_markers_avoid_clashes() -> None:
    assert prisoner_markers(new_game(Setup())) == ("R", "B", "G", "Y")
    assert prisoner_markers(new_game(Setup(), ["ann", "anna", "bob", "bo"])) == ("A", "N", "B", "O")


# -- around and below the board ---------------------------------------------------------


def test_the_example_drawing() -> None:
    pos, _ = loads(EXAMPLE.read_text())
    lines = render(pos.state, pos.meta).splitlines()
    assert lines[0] == "Red must fetch the key on d4"
    assert lines[1].split() == list("abcdef")
    assert lines[1 + 18 + 1] == lines[1]  # the file letters again under rank 1
    assert [line.split()[0] for line in lines[3:20:3]] == ["6", "5", "4", "3", "2", "1"]
    assert lines[21] == ""
    body = lines[22:]
    assert body[0] == "R red      on c3                     candle lit  Nerve 1  no key  <- to play"
    assert body[1] == "B blue     on d3                     candle lit  Nerve 0  key"
    assert body[2] == "G green    falling, lands on row 4   candle lit  Nerve 2  key"
    assert body[3] == "Y yellow   on d2                     candle lit  Nerve 0  no key"
    assert "Turn: red" in body
    assert "Pile 9: t 4, cross 1, key 1, gate 1, wax_eater 2" in body
    assert "Discard 60: start 4, straight 8, t 24, cross 9, key 4, gate 2, wax_eater 9" in body
    assert body[-len(LEGEND) :] == list(LEGEND)


def test_pile_order_and_layers() -> None:
    known = render(new_game(Setup(), rng=random.Random(1))).splitlines()
    assert any(line.startswith("  order, top first: ") for line in known)
    shuffled = render(new_game(Setup())).splitlines()
    assert "  layer 1 (top): straight 2, t 4, cross 2 (shuffled)" in shuffled
    assert "Pile 74: straight 10, t 30, cross 12, key 6, gate 4, wax_eater 12" in shuffled
    assert "Discard 0: none" in shuffled
    assert "R red      unplaced                  candle lit  Nerve 1  no key  <- to play" in shuffled


def test_a_mid_turn_position_says_what_it_awaits() -> None:
    mid = next(s for s in sample_states() if s.pending is not None and s.pending.front.name == "place")
    assert any(line.startswith(f"Turn: {mid.active.name}; awaiting ") for line in render(mid).splitlines())


def test_every_line_fits_80_columns_and_rendering_is_deterministic() -> None:
    states = sample_states()
    assert any(s.size == 7 for s in states)
    for state in states:
        text = render(state)
        assert max(len(line) for line in text.splitlines()) <= MAX_WIDTH
        assert render(state) == text
        if state.size == 7:
            assert max(len(line) for line in board_lines(state)) <= 67


def test_every_prisoner_on_the_board_shows_on_its_cell() -> None:
    for state in sample_states()[::5]:
        markers = prisoner_markers(state)
        for p, marker in zip(state.prisoners, markers):
            if p.cell is not None:
                assert marker in block(state, state.geo.name(p.cell))[0]


# -- compact ----------------------------------------------------------------------------


def test_compact_of_the_example() -> None:
    assert render_compact(example_state()).splitlines() == [
        "6 ·   ·   ·   ·   ·   ·",
        "5 ·   ·   ·   ·   ·   ·",
        "4 ·   ·   ┃   K   ·   ·",
        "3 ·   ·   ├R! GB! W   ·",
        "2 ·   ·   O   ┼Y  ┼!  ·",
        "1 ·   ·   ·   ├   ·   ·",
    ]


def test_compact_has_one_line_per_rank() -> None:
    for state in sample_states()[::10]:
        lines = render_compact(state).splitlines()
        assert [line.split()[0] for line in lines] == [str(r) for r in range(state.size, 0, -1)]
        assert render_compact(state) == "\n".join(lines)
