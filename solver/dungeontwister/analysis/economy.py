"""The card economy: which fights deserve the high cards, over a planned sequence of combats.

Combat cards never come back but the 0, so a card spent now is missing later.
Given both hands and a list of fights (who attacks, each side's value before
cards, the powers that change the card choice, and what each result is
worth), the sequence is solved by backward induction: at each fight, for
every pair of hands still possible, a zero-sum game whose payoff for a pair of
plays is the fight's result plus the value of the rest of the sequence with
the hands those plays leave. Values are exact fractions, for player 0 (player
1's is the opposite); each node's matrix game is certified (both players'
guarantees meet, :func:`solver.dungeontwister.matrix.certify`).

Nodes are remembered by (fight, hand 0, hand 1): hands are sorted tuples, so
equal hands reached by different plays are solved once; dominated plays are
dropped inside each matrix game before the simplex.

>>> plan = (Fight(0, 3, 3), Fight(0, 3, 3))
>>> answer = solve_economy(plan, ((0, 1, 5), (0, 1, 5)))
>>> answer.value, answer.nodes > 1
(Fraction(0, 1), True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from solver.base.errors import LimitReached, LueurError
from solver.dungeontwister.analysis.games import Solution, solve_duel
from solver.dungeontwister.analysis.odds import fraction_text
from solver.dungeontwister.rules.duel import MAX_FIGHTS, MAX_HAND, Fight, Hands, Outcome, Play, outcome, remaining

DEFAULT_MAX_NODES = 300_000
"""Nodes (fight, hand, hand) kept before the search stops: 4 fights of 9 cards keep about 3,500."""


class EconomyError(LueurError):
    """An economy question past the documented bounds, or with no fight: bad input."""


@dataclass
class _Search:
    fights: tuple[Fight, ...]
    max_nodes: int = DEFAULT_MAX_NODES
    memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], Fraction | int] = field(default_factory=dict)
    certified: int = 0
    sequential: int = 0

    def value(self, index: int, hands: Hands) -> Fraction | int:
        """The rest of the sequence's value for player 0, from fight ``index`` with these hands (an int when whole, so
        that the next node's entries add as integers)."""
        if index == len(self.fights):
            return 0
        key = (index, hands[0], hands[1])
        known = self.memo.get(key)
        if known is None:
            if len(self.memo) >= self.max_nodes:
                raise LimitReached(f"the card economy kept {self.max_nodes:,} nodes without finishing (max_nodes)")
            exact = self.solve(index, hands).value * (1 if self.fights[index].attacker == 0 else -1)
            known = self.memo[key] = exact.numerator if exact.denominator == 1 else exact
        return known

    def solve(self, index: int, hands: Hands) -> Solution:
        """The fight's game (in the attacker's terms) at these hands."""
        fight = self.fights[index]
        attacker = fight.attacker
        own, other = hands[attacker], hands[1 - attacker]
        duel = fight.duel(own, other)
        sign = 1 if attacker == 0 else -1
        points = {result: _whole(fight.points(result)) for result in Outcome}
        left: dict[tuple[int, Play], tuple[int, ...]] = {}

        def payoff(a: Play, d: Play) -> Fraction | int:
            kept_a = left.get((0, a))
            if kept_a is None:
                kept_a = left[(0, a)] = remaining(own, a)
            kept_d = left.get((1, d))
            if kept_d is None:
                kept_d = left[(1, d)] = remaining(other, d)
            after: Hands = (kept_a, kept_d) if attacker == 0 else (kept_d, kept_a)
            return points[outcome(duel, a, d)] + sign * self.value(index + 1, after)

        solution = solve_duel(duel, payoff)
        if solution.stage.game is not None:
            self.certified += 1
        else:
            self.sequential += 1
        return solution


def _whole(value: Fraction) -> Fraction | int:
    return value.numerator if value.denominator == 1 else value


@dataclass(frozen=True)
class EconomyAnswer:
    fights: tuple[Fight, ...]
    hands: Hands
    value: Fraction
    """For player 0: what it expects to gain over the sequence, minus what player 1 does, both playing best."""
    first: Solution
    """The first fight, solved with the rest of the sequence in its payoffs."""
    myopic: Solution
    """The first fight solved as if it were the last (its result alone): where the two differ, the future matters."""
    nodes: int
    certified: int
    """Nodes solved as a matrix game whose certificate held (both players' guarantees meet exactly)."""
    sequential: int
    """Nodes where one side sees the other's card (a maximin, no mix)."""

    def as_json(self) -> dict[str, Any]:
        def advice(solution: Solution) -> dict[str, Any]:
            stage = solution.stage
            return {"value": fraction_text(solution.value), "announced_cards": stage.branch.count, "named": stage.branch.named,
                    "order": stage.order.value,
                    "attacker_mix": [{"cards": list(p), "p": fraction_text(q)}
                                     for p, q in zip(stage.branch.attacker_plays, stage.attacker_mix) if q],
                    "defender_mix": [{"cards": list(p), "p": fraction_text(q)}
                                     for p, q in zip(stage.branch.defender_plays, stage.defender_mix) if q]}

        return {"value": fraction_text(self.value), "value_float": float(self.value), "for": "player 0",
                "hands": [list(self.hands[0]), list(self.hands[1])],
                "fights": [{"label": f.label, "attacker": f.attacker, "attacker_base": f.attacker_base,
                            "defender_base": f.defender_base, "win": fraction_text(f.win), "tie": fraction_text(f.tie),
                            "loss": fraction_text(f.loss)} for f in self.fights],
                "first_fight": advice(self.first), "first_fight_alone": advice(self.myopic),
                "nodes": self.nodes, "certified": self.certified, "sequential": self.sequential,
                "check": "every matrix node's row and column guarantees are equal (exact)"}


def solve_economy(fights: tuple[Fight, ...], hands: Hands, max_nodes: int = DEFAULT_MAX_NODES) -> EconomyAnswer:
    """Solve the sequence ``fights`` from ``hands``, exactly (see the module doc); the bounds are checked first."""
    if not 1 <= len(fights) <= MAX_FIGHTS:
        raise EconomyError(f"fights: {len(fights)} fights; 1 to {MAX_FIGHTS}")
    for player, hand in enumerate(hands):
        if len(hand) > MAX_HAND:
            raise EconomyError(f"hands: player {player} holds {len(hand)} cards; at most {MAX_HAND}")
    hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
    search = _Search(fights, max_nodes)
    first = search.solve(0, hands)
    value = first.value * (1 if fights[0].attacker == 0 else -1)
    alone = _Search((fights[0],)).solve(0, hands)
    return EconomyAnswer(fights, hands, value, first, alone, len(search.memo) + 1, search.certified, search.sequential)
