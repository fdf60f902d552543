"""One combat, solved: what can happen, the best card each side can be sure of, and the equilibrium in fractions.

A single combat is degenerate (the higher card wins, spending it costs
nothing here): :mod:`solver.dungeontwister.analysis.economy` weighs the cards a fight
spends. Here the payoff of an outcome is a number the caller gives (1 for the
attacker winning, 0 for a tie, -1 for the defender winning, unless told).

>>> from solver.dungeontwister.rules.duel import Side
>>> report = combat_report(Duel(Side(3, (0, 1, 2)), Side(4, (0, 1))))
>>> report.possibility, report.value
({'attacker': 'possible', 'tie': 'possible', 'defender': 'possible'}, Fraction(0, 1))
>>> report.attacker_maximin.play, report.attacker_maximin.worst
((2,), <Outcome.TIE: 0>)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solver.dungeontwister.analysis.games import Solution, Stage, solve_duel
from solver.dungeontwister.rules.duel import Duel, Outcome, Play, branches, outcome

DEFAULT_VALUES = (Fraction(1), Fraction(0), Fraction(-1))
"""The attacker's payoff when it wins, ties, loses."""


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class Guarantee:
    """A side's best pure play in the stage played: the worst outcome it can meet, and its payoff."""

    play: Play
    worst: Outcome
    payoff: Fraction


@dataclass(frozen=True)
class CombatReport:
    duel: Duel
    values: tuple[Fraction, Fraction, Fraction]
    possibility: dict[str, str]
    """Each outcome: ``certain`` (whatever both play), ``possible`` or ``impossible``."""
    value: Fraction
    solution: Solution
    attacker_maximin: Guarantee
    defender_maximin: Guarantee
    chances: dict[str, Fraction]
    """Each outcome's chance when both play the equilibrium mixes."""

    def as_json(self) -> dict[str, Any]:
        stage = self.solution.stage
        return {
            "attacker": {"base": self.duel.attacker.base, "cards": list(self.duel.attacker.hand)},
            "defender": {"base": self.duel.defender.base, "cards": list(self.duel.defender.hand)},
            "payoffs": {"attacker": fraction_text(self.values[0]), "tie": fraction_text(self.values[1]),
                        "defender": fraction_text(self.values[2])},
            "outcomes": self.possibility,
            "value": fraction_text(self.value),
            "value_float": float(self.value),
            "announced_cards": stage.branch.count,
            "named": stage.branch.named,
            "named_by": stage.branch.namer,
            "order": stage.order.value,
            "attacker_mix": _mix(stage.branch.attacker_plays, stage.attacker_mix),
            "defender_mix": _mix(stage.branch.defender_plays, stage.defender_mix),
            "chances": {k: fraction_text(v) for k, v in self.chances.items()},
            "attacker_maximin": _guarantee(self.attacker_maximin),
            "defender_maximin": _guarantee(self.defender_maximin),
            "certified": stage.game is not None or stage.order.value != "at_once",
        }


def _mix(plays: tuple[Play, ...], mix: tuple[Fraction, ...]) -> list[dict[str, Any]]:
    return [{"cards": list(play), "p": fraction_text(p)} for play, p in zip(plays, mix) if p]


def _guarantee(g: Guarantee) -> dict[str, Any]:
    return {"cards": list(g.play), "worst": g.worst.name.lower(), "payoff": fraction_text(g.payoff)}


def combat_report(duel: Duel, values: tuple[Fraction, Fraction, Fraction] = DEFAULT_VALUES) -> CombatReport:
    """Solve one combat with these payoffs (attacker wins, tie, defender wins; the attacker maximises)."""
    by_outcome = {Outcome.ATTACKER: values[0], Outcome.TIE: values[1], Outcome.DEFENDER: values[2]}

    def payoff(a: Play, d: Play) -> Fraction:
        return by_outcome[outcome(duel, a, d)]

    solution = solve_duel(duel, payoff)
    seen = {outcome(duel, a, d) for group in branches(duel) for b in group for a in b.attacker_plays for d in b.defender_plays}
    possibility = {o.name.lower(): ("certain" if seen == {o} else "possible" if o in seen else "impossible") for o in Outcome}
    stage = solution.stage
    return CombatReport(duel, values, possibility, solution.value, solution, _attacker_guarantee(duel, stage, payoff),
                        _defender_guarantee(duel, stage, payoff), _chances(duel, stage))


def _attacker_guarantee(duel: Duel, stage: Stage, payoff: Any) -> Guarantee:
    best: Guarantee | None = None
    for a in stage.branch.attacker_plays:
        worst_d = min(stage.branch.defender_plays, key=lambda d: (payoff(a, d), -outcome(duel, a, d)))
        g = Guarantee(a, outcome(duel, a, worst_d), payoff(a, worst_d))
        if best is None or g.payoff > best.payoff or (g.payoff == best.payoff and sum(a) < sum(best.play)):
            best = g
    assert best is not None
    return best


def _defender_guarantee(duel: Duel, stage: Stage, payoff: Any) -> Guarantee:
    best: Guarantee | None = None
    for d in stage.branch.defender_plays:
        worst_a = max(stage.branch.attacker_plays, key=lambda a: (payoff(a, d), outcome(duel, a, d)))
        g = Guarantee(d, outcome(duel, worst_a, d), payoff(worst_a, d))
        if best is None or g.payoff < best.payoff or (g.payoff == best.payoff and sum(d) < sum(best.play)):
            best = g
    assert best is not None
    return best


def _chances(duel: Duel, stage: Stage) -> dict[str, Fraction]:
    chances = {o.name.lower(): Fraction(0) for o in Outcome}
    for a, p in zip(stage.branch.attacker_plays, stage.attacker_mix):
        for d, q in zip(stage.branch.defender_plays, stage.defender_mix):
            if p and q:
                chances[outcome(duel, a, d).name.lower()] += p * q
    return chances
