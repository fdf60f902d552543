"""The board as a graph (networkx), for analysis and explanations.

Nodes are the cells that hold a tile (cell ints, as everywhere in the
library); an edge joins two neighbouring tiles whose facing edges are both
open (rules §2, on the torus). The analyses answer the questions a player asks
about a position: which gates and keys can each prisoner walk to, how far, and
which tiles it cannot afford to lose.

Walking means moving through existing tiles without Charge: pits (a pit is a
jump, and ends the walk in a fall) and monsters (entering one needs Charge,
rules §6.4 and §8.7, and the charger scrambles off it) are not walked
through. Other prisoners are not obstacles: they move, and a gate holds several.

This module is for clarity, not speed; the planners use :mod:`solver.nightcage.endgame.bitboard`,
and the tests check that the two agree.

>>> from solver.nightcage.model.newgame import new_game
>>> from solver.nightcage.model.setups import Setup
>>> from solver.nightcage.model.tiles import Tile
>>> state = new_game(Setup())
>>> for name, tile in [("c3", Tile.make(Kind.T)), ("c4", Tile.make(Kind.STRAIGHT)),
...                    ("d3", Tile.make(Kind.CROSS)), ("e3", Tile.make(Kind.GATE))]:
...     state = state.with_tile(state.geo.parse(name), tile)
>>> state = state.with_prisoner(0, cell=state.geo.parse("c3"), unplaced=False)
>>> g = board_graph(state)
>>> g.number_of_edges(), g.nodes[state.geo.parse("d3")]["lit"]
(3, True)
>>> reach = prisoner_reach(state)[0]
>>> reach.gates, reach.cut_tiles
((Target(cell='e3', distance=2),), ('d3',))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import networkx as nx

from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE, Cell, cells_of, openings_text
from solver.nightcage.model.state import GameState, Prisoner
from solver.nightcage.model.tiles import MONSTERS, Kind, Tile
from solver.nightcage.rules.describe import where as describe_where
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.sight import monsters, sight

# -- the graph --------------------------------------------------------------------------


def board_graph(state: GameState) -> nx.Graph:
    """The connectivity graph of the tiles on the board.

    Args:
        state: any position.

    Returns:
        An undirected graph. Nodes are the cells holding a tile, with the
        attributes ``name`` (``"c3"``), ``kind`` (``"t"``…), ``openings``
        (``"NES"``), ``crumbling``, ``pit``, ``monster``, ``gate``, ``key`` (a
        key tile whose key is still there), ``passable`` (neither pit nor
        monster), ``prisoners`` (names standing there, in turn order), ``lit``
        (illuminated) and ``in_sight_of`` (names of the monster cells whose
        line of sight holds it, rules §6.1). Edges join connected neighbours.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile
    >>> s = new_game(Setup()).with_tile(0, Tile.make(Kind.WAX_EATER)).with_tile(1, Tile.make(Kind.CROSS))
    >>> g = board_graph(s)
    >>> list(g.edges), g.nodes[1]["in_sight_of"], g.nodes[0]["monster"]
    ([(0, 1)], ['a1'], True)
    """
    geo = state.geo
    lit = illuminated(state)
    watching = {m: sight(state, m) for m in monsters(state)}
    graph = nx.Graph(size=state.size)
    for cell, tile in enumerate(state.tiles):
        if tile is None:
            continue
        graph.add_node(
            cell,
            name=geo.name(cell),
            kind=tile.kind.value,
            openings=openings_text(tile.openings),
            crumbling=tile.crumbling,
            pit=tile.kind is Kind.PIT,
            monster=tile.kind in MONSTERS,
            gate=tile.kind is Kind.GATE,
            key=_holds_key(tile),
            passable=_passable(tile),
            prisoners=[p.name for p in state.prisoners if p.cell == cell],
            lit=bool(lit >> cell & 1),
            in_sight_of=[geo.name(m) for m, seen in watching.items() if seen >> cell & 1],
        )
    for cell, tile in enumerate(state.tiles):
        if tile is None:
            continue
        for d, other in zip(DIRECTIONS, geo.neighbours[cell]):
            facing = state.tiles[other]
            # Each edge is seen from both ends; adding it twice is harmless.
            if tile.openings & d and facing is not None and facing.openings & OPPOSITE[d]:
                graph.add_edge(cell, other)
    return graph


def _holds_key(tile: Tile) -> bool:
    """A key tile whose key is still there (keepers hold one too, but they are monsters)."""
    return tile.kind is Kind.KEY and not tile.key_taken


def _passable(tile: Tile) -> bool:
    return tile.kind is not Kind.PIT and tile.kind not in MONSTERS


def walk_graph(graph: nx.Graph, start: Cell) -> nx.Graph:
    """The part of the board a prisoner on ``start`` can walk through without Charge.

    Args:
        graph: a :func:`board_graph`.
        start: the prisoner's cell; it is kept even when it is not passable.

    Returns:
        A subgraph view on the passable tiles and ``start``.
    """
    keep = [n for n, passable in graph.nodes(data="passable") if passable or n == start]
    return graph.subgraph(keep)


# -- analyses ---------------------------------------------------------------------------


class Target(NamedTuple):
    """A tile a prisoner can walk to, and how many steps away."""

    cell: str
    distance: int


class PrisonerReach(NamedTuple):
    """What one prisoner can walk to (empty when it is not on the board)."""

    name: str
    cell: str | None
    where: str
    """``"on c3"``, ``"falling, lands on row 4"``, ``"falling from c3"`` or ``"unplaced"``."""
    reachable: tuple[str, ...]
    """Tiles it can walk to, its own included, in cell order."""
    gates: tuple[Target, ...]
    """Reachable gates, nearest first."""
    keys: tuple[Target, ...]
    """Reachable key tiles whose key is still there, nearest first."""
    cut_tiles: tuple[str, ...]
    """Tiles (not its own, not gates) whose loss would cut it off from every gate it reaches."""


def prisoner_reach(state: GameState, graph: nx.Graph | None = None) -> list[PrisonerReach]:
    """For every prisoner, the gates and keys it can walk to, their distance, and its cut tiles.

    Args:
        state: any position.
        graph: its :func:`board_graph`, if already built.

    Returns:
        One :class:`PrisonerReach` per prisoner, in turn order.
    """
    graph = board_graph(state) if graph is None else graph
    return [_reach(state, graph, p) for p in state.prisoners]


def _reach(state: GameState, graph: nx.Graph, p: Prisoner) -> PrisonerReach:
    where = describe_where(state, p)
    if p.cell is None or p.cell not in graph:
        return PrisonerReach(p.name, None, where, (), (), (), ())
    walk = walk_graph(graph, p.cell)
    dist = nx.single_source_shortest_path_length(walk, p.cell)
    name = state.geo.name
    gates = _targets(graph, dist, "gate", name)
    keys = _targets(graph, dist, "key", name)
    cuts = tuple(name(c) for c in _cuts(graph, walk, p.cell))
    return PrisonerReach(p.name, name(p.cell), where, tuple(name(c) for c in sorted(dist)), gates, keys, cuts)


def _targets(graph: nx.Graph, dist: dict[Cell, int], attribute: str, name: Callable[[Cell], str]) -> tuple[Target, ...]:
    found = [(d, c) for c, d in dist.items() if graph.nodes[c][attribute]]
    return tuple(Target(name(c), d) for d, c in sorted(found))


def _cuts(graph: nx.Graph, walk: nx.Graph, start: Cell) -> list[Cell]:
    """Tiles whose removal leaves no reachable gate (by removal: 49 tiles at most)."""
    reached = nx.node_connected_component(walk, start)
    gates = {c for c in reached if graph.nodes[c]["gate"]}
    if not gates:
        return []
    cuts = []
    for cell in sorted(reached - gates - {start}):
        without = walk.subgraph(reached - {cell})
        if not gates & nx.node_connected_component(without, start):
            cuts.append(cell)
    return cuts


def cut_tiles(state: GameState) -> dict[str, tuple[str, ...]]:
    """For each prisoner on the board, the tiles it cannot afford to lose.

    A cut tile is one (other than the prisoner's own tile and the gates) whose
    loss, to darkness, a collapse or a Final Flickers discard, would leave the
    prisoner unable to walk to any of the gates it can walk to now. A prisoner
    that reaches no gate has none.

    Args:
        state: any position.

    Returns:
        ``{prisoner name: cut tile names in cell order}`` for the prisoners on
        the board.

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> from solver.nightcage.model.tiles import Tile
    >>> s = new_game(Setup())
    >>> for c, kind in [(0, Kind.CROSS), (1, Kind.CROSS), (2, Kind.GATE)]:
    ...     s = s.with_tile(c, Tile.make(kind))
    >>> cut_tiles(s.with_prisoner(0, cell=0, unplaced=False))
    {'red': ('b1',)}
    """
    return {r.name: r.cut_tiles for r in prisoner_reach(state) if r.cell is not None}


# -- the report -------------------------------------------------------------------------


class Watch(NamedTuple):
    """A monster that watches sight lines and the tiles in its sight."""

    cell: str
    kind: str
    sees: tuple[str, ...]


@dataclass(frozen=True)
class GraphReport:
    """Everything the graph analysis says about a position, as plain data."""

    size: int
    turn: str
    tiles: int
    connections: int
    groups: tuple[tuple[str, ...], ...]
    """Connected groups of tiles (any kind), largest first, each in cell order."""
    lit: tuple[str, ...]
    """Illuminated cells, in cell order."""
    watches: tuple[Watch, ...]
    prisoners: tuple[PrisonerReach, ...]


def _watch(state: GameState, monster: Cell) -> Watch:
    tile = state.tiles[monster]
    assert tile is not None
    name = state.geo.name
    return Watch(name(monster), tile.kind.value, tuple(name(c) for c in cells_of(sight(state, monster))))


def analyse(state: GameState) -> GraphReport:
    """Build the full analysis of a position.

    Args:
        state: any position.

    Returns:
        A :class:`GraphReport` (see :func:`report_text` and :func:`report_json`).
    """
    graph = board_graph(state)
    name = state.geo.name
    groups = sorted((sorted(g) for g in nx.connected_components(graph)), key=lambda g: (-len(g), g))
    watches = tuple(_watch(state, m) for m in monsters(state))
    return GraphReport(
        size=state.size,
        turn=state.active.name,
        tiles=graph.number_of_nodes(),
        connections=graph.number_of_edges(),
        groups=tuple(tuple(name(c) for c in g) for g in groups),
        lit=tuple(name(c) for c in cells_of(illuminated(state))),
        watches=watches,
        prisoners=tuple(prisoner_reach(state, graph)),
    )


def report_text(report: GraphReport) -> str:
    """The report as readable plain text (deterministic).

    >>> from solver.nightcage.model.newgame import new_game
    >>> from solver.nightcage.model.setups import Setup
    >>> print(report_text(analyse(new_game(Setup()))).splitlines()[0])
    Board 6x6: 0 tiles, 0 connections, 0 groups of connected tiles; turn: red
    """
    lines = [
        f"Board {report.size}x{report.size}: {report.tiles} tiles, {report.connections} connections, "
        f"{len(report.groups)} groups of connected tiles; turn: {report.turn}"
    ]
    for i, group in enumerate(report.groups, 1):
        lines.append(f"  group {i}: {' '.join(group)}")
    lines.append(f"Lit cells: {_listing(report.lit)}")
    for w in report.watches:
        lines.append(f"Monster {w.kind.replace('_', ' ')} on {w.cell} sees: {_listing(w.sees)}")
    for r in report.prisoners:
        lines.extend(_prisoner_lines(r))
    return "\n".join(lines)


def _prisoner_lines(r: PrisonerReach) -> list[str]:
    if r.cell is None:
        return [f"{r.name}: {r.where}, not on the board"]
    lines = [f"{r.name} on {r.cell}: walks to {len(r.reachable)} tiles without Charge ({' '.join(r.reachable)})"]
    lines.append(f"  gates: {_targets_text(r.gates)}")
    lines.append(f"  keys:  {_targets_text(r.keys)}")
    if r.gates:
        lines.append(f"  cut tiles (losing any one cuts it off from every gate): {_listing(r.cut_tiles)}")
    return lines


def _targets_text(targets: tuple[Target, ...]) -> str:
    if not targets:
        return "none reachable"
    return ", ".join(f"{t.cell} ({t.distance} step{'s' if t.distance != 1 else ''})" for t in targets)


def _listing(cells: tuple[str, ...]) -> str:
    return " ".join(cells) if cells else "none"


def report_json(report: GraphReport) -> dict[str, Any]:
    """The report as JSON-ready data (dicts, lists, strings and ints)."""
    return {
        "size": report.size,
        "turn": report.turn,
        "tiles": report.tiles,
        "connections": report.connections,
        "groups": [list(g) for g in report.groups],
        "lit": list(report.lit),
        "monsters": [{"cell": w.cell, "kind": w.kind, "sees": list(w.sees)} for w in report.watches],
        "prisoners": [_prisoner_json(r) for r in report.prisoners],
    }


def _prisoner_json(r: PrisonerReach) -> dict[str, Any]:
    return {
        "name": r.name,
        "cell": r.cell,
        "where": r.where,
        "reachable": list(r.reachable),
        "gates": [t._asdict() for t in r.gates],
        "keys": [t._asdict() for t in r.keys],
        "cut_tiles": list(r.cut_tiles),
    }


__all__ = [
    "board_graph",
    "walk_graph",
    "Target",
    "PrisonerReach",
    "prisoner_reach",
    "cut_tiles",
    "Watch",
    "GraphReport",
    "analyse",
    "report_text",
    "report_json",
]
