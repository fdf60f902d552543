"""Draw odds against brute-force enumeration of pile orders."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.nightcage.chance.odds import count_law, pile_odds, position_odds
from solver.nightcage.model import counts
from solver.nightcage.model.state import Pile
from solver.nightcage.model.tiles import TILE_TYPES, TileType
from solver.nightcage.notation.forms import load_path
from tests.paths import ROOT


def orders(layers: list[dict[str, int]]):
    """Every order of the pile (tiles made distinct), each equally likely."""
    tiles = [[f"{t}#{i}" for t, k in layer.items() for i in range(k)] for layer in layers]
    for parts in itertools.product(*(itertools.permutations(ts) for ts in tiles)):
        yield [TileType(x.split("#")[0]) for part in parts for x in part]


def brute(layers: list[dict[str, int]], draws: int) -> dict[str, tuple[Fraction, Fraction]]:
    every = list(orders(layers))
    out = {}
    for t in {TileType(name) for layer in layers for name in layer}:
        hits = [order[:draws].count(t) for order in every]
        out[t.value] = (Fraction(sum(1 for h in hits if h), len(hits)), Fraction(sum(hits), len(hits)))
    return out


CASES = [
    ([{"t": 3, "gate": 1, "key": 2}], 1),
    ([{"t": 3, "gate": 1, "key": 2}], 3),
    ([{"t": 2, "cross": 1}, {"key": 2, "gate": 1, "t": 1}], 2),
    ([{"t": 2, "cross": 1}, {"key": 2, "gate": 1, "t": 1}], 4),
    ([{"wax_eater": 2, "key": 1}, {"t": 2, "gate": 2}], 7),
]


@pytest.mark.parametrize("layers,draws", CASES)
def test_odds_agree_with_every_order(layers: list[dict[str, int]], draws: int) -> None:
    pile = Pile(layers=tuple(counts.counts_from(layer) for layer in layers))
    exact = pile_odds(pile, draws)
    expected = brute(layers, draws)
    assert set(exact.kinds) == set(expected)
    for name, (p_some, mean) in expected.items():
        assert exact.kinds[name].p_at_least_one == p_some
        assert exact.kinds[name].expected == mean


def test_count_laws_sum_to_one() -> None:
    pile = Pile(layers=(counts.counts_from({"t": 4, "cross": 2, "straight": 2}), counts.counts_from({"key": 6, "gate": 4, "t": 26})))
    for i in range(len(TILE_TYPES)):
        for draws in (1, 5, 8, 12):
            assert sum(count_law(pile, draws, i).values()) == 1


def test_risks_of_the_format_example() -> None:
    state = load_path(str(ROOT / "docs" / "examples" / "position.json"))[0].state
    odds = position_odds(state, 3)
    # Two keys held, one on d4, one of nine in the pile: burning three loses one key a third of the time.
    assert odds.risks["burn_leaves_too_few_keys"].p == Fraction(1, 3)
    assert odds.risks["attack_burns_last_gate"].p == 0  # a gate stands on d3


def test_a_known_order_is_certain() -> None:
    pile = Pile(order=(TileType.T, TileType.GATE, TileType.KEY))
    odds = pile_odds(pile, 2)
    assert odds.kinds["gate"].p_at_least_one == 1 and odds.kinds["key"].p_at_least_one == 0


def test_odds_command_json_shape() -> None:
    result = CliRunner().invoke(cli, ["odds", str(ROOT / "docs" / "examples" / "position.json"), "--draws", "3", "--json"])
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["draws"] == 3
    assert doc["kinds"]["wax_eater"]["p_at_least_one_exact"] == "7/12"
    assert abs(doc["kinds"]["t"]["expected"] - 4 / 3) < 1e-12
