"""The combat position: immutable, hashable values.

A :class:`Combat` holds everything the rules read: the prisoners in seating
order (clockwise), the First Player, the enemies by space, the loot on the
group space and the group's bag, the round, and the steps still to run
(``pending``, front first), so that a combat stopped at any decision is plain
data. Cards are referred to by id; their contents sit in the
:class:`~solver.deadcells.model.cards.Catalogue`, shared and left out of the
position's identity. Every change makes a new value (``dataclasses.replace``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple

from solver.deadcells.model.cards import Action, Catalogue, Power
from solver.deadcells.model.rulings import DEFAULT, Rulings
from solver.deadcells.model.vocabulary import LOOT_KINDS, SPACES, STATE_INDEX, STATES, StateKind

NO_STATES = (0,) * len(STATES)
NO_LOOT = (0,) * len(LOOT_KINDS)


class Deck(NamedTuple):
    """A combat deck: the cards top first when ``ordered``, else a multiset (sorted) of unknown order."""

    cards: tuple[str, ...] = ()
    ordered: bool = True

    def __len__(self) -> int:
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class Prisoner:
    """A prisoner (or Serenade, in solo) and everything on its board."""

    name: str
    health: int
    """Hearts left of the maximum health marker: the damage that eliminates it."""
    damage: int = 0
    shields: int = 0
    states: tuple[int, ...] = NO_STATES
    """Tokens of each state, in :data:`STATES` order (Frozen tokens sit on card lines, see ``frozen``)."""
    immunities: frozenset[StateKind] = frozenset()
    equipment: tuple[str, ...] = ()
    companion_damage: tuple[tuple[str, int], ...] = ()
    """Damage on each companion still equipped."""
    skills: tuple[str, ...] = ()
    round0: tuple[Action, ...] = ()
    """Round 0 actions of the prisoner's board (p. 11: « autant d'actions de Ronde 0 qu'ils en ont »)."""
    hand: tuple[str, ...] = ()
    deck: Deck = Deck()
    discard: tuple[str, ...] = ()
    """Bottom first: the last is the top card."""
    played: tuple[str, ...] = ()
    """The active cards, in the order played."""
    frozen: tuple[frozenset[int], ...] = ()
    """Per active card, the rounds whose line carries a Frozen token."""
    announced: tuple[str, ...] = ()
    scrolls: tuple[int, int, int] = (0, 0, 0)
    """The three scroll markers (green, purple, red): spaces moved right this Run."""
    serenade: bool = False
    powers: tuple[Power, ...] = ()
    power: int = -1
    """The power Serenade activates this combat (an index in ``powers``), -1 for none."""
    board: str | None = None
    """Serenade's board card: her actions once her deck is empty (p. 18)."""
    dead: bool = False
    passed: bool = False

    def state_count(self, kind: StateKind) -> int:
        return self.states[STATE_INDEX[kind]]

    @property
    def alive(self) -> bool:
        return not self.dead


@dataclass(frozen=True, slots=True)
class Enemy:
    """An enemy card on a space, with its tokens."""

    card: str
    damage: int = 0
    shields: int = 0
    states: tuple[int, ...] = NO_STATES
    frozen: frozenset[int] = frozenset()
    """The rounds whose line carries a Frozen token."""
    stage: int = 0
    """The boss stage (the side of its card) showing."""

    def state_count(self, kind: StateKind) -> int:
        return self.states[STATE_INDEX[kind]]


class Actor(NamedTuple):
    """Who acts: an enemy (``slot`` its space), a prisoner's card (``seat``, ``slot`` the card played),
    a prisoner's board (``round0``), Serenade's ``power``, an ``item`` (``slot`` in the equipment), a ``skill``
    (``slot`` the card it was activated from), or a death ``reward`` (``slot`` the space it came from)."""

    kind: str
    seat: int = -1
    slot: int = 0


class StepKind(StrEnum):
    PLAY = "play"
    REVEAL = "reveal"
    PASSER_SCROLL = "passer_scroll"
    SERENADE_CARD = "serenade_card"
    POWER_SYMBOL = "power_symbol"
    START_ROUNDS = "start_rounds"
    ROUND = "round"
    POTIONS = "potions"
    ACTOR = "actor"
    TIMED = "timed"
    ACTION = "action"
    REWARD_DAMAGE = "reward_damage"
    END_ROUND = "end_round"
    FINAL = "final"
    ROUNDS_OVER = "rounds_over"
    GIVE = "give"
    UPKEEP = "upkeep"
    DRAW = "draw"
    NEW_MANCHE = "new_manche"


class Step(NamedTuple):
    """One step still to run. ``source`` names the card, item or skill an action comes from (for the trace)."""

    kind: StepKind
    round: int = -1
    actor: Actor | None = None
    action: Action | None = None
    source: str = ""
    extra: tuple[object, ...] = ()


class Phase(StrEnum):
    PLAY = "play"
    """Cards are being played (and the passer's card and Serenade's revealed)."""
    ROUNDS = "rounds"
    UPKEEP = "upkeep"
    OVER = "over"


class Boss(NamedTuple):
    """A boss fight's bookkeeping (p. 13-14): the manche, and who has passed in this cycle (4 players)."""

    manche: int = 1
    passed: frozenset[str] = frozenset()
    result: str | None = None
    """``won`` or ``lost`` once decided."""
    round0: bool = True
    """Whether this manche may open with round 0: the first manche, or a new stage of the boss (p. 13)."""


@dataclass(frozen=True)
class Combat:
    """A combat, from the cards' play to the end of its upkeep."""

    prisoners: tuple[Prisoner, ...]
    first: int
    """The First Player's seat."""
    enemies: tuple[Enemy | None, ...] = (None,) * len(SPACES)
    loot: tuple[int, ...] = NO_LOOT
    """On the group space, per loot kind."""
    bag: tuple[int, ...] = NO_LOOT
    """The group's bag (Besace), per loot kind."""
    passer: int | None = None
    round: int = -1
    phase: Phase = Phase.PLAY
    pending: tuple[Step, ...] = ()
    turn: int = -1
    """The golden-order rank of the actor resolving now (see ``rules.board.rank``)."""
    used_items: frozenset[tuple[int, str]] = frozenset()
    """Timed items used this round, by seat."""
    used_skills: frozenset[tuple[int, str]] = frozenset()
    """Scroll skills used this round, by seat."""
    kills: int = 0
    wall_void: str | None = None
    boss: Boss | None = None
    start_damage: int = 0
    """The prisoners' damage when the combat began (the plan counts the damage taken since)."""
    gained: int = 0
    """Loot the bag gained in this combat: tokens and cards looted or given by death rewards, less potions drunk."""
    rulings: Rulings = DEFAULT
    cards: Catalogue = field(default_factory=Catalogue, compare=False, hash=False, repr=False)

    def but(self, **changes: Any) -> Combat:
        """A copy with ``changes``: ``dataclasses.replace`` without its per-field work (the engine's hot path)."""
        assert changes.keys() <= COMBAT_FIELDS, sorted(changes.keys() - COMBAT_FIELDS)
        new = object.__new__(Combat)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def seat_of(self, name: str) -> int | None:
        for seat, prisoner in enumerate(self.prisoners):
            if prisoner.name == name:
                return seat
        return None

    def with_prisoner(self, seat: int, prisoner: Prisoner) -> Combat:
        return self.but(prisoners=self.prisoners[:seat] + (prisoner,) + self.prisoners[seat + 1:])

    def with_enemy(self, space: int, enemy: Enemy | None) -> Combat:
        return self.but(enemies=self.enemies[:space] + (enemy,) + self.enemies[space + 1:])

    @property
    def solo(self) -> bool:
        return any(p.serenade for p in self.prisoners)

    @property
    def players(self) -> int:
        """The number of players (Serenade is not one)."""
        return sum(1 for p in self.prisoners if not p.serenade)


COMBAT_FIELDS = frozenset(f.name for f in fields(Combat))
