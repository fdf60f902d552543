"""Odds of the tiles placed when omens are set aside, and keepers counted as keys (issue 13)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.nightcage.chance.odds import pile_odds, position_odds
from solver.nightcage.model import counts
from solver.nightcage.model.state import PLACE, Pile
from solver.nightcage.model.tiles import TileType
from solver.nightcage.notation.forms import load_path
from solver.nightcage.rules.draws import draw_distribution, placement_distribution
from solver.nightcage.rules.engine import apply, chance_outcomes, node_type, parse_action
from tests.paths import ROOT

KEYS = {TileType.KEY, TileType.KEEPER}


def orders(layers: list[dict[str, int]]):
    """Every order of the pile (tiles made distinct), each equally likely."""
    tiles = [[f"{t}#{i}" for t, k in layer.items() for i in range(k)] for layer in layers]
    for parts in itertools.product(*(itertools.permutations(ts) for ts in tiles)):
        yield [TileType(x.split("#")[0]) for part in parts for x in part]


def placed(order: list[TileType], n: int, set_aside: int | None) -> list[TileType]:
    """The tiles a game places, one omen after another set aside and replaced, told plainly."""
    out: list[TileType] = []
    omens_seen = 0
    for t in order:
        if len(out) == n:
            break
        if t is TileType.OMEN:
            omens_seen += 1
            if set_aside is None or omens_seen != set_aside + 1:
                continue
        out.append(t)
    return out


def brute(layers: list[dict[str, int]], n: int, set_aside: int | None):
    every = [placed(o, n, set_aside) for o in orders(layers)]
    total = len(every)
    out = {}
    groups = {t.value: {t} for layer in layers for t in map(TileType, layer)} | {"keys": KEYS}
    for name, group in groups.items():
        hits = [sum(1 for t in tiles if t in group) for tiles in every]
        out[name] = (Fraction(sum(1 for h in hits if h), total), Fraction(sum(hits), total))
    return out


CASES = [
    ([{"t": 2, "omen": 1, "gate": 1}], 1),
    ([{"t": 2, "omen": 2, "keeper": 1}], 2),
    ([{"t": 1, "cross": 1}, {"omen": 2, "keeper": 2, "gate": 1}], 3),
    ([{"omen": 1, "t": 1}, {"omen": 1, "key": 1, "keeper": 1, "gate": 1}], 2),
    ([{"omen": 2, "t": 2, "key": 1, "keeper": 1}], 4),
]


@pytest.mark.parametrize("set_aside", [1, 0, None])
@pytest.mark.parametrize("layers,n", CASES)
def test_tiles_placed_agree_with_every_order(layers: list[dict[str, int]], n: int, set_aside: int | None) -> None:
    pile = Pile(layers=tuple(counts.counts_from(layer) for layer in layers))
    exact = pile_odds(pile, n, set_aside)
    expected = brute(layers, n, set_aside)
    for name, (p_some, mean) in expected.items():
        got = exact.keys if name == "keys" else exact.kinds[name]
        figures = (got.p_at_least_one, got.expected) if got is not None else (0, 0)
        assert figures == (p_some, mean), name


def test_the_first_omen_is_never_the_tile_placed() -> None:
    """Countdown at 0: the omen's 1/4 is spread over the others, exactly in proportion."""
    pile = Pile(layers=(counts.counts_from({"t": 2, "omen": 1, "gate": 1}),))
    odds = pile_odds(pile, 1, 1)
    assert odds.kinds["omen"].p_at_least_one == 0
    assert odds.kinds["t"].p_at_least_one == Fraction(2, 3)
    assert odds.kinds["gate"].p_at_least_one == Fraction(1, 3)
    assert dict(placement_distribution(pile, 1)) == {TileType.T: Fraction(2, 3), TileType.GATE: Fraction(1, 3)}
    # Once one omen is revealed the next one is placed: it keeps its own chance.
    assert dict(placement_distribution(pile, 0))[TileType.OMEN] == Fraction(1, 4)


def _unknown_order(path: Path, omens_out: int = 0):
    state = load_path(str(path))[0].state
    contents = counts.sub(state.pile.contents, counts.counts_from({"omen": omens_out}))
    return state.evolve(pile=Pile(layers=(contents,)))


def _placed_law(state, p: Fraction = Fraction(1), law: dict | None = None) -> dict[TileType, Fraction]:
    """Follow the engine's chance nodes (an omen drawn, set aside, another draw) to the tile in hand."""
    law = {} if law is None else law
    for action, q in chance_outcomes(state):
        after, _ = apply(state, action)
        step = after.pending.front
        if node_type(after) == "chance" and step.name == PLACE and step.hand is None:
            _placed_law(after, p * q, law)
        else:
            law[step.hand] = law.get(step.hand, Fraction(0)) + p * q
    return law


@pytest.mark.parametrize("omens_out", [0, 1])
def test_the_engine_chance_nodes_agree_with_the_placement_law(omens_out: int) -> None:
    state = _unknown_order(ROOT / "scenarios" / "omens" / "first-omen-set-aside.toml", omens_out)
    state, _ = apply(state, parse_action("move E", state.size))
    assert state.omens == 0 and any(t is TileType.OMEN for t, _ in draw_distribution(state.pile))
    engine = _placed_law(state)
    assert engine == dict(placement_distribution(state.pile, 1))
    assert engine == {k.tile_type: k.p_at_least_one for k in position_odds(state).kinds.values() if k.p_at_least_one}
    # Two omens: the second comes right behind the first (2/13 then 1/12) and is placed; one: never.
    assert engine.get(TileType.OMEN, 0) == (Fraction(1, 78) if omens_out == 0 else 0)


def test_position_odds_follow_the_countdown() -> None:
    state = _unknown_order(ROOT / "scenarios" / "omens" / "first-omen-set-aside.toml", 1)
    assert position_odds(state).kinds["omen"].p_at_least_one == 0
    revealed = state.evolve(omens=1, discarded=counts.bump(state.discarded, TileType.OMEN))
    assert position_odds(revealed).kinds["omen"].p_at_least_one == Fraction(1, 12)


def test_keepers_count_as_keys() -> None:
    """The advanced game has no key tiles: its keys come with the keepers."""
    pile = Pile(layers=(counts.counts_from({"t": 4, "keeper": 2}),))
    odds = pile_odds(pile, 2)
    assert odds.keys is not None
    assert odds.keys.in_pile == 2
    assert odds.keys.p_at_least_one == 1 - Fraction(4 * 3, 6 * 5)
    assert odds.keys.expected == Fraction(2, 3)


def test_odds_command_on_an_advanced_position() -> None:
    path = ROOT / "scenarios" / "rulebook" / "keeper-charge.toml"
    result = CliRunner().invoke(cli, ["odds", str(path), "--draws", "3", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["keys"]["in_pile"] == doc["kinds"]["keeper"]["in_pile"]
    text = CliRunner().invoke(cli, ["odds", str(path)])
    assert "any key" in text.output
