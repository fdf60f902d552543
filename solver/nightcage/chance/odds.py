"""Exact draw odds from a pile of known contents and unknown order.

For the next ``K`` tiles placed: for each tile type, the probability of at
least one and the expected number, and the same for the keys (key tiles and
keepers: a keeper carries a key); the risk that burning the next ``K`` tiles
(stays, penalties) leaves no gate or too few keys; and the risk that the next
attack's 3-tile penalty (2 with a Block) burns the last gate or a key the
group needs. Draws come from the top layer first (the opening stack lies on
the rest). An omen drawn for a placement is set aside and replaced by the next
tile, except the one that brings the Dirge (:func:`solver.nightcage.rules.draws.placed_count_law`);
burnt tiles are not replaced. Every figure is a ``fractions.Fraction``;
``tests/nightcage/chance/test_odds.py`` checks them against brute-force enumeration of pile orders.

>>> from solver.nightcage.model.counts import counts_from
>>> from solver.nightcage.model.state import Pile
>>> odds = pile_odds(Pile(layers=(counts_from({"t": 3, "gate": 1}),)), 2)
>>> str(odds.kinds["gate"].p_at_least_one), str(odds.kinds["t"].expected)
('1/2', '3/2')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import TILE_TYPES, Kind, TileType
from solver.nightcage.rules.draws import burn_distribution, omens_set_aside_first, placed_count_law, raw_count_law
from solver.nightcage.rules.outcome import keys_available


@dataclass(frozen=True)
class KindOdds:
    tile_type: TileType
    in_pile: int
    p_at_least_one: Fraction
    expected: Fraction

    def as_json(self) -> dict[str, Any]:
        return {
            "in_pile": self.in_pile,
            "p_at_least_one": float(self.p_at_least_one),
            "p_at_least_one_exact": _fraction(self.p_at_least_one),
            "expected": float(self.expected),
            "expected_exact": _fraction(self.expected),
        }


@dataclass(frozen=True)
class Risk:
    """A probability with what it is about."""

    text: str
    p: Fraction

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "p": float(self.p), "p_exact": _fraction(self.p)}


@dataclass(frozen=True)
class Odds:
    draws: int
    pile: int
    kinds: dict[str, KindOdds]
    risks: dict[str, Risk]
    keys: KindOdds | None = None
    """Key tiles and keepers together (a keeper carries a key); None when the pile holds neither."""
    omens_set_aside: int | None = 1
    """Omens drawn for placements set aside before one is placed (None: every one)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "draws": self.draws,
            "pile": self.pile,
            "kinds": {name: k.as_json() for name, k in self.kinds.items()},
            "keys": self.keys.as_json() if self.keys else None,
            "omens": _omen_note(self.omens_set_aside) if self.kinds.get("omen") else None,
            "risks": {name: r.as_json() for name, r in self.risks.items()},
        }


KEY_BEARING = frozenset({TileType.KEY, TileType.KEEPER})


def pile_odds(pile: Pile, draws: int, set_aside_first: int | None = 1) -> Odds:
    """Odds of each tile type among the next ``draws`` tiles placed from ``pile``.

    ``set_aside_first``: how many omens drawn are set aside (and replaced) before
    one is placed, None when every one is (1 in a new game: the first omen).
    """
    draws = max(0, min(draws, pile.count))
    kinds = {}
    for t in TILE_TYPES:
        n = pile.count_of(t)
        if n:
            kinds[t.value] = _kind_odds(t, n, placed_count_law(pile, draws, frozenset({t}), set_aside_first))
    keys = sum(pile.count_of(t) for t in KEY_BEARING)
    key_odds = _kind_odds(TileType.KEY, keys, placed_count_law(pile, draws, KEY_BEARING, set_aside_first)) if keys else None
    return Odds(draws, pile.count, kinds, {}, key_odds, set_aside_first)


def _kind_odds(tile_type: TileType, in_pile: int, law: dict[int, Fraction]) -> KindOdds:
    p_some = sum((p for k, p in law.items() if k > 0), Fraction(0))
    mean = sum((k * p for k, p in law.items()), Fraction(0))
    return KindOdds(tile_type, in_pile, p_some, mean)


def _omen_note(set_aside_first: int | None) -> str:
    if set_aside_first is None:
        return "the Dirge has come: every omen drawn for a placement is set aside and replaced by the next tile"
    if set_aside_first:
        return "the first omen drawn for a placement is set aside and replaced by the next tile; the second is placed"
    return "the next omen drawn for a placement is placed and brings the Dirge"


def position_odds(state: GameState, draws: int = 1, penalty: int = 3) -> Odds:
    """:func:`pile_odds` plus the risks to the gates and keys the group needs."""
    base = pile_odds(state.pile, draws, omens_set_aside_first(state))
    risks = {
        "burn_leaves_no_gate": Risk(
            f"burning the next {base.draws} tiles would leave no gate anywhere", _burn_risk(state, base.draws, _no_gate)
        ),
        "burn_leaves_too_few_keys": Risk(
            f"burning the next {base.draws} tiles would leave fewer keys than prisoners", _burn_risk(state, base.draws, _too_few_keys)
        ),
        "attack_burns_last_gate": Risk(
            f"the next attack's {penalty}-tile penalty burns the last gate", _burn_risk(state, penalty, _no_gate)
        ),
        "attack_burns_needed_key": Risk(
            f"the next attack's {penalty}-tile penalty burns a key the group needs", _burn_risk(state, penalty, _too_few_keys)
        ),
    }
    return Odds(base.draws, base.pile, base.kinds, risks, base.keys, base.omens_set_aside)


def count_law(pile: Pile, draws: int, type_index: int) -> dict[int, Fraction]:
    """The law of the number of tiles of one type among the next ``draws`` of the pile, as drawn (top layers first)."""
    return raw_count_law(pile, draws, frozenset({TILE_TYPES[type_index]}))


def _burn_risk(state: GameState, n: int, ruined: Any) -> Fraction:
    return sum((p for drawn, p in burn_distribution(state.pile, n) if ruined(state, drawn)), Fraction(0))


def _no_gate(state: GameState, burnt: Counts) -> bool:
    on_board = sum(1 for t in state.tiles if t is not None and t.kind is Kind.GATE)
    left = state.pile.count_of(TileType.GATE) - counts.get(burnt, TileType.GATE)
    return on_board + left == 0


def _too_few_keys(state: GameState, burnt: Counts) -> bool:
    lost = counts.get(burnt, TileType.KEY) + counts.get(burnt, TileType.KEEPER)
    return keys_available(state) - lost < len(state.prisoners)


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"
