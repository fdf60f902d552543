"""The group's best play of a combat: which cards, who passes, every target and recipient, with full information.

The objective is lexicographic: **no death**, then **least damage taken**
(the prisoners' damage at the end of the rounds less their damage at the
start), then **most kills** (boss stages count), then **most loot** (what the
bag gained, a potion drunk counting -1). The search is exhaustive over every
choice the rules leave to the group (``rules.engine.awaiting``), with a
table of positions already solved, so its answer is exact. Chance (the
top card of a deck of unknown order: Serenade's card in solo, a passer's
reveal) is averaged exactly: the value is then the chance of no death, the
expected damage, kills and loot, compared in that order, and the plan
branches on each card.

The plan stops where the rounds end (the upkeep, or a boss's manche: a boss
fight is planned one manche at a time). Before it is returned, every branch
of the plan is replayed through the engine and its outcome checked against
the value the search gave.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from fractions import Fraction

from solver.base.errors import LimitReached
from solver.base.limits import NO_LIMITS, Limits, max_positions
from solver.deadcells.model.state import Combat, Deck, StepKind
from solver.deadcells.model.vocabulary import Round
from solver.deadcells.notation.position import Loaded
from solver.deadcells.rules import engine
from solver.deadcells.rules.engine import Tally, rounds_done, tally

OBJECTIVE = "no death, then least damage taken, then most kills, then most loot"


class PlanError(RuntimeError):
    """The plan disagrees with the engine on replay: a bug, never the input's fault."""


@dataclass(frozen=True, slots=True)
class Value:
    """A combat's worth to the group: the chance nobody dies, the expected damage, kills and loot."""

    alive: Fraction
    damage: Fraction
    kills: Fraction
    loot: Fraction

    def key(self) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """Larger is better, in the objective's order."""
        return (self.alive, -self.damage, self.kills, self.loot)

    @staticmethod
    def of(t: Tally) -> Value:
        return Value(Fraction(int(t.deaths == 0)), Fraction(t.damage), Fraction(t.kills), Fraction(t.loot))

    def as_json(self) -> dict[str, object]:
        return {name: {"value": str(v), "float": float(v)} for name, v in
                (("no_death", self.alive), ("damage", self.damage), ("kills", self.kills), ("loot", self.loot))}

    def text(self) -> str:
        def f(x: Fraction) -> str:
            return str(x.numerator) if x.denominator == 1 else f"{x} ({float(x):.3f})"
        alive = "nobody dies" if self.alive == 1 else ("someone dies" if self.alive == 0 else f"nobody dies with chance {f(self.alive)}")
        return f"{alive}; damage taken {f(self.damage)}; kills {f(self.kills)}; loot {f(self.loot)}"


def _weighted(parts: list[tuple[Fraction, Value]]) -> Value:
    return Value(sum((p * v.alive for p, v in parts), Fraction(0)), sum((p * v.damage for p, v in parts), Fraction(0)),
                 sum((p * v.kills for p, v in parts), Fraction(0)), sum((p * v.loot for p, v in parts), Fraction(0)))


@dataclass(frozen=True)
class PlanNode:
    """The plan from one position: a leaf (the rounds are over), a decision (the choice, then the rest) or a chance
    (each outcome with its probability and the plan after it)."""

    kind: str
    value: Value
    question: str = ""
    choice: str = ""
    rest: PlanNode | None = None
    outcomes: tuple[tuple[str, Fraction, PlanNode], ...] = ()
    tally: Tally | None = None

    def as_json(self) -> dict[str, object]:
        if self.kind == "leaf":
            assert self.tally is not None
            return {"kind": "leaf", "outcome": self.tally.as_json()}
        if self.kind == "decision":
            assert self.rest is not None
            return {"kind": "decision", "question": self.question, "choice": self.choice, "next": self.rest.as_json()}
        return {"kind": "chance", "question": self.question,
                "outcomes": [{"option": o, "p": str(p), "plan": n.as_json()} for o, p, n in self.outcomes]}


@dataclass(frozen=True)
class Plan:
    value: Value
    root: PlanNode
    positions: int
    """Positions the search solved (its table's size)."""
    seconds: float

    @property
    def settled(self) -> bool:
        """No choice was left: the plan is the outcome of the combat as it stands."""
        return self.root.kind == "leaf"

    def line(self) -> list[str]:
        """The choices up to the first chance (the whole plan under full information)."""
        found, node = [], self.root
        while node.kind == "decision" and node.rest is not None:
            found.append(node.choice)
            node = node.rest
        return found

    def as_json(self) -> dict[str, object]:
        return {"objective": OBJECTIVE, "value": self.value.as_json(), "positions": self.positions,
                "line": self.line(), "plan": self.root.as_json(), "proven": True}


def _key(combat: Combat) -> Combat:
    """The position as the table knows it: once a passer has revealed its card, nothing in the combat reads its hand,
    deck, discard or scrolls again (it takes no part, p. 10), so every reveal shares one entry."""
    seat = combat.passer
    if seat is None or any(s.kind in (StepKind.REVEAL, StepKind.PASSER_SCROLL) for s in combat.pending):
        return combat
    passer = combat.prisoners[seat]
    return combat.with_prisoner(seat, replace(passer, hand=(), deck=Deck(), discard=(), scrolls=(0, 0, 0)))


class _Search:
    def __init__(self, limits: Limits) -> None:
        self.table: dict[Combat, tuple[Value, str | None]] = {}
        self.budget = max_positions(limits)
        self.max_nodes = limits.max_nodes
        self.deadline = None if limits.time_limit is None else time.monotonic() + limits.time_limit
        self.nodes = 0

    def child(self, combat: Combat, option: str) -> Combat:
        return engine.apply(combat, option, until=rounds_done)

    def value(self, combat: Combat) -> Value:
        if rounds_done(combat) or not combat.pending:
            return Value.of(tally(combat))
        key = _key(combat)
        known = self.table.get(key)
        if known is not None:
            return known[0]
        self._tick()
        asked = engine.awaiting(combat)
        assert asked is not None, "advance stops only at a choice or where the rounds end"
        choice: str | None = None
        if asked.is_chance:
            best = _weighted([(p, self.value(self.child(combat, o))) for o, p in zip(asked.options, asked.weights)])
        else:
            found: Value | None = None
            for option in asked.options:
                v = self.value(self.child(combat, option))
                if found is None or v.key() > found.key():
                    found, choice = v, option
            assert found is not None
            best = found
        self.table[key] = (best, choice)
        return best

    def _tick(self) -> None:
        self.nodes += 1
        if len(self.table) >= self.budget:
            raise LimitReached(f"the plan's search kept {self.budget:,} positions (its memory budget) without an answer")
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise LimitReached(f"the plan's search reached {self.max_nodes:,} positions without an answer")
        if self.deadline is not None and self.nodes % 256 == 0 and time.monotonic() > self.deadline:
            raise LimitReached("the plan's search ran out of time without an answer")

    def tree(self, combat: Combat) -> PlanNode:
        if rounds_done(combat) or not combat.pending:
            t = tally(combat)
            return PlanNode("leaf", Value.of(t), tally=t)
        value = self.value(combat)
        asked = engine.awaiting(combat)
        assert asked is not None
        if asked.is_chance:
            outcomes = tuple((o, p, self.tree(self.child(combat, o))) for o, p in zip(asked.options, asked.weights))
            return PlanNode("chance", value, asked.question, outcomes=outcomes)
        choice = self.table[_key(combat)][1]
        assert choice is not None
        return PlanNode("decision", value, asked.question, choice, self.tree(self.child(combat, choice)))


def plan(combat: Combat, limits: Limits = NO_LIMITS) -> Plan:
    """The best play from ``combat`` (a combat read and started), exact; replayed through the engine before it is
    returned. Where the rounds are over (or every choice was forced) the plan is that outcome, with no choice.
    LimitReached when a limit stops the search."""
    started = time.monotonic()
    search = _Search(limits)
    value = search.value(combat)
    root = search.tree(combat)
    verify(combat, root)
    if root.value != value:
        raise PlanError("the plan's tree and its value disagree")
    return Plan(value, root, len(search.table), time.monotonic() - started)


def verify(combat: Combat, node: PlanNode) -> Value:
    """Replay every branch of the plan through the engine; the value the replay gives, which must be the plan's."""
    if node.kind == "leaf":
        if not (rounds_done(combat) or not combat.pending) or tally(combat) != node.tally:
            raise PlanError(f"replaying the plan ends with {tally(combat)}, not {node.tally}")
        return node.value
    asked = engine.awaiting(combat)
    if asked is None:
        raise PlanError("replaying the plan: the engine awaits nothing where the plan has a choice")
    if node.kind == "decision":
        got = verify(engine.apply(combat, node.choice, until=rounds_done), node.rest)  # type: ignore[arg-type]
    else:
        if tuple(o for o, _, _ in node.outcomes) != asked.options:
            raise PlanError("replaying the plan: the chance outcomes differ from the engine's")
        got = _weighted([(p, verify(engine.apply(combat, o, until=rounds_done), n)) for o, p, n in node.outcomes])
    if got != node.value:
        raise PlanError(f"replaying the plan gives {got}, not {node.value}")
    return got


def announcement(combat: Combat, card_ident: str) -> str:
    """A suggested announcement for a card (p. 10: one action and its round): the first action it prints."""
    card = combat.cards.combat[card_ident]
    for r in (Round.ZERO, Round.I, Round.II, Round.III):
        for action in card.line(r):
            word = action.state.value if action.state is not None else action.verb.value
            return f"{word} in round {r.label}"
    return "nothing (the card prints no action)"


def plan_position(loaded: Loaded, limits: Limits = NO_LIMITS) -> Plan:
    """The plan of a position read: its choices replayed up to where the rounds end (not past them: the upkeep's
    forced steps would otherwise run), then the search from there."""
    combat = engine.start(loaded.initial, until=rounds_done)
    for choice in loaded.choices:
        combat = engine.apply(combat, choice, until=rounds_done)
    return plan(combat, limits)
