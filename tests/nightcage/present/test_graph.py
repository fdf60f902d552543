"""The networkx board graph and its analyses, checked against the bitboards."""

from __future__ import annotations

import json

import networkx as nx

from solver.nightcage.endgame import bitboard as bb
from solver.nightcage.model.grid import DIRECTIONS, cells_of
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.present.graph import Target, analyse, board_graph, cut_tiles, prisoner_reach, report_json, report_text, walk_graph
from solver.nightcage.rules.lighting import connected
from tests.playouts import example_state, sample_states


def line_of_tiles(kinds: list[Kind], prisoner_at: int = 0) -> GameState:
    """Tiles on a1, b1, c1… in order, red standing on ``prisoner_at``."""
    state = new_game(Setup())
    for cell, kind in enumerate(kinds):
        state = state.with_tile(cell, Tile.make(kind))
    return state.with_prisoner(0, cell=prisoner_at, unplaced=False)


# -- the graph --------------------------------------------------------------------------


def test_nodes_are_tiles_and_edges_are_connections() -> None:
    for state in sample_states():
        g = board_graph(state)
        assert set(g.nodes) == {c for c, t in enumerate(state.tiles) if t is not None}
        expected = {
            frozenset((c, state.geo.neighbour(c, d))) for c in g.nodes for d in DIRECTIONS if connected(state, c, d)
        }
        assert {frozenset(e) for e in g.edges} == expected


def test_node_attributes_of_the_example() -> None:
    state = example_state()
    g = board_graph(state)
    node = {g.nodes[c]["name"]: g.nodes[c] for c in g.nodes}
    assert node["c3"] == {
        "name": "c3",
        "kind": "t",
        "openings": "NES",
        "crumbling": False,
        "pit": False,
        "monster": False,
        "gate": False,
        "key": False,
        "passable": True,
        "prisoners": ["red"],
        "lit": True,
        "in_sight_of": ["e3"],
    }
    assert node["c2"]["pit"] and not node["c2"]["passable"] and node["c2"]["openings"] == ""
    assert node["e3"]["monster"] and not node["e3"]["passable"] and node["e3"]["in_sight_of"] == []
    assert node["d3"]["gate"] and node["d3"]["prisoners"] == ["blue"]
    assert node["d4"]["key"] and node["d4"]["crumbling"]
    assert node["d2"]["prisoners"] == ["yellow"] and node["d2"]["in_sight_of"] == []


def test_walk_graph_keeps_passable_tiles_and_the_start() -> None:
    state = example_state()
    g = board_graph(state)
    e3 = state.geo.parse("e3")
    assert e3 not in walk_graph(g, state.geo.parse("c3"))
    assert e3 in walk_graph(g, e3)
    assert state.geo.parse("c2") not in walk_graph(g, e3)


# -- bitboards and networkx agree -------------------------------------------------------


def test_reach_and_distances_agree_with_the_bitboards() -> None:
    for state in sample_states():
        g = board_graph(state)
        m = bb.board_masks(state)
        for p in state.prisoners:
            if p.cell is None:
                continue
            walk = walk_graph(g, p.cell)
            assert nx.node_connected_component(walk, p.cell) == set(cells_of(bb.reachable(p.cell, m, bb.passable(m))))
            assert dict(nx.shortest_path_length(walk, p.cell)) == bb.distances(p.cell, m, bb.passable(m))


def test_reach_lists_agree_with_the_bitboards() -> None:
    for state in sample_states():
        m = bb.board_masks(state)
        name = state.geo.name
        for p, reach in zip(state.prisoners, prisoner_reach(state)):
            if p.cell is None:
                assert reach.reachable == reach.gates == reach.keys == ()
                continue
            dist = bb.distances(p.cell, m, bb.passable(m))
            assert reach.reachable == tuple(name(c) for c in sorted(dist))
            assert sorted(reach.gates) == sorted(Target(name(c), d) for c, d in dist.items() if m.gates >> c & 1)
            assert sorted(reach.keys) == sorted(Target(name(c), d) for c, d in dist.items() if m.keys >> c & 1)
            assert [t.distance for t in reach.gates] == sorted(t.distance for t in reach.gates)


def test_cut_tiles_agree_with_removal_on_the_bitboards() -> None:
    for state in sample_states():
        m = bb.board_masks(state)
        cuts = cut_tiles(state)
        for p in state.prisoners:
            if p.cell is None:
                assert p.name not in cuts
                continue
            through = bb.passable(m)
            reached = bb.reachable(p.cell, m, through)
            expected = []
            if reached & m.gates:
                for c in cells_of(reached & ~m.gates & ~bb.bit(p.cell)):
                    if not bb.reachable(p.cell, m, through & ~bb.bit(c)) & m.gates:
                        expected.append(state.geo.name(c))
            assert cuts[p.name] == tuple(expected)


# -- analyses on small positions --------------------------------------------------------


def test_the_example_analysis() -> None:
    reach = {r.name: r for r in prisoner_reach(example_state())}
    assert reach["red"].gates == (Target("d3", 1),)
    assert reach["red"].keys == (Target("d4", 2),)
    assert reach["blue"].gates == (Target("d3", 0),)
    assert reach["red"].reachable == ("d1", "d2", "e2", "c3", "d3", "c4", "d4")
    assert reach["green"].cell is None and reach["green"].where == "falling, lands on row 4"
    assert cut_tiles(example_state()) == {"red": (), "blue": (), "yellow": ()}


def test_a_single_corridor_has_cut_tiles() -> None:
    state = line_of_tiles([Kind.CROSS, Kind.CROSS, Kind.KEY, Kind.GATE])
    assert cut_tiles(state) == {"red": ("b1", "c1")}
    (reach,) = [r for r in prisoner_reach(state) if r.cell]
    assert reach.gates == (Target("d1", 3),) and reach.keys == (Target("c1", 2),)


def test_two_ways_round_the_torus_leave_no_cut_tile() -> None:
    # A full rank of crosses: the gate can be reached going east or going west.
    state = line_of_tiles([Kind.CROSS, Kind.CROSS, Kind.CROSS, Kind.GATE, Kind.CROSS, Kind.CROSS])
    assert cut_tiles(state) == {"red": ()}
    assert prisoner_reach(state)[0].gates == (Target("d1", 3),)


def test_monsters_and_pits_block_the_walk() -> None:
    state = line_of_tiles([Kind.CROSS, Kind.WAX_EATER, Kind.GATE])
    reach = prisoner_reach(state)[0]
    assert reach.gates == () and reach.reachable == ("a1",) and reach.cut_tiles == ()
    pit = line_of_tiles([Kind.CROSS, Kind.CROSS, Kind.GATE]).with_tile(1, Tile.make(Kind.PIT))
    assert prisoner_reach(pit)[0].gates == ()


def test_no_gate_no_cut_tiles() -> None:
    assert cut_tiles(line_of_tiles([Kind.CROSS, Kind.CROSS, Kind.KEY])) == {"red": ()}


# -- the report -------------------------------------------------------------------------


def test_report_text_of_the_example() -> None:
    text = report_text(analyse(example_state()))
    lines = text.splitlines()
    assert lines[0] == "Board 6x6: 9 tiles, 8 connections, 2 groups of connected tiles; turn: red"
    assert "  group 1: d1 d2 e2 c3 d3 e3 c4 d4" in lines
    assert "Monster wax eater on e3 sees: e2 c3 d3" in lines
    assert "red on c3: walks to 7 tiles without Charge (d1 d2 e2 c3 d3 c4 d4)" in lines
    assert "  gates: d3 (1 step)" in lines
    assert "  keys:  d4 (2 steps)" in lines
    assert "green: falling, lands on row 4, not on the board" in lines


def test_reports_are_deterministic_and_json_ready() -> None:
    for state in sample_states()[::25]:
        report = analyse(state)
        assert report_text(report) == report_text(analyse(state))
        data = report_json(report)
        assert json.loads(json.dumps(data)) == data
        assert [p["name"] for p in data["prisoners"]] == [p.name for p in state.prisoners]
        assert data["tiles"] == sum(t is not None for t in state.tiles)


def test_report_json_of_the_example() -> None:
    data = report_json(analyse(example_state()))
    red = data["prisoners"][0]
    assert red["gates"] == [{"cell": "d3", "distance": 1}]
    assert red["keys"] == [{"cell": "d4", "distance": 2}]
    assert data["monsters"] == [{"cell": "e3", "kind": "wax_eater", "sees": ["e2", "c3", "d3"]}]
    assert data["groups"] == [["d1", "d2", "e2", "c3", "d3", "e3", "c4", "d4"], ["c2"]]
