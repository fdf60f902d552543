"""Bitboards against the per-cell definitions of grid, lighting and the tile kinds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.nightcage.endgame import bitboard as bb
from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE, SIZES, E, N, S, W, cells_of, geometry
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import MONSTERS, Kind, Tile
from solver.nightcage.rules.lighting import connected, illuminated
from tests.playouts import example_state, sample_states

# -- shifts -----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_shift_of_each_cell_is_its_torus_neighbour(size: int) -> None:
    geo = geometry(size)
    for cell in range(size * size):
        for d in DIRECTIONS:
            assert bb.shift(bb.bit(cell), d, size) == bb.bit(geo.neighbour(cell, d))


@pytest.mark.parametrize("size", SIZES)
def test_size_masks(size: int) -> None:
    m = bb.SIZE_MASKS[size]
    geo = geometry(size)
    assert m.full == geo.full
    assert [bb.names(f, size)[0] for f in m.files] == [f"{'abcdefg'[f]}1" for f in range(size)]
    assert all(bb.count(f) == size and bb.count(r) == size for f, r in zip(m.files, m.ranks))
    assert sum(m.files) == sum(m.ranks) == m.full


@given(st.sampled_from(SIZES), st.integers(min_value=0), st.sampled_from(DIRECTIONS))
def test_shift_is_a_permutation_of_cells(size: int, raw: int, d: int) -> None:
    mask = raw & bb.SIZE_MASKS[size].full
    moved = bb.shift(mask, d, size)
    assert bb.count(moved) == bb.count(mask)
    assert moved & ~bb.SIZE_MASKS[size].full == 0
    assert bb.shift(moved, OPPOSITE[d], size) == mask
    assert moved == bb.mask_of(bb.shift(bb.bit(c), d, size).bit_length() - 1 for c in cells_of(mask))


def test_shift_rejects_a_bad_direction() -> None:
    with pytest.raises(ValueError):
        bb.shift(1, 3, 6)


def test_neighbours_of_a_corner_wrap() -> None:
    assert bb.names(bb.neighbours(bb.bit(0), 6), 6) == ["b1", "f1", "a2", "a6"]


# -- masks of a state -------------------------------------------------------------------


def test_board_masks_of_the_example() -> None:
    state = example_state()
    m = bb.board_masks(state)
    assert bb.names(m.pits, 6) == ["c2"]
    assert bb.names(m.monsters, 6) == ["e3"]
    assert bb.names(m.gates, 6) == ["d3"]
    assert bb.names(m.keys, 6) == ["d4"]
    assert bb.names(m.crumbling, 6) == ["c4", "d4"]
    assert bb.names(m.occupied, 6) == ["d2", "c3", "d3"]
    assert bb.names(bb.passable(m), 6) == ["d1", "d2", "e2", "c3", "d3", "c4", "d4"]


def test_a_taken_key_is_not_a_key() -> None:
    state = new_game(Setup()).with_tile(0, Tile.make(Kind.KEY, key_taken=True))
    assert bb.board_masks(state).keys == 0


def test_board_masks_match_the_tiles_on_random_states() -> None:
    for state in sample_states():
        m = bb.board_masks(state)
        opens = {N: m.open_n, E: m.open_e, S: m.open_s, W: m.open_w}
        for cell, tile in enumerate(state.tiles):
            has = lambda mask, cell=cell: bool(mask >> cell & 1)  # noqa: E731
            assert has(m.present) == (tile is not None)
            if tile is None:
                continue
            assert all(has(opens[d]) == tile.opens(d) for d in DIRECTIONS)
            assert has(m.pits) == (tile.kind is Kind.PIT)
            assert has(m.monsters) == (tile.kind in MONSTERS)
            assert has(m.gates) == (tile.kind is Kind.GATE)
            assert has(m.keys) == (tile.kind is Kind.KEY and tile.has_key)
            assert has(m.crumbling) == tile.crumbling


# -- connectivity -----------------------------------------------------------------------


def naive_reach(state: GameState, start: int, through: int) -> dict[int, int]:
    """Breadth-first search cell by cell with lighting.connected (the definition)."""
    geo = state.geo
    dist = {start: 0}
    queue = [start]
    for cell in queue:
        for d in DIRECTIONS:
            other = geo.neighbour(cell, d)
            if other not in dist and through >> other & 1 and connected(state, cell, d):
                dist[other] = dist[cell] + 1
                queue.append(other)
    return dist


def test_step_is_one_connected_step() -> None:
    for state in sample_states()[::7]:
        m = bb.board_masks(state)
        for cell in cells_of(m.present):
            expected = bb.mask_of(
                state.geo.neighbour(cell, d) for d in DIRECTIONS if connected(state, cell, d)
            )
            assert bb.step(bb.bit(cell), m, m.present) == expected


def test_reachable_and_distances_match_a_naive_search() -> None:
    for state in sample_states():
        m = bb.board_masks(state)
        for through in (bb.passable(m), m.present):
            for p in state.prisoners:
                if p.cell is None:
                    continue
                expected = naive_reach(state, p.cell, through)
                assert bb.reachable(p.cell, m, through) == bb.mask_of(expected)
                assert bb.distances(p.cell, m, through) == expected


def test_layers_partition_the_reachable_cells() -> None:
    state = example_state()
    m = bb.board_masks(state)
    start = state.geo.parse("c3")
    layers = bb.layers(start, m, bb.passable(m))
    assert [bb.names(layer, 6) for layer in layers] == [["c3"], ["d3", "c4"], ["d2", "d4"], ["d1", "e2"]]
    assert sum(layers) == bb.reachable(start, m, bb.passable(m))


def test_the_start_counts_even_when_not_passable() -> None:
    state = example_state()
    m = bb.board_masks(state)
    e3 = state.geo.parse("e3")  # the wax eater: a charger stands there before scrambling
    assert bb.names(bb.reachable(e3, m, bb.passable(m)), 6) == ["d1", "d2", "e2", "c3", "d3", "e3", "c4", "d4"]


def test_pits_and_monsters_stop_the_walk_but_not_the_charge() -> None:
    state = new_game(Setup())
    for cell, kind in [(0, Kind.CROSS), (1, Kind.WAX_EATER), (2, Kind.CROSS)]:
        state = state.with_tile(cell, Tile.make(kind))
    m = bb.board_masks(state)
    assert bb.names(bb.reachable(0, m, bb.passable(m)), 6) == ["a1"]
    assert bb.names(bb.reachable(0, m, m.present), 6) == ["a1", "b1", "c1"]


# -- light ------------------------------------------------------------------------------


def test_lit_mask_equals_illuminated_on_every_state() -> None:
    for state in sample_states():
        assert bb.lit_mask(state) == illuminated(state)


def test_lit_from_masks_equals_illuminated() -> None:
    for state in sample_states():
        m = bb.board_masks(state)
        candles = bb.mask_of(p.cell for p in state.prisoners if p.cell is not None and p.lit)
        assert bb.lit_from(m, m.occupied, candles) == illuminated(state)


def test_a_lights_out_prisoner_lights_its_own_cell_only() -> None:
    state = example_state()
    dark = state.with_prisoner(0, lit=False).with_prisoner(1, lit=False).with_prisoner(3, lit=False)
    assert bb.names(bb.lit_mask(dark), 6) == ["d2", "c3", "d3"]
