"""A Fearsome Floors position pickled in one process is found, in another, in a dict keyed by an equal one
(Ray jobs and spawned workers ship positions pickled; the hash of a ``str`` differs between processes)."""

from __future__ import annotations

import pickle
from pathlib import Path

from solver.fearsome.model.state import Position
from solver.fearsome.notation.files import load_path
from solver.fearsome.rules.moves import apply_move, legal_moves
from solver.fearsome.rules.rounds import next_tiles, resolve
from tests.hash_seeds import shipped_lookups
from tests.paths import ROOT


def positions() -> list[Position]:
    """Every Fearsome Floors scenario, each after each of its first legal moves and after each tile it may draw."""
    found = []
    for path in sorted((ROOT / "scenarios" / "fearsome").glob("*.json")):
        position = load_path(str(path)).position
        found.append(position)
        found += [apply_move(position, move) for move in legal_moves(position)[:5]]
        found += [resolve(position, tile)[0] for tile, _ in next_tiles(position)]
    for position in found:
        hash(position)
    return found


def test_a_pickled_position_is_an_equal_position() -> None:
    for position in positions():
        shipped = pickle.loads(pickle.dumps(position))
        assert shipped == position and hash(shipped) == hash(position)


def test_positions_pickled_under_one_hash_seed_are_found_under_another(tmp_path: Path) -> None:
    report = shipped_lookups("tests.fearsome.test_fearsome_shipped:positions", tmp_path)
    states = report["states"]
    assert isinstance(states, int) and states > 30
    assert report == {"hash_seeds_differ": True, "states": states, "equal": True, "found": states, "found_back": states}
