"""Cards as data: actions from the closed vocabulary, grouped by round line.

The rulebook prints no card (docs/dead-cells.md): every card is entered by
the user. A card's effect is a list of :class:`Action` per round line, each
action one of the six verbs of p. 10 with its amount, its range (the set of
spaces it reaches) and the few qualifiers the rulebook shows.

>>> strike = Action(Verb.DAMAGE, 1, reach=frozenset({Space.R1, Space.R2}))
>>> strike.text()
'damage 1 (R1 R2)'
>>> Action(Verb.DAMAGE, 1, targets=2).text(), Action(Verb.STATE, state=StateKind.POISONED).text()
('damage 1 x2 targets', 'state poisoned')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from solver.deadcells.model.vocabulary import (
    SPACES,
    EnemyKind,
    EquipmentKind,
    LootKind,
    Only,
    Requirement,
    Round,
    Space,
    StateKind,
    Symbol,
    Trigger,
    Verb,
)


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a card line."""

    verb: Verb
    amount: int = 1
    """Damage tokens, shields, skill activations or damage healed (1 for a state or a loot)."""
    state: StateKind | None = None
    reach: frozenset[Space] = frozenset()
    """The spaces a prisoner's damage or state reaches (its range icon); empty for an enemy's action."""
    targets: int = 1
    """How many different targets it strikes (an enemy's « 1 dégât à 2 Prisonniers différents », p. 16)."""
    first_player: bool = False
    """An enemy's action on the First Player only (p. 7: the First Player icon)."""
    only: Only | None = None

    def text(self) -> str:
        words = [self.verb.value]
        if self.verb is Verb.STATE and self.state is not None:
            words.append(self.state.value)
        elif self.verb is not Verb.LOOT or self.amount != 1:
            words.append(str(self.amount))
        if self.targets > 1:
            words.append(f"x{self.targets} targets")
        if self.first_player:
            words.append("to the First Player")
        if self.only is not None:
            words.append(f"({self.only.value} only)")
        if self.reach:
            words.append("(" + " ".join(s.value for s in SPACES if s in self.reach) + ")")
        return " ".join(words)


Line = tuple[Action, ...]


def line_text(line: Line) -> str:
    return ", ".join(a.text() for a in line) if line else "nothing"


@dataclass(frozen=True, slots=True)
class Reward:
    """A death reward (p. 9, 12): loot for the bag, and damage to a prisoner of the group's choice."""

    loot: tuple[tuple[LootKind, int], ...] = ()
    damage: int = 0

    def text(self) -> str:
        parts = [f"{n} {kind.value}" for kind, n in self.loot]
        if self.damage:
            parts.append(f"{self.damage} damage to a prisoner")
        return ", ".join(parts) if parts else "nothing"


@dataclass(frozen=True, slots=True)
class CombatCard:
    """A prisoner's (or Serenade's) combat card: its test symbols and its lines 0 to III."""

    ident: str
    name: str
    symbols: tuple[Symbol, ...]
    lines: tuple[Line, Line, Line, Line]

    def line(self, round_: Round) -> Line:
        return self.lines[round_] if round_ <= Round.III else ()


@dataclass(frozen=True, slots=True)
class Stage:
    """One side of an enemy card: health, lines 0 to IV, immunities and death reward."""

    name: str
    health: int
    lines: tuple[Line, Line, Line, Line, Line]
    immunities: frozenset[StateKind] = frozenset()
    death: Reward = Reward()


@dataclass(frozen=True, slots=True)
class EnemyCard:
    """A monster, an elite, a boss (several stages: the two sides of its card, p. 14) or another enemy."""

    ident: str
    kind: EnemyKind
    stages: tuple[Stage, ...]
    elite: bool = False
    placement: Space | None = None
    """A special placement icon: the left space or the third space to the right (p. 8)."""

    @property
    def name(self) -> str:
        return self.stages[0].name

    @property
    def is_monster(self) -> bool:
        return self.kind is EnemyKind.MONSTER


@dataclass(frozen=True, slots=True)
class Equipment:
    """An equipment card (p. 12): timed ('/' replace or '+' add, in one round), a skill item, always active
    (a trigger), or a companion (health)."""

    ident: str
    name: str
    kind: EquipmentKind
    actions: Line = ()
    round: Round | None = None
    health: int = 0
    trigger: Trigger | None = None
    requires: Requirement | None = None


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill of a prisoner's board (left of a scroll marker): activated by a skill action, once a round (p. 11)."""

    ident: str
    name: str
    actions: Line


@dataclass(frozen=True, slots=True)
class Power:
    """A power of Serenade's board, chosen by a symbol of the prisoner's top discard (p. 18)."""

    symbol: Symbol
    round: Round
    actions: Line


@dataclass(frozen=True)
class Catalogue:
    """Every card a combat names, by id. Not part of a position's identity (positions of one combat share it)."""

    combat: Mapping[str, CombatCard] = field(default_factory=lambda: MappingProxyType({}))
    enemies: Mapping[str, EnemyCard] = field(default_factory=lambda: MappingProxyType({}))
    equipment: Mapping[str, Equipment] = field(default_factory=lambda: MappingProxyType({}))
    skills: Mapping[str, Skill] = field(default_factory=lambda: MappingProxyType({}))

    @staticmethod
    def of(combat: Mapping[str, CombatCard], enemies: Mapping[str, EnemyCard], equipment: Mapping[str, Equipment],
           skills: Mapping[str, Skill]) -> Catalogue:
        return Catalogue(MappingProxyType(dict(combat)), MappingProxyType(dict(enemies)),
                         MappingProxyType(dict(equipment)), MappingProxyType(dict(skills)))
